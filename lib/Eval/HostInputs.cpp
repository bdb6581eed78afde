//===- HostInputs.cpp - synthesized inputs as host tensors ---------------===//
#include "gn/Eval/HostInputs.h"
#include <cstring>

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
  // An empty vector's data() may be null, and memcpy from null is undefined
  // even for 0 bytes (UBSan, fuzz regression empty-operands.mlir).
  if (!bytes.empty())
    std::memcpy(t.bytes(), bytes.data(), bytes.size());
  return t;
}


std::optional<eval::Synthesis> eval::parseSynthesis(const std::string &name) {
  if (name == "graphnet")
    return Synthesis::GraphNet;
  if (name == "fan-in")
    return Synthesis::FanIn;
  return std::nullopt;
}

const char *eval::synthesisName(Synthesis how) {
  return how == Synthesis::FanIn ? "fan-in" : "graphnet";
}

std::optional<interp::HostTensor>
eval::synthesizeArgument(const ArgumentMeta &meta, const std::vector<int64_t> &shape,
                         interp::DType expected, uint64_t seed, size_t argIndex,
                         std::string &error, Synthesis how) {
  auto dt = parseTorchDType(meta.torchDtype);
  if (!dt || hostDType(*dt) != expected) {
    error = "argument #" + std::to_string(argIndex) + " ('" + meta.name + "'): dtype '" +
            meta.torchDtype + "' does not match its type";
    return std::nullopt;
  }
  TensorSpec spec;
  spec.name = meta.name;
  spec.shape = shape;
  spec.dtype = *dt;
  spec.mean = meta.mean;
  spec.std = meta.std;
  spec.minVal = meta.minVal;
  spec.maxVal = meta.maxVal;
  spec.data = meta.data;
  if (how == Synthesis::FanIn)
    spec = fanInSpec(spec, meta.kind == "weight");
  return synthesizeTensor(spec, seed, argIndex, error);
}
