//===- Score.cpp - GraphNet's S(t) and ES(t) scores ----------------------===//
//
// DEFINITIONS (reproduced from GraphNet's own code; the report is
// "GraphNet: A Large-Scale Computational Graph Dataset for Tensor Compiler
// Research", arXiv:2510.24035, §3.2 with Appendices B and C, which the code's
// docstrings cite. The report text itself was not available here, so every
// formula below is taken from the code of PaddlePaddle/GraphNet.)
// Files read (repository paths; several files moved from graph_net/ to
// graph_net_bench/ over time, the definitions did not change):
//   graph_net_bench/analysis_util.py    calculate_scores, check_sample_
//                                       correctness (per-sample S/ES)
//   graph_net/samples_statistics.py     calculate_alpha/beta/lambda/eta/pi/
//                                       gamma, calculate_{s,es}_t_from_
//                                       aggregated (macro form)
//   graph_net/verify_aggregated_params.py  ToleranceReportBuilder (freeze at
//                                       t = 1, empty set)
//   graph_net/default_positive_tolerance_interpretation.py  (classes, T_c)
//   graph_net/macro_statistics.py, graph_net/analysis_util.py (older:
//                                       fake_perf_degrad, indicator
//                                       [t < 1, t < 3]), graph_net/plot_St.py
//
// Samples i = 1..N, tolerance t (integer; GraphNet evaluates t = -10..4:
// graph_net_bench/test_compiler_util.py logs allclose for
// calculate_tolerance_pair(-10, 5), and samples_statistics.determine_tolerances
// returns range(-10, num_errno_enum_values() + 2) = -10..4).
//
// Error class of sample i at t (report §3.2.2; DefaultPositiveTolerance-
// Interpretation.get_errno in graph_net/default_positive_tolerance_
// interpretation.py): 1 accuracy (ran, outputs not allclose at t), 2 runtime
// crash (everything that is neither accuracy nor compile failure, including
// eager failures), 3 compile failure. Correct = no error at t.
//
// Rectified speedup (graph_net_bench/analysis_util.py, calculate_scores):
//   r_i(t) = b                  if sample i has an error at t
//          = s_i^(p+1)          if correct and s_i < 1   (slowdown)
//          = s_i                if correct and s_i >= 1
// with defaults p = 0 ("--negative-speedup-penalty") and b = 0.1 ("--fpdb"),
// the defaults of plot_St.py / plot_ESt.py / calculate_es_scores.py.
//
// S(t) = geomean_i r_i(t)                                  (per-sample form)
//      = alpha^lambda * beta^(lambda*eta*p) * b^(1-lambda)     (macro form,
//        samples_statistics.calculate_s_t_from_aggregated, "Appendix B")
// where, over the M samples correct at t, K of which have s_i < 1:
//   alpha  = geomean of s_i over the M correct samples (1 if M = 0)
//   beta   = geomean of s_i over the K slowdowns        (1 if K = 0)
//   lambda = M / N,  eta = K / M (0 if M = 0).
// The two forms are equal: prod r_i = prod_correct s_i * prod_slow s_i^p *
// b^(N-M); taking the N-th root gives the macro form.
// GraphNet plots S(t) for t <= 0 only (graph_net/plot_St.py keeps t_key <= 0),
// so computeScores leaves S unset for t > 0.
//
// ES(t) (calculate_scores type "ESt"; aggregated form in
// samples_statistics.calculate_gamma / calculate_es_t_from_aggregated,
// "Appendix C"; driver graph_net_bench/verify_aggregated_params.py):
//   t <= 0: ES(t) = S(t) (gamma_t = b: "if tolerance <= 0: return b").
//   t >= 1: every sample's state is FROZEN AT t = 1 (is_correct_at_t1,
//     speedup_at_t1, fail_type_at_t1; select_statistics_for_calculation uses
//     the t = 1 statistics, and pi is computed once at t = 1). Per sample:
//       correct at t = 1            -> rectified speedup as above
//       error of class c at t = 1   -> 1 if t >= T_c (error tolerated), else b
//     with T_1 = 1 (accuracy), T_2 = 3 (runtime), T_3 = 3 (compile)
//     (the report's text instead tolerates runtime crashes from t = 2:
//     `gn-eval score --errno-rule report`, ScoreOptions::ErrnoRule)
//     (get_tolerance_mapping; is_error_tolerated). Macro form:
//       ES(t) = alpha^lambda * beta^(lambda*eta*p) * gamma_t^(1-lambda)
//       gamma_t = b^( sum_c pi_c * [t < T_c] ),  pi_c = (#class c)/(N - M)
//     with alpha, beta, lambda, eta, pi all taken at t = 1, and gamma_t = 1
//     when N = M (calculate_pi returns all zeros). So gamma_1 = gamma_2 =
//     b^(pi_2 + pi_3) and gamma_t = 1 for t >= 3.
//   Eager (reference) failures: GraphNet's per-sample rule
//     (is_error_tolerated: "Eager/Reference failures are never tolerated")
//     keeps them at b for every t (at 1dcbd6690 that test is commented out
//     in the default interpretation, so eager_fail counts as a runtime
//     failure there; the mismatch-extended interpretation keeps it), while
//     its aggregated gamma maps them to
//     errno 2 (tolerated from t = 3) and its older fake_perf_degrad
//     (graph_net/analysis_util.py) tolerated them from t = 3 too. We follow
//     the per-sample rule, which is what plot_ESt.py plots, and give eager
//     failures their own pi with T = never so the macro form stays equal to
//     the per-sample form; ScoreOptions::tolerateEagerErrorsFromT3 selects the
//     older behaviour.
//
// HOW t > 0 IS TREATED HERE, AND WHERE WE DIFFER. GraphNet freezes at t = 1
// using the real allclose result at t = 1 (atol = 10, rtol = 10^(5.886/5) for
// fp32: very loose). gn's results.jsonl records correctness for t in
// [-10, 0] only, so the frozen state uses correct_at["1"] when a record has
// it (exactly GraphNet) and otherwise correct_at["0"] (the gn design's
// "correctness taken at t = 0"). Tolerances are nested (atol and rtol grow
// with t), so a sample correct at 0 is correct at 1; the two rules differ
// only for a sample that fails at 0 and passes at 1: GraphNet counts its
// rectified speedup for every t >= 1, the fallback counts it as an accuracy
// error (b at t <= 0 as in GraphNet, 1 = tolerated for t >= 1). Write
// correct_at["1"] to get GraphNet's numbers exactly. (isCorrectAt generalises
// this: for t > 0 without an entry it uses the entry at the largest recorded
// t' in [0, t).)
//
// EDGE CASES (documented conventions, GraphNet's where it has one):
//   - N = 0: alpha = beta = 1, lambda = eta = 0, gamma = b, S = ES = b
//     (verify_aggregated_params.ToleranceReportBuilder._empty_report; the
//     per-sample forms return b too, where scipy's gmean([]) would give NaN).
//   - M = 0 (nothing correct): alpha = beta = 1 (empty product), eta = 0, so
//     S = b and ES = gamma_t.
//   - An "ok" sample whose speedup is missing, non-finite or <= 0 counts as a
//     runtime crash (class 2) when its outputs are correct, and as an
//     accuracy error when they are not (GraphNet checks correctness first;
//     a correct sample without a speedup crashes its newest code and counted
//     as b in older code).
//   - An "ok" sample without a correct_at entry for t <= 0 is incorrect at t
//     (get_correctness returns False for a missing key).
//   - Speedup exactly 1 is not a slowdown (GraphNet tests speedup < 1).
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/Score.h"
#include "gn/Eval/GraphNetLog.h"

