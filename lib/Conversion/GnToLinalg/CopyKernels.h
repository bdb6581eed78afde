//===- CopyKernels.h - bodies of copy-kind kernels ------------*- C++ -*-===//
//
// A "copy" gn.fusion holds one data-movement op (FusionUtils'
// isCopyKernelOp): concat, insert_slice, constant pad, max and average
// pooling, index_select, gather, scatter, tile, roll, triangular, cumsum,
// nearest resize, arange. Each is emitted here on memrefs with the
// interpreter's arithmetic, so the compiled result equals the eager one.
//
//===----------------------------------------------------------------------===//
#ifndef GN_CONVERSION_GNTOLINALG_COPYKERNELS_H
#define GN_CONVERSION_GNTOLINALG_COPYKERNELS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::gn {

/// Emits the body of the copy kernel for `copyOp` (an op of a "copy"
/// gn.fusion) at `b`: `kernelIns` are the kernel's input memrefs by block
/// argument number, `out` its result memref. `kernels` is the kernel module
/// (for the declaration of the runtime's index-error callback). `forGpu`:
/// loop nests a GPU can spread over threads (see emitScatter).
LogicalResult emitCopyKernel(OpBuilder &b, Location loc, Operation *copyOp, ModuleOp kernels,
                             llvm::ArrayRef<Value> kernelIns, Value out, bool forGpu);

/// A strided subview of memref `m`: `starts`, `sizes`, `steps` per dim.
Value stridedSubview(OpBuilder &b, Location loc, Value m, llvm::ArrayRef<int64_t> starts,
                     llvm::ArrayRef<int64_t> sizes, llvm::ArrayRef<int64_t> steps);

} // namespace mlir::gn

#endif // GN_CONVERSION_GNTOLINALG_COPYKERNELS_H
