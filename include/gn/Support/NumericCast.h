//===- NumericCast.h - double to int64 without undefined behaviour -------===//
//
// Values read from files (meta `shape`/`data`, model.py literals) are parsed
// as doubles; a C++ cast of NaN, Inf or anything past the int64 range is
// undefined (found by gn-fuzz-meta with UBSan). These helpers say what
// happens instead.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_NUMERICCAST_H
#define GN_SUPPORT_NUMERICCAST_H

#include <cmath>
#include <cstdint>
#include <limits>
#include <optional>
#include <type_traits>

namespace mlir::gn {

/// Truncation toward zero, saturated to int64's range; NaN is 0.
int64_t saturatingInt64(double d);

/// Truncation toward zero when the result fits in int64; nothing for NaN,
/// Inf and values out of range.
std::optional<int64_t> checkedInt64(double d);

/// The product of `dims` (a shape's element count), or nothing when it
/// overflows int64 (signed overflow is undefined; found by gn-fuzz-sample).
template <typename Range> std::optional<int64_t> checkedProduct(const Range &dims) {
  int64_t n = 1;
  for (int64_t d : dims)
    if (__builtin_mul_overflow(n, d, &n))
      return std::nullopt;
  return n;
}

/// A float value converted to the integer type I as gn defines it (the
/// interpreter and the compiled kernels alike): truncation toward zero,
/// saturated to I's range; NaN is 0. (A C++ cast, and LLVM's fptosi, leave
/// out-of-range values undefined; x86 gives the "integer indefinite"
/// INT_MIN, so frameworks that cast directly differ there.)
template <typename I> I saturatingCast(double d) {
  static_assert(std::is_integral_v<I>);
  if (std::isnan(d))
    return 0;
  // The bounds as doubles: min is a power of two (or 0), exact; max + 1
  // is one too, so `>=` against it catches everything that rounds up.
  constexpr double lo = static_cast<double>(std::numeric_limits<I>::min());
  constexpr double hiPlusOne = static_cast<double>(std::numeric_limits<I>::max() / 2 + 1) * 2.0;
  if (d <= lo)
    return std::numeric_limits<I>::min();
  if (d >= hiPlusOne)
    return std::numeric_limits<I>::max();
  return static_cast<I>(d);
}

} // namespace mlir::gn

#endif // GN_SUPPORT_NUMERICCAST_H
