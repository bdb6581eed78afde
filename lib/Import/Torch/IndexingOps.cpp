//===- IndexingOps.cpp - subscripts, gather, scatter --------------------===//
//
// `x[...]` with ints, slices, None, Ellipsis and integer tensors (advanced
// indexing on one dim, or on adjacent dims) becomes gn.slice + gn.reshape +
// gn.index_select; a boolean mask indexes by the columns of its gn.nonzero
// (a data-dependent size, gn/Support/ShapeGuard.h). `x[...] = v` becomes
// gn.insert_slice (basic indexing), gn.where (a boolean mask and a value
// that broadcasts) or gn.scatter (a mask and one row per true element).
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/IR/SymbolicSizes.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::import;

namespace {


/// Python slice bounds resolved against a dim of size n.
LogicalResult resolveSlice(ImportContext &ctx, const PyValue &s, int64_t n, int64_t &start,
                           int64_t &limit, int64_t &step) {
  auto get = [&](const PyValue &v, int64_t def, int64_t &out) -> LogicalResult {
    if (v.isNone()) {
      out = def;
      return success();
    }
    if (v.kind != PyValue::Int && v.kind != PyValue::Bool)
      return ctx.error("slice bounds must be ints, got " + v.describe());
    out = v.i;
    return success();
  };
  if (failed(get(s.elts[2], 1, step)))
    return failure();
  if (step <= 0)
    return ctx.error("slice step must be positive, got " + llvm::Twine(step));
  if (failed(get(s.elts[0], 0, start)) || failed(get(s.elts[1], n, limit)))
    return failure();
  if (start < 0)
    start += n;
  if (limit < 0)
    limit += n;
  start = std::clamp<int64_t>(start, 0, n);
  limit = std::clamp<int64_t>(limit, 0, n);
  if (limit < start)
    limit = start;
  return success();
}

/// In a symbolic import, the limit of slice `s` over a dim whose size is
/// `dim` (`n` at the example), for every binding. std::nullopt where the
/// slice has no such form: a symbolic start, a negative start on a
/// symbolic dim (starts stay literals), a literal stop past the example's
/// size (min(dim, stop)); applyBasic then pins the dim to the example.
std::optional<SymExpr> symbolicLimit(const PyValue &s, const SymExpr &dim, int64_t n) {
  const PyValue &start = s.elts[0], &stop = s.elts[1];
  bool symbolicDim = !dim.isConstant();
  // The start, from the end where it is negative, must be the same at every
  // binding: x[-s1:] of a dim of size s1 starts at 0.
  if (start.kind == PyValue::Int && (start.isSymbolic() || (symbolicDim && start.i < 0))) {
    std::optional<SymExpr> from =
        start.i < 0 ? SymExpr::add(dim, start.symExpr()) : std::optional<SymExpr>(start.symExpr());
    if (!from || !from->isConstant())
      return std::nullopt;
  }
  if (stop.isNone())
    return dim;
  if (stop.kind != PyValue::Int)
    return std::nullopt;
  if (stop.isSymbolic())
    return stop.i < 0 ? SymExpr::add(dim, *stop.sym) : *stop.sym;
  if (!symbolicDim)
    return SymExpr::constant(std::clamp<int64_t>(stop.i < 0 ? stop.i + n : stop.i, 0, n));
  if (stop.i < 0)
    return SymExpr::add(dim, SymExpr::constant(stop.i));
  if (stop.i == n)
    return dim;
  if (stop.i > n)
    return std::nullopt;
  return SymExpr::constant(stop.i);
}

/// One entry of a subscript, after Ellipsis expansion.
struct IndexItem {
  enum Kind { Full, Slice, Int, NewAxis, Tensor } kind;
  PyValue value;
};

FailureOr<std::vector<IndexItem>> normalizeIndex(ImportContext &ctx, const PyValue &index,
                                                 int64_t rank) {
  std::vector<PyValue> raw = index.kind == PyValue::Tuple ? index.elts
                                                          : std::vector<PyValue>{index};
  int64_t consumed = 0;
  bool hasEllipsis = false;
  for (const PyValue &v : raw) {
    if (v.kind == PyValue::Ellipsis) {
      if (hasEllipsis)
        return ctx.error("an index can only have a single ellipsis");
      hasEllipsis = true;
    } else if (!v.isNone() && v.kind != PyValue::Bool) {
      consumed += v.isTensor() && v.type().getElementType().isInteger(1) ? v.type().getRank() : 1;
    }
  }
  if (consumed > rank)
    return ctx.error("too many indices for a tensor of rank " + llvm::Twine(rank));
  std::vector<IndexItem> items;
  for (const PyValue &v : raw) {
    switch (v.kind) {
    case PyValue::Ellipsis:
      for (int64_t k = 0; k < rank - consumed; ++k)
        items.push_back({IndexItem::Full, {}});
      break;
    case PyValue::None:
      items.push_back({IndexItem::NewAxis, {}});
      break;
    case PyValue::Slice:
      items.push_back({IndexItem::Slice, v});
      break;
    case PyValue::Bool:
      // A Python bool is a 0-d mask (PyTorch, NumPy): True adds a dim of
      // size 1, as None does; False one of size 0.
      if (!v.i)
        return ctx.error("indexing with False (an empty new dim) is not supported");
      items.push_back({IndexItem::NewAxis, {}});
      break;
    case PyValue::Int:
      items.push_back({IndexItem::Int, v});
      break;
    case PyValue::Tensor:
      if (v.type().getElementType().isInteger(1)) {
        // A mask over m dims: the columns of its nonzero() as m index
        // tensors on those dims (PyTorch's own rule), a data-dependent size.
        int64_t m = v.type().getRank();
        if (m == 0)
          return ctx.error("indexing with a 0-d boolean mask is not supported");
        auto columns = nonzeroColumns(ctx, v.tensor);
        if (failed(columns))
          return failure();
        for (const PyValue &col : columns->elts)
          items.push_back({IndexItem::Tensor, col});
        break;
      }
      if (isFloat(v.type().getElementType()))
        return ctx.error("tensors used as indices must be integer tensors");
      items.push_back({IndexItem::Tensor, v});
      break;
    case PyValue::List:
    case PyValue::Tuple: {
      // A list of ints is an index tensor.
      std::vector<double> values;
      for (const PyValue &e : v.elts) {
        if (e.kind != PyValue::Int)
          return ctx.error("list indices must hold ints");
        values.push_back(e.i);
      }
      auto type = RankedTensorType::get({(int64_t)values.size()}, ctx.i64Type());
      llvm::SmallVector<Attribute> attrs;
      for (double d : values)
        attrs.push_back(ctx.builder.getI64IntegerAttr((int64_t)d));
      Value c = gn::ConstantOp::create(ctx.builder, ctx.loc, type,
                                       DenseElementsAttr::get(type, attrs));
      items.push_back({IndexItem::Tensor, PyValue::of(c)});
      break;
    }
    default:
      return ctx.error("unsupported index " + v.describe());
    }
  }
  int64_t used = 0;
  for (auto &it : items)
    used += it.kind != IndexItem::NewAxis;
  for (; used < rank; ++used)
    items.push_back({IndexItem::Full, {}});
  return items;
}

/// Applies the basic part of an index: slices, ints, None. Returns the new
/// tensor and, for each tensor index, the result dim it now refers to.
FailureOr<Value> applyBasic(ImportContext &ctx, Value x, const std::vector<IndexItem> &items,
                            std::vector<std::pair<int64_t, Value>> &tensorDims) {
  // A symbolic import: the dims an index cannot follow (a slice from the
  // end, an index from the end) are pinned to the example by a guard.
  if (ctx.symbolic && hasSymbolicDims(x.getType())) {
    llvm::SmallVector<SymExpr> dims = dimExprs(typeOf(x));
    llvm::SmallVector<int64_t> pinned;
    int64_t d = 0;
    for (const IndexItem &it : items) {
      if (it.kind == IndexItem::NewAxis)
        continue;
      bool pin = !dims[d].isConstant() &&
                 ((it.kind == IndexItem::Int && it.value.i < 0) ||
                  (it.kind == IndexItem::Slice &&
                   !symbolicLimit(it.value, dims[d], typeOf(x).getDimSize(d))));
      if (pin)
        pinned.push_back(d);
      ++d;
    }
    if (!pinned.empty()) {
      auto g = ctx.guard(x, pinned);
      if (failed(g))
        return failure();
      x = *g;
    }
  }
  auto type = typeOf(x);
  int64_t rank = type.getRank();
  llvm::SmallVector<int64_t> starts(rank, 0), limits(type.getShape()), steps(rank, 1);
  llvm::SmallVector<int64_t> outShape;
  // A symbolic import: each size for every binding of the shape symbols.
  llvm::SmallVector<SymExpr> dims = dimExprs(type), limitExprs(dims), outExprs;
  int64_t d = 0;
  bool sliced = false;
  for (const IndexItem &it : items) {
    switch (it.kind) {
    case IndexItem::NewAxis:
      outShape.push_back(1);
      outExprs.push_back(SymExpr::constant(1));
      continue;
    case IndexItem::Full:
      outShape.push_back(type.getDimSize(d));
      outExprs.push_back(dims[d]);
      break;
    case IndexItem::Tensor:
      tensorDims.push_back({(int64_t)outShape.size(), it.value.tensor});
      outShape.push_back(type.getDimSize(d));
      outExprs.push_back(dims[d]);
      break;
    case IndexItem::Slice: {
      if (failed(resolveSlice(ctx, it.value, type.getDimSize(d), starts[d], limits[d], steps[d])))
        return failure();
      int64_t extent = limits[d] - starts[d];
      outShape.push_back(extent <= 0 ? 0 : (extent - 1) / steps[d] + 1);
      sliced |= starts[d] != 0 || limits[d] != type.getDimSize(d) || steps[d] != 1;
      if (!ctx.symbolic) {
        outExprs.push_back(SymExpr::constant(outShape.back()));
        break;
      }
      std::optional<SymExpr> limit = symbolicLimit(it.value, dims[d], type.getDimSize(d));
      if (!limit) {
        // A symbolic bound over a static dim (a rewritten `-size` start):
        // the bounds are pinned to the example (a symbolic dim was pinned
        // above).
        for (const PyValue &bound : it.value.elts)
          if (failed(ctx.pinned(bound, "a slice over a dim of size " + dims[d].str())))
            return failure();
        limit = SymExpr::constant(limits[d]);
      }
      std::string why;
      std::optional<SymExpr> size =
          sym::sliceSize(SymExpr::constant(starts[d]), *limit, steps[d], why);
      if (!size)
        return ctx.error("slice over a dim of size " + dims[d].str() + ": " + why);
      limitExprs[d] = *limit;
      outExprs.push_back(*size);
      sliced |= *limit != dims[d];
      break;
    }
    case IndexItem::Int: {
      int64_t n = type.getDimSize(d), i = it.value.i < 0 ? it.value.i + n : it.value.i;
      if (i < 0 || i >= n)
        return ctx.error("index " + llvm::Twine(it.value.i) + " is out of bounds for dim " +
                         llvm::Twine(d) + " with size " + llvm::Twine(n));
      starts[d] = i;
      limits[d] = i + 1;
      limitExprs[d] = SymExpr::constant(i + 1);
      sliced = true;
      break;
    }
    }
    ++d;
  }
  Value v = x;
  if (sliced) {
    llvm::SmallVector<NamedAttribute> attrs{ctx.ints("starts", starts),
                                            ctx.ints("limits", limits), ctx.ints("steps", steps)};
    if (Attribute symLimits = ctx.dimsAttr(limitExprs))
      attrs.push_back(ctx.attr("sym_limits", symLimits));
    auto s = ctx.build<gn::SliceOp>({v}, attrs);
    if (failed(s))
      return failure();
    v = *s;
  }
  return ctx.reshape(v, outShape, outExprs);
}

} // namespace

