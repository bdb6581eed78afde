//===- GraphNetLog.cpp - GraphNet harness logs, written and read ---------===//
//
// THE FORMAT, as GraphNet 1dcbd6690 writes and reads it (files of
// PaddlePaddle/GraphNet; read, not copied):
//   graph_net_bench/torch/test_compiler.py   test_single_model: the order of
//     the lines; compare_correctness; get_cmp_* ("1 0" per output, max/mean
//     of |a - b| per output); the failure lines.
//   graph_net_bench/test_compiler_util.py    print_with_log_prompt
//     ("<prompt> <key> <value>"), print_basic_config, check_output_datatype
//     ("[DataType] eager:[...] compiled:[...] match:True"),
//     calculate_tolerance_pair(-10, 5): per t, for f16, bf16, f32, f64,
//     rtol = 10^(t*k/5) (k = 3, 1.796, 5.886, 7) and atol = 10^t (f64:
//     10^(7t/5)), each rounded to 3 significant digits, the key being
//     "[all_close_atol_%.2E_rtol_%.2E]"; print_times_and_speedup
//     ([Performance][eager|compiled]: JSON with an "e2e" object of median,
//     iqr, mean, std, min, max in ms; [Speedup][e2e]: eager / compiled
//     median).
//   graph_net_bench/analysis_util.py         parse_logs_to_data (a sample
//     starts at each line holding "[Processing]"; its path is that line's
//     last word), the regexes of parse_single_sample_log_to_data,
//     detect_sample_status and check_sample_correctness:
//       no "[Datatype][eager]" line       -> eager_fail
//       no "[Datatype][compiled]" line    -> compile_fail
//       no "[Shape] .. match:True" line
//         and no all_close line           -> shape_mismatch
//       no "[DataType] .. match:True"     -> type_mismatch
//       a line holding "Exception:" or
//         "Error:"                        -> runtime_fail
//       else correct, and correct at t when every output's key for its eager
//       dtype at t (get_precision; "[equal]" for non-float dtypes) reads 1;
//       the output count is the length of the "[equal]" list.
//   graph_net_bench/datatype_tolerance_config.py  get_precision.
// The classes map onto gn's: eager_fail -> eager_error, compile_fail ->
// compile_error, shape/type mismatch and runtime_fail -> runtime_error (a
// mismatch also sets `mismatch`: mismatch_extended's level 2),
// correct (accurate or not) -> ok with correct_at for t = -10..4.
//
// What gn writes where GraphNet's torch runner would print something else:
// a compiled-side failure is printed as GraphNet's Paddle runner and
// detect_sample_status see it (the torch runner prints no [Datatype] line
// then, which its reader takes for an eager failure); the error message
// follows as "<class>Error: message" so that the class survives the round
// trip. Speedups are printed with 9 significant digits (GraphNet: 5
// decimals), so a score read back from the log equals the JSONL one.
// NaN positions where both sides are NaN count as equal, as everywhere in gn
// (torch.allclose would fail them).
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/GraphNetLog.h"
#include "gn/Eval/Tolerance.h"

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <regex>
#include <sstream>

using namespace mlir::gn;
using namespace mlir::gn::eval;
using json = nlohmann::json;

namespace {

std::string format(const char *fmt, double v) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), fmt, v);
  return buf;
}

/// calculate_tolerance_pair's (atol, rtol) for family f at t, as the key
/// the harness prints.
std::string writerKey(int f, int t) {
  static const double k[] = {3, 1.796, 5.886, 7};
  double rtol = std::pow(10.0, t * k[f] / 5);
  double atol = f == 3 ? std::pow(10.0, t * 7.0 / 5) : std::pow(10.0, (double)t);
  double a = std::stod(format("%.3g", atol)), r = std::stod(format("%.3g", rtol));
  return "[all_close_atol_" + format("%.2E", a) + "_rtol_" + format("%.2E", r) + "]";
}

