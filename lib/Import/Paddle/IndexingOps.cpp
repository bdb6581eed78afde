//===- IndexingOps.cpp - Paddle slice assignment, scatter, gathers -------===//
#include "PaddleOps.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/TensorAlgebra.h"
#include "gn/Support/NumericCast.h"

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

/// The region x[starts:ends:steps] over `axes` (Python clamping, positive
/// steps), as full-rank starts/limits/steps.
LogicalResult region(ImportContext &ctx, Args &a, RankedTensorType type,
                     llvm::ArrayRef<int64_t> axesIn, llvm::ArrayRef<int64_t> startsIn,
                     llvm::ArrayRef<int64_t> endsIn, llvm::ArrayRef<int64_t> stepsIn,
                     llvm::SmallVectorImpl<int64_t> &starts, llvm::SmallVectorImpl<int64_t> &limits,
                     llvm::SmallVectorImpl<int64_t> &steps) {
  int64_t rank = type.getRank();
  starts.assign(rank, 0);
  limits.assign(type.getShape().begin(), type.getShape().end());
  steps.assign(rank, 1);
  if (axesIn.size() != startsIn.size() || axesIn.size() != endsIn.size() ||
      (stepsIn.size() != axesIn.size() && stepsIn.size() != 1))
    return a.error("axes, starts, ends and steps must have the same length");
  for (size_t k = 0; k < axesIn.size(); ++k) {
    auto d = ctx.dim(axesIn[k], rank);
    if (failed(d))
      return failure();
    int64_t n = type.getDimSize(*d), step = stepsIn.size() == 1 ? stepsIn[0] : stepsIn[k];
    if (step <= 0)
      return a.error("non-positive steps are not supported");
    int64_t s = startsIn[k], e = endsIn[k];
    s = s < 0 ? std::max<int64_t>(s + n, 0) : std::min(s, n);
    e = e < 0 ? std::max<int64_t>(e + n, 0) : std::min(e, n);
    starts[*d] = s;
    limits[*d] = std::max(s, e);
    steps[*d] = step;
  }
  return success();
}

/// Writes `source` (broadcast to the region) into x's region.
FailureOr<PyValue> insertRegion(ImportContext &ctx, Value x, Value source,
                                llvm::ArrayRef<int64_t> starts, llvm::ArrayRef<int64_t> limits,
                                llvm::ArrayRef<int64_t> steps) {
  llvm::SmallVector<int64_t> shape;
  for (size_t i = 0; i < starts.size(); ++i)
    shape.push_back(limits[i] <= starts[i] ? 0 : (limits[i] - starts[i] - 1) / steps[i] + 1);
  auto src = ctx.convert(source, typeOf(x).getElementType());
  if (failed(src))
    return failure();
  Value s = *src;
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  if (typeOf(s).getNumElements() == n) {
    auto r = ctx.reshape(s, shape);
    if (failed(r))
      return failure();
    s = *r;
  } else {
    // Right-align and broadcast (values of a dropped axis line up too).
    auto b = ctx.build<gn::BroadcastToOp>({s}, {ctx.ints("shape", shape)});
    if (failed(b))
      return failure();
    s = *b;
  }
  return wrap(ctx.build<gn::InsertSliceOp>({s, x}, {ctx.ints("starts", starts),
                                                    ctx.ints("limits", limits),
                                                    ctx.ints("steps", steps)}));
}

