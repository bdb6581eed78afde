//===- Records.cpp - the parts of a sample's result line -----------------===//
#include "gn/Eval/Records.h"
#include "gn/Eval/Tolerance.h"
#include <algorithm>
#include <cmath>
#include <csignal>
#include <cstring>
#include <optional>
#include <sys/wait.h>

using namespace mlir::gn;
using json = nlohmann::json;

json eval::timingStats(std::vector<double> ms) {
  std::sort(ms.begin(), ms.end());
  auto q = [&](double p) {
    double x = p * (ms.size() - 1);
    size_t lo = static_cast<size_t>(x);
    size_t hi = std::min(lo + 1, ms.size() - 1);
    return ms[lo] + (ms[hi] - ms[lo]) * (x - lo);
  };
  double mean = 0, var = 0;
  for (double m : ms)
    mean += m / static_cast<double>(ms.size());
  for (double m : ms)
    var += (m - mean) * (m - mean) / static_cast<double>(ms.size());
  return {{"median_ms", q(0.5)}, {"iqr_ms", q(0.75) - q(0.25)}, {"min_ms", ms.front()},
          {"max_ms", ms.back()}, {"mean_ms", mean}, {"std_ms", std::sqrt(var)},
          {"trials", ms.size()}};
}

interp::HostTensor eval::everyKth(const interp::HostTensor &t, int64_t k) {
  int64_t n = (t.numel() + k - 1) / k;
  interp::HostTensor sub(t.dtype(), {n}, /*zero=*/false);
  size_t e = interp::sizeOf(t.dtype());
  for (int64_t j = 0; j < n; ++j)
    std::memcpy(sub.bytes() + j * e, t.bytes() + j * k * e, e);
  return sub;
}

json eval::compareWithReference(const std::vector<interp::HostTensor> &actual,
                                const std::vector<interp::HostTensor> &expected,
                                const std::vector<int64_t> &strides, json &outputs) {
  int worst = kMinT;
  outputs = json::array();
  for (size_t i = 0; i < expected.size(); ++i) {
    int64_t k = i < strides.size() ? strides[i] : 1;
    OutputDiff d;
    if (i < actual.size())
      d = compareOutputs(k > 1 ? everyKth(actual[i], k) : actual[i], expected[i]);
    else
      d.shapeAndDtypeMatch = false;
    worst = std::max(worst, d.shapeAndDtypeMatch ? d.tightestT : kMaxComparedT + 1);
    outputs.push_back({{"index", i},
                       {"dtype", interp::name(expected[i].dtype())},
                       {"shape", json(expected[i].shape().vec())},
                       {"max_abs_diff", d.maxAbs},
                       {"max_rel_diff", d.maxRel},
                       {"mean_abs_diff", d.meanAbs},
                       {"equal", d.equal},
                       {"shape_dtype_match", d.shapeAndDtypeMatch}});
    if (!d.mismatch.empty())
      outputs.back()["mismatch"] = d.mismatch;
    // A check that can fail where the tolerance cannot: the relative L2
    // error (null: the reference is all zeros and the output is not), and
    // why the reference alone would pass a wrong output.
    if (d.shapeAndDtypeMatch) {
      outputs.back()["rel_l2"] = std::isinf(d.relL2) ? json(nullptr) : json(d.relL2);
      outputs.back()["reference_max_abs"] = d.refMaxAbs;
      std::vector<std::string> why = degenerateReasons(d, expected[i].dtype());
      if (!why.empty())
        outputs.back()["degenerate"] = why;
    }
    // What GraphNet's log needs: allclose at every t under each float
    // dtype's tolerance pair.
    json familyT = json::object();
    for (int f = 0; f < 4; ++f)
      familyT[graphNetDtypeName(kLogFamilies[f])] = d.familyT[f];
    outputs.back()["allclose_from_t"] = familyT;
    if (k > 1)
      outputs.back()["reference_stride"] = k;
  }
  json correct = json::object();
  for (int t = kMinT; t <= kMaxComparedT; ++t)
    correct[std::to_string(t)] = worst <= t;
  return correct;
}

std::string eval::degenerateRecheckSummary(const json &recheck) {
  std::string line = "degenerate outputs, rechecked on " + recheck.value("inputs", "?") +
                     " inputs: ";
  if (recheck.contains("error"))
    return line + "failed: " + recheck["error"].get<std::string>();
  std::optional<int> tightest;
  if (recheck.contains("correct_at"))
    for (int t = kMinT; t <= kMaxComparedT; ++t)
      if (recheck["correct_at"].value(std::to_string(t), false)) {
        tightest = t;
        break;
      }
  line += tightest ? "compiled = eager from t = " + std::to_string(*tightest)
                   : std::string("compiled misses eager at every t");
  if (tightest && *tightest > -5)
    line += " (misses t = -5)";
  if (recheck.contains("fp64"))
    line += std::string("; ") +
            (recheck.value("conforms", false) ? "within" : "outside") +
            " the float64 rule: " + recheck["fp64"].value("attribution", "");
  else if (recheck.contains("fp64_error"))
    line += "; no float64 judgement: " + recheck["fp64_error"].get<std::string>();
  if (recheck.contains("degenerate") && !recheck["degenerate"].empty())
    line += "; outputs still degenerate there: " + recheck["degenerate"].dump();
  return line;
}

json eval::degenerateIndices(const json &outputs) {
  json still = json::array();
  for (size_t i = 0; i < outputs.size(); ++i)
    if (outputs[i].contains("degenerate"))
      still.push_back(i);
  return still;
}

