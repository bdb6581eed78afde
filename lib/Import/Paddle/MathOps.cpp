//===- MathOps.cpp - Paddle's math functions and activations built from gn ops ===//
//
// tan, asin, sinh, expm1, log2, isinf, fmax, heaviside, celu, selu, the
// shrinks, stanh, logsumexp, amax, lerp, ...: formulas over gn ops shared
// with the torch frontend (gn/Import/Python/MathFunctions.h), or gn ops
// with Paddle's argument order (softplus, hardtanh, mish, trunc, rint,
// atan2).
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include "gn/Import/Python/MathFunctions.h"
#include "gn/Import/Python/OpChain.h"
#include "llvm/ADT/Sequence.h"
#include <cmath>
#include <limits>
#include <utility>

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

/// (Paddle op names, the function's name in MathFunctions.h).
constexpr std::pair<const char *, const char *> kUnary[] = {
    {"tan", "tan"},         {"atan", "atan"},           {"asin", "asin"},
    {"acos", "acos"},       {"sinh", "sinh"},           {"cosh", "cosh"},
    {"asinh", "asinh"},     {"acosh", "acosh"},         {"atanh", "atanh"},
    {"expm1", "expm1"},     {"log2", "log2"},           {"log10", "log10"},
    {"softsign", "softsign"}, {"tanh_shrink", "tanhshrink"}, {"logsigmoid", "logsigmoid"},
    {"erfinv", "erfinv"},   {"lgamma|gammaln", "lgamma"}, {"digamma", "digamma"},
    {"i0", "i0"},           {"i0e", "i0e"},             {"i1", "i1"},
    {"i1e", "i1e"},
};

constexpr std::pair<const char *, const char *> kBinary[] = {
    {"fmax", "fmax"}, {"fmin", "fmin"}, {"heaviside", "heaviside"}, {"gammaincc", "igamc"}};

constexpr const char *kClasses[] = {"isinf", "isfinite"};

template <size_t I> FailureOr<PyValue> unaryFn(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return wrap(math::unary(ctx, kUnary[I].second, *x));
}

template <size_t I> FailureOr<PyValue> binaryFn(ImportContext &ctx, Args &a) {
  return math::binary(ctx, kBinary[I].second, a.get("x"), a.get("y"));
}

template <size_t I> FailureOr<PyValue> classFn(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return wrap(math::classify(ctx, kClasses[I], *x));
}

template <size_t... I> void addUnary(OpRegistry &r, std::index_sequence<I...>) {
  (r.add(kUnary[I].first, "x", folded<unaryFn<I>>), ...);
}
template <size_t... I> void addBinary(OpRegistry &r, std::index_sequence<I...>) {
  (r.add(kBinary[I].first, "x, y", folded<binaryFn<I>>), ...);
}
template <size_t... I> void addClasses(OpRegistry &r, std::index_sequence<I...>) {
  (r.add(kClasses[I], "x", folded<classFn<I>>), ...);
}

template <bool Hard> FailureOr<PyValue> shrink(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto t = number(a, ctx, "threshold");
  if (failed(x) || failed(t))
    return failure();
  return wrap(math::shrink(ctx, *x, *t, Hard));
}

FailureOr<PyValue> celu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto alpha = number(a, ctx, "alpha");
  if (failed(x) || failed(alpha))
    return failure();
  return wrap(math::celu(ctx, *x, *alpha));
}

FailureOr<PyValue> selu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto scale = number(a, ctx, "scale"), alpha = number(a, ctx, "alpha");
  if (failed(x) || failed(scale) || failed(alpha))
    return failure();
  return wrap(math::selu(ctx, *x, *scale, *alpha));
}

FailureOr<PyValue> thresholdedRelu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto t = number(a, ctx, "threshold"), v = number(a, ctx, "value");
  if (failed(x) || failed(t) || failed(v))
    return failure();
  return wrap(math::thresholdedRelu(ctx, *x, *t, *v));
}

/// stanh(x, scale_a, scale_b) = scale_b * tanh(scale_a * x).
FailureOr<PyValue> stanh(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto sa = number(a, ctx, "scale_a"), sb = number(a, ctx, "scale_b");
  if (failed(x) || failed(sa) || failed(sb))
    return failure();
  auto inner = ctx.binary<gn::MulOp>(PyValue::of(*x), PyValue::real(*sa), /*resultFloat=*/true);
  if (failed(inner))
    return failure();
  auto t = ctx.build<gn::TanhOp>({inner->tensor});
  if (failed(t))
    return failure();
  return ctx.binary<gn::MulOp>(PyValue::of(*t), PyValue::real(*sb));
}

