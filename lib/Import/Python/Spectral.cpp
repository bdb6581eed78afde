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

FailureOr<Value> mlir::gn::import::complexAbs(ImportContext &ctx, const PyValue &z) {
  Value re = z.elts[0].tensor, im = z.elts[1].tensor;
  auto rr = ctx.build<gn::MulOp>({re, re}), ii = ctx.build<gn::MulOp>({im, im});
  if (failed(rr) || failed(ii))
    return failure();
  auto sum = ctx.build<gn::AddOp>({*rr, *ii});
  if (failed(sum))
    return failure();
  return ctx.build<gn::SqrtOp>({*sum});
}

FailureOr<PyValue> mlir::gn::import::complexFromLastDim(ImportContext &ctx, Value x) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  if (type.getRank() < 1 || type.getShape().back() != 2 || !isFloat(type.getElementType()))
    return ctx.error("a complex view needs a floating tensor whose last dim is 2");
  int64_t last = type.getRank() - 1;
  llvm::SmallVector<int64_t> shape(type.getShape().drop_back());
  Value parts[2];
  for (int64_t k = 0; k < 2; ++k) {
    llvm::SmallVector<int64_t> starts(type.getRank(), 0), limits(type.getShape()),
        steps(type.getRank(), 1);
    starts[last] = k;
    limits[last] = k + 1;
    auto s = ctx.build<gn::SliceOp>({x}, {ctx.ints("starts", starts), ctx.ints("limits", limits),
                                          ctx.ints("steps", steps)});
    if (failed(s))
      return failure();
    auto r = ctx.reshape(*s, shape);
    if (failed(r))
      return failure();
    parts[k] = *r;
  }
  return complexPair(parts[0], parts[1]);
}

FailureOr<Value> mlir::gn::import::complexToLastDim(ImportContext &ctx, const PyValue &z) {
  if (!isComplex(z))
    return ctx.error("expects a complex tensor");
  llvm::SmallVector<Value> parts;
  for (const PyValue &p : z.elts) {
    llvm::SmallVector<int64_t> shape(
        llvm::cast<RankedTensorType>(p.tensor.getType()).getShape());
    shape.push_back(1);
    auto r = ctx.reshape(p.tensor, shape);
    if (failed(r))
      return failure();
    parts.push_back(*r);
  }
  int64_t last = llvm::cast<RankedTensorType>(parts[0].getType()).getRank() - 1;
  return ctx.build<gn::ConcatOp>(parts, {ctx.i64("dim", last)});
}

FailureOr<PyValue> mlir::gn::import::complexOf(ImportContext &ctx, Value x, Value y, bool polar) {
  Type e = llvm::cast<RankedTensorType>(x.getType()).getElementType();
  if (!isFloat(e) || llvm::cast<RankedTensorType>(y.getType()).getElementType() != e)
    return ctx.error("a complex tensor needs two floating tensors of one dtype");
  Value re = x, im = y;
  if (polar) {
    auto c = ctx.build<gn::CosOp>({y}), s = ctx.build<gn::SinOp>({y});
    if (failed(c) || failed(s))
      return failure();
    auto r = ctx.binary<gn::MulOp>(PyValue::of(x), PyValue::of(*c));
    auto i = ctx.binary<gn::MulOp>(PyValue::of(x), PyValue::of(*s));
    if (failed(r) || failed(i))
      return failure();
    re = r->tensor, im = i->tensor;
  }
  auto sum = ctx.binary<gn::AddOp>(PyValue::of(re), PyValue::of(im));
  if (failed(sum))
    return failure();
  auto shape = sum->type().getShape();
  auto rb = ctx.broadcastTo(re, shape), ib = ctx.broadcastTo(im, shape);
  if (failed(rb) || failed(ib))
    return failure();
  return complexPair(*rb, *ib);
}

FailureOr<Value> mlir::gn::import::complexAngle(ImportContext &ctx, const PyValue &z) {
  if (isComplex(z))
    return ctx.build<gn::Atan2Op>({z.elts[1].tensor, z.elts[0].tensor});
  if (!z.isTensor())
    return ctx.error("angle expects a tensor");
  Type e = isFloat(z.type().getElementType()) ? z.type().getElementType() : ctx.f32();
  auto xf = ctx.convert(z.tensor, e);
  if (failed(xf))
    return failure();
  auto negative = ctx.build<gn::LtOp>({*xf, ctx.splat(e, 0)});
  if (failed(negative))
    return failure();
  auto pi = ctx.build<gn::WhereOp>({*negative, ctx.splat(e, M_PI), ctx.splat(e, 0)});
  auto nan = ctx.build<gn::NeOp>({*xf, *xf});
  if (failed(pi) || failed(nan))
    return failure();
  return ctx.build<gn::WhereOp>({*nan, *xf, *pi});
}

