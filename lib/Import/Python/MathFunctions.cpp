//===- MathFunctions.cpp - elementwise functions built from gn ops -------===//
//
// Formulas and their precision in f32 (checked against PyTorch and
// PaddlePaddle by the op goldens, math_* cases):
// - asin, acos through atan2 with sqrt((1 - x)(1 + x)): no cancellation
//   near |x| = 1; NaN outside [-1, 1].
// - expm1 = 2t / (1 - t), t = tanh(x / 2), for |x| < 1/2 (exp(x) - 1 would
//   lose all digits near 0), exp(x) - 1 beyond.
// - sinh, asinh keep their relative precision near 0 (through expm1, log1p);
//   sinh, cosh beyond 1 use exp(|x| / 2)^2 / 2, which overflows where they do,
//   not at half the range; asinh, acosh past 1e4 use log(|x|) + ln 2;
//   atanh = (log1p(x) - log1p(-x)) / 2, exact in 1 +- x near |x| = 1.
// - erfc = 1 - erf: absolute error below 1e-7, not relative in the tail.
// - log2, log10 = log(x) times a constant: within 2 ulp of the rounded
//   result, so floor(log2(2^k)) may differ from a correctly rounded log2.
// Signs of zero follow the functions (sinh(-0) = -0).
//
//===----------------------------------------------------------------------===//
#include "gn/Import/Python/MathFunctions.h"
#include "gn/Import/Python/OpChain.h"
#include "MathChain.h"
#include "llvm/ADT/StringSwitch.h"
#include <cfloat>
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::math::detail;

namespace {

constexpr double kLn2 = 0.69314718055994530942;
constexpr double kLn10 = 2.30258509299404568402;

const char *const kUnaryNames[] = {"tan",   "atan",       "asin",       "acos",    "sinh",
                                   "cosh",  "asinh",      "acosh",      "atanh",   "expm1",
                                   "log2",  "log10",      "exp2",       "softsign", "tanhshrink",
                                   "logsigmoid", "erfc",  "frac",       "sinc",    "deg2rad",
                                   "rad2deg"};

/// Runs `body` on `x` in its compute type and converts the result back.
template <typename Body>
FailureOr<Value> inComputeType(ImportContext &ctx, Value x, Type result, Body body) {
  return inType(ctx, x, computeType(ctx, typeOf(x).getElementType()), result, body);
}

} // namespace

bool math::isUnary(llvm::StringRef name) { return llvm::is_contained(kUnaryNames, name); }

FailureOr<Value> math::unary(ImportContext &ctx, llvm::StringRef name, Value x) {
  if (isSpecial(name))
    return special(ctx, name, x);
  if (!isUnary(name))
    return ctx.error("'" + name + "' is not one of gn's built math functions");
  Type result = resultType(ctx, typeOf(x).getElementType());
  return inComputeType(ctx, x, result, [&](Math &m, Value x) -> Value {
    if (name == "tan")
      return m.div(m.c.op<gn::SinOp>({x}), m.c.op<gn::CosOp>({x}));
    if (name == "atan")
      return m.atan2(x, m.k(1));
    if (name == "asin")
      return m.atan2(x, m.cosOfAsin(x));
    if (name == "acos")
      return m.atan2(m.cosOfAsin(x), x);
    if (name == "expm1")
      return m.expm1(x);
    if (name == "sinh") {
      Value a = m.abs(x), u = m.expm1(a);
      Value nearZero = m.mul(m.k(0.5), m.add(u, m.div(u, m.add(u, m.k(1)))));
      Value e = m.halfExp(a);
      Value beyond = m.sub(e, m.div(m.k(0.25), e));
      return m.odd(x, m.where(m.lt(a, m.k(1)), nearZero, beyond));
    }
    if (name == "cosh") {
      Value e = m.halfExp(m.abs(x));
      return m.add(e, m.div(m.k(0.25), e));
    }
    if (name == "asinh") {
      Value a = m.abs(x), a2 = m.mul(a, a);
      Value nearZero = m.log1p(m.add(a, m.div(a2, m.add(m.k(1), m.sqrt(m.add(m.k(1), a2))))));
      Value far = m.add(m.log(a), m.k(kLn2));
      return m.odd(x, m.where(m.gt(a, m.k(1e4)), far, nearZero));
    }
    if (name == "acosh") {
      Value d = m.sub(x, m.k(1));
      Value nearOne = m.log1p(m.add(d, m.sqrt(m.mul(d, m.add(d, m.k(2))))));
      Value far = m.add(m.log(x), m.k(kLn2));
      // NaN below 1 (d (d + 2) overflows to +inf for large negative x).
      return m.where(m.lt(x, m.k(1)), m.k(std::numeric_limits<double>::quiet_NaN()),
                     m.where(m.gt(x, m.k(1e4)), far, nearOne));
    }
    if (name == "atanh")
      return m.mul(m.k(0.5), m.sub(m.log1p(x), m.log1p(m.neg(x))));
    if (name == "log2")
      return m.mul(m.log(x), m.k(1 / kLn2));
    if (name == "log10")
      return m.mul(m.log(x), m.k(1 / kLn10));
    if (name == "exp2")
      return m.c.op<gn::PowOp>({m.k(2), x});
    if (name == "softsign")
      return m.div(x, m.add(m.k(1), m.abs(x)));
    if (name == "tanhshrink")
      return m.sub(x, m.tanh(x));
    if (name == "logsigmoid")
      return m.sub(m.min(x, m.k(0)), m.log1p(m.exp(m.neg(m.abs(x)))));
    if (name == "erfc")
      return m.sub(m.k(1), m.c.op<gn::ErfOp>({x}));
    if (name == "frac")
      return m.sub(x, m.c.op<gn::TruncOp>({x}));
    if (name == "sinc") {
      Value px = m.mul(x, m.k(kPi));
      return m.where(m.eq(x, m.k(0)), m.k(1), m.div(m.c.op<gn::SinOp>({px}), px));
    }
    if (name == "deg2rad")
      return m.mul(x, m.k(kPi / 180));
    return m.mul(x, m.k(180 / kPi)); // rad2deg
  });
}

