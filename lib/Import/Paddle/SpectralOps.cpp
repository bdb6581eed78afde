//===- SpectralOps.cpp - Paddle fft_r2c and its complex results ----------===//
//
// The DFT and complex values are the frontends' shared machinery
// (gn/Import/Python/Spectral.h); this maps Paddle's spellings onto them.
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include "gn/Import/Python/Spectral.h"

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

/// fft_r2c(x, axes, normalization, forward, onesided): the DFT of a real x
/// over `axes`; with onesided the last of them keeps N/2 + 1 frequencies.
/// normalization "backward" scales a forward transform by 1, "ortho" by
/// 1/sqrt(N), "forward" by 1/N (N: the product of the transformed sizes);
/// an inverse-direction call (forward = False) conjugates the kernel.
FailureOr<PyValue> fftR2C(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto axesList = intList(a, ctx, "axes");
  auto norm = a.string("normalization");
  auto forward = a.boolean("forward"), onesided = a.boolean("onesided");
  if (failed(x) || failed(axesList) || failed(norm) || failed(forward) || failed(onesided))
    return failure();
  auto type = typeOf(*x);
  if (!isFloat(type.getElementType()))
    return a.error("x must be a float tensor");
  if (*norm != "backward" && *norm != "ortho" && *norm != "forward")
    return a.error("unknown normalization '" + *norm + "'");
  int64_t rank = type.getRank();
  auto in = ctx.convert(*x, ctx.f32());
  if (failed(in))
    return failure();
  llvm::SmallVector<int64_t> dims;
  for (int64_t axis : *axesList) {
    auto d = ctx.dim(axis, rank);
    if (failed(d))
      return failure();
    dims.push_back(*d);
  }
  DftNorm n = *norm == "ortho" ? DftNorm::Ortho
              : *norm == "forward" ? DftNorm::Forward : DftNorm::Backward;
  auto r = dft(ctx, *in, Value(), dims, *onesided, !*forward, n);
  if (failed(r))
    return failure();
  Value re = r->first, im = r->second;
  return complexPair(re, im);
}

/// real(x), imag(x): a part of a complex tensor; real of a real tensor is
/// itself, its imag zeros.
template <bool Imag>
FailureOr<PyValue> part(ImportContext &ctx, Args &a) {
  const PyValue &v = a.get("x");
  if (isComplex(v))
    return v.elts[Imag ? 1 : 0];
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  if (!Imag)
    return PyValue::of(*x);
  auto t = typeOf(*x);
  return PyValue::of(ctx.splat(t.getElementType(), 0, t.getShape()));
}

/// abs(x): |x|, the modulus of a complex tensor.
FailureOr<PyValue> absOp(ImportContext &ctx, Args &a) {
  const PyValue &v = a.get("x");
  if (!isComplex(v)) {
    auto x = a.tensor("x");
    if (failed(x))
      return failure();
    return ctx.unary<gn::AbsOp>(*x, false);
  }
  Value re = v.elts[0].tensor, im = v.elts[1].tensor;
  auto re2 = ctx.build<gn::MulOp>({re, re}), im2 = ctx.build<gn::MulOp>({im, im});
  if (failed(re2) || failed(im2))
    return failure();
  auto sum = ctx.build<gn::AddOp>({*re2, *im2});
  if (failed(sum))
    return failure();
  return wrap(ctx.build<gn::SqrtOp>({*sum}));
}

} // namespace

void paddle::registerSpectralOps(OpRegistry &r) {
  r.add("fft_r2c", "x, axes, normalization='backward', forward=True, onesided=True", fftR2C);
  r.add("real", "x", part<false>);
  r.add("imag", "x", part<true>);
  r.add("abs", "x", folded<absOp>);
}
