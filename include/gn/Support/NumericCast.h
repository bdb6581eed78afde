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

namespace mlir::gn {

/// Truncation toward zero, saturated to int64's range; NaN is 0.
inline int64_t saturatingInt64(double d) {
  if (std::isnan(d))
    return 0;
  // 2^63 is exactly representable; every double below it converts.
  if (d >= 9223372036854775808.0)
    return std::numeric_limits<int64_t>::max();
  if (d <= -9223372036854775808.0)
    return std::numeric_limits<int64_t>::min();
  return static_cast<int64_t>(d);
}

/// Truncation toward zero when the result fits in int64; nothing for NaN,
/// Inf and values out of range.
inline std::optional<int64_t> checkedInt64(double d) {
  if (!std::isfinite(d) || d >= 9223372036854775808.0 || d < -9223372036854775808.0)
    return std::nullopt;
  return static_cast<int64_t>(d);
}

} // namespace mlir::gn

#endif // GN_SUPPORT_NUMERICCAST_H