/// set_value_(x, starts, ends, steps, axes, decrease_axes, none_axes, shape,
/// values): x[region] = values (one value, broadcast).
FailureOr<PyValue> setValue(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto st = intList(a, ctx, "starts"), en = intList(a, ctx, "ends"), sp = intList(a, ctx, "steps"),
       ax = intList(a, ctx, "axes"), shape = intList(a, ctx, "shape");
  if (failed(x) || failed(st) || failed(en) || failed(sp) || failed(ax) || failed(shape))
    return failure();
  const PyValue &values = a.get("values");
  if (!values.isSequence() || values.elts.empty() ||
      !llvm::all_of(values.elts, [](const PyValue &v) { return v.isNumber(); }))
    return a.error("argument 'values' must be a list of numbers");
  llvm::SmallVector<int64_t> starts, limits, steps;
  if (failed(region(ctx, a, typeOf(*x), *ax, *st, *en, *sp, starts, limits, steps)))
    return failure();
  Type e = typeOf(*x).getElementType();
  Value source;
  if (values.elts.size() == 1) {
    source = ctx.splat(e, values.elts[0].asDouble());
  } else {
    auto type = RankedTensorType::get(*shape, e);
    if (type.getNumElements() != (int64_t)values.elts.size())
      return a.error("shape and values disagree");
    llvm::SmallVector<Attribute> elements;
    for (const PyValue &v : values.elts) {
      if (auto ft = llvm::dyn_cast<FloatType>(e))
        elements.push_back(FloatAttr::get(ft, v.asDouble()));
      else if (e.isInteger(1))
        elements.push_back(IntegerAttr::get(e, v.asDouble() != 0));
      else
        elements.push_back(IntegerAttr::get(e, gn::saturatingCast<int64_t>(v.asDouble())));
    }
    source = gn::ConstantOp::create(ctx.builder, ctx.loc, type,
                                    DenseElementsAttr::get(type, elements));
  }
  return insertRegion(ctx, *x, source, starts, limits, steps);
}

/// set_value_with_tensor_(x, values, starts, ends, steps, axes,
/// decrease_axes, none_axes).
FailureOr<PyValue> setValueWithTensor(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), values = a.tensor("values");
  auto st = intList(a, ctx, "starts"), en = intList(a, ctx, "ends"), sp = intList(a, ctx, "steps"),
       ax = intList(a, ctx, "axes");
  if (failed(x) || failed(values) || failed(st) || failed(en) || failed(sp) || failed(ax))
    return failure();
  llvm::SmallVector<int64_t> starts, limits, steps;
  if (failed(region(ctx, a, typeOf(*x), *ax, *st, *en, *sp, starts, limits, steps)))
    return failure();
  return insertRegion(ctx, *x, *values, starts, limits, steps);
}

/// scatter(x, index, updates, overwrite): rows index[i] of x become
/// updates[i] (overwrite; the last write wins) or, without overwrite, the
/// indexed rows are zeroed and every update added.
FailureOr<PyValue> scatter(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), index = a.tensor("index"), updates = a.tensor("updates");
  auto overwrite = a.boolean("overwrite");
  if (failed(x) || failed(index) || failed(updates) || failed(overwrite))
    return failure();
  auto ut = typeOf(*updates);
  auto flat = ctx.reshape(*index, {typeOf(*index).getNumElements()});
  if (failed(flat))
    return failure();
  auto idx64 = ctx.convert(*flat, ctx.i64Type());
  if (failed(idx64))
    return failure();
  if (ut.getRank() == 0 || ut.getDimSize(0) != typeOf(*idx64).getDimSize(0))
    return a.error("updates must have one row per index");
  // torch-style scatter wants an index of the updates' shape.
  llvm::SmallVector<int64_t> colShape(ut.getRank(), 1);
  colShape[0] = ut.getDimSize(0);
  auto col = ctx.reshape(*idx64, colShape);
  if (failed(col))
    return failure();
  auto full = ctx.build<gn::BroadcastToOp>({*col}, {ctx.ints("shape", ut.getShape())});
  if (failed(full))
    return failure();
  Value base = *x;
  if (!*overwrite) {
    Value zeros = ctx.splat(ut.getElementType(), 0, ut.getShape());
    auto cleared = ctx.build<gn::ScatterOp>({zeros, base, *full}, {ctx.i64("dim", 0)});
    if (failed(cleared))
      return failure();
    base = *cleared;
  }
  return wrap(ctx.build<gn::ScatterOp>({*updates, base, *full},
                                       {ctx.i64("dim", 0),
                                        ctx.str("reduce", *overwrite ? "none" : "add")}));
}