#include <nlohmann/json.hpp>

#include <climits>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <iomanip>
#include <map>

using namespace mlir::gn::eval;

const char *mlir::gn::eval::statusName(Status status) {
  switch (status) {
  case Status::Ok: return "ok";
  case Status::EagerError: return "eager_error";
  case Status::RuntimeError: return "runtime_error";
  case Status::CompileError: return "compile_error";
  }
  return "ok";
}

bool mlir::gn::eval::parseStatus(const std::string &name, Status &out) {
  for (Status s : {Status::Ok, Status::EagerError, Status::RuntimeError,
                   Status::CompileError}) {
    if (name == statusName(s)) {
      out = s;
      return true;
    }
  }
  return false;
}

bool mlir::gn::eval::isCorrectAt(const SampleRecord &record, int t) {
  for (int u = t;; --u) {
    auto it = record.correctAt.find(u);
    if (it != record.correctAt.end())
      return it->second;
    if (u <= 0)
      return false;
  }
}

namespace {
bool hasValidSpeedup(const SampleRecord &r) {
  return r.speedup && std::isfinite(*r.speedup) && *r.speedup > 0;
}

/// The rectified speedup of a sample that counts as correct.
double rectify(double s, double p) { return s < 1 ? std::pow(s, p + 1) : s; }

/// Counts over the samples at one tolerance, for the macro form.
struct Stats {
  size_t n = 0, correct = 0, slow = 0;
  double sumLogCorrect = 0, sumLogSlow = 0;
  size_t classCount[6] = {0, 0, 0, 0, 0, 0}; // indexed by ErrorClass
};

Stats collect(const std::vector<SampleRecord> &records, int t, const ScoreOptions &options) {
  Stats st;
  st.n = records.size();
  for (const SampleRecord &r : records) {
    ErrorClass c = classify(r, t, options);
    ++st.classCount[static_cast<int>(c)];
    if (c != ErrorClass::None)
      continue;
    double s = *r.speedup;
    ++st.correct;
    st.sumLogCorrect += std::log(s);
    if (s < 1) {
      ++st.slow;
      st.sumLogSlow += std::log(s);
    }
  }
  return st;
}

const ErrorClass kErrorClasses[] = {ErrorClass::Accuracy, ErrorClass::Runtime,
                                    ErrorClass::Compile, ErrorClass::Eager,
                                    ErrorClass::Mismatch};
} // namespace

