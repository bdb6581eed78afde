//===- ImportContext.cpp - values, argument access, type promotion ------===//
#include "gn/Import/Python/ImportContext.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/IR/SymbolicSizes.h"
#include "gn/Support/NumericCast.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Diagnostics.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::gn::import;

bool mlir::gn::import::isFloat(Type t) { return llvm::isa<FloatType>(t); }

std::string PyValue::describe() const {
  switch (kind) {
  case None: return "None";
  case Bool: return "bool";
  case Int: return sym ? "int (the size " + sym->str() + ")" : "int";
  case Float: return "float";
  case Str: return "str";
  case Tuple: return "tuple";
  case List: return "list";
  case Slice: return "slice";
  case Ellipsis: return "Ellipsis";
  case Dtype: return "dtype";
  case Device: return "device";
  case Module: return "'" + s + "'";
  case Method: return "method '" + s + "'";
  case Function: return "function";
  case Opaque: return "'" + s + "'";
  case Tensor: {
    std::string out;
    llvm::raw_string_ostream os(out);
    os << "Tensor";
    if (tensor)
      os << tensor.getType();
    return out;
  }
  }
  return "?";
}

//===----------------------------------------------------------------------===//
// Args
//===----------------------------------------------------------------------===//

const PyValue &Args::get(llvm::StringRef name) const {
  static const PyValue noneValue;
  for (auto &[n, v] : bound)
    if (n == name)
      return v;
  return noneValue;
}

LogicalResult Args::error(const llvm::Twine &message) const {
  return ctx.error(opName + ": " + message);
}

/// A symbolic int where a handler reads a plain one: pinned to the example.
static FailureOr<int64_t> pinnedArg(ImportContext &ctx, const Args &a, llvm::StringRef name,
                                    const PyValue &v) {
  return ctx.pinned(v, a.op() + ": argument '" + name + "'");
}

FailureOr<Value> Args::tensor(llvm::StringRef name) const {
  const PyValue &v = get(name);
  if (!v.isTensor())
    return error("argument '" + name + "' must be a tensor, got " + v.describe());
  return v.tensor;
}

FailureOr<int64_t> Args::integer(llvm::StringRef name) const {
  const PyValue &v = get(name);
  if (v.kind != PyValue::Int && v.kind != PyValue::Bool)
    return error("argument '" + name + "' must be an int, got " + v.describe());
  return pinnedArg(ctx, *this, name, v);
}

FailureOr<double> Args::real(llvm::StringRef name) const {
  const PyValue &v = get(name);
  if (!v.isNumber())
    return error("argument '" + name + "' must be a number, got " + v.describe());
  if (v.isSymbolic() && failed(pinnedArg(ctx, *this, name, v)))
    return failure();
  return v.asDouble();
}

FailureOr<bool> Args::boolean(llvm::StringRef name) const {
  const PyValue &v = get(name);
  if (v.kind == PyValue::None)
    return false;
  if (v.kind != PyValue::Bool && v.kind != PyValue::Int)
    return error("argument '" + name + "' must be a bool, got " + v.describe());
  return v.i != 0;
}

FailureOr<std::string> Args::string(llvm::StringRef name) const {
  const PyValue &v = get(name);
  if (v.kind != PyValue::Str)
    return error("argument '" + name + "' must be a string, got " + v.describe());
  return v.s;
}

FailureOr<llvm::SmallVector<Value>> Args::tensors(llvm::StringRef name) const {
  const PyValue &v = get(name);
  if (!v.isSequence())
    return error("argument '" + name + "' must be a list of tensors, got " + v.describe());
  llvm::SmallVector<Value> out;
  for (const PyValue &e : v.elts) {
    if (!e.isTensor())
      return error("argument '" + name + "' must hold tensors, got " + e.describe());
    out.push_back(e.tensor);
  }
  return out;
}