FailureOr<PyValue> mlir::gn::import::indexTensor(ImportContext &ctx, const PyValue &base,
                                           const PyValue &index) {
  Value x = base.tensor;
  auto items = normalizeIndex(ctx, index, typeOf(x).getRank());
  if (failed(items))
    return failure();
  std::vector<std::pair<int64_t, Value>> tensorDims;
  auto v = applyBasic(ctx, x, *items, tensorDims);
  if (failed(v))
    return failure();
  if (tensorDims.empty())
    return PyValue::of(*v);
  Value cur = *v;
  if (tensorDims.size() == 1)
    return wrap(ctx.build<gn::IndexSelectOp>({cur, tensorDims[0].second},
                                             {ctx.i64("dim", tensorDims[0].first)}));
  // Index tensors on dims a slice separates: their result dims go first (as
  // PyTorch orders them), so the indexed dims move to the front first.
  bool adjacent = true;
  for (size_t k = 1; k < tensorDims.size(); ++k)
    adjacent &= tensorDims[k].first == tensorDims[k - 1].first + 1;
  if (!adjacent) {
    int64_t rank = typeOf(cur).getRank();
    llvm::SmallVector<int64_t> perm;
    for (auto &[dim, idx] : tensorDims)
      perm.push_back(dim);
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(perm, d))
        perm.push_back(d);
    auto moved = ctx.build<gn::TransposeOp>({cur}, {ctx.ints("permutation", perm)});
    if (failed(moved))
      return failure();
    cur = *moved;
    for (size_t k = 0; k < tensorDims.size(); ++k)
      tensorDims[k].first = k;
  }
  // Several index tensors on adjacent dims: merge the dims, linearize.
  auto type = typeOf(cur);
  int64_t first = tensorDims.front().first, last = tensorDims.back().first;
  PyValue linear = PyValue::integer(0);
  for (auto &[dim, idx] : tensorDims) {
    int64_t n = type.getDimSize(dim);
    auto i64 = ctx.convert(idx, ctx.i64Type());
    if (failed(i64))
      return failure();
    // Negative indices count from the end; one past its dim fails the run
    // (the linear index could land inside the merged dims).
    auto position = ctx.checkedPosition(*i64, n, /*wrapNegative=*/true);
    if (failed(position))
      return failure();
    auto scaled = ctx.binary<gn::MulOp>(linear, PyValue::integer(n));
    if (failed(scaled))
      return failure();
    auto sum = ctx.binary<gn::AddOp>(*scaled, PyValue::of(*position));
    if (failed(sum))
      return failure();
    linear = *sum;
  }
  llvm::SmallVector<int64_t> merged(type.getShape().take_front(first));
  int64_t n = 1;
  for (int64_t d = first; d <= last; ++d)
    n *= type.getDimSize(d);
  merged.push_back(n);
  llvm::append_range(merged, type.getShape().drop_front(last + 1));
  auto flat = ctx.reshape(cur, merged);
  if (failed(flat))
    return failure();
  return wrap(ctx.build<gn::IndexSelectOp>({*flat, linear.tensor}, {ctx.i64("dim", first)}));
}