ErrorClass mlir::gn::eval::classify(const SampleRecord &record, int t) {
  switch (record.status) {
  case Status::EagerError: return ErrorClass::Eager;
  case Status::RuntimeError: return ErrorClass::Runtime;
  case Status::CompileError: return ErrorClass::Compile;
  case Status::Ok: break;
  }
  if (!isCorrectAt(record, t))
    return ErrorClass::Accuracy;
  if (!hasValidSpeedup(record))
    return ErrorClass::Runtime;
  return ErrorClass::None;
}

ErrorClass mlir::gn::eval::classify(const SampleRecord &record, int t,
                                    const ScoreOptions &options) {
  ErrorClass c = classify(record, t);
  // A mismatch is gn's accuracy failure with NaN/Inf/shape/type recorded,
  // or a GraphNet log's shape_mismatch/type_mismatch (a runtime failure
  // under the default scheme).
  if ((c == ErrorClass::Accuracy || c == ErrorClass::Runtime) && !record.mismatch.empty() &&
      options.scheme == ScoreOptions::Scheme::MismatchExtended)
    return ErrorClass::Mismatch;
  return c;
}

bool mlir::gn::eval::parseScheme(const std::string &name, ScoreOptions &options) {
  if (name == "default") {
    options.scheme = ScoreOptions::Scheme::Default;
    options.tMax = kMaxScoredT;
  } else if (name == "mismatch_extended") {
    options.scheme = ScoreOptions::Scheme::MismatchExtended;
    options.tMax = kMaxScoredT + 1; // range(-10, 4 levels + 2)
  } else {
    return false;
  }
  return true;
}

bool mlir::gn::eval::parseErrnoRule(const std::string &name, ScoreOptions &options) {
  if (name == "code")
    options.errnoRule = ScoreOptions::ErrnoRule::Code;
  else if (name == "report")
    options.errnoRule = ScoreOptions::ErrnoRule::Report;
  else
    return false;
  return true;
}

int mlir::gn::eval::toleratedFrom(ErrorClass cls, const ScoreOptions &options) {
  if (options.scheme == ScoreOptions::Scheme::MismatchExtended) {
    switch (cls) {
    case ErrorClass::None: return INT_MIN;
    case ErrorClass::Accuracy: return 1;
    case ErrorClass::Mismatch: return 2;
    case ErrorClass::Runtime: return 3;
    case ErrorClass::Compile: return 4;
    case ErrorClass::Eager: return INT_MAX; // "never tolerated"
    }
    return INT_MAX;
  }
  switch (cls) {
  case ErrorClass::Mismatch: // not a class of its own: a runtime failure
    return options.errnoRule == ScoreOptions::ErrnoRule::Report ? 2 : 3;
  case ErrorClass::None: return INT_MIN;
  case ErrorClass::Accuracy: return 1;
  case ErrorClass::Runtime:
    return options.errnoRule == ScoreOptions::ErrnoRule::Report ? 2 : 3;
  case ErrorClass::Compile: return 3;
  case ErrorClass::Eager:
    return options.tolerateEagerErrorsFromT3 ? 3 : INT_MAX;
  }
  return INT_MAX;
}

