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

#include "gn/Eval/Records.h" // tightestT, attributeMiss
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

} // namespace mlir::gn::eval

#endif // GN_EVAL_FP64REFERENCE_H