/// x[mask] = v, `mask` (i1) over x's leading m dims. A value that
/// broadcasts to x's remaining dims (a scalar, a row) is where(mask, v, x);
/// one row per true element (count, remaining dims...) is scattered into
/// the rows of the mask's nonzero() (a data-dependent size).
static FailureOr<PyValue> setByMask(ImportContext &ctx, Value x, Value mask,
                                    const PyValue &value) {
  auto type = typeOf(x);
  auto maskType = typeOf(mask);
  int64_t rank = type.getRank(), m = maskType.getRank();
  if (m > rank || maskType.getShape() != type.getShape().take_front(m))
    return ctx.error("the mask's shape does not match the leading dims of the tensor");
  auto v = ctx.asTensor(value, type.getElementType());
  if (failed(v))
    return failure();
  llvm::ArrayRef<int64_t> rest = type.getShape().drop_front(m);
  llvm::SmallVector<int64_t> vShape(typeOf(*v).getShape());
  while (!vShape.empty() && vShape.front() == 1 && vShape.size() > rest.size())
    vShape.erase(vShape.begin());
  auto joint = gn::broadcastShapes(vShape, rest);
  if (joint && *joint == llvm::SmallVector<int64_t>(rest)) {
    llvm::SmallVector<int64_t> maskShape(maskType.getShape());
    maskShape.append(rank - m, 1);
    auto expanded = ctx.reshape(mask, maskShape);
    if (failed(expanded))
      return failure();
    return wrap(ctx.build<gn::WhereOp>({*expanded, *v, x}));
  }
  // One row per true element: scatter them into the flattened rows.
  int64_t lead = maskType.getNumElements();
  auto flatMask = ctx.reshape(mask, {lead});
  if (failed(flatMask))
    return failure();
  auto at = ctx.nonzero(*flatMask);
  if (failed(at))
    return failure();
  int64_t count = typeOf(*at).getDimSize(0);
  llvm::SmallVector<int64_t> rows{count}, flatShape{lead}, idxShape{count};
  rows.append(rest.begin(), rest.end());
  flatShape.append(rest.begin(), rest.end());
  idxShape.append(rest.size(), 1);
  auto src = ctx.reshape(*v, rows);
  if (failed(src))
    return ctx.error("the assigned value's shape does not match the " + llvm::Twine(count) +
                     " selected rows");
  auto idx = ctx.reshape(*at, idxShape);
  auto flatX = ctx.reshape(x, flatShape);
  if (failed(idx) || failed(flatX))
    return failure();
  auto index = ctx.build<gn::BroadcastToOp>({*idx}, {ctx.ints("shape", rows)});
  if (failed(index))
    return failure();
  auto r = ctx.build<gn::ScatterOp>({*src, *flatX, *index}, {ctx.i64("dim", 0)});
  if (failed(r))
    return failure();
  return wrap(ctx.reshape(*r, type.getShape()));
}