/// gather_nd(x, index): index[..., k] addresses x's first k dims.
/// The rows of x that an nd index ([..., k], k <= rank) addresses: x as a
/// table [prod(first k dims), rest...] and the flat row of each index
/// ([n], i64, n the count of index rows).
struct NdRows {
  Value table, rows;
  llvm::SmallVector<int64_t> batch; // the index's leading dims
};
FailureOr<NdRows> ndRows(ImportContext &ctx, Args &a, Value x, Value index) {
  auto xt = typeOf(x), it = typeOf(index);
  if (it.getRank() == 0)
    return a.error("index must have rank >= 1");
  int64_t k = it.getDimSize(it.getRank() - 1);
  if (k > xt.getRank())
    return a.error("index addresses " + llvm::Twine(k) + " dims of a rank-" +
                   llvm::Twine(xt.getRank()) + " tensor");
  // Linear index over the first k dims: sum(index[..., i] * stride_i).
  llvm::SmallVector<double> strides(k, 1);
  for (int64_t i = k - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * xt.getDimSize(i + 1);
  NdRows out;
  out.batch.assign(it.getShape().drop_back().begin(), it.getShape().drop_back().end());
  int64_t n = 1, lead = 1;
  for (int64_t d : out.batch)
    n *= d;
  for (int64_t i = 0; i < k; ++i)
    lead *= xt.getDimSize(i);
  llvm::SmallVector<int64_t> table{lead};
  llvm::append_range(table, xt.getShape().drop_front(k));
  Chain c{ctx};
  // Each component a position in its own dim: a negative one counted from
  // the end, one past its dim failing the run (as PaddlePaddle's kernel
  // checks; the linear sum alone would land on another element).
  Value wide = c.reshape(c.convert(index, ctx.i64Type()), {n, k});
  Value linear = ctx.splat(ctx.i64Type(), 0, {n, 1});
  for (int64_t i = 0; i < k; ++i) {
    Value position = c.take(ctx.checkedPosition(c.slice(wide, 1, i, i + 1), xt.getDimSize(i),
                                                /*wrapNegative=*/true));
    linear = c.op<gn::AddOp>(
        {linear, c.op<gn::MulOp>({position, ctx.splat(ctx.i64Type(), strides[i])})});
  }
  out.rows = c.reshape(linear, {n});
  out.table = c.reshape(x, table);
  if (!c.ok())
    return failure();
  return out;
}

FailureOr<PyValue> gatherNd(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), index = a.tensor("index");
  if (failed(x) || failed(index))
    return failure();
  auto nd = ndRows(ctx, a, *x, *index);
  if (failed(nd))
    return failure();
  auto picked = ctx.build<gn::IndexSelectOp>({nd->table, nd->rows}, {ctx.i64("dim", 0)});
  if (failed(picked))
    return failure();
  llvm::SmallVector<int64_t> shape(nd->batch);
  llvm::append_range(shape, typeOf(nd->table).getShape().drop_front());
  return wrap(ctx.reshape(*picked, shape));
}

