//===- MathChain.h - shorthands for formulas built from gn ops -*- C++ -*-===//
//
// Private to lib/Import/Python: the chain of gn ops that MathFunctions.cpp,
// SpecialFunctions.cpp, BesselFunctions.cpp and IncompleteGamma.cpp write
// their formulas with, the constants they share, and what they call across
// files.
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_IMPORT_PYTHON_MATHCHAIN_H
#define GN_LIB_IMPORT_PYTHON_MATHCHAIN_H

#include "gn/Import/Python/ImportContext.h"
#include "gn/Import/Python/OpChain.h"

#include <limits>

namespace mlir::gn::import::math::detail {

inline constexpr double kPi = 3.14159265358979323846;
inline constexpr double kEulerGamma = 0.57721566490153286061;
inline constexpr double kInf = std::numeric_limits<double>::infinity();
inline constexpr double kNan = std::numeric_limits<double>::quiet_NaN();

inline RankedTensorType typeOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

/// A chain of gn ops over one compute type, with shorthands for the
/// formulas below.
struct Math {
  ImportContext &ctx;
  Chain c;
  Type t;
  Math(ImportContext &ctx, Type t) : ctx(ctx), c{ctx}, t(t) {}

  Value k(double v) { return ctx.splat(t, v); }
  Value add(Value a, Value b) { return c.op<gn::AddOp>({a, b}); }
  Value sub(Value a, Value b) { return c.op<gn::SubOp>({a, b}); }
  Value mul(Value a, Value b) { return c.op<gn::MulOp>({a, b}); }
  Value div(Value a, Value b) { return c.op<gn::DivOp>({a, b}); }
  Value max(Value a, Value b) { return c.op<gn::MaximumOp>({a, b}); }
  Value min(Value a, Value b) { return c.op<gn::MinimumOp>({a, b}); }
  Value abs(Value a) { return c.op<gn::AbsOp>({a}); }
  Value neg(Value a) { return c.op<gn::NegOp>({a}); }
  Value exp(Value a) { return c.op<gn::ExpOp>({a}); }
  Value log(Value a) { return c.op<gn::LogOp>({a}); }
  Value log1p(Value a) { return c.op<gn::Log1pOp>({a}); }
  Value sqrt(Value a) { return c.op<gn::SqrtOp>({a}); }
  Value tanh(Value a) { return c.op<gn::TanhOp>({a}); }
  Value atan2(Value a, Value b) { return c.op<gn::Atan2Op>({a, b}); }
  Value lt(Value a, Value b) { return c.op<gn::LtOp>({a, b}); }
  Value gt(Value a, Value b) { return c.op<gn::GtOp>({a, b}); }
  Value le(Value a, Value b) { return c.op<gn::LeOp>({a, b}); }
  Value eq(Value a, Value b) { return c.op<gn::EqOp>({a, b}); }
  Value ne(Value a, Value b) { return c.op<gn::NeOp>({a, b}); }
  Value both(Value a, Value b) { return c.op<gn::AndOp>({a, b}); }
  Value either(Value a, Value b) { return c.op<gn::OrOp>({a, b}); }
  Value where(Value cond, Value a, Value b) { return c.op<gn::WhereOp>({cond, a, b}); }

  /// f(|x|) given x's sign back: -s below 0, x itself at +-0 (keeps -0).
  Value odd(Value x, Value s) { return where(lt(x, k(0)), neg(s), where(eq(x, k(0)), x, s)); }
  Value expm1(Value x) {
    Value t = tanh(mul(x, k(0.5)));
    Value nearZero = div(mul(k(2), t), sub(k(1), t));
    return where(lt(abs(x), k(0.5)), nearZero, sub(exp(x), k(1)));
  }
  /// sqrt((1 - x)(1 + x)), exact in its factors near |x| = 1.
  Value cosOfAsin(Value x) { return sqrt(mul(sub(k(1), x), add(k(1), x))); }
  /// exp(|x|) / 2 as (exp(|x| / 2) / 2) * exp(|x| / 2): no overflow before
  /// the result's, and no rounding of |x| - ln 2 (which costs |x| ulp).
  Value halfExp(Value a) {
    Value root = exp(mul(a, k(0.5)));
    return mul(mul(root, k(0.5)), root);
  }
};

/// c[0] + c[1] t + c[2] t^2 + ... (Horner).
inline Value poly(Math &m, Value t, llvm::ArrayRef<double> c) {
  Value r = m.k(c.back());
  for (size_t i = c.size() - 1; i-- > 0;)
    r = m.add(m.mul(r, t), m.k(c[i]));
  return r;
}

/// The compute type of a float function of `x`: f32 for integers, bools,
/// f16 and bf16; f64 stays.
inline Type computeType(ImportContext &ctx, Type e) {
  return e.isF64() ? e : ctx.f32();
}

/// The result type: x's when it is a float, else f32.
inline Type resultType(ImportContext &ctx, Type e) { return isFloat(e) ? e : ctx.f32(); }

/// Runs `body` on `x` in `compute` and converts the result to `result`.
template <typename Body>
FailureOr<Value> inType(ImportContext &ctx, Value x, Type compute, Type result, Body body) {
  Math m(ctx, compute);
  Value in = m.c.convert(x, m.t);
  Value out = in ? body(m, in) : Value();
  out = out ? m.c.convert(out, result) : Value();
  if (!m.c.ok() || !out)
    return failure();
  return out;
}

/// lgamma (SpecialFunctions.cpp) in m's compute type.
Value lgamma(Math &m, Value x);

/// The regularized incomplete gamma function P(a, x) (or Q = 1 - P with
/// `upper`) in m's compute type, PyTorch's domain (IncompleteGamma.cpp).
Value regularizedGamma(Math &m, Value a, Value x, bool upper);
/// Q(a, x) as PaddlePaddle's gammaincc kernel computes it (its choice of
/// expansion and its edges: 1 where a or x <= 0, NaN where one is infinite).
Value paddleUpperGamma(Math &m, Value a, Value x);

/// The Hurwitz zeta function zeta(s, q) in m's compute type, PyTorch's
/// domain (SpecialFunctions.cpp).
Value hurwitzZeta(Math &m, Value s, Value q);

/// The Bessel functions (BesselFunctions.cpp) of `name`, in m's compute
/// type: i0, i0e, i1, i1e, bessel_j0, bessel_j1, bessel_y0, bessel_y1,
/// modified_bessel_k0, modified_bessel_k1, scaled_modified_bessel_k0,
/// scaled_modified_bessel_k1, spherical_bessel_j0, airy_ai; null for another
/// name.
Value bessel(Math &m, llvm::StringRef name, Value x);

} // namespace mlir::gn::import::math::detail

#endif // GN_LIB_IMPORT_PYTHON_MATHCHAIN_H
