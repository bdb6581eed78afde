//===- Report.h - one self-contained HTML report of several runs -*- C++ -*-===//
//
// `gn-eval report RESULTS... -o report.html`: S(t) and ES(t) curves of every
// run on one plot, log2-speedup distributions per run, a per-category table,
// failures grouped by class and message, the slowest samples and the longest
// compiles. Inline SVG and CSS only: no script, no network, opens anywhere.
//
//===----------------------------------------------------------------------===//
#ifndef GN_EVAL_REPORT_H
#define GN_EVAL_REPORT_H

#include "gn/Eval/Score.h"
#include <string>
#include <vector>

namespace mlir::gn::eval {

/// One curve: a results file (gn's JSON lines or any GraphNet log).
struct ReportRun {
  std::string name;
  std::vector<SampleRecord> records;
};

struct ReportOptions {
  ScoreOptions score;
  std::string title = "gn evaluation report";
  /// The t at which correctness is reported in the tables.
  int tableT = -5;
};

/// The category of a sample: graph_net.json's "heuristic_tag" (torch
/// samples: computer_vision, nlp, audio, multimodal, other), else from the
/// Paddle suite in its path (PaddleNLP: nlp, PaddleX: computer_vision,
/// PaddleScience: science), else "untagged".
/// A shape variant's record ("<path>@shape<K>") is its sample's category.
std::string sampleCategory(const std::string &samplePath);

std::string renderReport(const std::vector<ReportRun> &runs, const ReportOptions &options);

} // namespace mlir::gn::eval

#endif // GN_EVAL_REPORT_H
