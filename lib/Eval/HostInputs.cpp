//===- HostInputs.cpp - synthesized inputs as host tensors ---------------===//
#include "gn/Eval/HostInputs.h"
#include "llvm/ADT/ArrayRef.h"
#include <algorithm>
#include <cmath>
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

namespace {

bool isFloatDType(eval::DType t) {
  return t == eval::DType::F16 || t == eval::DType::BF16 || t == eval::DType::F32 ||
         t == eval::DType::F64;
}

/// Synthesis::FanIn's changes to `spec` (HostInputs.h). synthesize() draws
/// z * std * 0.2 + mean (GraphNet's replay) clamped to the meta's range,
/// which is the original tensor's: the range is dropped where the draw
/// changes.
void keepScale(const ArgumentMeta &meta, const std::vector<int64_t> &shape, eval::DType dt,
               eval::TensorSpec &spec) {
  if (!isFloatDType(dt))
    return;
  bool weight = meta.kind == "weight";
  double mean = meta.mean.value_or(0), stdev = meta.std.value_or(0);
  auto draw = [&](double m, double s) {
    spec.mean = m;
    spec.std = 5.0 * s;
    spec.minVal.reset();
    spec.maxVal.reset();
    spec.data.reset();
  };
  if (shape.size() >= 2 && stdev == 0 && !meta.data) {
    // A constant input or weight (GraphNet's meta gives some images as all
    // zeros: mobilevit's pixel values): standard normal.
    draw(0.0, 1.0);
  } else if (shape.size() >= 2 && weight && !meta.data) {
    // He's sqrt(2 / fan-in) keeps the scale through ReLU- and SiLU-like
    // layers.
    double fanIn = 1;
    for (int64_t d : llvm::ArrayRef<int64_t>(shape).drop_front())
      fanIn *= std::max<int64_t>(d, 1);
    draw(0.0, std::sqrt(2.0 / fanIn));
  } else if (shape.size() == 1 && weight && stdev > 0 && std::abs(mean) < stdev) {
    // A centered random vector: an untrained normalization's scale (std
    // 0.02 around 0 in mobilevit's batch norms) would shrink every layer.
    draw(1.0, 0.1);
  }
}

} // namespace

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
    keepScale(meta, shape, *dt, spec);
  return synthesizeTensor(spec, seed, argIndex, error);
}
