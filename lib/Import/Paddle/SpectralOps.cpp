//===- SpectralOps.cpp - Paddle fft_r2c, fft_c2c, fft_c2r, complex parts -===//
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


/// Paddle's normalization string as the shared DFT's norm, checked.
FailureOr<DftNorm> normNamed(Args &a, llvm::StringRef name) {
  auto norm = a.string(name);
  if (failed(norm))
    return failure();
  if (*norm == "backward")
    return DftNorm::Backward;
  if (*norm == "ortho")
    return DftNorm::Ortho;
  if (*norm == "forward")
    return DftNorm::Forward;
  return a.error("unknown normalization '" + *norm + "'");
}

/// `axes` normalized against `rank`, each at most once.
FailureOr<llvm::SmallVector<int64_t>> axesOf(ImportContext &ctx, Args &a, int64_t rank) {
  auto axesList = intList(a, ctx, "axes");
  if (failed(axesList))
    return failure();
  llvm::SmallVector<int64_t> dims;
  for (int64_t axis : *axesList) {
    auto d = ctx.dim(axis, rank);
    if (failed(d))
      return failure();
    if (llvm::is_contained(dims, *d))
      return a.error("axis " + llvm::Twine(axis) + " is transformed twice");
    dims.push_back(*d);
  }
  if (dims.empty())
    return a.error("the transform takes no axis");
  return dims;
}

/// x as a (re, im) pair of f32 parts (im null for a real tensor).
FailureOr<std::pair<Value, Value>> complexParts(ImportContext &ctx, Args &a) {
  const PyValue &v = a.get("x");
  if (isComplex(v))
    return std::make_pair(v.elts[0].tensor, v.elts[1].tensor);
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  if (!isFloat(typeOf(*x).getElementType()))
    return a.error("x must be a float or complex tensor");
  auto f = ctx.convert(*x, ctx.f32());
  if (failed(f))
    return failure();
  return std::make_pair(*f, Value());
}

/// fft_r2c(x, axes, normalization, forward, onesided): the DFT of a real x
/// over `axes`; with onesided the last of them keeps N/2 + 1 frequencies.
/// normalization "backward" scales a forward transform by 1, "ortho" by
/// 1/sqrt(N), "forward" by 1/N (N: the product of the transformed sizes);
/// an inverse-direction call (forward = False) conjugates the kernel.
FailureOr<PyValue> fftR2C(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto norm = normNamed(a, "normalization");
  auto forward = a.boolean("forward"), onesided = a.boolean("onesided");
  if (failed(x) || failed(norm) || failed(forward) || failed(onesided))
    return failure();
  if (!isFloat(typeOf(*x).getElementType()))
    return a.error("x must be a float tensor");
  auto in = ctx.convert(*x, ctx.f32());
  auto dims = axesOf(ctx, a, typeOf(*x).getRank());
  if (failed(in) || failed(dims))
    return failure();
  auto r = dft(ctx, *in, Value(), *dims, *onesided, !*forward, *norm);
  if (failed(r))
    return failure();
  return complexPair(r->first, r->second);
}

/// fft_c2c(x, axes, normalization, forward): the DFT of a complex x over
/// `axes`, or its inverse (forward = False): paddle.fft.fft, ifft, fftn...
FailureOr<PyValue> fftC2C(ImportContext &ctx, Args &a) {
  auto in = complexParts(ctx, a);
  auto norm = normNamed(a, "normalization");
  auto forward = a.boolean("forward");
  if (failed(in) || failed(norm) || failed(forward))
    return failure();
  auto dims = axesOf(ctx, a, typeOf(in->first).getRank());
  if (failed(dims))
    return failure();
  auto r = dft(ctx, in->first, in->second, *dims, /*onesidedLast=*/false, !*forward, *norm);
  if (failed(r))
    return failure();
  return complexPair(r->first, r->second);
}

/// fft_c2r(x, axes, normalization, forward, last_dim_size): the real signal
/// whose onesided DFT over `axes` is x (paddle.fft.irfft, irfftn), length
/// last_dim_size along the last axis (0: 2 * (m - 1)), the input cut or
/// zero-padded to n / 2 + 1 there first. forward = True is hfft: the same
/// of x's conjugate with the norm's roles swapped.
FailureOr<PyValue> fftC2R(ImportContext &ctx, Args &a) {
  auto in = complexParts(ctx, a);
  auto norm = normNamed(a, "normalization");
  auto forward = a.boolean("forward");
  auto lastSize = a.integer("last_dim_size");
  if (failed(in) || failed(norm) || failed(forward) || failed(lastSize))
    return failure();
  auto dims = axesOf(ctx, a, typeOf(in->first).getRank());
  if (failed(dims))
    return failure();
  Value re = in->first, im = in->second;
  DftNorm n = *norm;
  if (*forward) {
    auto conj = conjugateImag(ctx, im);
    if (failed(conj))
      return failure();
    im = *conj;
    n = swappedNorm(n);
  }
  if (dims->size() > 1) {
    auto r = dft(ctx, re, im, llvm::ArrayRef<int64_t>(*dims).drop_back(), /*onesidedLast=*/false,
                 /*inverse=*/true, n);
    if (failed(r))
      return failure();
    re = r->first;
    im = r->second;
  }
  int64_t last = dims->back(), m = typeOf(re).getDimSize(last);
  int64_t size = *lastSize > 0 ? *lastSize : 2 * (m - 1);
  if (size < 1)
    return a.error("invalid last_dim_size " + llvm::Twine(size) + " for an input of " +
                   llvm::Twine(m) + " along the last axis");
  auto r = resizedAlong(ctx, re, last, size / 2 + 1), i = resizedAlong(ctx, im, last, size / 2 + 1);
  if (failed(r) || failed(i))
    return failure();
  return wrap(irfft(ctx, *r, *i, last, size, n));
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
  if (isComplex(v))
    return wrap(complexAbs(ctx, v));
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return ctx.unary<gn::AbsOp>(*x, false);
}

} // namespace

namespace {

/// as_complex(x), as_real(x), complex(real, imag), angle(x): Spectral.h's
/// builders.
FailureOr<PyValue> asComplex(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return complexFromLastDim(ctx, *x);
}
FailureOr<PyValue> asReal(ImportContext &ctx, Args &a) {
  return wrap(complexToLastDim(ctx, a.get("x")));
}
FailureOr<PyValue> complexOp(ImportContext &ctx, Args &a) {
  auto re = a.tensor("real"), im = a.tensor("imag");
  if (failed(re) || failed(im))
    return failure();
  return complexOf(ctx, *re, *im, false);
}
FailureOr<PyValue> angleOp(ImportContext &ctx, Args &a) {
  return wrap(complexAngle(ctx, a.get("x")));
}

} // namespace

void paddle::registerSpectralOps(OpRegistry &r) {
  r.add("as_complex", "x", asComplex);
  r.add("as_real", "x", asReal);
  r.add("complex", "real, imag", complexOp);
  r.add("angle", "x", angleOp);
  r.add("fft_r2c", "x, axes, normalization='backward', forward=True, onesided=True", fftR2C);
  r.add("fft_c2c", "x, axes, normalization='backward', forward=True", fftC2C);
  r.add("fft_c2r", "x, axes, normalization='backward', forward=False, last_dim_size=0", fftC2R);
  r.add("real", "x", part<false>);
  r.add("conj", "x", [](ImportContext &c, Args &a) { return conjugate(c, a.get("x")); });
  r.add("imag", "x", part<true>);
  r.add("abs", "x", folded<absOp>);
}
