//===- PaddleOps.h - the paddle frontend's op families ----------*- C++ -*-===//
//
// Each file of lib/Import/Paddle registers one family of `paddle._C_ops`
// callables, with Paddle's semantics (docs/paddle-semantics.md records what
// was checked against PaddlePaddle itself). Signatures follow the positional
// order the samples call them in. Shape arithmetic (shape64, slices and
// stacks of it, full_int_array) is folded to constants at import, so that
// shapes given as tensors are known (Folding.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_IMPORT_PADDLE_PADDLEOPS_H
#define GN_LIB_IMPORT_PADDLE_PADDLEOPS_H

#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/OpRegistry.h"

namespace mlir::gn::import::paddle {

void registerElementwiseOps(OpRegistry &registry);
void registerMathOps(OpRegistry &registry);
void registerLinalgOps(OpRegistry &registry);
void registerNmsOps(OpRegistry &registry);
void registerShapeOps(OpRegistry &registry);
void registerReductionOps(OpRegistry &registry);
void registerNNOps(OpRegistry &registry);
void registerFactoryOps(OpRegistry &registry);
void registerIndexingOps(OpRegistry &registry);
void registerSpectralOps(OpRegistry &registry);
void registerDetectionOps(OpRegistry &registry);
void registerProposalOps(OpRegistry &registry);
void registerRecurrentOps(OpRegistry &registry);
void registerLossOps(OpRegistry &registry);

/// Folds the ops computing `v` when they only read small constants (shape
/// arithmetic) and returns the gn.constant that replaces `v`; returns `v`
/// itself otherwise.
mlir::Value foldSmallConstants(ImportContext &ctx, mlir::Value v);
/// Runs `F` and folds its tensor results (see foldSmallConstants): the
/// wrapper every Paddle handler is registered through.
mlir::FailureOr<PyValue> foldResults(ImportContext &ctx, mlir::FailureOr<PyValue> r);
template <Handler F> mlir::FailureOr<PyValue> folded(ImportContext &ctx, Args &a) {
  return foldResults(ctx, F(ctx, a));
}

/// The values of a tensor known at import (a gn.constant, or an argument
/// whose meta gives `data`).
std::optional<std::vector<double>> knownValues(ImportContext &ctx, mlir::Value v);

// Argument conventions shared by the families.
/// A list of ints given as a Python int or list (of ints or one-element
/// tensors of known value), or as an integer tensor of known values.
mlir::FailureOr<llvm::SmallVector<int64_t>> intList(Args &a, ImportContext &ctx,
                                                    llvm::StringRef name);
/// intList for the shape of a tensor to create: every size non-negative.
mlir::FailureOr<llvm::SmallVector<int64_t>> sizeList(Args &a, ImportContext &ctx,
                                                     llvm::StringRef name);
/// A number given as a Python number or a one-element tensor of known value.
mlir::FailureOr<double> number(Args &a, ImportContext &ctx, llvm::StringRef name);
/// Normalized axes of a rank-`rank` tensor; an empty list means every axis
/// when `emptyMeansAll`.
mlir::FailureOr<llvm::SmallVector<int64_t>> axes(Args &a, ImportContext &ctx,
                                                 llvm::StringRef name, int64_t rank,
                                                 bool emptyMeansAll);
/// A dtype given as paddle.float32 or as "float32".
mlir::FailureOr<mlir::Type> dtypeArg(Args &a, ImportContext &ctx, llvm::StringRef name);
/// A uniform draw in [lo, hi) of `shape` from gn's random stream (a
/// gn.random in f32, scaled and converted to `e`).
mlir::FailureOr<mlir::Value> uniformValues(ImportContext &ctx, llvm::ArrayRef<int64_t> shape,
                                          mlir::Type e, double lo, double hi);
/// The scans' reverse= and exclusive= forms: v flipped along dim when
/// `reverse`; v shifted one place along dim with `fill` first.
mlir::Value reversedAlong(ImportContext &ctx, Chain &c, mlir::Value v, int64_t dim, bool reverse);
mlir::Value shiftedAlong(ImportContext &ctx, Chain &c, mlir::Value v, int64_t dim, double fill);
/// NHWC <-> NCHW for 4-d (and NDHWC for 5-d) data: the permutation that
/// moves the last dim to position 1, and its inverse.
llvm::SmallVector<int64_t> channelsFirst(int64_t rank);
llvm::SmallVector<int64_t> channelsLast(int64_t rank);
mlir::FailureOr<mlir::Value> transpose(ImportContext &ctx, mlir::Value v,
                                       llvm::ArrayRef<int64_t> perm);
/// v[..., start:limit, ...] along `axis` (step 1).
mlir::FailureOr<mlir::Value> sliceAxis(ImportContext &ctx, mlir::Value v, int64_t axis,
                                       int64_t start, int64_t limit);

} // namespace mlir::gn::import::paddle

#endif // GN_LIB_IMPORT_PADDLE_PADDLEOPS_H