FailureOr<llvm::SmallVector<int64_t>> Args::ints(llvm::StringRef name, size_t n) const {
  const PyValue &v = get(name);
  llvm::SmallVector<int64_t> out;
  if (v.kind == PyValue::Int) {
    if (failed(pinnedArg(ctx, *this, name, v)))
      return failure();
    out.assign(n ? n : 1, v.i);
    return out;
  }
  if (!v.isSequence())
    return error("argument '" + name + "' must be an int or a sequence of ints, got " +
                 v.describe());
  for (const PyValue &e : v.elts) {
    if (e.kind != PyValue::Int)
      return error("argument '" + name + "' must hold ints, got " + e.describe());
    if (failed(pinnedArg(ctx, *this, name, e)))
      return failure();
    out.push_back(e.i);
  }
  if (n && out.size() == 1)
    out.assign(n, out[0]);
  return out;
}

FailureOr<llvm::SmallVector<int64_t>> Args::sizes(llvm::StringRef name,
                                                   llvm::SmallVector<SymExpr> *exprs) const {
  std::vector<PyValue> items = rest();
  if (has(name)) {
    const PyValue &v = get(name);
    items = v.isSequence() ? v.elts : std::vector<PyValue>{v};
  } else if (items.size() == 1 && items[0].isSequence()) {
    items = std::vector<PyValue>(items[0].elts);
  }
  llvm::SmallVector<int64_t> out;
  for (const PyValue &v : items) {
    if (v.kind != PyValue::Int)
      return error("sizes must be ints, got " + v.describe());
    if (exprs)
      exprs->push_back(v.symExpr());
    else if (failed(pinnedArg(ctx, *this, name, v)))
      return failure();
    out.push_back(v.i);
  }
  return out;
}

FailureOr<std::optional<Type>> Args::dtype(llvm::StringRef name) const {
  const PyValue &v = get(name);
  if (v.isNone())
    return std::optional<Type>();
  if (v.kind != PyValue::Dtype)
    return error("argument '" + name + "' must be a dtype, got " + v.describe());
  return std::optional<Type>(v.dtype);
}

//===----------------------------------------------------------------------===//
// ImportContext
//===----------------------------------------------------------------------===//

void ImportContext::eraseFoldedAway() {
  llvm::SmallPtrSet<Operation *, 16> erased;
  llvm::SmallVector<Operation *> work(foldedAway.rbegin(), foldedAway.rend());
  while (!work.empty()) {
    Operation *op = work.pop_back_val();
    if (erased.contains(op) || !op->use_empty())
      continue;
    for (Value operand : op->getOperands())
      if (auto c = operand.getDefiningOp<gn::ConstantOp>())
        work.push_back(c);
    erased.insert(op);
    op->erase();
  }
  foldedAway.clear();
}

Location ImportContext::locOf(py::SrcLoc l) const {
  return FileLineColLoc::get(&mlirContext, file, l.line, l.col);
}

LogicalResult ImportContext::error(const llvm::Twine &message) const {
  return emitError(loc, message);
}

Type ImportContext::dtypeFromName(llvm::StringRef name) {
  if (!name.consume_front("torch."))
    name.consume_front("paddle.");
  Builder &b = builder;
  return llvm::StringSwitch<Type>(name)
      .Cases({"float32", "float"}, b.getF32Type())
      .Cases({"float16", "half"}, b.getF16Type())
      .Case("bfloat16", b.getBF16Type())
      .Cases({"float64", "double"}, b.getF64Type())
      .Cases({"int64", "long"}, b.getI64Type())
      .Cases({"int32", "int"}, b.getI32Type())
      .Cases({"int16", "short"}, b.getI16Type())
      .Case("int8", b.getI8Type())
      .Case("uint8", b.getIntegerType(8, /*isSigned=*/false))
      .Case("bool", b.getI1Type())
      .Default(Type());
}

