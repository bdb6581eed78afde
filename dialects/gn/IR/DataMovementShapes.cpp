//===- DataMovementShapes.cpp - reshape, slice, concat, gather, ... -----===//
#include "ShapeUtils.h"
#include "gn/Support/NumericCast.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::shapes;


LogicalResult gn::inferReshape(MLIRContext *, OptLoc loc, Value input,
                               llvm::ArrayRef<int64_t> shape, TypeList &types) {
  auto type = tensorType(input);
  for (int64_t d : shape)
    if (d < 0)
      return fail(loc, "expected non-negative target sizes, got " + shapeStr(shape));
  auto to = checkedProduct(shape), from = checkedProduct(type.getShape());
  if (!to || !from)
    return fail(loc, "cannot reshape " + shapeStr(type.getShape()) + " to " + shapeStr(shape) +
                         ": more elements than an int64 holds");
  if (*to != *from)
    return fail(loc, "cannot reshape " + shapeStr(type.getShape()) + " (" + llvm::Twine(*from) +
                         " elements) to " + shapeStr(shape) + " (" + llvm::Twine(*to) +
                         " elements)");
  types.push_back(type.clone(shape));
  return success();
}

LogicalResult gn::inferTranspose(MLIRContext *, OptLoc loc, Value input,
                                 llvm::ArrayRef<int64_t> perm, TypeList &types) {
  auto type = tensorType(input);
  if (static_cast<int64_t>(perm.size()) != type.getRank())
    return fail(loc, "permutation of size " + llvm::Twine(perm.size()) +
                         " does not match rank " + llvm::Twine(type.getRank()));
  if (failed(checkDims(loc, perm, type.getRank(), "permutation entry")))
    return failure();
  llvm::SmallVector<int64_t> shape;
  for (int64_t p : perm)
    shape.push_back(type.getDimSize(p));
  types.push_back(type.clone(shape));
  return success();
}

LogicalResult gn::inferBroadcastTo(MLIRContext *, OptLoc loc, Value input,
                                   llvm::ArrayRef<int64_t> shape, TypeList &types) {
  auto type = tensorType(input);
  auto out = broadcastShapes(type.getShape(), shape);
  if (type.getRank() > static_cast<int64_t>(shape.size()) || !out ||
      llvm::ArrayRef<int64_t>(*out) != shape)
    return fail(loc, "cannot broadcast " + shapeStr(type.getShape()) + " to " + shapeStr(shape));
  types.push_back(type.clone(shape));
  return success();
}

static LogicalResult sliceShape(OptLoc loc, RankedTensorType type,
                                llvm::ArrayRef<int64_t> starts, llvm::ArrayRef<int64_t> limits,
                                llvm::ArrayRef<int64_t> steps,
                                llvm::SmallVectorImpl<int64_t> &shape) {
  int64_t rank = type.getRank();
  if ((int64_t)starts.size() != rank || (int64_t)limits.size() != rank ||
      (int64_t)steps.size() != rank)
    return fail(loc, "expected " + llvm::Twine(rank) +
                         " starts, limits and steps (one per dim)");
  for (int64_t i = 0; i < rank; ++i) {
    int64_t size = type.getDimSize(i);
    if (steps[i] < 1)
      return fail(loc, "slice step must be positive, got " + llvm::Twine(steps[i]));
    if (starts[i] < 0 || starts[i] > size || limits[i] < 0 || limits[i] > size)
      return fail(loc, "slice [" + llvm::Twine(starts[i]) + ", " + llvm::Twine(limits[i]) +
                           ") out of bounds for dim " + llvm::Twine(i) + " of size " +
                           llvm::Twine(size));
    int64_t extent = limits[i] - starts[i];
    shape.push_back(extent <= 0 ? 0 : (extent + steps[i] - 1) / steps[i]);
  }
  return success();
}

