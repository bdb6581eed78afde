//===- ShapeText.h - a shape as messages print it --------------*- C++ -*-===//
#ifndef GN_SUPPORT_SHAPETEXT_H
#define GN_SUPPORT_SHAPETEXT_H

#include "llvm/ADT/ArrayRef.h"
#include <cstdint>
#include <string>

namespace mlir::gn {

/// "[2, 3]" (-1 for a dim that follows the shape symbols, as callers see it).
inline std::string shapeText(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

} // namespace mlir::gn

#endif // GN_SUPPORT_SHAPETEXT_H