std::string ImportContext::dtypeName(Type t) {
  if (t.isF32()) return "torch.float32";
  if (t.isF16()) return "torch.float16";
  if (t.isBF16()) return "torch.bfloat16";
  if (t.isF64()) return "torch.float64";
  if (t.isInteger(1)) return "torch.bool";
  if (t.isUnsignedInteger(8)) return "torch.uint8";
  if (auto i = llvm::dyn_cast<IntegerType>(t))
    return "torch.int" + std::to_string(i.getWidth());
  return "unknown";
}

Value ImportContext::splat(Type elementType, double value, llvm::ArrayRef<int64_t> shape) {
  auto type = RankedTensorType::get(shape, elementType);
  Attribute element;
  if (auto ft = llvm::dyn_cast<FloatType>(elementType))
    element = builder.getFloatAttr(ft, value);
  else if (elementType.isInteger(1))
    element = builder.getIntegerAttr(elementType, value != 0);
  else
    element = builder.getIntegerAttr(elementType, saturatingInt64(value));
  return gn::ConstantOp::create(builder, loc, type, SplatElementsAttr::get(type, element));
}

Value ImportContext::splatNumber(Type elementType, const PyValue &number,
                                 llvm::ArrayRef<int64_t> shape) {
  if (number.kind != PyValue::Int || !llvm::isa<IntegerType>(elementType) ||
      elementType.isInteger(1))
    return splat(elementType, number.asDouble(), shape);
  auto type = RankedTensorType::get(shape, elementType);
  return gn::ConstantOp::create(
      builder, loc, type, SplatElementsAttr::get(type, builder.getIntegerAttr(elementType, number.i)));
}

FailureOr<Value> ImportContext::convert(Value v, Type t) {
  if (llvm::cast<RankedTensorType>(v.getType()).getElementType() == t)
    return v;
  return build<gn::ConvertOp>({v}, {attr("dtype", TypeAttr::get(t))});
}

FailureOr<Value> ImportContext::reshape(Value v, llvm::ArrayRef<int64_t> shape,
                                        llvm::ArrayRef<SymExpr> exprs) {
  auto type = llvm::cast<RankedTensorType>(v.getType());
  Attribute dims = exprs.empty() ? Attribute() : dimsAttr(exprs);
  if (type.getShape() == shape && type.getEncoding() == dims)
    return v;
  llvm::SmallVector<NamedAttribute> attrs{ints("shape", shape)};
  if (dims)
    attrs.push_back(attr("sym_shape", dims));
  return build<gn::ReshapeOp>({v}, attrs);
}

FailureOr<Value> ImportContext::broadcastTo(Value v, llvm::ArrayRef<int64_t> shape,
                                            llvm::ArrayRef<SymExpr> exprs) {
  llvm::SmallVector<NamedAttribute> attrs{ints("shape", shape)};
  if (Attribute dims = exprs.empty() ? Attribute() : dimsAttr(exprs))
    attrs.push_back(attr("sym_shape", dims));
  return build<gn::BroadcastToOp>({v}, attrs);
}

Attribute ImportContext::dimsAttr(llvm::ArrayRef<SymExpr> exprs) {
  if (llvm::all_of(exprs, [](const SymExpr &e) { return e.isConstant(); }))
    return {};
  llvm::SmallVector<StringAttr> texts;
  for (const SymExpr &e : exprs)
    texts.push_back(builder.getStringAttr(e.isConstant() ? "" : e.str()));
  return gn::DimsAttr::get(&mlirContext, texts);
}

