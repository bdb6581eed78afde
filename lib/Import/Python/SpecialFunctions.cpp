//===- SpecialFunctions.cpp - erfinv, lgamma, digamma, entr, ndtr ---------===//
//
// torch.special's and PaddlePaddle's special functions, built from gn ops
// like MathFunctions.cpp's (so every target runs them without kernels of
// their own). They compute in f64 whatever the input's type and round once:
// the series below cancel, and f64 keeps f32 results correctly rounded or
// within an ulp.
//
// - lgamma: Lanczos (g = 7, 9 terms; about 1e-15 relative in f64) for
//   x >= 1/2, the reflection log(pi / |sin(pi x)|) - lgamma(1 - x) below,
//   with sin(pi x) taken of x - round(x) (exact) so large |x| loses nothing.
//   +-inf give inf, non-positive integers inf (both frameworks); -log|x| -
//   gamma x below |x| = 1e-8, exactly 0 at 1 and 2.
// - digamma: six steps of psi(x) = psi(x + 1) - 1 / x, then the asymptotic
//   series to 1 / z^10 at z >= 6.5 (error below 1e-11); the reflection
//   psi(1 - x) - pi / tan(pi x) below 1/2. psi(+-0) = -+inf, NaN at the
//   negative integers and -inf (both frameworks).
// - erfinv: Giles' single-precision approximation ("Approximating the erfinv
//   function", 2010; about 4e-7 relative) refined by two Newton steps on
//   erf in f64. +-1 give +-inf, |y| > 1 NaN (PyTorch; PaddlePaddle gives inf).
// - The Bessel functions (i0, bessel_j0, modified_bessel_k0, ...): in
//   BesselFunctions.cpp.
// - erfcx = exp(x^2) erfc(x): exp(x^2) (1 - erf(x)) below x = 2 (erfc(2) is
//   4.7e-3, so 1 - erf keeps 13 digits; below 0 it is in [1, 2]), Laplace's
//   continued fraction (48 levels) from 2 on: within 6e-14 relative of
//   mpmath, as PyTorch (the rounding of x^2 in exp(x^2) dominates); inf
//   below -26.6 where exp(x^2) overflows, 0 at +inf.
// - zeta(s, q), the Hurwitz zeta function (also polygamma's): see
//   hurwitzZeta below.
// - entr: -x log(x) for x > 0, 0 at 0, -inf below.
// - ndtr: the standard normal CDF, (1 + erf(x / sqrt 2)) / 2; log_ndtr its
//   log, below -6 by the asymptotic series (12 terms: within 1e-8 there,
//   where 1 + erf has cancelled; finite where the CDF underflows); ndtri its
//   inverse, sqrt 2 erfinv(2p - 1).
//
//===----------------------------------------------------------------------===//
#include "MathChain.h"
#include "gn/Import/Python/MathFunctions.h"
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::math::detail;

