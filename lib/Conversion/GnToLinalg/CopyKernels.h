//===- CopyKernels.h - bodies of copy-kind kernels ------------*- C++ -*-===//
//
// A "copy" gn.fusion holds one data-movement op (FusionUtils'
// isCopyKernelOp): concat, insert_slice, constant pad, max and average
// pooling, index_select, gather, scatter, tile, roll, triangular, cumsum,
// nearest resize, arange; a depthwise convolution (its value per point:
// emitDepthwiseConvAt; its group, with the elementwise ops that follow it,
// in OutlineKernels). Each is emitted on memrefs with the interpreter's
// arithmetic, so the compiled result equals the eager one; the emitter is
// in CopyKernels/, a file per op family (CopyKernels/Emitter.h lists them).
//
//===----------------------------------------------------------------------===//
#ifndef GN_CONVERSION_GNTOLINALG_COPYKERNELS_H
#define GN_CONVERSION_GNTOLINALG_COPYKERNELS_H

#include "KernelLoops.h"
#include "mlir/IR/Builders.h"
#include "gn/IR/GnOps.h"
#include "mlir/IR/BuiltinOps.h"

namespace mlir::gn {

/// Emits the body of the copy kernel for `copyOp` (an op of a "copy"
/// gn.fusion) at `b`: `kernelIns` are the kernel's input memrefs by block
/// argument number, `out` its result memref. `kernels` is the kernel module
/// (for the declaration of the runtime's index-error callback). `loops`:
/// the target's loop form (KernelLoops.h; see emitScatter).
LogicalResult emitCopyKernel(OpBuilder &b, Location loc, Operation *copyOp, ModuleOp kernels,
                             llvm::ArrayRef<Value> kernelIns, Value out, const KernelLoops &loops);

/// The sizes of memref `m`'s dims: constants where static, memref.dim
/// where known at run time (a symbolic kernel's buffers).
llvm::SmallVector<Value> dimSizes(OpBuilder &b, Location loc, Value m);

/// The value of depthwise gn.conv `op` (FusionUtils' fitsDepthwiseKernel)
/// at output position `ivs` [n, c, o...], in the compute type (f64 for
/// f64, else f32): the sum over the taps k (row-major, unrolled) of
/// x[n, c, o * stride - padding + k * dilation] * w[c, 0, k], a tap outside
/// the input read at a clamped position and weighted 0 (bounds checked
/// only in dims with padding: without, every tap of every output lies
/// inside), plus bias[c] (`bias` may be null). `loadInput(b, at)` gives x
/// at an in-bounds position in the compute type (a load, or the elementwise
/// ops computing x evaluated there); `weight`, `bias`: memrefs.
/// `extents`: x's spatial sizes (index values; run-time sizes where the
/// kernel is symbolic). PyTorch runs its own kernel for f32 depthwise
/// convolutions on CUDA, not cuDNN's.
Value emitDepthwiseConvAt(OpBuilder &b, Location loc, ConvOp op,
                          function_ref<Value(OpBuilder &, ValueRange)> loadInput, Value weight,
                          Value bias, llvm::ArrayRef<Value> extents, ValueRange ivs);

/// The value of max pooling `op` at output position `ivs` in the compute
/// type (f64 for f64, else f32; exact for f16 and bf16): the maximum
/// (NaN-propagating, as the interpreter) over the window's taps that lie
/// inside the input (bounds checked only in dims where some window reaches
/// past it, and in every symbolic dim), -inf where none does. `loadInput`
/// and `extents` as for emitDepthwiseConvAt.
Value emitMaxPoolAt(OpBuilder &b, Location loc, MaxPoolOp op,
                    function_ref<Value(OpBuilder &, ValueRange)> loadInput,
                    llvm::ArrayRef<Value> extents, ValueRange ivs);

/// A strided subview of memref `m`: `starts`, `sizes`, `steps` per dim.
Value stridedSubview(OpBuilder &b, Location loc, Value m, llvm::ArrayRef<int64_t> starts,
                     llvm::ArrayRef<int64_t> sizes, llvm::ArrayRef<int64_t> steps);

} // namespace mlir::gn

#endif // GN_CONVERSION_GNTOLINALG_COPYKERNELS_H
