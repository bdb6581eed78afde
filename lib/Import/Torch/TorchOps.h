//===- TorchOps.h - the torch frontend's op families ------------*- C++ -*-===//
//
// Each file of lib/Import/Torch registers one family of torch callables into
// the torch registry (TorchFrontend.cpp builds it once).
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_IMPORT_TORCH_TORCHOPS_H
#define GN_LIB_IMPORT_TORCH_TORCHOPS_H

#include "gn/Import/Python/Frontend.h"
#include "gn/Import/Python/OpRegistry.h"

namespace mlir::gn::import {

void registerElementwiseOps(OpRegistry &registry);
void registerMathOps(OpRegistry &registry);
void registerLinalgOps(OpRegistry &registry);
void registerArrangeOps(OpRegistry &registry);
void registerStatisticsOps(OpRegistry &registry);
void registerVisionOps(OpRegistry &registry);
void registerShapeOps(OpRegistry &registry);
void registerReductionOps(OpRegistry &registry);
void registerNNOps(OpRegistry &registry);
void registerFactoryOps(OpRegistry &registry);
void registerIndexingOps(OpRegistry &registry);
void registerIndexedWriteOps(OpRegistry &registry);
void registerAttentionOps(OpRegistry &registry);
void registerSpectralOps(OpRegistry &registry);
void registerRecurrentOps(OpRegistry &registry);
void registerLossOps(OpRegistry &registry);

/// Normalized, sorted reduction dims of a `dim` argument (an int or a
/// list); all dims when it is None or ().
mlir::FailureOr<llvm::SmallVector<int64_t>> reductionDims(ImportContext &ctx, Args &a,
                                                          mlir::Value x,
                                                          llvm::StringRef name = "dim");
/// `x` and the dim an op works along: with no `dim` argument `x` flattened
/// and dim 0 (argmax, repeat_interleave), else `dim` normalized.
mlir::FailureOr<std::pair<mlir::Value, int64_t>> flatOrAlongDim(ImportContext &ctx, Args &a,
                                                                mlir::Value x);
/// `x` converted to the call's `dtype=` argument, when one is given (the
/// reductions and norms apply it before computing).
mlir::FailureOr<mlir::Value> withDtype(ImportContext &ctx, Args &a, mlir::Value x);
/// The p-norm (any p, inf and 0 included) of a float tensor over dims, as
/// linalg.vector_norm; f16 / bf16 computed in f32 and rounded once.
mlir::FailureOr<mlir::Value> floatVectorNorm(ImportContext &ctx, mlir::Value x, double p,
                                             llvm::ArrayRef<int64_t> dims, bool keep);
/// The tensors converted to their promoted dtype (torch.cat does).
mlir::FailureOr<std::vector<mlir::Value>> promoteAll(ImportContext &ctx,
                                                     std::vector<mlir::Value> values);
/// The sizes of the parts a dim of size `n` splits into at `indices`
/// (tensor_split's rule: negative ones count from the end, each clamped).
llvm::SmallVector<int64_t> sizesBetween(llvm::ArrayRef<int64_t> indices, int64_t n);
/// `x` split along `dim` into consecutive parts of `sizes`, as a tuple.
mlir::FailureOr<PyValue> splitBySizes(ImportContext &ctx, mlir::Value x, int64_t dim,
                                      llvm::ArrayRef<int64_t> sizes);


/// Tensor subscripting `x[...]` (basic and single-tensor advanced indexing).
mlir::FailureOr<PyValue> indexTensor(ImportContext &ctx, const PyValue &base,
                                     const PyValue &index);
/// The indices of `x`'s nonzero elements, one (count) tensor per dim
/// (nonzero(as_tuple=True), where(condition)).
mlir::FailureOr<PyValue> nonzeroColumns(ImportContext &ctx, mlir::Value x);
/// `x[...] = v`: returns the updated tensor.
mlir::FailureOr<PyValue> setIndexTensor(ImportContext &ctx, const PyValue &base,
                                        const PyValue &index, const PyValue &value);
/// `x[index] = value` (or `+=` with `accumulate`: repeated positions add
/// up) for any subscript, index tensors anywhere included: the flat
/// positions the subscript reads (the subscript applied to an arange of x's
/// shape) take the value broadcast to them, through one gn.scatter.
mlir::FailureOr<PyValue> setThroughPositions(ImportContext &ctx, mlir::Value x,
                                             const PyValue &index, const PyValue &value,
                                             bool accumulate);

// torch.autocast regions (Autocast.cpp).
/// What an enabled region for `device` does to a call of `op`.
AutocastCast torchAutocastCast(llvm::StringRef op, bool isMethod, llvm::StringRef device,
                               const std::vector<PyValue> &args, const KwArgs &kwargs);
/// torch.amp.autocast_mode._enter_autocast: opens a region (refused when
/// enabled for a device other than the CPU); returns its handle.
mlir::FailureOr<PyValue> enterAutocast(ImportContext &ctx, std::vector<PyValue> &args,
                                       KwArgs &kwargs);
/// _exit_autocast: closes the innermost region.
void exitAutocast(ImportContext &ctx);

// functorch batching (Vmap.cpp).
mlir::FailureOr<PyValue> addBatchDim(ImportContext &ctx, const PyValue &x, int64_t inDim,
                                     int64_t level);
mlir::FailureOr<PyValue> removeBatchDim(ImportContext &ctx, const PyValue &x, int64_t level,
                                        int64_t batchSize, int64_t outDim);
/// When an argument is batched: checks the op has a broadcasting batch rule
/// and aligns the arguments; `levels` and `resultBatched` say how to mark
/// the result. Returns false when nothing is batched.
mlir::FailureOr<bool> prepareBatchedCall(ImportContext &ctx, llvm::StringRef op,
                                         std::vector<PyValue> &args,
                                         std::vector<std::pair<std::string, PyValue>> &kwargs,
                                         llvm::SmallVectorImpl<int64_t> &levels,
                                         bool &resultBatched);

/// linalg.matrix_norm(A, ord, dim, keepdim, dtype) (LinalgOps.cpp); also
/// what linalg.norm is with a matrix order (ReductionOps.cpp).
mlir::FailureOr<PyValue> matrixNorm(ImportContext &ctx, Args &a);

} // namespace mlir::gn::import

#endif // GN_LIB_IMPORT_TORCH_TORCHOPS_H