/// scatter_nd_add(x, index, updates): x with updates added at the rows an
/// nd index addresses (repeated rows add up); updates are the index's
/// leading dims followed by the addressed rows' dims.
FailureOr<PyValue> scatterNdAdd(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), index = a.tensor("index"), updates = a.tensor("updates");
  if (failed(x) || failed(index) || failed(updates))
    return failure();
  auto nd = ndRows(ctx, a, *x, *index);
  if (failed(nd))
    return failure();
  auto tableShape = typeOf(nd->table).getShape();
  int64_t n = typeOf(nd->rows).getDimSize(0);
  llvm::SmallVector<int64_t> expected(nd->batch), rowsShape{n};
  llvm::append_range(expected, tableShape.drop_front());
  llvm::append_range(rowsShape, tableShape.drop_front());
  if (typeOf(*updates).getShape() != llvm::ArrayRef<int64_t>(expected))
    return a.error("updates must have shape [index dims..., addressed row dims...]");
  Chain c{ctx};
  Value src = c.reshape(c.convert(*updates, typeOf(*x).getElementType()), rowsShape);
  llvm::SmallVector<int64_t> idxShape(rowsShape.size(), 1);
  idxShape[0] = n;
  Value idx = c.op<gn::BroadcastToOp>({c.reshape(nd->rows, idxShape)},
                                      {ctx.ints("shape", rowsShape)});
  Value sum = c.op<gn::ScatterOp>({src, nd->table, idx},
                                  {ctx.i64("dim", 0), ctx.str("reduce", "add")});
  Value r = c.reshape(sum, typeOf(*x).getShape());
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// index_put(x, indices, value, accumulate): x[i0, i1, ...] = value (or
/// += with accumulate) for integer index tensors addressing x's leading
/// dims; the indices broadcast together, negative ones count from the end.
/// A single bool mask of x's shape is a select.
FailureOr<PyValue> indexPut(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), value = a.tensor("value");
  auto indices = a.tensors("indices");
  auto accumulate = a.boolean("accumulate");
  if (failed(x) || failed(value) || failed(indices) || failed(accumulate))
    return failure();
  auto xt = typeOf(*x);
  Type e = xt.getElementType();
  auto v = ctx.convert(*value, e);
  if (failed(v))
    return failure();
  int64_t k = indices->size();
  if (k == 0 || k > xt.getRank())
    return a.error("needs 1 to " + llvm::Twine(xt.getRank()) + " index tensors, got " +
                   llvm::Twine(k));
  if (typeOf((*indices)[0]).getElementType().isInteger(1)) {
    if (k != 1 || typeOf((*indices)[0]).getShape() != xt.getShape())
      return a.error("a bool index must be a single mask of x's shape");
    if (*accumulate) {
      auto zero = ctx.splat(e, 0.0);
      auto add = ctx.build<gn::WhereOp>({(*indices)[0], *v, zero});
      if (failed(add))
        return failure();
      return wrap(ctx.build<gn::AddOp>({*x, *add}));
    }
    return wrap(ctx.build<gn::WhereOp>({(*indices)[0], *v, *x}));
  }
  // The indices' common shape.
  llvm::SmallVector<int64_t> batch;
  for (Value i : *indices) {
    auto shape = typeOf(i).getShape();
    if (shape.size() > batch.size())
      batch.insert(batch.begin(), shape.size() - batch.size(), 1);
    for (size_t j = 0; j < shape.size(); ++j) {
      int64_t &b = batch[batch.size() - shape.size() + j];
      if (b == 1)
        b = shape[j];
      else if (shape[j] != 1 && shape[j] != b)
        return a.error("index tensors do not broadcast together");
    }
  }
  int64_t n = 1;
  for (int64_t d : batch)
    n *= d;
  // Linear index over the first k dims: sum(index_i * stride_i).
  Value linear;
  int64_t stride = 1;
  for (int64_t i = k - 1; i >= 0; --i) {
    auto idx = ctx.convert((*indices)[i], ctx.i64Type());
    if (failed(idx))
      return failure();
    int64_t size = xt.getDimSize(i);
    // Negative indices count from the end; one past its dim fails the run
    // (the linear index could land inside the whole).
    auto fixed = ctx.checkedPosition(*idx, size, /*wrapNegative=*/true);
    if (failed(fixed))
      return failure();
    auto scaled = ctx.build<gn::MulOp>({*fixed, ctx.splat(ctx.i64Type(), stride)});
    if (failed(scaled))
      return failure();
    auto sum = linear ? ctx.build<gn::AddOp>({linear, *scaled}) : scaled;
    if (failed(sum))
      return failure();
    linear = *sum;
    stride *= size;
  }
  auto full = ctx.build<gn::BroadcastToOp>({linear}, {ctx.ints("shape", batch)});
  if (failed(full))
    return failure();
  auto rest = xt.getShape().drop_front(k);
  llvm::SmallVector<int64_t> table{stride}, updates{n}, valueShape(batch);
  llvm::append_range(table, rest);
  llvm::append_range(updates, rest);
  llvm::append_range(valueShape, rest);
  llvm::SmallVector<int64_t> colShape(updates.size(), 1);
  colShape[0] = n;
  auto rows = ctx.reshape(*x, table);
  auto col = ctx.reshape(*full, colShape);
  auto vb = ctx.build<gn::BroadcastToOp>({*v}, {ctx.ints("shape", valueShape)});
  if (failed(rows) || failed(col) || failed(vb))
    return failure();
  auto src = ctx.reshape(*vb, updates);
  auto index = ctx.build<gn::BroadcastToOp>({*col}, {ctx.ints("shape", updates)});
  if (failed(src) || failed(index))
    return failure();
  auto r = ctx.build<gn::ScatterOp>({*src, *rows, *index},
                                    {ctx.i64("dim", 0),
                                     ctx.str("reduce", *accumulate ? "add" : "none")});
  if (failed(r))
    return failure();
  return wrap(ctx.reshape(*r, xt.getShape()));
}

