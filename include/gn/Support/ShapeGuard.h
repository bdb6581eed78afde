//===- ShapeGuard.h - data-dependent sizes, specialized and guarded -*- C++ -*-===//
//
// An op whose result size depends on the values it reads (nonzero, a
// boolean mask's selection) is imported specialized to a size: the one a
// run found at that op's site (its ordinal among the sample's
// data-dependent ops), else an upper bound. Every run checks it: one that
// finds another size fails with a shape guard naming the site and the size
// found, never a wrong or partly written result. (gn-eval learns a sample's
// sizes before its runs: eval::LoadedSample::specialize.)
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_SHAPEGUARD_H
#define GN_SUPPORT_SHAPEGUARD_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>

namespace mlir::gn {

inline constexpr llvm::StringLiteral kShapeGuard = "shape guard failed: ";

/// "shape guard failed: site 2 found 17 elements, specialized for 40".
inline std::string shapeGuardMessage(int64_t site, int64_t found, int64_t specialized) {
  return std::string(kShapeGuard) + "site " + std::to_string(site) + " found " +
         std::to_string(found) + " elements, specialized for " + std::to_string(specialized);
}

} // namespace mlir::gn

#endif // GN_SUPPORT_SHAPEGUARD_H
