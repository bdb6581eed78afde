//===- NormalizationShapes.cpp - batch/layer/group norm -----------------===//
#include "ShapeUtils.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::shapes;

/// Checks that an optional per-channel (or per-feature) parameter has `shape`.
static LogicalResult checkParam(OptLoc loc, Value param, llvm::ArrayRef<int64_t> shape,
                                Type element, llvm::StringRef what) {
  auto t = tensorType(param);
  if (!t)
    return success();
  if (t.getShape() != shape)
    return fail(loc, "expected " + what + " of shape " + shapeStr(shape) + ", got " +
                         shapeStr(t.getShape()));
  if (t.getElementType() != element)
    return fail(loc, what + " element type " + typeStr(t.getElementType()) +
                         " does not match input " + typeStr(element));
  return success();
}

LogicalResult gn::inferBatchNorm(MLIRContext *, OptLoc loc, Value input, Value mean, Value var,
                                 Value weight, Value bias, TypeList &types) {
  auto x = tensorType(input);
  if (x.getRank() < 2)
    return fail(loc, "expected input of rank >= 2, got rank " + llvm::Twine(x.getRank()));
  int64_t c = x.getDimSize(1);
  Type e = x.getElementType();
  if (failed(checkParam(loc, mean, {c}, e, "running_mean")) ||
      failed(checkParam(loc, var, {c}, e, "running_var")) ||
      failed(checkParam(loc, weight, {c}, e, "weight")) ||
      failed(checkParam(loc, bias, {c}, e, "bias")))
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
  auto shape = x.getShape().take_back(normalizedRank);
  if (failed(checkParam(loc, weight, shape, x.getElementType(), "weight")) ||
      failed(checkParam(loc, bias, shape, x.getElementType(), "bias")))
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
  if (failed(checkParam(loc, weight, {c}, x.getElementType(), "weight")) ||
      failed(checkParam(loc, bias, {c}, x.getElementType(), "bias")))
    return failure();
  types.push_back(x);
  return success();
}
