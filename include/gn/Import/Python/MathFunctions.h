//===- MathFunctions.h - elementwise functions built from gn ops -*- C++ -*-===//
//
// The elementwise functions that have no gn op of their own (tan, asin,
// sinh, expm1, log2, softsign, logsigmoid, isinf, nan_to_num, xlogy, fmax,
// ...), built from gn's ops once for every frontend, so that every target
// (interpreter, CPU kernels, CUDA kernels) runs them without new kernels.
// Each formula is the numerically careful one (expm1 through tanh near 0,
// asin through atan2, sinh and cosh without overflowing early); the
// precision each gives is in lib/Import/Python/MathFunctions.cpp.
//
// Integer and bool inputs compute in f32, as PyTorch and PaddlePaddle
// return them; f16 and bf16 compute in f32 and round once at the end, as
// both frameworks' kernels do.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_MATHFUNCTIONS_H
#define GN_IMPORT_PYTHON_MATHFUNCTIONS_H

#include "gn/Import/Python/ImportContext.h"
#include <optional>

namespace mlir::gn::import::math {

/// Whether `name` is one of the unary functions of `unary`.
bool isUnary(llvm::StringRef name);
/// tan, atan, asin, acos, sinh, cosh, asinh, acosh, atanh, expm1, log2,
/// log10, exp2, softsign, tanhshrink, logsigmoid, erfc, frac, sinc,
/// deg2rad, rad2deg; and the special functions (`special`).
FailureOr<Value> unary(ImportContext &ctx, llvm::StringRef name, Value x);

/// Whether `name` is one of the special functions of `special`.
bool isSpecial(llvm::StringRef name);
/// erfinv, erfcx, lgamma, digamma, entr, ndtr, log_ndtr, ndtri and the Bessel
/// functions (i0, i0e, i1, i1e, bessel_j0/j1/y0/y1, modified_bessel_k0/k1,
/// scaled_modified_bessel_k0/k1, spherical_bessel_j0, airy_ai): computed in f64 and
/// rounded once to x's type (f32 for integers); formulas and precision in
/// lib/Import/Python/SpecialFunctions.cpp and BesselFunctions.cpp.
FailureOr<Value> special(ImportContext &ctx, llvm::StringRef name, Value x);
/// polygamma(n, x): digamma for n = 0, else (-1)^(n+1) n! zeta(n + 1, x)
/// (SpecialFunctions.cpp), in f64 and rounded once.
FailureOr<Value> polygamma(ImportContext &ctx, int64_t n, Value x);

/// The kinds of orthogonalPolynomial (torch.special's names).
inline constexpr const char *kOrthogonalPolynomials[] = {
    "chebyshev_polynomial_t",         "chebyshev_polynomial_u",
    "chebyshev_polynomial_v",         "chebyshev_polynomial_w",
    "shifted_chebyshev_polynomial_t", "shifted_chebyshev_polynomial_u",
    "shifted_chebyshev_polynomial_v", "shifted_chebyshev_polynomial_w",
    "hermite_polynomial_h",           "hermite_polynomial_he",
    "laguerre_polynomial_l",          "legendre_polynomial_p"};

/// torch.special's orthogonal polynomials of degree `n` at x, as PyTorch's
/// CPU kernels compute them (their special cases, then the three-term
/// recurrence or, at high degree inside (-1, 1), the trigonometric form), in
/// f64 rounded once: `kind` one of kOrthogonalPolynomials
/// (the shifted Chebyshev ones at 2x - 1). 0 for n < 0.
FailureOr<Value> orthogonalPolynomial(ImportContext &ctx, llvm::StringRef kind, Value x,
                                      int64_t n);

/// isinf, isfinite, isposinf, isneginf, isnan: an i1 tensor (all false,
/// or all true for isfinite, on integer inputs).
FailureOr<Value> classify(ImportContext &ctx, llvm::StringRef name, Value x);

/// softshrink (x -+ lambda outside [-lambda, lambda], else 0) and
/// hardshrink (x outside it, else 0).
FailureOr<Value> shrink(ImportContext &ctx, Value x, double lambda, bool hard);
/// celu(x, alpha) = max(0, x) + min(0, alpha * (exp(x / alpha) - 1)).
FailureOr<Value> celu(ImportContext &ctx, Value x, double alpha);
/// selu(x) = scale * (max(0, x) + min(0, alpha * (exp(x) - 1))).
FailureOr<Value> selu(ImportContext &ctx, Value x, double scale, double alpha);
/// thresholded_relu(x) = x > threshold ? x : value.
FailureOr<Value> thresholdedRelu(ImportContext &ctx, Value x, double threshold, double value);
/// nan_to_num: NaN, +inf and -inf replaced (by default 0, the largest and
/// the lowest finite value of the type).
FailureOr<Value> nanToNum(ImportContext &ctx, Value x, double nan, std::optional<double> posinf,
                          std::optional<double> neginf);

/// logsumexp of a float tensor over `dims`: m + log(sum(exp(x - m))), m the
/// maximum, taken as 0 where it is infinite (so that a slice of -inf gives
/// -inf and one holding +inf gives +inf, not NaN). torch and PaddlePaddle.
FailureOr<Value> logsumexp(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> dims,
                           bool keepdim);

/// isclose as PyTorch and PaddlePaddle decide it: equal, or |x - y| finite
/// and at most atol + |rtol * y|; with `equalNan` two NaNs too. Integers
/// compare in f64. An i1 tensor of the operands' broadcast shape.
FailureOr<Value> isclose(ImportContext &ctx, const PyValue &x, const PyValue &y, double rtol,
                         double atol, bool equalNan);

/// xlogy, xlog1py, logaddexp, logaddexp2, hypot, heaviside, fmax, fmin, copysign,
/// zeta (Hurwitz), gammainc, gammaincc (P(a, x) and Q(a, x)), igamc (Q as
/// PaddlePaddle's gammaincc; these four in f64 rounded once) of two operands broadcast and promoted
/// as the frontend's binary ops are.
bool isBinary(llvm::StringRef name);
FailureOr<PyValue> binary(ImportContext &ctx, llvm::StringRef name, const PyValue &a,
                          const PyValue &b);

/// x << y, x >> y (arithmetic: the sign fills in) or a logical x >> y
/// (x's bits read as unsigned) of integer tensors of one type, by each
/// element of y, as PyTorch's and PaddlePaddle's kernels shift: a left
/// shift wraps, and a count below 0 or at least the width shifts every bit
/// out (0, or the sign for an arithmetic right shift). From gn's integer
/// ops (multiplied or floor-divided by powers of 2), no division by zero.
enum class Shift { Left, RightArithmetic, RightLogical };

/// PyTorch's lerp(start, end, weight): start + w (end - start) where
/// |w| < 0.5, else end - (end - start) (1 - w), so that w = 1 gives end
/// exactly and an infinite end point stays infinite (the one-sided formula
/// gave NaN for lerp(-inf, 0, 0.75); PaddlePaddle's lerp is one-sided). A
/// number weight picks its side at import.
FailureOr<PyValue> lerp(ImportContext &ctx, const PyValue &start, const PyValue &end,
                        const PyValue &weight);
FailureOr<Value> shift(ImportContext &ctx, Value x, Value y, Shift kind);

} // namespace mlir::gn::import::math

#endif // GN_IMPORT_PYTHON_MATHFUNCTIONS_H
