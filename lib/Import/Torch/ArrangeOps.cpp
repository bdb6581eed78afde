//===- ArrangeOps.cpp - torch's stacking, splitting and rearranging forms ---===//
//
// hstack, vstack, dstack, column_stack, atleast_1d/2d/3d, hsplit, vsplit,
// dsplit, rot90, diagonal, diag_embed, block_diag, tril_indices, triu_indices,
// channel_shuffle and pixel_unshuffle: reshapes, concats, flips and
// transposes of gn (the general forms are in ShapeOps.cpp).
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/TensorAlgebra.h"

using namespace mlir;
using namespace mlir::gn::import;

namespace {

/// The tensors of a `*tensors` call, or of its single list argument.
FailureOr<std::vector<Value>> tensorsOf(Args &a) {
  std::vector<PyValue> items = a.rest();
  if (items.size() == 1 && items[0].isSequence())
    items = items[0].elts;
  std::vector<Value> out;
  for (const PyValue &v : items) {
    if (!v.isTensor())
      return a.error("expects tensors, got " + v.describe());
    out.push_back(v.tensor);
  }
  if (out.empty())
    return a.error("expects at least one tensor");
  return out;
}

/// `v` with at least `rank` dims, as torch.atleast_{1,2,3}d pads them:
/// 0-d -> [1]*, 1-d [n] -> [1, n] (3-d: [1, n, 1]), 2-d [m, n] -> [m, n, 1].
FailureOr<Value> atLeast(ImportContext &ctx, Value v, int64_t rank) {
  auto shape = typeOf(v).getShape();
  if ((int64_t)shape.size() >= rank)
    return v;
  llvm::SmallVector<int64_t> s;
  if (shape.empty())
    s.assign(rank, 1);
  else if (shape.size() == 1)
    s = rank == 2 ? llvm::SmallVector<int64_t>{1, shape[0]}
                  : llvm::SmallVector<int64_t>{1, shape[0], 1};
  else
    s = {shape[0], shape[1], 1};
  return ctx.reshape(v, s);
}

template <int Rank> FailureOr<PyValue> atLeastNd(ImportContext &ctx, Args &a) {
  auto list = tensorsOf(a);
  if (failed(list))
    return failure();
  std::vector<PyValue> out;
  for (Value v : *list) {
    auto r = atLeast(ctx, v, Rank);
    if (failed(r))
      return failure();
    out.push_back(PyValue::of(*r));
  }
  bool single = a.rest().size() == 1 && a.rest()[0].isTensor();
  return single ? out[0] : PyValue::tuple(out);
}

/// Concatenation of the tensors brought to `rank` dims along `dim`
/// (hstack: dim 0 when every tensor is 1-d).
FailureOr<PyValue> stackAlong(ImportContext &ctx, Args &a, int64_t rank, int64_t dim) {
  auto list = a.tensors("tensors");
  if (failed(list))
    return failure();
  if (list->empty())
    return a.error("expects a non-empty list of tensors");
  std::vector<Value> parts;
  bool allVectors = true;
  for (Value v : *list) {
    auto r = atLeast(ctx, v, rank);
    if (failed(r))
      return failure();
    allVectors &= typeOf(*r).getRank() == 1;
    parts.push_back(*r);
  }
  if (dim == 1 && rank == 1 && allVectors)
    dim = 0;
  auto promoted = promoteAll(ctx, parts);
  if (failed(promoted))
    return failure();
  return wrap(ctx.build<gn::ConcatOp>(*promoted, {ctx.i64("dim", dim)}));
}

/// column_stack: 0-d and 1-d tensors become columns [n, 1].
FailureOr<PyValue> columnStack(ImportContext &ctx, Args &a) {
  auto list = a.tensors("tensors");
  if (failed(list))
    return failure();
  if (list->empty())
    return a.error("expects a non-empty list of tensors");
  std::vector<Value> parts;
  for (Value v : *list) {
    int64_t rank = typeOf(v).getRank();
    auto r = rank >= 2 ? FailureOr<Value>(v)
                       : ctx.reshape(v, {rank == 0 ? 1 : typeOf(v).getDimSize(0), 1});
    if (failed(r))
      return failure();
    parts.push_back(*r);
  }
  auto promoted = promoteAll(ctx, parts);
  if (failed(promoted))
    return failure();
  return wrap(ctx.build<gn::ConcatOp>(*promoted, {ctx.i64("dim", 1)}));
}

/// hsplit (dim 1, or 0 for 1-d), vsplit (0), dsplit (2): an int of equal
/// sections (which must divide the dim) or a list of split indices.
FailureOr<PyValue> splitForm(ImportContext &ctx, Args &a, int64_t dim, int64_t minRank) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  if (rank < minRank)
    return a.error("expects at least " + llvm::Twine(minRank) + " dims, got " +
                   llvm::Twine(rank));
  if (dim == 1 && rank == 1)
    dim = 0;
  int64_t n = typeOf(*x).getDimSize(dim);
  const PyValue &s = a.get("indices_or_sections");
  llvm::SmallVector<int64_t> sizes;
  if (s.kind == PyValue::Int) {
    if (s.i <= 0 || n % s.i != 0)
      return a.error("the dim's size " + llvm::Twine(n) + " does not divide into " +
                     llvm::Twine(s.i) + " equal sections");
    sizes.assign(s.i, n / s.i);
  } else {
    auto idx = a.ints("indices_or_sections");
    if (failed(idx))
      return failure();
    sizes = sizesBetween(*idx, n);
  }
  return splitBySizes(ctx, *x, dim, sizes);
}

