//===- GnShapes.h - shape functions of the gn op families -----*- C++ -*-===//
//
// One function per op family computes the result type(s) from operands and
// attributes. They are the single source of truth for shapes: the generated
// inferReturnTypes of each op calls them, so the verifier (which compares
// inferred and declared types), the parser and the importer agree. On a bad
// shape they emit a lower-case diagnostic at `loc` (when given) and fail.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IR_GNSHAPES_H
#define GN_IR_GNSHAPES_H

#include "gn/Support/GemmShapes.h"
#include "mlir/IR/BuiltinAttributeInterfaces.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"
#include "mlir/IR/ValueRange.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include <optional>

namespace mlir::gn {

class DimsAttr; // GnAttrs.td: symbolic sizes (docs/symbolic-shapes.md)

using OptLoc = std::optional<Location>;
using TypeList = llvm::SmallVectorImpl<Type>;

/// Numpy broadcast of two static shapes; std::nullopt if incompatible.
std::optional<llvm::SmallVector<int64_t>>
broadcastShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b);

// Factories and elementwise maps.
LogicalResult inferConstant(MLIRContext *ctx, OptLoc loc, ElementsAttr value, TypeList &types);
LogicalResult inferArange(MLIRContext *ctx, OptLoc loc, double start, double step,
                          uint64_t size, Type dtype, TypeList &types);
LogicalResult inferFactory(MLIRContext *ctx, OptLoc loc, llvm::ArrayRef<int64_t> shape,
                           Type dtype, TypeList &types);
LogicalResult inferSameAsInput(MLIRContext *ctx, OptLoc loc, Value input, TypeList &types);
LogicalResult inferConvert(MLIRContext *ctx, OptLoc loc, Value input, Type dtype,
                           TypeList &types);
LogicalResult inferBroadcastBinary(MLIRContext *ctx, OptLoc loc, Value lhs, Value rhs,
                                   TypeList &types);
LogicalResult inferBroadcastCompare(MLIRContext *ctx, OptLoc loc, Value lhs, Value rhs,
                                    TypeList &types);
LogicalResult inferWhere(MLIRContext *ctx, OptLoc loc, Value cond, Value lhs, Value rhs,
                         TypeList &types);

// Data movement.
/// `symShape` (may be null) gives the symbolic target sizes; the element
/// counts must then agree at every binding of the shape symbols.
LogicalResult inferReshape(MLIRContext *ctx, OptLoc loc, Value input,
                           llvm::ArrayRef<int64_t> shape, DimsAttr symShape, TypeList &types);
LogicalResult inferTranspose(MLIRContext *ctx, OptLoc loc, Value input,
                             llvm::ArrayRef<int64_t> perm, TypeList &types);
LogicalResult inferBroadcastTo(MLIRContext *ctx, OptLoc loc, Value input,
                               llvm::ArrayRef<int64_t> shape, DimsAttr symShape,
                               TypeList &types);
/// `symLimits` (may be null) gives the limits that follow shape symbols.
LogicalResult inferSlice(MLIRContext *ctx, OptLoc loc, Value input,
                         llvm::ArrayRef<int64_t> starts, llvm::ArrayRef<int64_t> limits,
                         llvm::ArrayRef<int64_t> steps, DimsAttr symLimits, TypeList &types);
LogicalResult inferInsertSlice(MLIRContext *ctx, OptLoc loc, Value dest, Value source,
                               llvm::ArrayRef<int64_t> starts, llvm::ArrayRef<int64_t> limits,
                               llvm::ArrayRef<int64_t> steps, DimsAttr symLimits,
                               TypeList &types);
LogicalResult inferConcat(MLIRContext *ctx, OptLoc loc, ValueRange inputs, uint64_t dim,
                          TypeList &types);
LogicalResult inferPad(MLIRContext *ctx, OptLoc loc, Value input, llvm::ArrayRef<int64_t> low,
                       llvm::ArrayRef<int64_t> high, TypeList &types);
LogicalResult inferTile(MLIRContext *ctx, OptLoc loc, Value input,
                        llvm::ArrayRef<int64_t> multiples, TypeList &types);
LogicalResult inferFlip(MLIRContext *ctx, OptLoc loc, Value input, llvm::ArrayRef<int64_t> dims,
                        TypeList &types);
LogicalResult inferRoll(MLIRContext *ctx, OptLoc loc, Value input,
                        llvm::ArrayRef<int64_t> shifts, llvm::ArrayRef<int64_t> dims,
                        TypeList &types);
LogicalResult inferTriangular(MLIRContext *ctx, OptLoc loc, Value input, TypeList &types);
/// gn.specialize: `dims` (each symbolic in `input`) become static at the
/// compile example's sizes.
LogicalResult inferSpecialize(MLIRContext *ctx, OptLoc loc, Value input,
                              llvm::ArrayRef<int64_t> dims, TypeList &types);
LogicalResult inferIndexSelect(MLIRContext *ctx, OptLoc loc, Value input, Value index,
                               uint64_t dim, TypeList &types);