FailureOr<std::pair<Value, Value>> ImportContext::topK(Value x, int64_t k, int64_t d,
                                                       bool largest,
                                                       std::optional<llvm::StringRef> ties) {
  auto type = llvm::cast<RankedTensorType>(x.getType());
  if (k < 0 || k > type.getDimSize(d))
    return error("k = " + std::to_string(k) + " is out of range for a dim of size " +
                 std::to_string(type.getDimSize(d)));
  llvm::SmallVector<NamedAttribute, 4> attrs{i64("k", k), i64("dim", d), flag("largest", largest)};
  if (ties)
    attrs.push_back(str("ties", *ties));
  auto idx = build<gn::TopKOp>({x}, attrs);
  if (failed(idx))
    return failure();
  auto values = build<gn::GatherOp>({x, *idx}, {i64("dim", d)});
  if (failed(values))
    return failure();
  return std::make_pair(*values, *idx);
}

namespace {

/// The index as i64 (negative entries as they are); with `broadcast`, `x` and
/// `index` broadcast against each other in every dim but `dim` (which each
/// keeps).
LogicalResult alongAxisOperands(ImportContext &ctx, Value &x, Value &index, int64_t dim,
                                bool broadcast) {
  auto xt = llvm::cast<RankedTensorType>(x.getType());
  auto it = llvm::cast<RankedTensorType>(index.getType());
  if (xt.getRank() != it.getRank())
    return ctx.error("the index has rank " + std::to_string(it.getRank()) +
                     " but the tensor has rank " + std::to_string(xt.getRank()));
  if (!it.getElementType().isInteger() || it.getElementType().isInteger(1))
    return ctx.error("the index must be an integer tensor");
  llvm::SmallVector<int64_t> xShape(xt.getShape()), iShape(it.getShape());
  for (int64_t d = 0; broadcast && d < xt.getRank(); ++d) {
    if (d == dim || xShape[d] == iShape[d])
      continue;
    if (xShape[d] != 1 && iShape[d] != 1)
      return ctx.error("the index's dim " + std::to_string(d) + " (" + std::to_string(iShape[d]) +
                       ") does not broadcast against the tensor's (" +
                       std::to_string(xShape[d]) + ")");
    int64_t n = std::max(xShape[d], iShape[d]);
    xShape[d] = iShape[d] = n;
  }
  auto expand = [&](Value v, llvm::ArrayRef<int64_t> shape) -> FailureOr<Value> {
    if (llvm::cast<RankedTensorType>(v.getType()).getShape() == shape)
      return v;
    return ctx.build<gn::BroadcastToOp>({v}, {ctx.ints("shape", shape)});
  };
  auto bx = expand(x, xShape);
  auto i64 = ctx.convert(index, ctx.i64Type());
  if (failed(bx) || failed(i64))
    return failure();
  auto bi = expand(*i64, iShape);
  if (failed(bi))
    return failure();
  x = *bx;
  index = *bi; // negative entries: the gather's or scatter's wrap_negative
  return success();
}

} // namespace

FailureOr<Value> ImportContext::takeAlongAxis(Value x, Value index, int64_t dim, bool broadcast,
                                              bool wrapNegative) {
  if (failed(alongAxisOperands(*this, x, index, dim, broadcast)))
    return failure();
  return build<gn::GatherOp>({x, index}, {i64("dim", dim), flag("wrap_negative", wrapNegative)});
}

FailureOr<Value> ImportContext::checkedPosition(Value index, int64_t n, bool wrapNegative) {
  // The positions 0..n-1 read at `index`: the take's bounds check is the
  // check, its result the normalized position.
  auto range = build<gn::ArangeOp>({}, {f64("start", 0), f64("step", 1), i64("size", n),
                                        attr("dtype", TypeAttr::get(i64Type()))});
  if (failed(range))
    return failure();
  return build<gn::IndexSelectOp>({*range, index}, {i64("dim", 0),
                                                    flag("wrap_negative", wrapNegative)});
}

