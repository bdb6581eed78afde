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

#include "gn/Eval/Runner.h"
#include "gn/Import/GraphNet/ShapeVariants.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/Support/raw_ostream.h"
#include <cstdint>
#include <memory>
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

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

/// A sample imported once with its symbolic dims: the one program.
struct OneProgramImport {
  /// The symbolic import; null when there is none (`status`, `error` say why:
  /// no_example, no_example_imports, not_symbolic).
  std::unique_ptr<LoadedSample> loaded;
  /// Its compile example: -1 the extracted shapes, else a variant's index.
  int example = -2;
  std::string exampleLabel; // "S0=2,S1=7"
  /// The factors every variant's symbols share, assumed by the import
  /// where they place fewer guards ("32*s1"; "" none).
  std::string factors;
  int64_t guards = 0; // gn.specialize ops: dims that could not stay symbolic
  std::string status, error;
};

/// Imports `path` (a torch sample with these shape variants, in this dtype
/// channel: "" as extracted) with its symbolic dims at the first compile
/// example that suits: the extracted shapes, else a variant whose symbols
/// are each at least 2 and all different.
OneProgramImport importOneProgram(const std::string &path,
                                  const std::vector<ShapeVariant> &variants,
                                  const std::string &dtypeVariant = "");

/// Where a dim could not stay symbolic: a gn.specialize's line, its dims
/// with their expressions and sizes, and whether it pins an int the model
/// takes as fixed (its result read by nothing).
struct GuardSite {
  std::string loc, dims;
  bool pinnedInt = false;
};
std::vector<GuardSite> guardSites(func::FuncOp forward);
/// The same as a record's "guard_sites" array.
nlohmann::json guardSitesRecord(func::FuncOp forward);

/// Checks `path`, printing each variant's outcome on `out`. Returns 0 when
/// every variant its own import takes ran bit-identically through the one
/// program, 1 when one did not (a guard refused it, or its output differs),
/// 2 when there is no one program (no variants, the symbolic import fails).
int checkOneProgram(const std::string &path, const OneProgramOptions &options,
                    llvm::raw_ostream &out);

} // namespace mlir::gn::eval

#endif // GN_EVAL_ONEPROGRAM_H
