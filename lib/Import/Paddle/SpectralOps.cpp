//===- SpectralOps.cpp - Paddle fft_r2c and its complex results ----------===//
//
// gn has no complex element type. A complex tensor (fft_r2c's result) lives
// only in the frontend, as a pair of real tensors (real and imaginary
// parts); the ops that read one (real, imag, abs) turn it back into a real
// tensor. Any other use of it is an error naming the op.
//
// The DFT is a matmul with cos/sin tables per transformed axis. The tables
// are computed in the graph from (k * n) mod N, so the angle stays exact
// however long the axis is, and no large constant enters the IR.
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

constexpr llvm::StringLiteral kComplex = "complex tensor";

PyValue complexPair(Value re, Value im) {
  PyValue v;
  v.kind = PyValue::Opaque;
  v.s = kComplex.str();
  v.elts = {PyValue::of(re), PyValue::of(im)};
  return v;
}

bool isComplex(const PyValue &v) { return v.kind == PyValue::Opaque && v.s == kComplex; }

/// The [N, M] table t[n, k] = f(2*pi * ((n * k) mod N) / N) for f = cos, sin.
template <typename TrigOp>
FailureOr<Value> dftTable(ImportContext &ctx, int64_t n, int64_t m) {
  Type i64 = ctx.i64Type();
  auto rows = ctx.build<gn::ArangeOp>({}, {ctx.f64("start", 0), ctx.f64("step", 1),
                                           ctx.i64("size", n), ctx.attr("dtype", TypeAttr::get(i64))});
  auto cols = ctx.build<gn::ArangeOp>({}, {ctx.f64("start", 0), ctx.f64("step", 1),
                                           ctx.i64("size", m), ctx.attr("dtype", TypeAttr::get(i64))});
  if (failed(rows) || failed(cols))
    return failure();
  auto r = ctx.reshape(*rows, {n, 1});
  auto c = ctx.reshape(*cols, {1, m});
  if (failed(r) || failed(c))
    return failure();
  auto product = ctx.build<gn::MulOp>({*r, *c});
  if (failed(product))
    return failure();
  auto wrapped = ctx.build<gn::RemOp>({*product, ctx.splat(i64, n)});
  if (failed(wrapped))
    return failure();
  auto f = ctx.convert(*wrapped, ctx.f32());
  if (failed(f))
    return failure();
  auto angle = ctx.build<gn::MulOp>({*f, ctx.splat(ctx.f32(), 2 * M_PI / n)});
  if (failed(angle))
    return failure();
  return ctx.build<TrigOp>({*angle});
}

/// One axis (the last) of a DFT: out[k] = sum_n in[n] * e^{-2 pi i k n / N}
/// for k < m. `im` is null for a real input.
FailureOr<std::pair<Value, Value>> dftLastAxis(ImportContext &ctx, Value re, Value im,
                                               int64_t m) {
  auto type = typeOf(re);
  int64_t n = type.getDimSize(type.getRank() - 1);
  auto cosT = dftTable<gn::CosOp>(ctx, n, m);
  auto sinT = dftTable<gn::SinOp>(ctx, n, m);
  if (failed(cosT) || failed(sinT))
    return failure();
  auto mm = [&](Value a, Value b) { return ctx.build<gn::MatmulOp>({a, b}); };
  // (re + i im)(cos - i sin) = (re cos + im sin) + i (im cos - re sin)
  auto reCos = mm(re, *cosT), reSin = mm(re, *sinT);
  if (failed(reCos) || failed(reSin))
    return failure();
  if (!im) {
    auto negSin = ctx.build<gn::NegOp>({*reSin});
    if (failed(negSin))
      return failure();
    return std::make_pair(*reCos, *negSin);
  }
  auto imCos = mm(im, *cosT), imSin = mm(im, *sinT);
  if (failed(imCos) || failed(imSin))
    return failure();
  auto outRe = ctx.build<gn::AddOp>({*reCos, *imSin});
  auto outIm = ctx.build<gn::SubOp>({*imCos, *reSin});
  if (failed(outRe) || failed(outIm))
    return failure();
  return std::make_pair(*outRe, *outIm);
}

/// The permutation that swaps `axis` and the last dim (its own inverse).
llvm::SmallVector<int64_t> swapWithLast(int64_t rank, int64_t axis) {
  llvm::SmallVector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    perm.push_back(i);
  std::swap(perm[axis], perm[rank - 1]);
  return perm;
}

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
  Value re = *in, im;
  double count = 1;
  // The onesided axis first (real input), then the others, last to first.
  llvm::SmallVector<int64_t> order;
  for (int64_t axis : llvm::reverse(*axesList)) {
    auto d = ctx.dim(axis, rank);
    if (failed(d))
      return failure();
    order.push_back(*d);
  }
  for (auto [i, d] : llvm::enumerate(order)) {
    int64_t n = type.getDimSize(d);
    count *= n;
    int64_t m = (i == 0 && *onesided) ? n / 2 + 1 : n;
    if (n == 1 && im) // a DFT of length 1 is the identity
      continue;
    auto perm = swapWithLast(rank, d);
    auto tRe = transpose(ctx, re, perm);
    if (failed(tRe))
      return failure();
    Value tIm;
    if (im) {
      auto t = transpose(ctx, im, perm);
      if (failed(t))
        return failure();
      tIm = *t;
    }
    auto r = dftLastAxis(ctx, *tRe, tIm, m);
    if (failed(r))
      return failure();
    auto backRe = transpose(ctx, r->first, perm), backIm = transpose(ctx, r->second, perm);
    if (failed(backRe) || failed(backIm))
      return failure();
    re = *backRe;
    im = *backIm;
  }
  if (!*forward) { // e^{+i...}: the conjugate of the forward result
    auto neg = ctx.build<gn::NegOp>({im});
    if (failed(neg))
      return failure();
    im = *neg;
  }
  double scale = 1;
  if (*norm == "ortho")
    scale = 1 / std::sqrt(count);
  else if ((*norm == "forward") == *forward)
    scale = 1 / count;
  if (scale != 1) {
    auto sRe = ctx.build<gn::MulOp>({re, ctx.splat(ctx.f32(), scale)});
    auto sIm = ctx.build<gn::MulOp>({im, ctx.splat(ctx.f32(), scale)});
    if (failed(sRe) || failed(sIm))
      return failure();
    re = *sRe;
    im = *sIm;
  }
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