namespace {

const char *const kSpecialNames[] = {
    "erfinv",    "erfcx",     "lgamma",    "digamma",   "entr",      "ndtr",
    "log_ndtr",  "ndtri",     "i0",        "i0e",       "i1",
    "i1e",       "bessel_j0", "bessel_j1", "bessel_y0", "bessel_y1",
    "modified_bessel_k0",        "modified_bessel_k1", "scaled_modified_bessel_k0",
    "scaled_modified_bessel_k1", "spherical_bessel_j0", "airy_ai"};

/// x - round(x): exact, and sin(pi x), tan(pi x) follow from it.
Value fractionalPart(Math &m, Value x) { return m.sub(x, m.c.op<gn::RoundOp>({x})); }
Value isNonPositiveInteger(Math &m, Value x) {
  return m.both(m.le(x, m.k(0)), m.eq(x, m.c.op<gn::FloorOp>({x})));
}

/// lgamma for x >= 1/2 (Lanczos, g = 7).
Value lanczos(Math &m, Value x) {
  static const double p[] = {0.99999999999980993,  676.5203681218851,    -1259.1392167224028,
                             771.32342877765313,   -176.61502916214059,  12.507343278686905,
                             -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7};
  Value z = m.sub(x, m.k(1));
  Value a = m.k(p[0]);
  for (int i = 1; i < 9; ++i)
    a = m.add(a, m.div(m.k(p[i]), m.add(z, m.k(i))));
  Value t = m.add(z, m.k(7.5));
  Value lead = m.add(m.k(0.5 * std::log(2 * kPi)), m.mul(m.add(z, m.k(0.5)), m.log(t)));
  return m.add(lead, m.sub(m.log(a), t));
}

/// digamma for x > 0.
Value digammaPositive(Math &m, Value x) {
  Value z = m.add(x, m.k(6));
  Value w = m.div(m.k(1), m.mul(z, z));
  Value tail = poly(m, w, {0, 1.0 / 12, -1.0 / 120, 1.0 / 252, -1.0 / 240, 1.0 / 132});
  Value r = m.sub(m.sub(m.log(z), m.div(m.k(0.5), z)), tail);
  for (int k = 0; k < 6; ++k)
    r = m.sub(r, m.div(m.k(1), m.add(x, m.k(k))));
  return r;
}

Value digamma(Math &m, Value x) {
  Value px = m.mul(fractionalPart(m, x), m.k(kPi));
  Value tan = m.div(m.c.op<gn::SinOp>({px}), m.c.op<gn::CosOp>({px}));
  Value reflected = m.sub(digammaPositive(m, m.sub(m.k(1), x)), m.div(m.k(kPi), tan));
  Value r = m.where(m.lt(x, m.k(0.5)), reflected, digammaPositive(m, x));
  // psi(+0) = -inf, psi(-0) = +inf; NaN at the negative integers.
  Value negativeZero = m.lt(m.div(m.k(1), x), m.k(0));
  Value atZero = m.where(negativeZero, m.k(kInf), m.k(-kInf));
  r = m.where(isNonPositiveInteger(m, x), m.k(kNan), r);
  return m.where(m.eq(x, m.k(0)), atZero, r);
}

Value erfinv(Math &m, Value y) {
  Value w = m.neg(m.log(m.mul(m.sub(m.k(1), y), m.add(m.k(1), y))));
  Value central = poly(m, m.sub(w, m.k(2.5)),
                       {1.50140941, 0.246640727, -0.00417768164, -0.00125372503, 0.00021858087,
                        -4.39150654e-06, -3.5233877e-06, 3.43273939e-07, 2.81022636e-08});
  Value tail = poly(m, m.sub(m.sqrt(w), m.k(3)),
                    {2.83297682, 1.00167406, 0.00943887047, -0.0076224613, 0.00573950773,
                     -0.00367342844, 0.00134934322, 0.000100950558, -0.000200214257});
  Value x = m.mul(m.where(m.lt(w, m.k(5)), central, tail), y);
  // Newton on erf(x) = y; erf'(x) = 2 / sqrt(pi) exp(-x^2).
  for (int i = 0; i < 2; ++i) {
    Value slope = m.mul(m.k(2 / std::sqrt(kPi)), m.exp(m.neg(m.mul(x, x))));
    x = m.sub(x, m.div(m.sub(m.c.op<gn::ErfOp>({x}), y), slope));
  }
  Value a = m.abs(y);
  x = m.where(m.eq(a, m.k(1)), m.mul(y, m.k(kInf)), x);
  return m.where(m.gt(a, m.k(1)), m.k(kNan), x);
}

/// exp(x^2) erfc(x).
Value erfcx(Math &m, Value x) {
  Value direct = m.mul(m.exp(m.mul(x, x)), m.sub(m.k(1), m.c.op<gn::ErfOp>({x})));
  // Laplace's continued fraction 1 / (sqrt(pi) (x + (1/2) / (x + 1 / (x +
  // (3/2) / (x + ...))))), 48 levels.
  Value r = x;
  for (int k = 48; k >= 1; --k)
    r = m.add(x, m.div(m.k(k * 0.5), r));
  Value fraction = m.div(m.k(1 / std::sqrt(kPi)), r);
  return m.where(m.lt(x, m.k(2)), direct, fraction);
}

Value entr(Math &m, Value x) {
  Value r = m.neg(m.mul(x, m.log(x)));
  r = m.where(m.eq(x, m.k(0)), m.k(0), r);
  return m.where(m.lt(x, m.k(0)), m.k(-kInf), r);
}

Value ndtr(Math &m, Value x) {
  return m.mul(m.add(m.k(1), m.c.op<gn::ErfOp>({m.mul(x, m.k(M_SQRT1_2))})), m.k(0.5));
}

Value logNdtr(Math &m, Value x) {
  // -x^2/2 - log(-x) - log(2 pi)/2 + log(1 + sum (-1)^n (2n-1)!! / x^(2n)).
  Value inv2 = m.div(m.k(1), m.mul(x, x));
  Value term = m.k(1), sum = m.k(1);
  for (int n = 1; n <= 12; ++n) {
    term = m.mul(term, m.mul(inv2, m.k(-(2.0 * n - 1))));
    sum = m.add(sum, term);
  }
  Value tail = m.add(m.sub(m.mul(m.mul(x, x), m.k(-0.5)), m.log(m.neg(x))),
                     m.sub(m.log(sum), m.k(0.5 * std::log(2 * kPi))));
  // The branch not taken sees safe arguments (no log of a negative).
  Value below = m.lt(x, m.k(-6));
  Value direct = m.log(ndtr(m, m.where(below, m.k(0), x)));
  return m.where(below, tail, direct);
}

} // namespace

