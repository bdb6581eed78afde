//===- GraphNetLog.h - GraphNet harness logs, written and read --*- C++ -*-===//
//
// GraphNet's harness (graph_net_bench/torch/test_compiler.py) prints one
// block of "<prompt> [Key] value" lines per sample, and its analysis code
// (graph_net_bench/analysis_util.py, parse_logs_to_data) reads them back:
// its plot scripts draw one S(t) / ES(t) curve per log file. gn writes such a
// log from its result records (`gn-eval run --graphnet-log`), so GraphNet's
// own tools plot gn's runs, and reads any compiler's log into the records it
// scores (`gn-eval score run.log`), by GraphNet's parsing rules. The rules,
// as read from GraphNet 1dcbd6690, are written down in GraphNetLog.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef GN_EVAL_GRAPHNETLOG_H
#define GN_EVAL_GRAPHNETLOG_H

#include "gn/Eval/Score.h"
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace mlir::gn::eval {

/// GraphNet's default log prompt.
constexpr const char *kGraphNetLogPrompt = "graph-net-test-compiler-log";

/// The [Config] lines of a run.
struct GraphNetLogConfig {
  std::string prompt = kGraphNetLogPrompt;
  std::string compiler = "gn";
  std::string device = "cpu";
  std::string hardware;
  std::string version;
  int warmup = 0, trials = 0;
};

/// GraphNet's model name of a sample folder: graph_net.json's "model_name",
/// else the folder's name (its parent's for a `subgraph_N` folder).
std::string graphNetModelName(const std::string &sampleDir);

/// The log lines of one gn-eval result record (a compiled-mode record: the
/// eager side is GraphNet's "eager", gn's compiled side its "compiled").
std::string graphNetLogLines(const nlohmann::json &record, const GraphNetLogConfig &config);

/// Whether `text` is a GraphNet log (has a "[Processing]" line) rather than
/// gn's JSON lines.
bool looksLikeGraphNetLog(const std::string &text);

/// Parses a GraphNet log (any compiler's) into records, one per
/// "[Processing]" block. `source` names the file in messages.
bool parseGraphNetLog(const std::string &source, const std::string &text,
                      std::vector<SampleRecord> &out, std::string &error);

} // namespace mlir::gn::eval

#endif // GN_EVAL_GRAPHNETLOG_H
