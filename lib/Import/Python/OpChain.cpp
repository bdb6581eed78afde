//===- OpChain.cpp - build a run of gn ops, failing once ------------------===//
#include "gn/Import/Python/OpChain.h"

using namespace mlir;
using namespace mlir::gn::import;

Value Chain::slice(Value v, int64_t axis, int64_t start, int64_t limit) {
  if (!v)
    return take(failure());
  auto type = llvm::cast<RankedTensorType>(v.getType());
  llvm::SmallVector<int64_t> starts(type.getRank(), 0), limits(type.getShape()),
      steps(type.getRank(), 1);
  starts[axis] = start;
  limits[axis] = limit;
  return take(ctx.build<gn::SliceOp>({v}, {ctx.ints("starts", starts), ctx.ints("limits", limits),
                                           ctx.ints("steps", steps)}));
}

Value Chain::transpose(Value v, llvm::ArrayRef<int64_t> perm) {
  if (!v)
    return take(failure());
  return take(ctx.build<gn::TransposeOp>({v}, {ctx.ints("permutation", perm)}));
}

Value Chain::column(Value boxes, int64_t k) {
  if (!boxes)
    return take(failure());
  int64_t r = llvm::cast<RankedTensorType>(boxes.getType()).getDimSize(0);
  return reshape(slice(boxes, 1, k, k + 1), {r});
}

Value Chain::arange(int64_t n, Type t) {
  return op<gn::ArangeOp>({}, {ctx.f64("start", 0), ctx.f64("step", 1), ctx.i64("size", n),
                               ctx.attr("dtype", TypeAttr::get(t))});
}