std::vector<ScoreRow>
mlir::gn::eval::computeScores(const std::vector<SampleRecord> &records,
                              const ScoreOptions &options) {
  std::vector<ScoreRow> rows;
  const double p = options.p, b = options.b;
  const Stats frozen = collect(records, kFreezeTolerance, options);
  for (int t = options.tMin; t <= options.tMax; ++t) {
    ScoreRow row;
    row.t = t;
    if (records.empty()) {
      row.alpha = row.beta = 1;
      row.lambda = row.eta = 0;
      row.gamma = b;
      if (t <= 0)
        row.S = b;
      row.ES = b;
      rows.push_back(row);
      continue;
    }
    const Stats st = t <= 0 ? collect(records, t, options) : frozen;
    const double n = static_cast<double>(st.n);
    const double m = static_cast<double>(st.correct);
    const double k = static_cast<double>(st.slow);
    row.alpha = st.correct ? std::exp(st.sumLogCorrect / m) : 1.0;
    row.beta = st.slow ? std::exp(st.sumLogSlow / k) : 1.0;
    row.lambda = m / n;
    row.eta = st.correct ? k / m : 0.0;
    if (t <= 0) {
      row.gamma = b;
    } else {
      double errors = n - m, exponent = 0;
      if (errors > 0)
        for (ErrorClass c : kErrorClasses)
          if (t < toleratedFrom(c, options))
            exponent +=
                static_cast<double>(st.classCount[static_cast<int>(c)]) /
                errors;
      row.gamma = std::pow(b, exponent);
    }
    const double common = std::pow(row.alpha, row.lambda) *
                          std::pow(row.beta, row.lambda * row.eta * p);
    if (t <= 0)
      row.S = common * std::pow(b, 1 - row.lambda);
    row.ES = common * std::pow(row.gamma, 1 - row.lambda);
    rows.push_back(row);
  }
  return rows;
}

double
mlir::gn::eval::speedupScorePerSample(const std::vector<SampleRecord> &records,
                                      int t, const ScoreOptions &options) {
  if (records.empty())
    return options.b;
  double sumLog = 0;
  for (const SampleRecord &r : records) {
    double rect = classify(r, t) == ErrorClass::None
                      ? rectify(*r.speedup, options.p)
                      : options.b;
    sumLog += std::log(rect);
  }
  return std::exp(sumLog / static_cast<double>(records.size()));
}

double mlir::gn::eval::errorAwareSpeedupScorePerSample(
    const std::vector<SampleRecord> &records, int t,
    const ScoreOptions &options) {
  if (t <= 0)
    return speedupScorePerSample(records, t, options);
  if (records.empty())
    return options.b;
  double sumLog = 0;
  for (const SampleRecord &r : records) {
    ErrorClass c = classify(r, kFreezeTolerance, options);
    double rect;
    if (c == ErrorClass::None)
      rect = rectify(*r.speedup, options.p);
    else
      rect = t >= toleratedFrom(c, options) ? 1.0 : options.b;
    sumLog += std::log(rect);
  }
  return std::exp(sumLog / static_cast<double>(records.size()));
}

//===----------------------------------------------------------------------===//
// results.jsonl
//===----------------------------------------------------------------------===//

namespace {
/// Parses a decimal integer key such as "-10" or "0"; no exceptions.
bool parseIntKey(const std::string &s, int &out) {
  size_t i = 0;
  bool neg = false;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) {
    neg = s[i] == '-';
    ++i;
  }
  if (i == s.size() || s.size() - i > 4)
    return false;
  int v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9')
      return false;
    v = v * 10 + (s[i] - '0');
  }
  out = neg ? -v : v;
  return true;
}

bool isBlank(const std::string &line) {
  for (char c : line)
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n')
      return false;
  return true;
}