/// rot90(x, k, dims): k quarter turns from dims[0] towards dims[1].
FailureOr<PyValue> rot90(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto k = a.integer("k");
  auto dims = a.has("dims") ? a.ints("dims")
                            : FailureOr<llvm::SmallVector<int64_t>>(llvm::SmallVector<int64_t>{0, 1});
  if (failed(x) || failed(k) || failed(dims))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  if (dims->size() != 2 || rank < 2)
    return a.error("expects two dims of a tensor of at least 2 dims");
  auto d0 = ctx.dim((*dims)[0], rank), d1 = ctx.dim((*dims)[1], rank);
  if (failed(d0) || failed(d1))
    return failure();
  if (*d0 == *d1)
    return a.error("the two dims must differ");
  int64_t turns = ((*k % 4) + 4) % 4;
  Chain c{ctx};
  llvm::SmallVector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d)
    perm.push_back(d);
  std::swap(perm[*d0], perm[*d1]);
  auto flip = [&](Value v, llvm::ArrayRef<int64_t> ds) {
    return c.op<gn::FlipOp>({v}, {ctx.ints("dims", ds)});
  };
  Value r = turns == 0   ? *x
            : turns == 1 ? c.transpose(flip(*x, {*d1}), perm)
            : turns == 2 ? flip(*x, {*d0, *d1})
                         : c.transpose(flip(*x, {*d0}), perm);
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// diag_embed(x, offset, dim1, dim2): x's last dim on a diagonal of two new
/// dims of size n + |offset|.
FailureOr<PyValue> diagEmbed(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto off = a.integer("offset"), a1 = a.integer("dim1"), a2 = a.integer("dim2");
  if (failed(x) || failed(off) || failed(a1) || failed(a2))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() < 1)
    return a.error("expects at least one dim");
  int64_t rank = type.getRank() + 1;
  auto d1 = ctx.dim(*a1, rank), d2 = ctx.dim(*a2, rank);
  if (failed(d1) || failed(d2))
    return failure();
  if (*d1 == *d2)
    return a.error("dim1 and dim2 must differ");
  return wrap(algebra::diagEmbed(ctx, *x, *off, *d1, *d2));
}

/// diagonal(input, offset, dim1, dim2): that diagonal as the last dim.
FailureOr<PyValue> diagonal(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto off = a.integer("offset"), a1 = a.integer("dim1"), a2 = a.integer("dim2");
  if (failed(x) || failed(off) || failed(a1) || failed(a2))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  auto d1 = ctx.dim(*a1, rank), d2 = ctx.dim(*a2, rank);
  if (failed(d1) || failed(d2))
    return failure();
  return wrap(algebra::diagonal(ctx, *x, *off, *d1, *d2));
}

