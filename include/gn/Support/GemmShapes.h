//===- GemmShapes.h - how a batched product maps onto GEMMs -----*- C++ -*-===//
//
// Shape rules shared by the interpreter, the CUDA target's compiler and the
// CUDA runner (which binds a symbolic program's GEMM sizes with no MLIR).
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_GEMMSHAPES_H
#define GN_SUPPORT_GEMMSHAPES_H

#include "llvm/ADT/ArrayRef.h"
#include <cstdint>

namespace mlir::gn {

/// Whether a batched product runs as one GEMM over all the batch's rows:
/// one RHS matrix for every batch item (its batch dims all 1), the LHS a
/// matrix per item with its rows contiguous (not transposed), and the result
/// packed ([197, 1, 768] x [768, 768] is one 197-row GEMM, not 197 GEMVs
/// that each read the whole weight). The interpreter and the CUDA target's
/// GEMMs both fold so.
bool batchFoldsIntoRows(llvm::ArrayRef<int64_t> lhsBatch, llvm::ArrayRef<int64_t> rhsBatch,
                        int64_t batch, bool transposeLhs, bool transposeResult);

} // namespace mlir::gn

#endif // GN_SUPPORT_GEMMSHAPES_H