/// Parses one line's object into `rec`; on error sets `what`.
bool parseRecord(const nlohmann::json &j, SampleRecord &rec,
                 std::string &what) {
  if (!j.is_object()) {
    what = "expected a JSON object";
    return false;
  }
  auto sample = j.find("sample");
  if (sample == j.end()) {
    what = "missing key 'sample'";
    return false;
  }
  if (!sample->is_string()) {
    what = "key 'sample' must be a string";
    return false;
  }
  rec.sample = sample->get<std::string>();

  auto status = j.find("status");
  if (status == j.end()) {
    what = "missing key 'status'";
    return false;
  }
  if (!status->is_string()) {
    what = "key 'status' must be a string";
    return false;
  }
  std::string statusText = status->get<std::string>();
  if (!parseStatus(statusText, rec.status)) {
    what = "invalid status '" + statusText +
           "' (expected ok, eager_error, runtime_error or compile_error)";
    return false;
  }

  rec.speedup.reset();
  auto speedup = j.find("speedup");
  if (speedup != j.end() && !speedup->is_null()) {
    if (!speedup->is_number()) {
      what = "key 'speedup' must be a number or null";
      return false;
    }
    rec.speedup = speedup->get<double>();
  }

  rec.framework.clear();
  auto framework = j.find("framework");
  if (framework != j.end() && framework->is_string())
    rec.framework = framework->get<std::string>();

  rec.error = j.contains("error") && j["error"].is_string() ? j["error"].get<std::string>() : "";
  if (j.contains("error_class") && j["error_class"].is_string())
    rec.errorClass = j["error_class"].get<std::string>();
  auto median = [&](const char *side) -> std::optional<double> {
    if (j.contains(side) && j[side].is_object() && j[side].contains("median_ms") &&
        j[side]["median_ms"].is_number())
      return j[side]["median_ms"].get<double>();
    return std::nullopt;
  };
  rec.eagerMs = median("eager");
  rec.compiledMs = median("compiled");
  rec.mismatch = j.contains("mismatch") && j["mismatch"].is_string()
                     ? j["mismatch"].get<std::string>()
                     : "";
  rec.channel = j.contains("dtype_variant") && j["dtype_variant"].is_string()
                    ? j["dtype_variant"].get<std::string>()
                    : "float32";
  if (j.contains("shape_variant"))
    rec.channel += "+shapes";
  rec.sampleCompiles.reset();
  if (j.contains("one_program") && j["one_program"].is_object() &&
      j["one_program"].contains("compiles") && j["one_program"]["compiles"].is_number_integer())
    rec.sampleCompiles = j["one_program"]["compiles"].get<int>();
  rec.compileSeconds.reset();
  if (j.contains("compile_seconds") && j["compile_seconds"].is_number())
    rec.compileSeconds = j["compile_seconds"].get<double>();

  rec.correctAt.clear();
  auto correct = j.find("correct_at");
  if (correct != j.end() && !correct->is_null()) {
    if (!correct->is_object()) {
      what = "key 'correct_at' must be an object";
      return false;
    }
    for (auto it = correct->begin(); it != correct->end(); ++it) {
      int t = 0;
      if (!parseIntKey(it.key(), t) || t < kMinT || t > kMaxScoredT) {
        what = "correct_at key '" + it.key() + "' is not an integer tolerance in [" +
               std::to_string(kMinT) + ", " + std::to_string(kMaxScoredT) + "]";
        return false;
      }
      if (!it.value().is_boolean()) {
        what = "correct_at['" + it.key() + "'] must be a boolean";
        return false;
      }
      rec.correctAt[t] = it.value().get<bool>();
    }
  }
  return true;
}
} // namespace

bool mlir::gn::eval::parseResults(const std::string &path,
                                  const std::string &text,
                                  std::vector<SampleRecord> &out,
                                  std::string &error) {
  std::istringstream in(text);
  std::string line;
  for (unsigned lineNo = 1; std::getline(in, line); ++lineNo) {
    if (isBlank(line))
      continue;
    nlohmann::json j = nlohmann::json::parse(line, nullptr,
                                             /*allow_exceptions=*/false);
    std::string what;
    SampleRecord rec;
    if (j.is_discarded())
      what = "invalid JSON";
    else if (!parseRecord(j, rec, what)) {
      // `what` set by parseRecord.
    } else {
      out.push_back(std::move(rec));
      continue;
    }
    error = path + ":" + std::to_string(lineNo) + ": " + what;
    return false;
  }
  return true;
}

bool mlir::gn::eval::readResults(const std::string &path,
                                 std::vector<SampleRecord> &out,
                                 std::string &error) {
  std::ifstream file(path, std::ios::binary);
  if (!file) {
    error = path + ": cannot open file";
    return false;
  }
  std::ostringstream buffer;
  buffer << file.rdbuf();
  if (file.bad()) {
    error = path + ": read error";
    return false;
  }
  std::string text = buffer.str();
  if (looksLikeGraphNetLog(text))
    return parseGraphNetLog(path, text, out, error);
  return parseResults(path, text, out, error);
}