LogicalResult gn::inferSlice(MLIRContext *, OptLoc loc, Value input,
                             llvm::ArrayRef<int64_t> starts, llvm::ArrayRef<int64_t> limits,
                             llvm::ArrayRef<int64_t> steps, TypeList &types) {
  auto type = tensorType(input);
  llvm::SmallVector<int64_t> shape;
  if (failed(sliceShape(loc, type, starts, limits, steps, shape)))
    return failure();
  types.push_back(type.clone(shape));
  return success();
}

LogicalResult gn::inferInsertSlice(MLIRContext *, OptLoc loc, Value dest, Value source,
                                   llvm::ArrayRef<int64_t> starts,
                                   llvm::ArrayRef<int64_t> limits,
                                   llvm::ArrayRef<int64_t> steps, TypeList &types) {
  auto destType = tensorType(dest), sourceType = tensorType(source);
  llvm::SmallVector<int64_t> shape;
  if (failed(sliceShape(loc, destType, starts, limits, steps, shape)))
    return failure();
  if (sourceType.getShape() != llvm::ArrayRef<int64_t>(shape))
    return fail(loc, "source shape " + shapeStr(sourceType.getShape()) +
                         " does not match slice shape " + shapeStr(shape));
  if (sourceType.getElementType() != destType.getElementType())
    return fail(loc, "source and dest element types differ");
  types.push_back(destType);
  return success();
}

LogicalResult gn::inferConcat(MLIRContext *, OptLoc loc, ValueRange inputs, uint64_t dim,
                              TypeList &types) {
  if (inputs.empty())
    return fail(loc, "expected at least one input");
  auto first = tensorType(inputs[0]);
  // Unsigned: `dim -1` parses as 2^64 - 1 (found by gn-fuzz-ir).
  if (dim >= (uint64_t)first.getRank())
    return fail(loc, "concat dim " + llvm::Twine(dim) + " out of range for rank " +
                         llvm::Twine(first.getRank()));
  llvm::SmallVector<int64_t> shape(first.getShape());
  for (Value v : inputs.drop_front()) {
    auto t = tensorType(v);
    if (t.getElementType() != first.getElementType())
      return fail(loc, "concat inputs have different element types");
    if (t.getRank() != first.getRank())
      return fail(loc, "concat inputs have different ranks");
    for (int64_t i = 0; i < t.getRank(); ++i)
      if (i != (int64_t)dim && t.getDimSize(i) != shape[i])
        return fail(loc, "concat inputs differ in dim " + llvm::Twine(i) + ": " +
                             shapeStr(first.getShape()) + " vs " + shapeStr(t.getShape()));
    shape[dim] += t.getDimSize(dim);
  }
  types.push_back(first.clone(shape));
  return success();
}

LogicalResult gn::inferPad(MLIRContext *, OptLoc loc, Value input, llvm::ArrayRef<int64_t> low,
                           llvm::ArrayRef<int64_t> high, TypeList &types) {
  auto type = tensorType(input);
  if ((int64_t)low.size() != type.getRank() || (int64_t)high.size() != type.getRank())
    return fail(loc, "expected one low and one high padding per dim (" +
                         llvm::Twine(type.getRank()) + ")");
  llvm::SmallVector<int64_t> shape;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (low[i] < 0 || high[i] < 0)
      return fail(loc, "padding must be non-negative");
    shape.push_back(type.getDimSize(i) + low[i] + high[i]);
  }
  types.push_back(type.clone(shape));
  return success();
}

LogicalResult gn::inferTile(MLIRContext *, OptLoc loc, Value input,
                            llvm::ArrayRef<int64_t> multiples, TypeList &types) {
  auto type = tensorType(input);
  if ((int64_t)multiples.size() != type.getRank())
    return fail(loc, "expected " + llvm::Twine(type.getRank()) + " multiples, got " +
                         llvm::Twine(multiples.size()));
  llvm::SmallVector<int64_t> shape;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (multiples[i] < 0)
      return fail(loc, "multiples must be non-negative");
    shape.push_back(type.getDimSize(i) * multiples[i]);
  }
  types.push_back(type.clone(shape));
  return success();
}

