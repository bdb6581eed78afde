//===- ElementwiseShapes.cpp - factories and elementwise maps -----------===//
#include "ShapeUtils.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/IR/SymbolicSizes.h"
#include "llvm/Support/raw_ostream.h"
#include <limits>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::shapes;

std::string shapes::shapeStr(llvm::ArrayRef<int64_t> shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    s += (i ? ", " : "") + std::to_string(shape[i]);
  return s + "]";
}

std::string shapes::typeStr(Type type) {
  std::string s;
  llvm::raw_string_ostream os(s);
  type.print(os);
  return s;
}

LogicalResult shapes::checkDims(OptLoc loc, llvm::ArrayRef<int64_t> dims, int64_t rank,
                                llvm::StringRef what) {
  llvm::SmallVector<bool> seen(rank, false);
  for (int64_t d : dims) {
    if (d < 0 || d >= rank)
      return fail(loc, what + " " + llvm::Twine(d) + " out of range for rank " +
                           llvm::Twine(rank));
    if (seen[d])
      return fail(loc, what + " " + llvm::Twine(d) + " repeated");
    seen[d] = true;
  }
  return success();
}

std::optional<llvm::SmallVector<int64_t>>
gn::broadcastShapes(llvm::ArrayRef<int64_t> a, llvm::ArrayRef<int64_t> b) {
  size_t rank = std::max(a.size(), b.size());
  llvm::SmallVector<int64_t> out(rank);
  for (size_t i = 0; i < rank; ++i) {
    int64_t da = i < rank - a.size() ? 1 : a[i - (rank - a.size())];
    int64_t db = i < rank - b.size() ? 1 : b[i - (rank - b.size())];
    if (da != db && da != 1 && db != 1)
      return std::nullopt;
    out[i] = da == 1 ? db : da;
  }
  return out;
}

LogicalResult gn::inferConstant(MLIRContext *, OptLoc loc, ElementsAttr value,
                                TypeList &types) {
  auto type = llvm::dyn_cast<RankedTensorType>(value.getType());
  if (!type)
    return fail(loc, "expected a ranked tensor constant");
  types.push_back(type);
  return success();
}

LogicalResult gn::inferArange(MLIRContext *, OptLoc loc, double, double step, uint64_t size,
                              Type dtype, TypeList &types) {
  if (step == 0)
    return fail(loc, "arange step must be non-zero");
  if (size > (uint64_t)std::numeric_limits<int64_t>::max())
    return fail(loc, "arange size " + llvm::Twine(size) + " is not a tensor size");
  types.push_back(RankedTensorType::get({static_cast<int64_t>(size)}, dtype));
  return success();
}

LogicalResult gn::inferFactory(MLIRContext *, OptLoc loc, llvm::ArrayRef<int64_t> shape,
                               Type dtype, TypeList &types) {
  for (int64_t d : shape)
    if (d < 0)
      return fail(loc, "expected non-negative sizes, got " + shapeStr(shape));
  types.push_back(RankedTensorType::get(shape, dtype));
  return success();
}

LogicalResult gn::inferSameAsInput(MLIRContext *, OptLoc loc, Value input, TypeList &types) {
  auto type = tensorType(input);
  if (!type)
    return fail(loc, "expected a ranked tensor operand");
  types.push_back(type);
  return success();
}

LogicalResult gn::inferConvert(MLIRContext *, OptLoc loc, Value input, Type dtype,
                               TypeList &types) {
  auto type = tensorType(input);
  if (!type)
    return fail(loc, "expected a ranked tensor operand");
  types.push_back(type.clone(dtype));
  return success();
}

/// The broadcast of two tensor types' shapes, with element type `element`.
/// When either carries #gn.dims the result's dims are computed for every
/// binding of the shape symbols (SymbolicSizes.h), or refused with why.
static FailureOr<RankedTensorType> broadcastType(OptLoc loc, RankedTensorType a,
                                                 RankedTensorType b, Type element) {
  auto shape = broadcastShapes(a.getShape(), b.getShape());
  if (!shape) {
    (void)fail(loc, "shapes " + shapeStr(a.getShape()) + " and " + shapeStr(b.getShape()) +
                        " do not broadcast");
    return failure();
  }
  if (!hasSymbolicDims(a) && !hasSymbolicDims(b))
    return RankedTensorType::get(*shape, element);
  llvm::SmallVector<SymExpr> ea = dimExprs(a), eb = dimExprs(b), out(shape->size());
  size_t rank = shape->size();
  for (size_t i = 0; i < rank; ++i) {
    SymExpr x = i < rank - ea.size() ? SymExpr::constant(1) : ea[i - (rank - ea.size())];
    SymExpr y = i < rank - eb.size() ? SymExpr::constant(1) : eb[i - (rank - eb.size())];
    std::string why;
    std::optional<SymExpr> r = sym::broadcastSizes(x, y, why);
    if (!r) {
      (void)fail(loc, "dim " + llvm::Twine(i) + " of " + typeStr(a) + " and " + typeStr(b) +
                          " does not broadcast at every binding of the shape symbols: " + why);
      return failure();
    }
    out[i] = *r;
  }
  return symbolicTensorType(*shape, element, out);
}

static LogicalResult inferBroadcast(OptLoc loc, Value lhs, Value rhs, Type resultElement,
                                    TypeList &types) {
  auto a = tensorType(lhs), b = tensorType(rhs);
  if (!a || !b)
    return fail(loc, "expected ranked tensor operands");
  if (a.getElementType() != b.getElementType())
    return fail(loc, llvm::Twine("expected operands of the same element type, got ") +
                         typeStr(a.getElementType()) + " and " +
                         typeStr(b.getElementType()));
  auto type = broadcastType(loc, a, b, resultElement ? resultElement : a.getElementType());
  if (failed(type))
    return failure();
  types.push_back(*type);
  return success();
}

LogicalResult gn::inferBroadcastBinary(MLIRContext *, OptLoc loc, Value lhs, Value rhs,
                                       TypeList &types) {
  return inferBroadcast(loc, lhs, rhs, Type(), types);
}

LogicalResult gn::inferBroadcastCompare(MLIRContext *ctx, OptLoc loc, Value lhs, Value rhs,
                                        TypeList &types) {
  return inferBroadcast(loc, lhs, rhs, IntegerType::get(ctx, 1), types);
}

LogicalResult gn::inferWhere(MLIRContext *, OptLoc loc, Value cond, Value lhs, Value rhs,
                             TypeList &types) {
  llvm::SmallVector<Type, 1> values;
  if (failed(inferBroadcast(loc, lhs, rhs, Type(), values)))
    return failure();
  auto valueType = llvm::cast<RankedTensorType>(values[0]);
  auto condType = tensorType(cond);
  if (!condType)
    return fail(loc, "expected a ranked tensor condition");
  if (!broadcastShapes(condType.getShape(), valueType.getShape()))
    return fail(loc, "condition shape " + shapeStr(condType.getShape()) +
                         " does not broadcast with " + shapeStr(valueType.getShape()));
  auto type = broadcastType(loc, condType, valueType, valueType.getElementType());
  if (failed(type))
    return failure();
  types.push_back(*type);
  return success();
}
