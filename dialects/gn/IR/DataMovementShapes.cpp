//===- DataMovementShapes.cpp - reshape, slice, concat, gather, ... -----===//
#include "ShapeUtils.h"
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/IR/SymbolicSizes.h"
#include "gn/Support/NumericCast.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::shapes;


/// Checks that `symbolic` (a reshape's or broadcast's sym_shape, may be
/// null) has one entry per target size.
static LogicalResult checkSymShape(OptLoc loc, DimsAttr symbolic, llvm::ArrayRef<int64_t> shape,
                                   llvm::StringRef what) {
  if (symbolic && symbolic.getExprs().size() != shape.size())
    return fail(loc, what + " has " + llvm::Twine(symbolic.getExprs().size()) +
                         " sizes for a shape of rank " + llvm::Twine(shape.size()));
  return success();
}

LogicalResult gn::inferReshape(MLIRContext *, OptLoc loc, Value input,
                               llvm::ArrayRef<int64_t> shape, DimsAttr symShape,
                               TypeList &types) {
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
  if (failed(checkSymShape(loc, symShape, shape, "sym_shape")))
    return failure();
  if (!symShape && !hasSymbolicDims(type)) {
    types.push_back(RankedTensorType::get(shape, type.getElementType()));
    return success();
  }
  // The element counts must agree at every binding, not only the example's.
  llvm::SmallVector<SymExpr> target = dimExprs(shape, symShape);
  std::string why;
  std::optional<SymExpr> count = sym::product(dimExprs(type), why);
  std::optional<SymExpr> targetCount = count ? sym::product(target, why) : std::nullopt;
  if (!targetCount)
    return fail(loc, "cannot reshape " + typeStr(type) + ": " + why);
  if (*count != *targetCount)
    return fail(loc, "cannot reshape " + typeStr(type) + " (" + count->str() +
                         " elements) to " + shapeStr(shape) + " (" + targetCount->str() +
                         " elements) at every binding of the shape symbols");
  types.push_back(symbolicTensorType(shape, type.getElementType(), target));
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
  types.push_back(permutedTensorType(type, perm));
  return success();
}

LogicalResult gn::inferBroadcastTo(MLIRContext *, OptLoc loc, Value input,
                                   llvm::ArrayRef<int64_t> shape, DimsAttr symShape,
                                   TypeList &types) {
  auto type = tensorType(input);
  auto out = broadcastShapes(type.getShape(), shape);
  if (type.getRank() > static_cast<int64_t>(shape.size()) || !out ||
      llvm::ArrayRef<int64_t>(*out) != shape)
    return fail(loc, "cannot broadcast " + shapeStr(type.getShape()) + " to " + shapeStr(shape));
  if (failed(checkSymShape(loc, symShape, shape, "sym_shape")))
    return failure();
  // Each input dim is the target's size, or the constant 1, at every binding.
  llvm::SmallVector<SymExpr> from = dimExprs(type), to = dimExprs(shape, symShape);
  size_t lead = to.size() - from.size();
  for (size_t i = 0; i < from.size(); ++i)
    if (from[i] != to[lead + i] && from[i].constantValue() != 1)
      return fail(loc, "cannot broadcast " + typeStr(type) + " to " + shapeStr(shape) +
                           ": input dim " + llvm::Twine(i) + " is " + from[i].str() +
                           ", the target's " + to[lead + i].str() +
                           " (they may differ at some binding of the shape symbols)");
  types.push_back(symbolicTensorType(shape, type.getElementType(), to));
  return success();
}