FailureOr<PyValue> softplus(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto beta = number(a, ctx, "beta"), threshold = number(a, ctx, "threshold");
  if (failed(x) || failed(beta) || failed(threshold))
    return failure();
  auto in = ctx.convert(*x, isFloat(typeOf(*x).getElementType()) ? typeOf(*x).getElementType()
                                                                  : ctx.f32());
  if (failed(in))
    return failure();
  return wrap(ctx.build<gn::SoftplusOp>(
      {*in}, {ctx.f64("beta", *beta), ctx.f64("threshold", *threshold)}));
}

FailureOr<PyValue> hardtanh(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto lo = number(a, ctx, "min"), hi = number(a, ctx, "max");
  if (failed(x) || failed(lo) || failed(hi))
    return failure();
  return wrap(ctx.build<gn::ClampOp>({*x}, {ctx.f64("min", *lo), ctx.f64("max", *hi)}));
}

/// mish(x, threshold): gn.mish's softplus turns linear above 20, as
/// PaddlePaddle's does at its default; another threshold is refused.
FailureOr<PyValue> mish(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto threshold = number(a, ctx, "threshold");
  if (failed(x) || failed(threshold))
    return failure();
  if (*threshold != 20.0)
    return a.error("threshold " + std::to_string(*threshold) +
                   " is not supported (gn.mish's softplus is linear above 20)");
  return ctx.unary<gn::MishOp>(*x, /*floatOnly=*/true);
}

/// trunc and rint keep integer tensors as they are.
template <typename OpTy> FailureOr<PyValue> rounding(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  if (!isFloat(typeOf(*x).getElementType()))
    return PyValue::of(*x);
  return wrap(ctx.build<OpTy>({*x}));
}