/// index_sample(x, index): out[i][j] = x[i][index[i][j]].
FailureOr<PyValue> indexSample(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), index = a.tensor("index");
  if (failed(x) || failed(index))
    return failure();
  if (typeOf(*x).getRank() != 2 || typeOf(*index).getRank() != 2)
    return a.error("expects 2-d x and index");
  auto idx = ctx.convert(*index, ctx.i64Type());
  if (failed(idx))
    return failure();
  return wrap(ctx.build<gn::GatherOp>({*x, *idx}, {ctx.i64("dim", 1)}));
}

/// nonzero(x): (count, rank) i64 indices of the nonzero elements, a
/// data-dependent size (gn/Support/ShapeGuard.h).
FailureOr<PyValue> nonzero(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return wrap(ctx.nonzero(*x));
}

/// masked_select(x, mask): the elements where the mask (both broadcast to
/// one shape) is true, row-major, as a 1-d tensor.
FailureOr<PyValue> maskedSelect(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), mask = a.tensor("mask");
  if (failed(x) || failed(mask))
    return failure();
  return wrap(ctx.maskedSelect(*x, *mask));
}

/// unique(x, return_index, return_inverse, return_counts, axis, dtype,
/// is_sorted) -> (out, indices, inverse, counts): over the flattened x
/// (axis []); the index outputs in `dtype`, the inverse flat.
FailureOr<PyValue> unique(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto dt = dtypeArg(a, ctx, "dtype");
  auto dims = intList(a, ctx, "axis");
  if (failed(x) || failed(dt) || failed(dims))
    return failure();
  if (!dims->empty())
    return a.error("unique along an axis is not supported (axis [] is)");
  auto u = algebra::unique(ctx, *x, /*consecutive=*/false);
  if (failed(u))
    return failure();
  // PaddlePaddle's inverse is flat (torch's keeps x's shape).
  auto flatInverse = ctx.reshape(u->inverse, {typeOf(*x).getNumElements()});
  if (failed(flatInverse))
    return failure();
  auto first = ctx.convert(u->first, *dt), inverse = ctx.convert(*flatInverse, *dt),
       counts = ctx.convert(u->counts, *dt);
  if (failed(first) || failed(inverse) || failed(counts))
    return failure();
  return PyValue::tuple(
      {PyValue::of(u->values), PyValue::of(*first), PyValue::of(*inverse), PyValue::of(*counts)});
}