Value math::detail::lgamma(Math &m, Value x) {
  Value sinPiX = m.abs(m.c.op<gn::SinOp>({m.mul(fractionalPart(m, x), m.k(kPi))}));
  Value reflected = m.sub(m.log(m.div(m.k(kPi), sinPiX)), lanczos(m, m.sub(m.k(1), x)));
  Value r = m.where(m.lt(x, m.k(0.5)), reflected, lanczos(m, x));
  // Near 0, -log|x| - gamma x (the reflection's pi / sin(pi x) overflows for
  // a subnormal x: lgamma(1e-310) is 713.8, not inf); 1 and 2 exactly 0, as
  // libm (the series leaves -6.7e-16 there).
  Value tiny = m.lt(m.abs(x), m.k(1e-8));
  r = m.where(tiny, m.sub(m.neg(m.log(m.abs(x))), m.mul(m.k(kEulerGamma), x)), r);
  r = m.where(m.c.op<gn::OrOp>({m.eq(x, m.k(1)), m.eq(x, m.k(2))}), m.k(0), r);
  return m.where(m.eq(m.abs(x), m.k(kInf)), m.k(kInf), r);
}

/// zeta(s, q) = sum_k (q + k)^-s, with PyTorch's (Cephes') domain: inf at
/// s = 1, NaN below 1; for q <= 0 inf at the integers, NaN unless s is an
/// integer. The first 31 terms summed, then the Euler-Maclaurin tail at
/// w = q + 30 (12 Bernoulli terms: below 1e-15 relative for w >= 10).
/// Where q < -20 the tail would start below 10, and PyTorch sums on instead
/// (a loop of data-dependent length): NaN there, never a wrong number. At
/// s = +inf PyTorch's early exit gives inf for q < 1, 1 at q = 1 and NaN
/// above (its tail's inf * 0); so does gn.
Value math::detail::hurwitzZeta(Math &m, Value s, Value q) {
  constexpr int kTerms = 30;
  auto power = [&](Value base, Value exponent) { return m.c.op<gn::PowOp>({base, exponent}); };
  Value minusS = m.neg(s);
  Value sum = m.k(0);
  for (int k = 0; k <= kTerms; ++k)
    sum = m.add(sum, power(m.add(q, m.k(k)), minusS));
  Value w = m.add(q, m.k(kTerms));
  Value b = power(w, minusS); // w^-s, already in the sum: -b / 2 below
  sum = m.sub(m.add(sum, m.div(m.mul(b, w), m.sub(s, m.k(1)))), m.mul(b, m.k(0.5)));
  // B_2j / (2j)! s (s + 1) ... (s + 2j - 2) w^(-s - 2j + 1), j = 1 .. 12.
  static const double bernoulli[] = {1.0 / 6,       -1.0 / 30,       1.0 / 42,
                                     -1.0 / 30,     5.0 / 66,        -691.0 / 2730,
                                     7.0 / 6,       -3617.0 / 510,   43867.0 / 798,
                                     -174611.0 / 330, 854513.0 / 138, -236364091.0 / 2730};
  Value rising = m.k(1);
  double factorial = 1;
  for (int j = 1; j <= 12; ++j) {
    factorial *= (2.0 * j - 1) * (2.0 * j);
    rising = m.mul(rising, m.add(s, m.k(2 * j - 2)));
    b = m.div(b, w);
    sum = m.add(sum, m.mul(m.mul(rising, b), m.k(bernoulli[j - 1] / factorial)));
    rising = m.mul(rising, m.add(s, m.k(2 * j - 1)));
    b = m.div(b, w);
  }
  Value r = m.where(m.lt(q, m.k(-20)), m.k(kNan), sum);
  Value atInf = m.where(m.lt(q, m.k(1)), m.k(kInf), m.where(m.eq(q, m.k(1)), m.k(1), m.k(kNan)));
  r = m.where(m.eq(s, m.k(kInf)), atInf, r);
  Value nonPositive = m.le(q, m.k(0));
  r = m.where(m.both(nonPositive, m.ne(s, m.c.op<gn::FloorOp>({s}))), m.k(kNan), r);
  r = m.where(isNonPositiveInteger(m, q), m.k(kInf), r);
  r = m.where(m.lt(s, m.k(1)), m.k(kNan), r);
  return m.where(m.eq(s, m.k(1)), m.k(kInf), r);
}