/// get_precision's key for an output of GraphNet dtype `dtype` at t.
std::string readerKey(const std::string &dtype, int t) {
  double e1, e2;
  if (dtype == "float16")
    e1 = 3.0 / 5, e2 = 1;
  else if (dtype == "bfloat16")
    e1 = 1.796 / 5, e2 = 1;
  else if (dtype == "float32")
    e1 = 5.886 / 5, e2 = 1;
  else if (dtype == "float64")
    e1 = 7.0 / 5, e2 = 7.0 / 5;
  else
    return "[equal]";
  double rtol = std::pow(10.0, t * e1), atol = std::pow(10.0, t * e2);
  return "[all_close_atol_" + format("%.2E", atol) + "_rtol_" + format("%.2E", rtol) + "]";
}

std::string graphNetDtype(const std::string &gnName) {
  if (auto d = interp::dtypeNamed(gnName))
    return graphNetDtypeName(*d);
  return gnName;
}

/// {"e2e": {median, iqr, mean, std, min, max}} from a gn timing object.
json performance(const json &timing) {
  json e2e = json::object();
  for (auto [from, to] : {std::pair<const char *, const char *>{"median_ms", "median"},
                          {"iqr_ms", "iqr"},
                          {"mean_ms", "mean"},
                          {"std_ms", "std"},
                          {"min_ms", "min"},
                          {"max_ms", "max"}})
    if (timing.contains(from) && timing[from].is_number())
      e2e[to] = timing[from];
  return json{{"e2e", e2e}};
}

std::string join(const std::vector<std::string> &xs, const char *sep = " ") {
  std::string out;
  for (size_t i = 0; i < xs.size(); ++i)
    out += (i ? sep : "") + xs[i];
  return out;
}

/// "['float32', 'int64']", as Python prints a list of str.
std::string pyList(const std::vector<std::string> &xs) {
  std::string out = "[";
  for (size_t i = 0; i < xs.size(); ++i)
    out += (i ? ", '" : "'") + xs[i] + "'";
  return out + "]";
}

/// "ErrorClassError: message": the record's error as a log line that makes
/// GraphNet's reader see a runtime failure, with gn's class kept.
std::string errorLine(const json &record, const char *kind) {
  std::string message = record.value("error", "");
  for (char &c : message)
    if (c == '\n')
      c = ' ';
  return std::string(kind) + "Error: " + message;
}

} // namespace

std::string eval::graphNetModelName(const std::string &sampleDir) {
  namespace fs = std::filesystem;
  fs::path dir = fs::path(sampleDir).lexically_normal();
  if (dir.filename().empty())
    dir = dir.parent_path();
  std::ifstream f(dir / "graph_net.json");
  if (f) {
    json j = json::parse(f, nullptr, false);
    if (j.is_object() && j.contains("model_name") && j["model_name"].is_string())
      return j["model_name"];
  }
  static const std::regex subgraph("^subgraph(_\\d+)?$");
  std::string last = dir.filename().string();
  if (std::regex_match(last, subgraph) && dir.has_parent_path())
    return dir.parent_path().filename().string();
  return last;
}