FailureOr<Value> math::classify(ImportContext &ctx, llvm::StringRef name, Value x) {
  Type e = typeOf(x).getElementType();
  bool known = llvm::StringSwitch<bool>(name)
                   .Cases({"isinf", "isfinite", "isposinf", "isneginf", "isnan"}, true)
                   .Default(false);
  if (!known)
    return ctx.error("'" + name + "' is not one of gn's float classes");
  Math m(ctx, isFloat(e) ? e : ctx.f32());
  if (!isFloat(e)) // integers are finite
    return m.c.take(ctx.build<gn::BroadcastToOp>(
        {ctx.splat(ctx.i1(), name == "isfinite" ? 1 : 0)}, {ctx.ints("shape", typeOf(x).getShape())}));
  const double inf = std::numeric_limits<double>::infinity();
  Value r = name == "isinf"      ? m.eq(m.abs(x), m.k(inf))
            : name == "isfinite" ? m.lt(m.abs(x), m.k(inf))
            : name == "isposinf" ? m.eq(x, m.k(inf))
            : name == "isneginf" ? m.eq(x, m.k(-inf))
                                 : m.ne(x, x);
  if (!m.c.ok())
    return failure();
  return r;
}

FailureOr<Value> math::shrink(ImportContext &ctx, Value x, double lambda, bool hard) {
  Type e = typeOf(x).getElementType();
  return inComputeType(ctx, x, resultType(ctx, e), [&](Math &m, Value x) -> Value {
    // 0 inside [-lambda, lambda]; NaN is outside every interval and stays NaN.
    Value inside = m.both(m.le(m.k(-lambda), x), m.le(x, m.k(lambda)));
    if (hard)
      return m.where(inside, m.k(0), x);
    Value shrunk = m.where(m.gt(x, m.k(lambda)), m.sub(x, m.k(lambda)), m.add(x, m.k(lambda)));
    return m.where(inside, m.k(0), shrunk);
  });
}

FailureOr<Value> math::logsumexp(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> dims,
                                 bool keepdim) {
  Type e = typeOf(x).getElementType();
  Chain c{ctx};
  auto reduceAttrs = [&](bool keep) {
    return llvm::SmallVector<NamedAttribute>{ctx.ints("dims", dims), ctx.flag("keepdim", keep)};
  };
  Value m = c.op<gn::ReduceMaxOp>({x}, reduceAttrs(true));
  Value infinite = c.op<gn::EqOp>({c.op<gn::AbsOp>({m}),
                                   ctx.splat(e, std::numeric_limits<double>::infinity())});
  Value shift = c.op<gn::WhereOp>({infinite, ctx.splat(e, 0), m});
  Value sum = c.op<gn::ReduceSumOp>({c.op<gn::ExpOp>({c.op<gn::SubOp>({x, shift})})},
                                    reduceAttrs(keepdim));
  Value shiftOut = keepdim ? shift : c.reshape(shift, typeOf(sum ? sum : x).getShape());
  Value r = c.op<gn::AddOp>({c.op<gn::LogOp>({sum}), shiftOut});
  if (!c.ok())
    return failure();
  return r;
}