bool mlir::gn::import::eitherComplex(const PyValue &a, const PyValue &b) {
  return isComplex(a) || isComplex(b);
}

FailureOr<PyValue> mlir::gn::import::complexBinary(ImportContext &ctx, llvm::StringRef symbol,
                                                   llvm::StringRef opName, const PyValue &a,
                                                   const PyValue &b) {
  if (symbol.empty())
    return ctx.error(opName.str() + " of a complex tensor is not supported (add, sub, mul and "
                     "div are)");
  return complexArith(ctx, symbol, a, b);
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

namespace {
/// A complex operand's parts: a complex tensor's (re, im); a real tensor or
/// a Python number as (x, null), in `element`.
FailureOr<std::pair<Value, Value>> partsOf(ImportContext &ctx, const PyValue &v, Type element) {
  if (isComplex(v))
    return std::make_pair(v.elts[0].tensor, v.elts[1].tensor);
  if (v.isNumber())
    return std::make_pair(ctx.splat(element, v.asDouble()), Value());
  if (!v.isTensor())
    return ctx.error("expected a tensor or a number beside a complex tensor, got " + v.describe());
  auto t = ctx.convert(v.tensor, element);
  if (failed(t))
    return failure();
  return std::make_pair(*t, Value());
}
} // namespace

FailureOr<PyValue> mlir::gn::import::complexArith(ImportContext &ctx, llvm::StringRef op,
                                                  const PyValue &a, const PyValue &b) {
  const PyValue &c = isComplex(a) ? a : b;
  Type element = typeOf(c.elts[0].tensor).getElementType();
  auto pa = partsOf(ctx, a, element), pb = partsOf(ctx, b, element);
  if (failed(pa) || failed(pb))
    return failure();
  auto [ar, ai] = *pa;
  auto [br, bi] = *pb;
  bool ok = true;
  auto bin = [&](auto tag, Value x, Value y) -> Value {
    using OpTy = decltype(tag);
    if (!ok)
      return Value();
    auto r = ctx.build<OpTy>({x, y});
    ok = succeeded(r);
    return ok ? *r : Value();
  };
  auto neg = [&](Value x) -> Value {
    auto r = ctx.build<gn::NegOp>({x});
    ok = ok && succeeded(r);
    return ok ? *r : Value();
  };
  // Sums and products that skip a null (zero) part.
  auto add = [&](Value x, Value y) { return !x ? y : !y ? x : bin(gn::AddOp(), x, y); };
  auto sub = [&](Value x, Value y) { return !y ? x : !x ? neg(y) : bin(gn::SubOp(), x, y); };
  auto mul = [&](Value x, Value y) { return !x || !y ? Value() : bin(gn::MulOp(), x, y); };
  Value re, im;
  if (op == "+") {
    re = add(ar, br), im = add(ai, bi);
  } else if (op == "-") {
    re = sub(ar, br), im = sub(ai, bi);
  } else if (op == "*") {
    re = sub(mul(ar, br), mul(ai, bi)), im = add(mul(ar, bi), mul(ai, br));
  } else if (op == "/") {
    // (ar + i ai) / (br + i bi) = ((ar br + ai bi) + i (ai br - ar bi)) / (br^2 + bi^2)
    if (!bi) {
      re = bin(gn::DivOp(), ar, br);
      im = ai ? bin(gn::DivOp(), ai, br) : Value();
    } else {
      Value d = add(mul(br, br), mul(bi, bi));
      re = bin(gn::DivOp(), add(mul(ar, br), mul(ai, bi)), d);
      im = bin(gn::DivOp(), sub(mul(ai, br), mul(ar, bi)), d);
    }
  } else {
    return ctx.error("operator '" + op + "' on a complex tensor is not supported (+, -, *, /)");
  }
  if (!ok)
    return failure();
  if (!re) // both parts of the real side were zero: a zero of the other's shape
    re = bin(gn::MulOp(), im, ctx.splat(element, 0.0));
  if (!im)
    im = bin(gn::MulOp(), re, ctx.splat(element, 0.0));
  if (!ok)
    return failure();
  return complexPair(re, im);
}

FailureOr<Value> mlir::gn::import::irfft(ImportContext &ctx, Value re, Value im, int64_t dim,
                                         int64_t n, DftNorm norm) {
  // x[t] = sum_k w_k (Re X[k] cos(2 pi k t / n) - Im X[k] sin(2 pi k t / n)),
  // k < n / 2 + 1, w_k = 2 but 1 at k = 0 and k = n / 2 (n even): the
  // Hermitian extension X[n - k] = conj X[k] folded in. The imaginary parts
  // at k = 0 and n / 2 meet sin = 0 and drop out, as in PyTorch.
  int64_t m = n / 2 + 1;
  auto tRe = swapWithLast(ctx, re, dim);
  if (failed(tRe))
    return failure();
  Type element = typeOf(*tRe).getElementType();
  auto cosT = dftTable<gn::CosOp>(ctx, n, n, element);
  auto sinT = dftTable<gn::SinOp>(ctx, n, n, element);
  if (failed(cosT) || failed(sinT))
    return failure();
  // Rows k < m of the tables, each weighted by w_k.
  std::vector<double> w(m, 2.0);
  w[0] = 1;
  if (n % 2 == 0)
    w[m - 1] = 1;
  auto wType = RankedTensorType::get({m, 1}, element);
  std::vector<float> wf(w.begin(), w.end());
  DenseElementsAttr wAttr = element.isF64()
                                ? DenseElementsAttr::get(wType, llvm::ArrayRef<double>(w))
                                : DenseElementsAttr::get(wType, llvm::ArrayRef<float>(wf));
  Value weights = gn::ConstantOp::create(ctx.builder, ctx.loc, wType, wAttr).getResult();
  auto rows = [&](Value t) -> FailureOr<Value> {
    auto cut = ctx.build<gn::SliceOp>({t}, {ctx.ints("starts", {0, 0}), ctx.ints("limits", {m, n}),
                                           ctx.ints("steps", {1, 1})});
    if (failed(cut))
      return failure();
    return ctx.build<gn::MulOp>({*cut, weights});
  };
  auto c = rows(*cosT), s = rows(*sinT);
  if (failed(c) || failed(s))
    return failure();
  auto real = ctx.build<gn::MatmulOp>({*tRe, *c});
  if (failed(real))
    return failure();
  Value out = *real;
  if (im) {
    auto tIm = swapWithLast(ctx, im, dim);
    if (failed(tIm))
      return failure();
    auto imag = ctx.build<gn::MatmulOp>({*tIm, *s});
    if (failed(imag))
      return failure();
    auto diff = ctx.build<gn::SubOp>({out, *imag});
    if (failed(diff))
      return failure();
    out = *diff;
  }
  double scale = norm == DftNorm::Backward ? 1.0 / n
                 : norm == DftNorm::Ortho  ? 1 / std::sqrt(double(n))
                                           : 1.0;
  if (scale != 1) {
    auto scaled = ctx.build<gn::MulOp>({out, ctx.splat(element, scale)});
    if (failed(scaled))
      return failure();
    out = *scaled;
  }
  return swapWithLast(ctx, out, dim);
}

FailureOr<Value> mlir::gn::import::resizedAlong(ImportContext &ctx, Value v, int64_t dim,
                                                int64_t n) {
  if (!v)
    return v;
  auto type = typeOf(v);
  int64_t have = type.getDimSize(dim), rank = type.getRank();
  if (have == n)
    return v;
  if (have > n) {
    llvm::SmallVector<int64_t> starts(rank, 0), limits(type.getShape()), steps(rank, 1);
    limits[dim] = n;
    return ctx.build<gn::SliceOp>({v}, {ctx.ints("starts", starts), ctx.ints("limits", limits),
                                        ctx.ints("steps", steps)});
  }
  llvm::SmallVector<int64_t> low(rank, 0), high(rank, 0);
  high[dim] = n - have;
  return ctx.build<gn::PadOp>({v}, {ctx.ints("low", low), ctx.ints("high", high),
                                    ctx.str("mode", "constant"), ctx.f64("value", 0)});
}

DftNorm mlir::gn::import::swappedNorm(DftNorm norm) {
  return norm == DftNorm::Backward  ? DftNorm::Forward
         : norm == DftNorm::Forward ? DftNorm::Backward
                                    : norm;
}

FailureOr<Value> mlir::gn::import::conjugateImag(ImportContext &ctx, Value im) {
  if (!im)
    return im;
  return ctx.build<gn::NegOp>({im});
}

FailureOr<PyValue> mlir::gn::import::conjugate(ImportContext &ctx, const PyValue &v) {
  if (!isComplex(v)) {
    if (!v.isTensor())
      return ctx.error("conj expects a tensor");
    return v;
  }
  auto im = conjugateImag(ctx, v.elts[1].tensor);
  if (failed(im))
    return failure();
  return complexPair(v.elts[0].tensor, *im);
}
