//===- Common.cpp - argument conventions and import-time folding --------===//
#include "PaddleOps.h"
#include "gn/Interpreter/Interpreter.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "gn/Support/NumericCast.h"

using namespace mlir;
using namespace mlir::gn::import;

//===----------------------------------------------------------------------===//
// Folding shape arithmetic
//===----------------------------------------------------------------------===//

// Shape arithmetic is a handful of elements; anything larger is real work
// and stays in the graph.
static constexpr int64_t kFoldLimit = 64;

static bool isSmall(Value v) {
  auto t = llvm::dyn_cast<RankedTensorType>(v.getType());
  return t && t.hasStaticShape() && t.getNumElements() <= kFoldLimit;
}

static DenseElementsAttr toAttr(RankedTensorType type, const gn::interp::HostTensor &t) {
  llvm::SmallVector<Attribute> elements;
  Type e = type.getElementType();
  for (int64_t i = 0; i < t.numel(); ++i) {
    if (auto ft = llvm::dyn_cast<FloatType>(e))
      elements.push_back(FloatAttr::get(ft, gn::interp::elementAsDouble(t, i)));
    else if (e.isInteger(1))
      elements.push_back(IntegerAttr::get(e, gn::interp::elementAsDouble(t, i) != 0));
    else // exact: int64 values past 2^53 do not survive a double
      elements.push_back(IntegerAttr::get(e, gn::interp::elementAsInt64(t, i)));
  }
  return DenseElementsAttr::get(type, elements);
}

namespace {
/// The ops one fold has visited, and the constants that replaced the results
/// of those it folded.
struct FoldMemo {
  llvm::DenseSet<Operation *> seen;
  llvm::DenseMap<Value, Value> replaced;
};
} // namespace

/// foldSmallConstants over a DAG: each op visited once, where a walk of
/// every path took exponential time on formulas that reuse their values (a
/// recurrence's terms: paddle gammaincc took minutes to import).
static Value foldOnce(ImportContext &ctx, Value v, FoldMemo &memo) {
  if (auto it = memo.replaced.find(v); it != memo.replaced.end())
    return it->second;
  Operation *op = v.getDefiningOp();
  if (!op || isa<gn::ConstantOp>(op) || isa<gn::RandomOp>(op) || op->getNumRegions() != 0)
    return v;
  if (!memo.seen.insert(op).second)
    return v;
  if (!llvm::all_of(op->getResults(), isSmall) || !llvm::all_of(op->getOperands(), isSmall))
    return v;
  // Operands computed inside the same handler fold first; arguments whose
  // meta gives `data` are fed exactly that, so they read as constants.
  for (OpOperand &operand : op->getOpOperands()) {
    foldOnce(ctx, operand.get(), memo);
    if (!llvm::isa<BlockArgument>(operand.get()))
      continue;
    auto known = paddle::knownValues(ctx, operand.get());
    auto type = llvm::cast<RankedTensorType>(operand.get().getType());
    if (!known || (int64_t)known->size() != type.getNumElements())
      continue;
    OpBuilder b(op);
    llvm::SmallVector<Attribute> elements;
    Type e = type.getElementType();
    for (double d : *known) {
      if (auto ft = llvm::dyn_cast<FloatType>(e))
        elements.push_back(FloatAttr::get(ft, d));
      else if (e.isInteger(1))
        elements.push_back(IntegerAttr::get(e, d != 0));
      else
        elements.push_back(IntegerAttr::get(e, gn::saturatingCast<int64_t>(d)));
    }
    operand.set(gn::ConstantOp::create(b, op->getLoc(), type,
                                       DenseElementsAttr::get(type, elements)));
  }
  if (!llvm::all_of(op->getOperands(),
                    [](Value o) { return o.getDefiningOp<gn::ConstantOp>() != nullptr; }))
    return v;
  static std::unique_ptr<gn::interp::Backend> backend = gn::interp::createCpuBackend();
  llvm::SmallVector<gn::interp::HostTensor> operands;
  for (Value o : op->getOperands()) {
    llvm::SmallVector<gn::interp::HostTensor> c;
    if (failed(backend->execute(o.getDefiningOp(), {}, c)))
      return v;
    operands.push_back(std::move(c[0]));
  }
  llvm::SmallVector<gn::interp::HostTensor> results;
  if (failed(backend->execute(op, operands, results)))
    return v;
  OpBuilder b(op);
  Value replacement;
  for (auto [r, host] : llvm::zip(op->getResults(), results)) {
    auto type = llvm::cast<RankedTensorType>(r.getType());
    Value c = gn::ConstantOp::create(b, op->getLoc(), type, toAttr(type, host));
    r.replaceAllUsesWith(c);
    memo.replaced[r] = c;
    if (r == v)
      replacement = c;
  }
  // Every use now reads the constants, but the evaluator may still hold the
  // op's results (an earlier statement's value folded as an operand here, or
  // a sibling result of a multi-result op): it goes once the body is done.
  ctx.foldedAway.push_back(op);
  return replacement;
}