FailureOr<Value> ImportContext::oneHot(Value x, int64_t classes, Type resultType) {
  auto idx = convert(x, i64Type());
  auto range = build<gn::ArangeOp>({}, {f64("start", 0), f64("step", 1), i64("size", classes),
                                        attr("dtype", TypeAttr::get(i64Type()))});
  if (failed(idx) || failed(range))
    return failure();
  // x read through the classes: itself, or "index 7 out of range for size
  // 3" (and -1 likewise) instead of a row of zeros.
  auto checked = build<gn::IndexSelectOp>({*range, *idx}, {i64("dim", 0),
                                                           flag("wrap_negative", false)});
  if (failed(checked))
    return failure();
  llvm::SmallVector<int64_t> shape(llvm::cast<RankedTensorType>(x.getType()).getShape());
  shape.push_back(1);
  auto col = reshape(*checked, shape);
  if (failed(col))
    return failure();
  auto eq = build<gn::EqOp>({*col, *range});
  if (failed(eq))
    return failure();
  return convert(*eq, resultType);
}

FailureOr<Value> ImportContext::putAlongAxis(Value x, Value index, Value values, int64_t dim,
                                             llvm::StringRef reduce, bool includeSelf,
                                             bool wrapNegative) {
  if (failed(alongAxisOperands(*this, x, index, dim, /*broadcast=*/false)))
    return failure();
  auto indexShape = llvm::cast<RankedTensorType>(index.getType()).getShape();
  auto v = convert(values, llvm::cast<RankedTensorType>(x.getType()).getElementType());
  if (failed(v))
    return failure();
  Value source = *v;
  if (llvm::cast<RankedTensorType>(source.getType()).getShape() != indexShape) {
    auto b = build<gn::BroadcastToOp>({source}, {ints("shape", indexShape)});
    if (failed(b))
      return failure();
    source = *b;
  }
  return build<gn::ScatterOp>({source, x, index},
                              {i64("dim", dim), str("reduce", reduce),
                               flag("include_self", includeSelf),
                               flag("wrap_negative", wrapNegative)});
}

FailureOr<Value> ImportContext::nonzero(Value x) {
  if (Value known = nonzeroOf.lookup(x))
    return known;
  auto type = llvm::cast<RankedTensorType>(x.getType());
  int64_t site = nextDataSite;
  if (site >= (int64_t)dataSizes.size() && stopAtUnknownSize) {
    // No diagnostic: the importer returns `x` for a run to count.
    sizeProbe = x;
    return failure();
  }
  ++nextDataSite;
  // A negative size, or none: the upper bound, every element.
  int64_t count = site < (int64_t)dataSizes.size() && dataSizes[site] >= 0 ? dataSizes[site]
                                                                          : type.getNumElements();
  auto r = build<gn::NonzeroOp>({x}, {i64("count", count), i64("site", site)});
  if (succeeded(r))
    nonzeroOf[x] = *r;
  return r;
}

FailureOr<std::pair<Value, int64_t>>
ImportContext::sizeFromValues(Value values, llvm::StringRef measure, int64_t atLeast) {
  auto v = convert(values, builder.getI64Type());
  if (failed(v))
    return failure();
  if (llvm::cast<RankedTensorType>(v->getType()).getNumElements() == 0)
    return std::make_pair(*v, atLeast);
  int64_t site = nextDataSite;
  if (site >= (int64_t)dataSizes.size() && stopAtUnknownSize) {
    // No diagnostic: the importer returns the values for a run to measure.
    sizeProbe = *v;
    sizeProbeMeasure = measure.str();
    sizeProbeAtLeast = atLeast;
    return failure();
  }
  ++nextDataSite;
  // Not known yet: the floor, which the guard corrects on the first run.
  int64_t size = site < (int64_t)dataSizes.size() ? std::max(dataSizes[site], atLeast) : atLeast;
  auto guarded = build<gn::SizeGuardOp>({*v}, {str("measure", measure), i64("at_least", atLeast),
                                               i64("size", size), i64("site", site)});
  if (failed(guarded))
    return failure();
  return std::make_pair(*guarded, size);
}