/// unique_consecutive(x, return_inverse, return_counts, axis, dtype) ->
/// (out, index, counts): each run of equal neighbours once.
FailureOr<PyValue> uniqueConsecutive(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto dt = dtypeArg(a, ctx, "dtype");
  auto dims = a.has("axis") ? intList(a, ctx, "axis")
                            : FailureOr<llvm::SmallVector<int64_t>>(llvm::SmallVector<int64_t>{});
  if (failed(x) || failed(dt) || failed(dims))
    return failure();
  if (!dims->empty())
    return a.error("unique_consecutive along an axis is not supported (axis [] is)");
  auto u = algebra::unique(ctx, *x, /*consecutive=*/true);
  if (failed(u))
    return failure();
  auto inverse = ctx.convert(u->inverse, *dt), counts = ctx.convert(u->counts, *dt);
  if (failed(inverse) || failed(counts))
    return failure();
  return PyValue::tuple({PyValue::of(u->values), PyValue::of(*inverse), PyValue::of(*counts)});
}

/// take_along_axis(arr, indices, axis): gather's semantics (PaddlePaddle
/// broadcasts in its Python API, before the op the programs record).
FailureOr<PyValue> takeAlongAxis(ImportContext &ctx, Args &a) {
  auto x = a.tensor("arr"), index = a.tensor("indices");
  auto axis = a.integer("axis");
  if (failed(x) || failed(index) || failed(axis))
    return failure();
  auto d = ctx.dim(*axis, typeOf(*x).getRank());
  if (failed(d))
    return failure();
  return wrap(ctx.takeAlongAxis(*x, *index, *d, /*broadcast=*/false));
}

/// gather_tree(ids, parents), both [T, B, beam]: the beams traced back from
/// the last step, as PaddlePaddle's kernel does: out[T-1] = ids[T-1], then
/// at each earlier step the id of the beam its successor came from
/// (parents). Unrolled over the static T.
FailureOr<PyValue> gatherTree(ImportContext &ctx, Args &a) {
  auto ids = a.tensor("ids"), parents = a.tensor("parents");
  if (failed(ids) || failed(parents))
    return failure();
  auto type = typeOf(*ids);
  if (type.getRank() != 3 || typeOf(*parents).getShape() != type.getShape())
    return a.error("expects ids and parents of the same shape [T, B, beam]");
  if (!type.getElementType().isInteger() ||
      typeOf(*parents).getElementType() != type.getElementType())
    return a.error("expects integer ids and parents of one dtype");
  int64_t steps = type.getDimSize(0), batch = type.getDimSize(1), beams = type.getDimSize(2);
  if (steps == 0)
    return PyValue::of(*ids);
  Chain c{ctx};
  auto at = [&](Value v, int64_t t) { return c.reshape(c.slice(v, 0, t, t + 1), {batch, beams}); };
  auto pick = [&](Value v, Value from) {
    return c.op<gn::GatherOp>({v, c.convert(from, ctx.i64Type())}, {ctx.i64("dim", 1)});
  };
  std::vector<Value> out(steps);
  out[steps - 1] = at(*ids, steps - 1);
  Value parent = at(*parents, steps - 1);
  for (int64_t t = steps - 2; t >= 0 && c.ok(); --t) {
    out[t] = pick(at(*ids, t), parent);
    parent = pick(at(*parents, t), parent);
  }
  std::vector<Value> rows;
  for (Value v : out)
    rows.push_back(c.reshape(v, {1, batch, beams}));
  if (!c.ok())
    return failure();
  return wrap(ctx.build<gn::ConcatOp>(rows, {ctx.i64("dim", 0)}));
}

