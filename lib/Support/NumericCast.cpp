//===- NumericCast.cpp - double to int64 without undefined behaviour ------===//
#include "gn/Support/NumericCast.h"

namespace mlir::gn {

/// Truncation toward zero, saturated to int64's range; NaN is 0.
int64_t saturatingInt64(double d) {
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
std::optional<int64_t> checkedInt64(double d) {
  if (!std::isfinite(d) || d >= 9223372036854775808.0 || d < -9223372036854775808.0)
    return std::nullopt;
  return static_cast<int64_t>(d);
}

} // namespace mlir::gn
