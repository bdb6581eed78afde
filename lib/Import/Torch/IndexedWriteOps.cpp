//===- IndexedWriteOps.cpp - index_add, index_copy, scatters of slices ---===//
//
// Out-of-place writes of whole slices where an index says, in every
// spelling torch has (torch.X, Tensor.X, the in-place Tensor.X_):
// - index_add / index_copy / index_fill / index_reduce: the source's slices
//   along `dim` go to the positions the 1-d index lists, as put_along_axis
//   with the index repeated over the source's other dims (gn.scatter);
// - select_scatter / slice_scatter / index_put: as `x[...] = v` would write
//   them (setIndexTensor);
// - take: the flattened input gathered at the (flattened) index.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/Import/Python/OpChain.h"

using namespace mlir;
using namespace mlir::gn::import;

namespace {

/// "2, 3" for messages.
std::string shapeText(llvm::ArrayRef<int64_t> shape) {
  std::string s;
  for (int64_t d : shape)
    s += (s.empty() ? "" : ", ") + std::to_string(d);
  return s;
}

/// The 0-d or 1-d `index` of index_add & co as an index of `shape` for
/// put_along_axis: its entries along `dim`, repeated over the other dims.
FailureOr<Value> indexAlongDim(ImportContext &ctx, Value index, llvm::ArrayRef<int64_t> shape,
                               int64_t dim) {
  auto it = typeOf(index);
  if (it.getRank() > 1)
    return ctx.error("the index must be 0-d or 1-d, got rank " + std::to_string(it.getRank()));
  if (!it.getElementType().isInteger() || it.getElementType().isInteger(1))
    return ctx.error("the index must be an integer tensor");
  int64_t n = it.getRank() ? it.getDimSize(0) : 1;
  if (shape[dim] != n)
    return ctx.error("the source has " + std::to_string(shape[dim]) + " slices along dim " +
                     std::to_string(dim) + " but the index lists " + std::to_string(n));
  llvm::SmallVector<int64_t> column(shape.size(), 1);
  column[dim] = n;
  auto r = ctx.reshape(index, column);
  if (failed(r))
    return failure();
  return ctx.build<gn::BroadcastToOp>({*r}, {ctx.ints("shape", shape)});
}

/// The source's shape must be the input's but along `dim`.
LogicalResult checkSource(ImportContext &ctx, RankedTensorType x, RankedTensorType source,
                          int64_t dim) {
  bool fits = x.getRank() == source.getRank();
  for (int64_t d = 0; fits && d < x.getRank(); ++d)
    fits = d == dim || x.getDimSize(d) == source.getDimSize(d);
  if (!fits)
    return ctx.error("the source's shape [" + shapeText(source.getShape()) +
                     "] must be the input's [" + shapeText(x.getShape()) +
                     "] in every dim but " + std::to_string(dim));
  return success();
}

/// The written dim of `x` (`dim` argument, normalized); x needs a dim.
FailureOr<int64_t> writtenDim(ImportContext &ctx, Args &a, Value x) {
  auto d = a.integer("dim");
  if (failed(d))
    return failure();
  if (typeOf(x).getRank() == 0)
    return a.error("the input must have at least one dim");
  return ctx.dim(*d, typeOf(x).getRank());
}

/// index_add (reduce "add", scaled by alpha), index_copy ("none") and
/// index_reduce (its `reduce` argument, include_self).
FailureOr<PyValue> indexWrite(ImportContext &ctx, Args &a, llvm::StringRef reduce) {
  auto x = a.tensor("input"), idx = a.tensor("index"), src = a.tensor("source");
  if (failed(x) || failed(idx) || failed(src))
    return failure();
  auto dim = writtenDim(ctx, a, *x);
  if (failed(dim))
    return failure();
  auto type = typeOf(*x);
  Value source = *src;
  if (typeOf(source).getRank() == 0 && type.getRank() == 1) {
    auto r = ctx.reshape(source, {1});
    if (failed(r))
      return failure();
    source = *r;
  }
  if (failed(checkSource(ctx, type, typeOf(source), *dim)))
    return failure();
  std::string mode = reduce.str();
  bool includeSelf = true;
  if (reduce == "add" && a.has("alpha")) {
    auto scaled = ctx.binary<gn::MulOp>(PyValue::of(source), a.get("alpha"));
    if (failed(scaled))
      return failure();
    source = scaled->tensor;
  } else if (reduce == "from_arg") {
    auto r = a.string("reduce");
    auto inc = a.boolean("include_self");
    if (failed(r) || failed(inc))
      return failure();
    if (*r != "prod" && *r != "mean" && *r != "amax" && *r != "amin")
      return a.error("reduce must be 'prod', 'mean', 'amax' or 'amin', got '" + *r + "'");
    mode = *r == "prod" ? "mul" : *r;
    includeSelf = *inc;
  }
  auto full = indexAlongDim(ctx, *idx, typeOf(source).getShape(), *dim);
  if (failed(full))
    return failure();
  // A negative index fails the run, as PyTorch raises (index_fill and
  // index_put count it from the end).
  return wrap(ctx.putAlongAxis(*x, *full, source, *dim, mode, includeSelf,
                               /*wrapNegative=*/false));
}

/// index_fill(input, dim, index, value): `value` (a number or a 0-d tensor)
/// written at every position of the listed slices.
FailureOr<PyValue> indexFill(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), idx = a.tensor("index");
  if (failed(x) || failed(idx))
    return failure();
  auto dim = writtenDim(ctx, a, *x);
  if (failed(dim))
    return failure();
  auto type = typeOf(*x);
  llvm::SmallVector<int64_t> shape(type.getShape());
  shape[*dim] = typeOf(*idx).getRank() ? typeOf(*idx).getDimSize(0) : 1;
  const PyValue &value = a.get("value");
  Value source;
  if (value.isNumber()) {
    source = ctx.splat(type.getElementType(), value.asDouble(), shape);
  } else if (value.isTensor() && value.type().getRank() == 0) {
    auto c = ctx.convert(value.tensor, type.getElementType());
    if (failed(c))
      return failure();
    auto b = ctx.build<gn::BroadcastToOp>({*c}, {ctx.ints("shape", shape)});
    if (failed(b))
      return failure();
    source = *b;
  } else {
    return a.error("value must be a number or a 0-d tensor, got " + value.describe());
  }
  auto full = indexAlongDim(ctx, *idx, shape, *dim);
  if (failed(full))
    return failure();
  return wrap(ctx.putAlongAxis(*x, *full, source, *dim, "none", true));
}