/// put_along_axis(arr, indices, values, axis, reduce, include_self,
/// broadcast): reduce is assign, add, mul (multiply), mean, amax or amin.
FailureOr<PyValue> putAlongAxis(ImportContext &ctx, Args &a) {
  auto x = a.tensor("arr"), index = a.tensor("indices");
  auto axis = a.integer("axis");
  auto reduce = a.string("reduce");
  auto includeSelf = a.boolean("include_self");
  if (failed(x) || failed(index) || failed(axis) || failed(reduce) || failed(includeSelf))
    return failure();
  auto d = ctx.dim(*axis, typeOf(*x).getRank());
  auto values = ctx.asTensor(a.get("values"), typeOf(*x).getElementType());
  if (failed(d) || failed(values))
    return failure();
  std::string mode = *reduce == "assign"                          ? "none"
                     : *reduce == "multiply" || *reduce == "mul" ? "mul"
                                                                  : *reduce;
  if (mode != "none" && mode != "add" && mode != "mul" && mode != "mean" && mode != "amax" &&
      mode != "amin")
    return a.error("reduce '" + *reduce + "' is not one of assign, add, mul, mean, amax, amin");
  return wrap(ctx.putAlongAxis(*x, *index, *values, *d, mode, *includeSelf));
}

/// index_add(x, index, add_value, axis): add_value's slices along axis
/// added at the positions the 1-d index lists (repeats add up), as
/// put_along_axis with the index repeated over the other dims.
FailureOr<PyValue> indexAdd(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), idx = a.tensor("index"), values = a.tensor("add_value");
  auto ax = a.integer("axis");
  if (failed(x) || failed(idx) || failed(values) || failed(ax))
    return failure();
  auto type = typeOf(*x);
  auto axis = ctx.dim(*ax, type.getRank());
  if (failed(axis))
    return failure();
  auto vt = typeOf(*values), it = typeOf(*idx);
  if (it.getRank() != 1 || vt.getRank() != type.getRank() ||
      vt.getDimSize(*axis) != it.getDimSize(0))
    return a.error("expects a 1-d index and add_value of the input's rank with as many slices "
                   "along axis as the index has entries");
  llvm::SmallVector<int64_t> column(type.getRank(), 1);
  column[*axis] = it.getDimSize(0);
  Chain c{ctx};
  Value full = c.op<gn::BroadcastToOp>({c.reshape(*idx, column)},
                                       {ctx.ints("shape", vt.getShape())});
  if (!c.ok())
    return failure();
  return wrap(ctx.putAlongAxis(*x, full, *values, *axis, "add", true));
}

/// multiplex(inputs, index): row i of the result is row i of
/// inputs[index[i]] (index [N, 1]; the inputs share a shape [N, ...]):
/// the inputs stacked along a new dim 0 and gathered there.
FailureOr<PyValue> multiplex(ImportContext &ctx, Args &a) {
  auto xs = a.tensors("inputs");
  auto index = a.tensor("index");
  if (failed(xs) || failed(index))
    return failure();
  if (xs->empty())
    return a.error("multiplex needs at least one input");
  auto type = typeOf(xs->front());
  if (type.getRank() < 1)
    return a.error("multiplex expects inputs of rank 1 or more");
  for (Value v : *xs)
    if (typeOf(v) != type)
      return a.error("multiplex expects inputs of one shape and dtype");
  auto it = typeOf(*index);
  int64_t n = type.getDimSize(0);
  if (!llvm::isa<IntegerType>(it.getElementType()) || it.getNumElements() != n)
    return a.error("multiplex expects an integer index of one entry per row");
  llvm::SmallVector<int64_t> stacked{1};
  stacked.append(type.getShape().begin(), type.getShape().end());
  llvm::SmallVector<Value> rows;
  for (Value v : *xs) {
    auto r = ctx.reshape(v, stacked);
    if (failed(r))
      return failure();
    rows.push_back(*r);
  }
  llvm::SmallVector<int64_t> column(stacked.size(), 1);
  column[1] = n;
  Chain c{ctx};
  Value all = rows.size() == 1 ? rows[0] : c.op<gn::ConcatOp>(rows, {ctx.i64("dim", 0)});
  Value at = c.convert(c.take(ctx.reshape(*index, column)), ctx.builder.getI64Type());
  Value wide = c.op<gn::BroadcastToOp>({at}, {ctx.ints("shape", stacked)});
  Value picked = c.op<gn::GatherOp>({all, wide}, {ctx.i64("dim", 0)});
  if (!c.ok())
    return failure();
  return wrap(ctx.reshape(picked, type.getShape()));
}

