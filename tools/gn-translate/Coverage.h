//===- Coverage.h - import coverage over sample folders -------*- C++ -*-===//
#ifndef GN_TOOLS_GNTRANSLATE_COVERAGE_H
#define GN_TOOLS_GNTRANSLATE_COVERAGE_H

#include "llvm/ADT/StringRef.h"
#include <string>
#include <vector>

namespace mlir::gn {

struct CoverageOptions {
  std::vector<std::string> roots; // folders searched recursively for model.py
  std::string logPath;            // JSON lines, one per sample, appended as they finish
  bool roundTrip = true;          // also check print -> parse -> print stability
  unsigned top = 30;              // blockers listed
  bool isolate = true;            // import each sample in a child process
  unsigned timeoutSeconds = 120;  // per sample, when isolated
  std::string dtypeVariant;       // ImportOptions::dtypeVariant ("": as extracted)
};

/// Imports every sample under the roots, prints progress and a summary
/// (samples ok / total, unsupported ops ranked by samples blocked).
/// Returns 0 when every sample imported.
int runCoverage(const CoverageOptions &options);

} // namespace mlir::gn

#endif