void eval::RecheckTally::add(const json &record, const std::string &sample) {
  if (record.is_discarded() || !record.contains("degenerate_recheck"))
    return;
  const json &check = record["degenerate_recheck"];
  ++rechecked;
  if (check.contains("correct_at") && check["correct_at"].value("-5", false))
    return;
  missed.push_back(sample);
  if (!check.value("conforms", false))
    nonconforming.push_back(sample);
}

std::string eval::RecheckTally::summary() const {
  if (rechecked == 0)
    return "";
  std::string of = " of " + std::to_string(rechecked);
  std::string text = "degenerate outputs rechecked on fan-in inputs: " +
                     std::to_string(rechecked - missed.size()) + of +
                     " samples = eager at t = -5 there; " +
                     std::to_string(rechecked - nonconforming.size()) + of +
                     " within the float64 rule (compiled no farther from f64 than eager)\n";
  for (const std::string &sample : missed) {
    bool conforms = std::find(nonconforming.begin(), nonconforming.end(), sample) ==
                    nonconforming.end();
    text += "  missed: " + sample + (conforms ? " (within the float64 rule)" : "") + "\n";
  }
  return text;
}

int eval::tightestT(const json &correctAt) {
  int tight = 2;
  for (int t = kMaxComparedT; t >= kMinT; --t) {
    auto it = correctAt.find(std::to_string(t));
    if (it == correctAt.end() || !it->is_boolean() || !it->get<bool>())
      break;
    tight = t;
  }
  return tight;
}

std::string eval::attributeMiss(int eagerT, int compiledT) {
  auto at = [](int t) { return t > 1 ? std::string("no t <= 1") : "t = " + std::to_string(t); };
  std::string sides = " (against f64: compiled at " + at(compiledT) + ", eager at " +
                      at(eagerT) + ")";
  if (compiledT > eagerT)
    return "the compiled result drifted: it is farther from the f64 result than eager" + sides;
  if (compiledT < eagerT)
    return "eager drifted: the compiled result is closer to the f64 result" + sides;
  return "both f32 results are as far from the f64 result" + sides;
}

void eval::judgeRecheckAgainstFp64(json &recheck, const json &eagerAtFp64,
                                   const json &compiledAtFp64) {
  int eagerT = tightestT(eagerAtFp64), compiledT = tightestT(compiledAtFp64);
  recheck["fp64"] = {{"eager_correct_at", eagerAtFp64},
                     {"compiled_correct_at", compiledAtFp64},
                     {"attribution", attributeMiss(eagerT, compiledT)}};
  recheck["conforms"] = compiledT <= eagerT;
}

void eval::conformsWithoutFp64(json &recheck) {
  recheck["conforms"] = recheck.contains("correct_at") && recheck["correct_at"].value("-5", false);
}

std::string eval::errorClassOf(const std::string &error) {
  auto has = [&](std::initializer_list<const char *> needles) {
    for (const char *n : needles)
      if (error.find(n) != std::string::npos)
        return true;
    return false;
  };
  if (has({"GraphNet data gap: "}))
    return "graphnet data gap";
  if (has({"no such GraphNet variant: "}))
    return "variant not listed";
  if (has({"would rewrite this graph; gn does not implement"}))
    return "not implemented";
  if (has({"shape guard failed: "}))
    return "shape guard";
  if (has({"out of memory", "out of device memory", "CUDA_ERROR_OUT_OF_MEMORY"}))
    return "out of memory";
  if (has({"CUDA_ERROR_ILLEGAL_ADDRESS", "CUDA_ERROR_LAUNCH_FAILED", "CUDA_ERROR_MISALIGNED",
           "CUDA_ERROR_ILLEGAL_INSTRUCTION", "CUDA_ERROR_HARDWARE_STACK_ERROR",
           "CUDA_ERROR_ASSERT", "CUDA_ERROR_LAUNCH_TIMEOUT"}))
    return "device fault";
  if (has({"CUDA_ERROR_DEVICE_UNAVAILABLE", "CUDA_ERROR_NO_DEVICE", "no CUDA driver",
           "sees no GPU", "cuInit failed", "CUDA_ERROR_DEVICE_NOT_LICENSED",
           "CUDA_ERROR_SYSTEM_DRIVER_MISMATCH"}))
    return "device unavailable";
  if (has({"cuBLAS", "cublas", "cuDNN", "cudnn"}))
    return "library error";
  if (has({"out of range for size"}))
    return "index out of range";
  // Shapes the graph cannot take (as the framework refuses them too): a
  // shape variant past a fixed-size weight, a reshape of the wrong count.
  if (has({"do not broadcast", "cannot reshape", "contraction sizes"}))
    return "shape mismatch";
  if (has({"integer division by zero"}))
    return "division by zero";
  if (has({"timed out after"}))
    return "timeout";
  if (has({"crashed: "}))
    return "crash";
  return "";
}

std::string eval::deathRecord(const std::string &sample, const std::string &record,
                              int waitStatus, unsigned timeoutSeconds) {
  json r = json::parse(record, nullptr, false);
  if (r.is_discarded() || !r.is_object())
    r = json::object();
  if (!r.contains("sample"))
    r["sample"] = sample;
  r["status"] = "runtime_error";
  r["speedup"] = nullptr;
  if (WIFSIGNALED(waitStatus)) {
    int sig = WTERMSIG(waitStatus);
    r["error"] = sig == SIGALRM ? "timed out after " + std::to_string(timeoutSeconds) + " s"
                                : std::string("crashed: ") + strsignal(sig);
  } else {
    r["error"] = "exited with status " + std::to_string(WEXITSTATUS(waitStatus)) +
                 " without a result";
  }
  if (std::string cls = errorClassOf(r["error"].get<std::string>()); !cls.empty())
    r["error_class"] = cls;
  return r.dump(-1, ' ', false, json::error_handler_t::replace);
}
