//===- Records.h - the parts of a sample's result line ---------*- C++ -*-===//
//
// Shared by gn-eval and the MLIR-free runner gn-cuda-run, so both write the
// same JSON: timing statistics, the per-output comparison with a reference
// at every tolerance t, and the line of a sample whose child process died.
//
//===----------------------------------------------------------------------===//
#ifndef GN_EVAL_RECORDS_H
#define GN_EVAL_RECORDS_H

#include "gn/Support/HostTensor.h"
#include <nlohmann/json.hpp>
#include <string>
#include <vector>

namespace mlir::gn::eval {

/// median, IQR, min, max (ms) and the trial count of `ms` (not empty).
nlohmann::json timingStats(std::vector<double> ms);

/// Every k-th element of `t`, flat: how a reference over a bundle's size
/// budget is kept (and how the output it is compared with is read).
interp::HostTensor everyKth(const interp::HostTensor &t, int64_t k);

/// Compares each output with its reference (GraphNet's tolerance table;
/// `strides[i] > 1`: the reference holds every k-th element). Fills
/// `outputs` with one record per reference and returns `correct_at`, "-10"
/// .. "1" -> bool (t = 1 too: GraphNet freezes each sample's state there
/// for ES(t > 0)). A missing output fails every t.
nlohmann::json compareWithReference(const std::vector<interp::HostTensor> &actual,
                                    const std::vector<interp::HostTensor> &expected,
                                    const std::vector<int64_t> &strides,
                                    nlohmann::json &outputs);

/// One line on a record's "degenerate_recheck" (RunOptions::
/// recheckDegenerate): the tightest t at which the compiled outputs match
/// on fan-in inputs, or its error, and the outputs still degenerate there.
std::string degenerateRecheckSummary(const nlohmann::json &recheck);

/// The indices of `outputs` (compareWithReference's records) whose reference
/// is still degenerate: a recheck's "degenerate".
nlohmann::json degenerateIndices(const nlohmann::json &outputs);

/// The tightest t of a `correct_at` map ("-10".."1" -> bool): the smallest
/// t from which every larger t passes, or 2 when t = 1 fails.
int tightestT(const nlohmann::json &correctAt);

/// One sentence attributing a miss of compiled vs eager from each side's
/// tightest t against the f64 result.
std::string attributeMiss(int eagerT, int compiledT);

/// The float64 rule (issue 41) on a degenerate recheck that missed t = -5:
/// the compiled outputs conform when they are no farther from the f64
/// result than eager's (each side's tightest t against it, the same
/// measure). Sets `recheck["fp64"]` (both sides' correct_at, attribution)
/// and `recheck["conforms"]`. A recheck that passes t = -5 conforms
/// without it (conformsWithoutFp64).
void judgeRecheckAgainstFp64(nlohmann::json &recheck, const nlohmann::json &eagerAtFp64,
                             const nlohmann::json &compiledAtFp64);
void conformsWithoutFp64(nlohmann::json &recheck);

/// The degenerate rechecks of a run's records, for its closing summary.
struct RecheckTally {
  size_t rechecked = 0;
  std::vector<std::string> missed; // samples that missed t = -5 there, or whose recheck failed
  std::vector<std::string> nonconforming; // of those, not within the float64 rule either
  /// Counts `record`'s recheck, if it has one.
  void add(const nlohmann::json &record, const std::string &sample);
  /// "degenerate outputs rechecked on fan-in inputs: ..." and the misses, a
  /// line each; "" when nothing was rechecked.
  std::string summary() const;
};

/// The class of a runtime failure from its message, for the record's
/// error_class: "out of memory", "device fault" (an illegal address, a
/// failed launch: the GPU context is lost), "device unavailable" (no
/// driver, no GPU, a device gone), "library error" (cuBLAS, cuDNN),
/// "index out of range", "division by zero" (an integer one), "timeout",
/// "crash", "graphnet data gap" (the
/// sample lacks what GraphNet's samples must have); "" for none of these.
std::string errorClassOf(const std::string &error);

/// The JSON result line of a sample whose child process ended without one:
/// status runtime_error, and the signal, timeout or exit status. `record`,
/// when a JSON object, is the sample's record so far (its fields are kept).
std::string deathRecord(const std::string &sample, const std::string &record, int waitStatus,
                        unsigned timeoutSeconds);

} // namespace mlir::gn::eval

#endif // GN_EVAL_RECORDS_H