FailureOr<Value> math::polygamma(ImportContext &ctx, int64_t n, Value x) {
  if (n < 0)
    return ctx.error("polygamma: n must be non-negative, got " + llvm::Twine(n));
  if (n == 0)
    return special(ctx, "digamma", x);
  Type e = typeOf(x).getElementType();
  // (-1)^(n+1) n! zeta(n + 1, x), as PyTorch computes it for n >= 2.
  double factorial = 1;
  for (int64_t k = 2; k <= n; ++k)
    factorial *= k;
  return inType(ctx, x, ctx.builder.getF64Type(), resultType(ctx, e), [&](Math &m, Value x) {
    return m.mul(hurwitzZeta(m, m.k(double(n + 1)), x), m.k((n % 2 ? 1 : -1) * factorial));
  });
}

FailureOr<Value> math::orthogonalPolynomial(ImportContext &ctx, llvm::StringRef kind, Value x,
                                            int64_t n) {
  if (!llvm::is_contained(kOrthogonalPolynomials, kind))
    return ctx.error("'" + kind + "' is not one of gn's orthogonal polynomials");
  // An unrolled recurrence: a degree past this is refused, not imported as
  // a graph of that many ops.
  constexpr int64_t kMaxDegree = 512;
  if (n > kMaxDegree)
    return ctx.error(kind + ": degree " + llvm::Twine(n) + " is over gn's limit of " +
                     llvm::Twine(kMaxDegree));
  // The shifted Chebyshev polynomials are the others at 2x - 1 (exact in
  // f64 for every f32 x; PyTorch's edge cases at x = 1 and 0 are theirs at
  // 1 and -1).
  bool shifted = kind.consume_front("shifted_");
  Type e = typeOf(x).getElementType();
  return inType(ctx, x, ctx.builder.getF64Type(), resultType(ctx, e), [&](Math &m, Value x) {
    if (n < 0)
      return m.mul(x, m.k(0));
    if (shifted)
      x = m.sub(m.add(x, x), m.k(1));
    double dn = double(n);
    bool even = n % 2 == 0;
    // The recurrence from p (degree 0) and q (degree 1) up to n.
    auto recur = [&](Value p, Value q, auto step) {
      if (n == 0)
        return p;
      for (int64_t k = 1; k < n; ++k) {
        Value r = step(p, q, double(k));
        p = q;
        q = r;
      }
      return q;
    };
    auto chebyshev = [&](Value p, Value q) {
      return m.sub(m.mul(m.add(x, x), q), p);
    };
    Value one = m.add(m.mul(x, m.k(0)), m.k(1));
    Value ax = m.abs(x);
    if (kind == "chebyshev_polynomial_t") {
      Value r = recur(one, x, [&](Value p, Value q, double) { return chebyshev(p, q); });
      if (n > 6) // cos(n acos x) inside (-1, 1)
        r = m.where(m.lt(ax, m.k(1)),
                    m.c.op<gn::CosOp>({m.mul(m.k(dn), m.atan2(m.cosOfAsin(x), x))}), r);
      Value edge = even ? m.k(1) : m.where(m.gt(x, m.k(0)), m.k(1), m.k(-1));
      return m.where(m.eq(ax, m.k(1)), edge, r);
    }
    if (kind == "chebyshev_polynomial_u") {
      Value r = recur(one, m.add(x, x), [&](Value p, Value q, double) { return chebyshev(p, q); });
      if (n > 8) { // sin((n + 1) acos x) / sin(acos x) inside (-1, 1)
        Value theta = m.atan2(m.cosOfAsin(x), x); // acos x
        Value s = m.cosOfAsin(x);                   // sin(acos x)
        Value big = m.mul(m.k(dn + 1), theta);
        Value viaSin = m.div(m.c.op<gn::SinOp>({big}), s);
        Value viaCos = m.div(m.mul(m.k(dn + 1), m.c.op<gn::CosOp>({big})), x);
        r = m.where(m.lt(ax, m.k(1)), m.where(m.ne(s, m.k(0)), viaSin, viaCos), r);
      }
      Value edge = even ? m.k(dn + 1) : m.where(m.gt(x, m.k(0)), m.k(dn + 1), m.k(-(dn + 1)));
      return m.where(m.eq(ax, m.k(1)), edge, r);
    }
    if (kind == "chebyshev_polynomial_v" || kind == "chebyshev_polynomial_w") {
      // V: cos((n + 1/2) t) / cos(t / 2), W: sin((n + 1/2) t) / sin(t / 2),
      // t = acos x; V(1) = 1, V(-1) = (-1)^n (2n + 1), W(1) = 2n + 1,
      // W(-1) = (-1)^n.
      bool v = kind.ends_with("v");
      Value q1 = v ? m.sub(m.add(x, x), m.k(1)) : m.add(m.add(x, x), m.k(1));
      Value r = recur(one, q1, [&](Value p, Value q, double) { return chebyshev(p, q); });
      Value atOne = m.k(v ? 1 : 2 * dn + 1);
      Value atMinusOne = m.k((even ? 1 : -1) * (v ? 2 * dn + 1 : 1));
      if (n > 8) { // the trigonometric form inside (-1, 1)
        Value theta = m.atan2(m.cosOfAsin(x), x);
        Value halfTheta = m.mul(theta, m.k(0.5));
        Value angle = m.mul(m.k(dn + 0.5), theta);
        Value trig = v ? m.div(m.c.op<gn::CosOp>({angle}), m.c.op<gn::CosOp>({halfTheta}))
                       : m.div(m.c.op<gn::SinOp>({angle}), m.c.op<gn::SinOp>({halfTheta}));
        // Where t / 2 rounds to the pole (PyTorch's sin(t / 2) == 1 for V,
        // cos(t / 2) == 1 for W), the value at the end it is next to.
        Value pole = v ? m.eq(m.c.op<gn::SinOp>({halfTheta}), m.k(1))
                       : m.eq(m.c.op<gn::CosOp>({halfTheta}), m.k(1));
        Value poleValue = v ? atMinusOne : m.where(m.gt(x, m.k(0)), atOne, atMinusOne);
        r = m.where(m.lt(ax, m.k(1)), m.where(pole, poleValue, trig), r);
      }
      return m.where(m.eq(x, m.k(1)), atOne, m.where(m.eq(x, m.k(-1)), atMinusOne, r));
    }
    if (kind == "hermite_polynomial_h")
      return recur(one, m.add(x, x), [&](Value p, Value q, double k) {
        return m.sub(m.mul(m.add(x, x), q), m.mul(m.k(2 * k), p));
      });
    if (kind == "hermite_polynomial_he")
      return recur(one, x, [&](Value p, Value q, double k) {
        return m.sub(m.mul(x, q), m.mul(m.k(k), p));
      });
    if (kind == "laguerre_polynomial_l") {
      Value r = recur(one, m.sub(m.k(1), x), [&](Value p, Value q, double k) {
        return m.div(m.sub(m.mul(m.sub(m.k(2 * k + 1), x), q), m.mul(m.k(k), p)), m.k(k + 1));
      });
      return m.where(m.eq(ax, m.k(0)), m.k(1), r);
    }
    // legendre_polynomial_p
    Value r = recur(one, x, [&](Value p, Value q, double k) {
      return m.div(m.sub(m.mul(m.mul(m.k(2 * k + 1), x), q), m.mul(m.k(k), p)), m.k(k + 1));
    });
    Value edge = even ? m.k(1) : m.where(m.gt(x, m.k(0)), m.k(1), m.k(-1));
    return m.where(m.eq(ax, m.k(1)), edge, r);
  });
}

bool math::isSpecial(llvm::StringRef name) { return llvm::is_contained(kSpecialNames, name); }

FailureOr<Value> math::special(ImportContext &ctx, llvm::StringRef name, Value x) {
  if (!isSpecial(name))
    return ctx.error("'" + name + "' is not one of gn's special functions");
  Type e = typeOf(x).getElementType();
  return inType(ctx, x, ctx.builder.getF64Type(), resultType(ctx, e), [&](Math &m, Value x) {
    if (name == "lgamma")
      return lgamma(m, x);
    if (name == "digamma")
      return digamma(m, x);
    if (name == "erfinv")
      return erfinv(m, x);
    if (name == "erfcx")
      return erfcx(m, x);
    if (name == "entr")
      return entr(m, x);
    if (name == "ndtr")
      return ndtr(m, x);
    if (name == "log_ndtr")
      return logNdtr(m, x);
    if (name == "ndtri")
      return m.mul(erfinv(m, m.sub(m.mul(x, m.k(2)), m.k(1))), m.k(M_SQRT2));
    return bessel(m, name, x);
  });
}