LogicalResult gn::inferFlip(MLIRContext *, OptLoc loc, Value input, llvm::ArrayRef<int64_t> dims,
                            TypeList &types) {
  auto type = tensorType(input);
  if (failed(checkDims(loc, dims, type.getRank(), "flip dim")))
    return failure();
  types.push_back(type);
  return success();
}

LogicalResult gn::inferRoll(MLIRContext *, OptLoc loc, Value input,
                            llvm::ArrayRef<int64_t> shifts, llvm::ArrayRef<int64_t> dims,
                            TypeList &types) {
  auto type = tensorType(input);
  if (shifts.size() != dims.size())
    return fail(loc, "expected as many shifts as dims");
  if (failed(checkDims(loc, dims, type.getRank(), "roll dim")))
    return failure();
  types.push_back(type);
  return success();
}

LogicalResult gn::inferTriangular(MLIRContext *, OptLoc loc, Value input, TypeList &types) {
  auto type = tensorType(input);
  if (type.getRank() < 2)
    return fail(loc, "expected input of rank >= 2, got rank " + llvm::Twine(type.getRank()));
  types.push_back(type);
  return success();
}

LogicalResult gn::inferIndexSelect(MLIRContext *, OptLoc loc, Value input, Value index,
                                   uint64_t dim, TypeList &types) {
  auto type = tensorType(input), indexType = tensorType(index);
  if (dim >= (uint64_t)type.getRank())
    return fail(loc, "dim " + llvm::Twine(dim) + " out of range for rank " +
                         llvm::Twine(type.getRank()));
  llvm::SmallVector<int64_t> shape(type.getShape().take_front(dim));
  llvm::append_range(shape, indexType.getShape());
  llvm::append_range(shape, type.getShape().drop_front(dim + 1));
  types.push_back(type.clone(shape));
  return success();
}

LogicalResult gn::inferGather(MLIRContext *, OptLoc loc, Value input, Value index, uint64_t dim,
                              TypeList &types) {
  auto type = tensorType(input), indexType = tensorType(index);
  if (indexType.getRank() != type.getRank())
    return fail(loc, "index rank " + llvm::Twine(indexType.getRank()) +
                         " does not match input rank " + llvm::Twine(type.getRank()));
  if (dim >= (uint64_t)type.getRank())
    return fail(loc, "dim " + llvm::Twine(dim) + " out of range for rank " +
                         llvm::Twine(type.getRank()));
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (i != (int64_t)dim && indexType.getDimSize(i) > type.getDimSize(i))
      return fail(loc, "index shape " + shapeStr(indexType.getShape()) +
                           " exceeds input shape " + shapeStr(type.getShape()) +
                           " outside the gather dim");
  types.push_back(type.clone(indexType.getShape()));
  return success();
}

LogicalResult gn::inferScatter(MLIRContext *, OptLoc loc, Value input, Value index,
                               Value source, uint64_t dim, TypeList &types) {
  auto type = tensorType(input), indexType = tensorType(index), sourceType = tensorType(source);
  if (indexType.getRank() != type.getRank() || sourceType.getRank() != type.getRank())
    return fail(loc, "input, index and source must have the same rank");
  if (dim >= (uint64_t)type.getRank())
    return fail(loc, "dim " + llvm::Twine(dim) + " out of range for rank " +
                         llvm::Twine(type.getRank()));
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (indexType.getDimSize(i) > sourceType.getDimSize(i) ||
        (i != (int64_t)dim && indexType.getDimSize(i) > type.getDimSize(i)))
      return fail(loc, "index shape " + shapeStr(indexType.getShape()) +
                           " exceeds source or input shape");
  if (sourceType.getElementType() != type.getElementType())
    return fail(loc, "source and input element types differ");
  types.push_back(type);
  return success();
}
