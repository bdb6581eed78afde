//===- ShapeGuard.h - data-dependent sizes, specialized and guarded -*- C++ -*-===//
//
// An op whose result size depends on the values it reads (nonzero, a
// boolean mask's selection) is imported specialized to a size: the one a
// run found at that op's site (its ordinal among the sample's
// data-dependent ops), else an upper bound. Every run checks it: one that
// finds another size fails with a shape guard naming the site and the size
// found, never a wrong or partly written result. (gn-eval learns a sample's
// sizes before its runs: eval::LoadedSample::specialize.) A size read from
// the values themselves (repeat_interleave's sum of repeats, bincount's
// largest index) is guarded the same way by gn.size_guard.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_SHAPEGUARD_H
#define GN_SUPPORT_SHAPEGUARD_H

#include "llvm/ADT/StringRef.h"
#include <algorithm>
#include <cstdint>
#include <string>

namespace mlir::gn {

inline constexpr llvm::StringLiteral kShapeGuard = "shape guard failed: ";

/// "site 1 read a negative value where a size is counted": a
/// gn.size_guard's values (repeat counts, bin indices) hold a negative one.
/// Kernels report it as a shape guard that found -1 (no size is negative).
inline std::string negativeSizeMessage(int64_t site) {
  return "site " + std::to_string(site) +
         " read a negative value where a size is counted (a repeat count, a bin index)";
}

/// "shape guard failed: site 2 found 17 elements, specialized for 40".
inline std::string shapeGuardMessage(int64_t site, int64_t found, int64_t specialized) {
  if (found < 0)
    return negativeSizeMessage(site);
  return std::string(kShapeGuard) + "site " + std::to_string(site) + " found " +
         std::to_string(found) + " elements, specialized for " + std::to_string(specialized);
}

/// The size a gn.size_guard reads from `n` integer values (`at(i)`): their
/// sum ("sum") or their largest plus one ("max_plus_one", 0 when there are
/// none), at least `atLeast`; -1 where a value is negative.
template <typename At>
int64_t measureValueSize(llvm::StringRef measure, int64_t atLeast, int64_t n, At at) {
  int64_t size = 0;
  for (int64_t i = 0; i < n; ++i) {
    int64_t v = at(i);
    if (v < 0)
      return -1;
    size = measure == "sum" ? size + v : std::max(size, v + 1);
  }
  return std::max(size, atLeast);
}

} // namespace mlir::gn

#endif // GN_SUPPORT_SHAPEGUARD_H
