//===- Antialias.cpp - antialiased bilinear and bicubic resampling --------===//
//
// PyTorch's (and PaddlePaddle's, which computes the same) antialiased
// resize: each output is the normalized sum over an input window of a
// triangle or Keys cubic filter, the window widened by the scale when
// downsampling (PIL's rule).
//
//===----------------------------------------------------------------------===//
#include "gn/Import/Python/Antialias.h"
#include "gn/Import/Python/ImportContext.h"
#include <algorithm>
#include <vector>

using namespace mlir;
using namespace mlir::gn::import;

namespace {

/// The weights of PyTorch's antialiased resampling along one dim, as a
/// [out, in] matrix: output o is the normalized sum over the input window
/// of filter((j - center + 0.5) * invscale), with the window widened by the
/// scale when downsampling (PIL's rule). Computed as PyTorch's CPU kernel
/// computes them, in the input's precision `S` (float, or double for
/// float64 inputs): `_compute_indices_min_size_weights_aa`.
template <typename S>
std::vector<double> antialiasWeights(int64_t in, int64_t out, double step, bool alignCorners,
                                     bool cubic) {
  S scale = alignCorners ? (out > 1 ? S(in - 1) / S(out - 1) : S(0)) : S(step);
  S interp = cubic ? 4 : 2;
  S support = scale >= S(1) ? interp * S(0.5) * scale : interp * S(0.5);
  S invscale = scale >= S(1) ? S(1.0 / scale) : S(1);
  auto filter = [&](S x) -> S {
    x = x < 0 ? -x : x;
    if (!cubic)
      return x < S(1) ? S(1) - x : S(0);
    const S a = S(-0.5); // Keys' cubic, as PyTorch's antialias uses
    if (x < S(1))
      return ((a + S(2)) * x - (a + S(3))) * x * x + S(1);
    if (x < S(2))
      return ((a * x - S(5) * a) * x + S(8) * a) * x - S(4) * a;
    return S(0);
  };
  std::vector<double> w(out * in, 0.0);
  for (int64_t o = 0; o < out; ++o) {
    S center = S(scale * (o + 0.5));
    int64_t xmin = std::max<int64_t>(static_cast<int64_t>(center - support + 0.5), 0);
    int64_t xsize = std::min<int64_t>(static_cast<int64_t>(center + support + 0.5), in) - xmin;
    std::vector<S> row(std::max<int64_t>(xsize, 0));
    S total = 0;
    for (int64_t j = 0; j < xsize; ++j) {
      row[j] = filter(S((S(j + xmin) - center + 0.5) * invscale));
      total += row[j];
    }
    for (int64_t j = 0; j < xsize; ++j)
      w[o * in + xmin + j] = double(total != S(0) ? row[j] / total : row[j]);
  }
  return w;
}

} // namespace

FailureOr<Value> mlir::gn::import::resampleAntialiased(ImportContext &ctx, Value x,
                                                      llvm::ArrayRef<int64_t> size,
                                                      llvm::ArrayRef<double> steps, bool cubic,
                                                      bool alignCorners) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  if (type.getRank() != 4)
    return ctx.error("antialiased resampling needs a 4-d (N, C, H, W) input, got rank " +
                     llvm::Twine(type.getRank()));
  Type e = type.getElementType();
  Type compute = e.isF64() ? e : ctx.f32();
  auto wide = ctx.convert(x, compute);
  if (failed(wide))
    return failure();
  Value v = *wide;
  // Width (dim 3) first, then height (dim 2), as PyTorch's CPU kernel.
  for (int64_t d : {3, 2}) {
    int64_t in = type.getDimSize(d), out = size[d - 2];
    if (in == out)
      continue;
    double step = steps.empty() ? double(in) / double(out) : steps[d - 2];
    std::vector<double> w = compute.isF64()
                                ? antialiasWeights<double>(in, out, step, alignCorners, cubic)
                                : antialiasWeights<float>(in, out, step, alignCorners, cubic);
    // [out, in] -> [in, out], so that x [.., in] @ w gives [.., out].
    std::vector<double> wt(in * out);
    for (int64_t o = 0; o < out; ++o)
      for (int64_t i = 0; i < in; ++i)
        wt[i * out + o] = w[o * in + i];
    Value weights = denseConstant(ctx, compute, {in, out}, wt);
    FailureOr<Value> r;
    if (d == 3) {
      r = ctx.build<gn::MatmulOp>({v, weights});
    } else {
      // Height: [N, C, W', H] @ [H, OH], transposed back.
      auto t = ctx.build<gn::TransposeOp>({v}, {ctx.ints("permutation", {0, 1, 3, 2})});
      if (failed(t))
        return failure();
      auto m = ctx.build<gn::MatmulOp>({*t, weights});
      if (failed(m))
        return failure();
      r = ctx.build<gn::TransposeOp>({*m}, {ctx.ints("permutation", {0, 1, 3, 2})});
    }
    if (failed(r))
      return failure();
    v = *r;
  }
  return ctx.convert(v, e);
}

