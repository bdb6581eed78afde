//===- SymbolicDims.h - tensor types with symbolic sizes -------*- C++ -*-===//
//
// Reading and writing the #gn.dims encoding (GnAttrs.td, DimsAttr) for the
// shape functions that compute symbolic sizes (docs/symbolic-shapes.md).
//
//===----------------------------------------------------------------------===//
#ifndef GN_IR_SYMBOLICDIMS_H
#define GN_IR_SYMBOLICDIMS_H

#include "gn/IR/SymExpr.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/SmallVector.h"

namespace mlir::gn {

/// Whether `type` is a ranked tensor carrying #gn.dims.
bool hasSymbolicDims(Type type);
/// The size of each dim of `type`: its #gn.dims expression, else its static
/// size as a constant.
llvm::SmallVector<SymExpr> dimExprs(RankedTensorType type);
/// A tensor of `shape` (the compile example's sizes) and `element`, carrying
/// #gn.dims with `exprs` when any of them is not a constant.
RankedTensorType symbolicTensorType(llvm::ArrayRef<int64_t> shape, Type element,
                                    llvm::ArrayRef<SymExpr> exprs);

} // namespace mlir::gn

#endif // GN_IR_SYMBOLICDIMS_H