std::string eval::graphNetLogLines(const json &record, const GraphNetLogConfig &config) {
  std::ostringstream out;
  auto line = [&](const std::string &key, const std::string &value) {
    out << config.prompt << " " << key << " " << value << "\n";
  };
  std::string sample = record.value("sample", "");
  line("[Processing]", sample);
  line("[Config] model:", graphNetModelName(sample));
  line("[Config] device:", config.device);
  line("[Config] hardware:", config.hardware.empty() ? "unknown" : config.hardware);
  line("[Config] compiler:", config.compiler);
  line("[Config] warmup:", std::to_string(config.warmup));
  line("[Config] trials:", std::to_string(config.trials));
  line("[Config] compile_framework_version:", config.version.empty() ? "unknown" : config.version);

  std::string status = record.value("status", "");
  std::vector<std::string> dtypes;
  const json outputs = record.contains("outputs") && record["outputs"].is_array()
                           ? record["outputs"]
                           : json::array();
  for (const json &o : outputs)
    dtypes.push_back(graphNetDtype(o.value("dtype", "?")));
  auto failed = [&](const char *side) {
    line("[Result] status:", "failed");
    out << config.prompt << " [Fail due to " << side << " model execution error.]\n";
  };
  if (status == "eager_error") {
    out << errorLine(record, "Eager") << "\n";
    failed("eager");
    return out.str();
  }
  line("[Datatype][eager]:", join(dtypes));
  if (status == "compile_error") {
    out << errorLine(record, "Compile") << "\n";
    failed("compiled");
    return out.str();
  }
  line("[Datatype][compiled]:", join(dtypes));
  line("[DataType]", "eager:" + pyList(dtypes) + " compiled:" + pyList(dtypes) + " match:True");
  bool shapesMatch = true;
  for (const json &o : outputs)
    shapesMatch &= o.value("shape_dtype_match", false);
  if (status != "ok") { // crashed or timed out after compiling
    line("[Shape]", "eager:[] compiled:[] match:True");
    out << errorLine(record, "Runtime") << "\n";
    failed("compiled");
    return out.str();
  }
  if (!shapesMatch) {
    line("[Shape]", "eager:[] compiled:[] match:False");
    failed("compiled");
    return out.str();
  }
  std::vector<std::string> equal, maxDiff, meanDiff;
  for (const json &o : outputs) {
    equal.push_back(o.value("equal", false) ? "1" : "0");
    maxDiff.push_back(format("%.9g", o.value("max_abs_diff", 0.0)));
    meanDiff.push_back(format("%.9g", o.value("mean_abs_diff", 0.0)));
  }
  line("[Correctness][equal]:", join(equal));
  for (int t = kLogMinT; t <= kLogMaxT; ++t)
    for (int f = 0; f < 4; ++f) {
      std::vector<std::string> bits;
      std::string family = graphNetDtypeName(kLogFamilies[f]);
      for (const json &o : outputs) {
        int from = kLogMaxT + 1;
        if (o.contains("allclose_from_t") && o["allclose_from_t"].contains(family))
          from = o["allclose_from_t"][family].get<int>();
        bits.push_back(t >= from ? "1" : "0");
      }
      line("[Correctness]" + writerKey(f, t) + ":", join(bits));
    }
  line("[Correctness][max_diff]:", join(maxDiff));
  line("[Correctness][mean_diff]:", join(meanDiff));
  line("[Result] status:", "success");
  if (record.contains("eager") && record["eager"].is_object())
    line("[Performance][eager]:", performance(record["eager"]).dump());
  if (record.contains("compiled") && record["compiled"].is_object())
    line("[Performance][compiled]:", performance(record["compiled"]).dump());
  if (record.contains("speedup") && record["speedup"].is_number())
    line("[Speedup][e2e]:", format("%.9g", record["speedup"].get<double>()));
  return out.str();
}

bool eval::looksLikeGraphNetLog(const std::string &text) {
  return text.find("[Processing]") != std::string::npos && text.find("{\"") != 0;
}

namespace {

/// One [Processing] block, read by analysis_util's rules.
struct Block {
  std::string path;
  std::map<std::string, std::vector<double>> correctness;
  std::vector<std::string> eagerDtypes;
  std::optional<double> speedup, eagerMs, compiledMs;
  std::string error;
  bool eagerOk = false, compiledOk = false, shapeMatch = false, typeMatch = false,
       runtimeFail = false;
};

SampleRecord toRecord(const Block &b) {
  SampleRecord r;
  r.sample = b.path;
  r.error = b.error;
  r.eagerMs = b.eagerMs;
  r.compiledMs = b.compiledMs;
  if (!b.eagerOk) {
    r.status = Status::EagerError;
    return r;
  }
  if (!b.compiledOk) {
    r.status = Status::CompileError;
    return r;
  }
  if (!b.shapeMatch || !b.typeMatch || b.runtimeFail) {
    r.status = Status::RuntimeError;
    // GraphNet's order (detect_sample_status): shape, then type, then a
    // runtime failure. mismatch_extended scores the first two a level below.
    if (!b.shapeMatch)
      r.mismatch = "shape_mismatch";
    else if (!b.typeMatch)
      r.mismatch = "type_mismatch";
    return r;
  }
  r.status = Status::Ok;
  r.speedup = b.speedup;
  auto equal = b.correctness.find("[equal]");
  size_t outputs = equal == b.correctness.end() ? 0 : equal->second.size();
  for (int t = kMinT; t <= kMaxScoredT; ++t) {
    bool ok = true;
    for (size_t i = 0; i < outputs && ok; ++i) {
      std::string dtype = i < b.eagerDtypes.size() ? b.eagerDtypes[i] : "";
      auto it = b.correctness.find(readerKey(dtype, t));
      ok = it != b.correctness.end() && it->second.size() > i && it->second[i] != 0;
    }
    r.correctAt[t] = ok;
  }
  return r;
}

} // namespace

