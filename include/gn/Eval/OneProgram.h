//===- OneProgram.h - one program for all of a sample's shapes -*- C++ -*-===//
//
// `gn-eval one-program SAMPLE...`: the oracle of docs/symbolic-shapes.md.
// Each torch sample with GraphNet shape variants is imported once with its
// symbolic dims (ImportOptions::symbolic), at a compile example; then, for
// every variant, the one program runs eagerly on that variant's inputs beside
// the variant's own import, and the two outputs must agree bit for bit. A
// variant its own import refuses (as PyTorch would) is shown and not
// counted; a guard that refuses a variant its own import takes counts
// against the one program. With --compiled, the one program is also
// compiled once for the CPU and run at every variant (phase 3).
//
//===----------------------------------------------------------------------===//
#ifndef GN_EVAL_ONEPROGRAM_H
#define GN_EVAL_ONEPROGRAM_H

#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <string>

namespace mlir::gn::eval {

struct OneProgramOptions {
  uint64_t seed = 0;
  /// Run at most this many variants, the smallest by input elements first
  /// (0: all); the others are listed as not run.
  unsigned maxVariants = 0;
  /// Where each sample's record goes, one JSON line appended (empty: none).
  std::string outPath;
  /// Also compile the one program once for the CPU (phase 3) and run every
  /// variant through it, against the variant's own eager run at t = -5,
  /// beside the variant's own program compiled for its sizes: compile
  /// seconds and run times side by side ("compiled" in the record).
  bool compiled = false;
  /// Timed runs of each compiled program per variant (the median is kept).
  unsigned trials = 3;
};

/// Checks `path`, printing each variant's outcome on `out`. Returns 0 when
/// every variant its own import takes ran bit-identically through the one
/// program, 1 when one did not (a guard refused it, or its output differs),
/// 2 when there is no one program (no variants, the symbolic import fails).
int checkOneProgram(const std::string &path, const OneProgramOptions &options,
                    llvm::raw_ostream &out);

} // namespace mlir::gn::eval

#endif // GN_EVAL_ONEPROGRAM_H
