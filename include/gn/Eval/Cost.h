//===- Cost.h - FLOPs and bytes of a gn function ---------------*- C++ -*-===//
#ifndef GN_EVAL_COST_H
#define GN_EVAL_COST_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include <cstdint>

namespace mlir::gn::eval {

struct GraphCost {
  /// Multiply-adds count 2: convolution, transposed convolution, matmul,
  /// linear and attention (einsum and elementwise work are not counted).
  double flops = 0;
  int64_t weightBytes = 0; // arguments with gn.kind = "weight"
  int64_t inputBytes = 0;  // the other arguments
  int64_t outputBytes = 0;
};

GraphCost graphCost(func::FuncOp func);

} // namespace mlir::gn::eval

#endif // GN_EVAL_COST_H
