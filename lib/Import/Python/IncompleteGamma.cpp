//===- IncompleteGamma.cpp - the regularized incomplete gamma functions ---===//
//
// P(a, x) = gamma(a, x) / Gamma(a) (torch.special.gammainc, torch.igamma)
// and Q(a, x) = 1 - P (gammaincc, igammac), built from gn ops in f64 and
// rounded once, choosing between three expansions where PyTorch's CPU kernel
// (Cephes' igam / igamc) chooses between them (PaddlePaddle's gammaincc:
// paddleUpperGamma, its kernel's simpler choice and edges):
//
// - P's power series x^a e^-x / Gamma(a + 1) sum_n x^n / ((a + 1) ... (a + n))
//   where x <= 1 or x <= a (Q = 1 - P where x < a, and below x = 1.1 where
//   a is large against x);
// - Legendre's continued fraction for Q where x > 1.1 and x >= a (P = 1 - Q
//   above x = 1);
// - Q's own series for small x otherwise, with lgamma(1 + a) by its Taylor
//   series near 0 (the exponent a log x - lgamma(1 + a) cancels there).
//
// Each runs a fixed 128 steps (Q's series 24, at x <= 1.1; a graph has no
// loops): within 5e-13 relative
// of mpmath for a <= 200 (Cephes uses Temme's asymptotic expansion for
// 20 < a < 200 near x = a; the two agree there). Where 128 steps have not
// converged (a above about 250 within a few sqrt(a) of x, where PyTorch's
// Temme expansion takes over), the result is NaN, never a wrong number.
// The cost: about 2000 f64 ops per call, which gn-form-fusion-groups cuts
// into about 136 CPU kernels (the recurrences keep 3 or 4 values live
// across its 64-op groups): about 2 s of compile per call on the CPU.
//
//===----------------------------------------------------------------------===//
#include "MathChain.h"
#include <cmath>
#include <limits>
#include <vector>

using namespace mlir;
using namespace mlir::gn::import::math::detail;

namespace {

constexpr int kSteps = 128;
// A last step larger than this against the result: not converged.
constexpr double kConverged = 1e-15;

/// zeta(k) for an integer k >= 2: 50 terms and the Euler-Maclaurin tail.
double riemannZeta(int k) {
  constexpr int n = 50;
  double sum = 0;
  for (int i = 1; i < n; ++i)
    sum += std::pow(double(i), -k);
  double tail = std::pow(double(n), 1.0 - k) / (k - 1) + 0.5 * std::pow(double(n), -k);
  tail += k / 12.0 * std::pow(double(n), -k - 1.0);
  tail -= k * (k + 1.0) * (k + 2.0) / 720.0 * std::pow(double(n), -k - 3.0);
  return sum + tail;
}

/// lgamma(1 + a): its Taylor series -gamma a + sum_k (-1)^k zeta(k) a^k / k
/// for |a| <= 1/2 (50 terms), lgamma(1 + a) beyond.
Value lgammaOnePlus(Math &m, Value a) {
  static const std::vector<double> coefficients = [] {
    std::vector<double> c{0, -kEulerGamma};
    for (int k = 2; k < 50; ++k)
      c.push_back((k % 2 ? -1 : 1) * riemannZeta(k) / k);
    return c;
  }();
  Value near = m.le(m.abs(a), m.k(0.5));
  return m.where(near, poly(m, a, coefficients), lgamma(m, m.add(a, m.k(1))));
}

/// x^a e^-x / Gamma(a).
Value prefactor(Math &m, Value a, Value x) {
  return m.exp(m.sub(m.sub(m.mul(a, m.log(x)), x), lgamma(m, a)));
}

/// A result and whether its expansion converged within kSteps.
struct Expansion {
  Value value, converged;
};

Expansion lowerSeries(Math &m, Value a, Value x) {
  Value term = m.k(1), sum = m.k(1);
  for (int n = 1; n <= kSteps; ++n) {
    term = m.mul(term, m.div(x, m.add(a, m.k(n))));
    sum = m.add(sum, term);
  }
  return {m.div(m.mul(sum, prefactor(m, a, x)), a),
          m.le(m.div(term, sum), m.k(kConverged))};
}

/// Q by Legendre's continued fraction, its convergents p_k / q_k rescaled
/// by q_k at every step (they outgrow f64 otherwise).
Expansion upperFraction(Math &m, Value a, Value x) {
  Value xMinusA = m.sub(x, a);
  Value pPrev = m.k(1), qPrev = x;
  Value p = m.add(x, m.k(1));
  Value q = m.mul(m.add(xMinusA, m.k(2)), x);
  Value inverse = m.div(m.k(1), q);
  pPrev = m.mul(pPrev, inverse);
  qPrev = m.mul(qPrev, inverse);
  p = m.mul(p, inverse); // q is 1 from here on
  Value previous = p;
  for (int i = 1; i <= kSteps; ++i) {
    Value z = m.add(xMinusA, m.k(2.0 + 2.0 * i));
    Value yc = m.mul(m.sub(m.k(1.0 + i), a), m.k(i));
    Value pNext = m.sub(m.mul(p, z), m.mul(pPrev, yc));
    Value qNext = m.sub(z, m.mul(qPrev, yc));
    inverse = m.div(m.k(1), qNext);
    previous = p;
    if (i < kSteps) { // (the last step's would be unread)
      pPrev = m.mul(p, inverse);
      qPrev = inverse; // q (1) / q_next
    }
    p = m.mul(pNext, inverse);
  }
  Value step = m.abs(m.div(m.sub(p, previous), p));
  return {m.mul(p, prefactor(m, a, x)), m.le(step, m.k(kConverged))};
}

/// Q by its own series for small x: 1 - x^a / Gamma(a + 1) - x^a /
/// Gamma(a) sum_n (-x)^n / (n! (a + n)).
Expansion upperSeries(Math &m, Value a, Value x) {
  // Taken at x <= 1.1 only, where x^n / n! is below 1e-20 by n = 24.
  Value factor = m.k(1), sum = m.k(0), term = m.k(0);
  for (int n = 1; n <= 24; ++n) {
    factor = m.mul(factor, m.mul(x, m.k(-1.0 / n)));
    term = m.div(factor, m.add(a, m.k(n)));
    sum = m.add(sum, term);
  }
  Value logX = m.log(x);
  Value head = m.neg(m.expm1(m.sub(m.mul(a, logX), lgammaOnePlus(m, a))));
  Value value = m.sub(head, m.mul(m.exp(m.sub(m.mul(a, logX), lgamma(m, a))), sum));
  Value converged = m.le(m.abs(m.div(term, m.where(m.eq(sum, m.k(0)), m.k(1), sum))),
                         m.k(kConverged));
  return {value, converged};
}

Value orNan(Math &m, const Expansion &e) {
  return m.where(e.converged, e.value, m.k(kNan));
}

} // namespace

