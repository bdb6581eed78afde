//===- RoiAlignLimits.h - bounds gn runs gn.roi_align within ----*- C++ -*-===//
#ifndef GN_SUPPORT_ROIALIGNLIMITS_H
#define GN_SUPPORT_ROIALIGNLIMITS_H

#include <cstdint>

namespace mlir::gn {

/// The largest fixed sampling grid per RoIAlign bin side gn runs: the
/// Paddle importer, the interpreter and the kernel refuse larger ones (a
/// huge grid on a small box would read the map billions of times).
inline constexpr int64_t kMaxRoiSamplingRatio = 64;

} // namespace mlir::gn

#endif // GN_SUPPORT_ROIALIGNLIMITS_H
