//===- GemmShapes.cpp - how a batched product maps onto GEMMs ------------===//
#include "gn/Support/GemmShapes.h"

bool mlir::gn::batchFoldsIntoRows(llvm::ArrayRef<int64_t> lhsBatch,
                                  llvm::ArrayRef<int64_t> rhsBatch, int64_t batch,
                                  bool transposeLhs, bool transposeResult) {
  auto count = [](llvm::ArrayRef<int64_t> dims) {
    int64_t c = 1;
    for (int64_t d : dims)
      c *= d;
    return c;
  };
  return batch > 1 && !transposeLhs && !transposeResult && count(rhsBatch) == 1 &&
         count(lhsBatch) == batch;
}