FailureOr<Value> math::celu(ImportContext &ctx, Value x, double alpha) {
  if (alpha == 0)
    return ctx.error("celu: alpha must not be 0");
  Type e = typeOf(x).getElementType();
  return inComputeType(ctx, x, resultType(ctx, e), [&](Math &m, Value x) -> Value {
    Value negative = m.mul(m.k(alpha), m.expm1(m.div(x, m.k(alpha))));
    return m.where(m.gt(x, m.k(0)), x, negative);
  });
}

FailureOr<Value> math::selu(ImportContext &ctx, Value x, double scale, double alpha) {
  Type e = typeOf(x).getElementType();
  return inComputeType(ctx, x, resultType(ctx, e), [&](Math &m, Value x) -> Value {
    Value negative = m.mul(m.k(alpha), m.expm1(x));
    return m.mul(m.k(scale), m.where(m.gt(x, m.k(0)), x, negative));
  });
}

FailureOr<Value> math::thresholdedRelu(ImportContext &ctx, Value x, double threshold,
                                       double value) {
  Type e = typeOf(x).getElementType();
  return inComputeType(ctx, x, resultType(ctx, e), [&](Math &m, Value x) -> Value {
    return m.where(m.gt(x, m.k(threshold)), x, m.k(value));
  });
}

FailureOr<Value> math::nanToNum(ImportContext &ctx, Value x, double nan,
                                std::optional<double> posinf, std::optional<double> neginf) {
  Type e = typeOf(x).getElementType();
  if (!isFloat(e))
    return x; // integers hold no NaN nor inf
  double largest = e.isF64()    ? DBL_MAX
                   : e.isF16()  ? 65504.0
                   : e.isBF16() ? 3.3895313892515355e38
                                : FLT_MAX;
  const double inf = std::numeric_limits<double>::infinity();
  Math m(ctx, e);
  Value r = m.where(m.ne(x, x), m.k(nan),
                    m.where(m.eq(x, m.k(inf)), m.k(posinf.value_or(largest)),
                            m.where(m.eq(x, m.k(-inf)), m.k(neginf.value_or(-largest)), x)));
  if (!m.c.ok())
    return failure();
  return r;
}

FailureOr<Value> math::isclose(ImportContext &ctx, const PyValue &a, const PyValue &b,
                               double rtol, double atol, bool equalNan) {
  auto promoted = ctx.promote({a, b});
  if (failed(promoted))
    return failure();
  Type t = isFloat(*promoted) ? *promoted : ctx.builder.getF64Type();
  auto x = ctx.asTensor(a, t), y = ctx.asTensor(b, t);
  if (failed(x) || failed(y))
    return failure();
  Math m(ctx, t);
  Value actual = m.abs(m.sub(*x, *y));
  Value allowed = m.add(m.k(atol), m.abs(m.mul(*y, m.k(rtol))));
  Value finite = m.both(m.eq(actual, actual),
                        m.ne(actual, m.k(std::numeric_limits<double>::infinity())));
  Value close = m.either(m.eq(*x, *y), m.both(finite, m.le(actual, allowed)));
  if (equalNan)
    close = m.either(close, m.both(m.ne(*x, *x), m.ne(*y, *y)));
  if (!m.c.ok())
    return failure();
  return close;
}

bool math::isBinary(llvm::StringRef name) {
  return llvm::is_contained({"xlogy", "xlog1py", "logaddexp", "logaddexp2", "hypot", "heaviside", "fmax",
                             "fmin", "copysign", "zeta", "gammainc", "gammaincc", "igamc"},
                            name);
}