/// `dim` full slices, then `item`: the subscript that reaches `item` in dim
/// `dim`.
PyValue subscriptAt(int64_t dim, PyValue item) {
  PyValue all;
  all.kind = PyValue::Slice;
  all.elts = {PyValue::none(), PyValue::none(), PyValue::none()};
  std::vector<PyValue> items(dim, all);
  items.push_back(std::move(item));
  return PyValue::tuple(std::move(items));
}

/// select_scatter(input, src, dim, index): `x[..., index] = src` in dim.
FailureOr<PyValue> selectScatter(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), src = a.tensor("src");
  auto d = a.integer("dim"), i = a.integer("index");
  if (failed(x) || failed(src) || failed(d) || failed(i))
    return failure();
  auto dim = ctx.dim(*d, typeOf(*x).getRank());
  if (failed(dim))
    return failure();
  llvm::SmallVector<int64_t> expected(typeOf(*x).getShape());
  expected.erase(expected.begin() + *dim);
  if (typeOf(*src).getShape() != llvm::ArrayRef<int64_t>(expected))
    return a.error("src must have the shape [" + shapeText(expected) +
                   "] of the selected slice, got [" + shapeText(typeOf(*src).getShape()) + "]");
  return setIndexTensor(ctx, PyValue::of(*x), subscriptAt(*dim, PyValue::integer(*i)),
                        PyValue::of(*src));
}

/// The subscript `[..., start:end:step]` in dim from a call's start, end
/// and step arguments.
PyValue sliceSubscript(Args &a, int64_t dim) {
  PyValue range;
  range.kind = PyValue::Slice;
  range.elts = {a.get("start"), a.get("end"), a.get("step")};
  return subscriptAt(dim, range);
}

/// ATen's slice(input, dim=0, start=None, end=None, step=1):
/// `x[..., start:end:step]` in dim.
FailureOr<PyValue> sliceOp(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d = a.integer("dim");
  if (failed(x) || failed(d))
    return failure();
  auto dim = ctx.dim(*d, typeOf(*x).getRank());
  if (failed(dim))
    return failure();
  return indexTensor(ctx, PyValue::of(*x), sliceSubscript(a, *dim));
}

