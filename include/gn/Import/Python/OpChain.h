//===- OpChain.h - build a run of gn ops, failing once ----------*- C++ -*-===//
//
// Decompositions of many ops (Paddle's proposals, the recurrent layers of
// both frameworks) build through a Chain instead of checking each
// FailureOr. Out-of-line parts: lib/Import/Python/OpChain.cpp.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_OPCHAIN_H
#define GN_IMPORT_PYTHON_OPCHAIN_H

#include "gn/IR/GnOps.h"
#include "gn/Import/Python/ImportContext.h"

namespace mlir::gn::import {

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
  Value slice(Value v, int64_t axis, int64_t start, int64_t limit);
  Value transpose(Value v, llvm::ArrayRef<int64_t> perm);
  /// Column k of an [R, 4] box tensor, as [R].
  Value column(Value boxes, int64_t k);
  Value arange(int64_t n, Type t);
  bool ok() const { return !failedOnce; }
};

} // namespace mlir::gn::import

#endif // GN_IMPORT_PYTHON_OPCHAIN_H