bool eval::parseGraphNetLog(const std::string &source, const std::string &text,
                            std::vector<SampleRecord> &out, std::string &error) {
  static const std::regex processing(R"(\[Processing\] (.+))");
  static const std::regex datatype(R"(\[Datatype\]\[(\w+)\]: (.+))");
  static const std::regex correctness(R"(\[Correctness\](\[.+\]): (.+))");
  static const std::regex speedup(R"(\[Speedup\]\[(\w+)\]: (.+))");
  static const std::regex performance(R"(\[Performance\]\[(\w+)\]: (.+))");
  std::istringstream in(text);
  std::string line;
  std::optional<Block> block;
  size_t before = out.size();
  unsigned lineNo = 0;
  while (std::getline(in, line)) {
    ++lineNo;
    std::smatch m;
    if (line.find("[Processing]") != std::string::npos) {
      if (block)
        out.push_back(toRecord(*block));
      block = Block();
      std::istringstream words(line);
      for (std::string w; words >> w;)
        block->path = w;
      continue;
    }
    if (!block)
      continue; // lines before the first sample
    if (line.find("[Datatype][eager]") != std::string::npos)
      block->eagerOk = true;
    else if (line.find("[Datatype][compiled]") != std::string::npos)
      block->compiledOk = true;
    else if (line.find("[Shape]") != std::string::npos &&
             line.find("match:True") != std::string::npos)
      block->shapeMatch = true;
    else if (line.find("[DataType]") != std::string::npos &&
             line.find("match:True") != std::string::npos)
      block->typeMatch = true;
    else if (line.find("all_close") != std::string::npos)
      block->shapeMatch = block->eagerOk = block->compiledOk = true;
    if (line.find("Exception:") != std::string::npos || line.find("Error:") != std::string::npos) {
      block->runtimeFail = true;
      if (block->error.empty())
        block->error = line.substr(0, line.find_last_not_of("\r\n") + 1);
    }
    if (std::regex_search(line, m, performance)) {
      json perf = json::parse(m[2].str(), nullptr, false);
      if (perf.is_object() && perf.contains("e2e") && perf["e2e"].is_object() &&
          perf["e2e"].contains("median") && perf["e2e"]["median"].is_number())
        (m[1] == "eager" ? block->eagerMs : block->compiledMs) =
            perf["e2e"]["median"].get<double>();
    }
    if (std::regex_search(line, m, datatype)) {
      if (m[1] == "eager") {
        block->eagerDtypes.clear();
        std::istringstream words(m[2].str());
        for (std::string w; words >> w;)
          block->eagerDtypes.push_back(w);
      }
    } else if (std::regex_search(line, m, correctness)) {
      std::vector<double> values;
      std::istringstream words(m[2].str());
      for (std::string w; words >> w;) {
        char *end = nullptr;
        double v = std::strtod(w.c_str(), &end);
        if (end == w.c_str() || *end != '\0') {
          error = source + ":" + std::to_string(lineNo) + ": bad number '" + w + "' in " +
                  m[1].str();
          return false;
        }
        values.push_back(v);
      }
      block->correctness[m[1].str()] = values;
    } else if (std::regex_search(line, m, speedup)) {
      if (m[1] == "e2e") {
        char *end = nullptr;
        std::string v = m[2].str();
        double s = std::strtod(v.c_str(), &end);
        if (end == v.c_str()) {
          error = source + ":" + std::to_string(lineNo) + ": bad speedup '" + v + "'";
          return false;
        }
        block->speedup = s;
      }
    }
  }
  if (block)
    out.push_back(toRecord(*block));
  if (out.size() == before) {
    error = source + ": no [Processing] line: not a GraphNet log";
    return false;
  }
  return true;
}
