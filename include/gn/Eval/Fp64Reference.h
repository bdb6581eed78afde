//===- Fp64Reference.h - the function computed in f64 ----------*- C++ -*-===//
//
// `gn-eval run --reference fp64`: the interpreter runs the sample once more
// with every floating tensor in f64 (gn-promote-to-f64) on the same inputs
// (widened exactly), and each f32 side is compared with that result. When
// the compiled side misses eager at t = -5, this says which of the two
// drifted from the truth, or that both are as far from it.
//
//===----------------------------------------------------------------------===//
#ifndef GN_EVAL_FP64REFERENCE_H
#define GN_EVAL_FP64REFERENCE_H

#include "gn/Interpreter/DTypeConversion.h"
#include "mlir/IR/BuiltinOps.h"
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace mlir::gn::eval {

/// Runs `forward` of `module` (not modified) promoted to f64 on `args`, and
/// rounds each output back to the dtype of `like[i]` (the f32 outputs it is
/// compared with; rounding the exact result costs at most half an ulp).
/// Errors are diagnostics on the module's context, summed up in `error`.
FailureOr<std::vector<interp::HostTensor>>
runFp64Reference(ModuleOp module, llvm::ArrayRef<interp::HostTensor> args,
                 llvm::ArrayRef<interp::HostTensor> like, std::string &error);

/// The tightest t of a `correct_at` map ("-10".."1" -> bool): the smallest
/// t from which every larger t passes, or 2 when t = 1 fails.
int tightestT(const nlohmann::json &correctAt);

/// One sentence attributing a miss of compiled vs eager from each side's
/// tightest t against the f64 result.
std::string attributeMiss(int eagerT, int compiledT);

} // namespace mlir::gn::eval

#endif // GN_EVAL_FP64REFERENCE_H
