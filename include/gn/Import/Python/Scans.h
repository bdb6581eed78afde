//===- Scans.h - inclusive scans built from gn ops ---------------*- C++ -*-===//
//
// cumprod, cummax, cummin and logcumsumexp for every frontend. cumprod is
// gn.cumprod (a product in order); the others are log-step (Hillis-Steele)
// scans: ceil(log2 n) rounds of "combine with the element 2^k before",
// each a shift (concat + slice) and an elementwise op. Exact for max and
// min; log-sum-exps are combined in a different order than a sequential
// loop, which changes rounding only.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_SCANS_H
#define GN_IMPORT_PYTHON_SCANS_H

#include "gn/Import/Python/ImportContext.h"

namespace mlir::gn::import {

enum class ScanKind { Prod, Max, Min, LogSumExp };

/// The inclusive scan of `x` along `dim` (normalized). For Max and Min,
/// `indices` (when given) receives the i64 index of each running extreme:
/// the latest among equal values, NaN counted as the extreme, as PyTorch's
/// cummax and cummin give. Prod runs in f64 (PyTorch) or, without
/// `productInF64`, rounds to x's type at each step (PaddlePaddle).
FailureOr<Value> inclusiveScan(ImportContext &ctx, Value x, int64_t dim, ScanKind kind,
                               Value *indices = nullptr, bool productInF64 = true);

} // namespace mlir::gn::import

#endif // GN_IMPORT_PYTHON_SCANS_H
