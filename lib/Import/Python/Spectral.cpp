//===- Spectral.cpp - DFTs and complex values, for every frontend --------===//
#include "gn/Import/Python/Spectral.h"
#include "gn/IR/GnOps.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn::import;

namespace {

constexpr llvm::StringLiteral kComplex = "complex tensor";

RankedTensorType typeOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

/// The [N, M] table t[n, k] = f(2*pi * ((n * k) mod N) / N) for f = cos, sin.
template <typename TrigOp>
FailureOr<Value> dftTable(ImportContext &ctx, int64_t n, int64_t m, Type element) {
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
  auto f = ctx.convert(*wrapped, element);
  if (failed(f))
    return failure();
  auto angle = ctx.build<gn::MulOp>({*f, ctx.splat(element, 2 * M_PI / n)});
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
  auto cosT = dftTable<gn::CosOp>(ctx, n, m, type.getElementType());
  auto sinT = dftTable<gn::SinOp>(ctx, n, m, type.getElementType());
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

FailureOr<Value> swapWithLast(ImportContext &ctx, Value v, int64_t axis) {
  int64_t rank = typeOf(v).getRank();
  if (axis == rank - 1)
    return v;
  llvm::SmallVector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    perm.push_back(i);
  std::swap(perm[axis], perm[rank - 1]);
  return ctx.build<gn::TransposeOp>({v}, {ctx.ints("permutation", perm)});
}

} // namespace

PyValue mlir::gn::import::complexPair(Value re, Value im) {
  PyValue v;
  v.kind = PyValue::Opaque;
  v.s = kComplex.str();
  v.elts = {PyValue::of(re), PyValue::of(im)};
  return v;
}

bool mlir::gn::import::isComplex(const PyValue &v) {
  return v.kind == PyValue::Opaque && v.s == kComplex;
}

FailureOr<std::pair<Value, Value>> mlir::gn::import::dft(ImportContext &ctx, Value re, Value im,
                                                         llvm::ArrayRef<int64_t> dims,
                                                         bool onesidedLast, bool inverse,
                                                         DftNorm norm) {
  auto type = typeOf(re);
  double count = 1;
  // The onesided axis first (a real input), then the others, last to first.
  for (auto [i, d] : llvm::enumerate(llvm::reverse(dims))) {
    int64_t n = type.getDimSize(d);
    count *= n;
    int64_t m = (i == 0 && onesidedLast) ? n / 2 + 1 : n;
    if (n == 1 && im) // a DFT of length 1 is the identity
      continue;
    auto tRe = swapWithLast(ctx, re, d);
    if (failed(tRe))
      return failure();
    Value tIm;
    if (im) {
      auto t = swapWithLast(ctx, im, d);
      if (failed(t))
        return failure();
      tIm = *t;
    }
    // An inverse transform is the forward one of the conjugate, conjugated.
    if (inverse && tIm) {
      auto neg = ctx.build<gn::NegOp>({tIm});
      if (failed(neg))
        return failure();
      tIm = *neg;
    }
    auto r = dftLastAxis(ctx, *tRe, tIm, m);
    if (failed(r))
      return failure();
    Value outIm = r->second;
    if (inverse) {
      auto neg = ctx.build<gn::NegOp>({outIm});
      if (failed(neg))
        return failure();
      outIm = *neg;
    }
    auto backRe = swapWithLast(ctx, r->first, d), backIm = swapWithLast(ctx, outIm, d);
    if (failed(backRe) || failed(backIm))
      return failure();
    re = *backRe;
    im = *backIm;
  }
  if (!im) // every transformed axis of size 1
    im = ctx.splat(typeOf(re).getElementType(), 0, typeOf(re).getShape());
  double scale = 1;
  if (norm == DftNorm::Ortho)
    scale = 1 / std::sqrt(count);
  else if ((norm == DftNorm::Forward) != inverse)
    scale = 1 / count;
  if (scale != 1) {
    Type element = typeOf(re).getElementType();
    auto sRe = ctx.build<gn::MulOp>({re, ctx.splat(element, scale)});
    auto sIm = ctx.build<gn::MulOp>({im, ctx.splat(element, scale)});
    if (failed(sRe) || failed(sIm))
      return failure();
    re = *sRe;
    im = *sIm;
  }
  return std::make_pair(re, im);
}