LogicalResult inferGather(MLIRContext *ctx, OptLoc loc, Value input, Value index, uint64_t dim,
                          TypeList &types);
LogicalResult inferScatter(MLIRContext *ctx, OptLoc loc, Value input, Value index, Value source,
                           uint64_t dim, TypeList &types);

// Reductions.
LogicalResult inferReduce(MLIRContext *ctx, OptLoc loc, Value input,
                          llvm::ArrayRef<int64_t> dims, bool keepdim, TypeList &types);
LogicalResult inferArgReduce(MLIRContext *ctx, OptLoc loc, Value input, uint64_t dim,
                             bool keepdim, TypeList &types);
LogicalResult inferCumSum(MLIRContext *ctx, OptLoc loc, Value input, uint64_t dim,
                          TypeList &types);
LogicalResult inferTopK(MLIRContext *ctx, OptLoc loc, Value input, uint64_t k, uint64_t dim,
                        TypeList &types);
LogicalResult inferNonzero(MLIRContext *ctx, OptLoc loc, Value input, uint64_t count,
                           TypeList &types);
LogicalResult inferSoftmax(MLIRContext *ctx, OptLoc loc, Value input, uint64_t dim,
                           TypeList &types);

// Contractions.
LogicalResult inferMatmul(MLIRContext *ctx, OptLoc loc, Value lhs, Value rhs, bool transposeLhs,
                          bool transposeRhs, bool widen, bool transposeResult, TypeList &types);
LogicalResult inferLinear(MLIRContext *ctx, OptLoc loc, Value input, Value weight, Value bias,
                          TypeList &types);
LogicalResult inferEinsum(MLIRContext *ctx, OptLoc loc, ValueRange inputs,
                          llvm::StringRef equation, TypeList &types);
LogicalResult inferAttention(MLIRContext *ctx, OptLoc loc, Value q, Value k, Value v, Value mask,
                             bool seqFirst, TypeList &types);
LogicalResult inferProjectedAttention(MLIRContext *ctx, OptLoc loc, Value q, Value input,
                                      Value keyWeight, Value keyBias, Value valueWeight,
                                      Value valueBias, Value mask, TypeList &types);

// Convolution, pooling, resampling.
LogicalResult inferConv(MLIRContext *ctx, OptLoc loc, Value input, Value weight, Value bias,
                        llvm::ArrayRef<int64_t> stride, llvm::ArrayRef<int64_t> padding,
                        llvm::ArrayRef<int64_t> dilation, uint64_t groups, bool channelsLast,
                        TypeList &types);
LogicalResult inferConvTranspose(MLIRContext *ctx, OptLoc loc, Value input, Value weight,
                                 Value bias, llvm::ArrayRef<int64_t> stride,
                                 llvm::ArrayRef<int64_t> padding,
                                 llvm::ArrayRef<int64_t> outputPadding,
                                 llvm::ArrayRef<int64_t> dilation, uint64_t groups,
                                 TypeList &types);
LogicalResult inferPool(MLIRContext *ctx, OptLoc loc, Value input, llvm::ArrayRef<int64_t> kernel,
                        llvm::ArrayRef<int64_t> stride, llvm::ArrayRef<int64_t> padding,
                        llvm::ArrayRef<int64_t> dilation, bool ceilMode, TypeList &types);
LogicalResult inferAdaptivePool(MLIRContext *ctx, OptLoc loc, Value input,
                                llvm::ArrayRef<int64_t> outputSize, TypeList &types);
LogicalResult inferGridSample(MLIRContext *ctx, OptLoc loc, Value input, Value grid,
                              TypeList &types);
LogicalResult inferNms(MLIRContext *ctx, OptLoc loc, Value boxes, TypeList &types);
LogicalResult inferRoiAlign(MLIRContext *ctx, OptLoc loc, Value input, Value boxes,
                            Value batchIndex, int64_t pooledHeight, int64_t pooledWidth,
                            TypeList &types);
LogicalResult inferResize(MLIRContext *ctx, OptLoc loc, Value input, llvm::ArrayRef<int64_t> size,
                          TypeList &types);

// Normalization.
LogicalResult inferBatchNorm(MLIRContext *ctx, OptLoc loc, Value input, Value mean, Value var,
                             Value weight, Value bias, TypeList &types);
LogicalResult inferLayerNorm(MLIRContext *ctx, OptLoc loc, Value input, Value weight, Value bias,
                             uint64_t normalizedRank, TypeList &types);
LogicalResult inferGroupNorm(MLIRContext *ctx, OptLoc loc, Value input, Value weight, Value bias,
                             uint64_t numGroups, TypeList &types);

/// Output size of one pooled/convolved dim (torch's formula), or -1 if < 1.
int64_t slidingWindowOutputSize(int64_t in, int64_t kernel, int64_t stride, int64_t padding,
                                int64_t dilation, bool ceilMode);

} // namespace mlir::gn

#endif // GN_IR_GNSHAPES_H