Value mlir::gn::import::math::detail::regularizedGamma(Math &m, Value a, Value x, bool upper) {
  Value lowerP = orNan(m, lowerSeries(m, a, x));
  Value fractionQ = orNan(m, upperFraction(m, a, x));
  Value seriesQ = orNan(m, upperSeries(m, a, x));
  auto oneMinus = [&](Value v) { return m.sub(m.k(1), v); };
  Value r;
  if (!upper) {
    // P: 1 - Q where x > 1 and x > a (Q by the fraction above 1.1, by its
    // series at or below), P's series elsewhere.
    Value q = m.where(m.gt(x, m.k(1.1)), fractionQ, seriesQ);
    r = m.where(m.both(m.gt(x, m.k(1)), m.gt(x, a)), oneMinus(q), lowerP);
  } else {
    // Above 1.1: 1 - P below a, the fraction from a on. At or below 1.1:
    // 1 - P where a is large against x (x <= 0.5: -0.4 / log x < a; else
    // 1.1 x < a), Q's series otherwise.
    Value large = m.where(m.le(x, m.k(0.5)), m.lt(m.div(m.k(-0.4), m.log(x)), a),
                          m.lt(m.mul(x, m.k(1.1)), a));
    Value small = m.where(large, oneMinus(lowerP), seriesQ);
    Value big = m.where(m.lt(x, a), oneMinus(lowerP), fractionQ);
    r = m.where(m.gt(x, m.k(1.1)), big, small);
  }
  // PyTorch's edges, last to first: x = +inf, a = +inf, x = 0, a = 0, and
  // a or x below 0.
  Value one = m.k(upper ? 0 : 1), zero = m.k(upper ? 1 : 0);
  Value xInf = m.eq(x, m.k(kInf)), aInf = m.eq(a, m.k(kInf));
  r = m.where(xInf, one, r);
  r = m.where(aInf, m.where(xInf, m.k(kNan), zero), r);
  r = m.where(m.eq(x, m.k(0)), zero, r);
  r = m.where(m.eq(a, m.k(0)), m.where(m.gt(x, m.k(0)), one, m.k(kNan)), r);
  return m.where(m.either(m.lt(x, m.k(0)), m.lt(a, m.k(0))), m.k(kNan), r);
}

Value mlir::gn::import::math::detail::paddleUpperGamma(Math &m, Value a, Value x) {
  // PaddlePaddle's igamc: 1 where a or x <= 0, 1 - P's series below
  // max(1, a), the fraction above; a or x infinite gives NaN (its inf - inf).
  Value lowerP = orNan(m, lowerSeries(m, a, x));
  Value fractionQ = orNan(m, upperFraction(m, a, x));
  Value below = m.either(m.lt(x, m.k(1)), m.lt(x, a));
  Value r = m.where(below, m.sub(m.k(1), lowerP), fractionQ);
  return m.where(m.either(m.le(x, m.k(0)), m.le(a, m.k(0))), m.k(1), r);
}
