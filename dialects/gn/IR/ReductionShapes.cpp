//===- ReductionShapes.cpp - reductions, arg-reductions, scans, softmax -===//
#include "ShapeUtils.h"
#include "gn/IR/SymbolicDims.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::shapes;

LogicalResult gn::inferReduce(MLIRContext *, OptLoc loc, Value input,
                              llvm::ArrayRef<int64_t> dims, bool keepdim, TypeList &types) {
  auto type = tensorType(input);
  if (failed(checkDims(loc, dims, type.getRank(), "reduction dim")))
    return failure();
  // Kept dims keep their sizes, symbolic ones too; reduced dims go or are 1.
  llvm::SmallVector<SymExpr> exprs = dimExprs(type), outExprs;
  llvm::SmallVector<int64_t> shape;
  for (int64_t i = 0; i < type.getRank(); ++i) {
    if (!llvm::is_contained(dims, i)) {
      shape.push_back(type.getDimSize(i));
      outExprs.push_back(exprs[i]);
    } else if (keepdim) {
      shape.push_back(1);
      outExprs.push_back(SymExpr::constant(1));
    }
  }
  types.push_back(symbolicTensorType(shape, type.getElementType(), outExprs));
  return success();
}

LogicalResult gn::inferArgReduce(MLIRContext *ctx, OptLoc loc, Value input, uint64_t dim,
                                 bool keepdim, TypeList &types) {
  llvm::SmallVector<Type, 1> reduced;
  if (failed(inferReduce(ctx, loc, input, {static_cast<int64_t>(dim)}, keepdim, reduced)))
    return failure();
  // As torch: no index to return for an empty line.
  if (tensorType(input).getDimSize(dim) == 0)
    return fail(loc, "arg reduction over dim " + llvm::Twine(dim) + " of size 0");
  types.push_back(llvm::cast<RankedTensorType>(reduced[0]).clone(IntegerType::get(ctx, 64)));
  return success();
}

static LogicalResult sameShapeAlongDim(OptLoc loc, Value input, uint64_t dim, TypeList &types) {
  auto type = tensorType(input);
  if (dim >= (uint64_t)type.getRank())
    return fail(loc, "dim " + llvm::Twine(dim) + " out of range for rank " +
                         llvm::Twine(type.getRank()));
  types.push_back(type);
  return success();
}

LogicalResult gn::inferTopK(MLIRContext *ctx, OptLoc loc, Value input, uint64_t k,
                            uint64_t dim, TypeList &types) {
  auto type = tensorType(input);
  if (dim >= (uint64_t)type.getRank())
    return fail(loc, "dim " + llvm::Twine(dim) + " out of range for rank " +
                         llvm::Twine(type.getRank()));
  if ((int64_t)k > type.getDimSize(dim))
    return fail(loc, "k = " + llvm::Twine(k) + " exceeds the size " +
                         llvm::Twine(type.getDimSize(dim)) + " of dim " + llvm::Twine(dim));
  // The other dims may follow the shape symbols; the one searched must be
  // static, or k could pass its end at some binding.
  llvm::SmallVector<SymExpr> exprs = dimExprs(type);
  if (!exprs[dim].isConstant())
    return fail(loc, "top_k along the symbolic dim " + llvm::Twine(dim) + " (" +
                         exprs[dim].str() + "): k = " + llvm::Twine(k) +
                         " may pass its end at some binding");
  llvm::SmallVector<int64_t> shape(type.getShape());
  shape[dim] = k;
  exprs[dim] = SymExpr::constant(k);
  types.push_back(symbolicTensorType(shape, IntegerType::get(ctx, 64), exprs));
  return success();
}

LogicalResult gn::inferNonzero(MLIRContext *ctx, OptLoc loc, Value input, uint64_t count,
                              TypeList &types) {
  auto type = tensorType(input);
  if (!type.hasStaticShape())
    return fail(loc, "nonzero needs a static input shape");
  if ((int64_t)count > type.getNumElements())
    return fail(loc, "count " + llvm::Twine(count) + " exceeds the " +
                         llvm::Twine(type.getNumElements()) + " elements of the input");
  types.push_back(RankedTensorType::get({(int64_t)count, type.getRank()},
                                        IntegerType::get(ctx, 64)));
  return success();
}

LogicalResult gn::inferCumSum(MLIRContext *, OptLoc loc, Value input, uint64_t dim,
                              TypeList &types) {
  return sameShapeAlongDim(loc, input, dim, types);
}

LogicalResult gn::inferSoftmax(MLIRContext *, OptLoc loc, Value input, uint64_t dim,
                               TypeList &types) {
  return sameShapeAlongDim(loc, input, dim, types);
}