/// index_select_strided(x, index, axis): x.select(axis, index), the axis
/// dropped. An index outside [0, n) is refused: PaddlePaddle's kernel does
/// not wrap a negative one and reads outside the tensor (checked on 3.3).
FailureOr<PyValue> indexSelectStrided(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto index = a.integer("index"), axis = a.integer("axis");
  if (failed(x) || failed(index) || failed(axis))
    return failure();
  auto type = typeOf(*x);
  auto d = ctx.dim(*axis, type.getRank());
  if (failed(d))
    return failure();
  int64_t n = type.getDimSize(*d), i = *index;
  if (i < 0 || i >= n)
    return a.error("index " + std::to_string(*index) + " out of range for a dim of " +
                   std::to_string(n));
  auto s = sliceAxis(ctx, *x, *d, i, i + 1);
  if (failed(s))
    return failure();
  llvm::SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + *d);
  return wrap(ctx.reshape(*s, shape));
}

/// view_slice(input, begin_idx, end_idx): input[begin_idx:end_idx] along
/// dim 0.
FailureOr<PyValue> viewSlice(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto begin = a.integer("begin_idx"), end = a.integer("end_idx");
  if (failed(x) || failed(begin) || failed(end))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() < 1)
    return a.error("view_slice expects a tensor of rank 1 or more");
  int64_t n = type.getDimSize(0);
  if (*begin < 0 || *end > n || *begin > *end)
    return a.error("view_slice range [" + std::to_string(*begin) + ", " + std::to_string(*end) +
                   ") out of [0, " + std::to_string(n) + "]");
  return wrap(sliceAxis(ctx, *x, 0, *begin, *end));
}

} // namespace

void paddle::registerIndexingOps(OpRegistry &r) {
  r.add("index_add", "x, index, add_value, axis=0", folded<indexAdd>);
  r.add("nonzero", "x", nonzero);
  r.add("masked_select", "x, mask", maskedSelect);
  r.add("unique", "x, return_index, return_inverse, return_counts, axis, dtype='int64', "
        "is_sorted=True", unique);
  r.add("unique_consecutive", "x, return_inverse=False, return_counts=False, axis=None, "
        "dtype='int64'", uniqueConsecutive);
  r.add("set_value_|set_value",
        "x, starts, ends, steps, axes, decrease_axes, none_axes, shape, values", folded<setValue>);
  r.add("set_value_with_tensor_|set_value_with_tensor",
        "x, values, starts, ends, steps, axes, decrease_axes, none_axes",
        folded<setValueWithTensor>);
  r.add("scatter|scatter_", "x, index, updates, overwrite=True", scatter);
  r.add("gather_nd", "x, index", gatherNd);
  r.add("scatter_nd_add", "x, index, updates", scatterNdAdd);
  r.add("index_put|index_put_", "x, indices, value, accumulate=False", folded<indexPut>);
  r.add("index_sample", "x, index", indexSample);
  r.add("take_along_axis", "arr, indices, axis, broadcast=True", folded<takeAlongAxis>);
  r.add("gather_tree", "ids, parents", gatherTree);
  r.add("put_along_axis|put_along_axis_",
        "arr, indices, values, axis, reduce='assign', include_self=True, broadcast=True",
        folded<putAlongAxis>);
  r.add("multiplex", "inputs, index", multiplex);
  r.add("index_select_strided", "x, index, axis=0", indexSelectStrided);
  r.add("view_slice", "input, begin_idx, end_idx", viewSlice);
}