FailureOr<Value> ImportContext::selectByMask(Value x, Value mask) {
  auto xType = llvm::cast<RankedTensorType>(x.getType());
  auto mType = llvm::cast<RankedTensorType>(mask.getType());
  int64_t m = mType.getRank();
  if (m > xType.getRank() || mType.getShape() != xType.getShape().take_front(m)) {
    std::string text;
    llvm::raw_string_ostream os(text);
    os << "the mask's shape [";
    llvm::interleaveComma(mType.getShape(), os);
    os << "] does not match the leading dims of the indexed tensor's [";
    llvm::interleaveComma(xType.getShape(), os);
    os << "]";
    return error(text);
  }
  int64_t lead = mType.getNumElements();
  auto flatMask = reshape(mask, {lead});
  if (failed(flatMask))
    return failure();
  auto at = nonzero(*flatMask);
  if (failed(at))
    return failure();
  int64_t count = llvm::cast<RankedTensorType>(at->getType()).getDimSize(0);
  auto index = reshape(*at, {count});
  llvm::SmallVector<int64_t> rows{lead};
  llvm::append_range(rows, xType.getShape().drop_front(m));
  auto flatX = reshape(x, rows);
  if (failed(index) || failed(flatX))
    return failure();
  return build<gn::IndexSelectOp>({*flatX, *index}, {i64("dim", 0)});
}

FailureOr<Value> ImportContext::maskedSelect(Value x, Value mask) {
  auto xShape = llvm::cast<RankedTensorType>(x.getType()).getShape();
  auto shape = gn::broadcastShapes(xShape, llvm::cast<RankedTensorType>(mask.getType()).getShape());
  if (!shape)
    return error("the tensor and the mask do not broadcast");
  auto broadcast = [&](Value v) -> FailureOr<Value> {
    if (llvm::cast<RankedTensorType>(v.getType()).getShape() == llvm::ArrayRef<int64_t>(*shape))
      return v;
    return build<gn::BroadcastToOp>({v}, {ints("shape", *shape)});
  };
  auto m = convert(mask, i1());
  if (failed(m))
    return failure();
  auto bx = broadcast(x), bm = broadcast(*m);
  if (failed(bx) || failed(bm))
    return failure();
  auto r = selectByMask(*bx, *bm);
  if (failed(r))
    return failure();
  return reshape(*r, {llvm::cast<RankedTensorType>(r->getType()).getNumElements()});
}

FailureOr<Value> ImportContext::asTensor(const PyValue &v, Type t) {
  if (v.isTensor())
    return convert(v.tensor, t);
  if (v.isSymbolic() && failed(pinned(v, "a tensor's value")))
    return failure();
  // (x == 2**53 + 1 was false for an int64 x holding it: the int had
  // passed through a double.)
  if (v.isNumber())
    return splatNumber(t, v);
  return error("expected a tensor or a number, got " + v.describe());
}

FailureOr<int64_t> ImportContext::dim(int64_t d, int64_t rank) {
  int64_t r = std::max<int64_t>(rank, 1);
  if (d < -r || d >= r)
    return error("dim " + llvm::Twine(d) + " out of range for a tensor of rank " +
                 llvm::Twine(rank));
  return d < 0 ? d + r : d;
}

namespace {
// torch's type categories, ordered.
enum Category { CatBool = 0, CatInt = 1, CatFloat = 2 };
Category categoryOf(Type t) {
  if (t.isInteger(1))
    return CatBool;
  return isFloat(t) ? CatFloat : CatInt;
}
int floatRank(Type t) {
  if (t.isF16() || t.isBF16()) return 1;
  if (t.isF32()) return 2;
  return 3;
}
/// Promotion of two dtypes (torch.promote_types).
Type promotePair(Builder &b, Type x, Type y) {
  if (!x) return y;
  if (!y || x == y) return x;
  Category cx = categoryOf(x), cy = categoryOf(y);
  if (cx != cy)
    return cx > cy ? x : y;
  if (cx == CatFloat) {
    if ((x.isF16() && y.isBF16()) || (x.isBF16() && y.isF16()))
      return b.getF32Type();
    return floatRank(x) >= floatRank(y) ? x : y;
  }
  if (x.isUnsignedInteger(8) || y.isUnsignedInteger(8)) {
    Type other = x.isUnsignedInteger(8) ? y : x;
    return other.getIntOrFloatBitWidth() <= 8 ? b.getI16Type() : other;
  }
  return x.getIntOrFloatBitWidth() >= y.getIntOrFloatBitWidth() ? x : y;
}
} // namespace

