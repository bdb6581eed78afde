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

/// Truncation toward zero, saturated to I's range; NaN is 0. For sizes and
/// literals read from files and Python source; tensors' values convert as
/// convertFloatToInt says.
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

/// A float value converted to the integer type I as gn.convert defines it
/// (the interpreter and the compiled kernels, CPU and CUDA, alike), which is
/// what PyTorch's and PaddlePaddle's CPU kernels compute (checked against
/// both from f16, f32 and f64 to int8, int16, int32, int64 and uint8):
/// truncation toward zero into a wide type W, then I's low bits (two's
/// complement wrap: -1.5 -> uint8 255, 300 -> int8 44). W is int64 for
/// int64 and uint8 (PyTorch routes uint8 through int64 on purpose) and int32
/// for the other types (C++'s direct cast, x86's 32-bit cvtt); a NaN, an
/// infinity or a value outside W's range gives W's minimum (x86's "integer
/// indefinite"), so its low bits: 0 for int8 / int16 / uint8. (PaddlePaddle
/// takes uint8 through int32: it differs from this only at |d| >= 2^31.)
template <typename I> I convertFloatToInt(double d) {
  static_assert(std::is_integral_v<I>);
  constexpr bool wide64 = sizeof(I) == 8 || std::is_unsigned_v<I>;
  using W = std::conditional_t<wide64, int64_t, int32_t>;
  constexpr double lo = static_cast<double>(std::numeric_limits<W>::min());
  constexpr double hiPlusOne = -lo;
  // Ordered comparisons: NaN fails both.
  W w = (d >= lo && d < hiPlusOne) ? static_cast<W>(d) : std::numeric_limits<W>::min();
  return static_cast<I>(w); // the low bits (C++20; GCC and Clang before it)
}

} // namespace mlir::gn

#endif // GN_SUPPORT_NUMERICCAST_H