/// copysign(x, y): PaddlePaddle keeps integer types (torch turns them to
/// floats): |x| with y's sign for signed integers, x itself for bool and
/// uint8 (checked on 3.3); floats as math::binary.
FailureOr<PyValue> copysign(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("y");
  if (failed(x) || failed(y))
    return failure();
  Type e = typeOf(*x).getElementType();
  if (isFloat(e) || isFloat(typeOf(*y).getElementType()))
    return math::binary(ctx, "copysign", a.get("x"), a.get("y"));
  if (e.isInteger(1) || e.isUnsignedInteger())
    return PyValue::of(*x);
  Chain c{ctx};
  Value magnitude = c.op<gn::AbsOp>({*x});
  Value negative = c.op<gn::LtOp>({c.convert(*y, e), ctx.splat(e, 0)});
  Value r = c.op<gn::WhereOp>({negative, c.op<gn::NegOp>({magnitude}), magnitude});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// round(x, decimals): half to even at 10^-decimals for floats (x scaled,
/// rounded, scaled back, as PaddlePaddle's kernel); integers unchanged.
FailureOr<PyValue> roundDecimals(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto d = a.integer("decimals");
  if (failed(x) || failed(d))
    return failure();
  Type e = typeOf(*x).getElementType();
  if (!isFloat(e))
    return PyValue::of(*x);
  if (*d == 0)
    return wrap(ctx.build<gn::RoundOp>({*x}));
  if (std::abs(*d) > 300)
    return a.error("decimals out of range");
  Value scale = ctx.splat(e, std::pow(10.0, (double)*d));
  Chain c{ctx};
  Value r = c.op<gn::DivOp>({c.op<gn::RoundOp>({c.op<gn::MulOp>({*x, scale})}), scale});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// lerp(x, y, weight) = x + weight * (y - x).
FailureOr<PyValue> lerp(ImportContext &ctx, Args &a) {
  auto d = ctx.binary<gn::SubOp>(a.get("y"), a.get("x"));
  if (failed(d))
    return failure();
  auto w = ctx.binary<gn::MulOp>(a.get("weight"), *d);
  if (failed(w))
    return failure();
  return ctx.binary<gn::AddOp>(a.get("x"), *w);
}

template <typename OpTy> FailureOr<PyValue> extreme(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto k = a.boolean("keepdim");
  if (failed(x) || failed(k))
    return failure();
  auto type = typeOf(*x);
  auto dims = axes(a, ctx, "axis", type.getRank(), /*emptyMeansAll=*/true);
  if (failed(dims))
    return failure();
  if (type.getRank() == 0)
    return PyValue::of(*x);
  return wrap(ctx.build<OpTy>({*x}, {ctx.ints("dims", *dims), ctx.flag("keepdim", *k)}));
}

/// logsumexp(x, axis, keepdim, reduce_all): math::logsumexp.
FailureOr<PyValue> logsumexp(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto k = a.boolean("keepdim"), all = a.boolean("reduce_all");
  if (failed(x) || failed(k) || failed(all))
    return failure();
  Value in = *x;
  if (!isFloat(typeOf(in).getElementType())) { // integers: float32 (PaddlePaddle)
    auto f = ctx.convert(in, ctx.f32());
    if (failed(f))
      return failure();
    in = *f;
  }
  auto type = typeOf(in);
  auto dims = axes(a, ctx, "axis", type.getRank(), /*emptyMeansAll=*/true);
  if (failed(dims))
    return failure();
  if (*all) {
    dims->clear();
    for (int64_t i = 0; i < type.getRank(); ++i)
      dims->push_back(i);
  }
  if (type.getRank() == 0)
    return PyValue::of(in);
  return wrap(math::logsumexp(ctx, in, *dims, *k));
}

/// isclose(x, y, rtol, atol, equal_nan): math::isclose.
FailureOr<PyValue> isclose(ImportContext &ctx, Args &a) {
  auto rtol = number(a, ctx, "rtol"), atol = number(a, ctx, "atol");
  auto equalNan = a.boolean("equal_nan");
  if (failed(rtol) || failed(atol) || failed(equalNan))
    return failure();
  return wrap(math::isclose(ctx, a.get("x"), a.get("y"), *rtol, *atol, *equalNan));
}

/// allclose(x, y, rtol, atol, equal_nan): every element isclose, a 0-d bool.
FailureOr<PyValue> allclose(ImportContext &ctx, Args &a) {
  auto close = isclose(ctx, a);
  if (failed(close))
    return failure();
  int64_t rank = close->type().getRank();
  auto dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  return wrap(ctx.build<gn::ReduceAllOp>({close->tensor},
                                         {ctx.ints("dims", dims), ctx.flag("keepdim", false)}));
}

/// equal_all(x, y): a 0-d bool, true when the shapes match and every
/// element is equal (shapes that differ: false, not an error).
FailureOr<PyValue> equalAll(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("y");
  if (failed(x) || failed(y))
    return failure();
  if (typeOf(*x).getShape() != typeOf(*y).getShape())
    return PyValue::of(ctx.splat(ctx.i1(), 0));
  auto eq = ctx.compare<gn::EqOp>(PyValue::of(*x), PyValue::of(*y));
  if (failed(eq))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  auto dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  return wrap(ctx.build<gn::ReduceAllOp>({eq->tensor},
                                         {ctx.ints("dims", dims), ctx.flag("keepdim", false)}));
}

/// bitwise_left_shift / bitwise_right_shift(x, y, is_arithmetic) of
/// integers (math::shift; a left shift is the same either way).
template <bool Left> FailureOr<PyValue> shift(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("y");
  auto arithmetic = a.boolean("is_arithmetic");
  if (failed(x) || failed(y) || failed(arithmetic))
    return failure();
  Type e = typeOf(*x).getElementType();
  if (!llvm::isa<IntegerType>(e) || e.isInteger(1))
    return a.error("shifts take integer tensors");
  auto kind = Left          ? math::Shift::Left
              : *arithmetic ? math::Shift::RightArithmetic
                            : math::Shift::RightLogical;
  auto r = math::shift(ctx, *x, *y, kind);
  if (failed(r))
    return failure();
  return PyValue::of(*r);
}

/// logit(x, eps): log(x / (1 - x)) of x clamped to [eps, 1 - eps], as
/// PaddlePaddle's kernel clamps it.
FailureOr<PyValue> logit(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto eps = number(a, ctx, "eps");
  if (failed(x) || failed(eps))
    return failure();
  Type e = typeOf(*x).getElementType();
  if (!isFloat(e))
    return a.error("expects a floating tensor");
  Chain c{ctx};
  Value v = c.op<gn::ClampOp>({*x}, {ctx.f64("min", *eps), ctx.f64("max", 1 - *eps)});
  Value r = c.op<gn::LogOp>({c.op<gn::DivOp>({v, c.op<gn::SubOp>({ctx.splat(e, 1), v})})});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// trunc_divide(x, y): x / y rounded toward zero (integers: C division).
FailureOr<PyValue> truncDivide(ImportContext &ctx, Args &a) {
  auto q = ctx.binary<gn::DivOp>(a.get("x"), a.get("y"));
  if (failed(q))
    return failure();
  if (!isFloat(q->type().getElementType()))
    return q;
  return wrap(ctx.build<gn::TruncOp>({q->tensor}));
}

} // namespace

void paddle::registerMathOps(OpRegistry &r) {
  r.add("isclose", "x, y, rtol=1e-05, atol=1e-08, equal_nan=False", folded<isclose>);
  r.add("allclose", "x, y, rtol=1e-05, atol=1e-08, equal_nan=False", folded<allclose>);
  r.add("equal_all", "x, y", folded<equalAll>);
  r.add("polygamma", "x, n", [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
    auto n = a.integer("n");
    auto x = a.tensor("x");
    if (failed(n) || failed(x))
      return failure();
    return wrap(math::polygamma(ctx, *n, *x));
  });
  r.add("bitwise_left_shift", "x, y, is_arithmetic=True", folded<shift<true>>);
  r.add("bitwise_right_shift", "x, y, is_arithmetic=True", folded<shift<false>>);
  r.add("logit", "x, eps=1e-06", folded<logit>);
  r.add("trunc_divide", "x, y", folded<truncDivide>);
  addUnary(r, std::make_index_sequence<std::size(kUnary)>());
  addBinary(r, std::make_index_sequence<std::size(kBinary)>());
  addClasses(r, std::make_index_sequence<std::size(kClasses)>());
  r.add("softshrink", "x, threshold=0.5", folded<shrink<false>>);
  r.add("hardshrink", "x, threshold=0.5", folded<shrink<true>>);
  r.add("celu", "x, alpha=1.0", folded<celu>);
  r.add("selu", "x, scale=1.0507009873554805, alpha=1.6732632423543772", folded<selu>);
  r.add("thresholded_relu", "x, threshold=1.0, value=0.0", folded<thresholdedRelu>);
  r.add("stanh", "x, scale_a=0.67, scale_b=1.7159", folded<stanh>);
  r.add("softplus", "x, beta=1.0, threshold=20.0", folded<softplus>);
  r.add("hardtanh", "x, min=-1.0, max=1.0", folded<hardtanh>);
  r.add("mish", "x, threshold=20.0", folded<mish>);
  // Integers stay as they are, in their type (PaddlePaddle 3.3).
  r.add("floor", "x", folded<rounding<gn::FloorOp>>);
  r.add("ceil", "x", folded<rounding<gn::CeilOp>>);
  r.add("trunc", "x", folded<rounding<gn::TruncOp>>);
  r.add("rint", "x", folded<rounding<gn::RoundOp>>);
  // Integer operands give float64 in PaddlePaddle (checked on 3.3).
  r.add("atan2", "x, y", [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
    auto x = a.tensor("x"), y = a.tensor("y");
    if (failed(x) || failed(y))
      return failure();
    if (!isFloat(typeOf(*x).getElementType()) && !isFloat(typeOf(*y).getElementType())) {
      Type f64 = ctx.builder.getF64Type();
      auto xf = ctx.convert(*x, f64), yf = ctx.convert(*y, f64);
      if (failed(xf) || failed(yf))
        return failure();
      return wrap(ctx.build<gn::Atan2Op>({*xf, *yf}));
    }
    return ctx.binary<gn::Atan2Op>(a.get("x"), a.get("y"), /*resultFloat=*/true);
  });
  r.add("copysign", "x, y", folded<copysign>);
  r.add("round", "x, decimals=0", folded<roundDecimals>);
  r.add("lerp", "x, y, weight", folded<lerp>);
  r.add("amax", "x, axis=None, keepdim=False", folded<extreme<gn::ReduceMaxOp>>);
  r.add("amin", "x, axis=None, keepdim=False", folded<extreme<gn::ReduceMinOp>>);
  r.add("logsumexp", "x, axis=None, keepdim=False, reduce_all=False", folded<logsumexp>);
}