/// slice_scatter(input, src, dim=0, start=None, end=None, step=1):
/// `x[..., start:end:step] = src` in dim.
FailureOr<PyValue> sliceScatter(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), src = a.tensor("src");
  auto d = a.integer("dim");
  if (failed(x) || failed(src) || failed(d))
    return failure();
  auto dim = ctx.dim(*d, typeOf(*x).getRank());
  if (failed(dim))
    return failure();
  return setIndexTensor(ctx, PyValue::of(*x), sliceSubscript(a, *dim), PyValue::of(*src));
}

/// index_put(input, indices, values, accumulate=False): `x[indices] =
/// values`; with accumulate, repeated positions add up (setThroughPositions).
FailureOr<PyValue> indexPut(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto accumulate = a.boolean("accumulate");
  if (failed(x) || failed(accumulate))
    return failure();
  const PyValue &indices = a.get("indices");
  if (!indices.isSequence())
    return a.error("indices must be a tuple or list of tensors, got " + indices.describe());
  PyValue subscript = indices;
  subscript.kind = PyValue::Tuple;
  for (PyValue &e : subscript.elts)
    if (e.isNone()) {
      e.kind = PyValue::Slice;
      e.elts = {PyValue::none(), PyValue::none(), PyValue::none()};
    }
  // One 0-d or 1-d integer index, in dim k (full slices before it): the
  // listed slices of dim k overwritten, as index_copy with the values
  // broadcast to them.
  int64_t k = -1;
  bool others = false;
  for (auto [d, e] : llvm::enumerate(indices.elts)) {
    if (e.isNone())
      continue;
    if (k >= 0 || !e.isTensor() || e.type().getRank() > 1 ||
        !e.type().getElementType().isInteger() || e.type().getElementType().isInteger(1))
      others = true;
    k = d;
  }
  const PyValue &values = a.get("values");
  auto type = typeOf(*x);
  if (*accumulate) { // repeated positions add up
    PyValue index = subscript.elts.size() == 1 ? subscript.elts[0] : subscript;
    return setThroughPositions(ctx, *x, index, values, /*accumulate=*/true);
  }
  if (!others && k >= 0 && k < type.getRank()) {
    Value index = indices.elts[k].tensor;
    llvm::SmallVector<int64_t> shape(type.getShape());
    shape[k] = typeOf(index).getRank() ? typeOf(index).getDimSize(0) : 1;
    auto v = ctx.asTensor(values, type.getElementType());
    if (failed(v))
      return failure();
    // A 0-d index selects dim k away, as an int would: the values
    // broadcast to the region without it, then take it back as size 1.
    llvm::SmallVector<int64_t> region(shape);
    if (typeOf(index).getRank() == 0)
      region.erase(region.begin() + k);
    auto b = ctx.build<gn::BroadcastToOp>({*v}, {ctx.ints("shape", region)});
    if (failed(b))
      return failure();
    auto source = ctx.reshape(*b, shape);
    if (failed(source))
      return failure();
    auto full = indexAlongDim(ctx, index, shape, k);
    if (failed(full))
      return failure();
    return wrap(ctx.putAlongAxis(*x, *full, *source, k, "none", true));
  }
  if (subscript.elts.size() == 1)
    subscript = subscript.elts[0];
  return setIndexTensor(ctx, PyValue::of(*x), subscript, values);
}

/// take(input, index): the input read as 1-d at `index` (negative entries
/// from the end), shaped as the index.
FailureOr<PyValue> take(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), idx = a.tensor("index");
  if (failed(x) || failed(idx))
    return failure();
  auto it = typeOf(*idx);
  if (!it.getElementType().isInteger(64))
    return a.error("the index must be an int64 tensor");
  int64_t n = typeOf(*x).getNumElements(), m = it.getNumElements();
  auto flat = ctx.reshape(*x, {n});
  auto flatIndex = ctx.reshape(*idx, {m});
  if (failed(flat) || failed(flatIndex))
    return failure();
  // The take counts a negative index from the end and fails past either end
  // (a hand-written wrap before it wrapped -13 of 12 elements twice, to 11).
  auto picked = ctx.build<gn::IndexSelectOp>({*flat, *flatIndex}, {ctx.i64("dim", 0)});
  if (failed(picked))
    return failure();
  return wrap(ctx.reshape(*picked, it.getShape()));
}