//===----------------------------------------------------------------------===//
// Formatting
//===----------------------------------------------------------------------===//

bool mlir::gn::eval::isScoreFormat(const std::string &format) {
  return format == "table" || format == "json" || format == "markdown";
}

namespace {
std::string fixed(double v, int precision = 4) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.*f", precision, v);
  return buf;
}

std::string padLeft(const std::string &s, size_t width) {
  return s.size() >= width ? s : std::string(width - s.size(), ' ') + s;
}
} // namespace

std::string mlir::gn::eval::formatScores(const std::vector<ScoreRow> &rows,
                                         const std::string &format) {
  static const char *const kHeader[] = {"t",   "alpha", "beta",  "lambda",
                                        "eta", "S",     "gamma", "ES"};
  auto cells = [](const ScoreRow &r) {
    return std::vector<std::string>{
        std::to_string(r.t), fixed(r.alpha), fixed(r.beta),
        fixed(r.lambda),     fixed(r.eta),   r.S ? fixed(*r.S) : "-",
        fixed(r.gamma),      fixed(r.ES)};
  };
  std::string out;
  if (format == "json") {
    nlohmann::ordered_json array = nlohmann::ordered_json::array();
    for (const ScoreRow &r : rows) {
      nlohmann::ordered_json o;
      o["t"] = r.t;
      o["alpha"] = r.alpha;
      o["beta"] = r.beta;
      o["lambda"] = r.lambda;
      o["eta"] = r.eta;
      o["S"] = r.S ? nlohmann::ordered_json(*r.S) : nlohmann::ordered_json();
      o["gamma"] = r.gamma;
      o["ES"] = r.ES;
      array.push_back(std::move(o));
    }
    return array.dump(2) + "\n";
  }
  if (format == "table") {
    const size_t widths[] = {4, 10, 10, 8, 8, 10, 8, 10};
    for (size_t i = 0; i < 8; ++i)
      out += (i ? " " : "") + padLeft(kHeader[i], widths[i]);
    out += "\n";
    for (const ScoreRow &r : rows) {
      std::vector<std::string> c = cells(r);
      for (size_t i = 0; i < 8; ++i)
        out += (i ? " " : "") + padLeft(c[i], widths[i]);
      out += "\n";
    }
    return out;
  }
  if (format == "markdown") {
    out += "|";
    for (const char *h : kHeader)
      out += std::string(" ") + h + " |";
    out += "\n|";
    for (size_t i = 0; i < 8; ++i)
      out += " ---: |";
    out += "\n";
    for (const ScoreRow &r : rows) {
      out += "|";
      for (const std::string &c : cells(r))
        out += " " + c + " |";
      out += "\n";
    }
    return out;
  }
  return "";
}

mlir::gn::eval::ProgramCount mlir::gn::eval::programCount(const std::vector<SampleRecord> &records) {
  struct PerSample {
    std::optional<int> compiles;
    int variants = 0, compiledVariants = 0;
  };
  std::map<std::string, PerSample> bySample;
  for (const SampleRecord &r : records) {
    size_t at = r.sample.rfind("@shape");
    if (at == std::string::npos)
      continue;
    PerSample &p = bySample[r.sample.substr(0, at)];
    ++p.variants;
    p.compiledVariants += r.compileSeconds.has_value();
    if (r.sampleCompiles)
      p.compiles = std::max(p.compiles.value_or(0), *r.sampleCompiles);
  }
  ProgramCount count;
  double total = 0;
  for (const auto &[sample, p] : bySample) {
    int compiles = p.compiles.value_or(p.compiledVariants);
    if (compiles == 0)
      continue; // no variant reached a compile (no variants, all refused eagerly)
    ++count.samples;
    count.variants += p.variants;
    count.compiledOnce += compiles == 1;
    total += compiles;
  }
  if (count.samples)
    count.meanCompiles = total / count.samples;
  return count;
}

std::string mlir::gn::eval::programCountLine(const std::vector<SampleRecord> &records) {
  ProgramCount c = programCount(records);
  if (!c.samples)
    return "";
  std::ostringstream os;
  os << c.samples << " samples, " << c.variants << " variants: " << c.compiledOnce
     << " compiled once; " << std::fixed << std::setprecision(2) << c.meanCompiles
     << " programs per sample";
  return os.str();
}
