//===- NormalizationShapes.cpp - batch/layer/group norm -----------------===//
#include "ShapeUtils.h"
#include "gn/IR/SymbolicDims.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::shapes;

/// Checks that an optional per-channel (or per-feature) parameter has the
/// input's dims `dims`: the same sizes at the example and, where the input's
/// are symbolic, at every binding.
static LogicalResult checkParam(OptLoc loc, Value param, RankedTensorType input,
                                llvm::ArrayRef<int64_t> dims, llvm::StringRef what) {
  auto t = tensorType(param);
  if (!t)
    return success();
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<SymExpr> inputExprs = dimExprs(input), exprs;
  for (int64_t d : dims) {
    shape.push_back(input.getDimSize(d));
    exprs.push_back(inputExprs[d]);
  }
  if (t.getShape() != llvm::ArrayRef<int64_t>(shape))
    return fail(loc, "expected " + what + " of shape " + shapeStr(shape) + ", got " +
                         shapeStr(t.getShape()));
  if (llvm::ArrayRef<SymExpr>(dimExprs(t)) != llvm::ArrayRef<SymExpr>(exprs))
    return fail(loc, what + " " + typeStr(t) + " may differ from the input " + typeStr(input) +
                         " at some binding of the shape symbols");
  if (t.getElementType() != input.getElementType())
    return fail(loc, what + " element type " + typeStr(t.getElementType()) +
                         " does not match input " + typeStr(input.getElementType()));
  return success();
}

LogicalResult gn::inferBatchNorm(MLIRContext *, OptLoc loc, Value input, Value mean, Value var,
                                 Value weight, Value bias, TypeList &types) {
  auto x = tensorType(input);
  if (x.getRank() < 2)
    return fail(loc, "expected input of rank >= 2, got rank " + llvm::Twine(x.getRank()));
  if (failed(checkParam(loc, mean, x, {1}, "running_mean")) ||
      failed(checkParam(loc, var, x, {1}, "running_var")) ||
      failed(checkParam(loc, weight, x, {1}, "weight")) ||
      failed(checkParam(loc, bias, x, {1}, "bias")))
    return failure();
  types.push_back(x);
  return success();
}

LogicalResult gn::inferLayerNorm(MLIRContext *, OptLoc loc, Value input, Value weight,
                                 Value bias, uint64_t normalizedRank, TypeList &types) {
  auto x = tensorType(input);
  if (normalizedRank < 1 || (int64_t)normalizedRank > x.getRank())
    return fail(loc, "normalized_rank " + llvm::Twine(normalizedRank) +
                         " out of range for input of rank " + llvm::Twine(x.getRank()));
  llvm::SmallVector<int64_t> dims;
  for (int64_t d = x.getRank() - normalizedRank; d < x.getRank(); ++d)
    dims.push_back(d);
  if (failed(checkParam(loc, weight, x, dims, "weight")) ||
      failed(checkParam(loc, bias, x, dims, "bias")))
    return failure();
  types.push_back(x);
  return success();
}

LogicalResult gn::inferGroupNorm(MLIRContext *, OptLoc loc, Value input, Value weight,
                                 Value bias, uint64_t numGroups, TypeList &types) {
  auto x = tensorType(input);
  if (x.getRank() < 2)
    return fail(loc, "expected input of rank >= 2, got rank " + llvm::Twine(x.getRank()));
  int64_t c = x.getDimSize(1);
  if (numGroups < 1 || c % (int64_t)numGroups)
    return fail(loc, "num_groups " + llvm::Twine(numGroups) + " must divide channels " +
                         llvm::Twine(c));
  if (!dimExprs(x)[1].isConstant())
    return fail(loc, "group norm needs static channels, not " + dimExprs(x)[1].str());
  if (failed(checkParam(loc, weight, x, {1}, "weight")) ||
      failed(checkParam(loc, bias, x, {1}, "bias")))
    return failure();
  types.push_back(x);
  return success();
}
