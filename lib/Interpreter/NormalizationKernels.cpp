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

/// Per-channel parameters as double.
std::vector<double> params(const HostTensor &t) {
  std::vector<double> v(t.numel());
  for (int64_t i = 0; i < t.numel(); ++i)
    v[i] = loadAsDouble(t, i);
  return v;
}

/// Batch norm over dim 1 (running or batch statistics).
HostTensor batchNorm(BatchNormOp op, Operands in) {
  const HostTensor &x0 = in[0];
  DType ct = floatCompute(x0.dtype());
  HostTensor x = convertTo(x0, ct), y(ct, x0.shape(), false);
  int64_t n = x.shape()[0], c = x.shape()[1], inner = 1;
  for (int64_t d = 2; d < x.rank(); ++d)
    inner *= x.shape()[d];
  double eps = op.getEpsilon().convertToDouble();
  bool training = op.getTraining();
  auto mean = params(in[1]), var = params(in[2]), w = params(in[3]), b = params(in[4]);
  std::vector<double> scales(c), shifts(c);
  bool f32Affine = !training && x0.dtype() == DType::F32;
  dispatchFloat(ct, [&](auto tag) {
    using T = decltype(tag);
    const T *px = x.data<T>();
    T *py = y.data<T>();
    for (int64_t ch = 0; ch < c; ++ch) {
      double m = mean[ch], v = var[ch];
      if (training) {
        double s = 0, ss = 0;
        for (int64_t bi = 0; bi < n; ++bi)
          for (int64_t i = 0; i < inner; ++i)
            s += px[(bi * c + ch) * inner + i];
        int64_t cnt = n * inner;
        m = cnt ? s / cnt : 0;
        for (int64_t bi = 0; bi < n; ++bi)
          for (int64_t i = 0; i < inner; ++i) {
            double d = px[(bi * c + ch) * inner + i] - m;
            ss += d * d;
          }
        v = cnt ? ss / cnt : 0; // training mode normalizes with the biased variance
      }
      scales[ch] = w[ch] / std::sqrt(v + eps);
      shifts[ch] = b[ch] - m * scales[ch];
    }
    // y = x * scale + shift over (batch, channel) planes on all threads;
    // BatchNorm1d's planes are single elements, so there rows go whole.
    int64_t planes = inner == 1 ? n : n * c, plane = inner == 1 ? c : inner;
#pragma omp parallel for if (n * c * inner > (int64_t(1) << 15))
    for (int64_t p = 0; p < planes; ++p) {
      const T *src = px + p * plane;
      T *dst = py + p * plane;
      if (inner == 1) {
        for (int64_t ch = 0; ch < c; ++ch)
          dst[ch] = static_cast<T>(src[ch] * scales[ch] + shifts[ch]);
        continue;
      }
      double scale = scales[p % c], shift = shifts[p % c];
      if (f32Affine) {
        // Running statistics on f32 data: the scale and shift rounded to
        // f32, then x * scale and + shift each rounded, as gn-decompose's
        // form (and PyTorch's CPU kernel, short of its FMA) computes it:
        // compiled equals eager, where one f32 ulp at a first batch norm
        // grew to t = -2 through an RSN.
        float s32 = float(scale), b32 = float(shift);
        for (int64_t i = 0; i < inner; ++i) {
          float scaled = float(src[i]) * s32;
          dst[i] = static_cast<T>(scaled + b32);
        }
        continue;
      }
      for (int64_t i = 0; i < inner; ++i)
        dst[i] = static_cast<T>(src[i] * scale + shift);
    }
  });
  return convertTo(y, x0.dtype());
}

HostTensor layerNorm(LayerNormOp op, Operands in) {
  const HostTensor &x0 = in[0];
  DType ct = floatCompute(x0.dtype());
  HostTensor x = convertTo(x0, ct), y(ct, x0.shape(), false);
  int64_t len = 1;
  for (int64_t d = x.rank() - op.getNormalizedRank(); d < x.rank(); ++d)
    len *= x.shape()[d];
  int64_t rows = len ? x.numel() / len : 0;
  double eps = op.getEpsilon().convertToDouble();
  bool rms = op.getRms();
  auto w = params(in[1]), b = params(in[2]);
  dispatchFloat(ct, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t r = 0; r < rows; ++r) {
      const T *src = x.data<T>() + r * len;
      T *dst = y.data<T>() + r * len;
      double mean = 0, ss = 0;
      if (!rms) {
        for (int64_t i = 0; i < len; ++i)
          mean += src[i];
        mean /= len;
      }
      for (int64_t i = 0; i < len; ++i) {
        double d = src[i] - mean;
        ss += d * d;
      }
      double inv = 1.0 / std::sqrt(ss / len + eps);
      for (int64_t i = 0; i < len; ++i)
        dst[i] = static_cast<T>((src[i] - mean) * inv * w[i] + b[i]);
    }
  });
  return convertTo(y, x0.dtype());
}

HostTensor groupNorm(GroupNormOp op, Operands in) {
  const HostTensor &x0 = in[0];
  DType ct = floatCompute(x0.dtype());
  HostTensor x = convertTo(x0, ct), y(ct, x0.shape(), false);
  int64_t n = x.shape()[0], c = x.shape()[1], g = op.getNumGroups(), inner = 1;
  for (int64_t d = 2; d < x.rank(); ++d)
    inner *= x.shape()[d];
  int64_t perGroup = (c / g) * inner;
  double eps = op.getEpsilon().convertToDouble();
  auto w = params(in[1]), b = params(in[2]);
  dispatchFloat(ct, [&](auto tag) {
    using T = decltype(tag);
    for (int64_t bi = 0; bi < n; ++bi)
      for (int64_t gi = 0; gi < g; ++gi) {
        int64_t base = (bi * c + gi * (c / g)) * inner;
        const T *src = x.data<T>() + base;
        T *dst = y.data<T>() + base;
        double mean = 0, ss = 0;
        for (int64_t i = 0; i < perGroup; ++i)
          mean += src[i];
        mean /= perGroup;
        for (int64_t i = 0; i < perGroup; ++i) {
          double d = src[i] - mean;
          ss += d * d;
        }
        double inv = 1.0 / std::sqrt(ss / perGroup + eps);
        for (int64_t i = 0; i < perGroup; ++i) {
          int64_t ch = gi * (c / g) + i / inner;
          dst[i] = static_cast<T>((src[i] - mean) * inv * w[ch] + b[ch]);
        }
      }
  });
  return convertTo(y, x0.dtype());
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