/// block_diag(*tensors): each (0-d -> [1, 1], 1-d -> [1, n]) on the
/// diagonal of a zero matrix.
FailureOr<PyValue> blockDiag(ImportContext &ctx, Args &a) {
  auto list = tensorsOf(a);
  if (failed(list))
    return failure();
  std::vector<Value> blocks;
  for (Value v : *list) {
    int64_t rank = typeOf(v).getRank();
    if (rank > 2)
      return a.error("expects tensors of at most 2 dims");
    auto r = rank == 2 ? FailureOr<Value>(v)
                       : ctx.reshape(v, {1, rank == 0 ? 1 : typeOf(v).getDimSize(0)});
    if (failed(r))
      return failure();
    blocks.push_back(*r);
  }
  auto promoted = promoteAll(ctx, blocks);
  if (failed(promoted))
    return failure();
  Type e = typeOf((*promoted)[0]).getElementType();
  int64_t total = 0;
  for (Value b : *promoted)
    total += typeOf(b).getDimSize(1);
  Chain c{ctx};
  std::vector<Value> rows;
  int64_t left = 0;
  for (Value b : *promoted) {
    int64_t r = typeOf(b).getDimSize(0), w = typeOf(b).getDimSize(1);
    std::vector<Value> pieces;
    if (left > 0)
      pieces.push_back(ctx.splat(e, 0, {r, left}));
    pieces.push_back(b);
    if (total - left - w > 0)
      pieces.push_back(ctx.splat(e, 0, {r, total - left - w}));
    rows.push_back(pieces.size() == 1 ? b : c.op<gn::ConcatOp>(pieces, {ctx.i64("dim", 1)}));
    left += w;
  }
  Value out = rows.size() == 1 ? rows[0] : c.op<gn::ConcatOp>(rows, {ctx.i64("dim", 0)});
  if (!c.ok())
    return failure();
  return PyValue::of(out);
}

/// tril_indices / triu_indices(row, col, offset): the [2, N] coordinates of
/// the lower (upper) triangle, row by row.
template <bool Upper> FailureOr<PyValue> triangleIndices(ImportContext &ctx, Args &a) {
  auto rows = a.integer("row"), cols = a.integer("col"), off = a.integer("offset");
  auto dt = a.dtype("dtype");
  if (failed(rows) || failed(cols) || failed(off) || failed(dt))
    return failure();
  return wrap(algebra::triangleIndices(ctx, *rows, *cols, *off, Upper,
                                       dt->value_or(ctx.i64Type())));
}

/// channel_shuffle(x [N, C, ...], groups).
FailureOr<PyValue> channelShuffle(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto g = a.integer("groups");
  if (failed(x) || failed(g))
    return failure();
  return wrap(algebra::channelShuffle(ctx, *x, *g));
}

/// pixel_unshuffle(x [N, C, H*r, W*r], r) -> [N, C*r*r, H, W].
FailureOr<PyValue> pixelUnshuffle(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto f = a.integer("downscale_factor");
  if (failed(x) || failed(f))
    return failure();
  return wrap(algebra::pixelUnshuffle(ctx, *x, *f));
}

} // namespace

void mlir::gn::import::registerArrangeOps(OpRegistry &r) {
  r.add("hstack", "tensors", [](ImportContext &ctx, Args &a) { return stackAlong(ctx, a, 1, 1); });
  r.add("vstack|row_stack", "tensors",
        [](ImportContext &ctx, Args &a) { return stackAlong(ctx, a, 2, 0); });
  r.add("dstack", "tensors", [](ImportContext &ctx, Args &a) { return stackAlong(ctx, a, 3, 2); });
  r.add("column_stack", "tensors", columnStack);
  r.add("atleast_1d", "*tensors", atLeastNd<1>);
  r.add("atleast_2d", "*tensors", atLeastNd<2>);
  r.add("atleast_3d", "*tensors", atLeastNd<3>);
  r.add("hsplit", "input, indices_or_sections",
        [](ImportContext &ctx, Args &a) { return splitForm(ctx, a, 1, 1); });
  r.add("vsplit", "input, indices_or_sections",
        [](ImportContext &ctx, Args &a) { return splitForm(ctx, a, 0, 2); });
  r.add("dsplit", "input, indices_or_sections",
        [](ImportContext &ctx, Args &a) { return splitForm(ctx, a, 2, 3); });
  r.add("rot90", "input, k=1, dims=None", rot90);
  r.add("diag_embed", "input, offset=0, dim1=-2, dim2=-1", diagEmbed);
  r.add("block_diag", "*tensors", blockDiag);
  r.add("diagonal|diagonal_copy", "input, offset=0, dim1=0, dim2=1", diagonal);
  r.add("torch.linalg.diagonal|linalg_diagonal", "input, *, offset=0, dim1=-2, dim2=-1", diagonal);
  r.add("tril_indices", "row, col, offset=0, *, dtype=None, device=None, layout=None",
        triangleIndices<false>);
  r.add("triu_indices", "row, col, offset=0, *, dtype=None, device=None, layout=None",
        triangleIndices<true>);
  r.add("channel_shuffle|native_channel_shuffle", "input, groups", channelShuffle);
  r.add("pixel_unshuffle", "input, downscale_factor", pixelUnshuffle);
}