FailureOr<PyValue> mlir::gn::import::nonzeroColumns(ImportContext &ctx, Value x) {
  int64_t rank = typeOf(x).getRank();
  if (rank == 0)
    return ctx.error("the nonzero indices of a 0-d tensor as a tuple are not supported");
  auto at = ctx.nonzero(x);
  if (failed(at))
    return failure();
  int64_t count = typeOf(*at).getDimSize(0);
  std::vector<PyValue> columns;
  for (int64_t k = 0; k < rank; ++k) {
    auto col = ctx.build<gn::SliceOp>({*at}, {ctx.ints("starts", {0, k}),
                                              ctx.ints("limits", {count, k + 1}),
                                              ctx.ints("steps", {1, 1})});
    if (failed(col))
      return failure();
    auto flat = ctx.reshape(*col, {count});
    if (failed(flat))
      return failure();
    columns.push_back(PyValue::of(*flat));
  }
  return PyValue::tuple(std::move(columns));
}

FailureOr<PyValue> mlir::gn::import::setIndexTensor(ImportContext &ctx, const PyValue &base,
                                              const PyValue &index, const PyValue &value) {
  Value x = base.tensor;
  auto type = typeOf(x);
  if (index.isTensor() && index.type().getElementType().isInteger(1))
    return setByMask(ctx, x, index.tensor, value);
  auto items = normalizeIndex(ctx, index, type.getRank());
  if (failed(items))
    return failure();
  int64_t rank = type.getRank();
  llvm::SmallVector<int64_t> starts(rank, 0), limits(type.getShape()), steps(rank, 1);
  int64_t d = 0;
  for (const IndexItem &it : *items) {
    if (it.kind == IndexItem::NewAxis)
      continue;
    if (it.kind == IndexItem::Tensor)
      return setThroughPositions(ctx, x, index, value, /*accumulate=*/false);
    if (it.kind == IndexItem::Slice &&
        failed(resolveSlice(ctx, it.value, type.getDimSize(d), starts[d], limits[d], steps[d])))
      return failure();
    if (it.kind == IndexItem::Int) {
      int64_t n = type.getDimSize(d), i = it.value.i < 0 ? it.value.i + n : it.value.i;
      if (i < 0 || i >= n)
        return ctx.error("index " + llvm::Twine(it.value.i) + " is out of bounds for size " +
                         llvm::Twine(n));
      starts[d] = i;
      limits[d] = i + 1;
    }
    ++d;
  }
  llvm::SmallVector<int64_t> region;
  for (int64_t k = 0; k < rank; ++k) {
    int64_t extent = limits[k] - starts[k];
    region.push_back(extent <= 0 ? 0 : (extent - 1) / steps[k] + 1);
  }
  auto v = ctx.asTensor(value, type.getElementType());
  if (failed(v))
    return failure();
  // The value broadcasts to the region (ints keep a size-1 dim there).
  Value src = *v;
  auto srcType = typeOf(src);
  if (srcType.getShape() != llvm::ArrayRef<int64_t>(region)) {
    // Drop leading 1s beyond the region's rank, then broadcast.
    llvm::SmallVector<int64_t> s(srcType.getShape());
    while ((int64_t)s.size() > rank && s.front() == 1)
      s.erase(s.begin());
    // Int-indexed dims are absent from the value: re-insert them.
    llvm::SmallVector<int64_t> full;
    int64_t fromValue = (int64_t)s.size();
    int64_t kept = 0;
    for (const IndexItem &it : *items)
      if (it.kind != IndexItem::NewAxis && it.kind != IndexItem::Int)
        ++kept;
    if (fromValue <= kept) {
      // Align the value's dims to the trailing non-int dims.
      llvm::SmallVector<int64_t> aligned;
      int64_t skip = kept - fromValue, seen = 0, vi = 0, dd = 0;
      for (const IndexItem &it : *items) {
        if (it.kind == IndexItem::NewAxis)
          continue;
        if (it.kind == IndexItem::Int) {
          aligned.push_back(1);
        } else {
          aligned.push_back(seen++ < skip ? 1 : s[vi++]);
        }
        ++dd;
      }
      s = aligned;
    }
    auto r = ctx.reshape(src, s);
    if (failed(r))
      return failure();
    auto b = ctx.build<gn::BroadcastToOp>({*r}, {ctx.ints("shape", region)});
    if (failed(b))
      return failure();
    src = *b;
  }
  return wrap(ctx.build<gn::InsertSliceOp>({src, x}, {ctx.ints("starts", starts),
                                                      ctx.ints("limits", limits),
                                                      ctx.ints("steps", steps)}));
}

