//===- HostInputs.cpp - synthesized inputs as host tensors; batch records ===//
#include "gn/Eval/HostInputs.h"
#include <csignal>
#include <cstring>
#include <nlohmann/json.hpp>
#include <sys/wait.h>

using namespace mlir::gn;

interp::DType eval::hostDType(DType d) {
  switch (d) {
  case DType::F16: return interp::DType::F16;
  case DType::BF16: return interp::DType::BF16;
  case DType::F32: return interp::DType::F32;
  case DType::F64: return interp::DType::F64;
  case DType::I8: return interp::DType::I8;
  case DType::I16: return interp::DType::I16;
  case DType::I32: return interp::DType::I32;
  case DType::I64: return interp::DType::I64;
  case DType::U8: return interp::DType::U8;
  case DType::Bool: return interp::DType::I1;
  }
  return interp::DType::F32;
}

std::optional<interp::HostTensor> eval::synthesizeTensor(const TensorSpec &spec, uint64_t seed,
                                                         size_t argIndex, std::string &error) {
  std::vector<uint8_t> bytes = synthesize(spec, seed, argIndex);
  interp::HostTensor t(hostDType(spec.dtype), spec.shape);
  if (bytes.size() != t.nbytes()) {
    error = "input synthesis produced " + std::to_string(bytes.size()) + " bytes for '" +
            spec.name + "', expected " + std::to_string(t.nbytes());
    return std::nullopt;
  }
  std::memcpy(t.bytes(), bytes.data(), bytes.size());
  return t;
}

std::string eval::deathRecord(const std::string &sample, const std::string &record,
                              int waitStatus, unsigned timeoutSeconds) {
  nlohmann::json r = nlohmann::json::parse(record, nullptr, false);
  if (r.is_discarded() || !r.is_object())
    r = nlohmann::json::object();
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
  return r.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
}