/// A slice's result sizes at the example (`shape`) and for every binding
/// (`exprs`). A symbolic limit comes from `symLimits` (may be null); starts
/// are literals. Whether a static limit fits a symbolic dim at every binding
/// is checked when the symbols are bound, as every slice bound is.
static LogicalResult sliceShape(OptLoc loc, RankedTensorType type,
                                llvm::ArrayRef<int64_t> starts, llvm::ArrayRef<int64_t> limits,
                                llvm::ArrayRef<int64_t> steps, DimsAttr symLimits,
                                llvm::SmallVectorImpl<int64_t> &shape,
                                llvm::SmallVectorImpl<SymExpr> &exprs) {
  int64_t rank = type.getRank();
  if ((int64_t)starts.size() != rank || (int64_t)limits.size() != rank ||
      (int64_t)steps.size() != rank)
    return fail(loc, "expected " + llvm::Twine(rank) +
                         " starts, limits and steps (one per dim)");
  if (failed(checkSymShape(loc, symLimits, limits, "sym_limits")))
    return failure();
  llvm::SmallVector<SymExpr> limitExprs = dimExprs(limits, symLimits);
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
    if (limitExprs[i].isConstant()) {
      exprs.push_back(SymExpr::constant(shape.back()));
      continue;
    }
    if (extent <= 0)
      return fail(loc, "the symbolic limit " + limitExprs[i].str() + " of dim " +
                           llvm::Twine(i) + " gives an empty slice at the example");
    std::string why;
    std::optional<SymExpr> e =
        sym::sliceSize(SymExpr::constant(starts[i]), limitExprs[i], steps[i], why);
    if (!e)
      return fail(loc, "slice of dim " + llvm::Twine(i) + ": " + why);
    exprs.push_back(*e);
  }
  return success();
}

LogicalResult gn::inferSlice(MLIRContext *, OptLoc loc, Value input,
                             llvm::ArrayRef<int64_t> starts, llvm::ArrayRef<int64_t> limits,
                             llvm::ArrayRef<int64_t> steps, DimsAttr symLimits,
                             TypeList &types) {
  auto type = tensorType(input);
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<SymExpr> exprs;
  if (failed(sliceShape(loc, type, starts, limits, steps, symLimits, shape, exprs)))
    return failure();
  types.push_back(symbolicTensorType(shape, type.getElementType(), exprs));
  return success();
}

LogicalResult gn::inferInsertSlice(MLIRContext *, OptLoc loc, Value dest, Value source,
                                   llvm::ArrayRef<int64_t> starts,
                                   llvm::ArrayRef<int64_t> limits,
                                   llvm::ArrayRef<int64_t> steps, DimsAttr symLimits,
                                   TypeList &types) {
  auto destType = tensorType(dest), sourceType = tensorType(source);
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<SymExpr> exprs;
  if (failed(sliceShape(loc, destType, starts, limits, steps, symLimits, shape, exprs)))
    return failure();
  if (sourceType.getShape() != llvm::ArrayRef<int64_t>(shape))
    return fail(loc, "source shape " + shapeStr(sourceType.getShape()) +
                         " does not match slice shape " + shapeStr(shape));
  if (llvm::ArrayRef<SymExpr>(dimExprs(sourceType)) != llvm::ArrayRef<SymExpr>(exprs))
    return fail(loc, "source " + typeStr(sourceType) + " does not match the slice " +
                         typeStr(symbolicTensorType(shape, sourceType.getElementType(), exprs)) +
                         " at every binding of the shape symbols");
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
  llvm::SmallVector<SymExpr> exprs = dimExprs(first);
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
    llvm::SmallVector<SymExpr> e = dimExprs(t);
    for (int64_t i = 0; i < t.getRank(); ++i)
      if (i != (int64_t)dim && e[i] != exprs[i])
        return fail(loc, "concat inputs " + typeStr(first) + " and " + typeStr(t) +
                             " may differ in dim " + llvm::Twine(i) +
                             " at some binding of the shape symbols");
    std::optional<SymExpr> sum = SymExpr::add(exprs[dim], e[dim]);
    if (!sum)
      return fail(loc, "concat size grows past the size expressions' bounds");
    exprs[dim] = *sum;
    shape[dim] += t.getDimSize(dim);
  }
  types.push_back(symbolicTensorType(shape, first.getElementType(), exprs));
  return success();
}

