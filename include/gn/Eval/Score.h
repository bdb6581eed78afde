//===- Score.h - GraphNet's S(t) and ES(t) scores ---------------*- C++ -*-===//
//
// GraphNet's Speedup Score S(t) and Error-aware Speedup Score ES(t), computed
// from per-sample results (results.jsonl). Plain C++17, no MLIR or LLVM
// dependency, no exceptions. The exact definitions, their sources and the
// edge-case conventions are written down at the top of lib/Eval/Score.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef GN_EVAL_SCORE_H
#define GN_EVAL_SCORE_H

#include "gn/Eval/Tolerance.h"
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace mlir::gn::eval {

/// Outcome of one sample. `Ok` means eager and compiled both ran; whether the
/// outputs agree at tolerance t is in `SampleRecord::correctAt`.
enum class Status { Ok, EagerError, RuntimeError, CompileError };

/// "ok", "eager_error", "runtime_error", "compile_error".
const char *statusName(Status status);
/// Inverse of statusName; false for any other string.
bool parseStatus(const std::string &name, Status &out);

struct SampleRecord {
  std::string sample;
  Status status = Status::Ok;
  std::optional<double> speedup; // T_eager / T_compiled, set when status == Ok
  std::map<int, bool> correctAt; // t in [-10, 0] (optionally up to 4) -> ok
  std::string framework;         // "torch", "paddle"; empty when not recorded
  // What reports show besides the score, when the results say it.
  std::string error;                     // the failure's message
  std::string errorClass;                // "out of memory", when the results say
  std::optional<double> eagerMs, compiledMs; // median time per forward
  std::optional<double> compileSeconds;
  /// "nan", "inf", "shape_mismatch", "type_mismatch": the compiled outputs
  /// have what the reference does not ("" otherwise).
  std::string mismatch;
  /// GraphNet's channel: "float32", "float16", "bfloat16" (dtype_variant),
  /// with "+shapes" for a shape variant's record ("float32+shapes").
  std::string channel = "float32";
  /// A shape variant's record under one program (gn-eval run --shapes): how
  /// many programs its sample's variants took in all (1: compiled once).
  std::optional<int> sampleCompiles;
};

/// Programs compiled per sample over shape-variant records (the "+shapes"
/// channels): a sample is its records' name before "@shape"; its compiles
/// are what its records' one_program says, else one per variant that was
/// compiled (gn-eval run --one-program=false). Samples none of whose
/// variants reached a compile are not counted.
struct ProgramCount {
  size_t samples = 0, variants = 0;
  size_t compiledOnce = 0; // samples whose variants all ran one program
  double meanCompiles = 0; // programs per sample
};
ProgramCount programCount(const std::vector<SampleRecord> &records);
/// "3 samples, 7 variants: 2 compiled once; 1.67 programs per sample" ("":
/// no shape-variant records).
std::string programCountLine(const std::vector<SampleRecord> &records);

/// One row of the score table. For t <= 0 alpha/beta/lambda/eta describe the
/// samples correct at t; for t >= 1 they are frozen at t = 1 (GraphNet).
/// S is only defined for t <= 0 (GraphNet plots S(t) for t <= 0 only).
struct ScoreRow {
  int t = 0;
  double alpha = 1, beta = 1, lambda = 0, eta = 0;
  std::optional<double> S;
  double gamma = 0.1, ES = 0.1;
};

struct ScoreOptions {
  double p = 0; // negative-speedup penalty: a slowdown s < 1 counts as s^(p+1)
  double b = 0.1; // failure penalty ("fpdb"): a failed sample counts as b
  int tMin = kMinT, tMax = kMaxScoredT;
  /// GraphNet's per-sample ES never tolerates an eager (reference) failure
  /// (DefaultPositiveToleranceInterpretation.is_error_tolerated); its older
  /// fake_perf_degrad and its aggregated gamma tolerate it from t = 3 like a
  /// runtime crash. false = never (default), true = from t = 3.
  bool tolerateEagerErrorsFromT3 = false;
  /// When an error counts as tolerated for ES(t > 0). Code: GraphNet's code
  /// (DefaultPositiveToleranceInterpretation: accuracy from t = 1, runtime
  /// crashes and compile failures from t = 3). Report: the GraphNet
  /// report's text (runtime crashes from t = 2; the rest as Code).
  enum class ErrnoRule { Code, Report } errnoRule = ErrnoRule::Code;
  /// GraphNet's error schemes (graph_net_bench/*_positive_tolerance_
  /// interpretation.py). Default: 3 levels (accuracy; runtime, NaN, Inf and
  /// mismatches alike; compile). MismatchExtended: 4 levels, each tolerated
  /// from its own t: accuracy 1, NaN/Inf/type/shape mismatch 2, runtime 3,
  /// compile 4; eager failures never; t runs to 5.
  enum class Scheme { Default, MismatchExtended } scheme = Scheme::Default;
};

/// "default" or "mismatch_extended" -> options.scheme (and tMax); false
/// for any other name.
bool parseScheme(const std::string &name, ScoreOptions &options);

/// "code" or "report" -> options.errnoRule; false for any other name.
bool parseErrnoRule(const std::string &name, ScoreOptions &options);

/// Error class of a sample at tolerance t (GraphNet report §3.2.2 numbering:
/// 1 accuracy, 2 runtime crash, 3 compile failure; eager failures are kept
/// apart because GraphNet treats them differently, see ScoreOptions).
enum class ErrorClass {
  None = 0,
  Accuracy = 1,
  Runtime = 2,
  Compile = 3,
  Eager = 4,
  Mismatch = 5 // NaN, Inf, type or shape mismatch: mismatch_extended only
};

/// The tolerance at which GraphNet freezes each sample's state for t >= 1.
constexpr int kFreezeTolerance = 1;

/// Whether the outputs of an Ok sample are correct at tolerance t: the
/// recorded value if correctAt has t; for t > 0 without an entry, the value at
/// t - 1 (recursively, down to 0; tolerances are nested so this is
/// conservative); for t <= 0 without an entry, false (as GraphNet's
/// get_correctness does for a missing key). Ignores status.
bool isCorrectAt(const SampleRecord &record, int t);

/// The sample's error class at tolerance t (None when it counts as correct).
/// An Ok sample without a finite positive speedup counts as a runtime crash.
ErrorClass classify(const SampleRecord &record, int t);
/// classify under the options' scheme: an accuracy failure with a recorded
/// mismatch (or a log's runtime failure that is a shape or type mismatch)
/// is ErrorClass::Mismatch under MismatchExtended.
ErrorClass classify(const SampleRecord &record, int t, const ScoreOptions &options);

/// Smallest t >= 1 at which ES(t) tolerates the class (counts it as speedup
/// 1 instead of b); a huge value when never.
int toleratedFrom(ErrorClass cls, const ScoreOptions &options);

/// One row per t in [tMin, tMax], using the aggregated ("macro") formulas
/// S = alpha^lambda * beta^(lambda*eta*p) * b^(1-lambda) and
/// ES = alpha^lambda * beta^(lambda*eta*p) * gamma^(1-lambda).
std::vector<ScoreRow> computeScores(const std::vector<SampleRecord> &records,
                                    const ScoreOptions &options);

/// Per-sample geometric-mean form of S(t): the geometric mean over all samples
/// of the rectified speedup at t (for cross-checking the macro formula). For
/// t > 0 it uses isCorrectAt(record, t). Empty set: b.
double speedupScorePerSample(const std::vector<SampleRecord> &records, int t,
                             const ScoreOptions &options);

/// Per-sample geometric-mean form of ES(t) (GraphNet calculate_scores, "ESt").
double errorAwareSpeedupScorePerSample(const std::vector<SampleRecord> &records,
                                       int t, const ScoreOptions &options);

/// Reads results.jsonl: one JSON object per non-blank line with keys
/// "sample" (string), "status" ("ok" | "eager_error" | "runtime_error" |
/// "compile_error"), optional "speedup" (number or null) and optional
/// "correct_at" (object "-10".."4" -> bool). Unknown keys are ignored. On
/// malformed input returns false and sets error to "<file>:<line>: <what>",
/// e.g. "results.jsonl:3: invalid JSON"; `out` then holds the records read
/// before the bad line.
bool readResults(const std::string &path, std::vector<SampleRecord> &out,
                 std::string &error);

/// Same as readResults, from text already in memory (`path` names it in
/// messages).
bool parseResults(const std::string &path, const std::string &text,
                  std::vector<SampleRecord> &out, std::string &error);

/// Formats rows for `gn-eval score --format table|json|markdown`. JSON is an
/// array of objects with keys t, alpha, beta, lambda, eta, S (null when
/// unset), gamma, ES. Returns "" for an unknown format (see isScoreFormat).
std::string formatScores(const std::vector<ScoreRow> &rows,
                         const std::string &format);
bool isScoreFormat(const std::string &format);

} // namespace mlir::gn::eval

#endif // GN_EVAL_SCORE_H
