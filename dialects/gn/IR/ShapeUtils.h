//===- ShapeUtils.h - helpers shared by the shape functions ---*- C++ -*-===//
#ifndef GN_IR_SHAPEUTILS_H
#define GN_IR_SHAPEUTILS_H

#include "gn/IR/GnShapes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/Twine.h"
#include <string>

namespace mlir::gn::shapes {

/// Emits `msg` at `loc` (if any) and returns failure.
inline LogicalResult fail(OptLoc loc, const llvm::Twine &msg) {
  return emitOptionalError(loc, msg);
}

inline RankedTensorType tensorType(Value v) {
  return v ? llvm::dyn_cast<RankedTensorType>(v.getType()) : RankedTensorType();
}

/// "[2, 3]" for diagnostics.
std::string shapeStr(llvm::ArrayRef<int64_t> shape);

/// "f32" for diagnostics.
std::string typeStr(Type type);

/// Checks that every dim in `dims` is in [0, rank) and unique.
LogicalResult checkDims(OptLoc loc, llvm::ArrayRef<int64_t> dims, int64_t rank,
                        llvm::StringRef what);

} // namespace mlir::gn::shapes

#endif // GN_IR_SHAPEUTILS_H