namespace {

FailureOr<PyValue> indexSelect(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), idx = a.tensor("index");
  auto d = a.integer("dim");
  if (failed(x) || failed(idx) || failed(d))
    return failure();
  auto dim = ctx.dim(*d, typeOf(*x).getRank());
  if (failed(dim))
    return failure();
  // A negative index fails the run, as PyTorch raises (x[i] counts it from
  // the end).
  return wrap(ctx.build<gn::IndexSelectOp>({*x, *idx}, {ctx.i64("dim", *dim),
                                                        ctx.flag("wrap_negative", false)}));
}

FailureOr<PyValue> gather(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), idx = a.tensor("index");
  auto d = a.integer("dim");
  if (failed(x) || failed(idx) || failed(d))
    return failure();
  auto dim = ctx.dim(*d, typeOf(*x).getRank());
  if (failed(dim))
    return failure();
  return wrap(ctx.build<gn::GatherOp>({*x, *idx}, {ctx.i64("dim", *dim),
                                                   ctx.flag("wrap_negative", false)}));
}

FailureOr<PyValue> scatter(ImportContext &ctx, Args &a, llvm::StringRef reduce) {
  auto x = a.tensor("input"), idx = a.tensor("index");
  auto d = a.integer("dim");
  if (failed(x) || failed(idx) || failed(d))
    return failure();
  auto type = typeOf(*x);
  auto dim = ctx.dim(*d, type.getRank());
  if (failed(dim))
    return failure();
  std::string mode = reduce.str();
  bool includeSelf = true;
  if (reduce == "from_arg") {
    auto r = a.string("reduce");
    if (failed(r))
      return failure();
    mode = *r == "sum" ? "add" : *r == "prod" ? "mul" : *r;
    auto inc = a.get("include_self");
    includeSelf = inc.isNone() || inc.i;
  }
  const PyValue &src = a.get("src");
  Value source;
  if (src.isTensor()) {
    auto c = ctx.convert(src.tensor, type.getElementType());
    if (failed(c))
      return failure();
    source = *c;
  } else if (src.isNumber()) {
    source = ctx.splat(type.getElementType(), src.asDouble(), typeOf(*idx).getShape());
  } else {
    return a.error("src must be a tensor or a number");
  }
  return wrap(ctx.build<gn::ScatterOp>({source, *x, *idx},
                                       {ctx.i64("dim", *dim), ctx.str("reduce", mode),
                                        ctx.flag("include_self", includeSelf),
                                        ctx.flag("wrap_negative", false)}));
}

