//===- NormalizationKernels.cpp - batch, layer, group norm --------------===//
//
// Statistics are computed in double; the affine step in double too, then
// rounded to the result dtype.
//
//===----------------------------------------------------------------------===//
#include "Kernels.h"
#include "llvm/ADT/TypeSwitch.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::interp;

namespace {

/// Batch norm over dim 1 (running or batch statistics).
HostTensor batchNorm(BatchNormOp op, Operands in) {
  const HostTensor &x = in[0];
  HostTensor out = makeResult(op);
  int64_t n = x.shape()[0], c = x.shape()[1], inner = 1;
  for (int64_t d = 2; d < x.rank(); ++d)
    inner *= x.shape()[d];
  double eps = op.getEpsilon().convertToDouble();
  bool training = op.getTraining();
  for (int64_t ch = 0; ch < c; ++ch) {
    double mean, var;
    if (training) {
      double s = 0, ss = 0;
      for (int64_t b = 0; b < n; ++b)
        for (int64_t i = 0; i < inner; ++i)
          s += loadAsDouble(x, (b * c + ch) * inner + i);
      int64_t cnt = n * inner;
      mean = cnt ? s / cnt : 0;
      for (int64_t b = 0; b < n; ++b)
        for (int64_t i = 0; i < inner; ++i) {
          double d = loadAsDouble(x, (b * c + ch) * inner + i) - mean;
          ss += d * d;
        }
      var = cnt ? ss / cnt : 0; // biased variance normalizes in training mode
    } else {
      mean = loadAsDouble(in[1], ch);
      var = loadAsDouble(in[2], ch);
    }
    double scale = loadAsDouble(in[3], ch) / std::sqrt(var + eps);
    double shift = loadAsDouble(in[4], ch) - mean * scale;
    for (int64_t b = 0; b < n; ++b)
      for (int64_t i = 0; i < inner; ++i) {
        int64_t k = (b * c + ch) * inner + i;
        storeFromDouble(out, k, loadAsDouble(x, k) * scale + shift);
      }
  }
  return out;
}

HostTensor layerNorm(LayerNormOp op, Operands in) {
  const HostTensor &x = in[0];
  HostTensor out = makeResult(op);
  int64_t len = 1;
  for (int64_t d = x.rank() - op.getNormalizedRank(); d < x.rank(); ++d)
    len *= x.shape()[d];
  int64_t rows = len ? x.numel() / len : 0;
  double eps = op.getEpsilon().convertToDouble();
  bool rms = op.getRms();
  for (int64_t r = 0; r < rows; ++r) {
    double mean = 0, ss = 0;
    if (!rms) {
      for (int64_t i = 0; i < len; ++i)
        mean += loadAsDouble(x, r * len + i);
      mean /= len;
    }
    for (int64_t i = 0; i < len; ++i) {
      double d = loadAsDouble(x, r * len + i) - mean;
      ss += d * d;
    }
    double inv = 1.0 / std::sqrt(ss / len + eps);
    for (int64_t i = 0; i < len; ++i) {
      double v = (loadAsDouble(x, r * len + i) - mean) * inv;
      v = v * loadAsDouble(in[1], i) + loadAsDouble(in[2], i);
      storeFromDouble(out, r * len + i, v);
    }
  }
  return out;
}

HostTensor groupNorm(GroupNormOp op, Operands in) {
  const HostTensor &x = in[0];
  HostTensor out = makeResult(op);
  int64_t n = x.shape()[0], c = x.shape()[1], g = op.getNumGroups(), inner = 1;
  for (int64_t d = 2; d < x.rank(); ++d)
    inner *= x.shape()[d];
  int64_t perGroup = (c / g) * inner;
  double eps = op.getEpsilon().convertToDouble();
  for (int64_t b = 0; b < n; ++b)
    for (int64_t gi = 0; gi < g; ++gi) {
      int64_t base = (b * c + gi * (c / g)) * inner;
      double mean = 0, ss = 0;
      for (int64_t i = 0; i < perGroup; ++i)
        mean += loadAsDouble(x, base + i);
      mean /= perGroup;
      for (int64_t i = 0; i < perGroup; ++i) {
        double d = loadAsDouble(x, base + i) - mean;
        ss += d * d;
      }
      double inv = 1.0 / std::sqrt(ss / perGroup + eps);
      for (int64_t i = 0; i < perGroup; ++i) {
        int64_t ch = gi * (c / g) + i / inner;
        double v = (loadAsDouble(x, base + i) - mean) * inv;
        storeFromDouble(out, base + i, v * loadAsDouble(in[1], ch) + loadAsDouble(in[2], ch));
      }
    }
  return out;
}

} // namespace

std::optional<LogicalResult> mlir::gn::interp::runNormalization(Operation *op, Operands in,
                                                      Results &out) {
  auto done = [&](HostTensor t) {
    out.push_back(std::move(t));
    return std::optional<LogicalResult>(success());
  };
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](BatchNormOp b) { return done(batchNorm(b, in)); })
      .Case([&](LayerNormOp l) { return done(layerNorm(l, in)); })
      .Case([&](GroupNormOp g) { return done(groupNorm(g, in)); })
      .Default([](Operation *) { return std::nullopt; });
}
