//===- OpChain.h - build a run of gn ops, failing once ----------*- C++ -*-===//
//
// Private to lib/Import/Paddle: decompositions of many ops (proposals,
// recurrent layers) build through an OpChain instead of checking each
// FailureOr.
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_IMPORT_PADDLE_OPCHAIN_H
#define GN_LIB_IMPORT_PADDLE_OPCHAIN_H

#include "PaddleOps.h"

namespace mlir::gn::import::paddle {

/// Builds ops until one fails, then builds nothing more: the first failure
/// has reported itself, and `ok()` says whether every op was built.
struct Chain {
  ImportContext &ctx;
  bool failedOnce = false;

  template <typename OpTy>
  Value op(llvm::ArrayRef<Value> operands, llvm::ArrayRef<NamedAttribute> attrs = {}) {
    if (failedOnce || llvm::is_contained(operands, Value()))
      return take(failure());
    return take(ctx.build<OpTy>(operands, attrs));
  }
  Value take(FailureOr<Value> v) {
    if (failedOnce || failed(v)) {
      failedOnce = true;
      return {};
    }
    return *v;
  }
  Value convert(Value v, Type t) { return v ? take(ctx.convert(v, t)) : take(failure()); }
  Value reshape(Value v, llvm::ArrayRef<int64_t> shape) {
    return v ? take(ctx.reshape(v, shape)) : take(failure());
  }
  /// v[start:limit] along axis.
  Value slice(Value v, int64_t axis, int64_t start, int64_t limit) {
    return v ? take(sliceAxis(ctx, v, axis, start, limit)) : take(failure());
  }
  Value transpose(Value v, llvm::ArrayRef<int64_t> perm) {
    return v ? take(paddle::transpose(ctx, v, perm)) : take(failure());
  }
  /// Column k of an [R, 4] box tensor, as [R].
  Value column(Value boxes, int64_t k) {
    if (!boxes)
      return take(failure());
    int64_t r = llvm::cast<RankedTensorType>(boxes.getType()).getDimSize(0);
    return reshape(slice(boxes, 1, k, k + 1), {r});
  }
  Value arange(int64_t n, Type t) {
    return op<gn::ArangeOp>({}, {ctx.f64("start", 0), ctx.f64("step", 1), ctx.i64("size", n),
                                 ctx.attr("dtype", TypeAttr::get(t))});
  }
  bool ok() const { return !failedOnce; }
};

} // namespace mlir::gn::import::paddle

#endif // GN_LIB_IMPORT_PADDLE_OPCHAIN_H