LogicalResult gn::inferPad(MLIRContext *, OptLoc loc, Value input, llvm::ArrayRef<int64_t> low,
                           llvm::ArrayRef<int64_t> high, TypeList &types) {
  auto type = tensorType(input);
  if ((int64_t)low.size() != type.getRank() || (int64_t)high.size() != type.getRank())
    return fail(loc, "expected one low and one high padding per dim (" +
                         llvm::Twine(type.getRank()) + ")");
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<SymExpr> exprs = dimExprs(type);
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (low[i] < 0 || high[i] < 0)
      return fail(loc, "padding must be non-negative");
    shape.push_back(type.getDimSize(i) + low[i] + high[i]);
    std::optional<SymExpr> e = SymExpr::add(exprs[i], SymExpr::constant(low[i] + high[i]));
    if (!e)
      return fail(loc, "padding grows past the size expressions' bounds");
    exprs[i] = *e;
  }
  types.push_back(symbolicTensorType(shape, type.getElementType(), exprs));
  return success();
}

LogicalResult gn::inferTile(MLIRContext *, OptLoc loc, Value input,
                            llvm::ArrayRef<int64_t> multiples, TypeList &types) {
  auto type = tensorType(input);
  if ((int64_t)multiples.size() != type.getRank())
    return fail(loc, "expected " + llvm::Twine(type.getRank()) + " multiples, got " +
                         llvm::Twine(multiples.size()));
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<SymExpr> exprs = dimExprs(type);
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (multiples[i] < 0)
      return fail(loc, "multiples must be non-negative");
    shape.push_back(type.getDimSize(i) * multiples[i]);
    std::optional<SymExpr> e = SymExpr::mul(exprs[i], SymExpr::constant(multiples[i]));
    if (!e)
      return fail(loc, "tiling grows past the size expressions' bounds");
    exprs[i] = *e;
  }
  types.push_back(symbolicTensorType(shape, type.getElementType(), exprs));
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

LogicalResult gn::inferSpecialize(MLIRContext *, OptLoc loc, Value input,
                                  llvm::ArrayRef<int64_t> dims, TypeList &types) {
  auto type = tensorType(input);
  if (failed(checkDims(loc, dims, type.getRank(), "specialized dim")))
    return failure();
  llvm::SmallVector<SymExpr> exprs = dimExprs(type);
  for (int64_t d : dims) {
    if (exprs[d].isConstant())
      return fail(loc, "dim " + llvm::Twine(d) + " of " + typeStr(type) +
                           " is static already: nothing to specialize");
    exprs[d] = SymExpr::constant(type.getDimSize(d));
  }
  types.push_back(symbolicTensorType(type.getShape(), type.getElementType(), exprs));
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
  llvm::SmallVector<SymExpr> in = dimExprs(type), indexExprs = dimExprs(indexType);
  llvm::SmallVector<SymExpr> exprs(in.begin(), in.begin() + dim);
  llvm::append_range(exprs, indexExprs);
  exprs.append(in.begin() + dim + 1, in.end());
  types.push_back(symbolicTensorType(shape, type.getElementType(), exprs));
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
  llvm::SmallVector<SymExpr> in = dimExprs(type), indexExprs = dimExprs(indexType);
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (i != (int64_t)dim && indexType.getDimSize(i) > type.getDimSize(i))
      return fail(loc, "index shape " + shapeStr(indexType.getShape()) +
                           " exceeds input shape " + shapeStr(type.getShape()) +
                           " outside the gather dim");
    // At every binding: the same size, or a static index within a static dim.
    if (i != (int64_t)dim && indexExprs[i] != in[i] &&
        (!indexExprs[i].isConstant() || !in[i].isConstant()))
      return fail(loc, "index " + typeStr(indexType) + " may exceed input " + typeStr(type) +
                           " in dim " + llvm::Twine(i) + " at some binding of the shape symbols");
  }
  types.push_back(symbolicTensorType(indexType.getShape(), type.getElementType(), indexExprs));
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
