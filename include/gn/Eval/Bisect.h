//===- Bisect.h - find the ops where a compiled graph goes wrong -*- C++ -*-===//
//
// `gn-eval bisect SAMPLE --t T`: for a sample whose compiled output fails at
// t against the interpreter, finds the smallest contiguous range of ops (in
// the imported order) whose compiled execution, with every other op run by
// the interpreter, still fails; prints those ops with their source
// locations and writes the range as a standalone .mlir case.
//
//===----------------------------------------------------------------------===//
#ifndef GN_EVAL_BISECT_H
#define GN_EVAL_BISECT_H

#include "gn/Eval/HostInputs.h" // Synthesis
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <map>
#include <string>

namespace mlir::gn::eval {

struct BisectOptions {
  int t = -5;
  uint64_t seed = 0;
  /// How the inputs are drawn (fan-in: where a degenerate recheck missed).
  Synthesis inputs = Synthesis::GraphNet;
  std::string pipelineOptions; // gn-cpu-pipeline options of every compile
  /// GraphNet's dtype channel the sample is imported in (float16,
  /// bfloat16; empty: as extracted), as gn-eval run --dtype.
  std::string dtypeVariant;
  /// Where the failing range goes as a standalone .mlir (empty: nowhere).
  std::string casePath;
  /// A .mlir with symbolic dims run at these values of its shape symbols
  /// (empty: at its compile example), every piece too.
  std::map<std::string, int64_t> binding;
};

/// Bisects `path` (a GraphNet folder or a .mlir file), reporting each step
/// on `out`. Returns 0 when a failing range was found, 1 when the whole
/// compiled graph passes at t (nothing to bisect), 2 on an error (said on
/// `err`: the sample does not load, a piece does not compile, ...).
int bisectSample(const std::string &path, const BisectOptions &options, llvm::raw_ostream &out,
                 llvm::raw_ostream &err);

} // namespace mlir::gn::eval

#endif // GN_EVAL_BISECT_H
