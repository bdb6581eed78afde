//===- PaddleOps.h - the paddle frontend's op families ----------*- C++ -*-===//
//
// Each file of lib/Import/Paddle registers one family of `paddle._C_ops`
// callables, with Paddle's semantics (docs/paddle-semantics.md records
// what was checked against PaddlePaddle itself). Signatures follow the
// positional order the samples call them in.
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_IMPORT_PADDLE_PADDLEOPS_H
#define GN_LIB_IMPORT_PADDLE_PADDLEOPS_H

#include "gn/Import/Python/OpRegistry.h"

namespace mlir::gn::import::paddle {

void registerElementwiseOps(OpRegistry &registry);
void registerShapeOps(OpRegistry &registry);
void registerReductionOps(OpRegistry &registry);
void registerNNOps(OpRegistry &registry);
void registerFactoryOps(OpRegistry &registry);

// Argument conventions shared by the families.
/// A list of ints given as a Python list/tuple/int or as a 1-d integer
/// tensor whose values are known at import (full_int_array, shape64
/// arithmetic folded by the importer).
mlir::FailureOr<llvm::SmallVector<int64_t>> intList(ImportContext &ctx, Args &a,
                                                    llvm::StringRef name);
/// A scalar given as a Python number or a one-element tensor of known value.
mlir::FailureOr<double> scalarArg(ImportContext &ctx, Args &a, llvm::StringRef name);
/// Normalized axes; `axes` empty means every axis when `emptyMeansAll`.
mlir::FailureOr<llvm::SmallVector<int64_t>> axesArg(ImportContext &ctx, Args &a,
                                                    llvm::StringRef name, int64_t rank,
                                                    bool emptyMeansAll);

} // namespace mlir::gn::import::paddle

#endif // GN_LIB_IMPORT_PADDLE_PADDLEOPS_H