FailureOr<PyValue> math::binary(ImportContext &ctx, llvm::StringRef name, const PyValue &a,
                                const PyValue &b) {
  if (!isBinary(name))
    return ctx.error("'" + name + "' is not one of gn's built math functions");
  auto promoted = ctx.promote({a, b});
  if (failed(promoted))
    return failure();
  // heaviside, fmax and fmin keep the operands' type; the others are float
  // functions.
  bool keepsType = name == "heaviside" || name == "fmax" || name == "fmin";
  Type result = keepsType ? *promoted : resultType(ctx, *promoted);
  Type compute = keepsType ? *promoted : computeType(ctx, *promoted);
  // zeta and the incomplete gamma functions in f64 whatever the operands'
  // type, rounded once (PyTorch's CPU kernel sums zeta in double too).
  if (name == "zeta" || name.starts_with("gammainc") || name == "igamc")
    compute = ctx.builder.getF64Type();
  auto x = ctx.asTensor(a, compute), y = ctx.asTensor(b, compute);
  if (failed(x) || failed(y))
    return failure();
  Math m(ctx, compute);
  Value r;
  if (name == "xlogy" || name == "xlog1py") {
    // 0 where x = 0, unless y is NaN (PyTorch).
    Value zeroX = m.both(m.eq(*x, m.k(0)), m.eq(*y, *y));
    r = m.where(zeroX, m.k(0), m.mul(*x, name == "xlogy" ? m.log(*y) : m.log1p(*y)));
  } else if (name == "logaddexp" || name == "logaddexp2") {
    // max + log(1 + exp(-|x - y|)) in the function's base; equal operands
    // (both infinite among them) give x + log(2).
    bool two = name == "logaddexp2";
    Value xs = two ? m.mul(*x, m.k(kLn2)) : *x, ys = two ? m.mul(*y, m.k(kLn2)) : *y;
    Value natural = m.add(m.max(xs, ys), m.log1p(m.exp(m.neg(m.abs(m.sub(xs, ys))))));
    natural = m.where(m.eq(xs, ys), m.add(xs, m.k(kLn2)), natural);
    r = two ? m.mul(natural, m.k(1 / kLn2)) : natural;
  } else if (name == "hypot") {
    // Without overflow or underflow of the squares: in f64 for narrower
    // types (exact squares, one rounding), scaled by the larger magnitude in
    // f64. An infinite operand gives +inf even beside NaN (C's hypot).
    Value ax = m.abs(*x), ay = m.abs(*y);
    const double inf = std::numeric_limits<double>::infinity();
    Value infinite = m.either(m.eq(ax, m.k(inf)), m.eq(ay, m.k(inf)));
    if (compute.isF64()) {
      Value big = m.max(ax, ay), small = m.min(ax, ay);
      Value q = m.div(small, big);
      r = m.where(m.eq(big, m.k(0)), m.k(0), m.mul(big, m.sqrt(m.add(m.k(1), m.mul(q, q)))));
    } else {
      Type f64 = ctx.builder.getF64Type();
      Math w(ctx, f64);
      Value wx = w.c.convert(ax, f64);
      Value wy = w.c.convert(ay, f64);
      r = m.c.convert(w.sqrt(w.add(w.mul(wx, wx), w.mul(wy, wy))), compute);
      if (!w.c.ok())
        return failure();
    }
    r = m.where(infinite, m.k(inf), r);
  } else if (name == "zeta") {
    r = hurwitzZeta(m, *x, *y);
  } else if (name.starts_with("gammainc")) {
    r = regularizedGamma(m, *x, *y, name == "gammaincc");
  } else if (name == "igamc") {
    r = paddleUpperGamma(m, *x, *y);
  } else if (name == "heaviside") {
    r = m.where(m.eq(*x, m.k(0)), *y, m.where(m.gt(*x, m.k(0)), m.k(1), m.k(0)));
  } else if (name == "fmax" || name == "fmin") {
    // The other operand where one is NaN (maximum and minimum give NaN).
    Value best = name == "fmax" ? m.max(*x, *y) : m.min(*x, *y);
    r = isFloat(compute) ? m.where(m.ne(*x, *x), *y, m.where(m.ne(*y, *y), *x, best)) : best;
  } else { // copysign: y's sign bit, -0.0 included (1 / -0 = -inf)
    Value negative = m.either(m.lt(*y, m.k(0)),
                              m.both(m.eq(*y, m.k(0)), m.lt(m.div(m.k(1), *y), m.k(0))));
    Value magnitude = m.abs(*x);
    r = m.where(negative, m.neg(magnitude), magnitude);
  }
  r = r ? m.c.convert(r, result) : r;
  if (!m.c.ok() || !r)
    return failure();
  return PyValue::of(r);
}