/// put(input, index, source, accumulate=False) / Tensor.put_: source's
/// elements written (or added) at input's flat positions `index`
/// (negative ones count from the end).
FailureOr<PyValue> put(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), idx = a.tensor("index"), src = a.tensor("source");
  auto accumulate = a.boolean("accumulate");
  if (failed(x) || failed(idx) || failed(src) || failed(accumulate))
    return failure();
  auto xt = typeOf(*x);
  int64_t n = xt.getNumElements(), m = typeOf(*idx).getNumElements();
  if (typeOf(*src).getNumElements() != m)
    return a.error("source must have as many elements as index");
  Type i64 = ctx.i64Type();
  Chain c{ctx};
  // The scatter counts a negative index from the end and fails past either end.
  Value i = c.reshape(c.convert(*idx, i64), {m});
  Value r = c.op<gn::ScatterOp>(
      {c.reshape(c.convert(*src, xt.getElementType()), {m}), c.reshape(*x, {n}), i},
      {ctx.i64("dim", 0), ctx.str("reduce", *accumulate ? "add" : "none")});
  r = c.reshape(r, xt.getShape());
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// masked_scatter(input, mask, source): the positions where the mask
/// (broadcast to input) is true take source's elements in row-major
/// order: the k-th true position source's k-th element.
FailureOr<PyValue> maskedScatter(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), mask = a.tensor("mask"), src = a.tensor("source");
  if (failed(x) || failed(mask) || failed(src))
    return failure();
  auto xt = typeOf(*x);
  int64_t n = xt.getNumElements(), m = typeOf(*src).getNumElements();
  if (m == 0)
    return a.error("source has no elements");
  Type i64 = ctx.i64Type();
  Chain c{ctx};
  Value bits = c.op<gn::BroadcastToOp>({c.convert(*mask, ctx.i1())},
                                       {ctx.ints("shape", xt.getShape())});
  Value flatBits = c.reshape(bits, {n});
  Value rank = c.op<gn::SubOp>({c.op<gn::CumSumOp>({c.convert(flatBits, i64)},
                                                   {ctx.i64("dim", 0)}),
                                ctx.splat(i64, 1)});
  // Only a true position's rank is read, and read checked: a source with
  // fewer elements than the mask's true positions fails the run ("index 3
  // out of range for size 3"), as torch raises, where it reread the last.
  rank = c.op<gn::WhereOp>({flatBits, rank, ctx.splat(i64, 0)});
  Value values = c.op<gn::IndexSelectOp>(
      {c.reshape(c.convert(*src, xt.getElementType()), {m}), rank},
      {ctx.i64("dim", 0), ctx.flag("wrap_negative", false)});
  Value r = c.reshape(c.op<gn::WhereOp>({flatBits, values, c.reshape(*x, {n})}), xt.getShape());
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

} // namespace

void mlir::gn::import::registerIndexedWriteOps(OpRegistry &r) {
  r.add("index_add", "input, dim, index, source, *, alpha=1",
        [](ImportContext &ctx, Args &a) { return indexWrite(ctx, a, "add"); });
  r.add("index_copy", "input, dim, index, source",
        [](ImportContext &ctx, Args &a) { return indexWrite(ctx, a, "none"); });
  r.add("index_reduce", "input, dim, index, source, reduce, *, include_self=True",
        [](ImportContext &ctx, Args &a) { return indexWrite(ctx, a, "from_arg"); });
  r.add("index_fill", "input, dim, index, value", indexFill);
  r.add("select_scatter", "input, src, dim, index", selectScatter);
  r.add("slice_scatter", "input, src, dim=0, start=None, end=None, step=1", sliceScatter);
  r.add("slice|slice_copy", "input, dim=0, start=None, end=None, step=1", sliceOp);
  r.add("index_put", "input, indices, values, accumulate=False", indexPut);
  r.add("take", "input, index", take);
  r.add("put", "input, index, source, accumulate=False", put);
  r.add("masked_scatter", "input, mask, source", maskedScatter);
}