FailureOr<Type> ImportContext::promote(llvm::ArrayRef<PyValue> operands) {
  // Three priority levels: tensors with dims, zero-dim tensors, Python
  // scalars. A lower level only matters when its category is higher.
  Type dims, zeroDim, scalar;
  for (const PyValue &v : operands) {
    if (v.isTensor()) {
      Type e = v.type().getElementType();
      if (v.wrappedScalar) {
        Type asScalar = isFloat(e) ? f32() : e.isInteger(1) ? i1() : i64Type();
        scalar = promotePair(builder, scalar, asScalar);
      } else if (v.type().getRank() == 0) {
        zeroDim = promotePair(builder, zeroDim, e);
      } else {
        dims = promotePair(builder, dims, e);
      }
    } else if (v.kind == PyValue::Float) {
      scalar = promotePair(builder, scalar, f32());
    } else if (v.kind == PyValue::Int) {
      scalar = promotePair(builder, scalar, i64Type());
    } else if (v.kind == PyValue::Bool) {
      scalar = promotePair(builder, scalar, i1());
    } else {
      return error("unsupported operand " + v.describe() + " in an arithmetic expression");
    }
  }
  Type result = dims;
  if (zeroDim && (!result || categoryOf(zeroDim) > categoryOf(result)))
    result = zeroDim;
  if (scalar && (!result || categoryOf(scalar) > categoryOf(result)))
    result = scalar;
  if (!result)
    return error("cannot infer a dtype");
  return result;
}

Value mlir::gn::import::denseConstant(ImportContext &ctx, Type e, llvm::ArrayRef<int64_t> shape,
                                      llvm::ArrayRef<double> values) {
  auto type = RankedTensorType::get(shape, e);
  llvm::SmallVector<Attribute> attrs;
  for (double d : values) {
    if (auto ft = llvm::dyn_cast<FloatType>(e))
      attrs.push_back(ctx.builder.getFloatAttr(ft, d));
    else if (e.isInteger(1))
      attrs.push_back(ctx.builder.getIntegerAttr(e, d != 0));
    else
      attrs.push_back(ctx.builder.getIntegerAttr(e, gn::saturatingCast<int64_t>(d)));
  }
  return gn::ConstantOp::create(ctx.builder, ctx.loc, type, DenseElementsAttr::get(type, attrs));
}

Value mlir::gn::import::denseIntConstant(ImportContext &ctx, Type e, llvm::ArrayRef<int64_t> shape,
                                         llvm::ArrayRef<int64_t> values) {
  auto type = RankedTensorType::get(shape, e);
  llvm::SmallVector<Attribute> attrs;
  for (int64_t v : values)
    attrs.push_back(ctx.builder.getIntegerAttr(e, v));
  return gn::ConstantOp::create(ctx.builder, ctx.loc, type, DenseElementsAttr::get(type, attrs));
}

//===- storage aliasing as PyTorch sees it -----------------------------===//