/// aten.index(x, [i0, i1, ...]) with None entries for untouched dims.
FailureOr<PyValue> atenIndex(ImportContext &ctx, Args &a) {
  const PyValue &indices = a.get("indices");
  if (!indices.isSequence())
    return a.error("indices must be a list");
  PyValue tuple = indices;
  tuple.kind = PyValue::Tuple;
  for (PyValue &e : tuple.elts)
    if (e.isNone()) {
      e.kind = PyValue::Slice;
      e.elts = {PyValue::none(), PyValue::none(), PyValue::none()};
    }
  return indexTensor(ctx, a.get("input"), tuple);
}

/// nonzero(input, as_tuple=False): (count, rank) indices of the nonzero
/// elements, or with as_tuple one (count) tensor per dim; argwhere too.
FailureOr<PyValue> nonzero(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  FailureOr<bool> asTuple = a.has("as_tuple") ? a.boolean("as_tuple") : false;
  if (failed(asTuple))
    return failure();
  if (*asTuple)
    return nonzeroColumns(ctx, *x);
  return wrap(ctx.nonzero(*x));
}

/// nonzero_static(input, *, size, fill_value=-1): nonzero's (count, rank)
/// indices in a static [size, rank]: the first `size` of them, rows past
/// the count holding fill_value. Static, so no data-dependent site: each
/// nonzero element's row is its rank among them (a cumsum), and the rows
/// are scattered into size + 1 rows, the last catching those past `size`.
FailureOr<PyValue> nonzeroStatic(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto size = a.integer("size"), fill = a.integer("fill_value");
  if (failed(x) || failed(size) || failed(fill))
    return failure();
  if (*size < 0)
    return a.error("size must be non-negative, got " + llvm::Twine(*size));
  auto type = typeOf(*x);
  int64_t n = type.getNumElements(), rank = type.getRank();
  Type i64 = ctx.i64Type();
  Chain c{ctx};
  Value rows = ctx.splat(i64, double(*fill), {*size + 1, rank});
  if (n > 0 && rank > 0) {
    Value flat = c.reshape(*x, {n});
    Value isSet = c.op<gn::NeOp>({flat, ctx.splat(type.getElementType(), 0)});
    Value set = c.convert(isSet, i64);
    Value rankAmong = c.op<gn::SubOp>({c.op<gn::CumSumOp>({set}, {ctx.i64("dim", 0)}),
                                       ctx.splat(i64, 1)});
    Value fits = c.op<gn::AndOp>({isSet, c.op<gn::LtOp>({rankAmong, ctx.splat(i64, double(*size))})});
    Value row = c.op<gn::WhereOp>({fits, rankAmong, ctx.splat(i64, double(*size))});
    // Each element's coordinates: (linear / stride) mod extent per dim.
    Value linear = c.reshape(c.arange(n, i64), {n, 1});
    llvm::SmallVector<Value> coords;
    int64_t stride = n;
    for (int64_t d = 0; d < rank; ++d) {
      stride /= std::max<int64_t>(type.getDimSize(d), 1);
      Value q = c.op<gn::FloorDivOp>({linear, ctx.splat(i64, double(stride))});
      coords.push_back(c.op<gn::RemOp>({q, ctx.splat(i64, double(type.getDimSize(d)))}));
    }
    Value table = rank == 1 ? coords[0] : c.op<gn::ConcatOp>(coords, {ctx.i64("dim", 1)});
    Value at = c.op<gn::BroadcastToOp>({c.reshape(row, {n, 1})}, {ctx.ints("shape", {n, rank})});
    rows = c.op<gn::ScatterOp>({table, rows, at}, {ctx.i64("dim", 0), ctx.str("reduce", "none")});
  }
  Value out = c.slice(rows, 0, 0, *size);
  if (!c.ok())
    return failure();
  return PyValue::of(out);
}