Value paddle::foldSmallConstants(ImportContext &ctx, Value v) {
  FoldMemo memo;
  return foldOnce(ctx, v, memo);
}

FailureOr<PyValue> paddle::foldResults(ImportContext &ctx, FailureOr<PyValue> r) {
  if (failed(r))
    return r;
  FoldMemo memo;
  std::function<void(PyValue &)> visit = [&](PyValue &v) {
    if (v.isTensor())
      v.tensor = foldOnce(ctx, v.tensor, memo);
    for (PyValue &e : v.elts)
      visit(e);
  };
  PyValue out = *r;
  visit(out);
  return out;
}

std::optional<std::vector<double>> paddle::knownValues(ImportContext &ctx, Value v) {
  if (auto c = v.getDefiningOp<gn::ConstantOp>()) {
    auto attr = llvm::dyn_cast<DenseElementsAttr>(c.getValue());
    if (!attr)
      return std::nullopt;
    std::vector<double> out;
    Type e = attr.getElementType();
    if (llvm::isa<FloatType>(e)) {
      for (APFloat f : attr.getValues<APFloat>())
        out.push_back(f.convertToDouble());
    } else if (e.isInteger(1)) {
      for (bool b : attr.getValues<bool>())
        out.push_back(b);
    } else {
      for (APInt i : attr.getValues<APInt>())
        out.push_back(e.isUnsignedInteger() ? (double)i.getZExtValue() : (double)i.getSExtValue());
    }
    return out;
  }
  auto it = ctx.knownData.find(v);
  if (it != ctx.knownData.end())
    return it->second;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// Arguments
//===----------------------------------------------------------------------===//

FailureOr<llvm::SmallVector<int64_t>> paddle::sizeList(Args &a, ImportContext &ctx,
                                                       llvm::StringRef name) {
  auto sizes = intList(a, ctx, name);
  if (failed(sizes))
    return failure();
  for (int64_t d : *sizes)
    if (d < 0)
      return a.error("argument '" + name + "' must list non-negative sizes, got " +
                     std::to_string(d));
  return sizes;
}

FailureOr<llvm::SmallVector<int64_t>> paddle::intList(Args &a, ImportContext &ctx,
                                                      llvm::StringRef name) {
  const PyValue &v = a.get(name);
  llvm::SmallVector<int64_t> out;
  auto fromTensor = [&](Value t) -> LogicalResult {
    auto known = knownValues(ctx, t);
    if (!known)
      return a.error("argument '" + name +
                     "' is a tensor whose values are only known at run time "
                     "(unsupported: data-dependent shape)");
    for (double d : *known)
      out.push_back(gn::saturatingCast<int64_t>(d));
    return success();
  };
  if (v.isNone())
    return out;
  if (v.kind == PyValue::Int || v.kind == PyValue::Bool) {
    out.push_back(v.i);
    return out;
  }
  if (v.isTensor()) {
    if (failed(fromTensor(v.tensor)))
      return failure();
    return out;
  }
  if (!v.isSequence())
    return a.error("argument '" + name + "' must be a list of ints, got " + v.describe());
  for (const PyValue &e : v.elts) {
    if (e.kind == PyValue::Int || e.kind == PyValue::Bool)
      out.push_back(e.i);
    else if (e.kind == PyValue::Float && e.f == std::floor(e.f))
      out.push_back(gn::saturatingCast<int64_t>(e.f));
    else if (e.isTensor()) {
      if (failed(fromTensor(e.tensor)))
        return failure();
    } else
      return a.error("argument '" + name + "' must hold ints, got " + e.describe());
  }
  return out;
}

FailureOr<double> paddle::number(Args &a, ImportContext &ctx, llvm::StringRef name) {
  const PyValue &v = a.get(name);
  if (v.isNumber())
    return v.asDouble();
  if (v.isTensor()) {
    auto known = knownValues(ctx, v.tensor);
    if (known && known->size() == 1)
      return (*known)[0];
    return a.error("argument '" + name + "' must be a number known at import, got a tensor "
                   "computed at run time");
  }
  return a.error("argument '" + name + "' must be a number, got " + v.describe());
}

FailureOr<llvm::SmallVector<int64_t>> paddle::axes(Args &a, ImportContext &ctx,
                                                   llvm::StringRef name, int64_t rank,
                                                   bool emptyMeansAll) {
  auto list = intList(a, ctx, name);
  if (failed(list))
    return failure();
  llvm::SmallVector<int64_t> out;
  if (list->empty() && emptyMeansAll) {
    for (int64_t i = 0; i < rank; ++i)
      out.push_back(i);
    return out;
  }
  for (int64_t d : *list) {
    auto n = ctx.dim(d, rank);
    if (failed(n))
      return failure();
    if (!llvm::is_contained(out, *n))
      out.push_back(*n);
  }
  llvm::sort(out);
  return out;
}

FailureOr<Type> paddle::dtypeArg(Args &a, ImportContext &ctx, llvm::StringRef name) {
  const PyValue &v = a.get(name);
  if (v.kind == PyValue::Dtype)
    return v.dtype;
  if (v.kind == PyValue::Str)
    if (Type t = ctx.dtypeFromName(v.s))
      return t;
  return a.error("argument '" + name + "' must be a dtype, got " + v.describe());
}

llvm::SmallVector<int64_t> paddle::channelsFirst(int64_t rank) {
  llvm::SmallVector<int64_t> p{0, rank - 1};
  for (int64_t i = 1; i < rank - 1; ++i)
    p.push_back(i);
  return p;
}

llvm::SmallVector<int64_t> paddle::channelsLast(int64_t rank) {
  llvm::SmallVector<int64_t> p{0};
  for (int64_t i = 2; i < rank; ++i)
    p.push_back(i);
  p.push_back(1);
  return p;
}

FailureOr<Value> paddle::transpose(ImportContext &ctx, Value v, llvm::ArrayRef<int64_t> perm) {
  return ctx.build<gn::TransposeOp>({v}, {ctx.ints("permutation", perm)});
}

FailureOr<Value> paddle::sliceAxis(ImportContext &ctx, Value v, int64_t axis, int64_t start,
                                   int64_t limit) {
  auto type = typeOf(v);
  llvm::SmallVector<int64_t> starts(type.getRank(), 0), limits(type.getShape()),
      steps(type.getRank(), 1);
  starts[axis] = start;
  limits[axis] = limit;
  return ctx.build<gn::SliceOp>({v}, {ctx.ints("starts", starts), ctx.ints("limits", limits),
                                     ctx.ints("steps", steps)});
}

Value paddle::reversedAlong(ImportContext &ctx, Chain &c, Value v, int64_t dim, bool reverse) {
  return reverse ? c.op<gn::FlipOp>({v}, {ctx.ints("dims", {dim})}) : v;
}

Value paddle::shiftedAlong(ImportContext &ctx, Chain &c, Value v, int64_t dim, double fill) {
  auto type = typeOf(v);
  llvm::SmallVector<int64_t> head(type.getShape());
  head[dim] = 1;
  int64_t n = type.getDimSize(dim);
  return c.op<gn::ConcatOp>({ctx.splat(type.getElementType(), fill, head), c.slice(v, dim, 0, n - 1)},
                            {ctx.i64("dim", dim)});
}