namespace mlir::gn::import {

/// True for the ops that are views in torch (they share storage with their
/// operand): reshape of a contiguous value, transpose, slice, broadcast.
/// A reshape of a non-contiguous value (a transpose, slice or broadcast
/// result) copies in torch, so it starts new storage.
bool isStorageView(Operation *op) {
  if (isa<gn::TransposeOp, gn::BroadcastToOp, gn::SliceOp>(op))
    return true;
  if (auto r = dyn_cast<gn::ReshapeOp>(op)) {
    // Adding or dropping size-1 dims (squeeze, unsqueeze, select) is always
    // a view; other reshapes are views of contiguous values only.
    auto nonUnit = [](llvm::ArrayRef<int64_t> shape) {
      llvm::SmallVector<int64_t> out;
      for (int64_t d : shape)
        if (d != 1)
          out.push_back(d);
      return out;
    };
    if (nonUnit(llvm::cast<RankedTensorType>(r.getInput().getType()).getShape()) ==
        nonUnit(r.getType().getShape()))
      return true;
    Operation *src = r.getInput().getDefiningOp();
    return !src || !isa<gn::TransposeOp, gn::BroadcastToOp, gn::SliceOp>(src);
  }
  return false;
}

/// The value whose storage `v` views.
Value storageRoot(Value v) {
  while (Operation *op = v.getDefiningOp()) {
    if (!isStorageView(op))
      break;
    v = op->getOperand(0);
  }
  return v;
}

/// The strides (in elements of its storage root) torch gives `v`, following
/// the view ops the importer built it from.
static llvm::SmallVector<int64_t> viewStrides(Value v) {
  auto shape = llvm::cast<RankedTensorType>(v.getType()).getShape();
  auto rowMajor = [&] {
    llvm::SmallVector<int64_t> s(shape.size(), 1);
    for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
      s[i] = s[i + 1] * std::max<int64_t>(shape[i + 1], 1);
    return s;
  };
  Operation *op = v.getDefiningOp();
  if (!op || !isStorageView(op))
    return rowMajor();
  llvm::SmallVector<int64_t> in = viewStrides(op->getOperand(0));
  llvm::SmallVector<int64_t> out(shape.size(), 1);
  if (auto t = dyn_cast<gn::TransposeOp>(op)) {
    for (auto [i, p] : llvm::enumerate(t.getPermutation()))
      out[i] = in[p];
  } else if (auto sl = dyn_cast<gn::SliceOp>(op)) {
    auto steps = sl.getSteps();
    for (size_t i = 0; i < shape.size(); ++i)
      out[i] = in[i] * (i < steps.size() ? steps[i] : 1);
  } else if (auto b = dyn_cast<gn::BroadcastToOp>(op)) {
    auto inShape = llvm::cast<RankedTensorType>(b.getInput().getType()).getShape();
    size_t lead = shape.size() - inShape.size();
    for (size_t i = 0; i < shape.size(); ++i)
      out[i] = i < lead || (inShape[i - lead] == 1 && shape[i] != 1) ? 0 : in[i - lead];
  } else {
    // A reshape that is a view: of a contiguous value (row-major again), or
    // adding and dropping unit dims (the non-unit dims keep their strides).
    auto r = cast<gn::ReshapeOp>(op);
    auto inShape = llvm::cast<RankedTensorType>(r.getInput().getType()).getShape();
    if (isContiguousStrides(inShape, in))
      return rowMajor();
    size_t j = 0;
    for (size_t i = 0; i < shape.size(); ++i) {
      if (shape[i] == 1)
        continue;
      while (j < inShape.size() && inShape[j] == 1)
        ++j;
      out[i] = j < in.size() ? in[j++] : 1;
    }
  }
  return out;
}

bool isContiguousStrides(llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<int64_t> strides) {
  int64_t expected = 1;
  for (int i = static_cast<int>(shape.size()) - 1; i >= 0; --i) {
    if (shape[i] == 0)
      return true;
    if (shape[i] == 1)
      continue;
    if (strides[i] != expected)
      return false;
    expected *= shape[i];
  }
  return true;
}

bool isContiguousView(Value v) {
  return isContiguousStrides(llvm::cast<RankedTensorType>(v.getType()).getShape(),
                             viewStrides(v));
}

} // namespace mlir::gn::import