/// masked_select(input, mask): the elements where the mask (both
/// broadcast to one shape) is true, row-major, as a 1-d tensor.
FailureOr<PyValue> maskedSelect(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), mask = a.tensor("mask");
  if (failed(x) || failed(mask))
    return failure();
  return wrap(ctx.maskedSelect(*x, *mask));
}

/// take_along_dim(input, indices, dim): input and indices broadcast against
/// each other except along dim; without dim, both flattened.
FailureOr<PyValue> takeAlongDim(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), idx = a.tensor("indices");
  if (failed(x) || failed(idx))
    return failure();
  if (!a.has("dim")) {
    auto flatX = ctx.reshape(*x, {typeOf(*x).getNumElements()});
    auto flatI = ctx.reshape(*idx, {typeOf(*idx).getNumElements()});
    if (failed(flatX) || failed(flatI))
      return failure();
    return wrap(ctx.takeAlongAxis(*flatX, *flatI, 0, /*broadcast=*/true));
  }
  auto d = a.integer("dim");
  if (failed(d))
    return failure();
  auto dim = ctx.dim(*d, typeOf(*x).getRank());
  if (failed(dim))
    return failure();
  return wrap(ctx.takeAlongAxis(*x, *idx, *dim, /*broadcast=*/true));
}

} // namespace

