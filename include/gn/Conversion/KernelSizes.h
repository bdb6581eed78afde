//===- KernelSizes.h - a GPU kernel's sizes as expressions -------*- C++ -*-===//
//
// A symbolic kernel function (gn-outline-kernels) takes its buffers'
// symbolic dims as leading index arguments. What it computes from them on
// the host side (a launch's grid, a workspace's dims) is read back as a
// SymExpr over a0, a1, ... (those arguments in order), which the CUDA
// runtime evaluates at each binding from the slots' shapes.
//
//===----------------------------------------------------------------------===//
#ifndef GN_CONVERSION_KERNELSIZES_H
#define GN_CONVERSION_KERNELSIZES_H

#include "gn/Support/SymExpr.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::gn {

/// `v` (an index value of `fn`'s entry block) over `fn`'s index arguments:
/// constants, the arguments, + - *, floor and ceiling division by a
/// positive constant, and a memref.dim of a buffer seen at those sizes
/// (memref.reinterpret_cast) or of a static dim. std::nullopt for anything
/// else.
std::optional<SymExpr> kernelSizeExpr(Value v, func::FuncOp fn);

/// The sizes a symbolic kernel function takes before its buffers (index
/// arguments: gn-outline-kernels puts them first).
unsigned numSizeArguments(func::FuncOp fn);

/// On a kernel function after gn-map-kernels-to-gpu: per workspace
/// argument, its dims as kernelSizeExpr texts (a static dim's as its
/// number) for a workspace sized at run time (passed as a bare pointer,
/// memref<1xT>), none for a workspace of static shape.
inline constexpr llvm::StringLiteral kWorkspaceDimsAttrName = "gn.workspace_dims";

} // namespace mlir::gn

#endif // GN_CONVERSION_KERNELSIZES_H