FailureOr<Value> math::shift(ImportContext &ctx, Value x, Value y, Shift kind) {
  Type t = llvm::cast<RankedTensorType>(x.getType()).getElementType();
  auto it = llvm::dyn_cast<IntegerType>(t);
  if (!it || it.getWidth() == 1)
    return ctx.error("shifts take integer tensors");
  double w = it.getWidth();
  Chain c{ctx};
  Value n = c.convert(y, t);
  auto k = [&](double v) { return ctx.splat(t, v); };
  // 2^e for 0 <= e: integer powers wrap (2^w is 0), so x * 2^y is x << y
  // for every count y < w; the count is clamped first (no power of 2^40).
  auto pow2 = [&](Value e) { return c.op<gn::PowOp>({k(2), e}); };
  Value inRange = c.op<gn::AndOp>({c.op<gn::GeOp>({n, k(0)}), c.op<gn::LtOp>({n, k(w)})});
  Value zero = k(0);
  // Counts outside [0, w) shift every bit out: 0 (the sign fill of an
  // arithmetic right shift is made below, not here).
  auto inRangeOrZero = [&](Value r) -> FailureOr<Value> {
    r = c.op<gn::WhereOp>({inRange, r, zero});
    return c.ok() ? FailureOr<Value>(r) : FailureOr<Value>(failure());
  };
  if (kind == Shift::Left)
    return inRangeOrZero(c.op<gn::MulOp>({x, pow2(c.op<gn::MinimumOp>({n, k(w - 1)}))}));
  if (it.isUnsigned()) // both right shifts: x / 2^y
    return inRangeOrZero(c.op<gn::FloorDivOp>({x, pow2(c.op<gn::MinimumOp>({n, k(w - 1)}))}));
  // Signed: an arithmetic shift by s in [0, w - 1] (w - 1 out of range) is
  // floor(x / 2^s); 2^(w-1) is not representable, so x / 2^(w-2), halved.
  Value s = c.op<gn::WhereOp>({inRange, n, k(w - 1)});
  Value q = c.op<gn::FloorDivOp>({x, pow2(c.op<gn::MinimumOp>({s, k(w - 2)}))});
  Value arithmetic =
      c.op<gn::WhereOp>({c.op<gn::EqOp>({s, k(w - 1)}), c.op<gn::FloorDivOp>({q, k(2)}), q});
  if (kind == Shift::RightArithmetic)
    return c.ok() ? FailureOr<Value>(arithmetic) : FailureOr<Value>(failure());
  // Logical: the low w - s bits of the arithmetic shift, mask 2^(w-s) - 1
  // (2^(w-1) wraps to the minimum, minus 1 the maximum); s = 0 keeps x.
  Value mask = c.op<gn::SubOp>({pow2(c.op<gn::SubOp>({k(w), s})), k(1)});
  return inRangeOrZero(
      c.op<gn::WhereOp>({c.op<gn::EqOp>({n, zero}), x, c.op<gn::AndOp>({arithmetic, mask})}));
}

FailureOr<PyValue> math::lerp(ImportContext &ctx, const PyValue &start, const PyValue &end,
                              const PyValue &weight) {
  auto diff = ctx.binary<gn::SubOp>(end, start);
  if (failed(diff))
    return failure();
  auto nearStart = [&]() -> FailureOr<PyValue> {
    auto scaled = ctx.binary<gn::MulOp>(*diff, weight);
    if (failed(scaled))
      return failure();
    return ctx.binary<gn::AddOp>(start, *scaled);
  };
  auto nearEnd = [&]() -> FailureOr<PyValue> {
    auto rest = ctx.binary<gn::SubOp>(PyValue::real(1.0), weight);
    if (failed(rest))
      return failure();
    auto scaled = ctx.binary<gn::MulOp>(*diff, *rest);
    if (failed(scaled))
      return failure();
    return ctx.binary<gn::SubOp>(end, *scaled);
  };
  if (weight.isNumber())
    return std::abs(weight.asDouble()) < 0.5 ? nearStart() : nearEnd();
  auto low = nearStart(), high = nearEnd();
  if (failed(low) || failed(high))
    return failure();
  auto magnitude = ctx.build<gn::AbsOp>({weight.tensor});
  if (failed(magnitude))
    return failure();
  auto small = ctx.compare<gn::LtOp>(PyValue::of(*magnitude), PyValue::real(0.5));
  if (failed(small))
    return failure();
  auto t = ctx.promote({*low, *high});
  if (failed(t))
    return failure();
  auto l = ctx.asTensor(*low, *t), h = ctx.asTensor(*high, *t);
  if (failed(l) || failed(h))
    return failure();
  auto r = ctx.build<gn::WhereOp>({small->tensor, *l, *h});
  if (failed(r))
    return failure();
  return PyValue::of(*r);
}