void mlir::gn::import::registerIndexingOps(OpRegistry &r) {
  r.add("nonzero", "input, *, out=None, as_tuple=False", nonzero);
  r.add("argwhere", "input", nonzero);
  r.add("nonzero_static", "input, *, size, fill_value=-1", nonzeroStatic);
  r.add("masked_select", "input, mask, *, out=None", maskedSelect);
  r.add("index_select", "input, dim, index", indexSelect);
  r.add("gather", "input, dim, index, *, sparse_grad=False", gather);
  r.add("take_along_dim", "input, indices, dim=None, *, out=None", takeAlongDim);
  r.add("scatter", "input, dim, index, src=None, *, value=None, reduce=None",
        [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
          if (a.has("value"))
            for (auto &[n, v] : a.bound)
              if (n == "src")
                v = a.get("value");
          // reduce="add" / "multiply": accumulate into input (torch's older API).
          if (!a.has("reduce"))
            return scatter(ctx, a, "none");
          auto r = a.string("reduce");
          if (failed(r))
            return failure();
          if (*r != "add" && *r != "multiply")
            return a.error("reduce must be 'add' or 'multiply', got '" + *r + "'");
          return scatter(ctx, a, *r == "add" ? "add" : "mul");
        });
  r.add("scatter_add", "input, dim, index, src",
        [](ImportContext &ctx, Args &a) { return scatter(ctx, a, "add"); });
  r.add("scatter_reduce", "input, dim, index, src, reduce, *, include_self=True",
        [](ImportContext &ctx, Args &a) { return scatter(ctx, a, "from_arg"); });
  r.add("index|Tensor.__getitem__", "input, indices", atenIndex);
}

FailureOr<PyValue> mlir::gn::import::setThroughPositions(ImportContext &ctx, Value x,
                                                         const PyValue &index,
                                                         const PyValue &value, bool accumulate) {
  auto type = typeOf(x);
  int64_t n = type.getNumElements();
  Type i64 = ctx.i64Type();
  auto iota = ctx.build<gn::ArangeOp>({}, {ctx.f64("start", 0), ctx.f64("step", 1),
                                           ctx.i64("size", n),
                                           ctx.attr("dtype", TypeAttr::get(i64))});
  if (failed(iota))
    return failure();
  auto positions = ctx.reshape(*iota, type.getShape());
  if (failed(positions))
    return failure();
  auto read = indexTensor(ctx, PyValue::of(*positions), index);
  if (failed(read))
    return failure();
  if (!read->isTensor())
    return ctx.error("the subscript of an assignment must select a tensor");
  auto pt = read->type();
  int64_t m = pt.getNumElements();
  auto v = ctx.asTensor(value, type.getElementType());
  if (failed(v))
    return failure();
  auto src = ctx.broadcastTo(*v, pt.getShape());
  if (failed(src))
    return failure();
  auto flatSrc = ctx.reshape(*src, {m}), flatPos = ctx.reshape(read->tensor, {m}),
       flatX = ctx.reshape(x, {n});
  if (failed(flatSrc) || failed(flatPos) || failed(flatX))
    return failure();
  auto r = ctx.build<gn::ScatterOp>({*flatSrc, *flatX, *flatPos},
                                    {ctx.i64("dim", 0),
                                     ctx.str("reduce", accumulate ? "add" : "none")});
  if (failed(r))
    return failure();
  return wrap(ctx.reshape(*r, type.getShape()));
}
