//===- TensorAlgebra.cpp - diagonals, Kronecker and cross products --------===//
#include "gn/Import/Python/TensorAlgebra.h"
#include "gn/Import/Python/OpChain.h"
#include <limits>
#include <map>

using namespace mlir;
using namespace mlir::gn::import;

namespace {

RankedTensorType typeOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

FailureOr<Value> result(Chain &c, Value v) {
  if (!c.ok() || !v)
    return failure();
  return v;
}

} // namespace

FailureOr<Value> algebra::diagonal(ImportContext &ctx, Value x, int64_t offset, int64_t d1,
                                   int64_t d2) {
  auto type = typeOf(x);
  int64_t rank = type.getRank();
  if (d1 == d2 || d1 < 0 || d2 < 0 || d1 >= rank || d2 >= rank)
    return ctx.error("the diagonal needs two different dims of the tensor");
  int64_t n1 = type.getDimSize(d1), n2 = type.getDimSize(d2);
  // Elements (i, i + offset): i from max(0, -offset) while both are in range.
  int64_t first = std::max<int64_t>(0, -offset);
  int64_t length = std::max<int64_t>(0, std::min(n1 - first, n2 - (first + offset)));
  llvm::SmallVector<int64_t> perm, rest;
  for (int64_t d = 0; d < rank; ++d)
    if (d != d1 && d != d2) {
      perm.push_back(d);
      rest.push_back(type.getDimSize(d));
    }
  perm.append({d1, d2});
  Chain c{ctx};
  llvm::SmallVector<int64_t> flat(rest);
  flat.push_back(n1 * n2);
  Value moved = c.reshape(c.transpose(x, perm), flat);
  llvm::SmallVector<int64_t> at;
  for (int64_t i = first; i < first + length; ++i)
    at.push_back(i * n2 + i + offset);
  auto indexType = RankedTensorType::get({length}, ctx.i64Type());
  Value index = gn::ConstantOp::create(ctx.builder, ctx.loc, indexType,
                                       DenseIntElementsAttr::get(indexType, at));
  Value r = c.op<gn::IndexSelectOp>({moved, index}, {ctx.i64("dim", (int64_t)rest.size())});
  return result(c, r);
}

FailureOr<Value> algebra::trace(ImportContext &ctx, Value x, int64_t offset, int64_t d1,
                                int64_t d2) {
  auto diag = diagonal(ctx, x, offset, d1, d2);
  if (failed(diag))
    return failure();
  Chain c{ctx};
  Value v = *diag;
  if (!isFloat(typeOf(v).getElementType()))
    v = c.convert(v, ctx.i64Type());
  Value r = c.op<gn::ReduceSumOp>({v}, {ctx.ints("dims", {typeOf(*diag).getRank() - 1}),
                                        ctx.flag("keepdim", false)});
  return result(c, r);
}

FailureOr<Value> algebra::diagEmbed(ImportContext &ctx, Value x, int64_t offset, int64_t d1,
                                    int64_t d2) {
  auto type = typeOf(x);
  int64_t rank = type.getRank() + 1;
  if (type.getRank() < 1)
    return ctx.error("diag_embed expects at least one dim");
  if (d1 == d2)
    return ctx.error("diag_embed: the two dims must differ");
  int64_t n = type.getShape().back(), m = n + std::abs(offset);
  Type e = type.getElementType();
  Chain c{ctx};
  // The values padded to m, laid along rows (offset >= 0) or columns.
  llvm::SmallVector<int64_t> batch(type.getShape().drop_back());
  Value padded = x;
  if (m > n) {
    llvm::SmallVector<int64_t> zeros(batch);
    zeros.push_back(m - n);
    padded = c.op<gn::ConcatOp>({x, ctx.splat(e, 0, zeros)}, {ctx.i64("dim", type.getRank() - 1)});
  }
  llvm::SmallVector<int64_t> lined(batch), square(batch);
  lined.append(offset >= 0 ? llvm::SmallVector<int64_t>{m, 1} : llvm::SmallVector<int64_t>{1, m});
  square.append({m, m});
  Value values = c.op<gn::BroadcastToOp>({c.reshape(padded, lined)}, {ctx.ints("shape", square)});
  Type i64 = ctx.i64Type();
  Value rows = c.reshape(c.arange(m, i64), {m, 1}), cols = c.reshape(c.arange(m, i64), {1, m});
  Value onDiagonal =
      c.op<gn::EqOp>({c.op<gn::SubOp>({cols, rows}), ctx.splat(i64, (double)offset)});
  Value r = c.op<gn::WhereOp>({onDiagonal, values, ctx.splat(e, 0)});
  // The two new dims are last; move them to d1 and d2.
  llvm::SmallVector<int64_t> perm(rank, -1);
  perm[d1] = rank - 2;
  perm[d2] = rank - 1;
  int64_t next = 0;
  bool identity = true;
  for (int64_t d = 0; d < rank; ++d) {
    if (perm[d] < 0)
      perm[d] = next++;
    identity &= perm[d] == d;
  }
  if (!identity)
    r = c.transpose(r, perm);
  return result(c, r);
}

FailureOr<Value> algebra::kron(ImportContext &ctx, Value x, Value y) {
  int64_t rank = std::max(typeOf(x).getRank(), typeOf(y).getRank());
  auto padded = [&](Value v) {
    llvm::SmallVector<int64_t> s(rank - typeOf(v).getRank(), 1);
    llvm::append_range(s, typeOf(v).getShape());
    return s;
  };
  llvm::SmallVector<int64_t> sx = padded(x), sy = padded(y), ex, ey, out;
  for (int64_t d = 0; d < rank; ++d) {
    ex.append({sx[d], 1});
    ey.append({1, sy[d]});
    out.push_back(sx[d] * sy[d]);
  }
  Chain c{ctx};
  Value r = c.reshape(c.op<gn::MulOp>({c.reshape(x, ex), c.reshape(y, ey)}), out);
  return result(c, r);
}

FailureOr<Value> algebra::cross(ImportContext &ctx, Value x, Value y, int64_t dim) {
  if (typeOf(x).getShape() != typeOf(y).getShape() || dim < 0 || dim >= typeOf(x).getRank() ||
      typeOf(x).getDimSize(dim) != 3)
    return ctx.error("the cross product needs two tensors of one shape with a dim of size 3");
  Chain c{ctx};
  auto part = [&](Value v, int64_t k) { return c.slice(v, dim, k, k + 1); };
  auto term = [&](int64_t i, int64_t j) {
    return c.op<gn::SubOp>({c.op<gn::MulOp>({part(x, i), part(y, j)}),
                            c.op<gn::MulOp>({part(x, j), part(y, i)})});
  };
  Value r = c.op<gn::ConcatOp>({term(1, 2), term(2, 0), term(0, 1)}, {ctx.i64("dim", dim)});
  return result(c, r);
}

FailureOr<Value> algebra::channelShuffle(ImportContext &ctx, Value x, int64_t groups) {
  auto shape = typeOf(x).getShape();
  if (shape.size() < 3 || groups < 1 || shape[1] % groups)
    return ctx.error("channel_shuffle expects [N, C, ...] with C divisible by groups");
  llvm::SmallVector<int64_t> split{shape[0], groups, shape[1] / groups};
  llvm::append_range(split, shape.drop_front(2));
  llvm::SmallVector<int64_t> perm{0, 2, 1};
  for (size_t d = 3; d < split.size(); ++d)
    perm.push_back(d);
  Chain c{ctx};
  Value r = c.reshape(c.transpose(c.reshape(x, split), perm), shape);
  return result(c, r);
}

FailureOr<Value> algebra::pixelUnshuffle(ImportContext &ctx, Value x, int64_t r) {
  auto shape = typeOf(x).getShape();
  if (r < 1 || r > (int64_t(1) << 31))
    return ctx.error("downscale_factor must be in [1, 2^31], got " + std::to_string(r));
  if (shape.size() != 4 || shape[2] % r || shape[3] % r)
    return ctx.error("pixel_unshuffle expects a 4-d input whose height and width divide by the "
                     "factor");
  int64_t n = shape[0], ch = shape[1], h = shape[2] / r, w = shape[3] / r;
  Chain c{ctx};
  Value v = c.reshape(x, {n, ch, h, r, w, r});
  Value out = c.reshape(c.transpose(v, {0, 1, 3, 5, 2, 4}), {n, ch * r * r, h, w});
  return result(c, out);
}

FailureOr<Value> algebra::pixelShuffle(ImportContext &ctx, Value x, int64_t r) {
  auto shape = typeOf(x).getShape();
  if (r < 1 || r > (int64_t(1) << 31))
    return ctx.error("upscale_factor must be in [1, 2^31], got " + std::to_string(r));
  if (shape.size() != 4 || shape[1] % (r * r))
    return ctx.error("pixel_shuffle expects a 4-d input whose channels divide by "
                     "upscale_factor^2");
  int64_t n = shape[0], ch = shape[1] / (r * r), h = shape[2], w = shape[3];
  Chain c{ctx};
  Value v = c.reshape(x, {n, ch, r, r, h, w});
  Value out = c.reshape(c.transpose(v, {0, 1, 4, 2, 5, 3}), {n, ch, h * r, w * r});
  return result(c, out);
}

FailureOr<Value> algebra::windows(ImportContext &ctx, Value x, int64_t dim, int64_t size,
                                  int64_t step, int64_t dilation, int64_t &count) {
  int64_t n = typeOf(x).getDimSize(dim);
  int64_t limit = int64_t(1) << 31;
  if (size < 1 || step < 1 || dilation < 1 || size > limit || step > limit || dilation > limit)
    return ctx.error("window size, stride and dilation must be in [1, 2^31], got " +
                     llvm::Twine(size) + ", " + llvm::Twine(step) + ", " + llvm::Twine(dilation));
  int64_t span = dilation * (size - 1) + 1;
  count = n >= span ? (n - span) / step + 1 : 0;
  // The windows are a constant index tensor built here: bounded (2 GiB).
  if (count > 0 && size > (int64_t(1) << 28) / count)
    return ctx.error("sliding windows of " + llvm::Twine(count) + " x " + llvm::Twine(size) +
                     " positions: too large an index");
  llvm::SmallVector<int64_t> idx;
  for (int64_t w = 0; w < count; ++w)
    for (int64_t k = 0; k < size; ++k)
      idx.push_back(w * step + k * dilation);
  auto type = RankedTensorType::get({count, size}, ctx.i64Type());
  Value index = gn::ConstantOp::create(ctx.builder, ctx.loc, type,
                                       DenseIntElementsAttr::get(type, llvm::ArrayRef(idx)));
  return ctx.build<gn::IndexSelectOp>({x, index}, {ctx.i64("dim", dim)});
}

FailureOr<Value> algebra::im2col(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> k,
                                 llvm::ArrayRef<int64_t> dl, llvm::ArrayRef<int64_t> low,
                                 llvm::ArrayRef<int64_t> high, llvm::ArrayRef<int64_t> st) {
  auto type = typeOf(x);
  if (type.getRank() != 4 || k.size() != 2 || dl.size() != 2 || low.size() != 2 ||
      high.size() != 2 || st.size() != 2)
    return ctx.error("im2col takes a 4-d input and two kernel sizes, dilations, paddings and "
                     "strides");
  Value v = x;
  if (low[0] || low[1] || high[0] || high[1]) {
    auto padded = ctx.build<gn::PadOp>(
        {v}, {ctx.ints("low", {0, 0, low[0], low[1]}), ctx.ints("high", {0, 0, high[0], high[1]}),
              ctx.str("mode", "constant"), ctx.f64("value", 0)});
    if (failed(padded))
      return failure();
    v = *padded;
  }
  int64_t oh, ow;
  auto rowsW = windows(ctx, v, 2, k[0], st[0], dl[0], oh); // [N, C, oh, kh, W]
  if (failed(rowsW))
    return failure();
  auto both = windows(ctx, *rowsW, 4, k[1], st[1], dl[1], ow); // [N, C, oh, kh, ow, kw]
  if (failed(both))
    return failure();
  Chain c{ctx};
  Value t = c.transpose(*both, {0, 1, 3, 5, 2, 4}); // [N, C, kh, kw, oh, ow]
  int64_t n = type.getDimSize(0), ch = type.getDimSize(1);
  return result(c, c.reshape(t, {n, ch * k[0] * k[1], oh * ow}));
}

FailureOr<Value> algebra::col2im(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> out,
                                 llvm::ArrayRef<int64_t> k, llvm::ArrayRef<int64_t> dl,
                                 llvm::ArrayRef<int64_t> low, llvm::ArrayRef<int64_t> high,
                                 llvm::ArrayRef<int64_t> st) {
  auto type = typeOf(x);
  bool batched = type.getRank() == 3;
  if (type.getRank() != 2 && !batched)
    return ctx.error("col2im takes an input of 2 or 3 dims, got " +
                     std::to_string(type.getRank()));
  if (out.size() != 2 || k.size() != 2 || dl.size() != 2 || low.size() != 2 ||
      high.size() != 2 || st.size() != 2)
    return ctx.error("col2im takes two output sizes, kernel sizes, dilations, paddings and "
                     "strides");
  int64_t n = batched ? type.getDimSize(0) : 1, ck = type.getDimSize(batched ? 1 : 0),
          l = type.getDimSize(batched ? 2 : 1);
  int64_t kh = k[0], kw = k[1], h = out[0], w = out[1];
  if (kh < 1 || kw < 1 || ck % (kh * kw))
    return ctx.error("the input's " + std::to_string(ck) + " rows are not channels times the " +
                     std::to_string(kh) + "x" + std::to_string(kw) + " kernel");
  int64_t ch = ck / (kh * kw), hp = h + low[0] + high[0], wp = w + low[1] + high[1];
  int64_t oh = slidingWindowOutputSize(hp, kh, st[0], 0, dl[0], false),
          ow = slidingWindowOutputSize(wp, kw, st[1], 0, dl[1], false);
  if (oh < 1 || ow < 1 || oh * ow != l)
    return ctx.error("the input's " + std::to_string(l) + " columns do not match the " +
                     std::to_string(std::max<int64_t>(oh, 0) * std::max<int64_t>(ow, 0)) +
                     " windows of a " + std::to_string(h) + "x" + std::to_string(w) + " output");
  if (kh * kw * l > (int64_t(1) << 26))
    return ctx.error("col2im of " + std::to_string(kh * kw * l) +
                     " positions per channel is too large for a constant index");
  // Element (ki, kj, l) of a channel goes to padded position
  // (bi * sh + ki * dh, bj * sw + kj * dw), with l = bi * ow + bj.
  llvm::SmallVector<int64_t> positions;
  positions.reserve(kh * kw * l);
  for (int64_t ki = 0; ki < kh; ++ki)
    for (int64_t kj = 0; kj < kw; ++kj)
      for (int64_t li = 0; li < l; ++li)
        positions.push_back(((li / ow) * st[0] + ki * dl[0]) * wp + (li % ow) * st[1] +
                            kj * dl[1]);
  auto indexType = RankedTensorType::get({1, 1, kh * kw * l}, ctx.i64Type());
  Value index = gn::ConstantOp::create(
      ctx.builder, ctx.loc, indexType, DenseIntElementsAttr::get(indexType, llvm::ArrayRef(positions)));
  Type e = type.getElementType();
  Chain c{ctx};
  index = c.op<gn::BroadcastToOp>({index}, {ctx.ints("shape", {n, ch, kh * kw * l})});
  Value image = c.op<gn::ScatterOp>(
      {c.reshape(x, {n, ch, kh * kw * l}), ctx.splat(e, 0, {n, ch, hp * wp}), index},
      {ctx.i64("dim", 2), ctx.str("reduce", "add"), ctx.flag("include_self", true)});
  image = c.reshape(image, {n, ch, hp, wp});
  image = c.slice(c.slice(image, 2, low[0], low[0] + h), 3, low[1], low[1] + w);
  if (!batched)
    image = c.reshape(image, {ch, h, w});
  return result(c, image);
}

FailureOr<Value> algebra::affineGrid(ImportContext &ctx, Value theta,
                                     llvm::ArrayRef<int64_t> size, bool alignCorners) {
  auto tt = typeOf(theta);
  int64_t spatial = (int64_t)size.size() - 2;
  if ((spatial != 2 && spatial != 3) || tt.getRank() != 3 || tt.getDimSize(0) != size[0] ||
      tt.getDimSize(1) != spatial || tt.getDimSize(2) != spatial + 1)
    return ctx.error("affine_grid takes theta [N, 2, 3] with a size [N, C, H, W], or theta "
                     "[N, 3, 4] with [N, C, D, H, W]");
  Type e = tt.getElementType();
  if (!isFloat(e))
    return ctx.error("affine_grid takes a floating theta");
  // Normalized coordinate of position i of n.
  auto coord = [&](int64_t i, int64_t n) {
    if (n <= 1)
      return 0.0;
    return alignCorners ? -1.0 + 2.0 * i / (n - 1) : (2.0 * i + 1) / n - 1;
  };
  llvm::ArrayRef<int64_t> dims = size.drop_front(2); // [D,] H, W
  int64_t positions = 1;
  for (int64_t d : dims)
    positions *= d;
  if (positions > (int64_t(1) << 24))
    return ctx.error("affine_grid output of " + std::to_string(positions) +
                     " positions is too large for a constant grid");
  // Rows (x, y[, z], 1) in row-major order of the output positions; x
  // follows the last dim.
  std::vector<double> base;
  base.reserve(positions * (spatial + 1));
  llvm::SmallVector<int64_t> idx(spatial, 0);
  for (int64_t p = 0; p < positions; ++p) {
    for (int64_t k = spatial - 1; k >= 0; --k)
      base.push_back(coord(idx[k], dims[k]));
    base.push_back(1.0);
    for (int64_t k = spatial - 1; k >= 0; --k) {
      if (++idx[k] < dims[k])
        break;
      idx[k] = 0;
    }
  }
  auto baseType = RankedTensorType::get({1, positions, spatial + 1}, ctx.builder.getF64Type());
  Value grid = gn::ConstantOp::create(ctx.builder, ctx.loc, baseType,
                                      DenseElementsAttr::get(baseType, llvm::ArrayRef(base)));
  Chain c{ctx};
  grid = c.convert(grid, e);
  Value out = c.op<gn::MatmulOp>({grid, theta}, {ctx.attr("transpose_rhs", ctx.builder.getUnitAttr())});
  llvm::SmallVector<int64_t> shape{size[0]};
  llvm::append_range(shape, dims);
  shape.push_back(spatial);
  return result(c, c.reshape(out, shape));
}

FailureOr<Value> algebra::searchSorted(ImportContext &ctx, Value boundaries, Value values,
                                       bool right) {
  auto t = ctx.promote({PyValue::of(boundaries), PyValue::of(values)});
  if (failed(t))
    return failure();
  Chain c{ctx};
  Value b = c.convert(boundaries, *t), v = c.convert(values, *t);
  if (!c.ok())
    return failure();
  auto bt = typeOf(b), vt = typeOf(v);
  int64_t m = bt.getShape().empty() ? 1 : bt.getShape().back();
  llvm::SmallVector<int64_t> bs, vs(vt.getShape());
  vs.push_back(1);
  if (bt.getRank() <= 1) {
    bs = {m};
  } else {
    if (bt.getShape().drop_back() != vt.getShape().drop_back())
      return ctx.error("the boundaries and the values must share their leading dims");
    bs.assign(bt.getShape().drop_back().begin(), bt.getShape().drop_back().end());
    bs.append({1, m});
  }
  Value lhs = c.reshape(b, bs), rhs = c.reshape(v, vs);
  Value below = right ? c.op<gn::LeOp>({lhs, rhs}) : c.op<gn::LtOp>({lhs, rhs});
  // A NaN value goes after every boundary, as both frameworks' binary
  // searches put it (no comparison with NaN holds); it went first.
  if (isFloat(*t))
    below = c.op<gn::OrOp>({below, c.op<gn::NeOp>({rhs, rhs})});
  Value count = c.op<gn::ReduceSumOp>({c.convert(below, ctx.i64Type())},
                                      {ctx.ints("dims", {vt.getRank()}),
                                       ctx.flag("keepdim", false)});
  return result(c, count);
}

FailureOr<algebra::Unique> algebra::unique(ImportContext &ctx, Value x, bool consecutive) {
  auto type = typeOf(x);
  int64_t n = type.getNumElements();
  Type i64 = ctx.i64Type();
  Chain c{ctx};
  Value flat = c.reshape(x, {n});
  if (!c.ok())
    return failure();
  if (n == 0)
    return ctx.error("unique of an empty tensor is not supported");
  // Sorted (stably, so equal values keep their original order) unless
  // consecutive runs are asked for.
  Value sorted = flat, position = c.arange(n, i64);
  if (!consecutive) {
    auto order = ctx.topK(flat, n, 0, /*largest=*/false);
    if (failed(order))
      return failure();
    sorted = order->first;
    position = order->second;
  }
  // A run starts where the value differs from the one before it.
  Value previous = c.slice(sorted, 0, 0, n - 1), next = c.slice(sorted, 0, 1, n);
  Value starts = c.op<gn::ConcatOp>(
      {ctx.splat(ctx.i1(), 1, {1}), c.op<gn::NeOp>({next, previous})}, {ctx.i64("dim", 0)});
  Value run = c.op<gn::SubOp>({c.op<gn::CumSumOp>({c.convert(starts, i64)}, {ctx.i64("dim", 0)}),
                               ctx.splat(i64, 1)});
  if (!c.ok())
    return failure();
  auto at = ctx.nonzero(starts);
  if (failed(at))
    return failure();
  int64_t u = typeOf(*at).getDimSize(0);
  Value begin = c.reshape(*at, {u});
  Unique r;
  r.values = c.op<gn::IndexSelectOp>({sorted, begin}, {ctx.i64("dim", 0)});
  r.first = c.op<gn::IndexSelectOp>({position, begin}, {ctx.i64("dim", 0)});
  Value end = c.op<gn::ConcatOp>({c.slice(begin, 0, 1, u), ctx.splat(i64, (double)n, {1})},
                                 {ctx.i64("dim", 0)});
  r.counts = c.op<gn::SubOp>({end, begin});
  // Each element's run, put back at the element's place.
  Value inverse = c.op<gn::ScatterOp>({run, ctx.splat(i64, 0, {n}), position},
                                      {ctx.i64("dim", 0), ctx.str("reduce", "none"),
                                       ctx.flag("include_self", true)});
  r.inverse = c.reshape(inverse, type.getShape());
  if (!c.ok())
    return failure();
  return r;
}

FailureOr<Value> algebra::repeatByCounts(ImportContext &ctx, Value x, Value repeats,
                                         int64_t dim) {
  auto rType = typeOf(repeats);
  if (!llvm::isa<IntegerType>(rType.getElementType()))
    return ctx.error("repeat_interleave: repeats must be integers");
  if (rType.getRank() > 1)
    return ctx.error("repeat_interleave: repeats must be a 0-d or 1-d tensor");
  int64_t n = x ? typeOf(x).getDimSize(dim) : rType.getNumElements();
  int64_t given = rType.getNumElements();
  if (given != n && given != 1)
    return ctx.error("repeat_interleave: " + llvm::Twine(given) + " repeats for " +
                     llvm::Twine(n) + " slices along dim " + llvm::Twine(dim));
  Type i64 = ctx.i64Type();
  Chain c{ctx};
  Value counts = c.reshape(repeats, {given});
  if (given != n)
    counts = c.op<gn::BroadcastToOp>({counts}, {ctx.ints("shape", {n})});
  if (!c.ok())
    return failure();
  auto guarded = ctx.sizeFromValues(counts, "sum");
  if (failed(guarded))
    return failure();
  auto [checked, total] = *guarded;
  // Output position j reads slice i where ends[i-1] <= j < ends[i].
  Value ends = c.op<gn::CumSumOp>({checked}, {ctx.i64("dim", 0)});
  if (!c.ok())
    return failure();
  auto index = searchSorted(ctx, ends, c.arange(total, i64), /*right=*/true);
  if (failed(index) || !x)
    return index;
  return ctx.build<gn::IndexSelectOp>({x, *index}, {ctx.i64("dim", dim)});
}

FailureOr<Value> algebra::bincount(ImportContext &ctx, Value x, Value weights,
                                   int64_t minlength) {
  auto type = typeOf(x);
  if (type.getRank() != 1 || !llvm::isa<IntegerType>(type.getElementType()))
    return ctx.error("bincount: the input must be a 1-d tensor of integers");
  if (minlength < 0)
    return ctx.error("bincount: minlength must be non-negative, got " + llvm::Twine(minlength));
  if (weights && typeOf(weights).getShape() != type.getShape())
    return ctx.error("bincount: the weights' shape differs from the input's");
  auto guarded = ctx.sizeFromValues(x, "max_plus_one", minlength);
  if (failed(guarded))
    return failure();
  auto [index, bins] = *guarded;
  int64_t n = type.getNumElements();
  Chain c{ctx};
  // Integer counts sum in i64; weights in the result's type.
  Type resultType = !weights ? ctx.i64Type()
                    : typeOf(weights).getElementType().isF32() ? ctx.builder.getF32Type()
                                                               : ctx.builder.getF64Type();
  Type acc = resultType;
  Value each = weights ? c.convert(weights, acc) : ctx.splat(acc, 1, {n});
  Value counts = c.op<gn::ScatterOp>({each, ctx.splat(acc, 0, {bins}), index},
                                     {ctx.i64("dim", 0), ctx.str("reduce", "add")});
  counts = c.convert(counts, resultType);
  if (!c.ok())
    return failure();
  return counts;
}

FailureOr<std::pair<Value, Value>> algebra::kthSmallest(ImportContext &ctx, Value x, int64_t k,
                                                        int64_t dim, bool keepdim,
                                                        llvm::StringRef ties) {
  Chain c{ctx};
  bool scalar = typeOf(x).getRank() == 0;
  if (scalar)
    x = c.reshape(x, {1});
  if (!c.ok())
    return failure();
  int64_t n = typeOf(x).getDimSize(dim);
  if (k < 1 || k > n)
    return ctx.error("k = " + std::to_string(k) + " is out of range for a dim of size " +
                     std::to_string(n));
  auto sorted = ctx.topK(x, k, dim, /*largest=*/false, ties);
  if (failed(sorted))
    return failure();
  Value v = c.slice(sorted->first, dim, k - 1, k), i = c.slice(sorted->second, dim, k - 1, k);
  llvm::SmallVector<int64_t> shape(typeOf(x).getShape());
  if (scalar)
    shape.clear();
  else if (keepdim)
    shape[dim] = 1;
  else
    shape.erase(shape.begin() + dim);
  v = c.reshape(v, shape);
  i = c.reshape(i, shape);
  if (!c.ok())
    return failure();
  return std::make_pair(v, i);
}

FailureOr<Value> algebra::triangleIndices(ImportContext &ctx, int64_t rows, int64_t cols,
                                          int64_t offset, bool upper, Type e) {
  if (rows < 0 || cols < 0)
    return ctx.error("the triangle's rows and columns must be non-negative");
  if (rows > (int64_t(1) << 24) || cols > (int64_t(1) << 24) || rows * cols > (int64_t(1) << 24))
    return ctx.error("a triangle of " + std::to_string(rows) + " x " + std::to_string(cols) +
                     " is too large a constant (2^24 positions)");
  llvm::SmallVector<int64_t> is, js;
  for (int64_t i = 0; i < rows; ++i)
    for (int64_t j = 0; j < cols; ++j)
      if (upper ? j - i >= offset : j - i <= offset) {
        is.push_back(i);
        js.push_back(j);
      }
  int64_t n = js.size();
  is.append(js.begin(), js.end());
  auto type = RankedTensorType::get({2, n}, ctx.i64Type());
  Value v = gn::ConstantOp::create(ctx.builder, ctx.loc, type, DenseIntElementsAttr::get(type, is));
  return ctx.convert(v, e);
}

FailureOr<Value> algebra::unfoldDim(ImportContext &ctx, Value x, int64_t dim, int64_t size,
                                    int64_t step) {
  auto type = typeOf(x);
  if (size < 1 || step < 1 || size > type.getDimSize(dim))
    return ctx.error("unfold: size must be in [1, " + llvm::Twine(type.getDimSize(dim)) +
                     "] and step positive, got " + llvm::Twine(size) + " and " +
                     llvm::Twine(step));
  int64_t count;
  auto w = windows(ctx, x, dim, size, step, 1, count);
  if (failed(w))
    return failure();
  // [.., windows, size, rest..] -> [.., windows, rest.., size]
  int64_t rank = type.getRank() + 1;
  llvm::SmallVector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    if (i != dim + 1)
      perm.push_back(i);
  perm.push_back(dim + 1);
  return ctx.build<gn::TransposeOp>({*w}, {ctx.ints("permutation", perm)});
}

FailureOr<Value> algebra::asStrided(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> sizes,
                                    llvm::ArrayRef<int64_t> strides, int64_t offset) {
  if (sizes.size() != strides.size())
    return ctx.error("as_strided: " + llvm::Twine(sizes.size()) + " sizes but " +
                     llvm::Twine(strides.size()) + " strides");
  // The frameworks index the storage under a view; gn knows it only for a
  // tensor that owns its elements (reshapes of one keep them).
  for (Value v = x; Operation *def = v.getDefiningOp();) {
    if (isa<gn::TransposeOp, gn::SliceOp, gn::BroadcastToOp>(def))
      return ctx.error("as_strided of a " + def->getName().getStringRef() +
                       " view: the storage it indexes is not its own elements (not supported)");
    if (!isa<gn::ReshapeOp>(def))
      break;
    v = def->getOperand(0);
  }
  int64_t total = typeOf(x).getNumElements(), count = 1;
  for (int64_t s : sizes) {
    if (s < 0)
      return ctx.error("as_strided: negative size " + llvm::Twine(s));
    if (s && count > (int64_t(1) << 26) / s)
      return ctx.error("as_strided: more than 2^26 elements, too large a constant index");
    count *= s;
  }
  for (int64_t st : strides)
    if (st < 0)
      return ctx.error("as_strided: negative stride " + llvm::Twine(st));
  llvm::SmallVector<int64_t> index(count, offset);
  for (int64_t i = 0; i < count; ++i) {
    int64_t rest = i;
    for (int64_t d = sizes.size(); d-- > 0;) {
      index[i] += (rest % sizes[d]) * strides[d];
      rest /= sizes[d];
    }
    if (index[i] < 0 || index[i] >= total)
      return ctx.error("as_strided: element " + llvm::Twine(index[i]) +
                       " is outside the input's " + llvm::Twine(total) + " elements");
  }
  Chain c{ctx};
  Value flat = c.reshape(x, {total});
  auto type = RankedTensorType::get({count}, ctx.i64Type());
  Value idx = gn::ConstantOp::create(ctx.builder, ctx.loc, type,
                                     DenseIntElementsAttr::get(type, llvm::ArrayRef(index)));
  Value r = c.reshape(c.op<gn::IndexSelectOp>({flat, idx}, {ctx.i64("dim", 0)}), sizes);
  if (!c.ok())
    return failure();
  return r;
}

namespace {

/// A constant i1 tensor of `shape` from `bits`.
Value boolConstant(ImportContext &ctx, llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<bool> bits) {
  auto type = RankedTensorType::get(shape, ctx.i1());
  llvm::SmallVector<Attribute> attrs;
  for (bool b : bits)
    attrs.push_back(ctx.builder.getBoolAttr(b));
  return gn::ConstantOp::create(ctx.builder, ctx.loc, type, DenseElementsAttr::get(type, attrs));
}

constexpr int64_t kMaxMaskElements = int64_t(1) << 24;

} // namespace

FailureOr<Value> algebra::diagonalScatter(ImportContext &ctx, Value x, Value src, int64_t offset,
                                          int64_t d1, int64_t d2) {
  auto xt = typeOf(x);
  int64_t rank = xt.getRank();
  if (rank < 2 || d1 == d2)
    return ctx.error("diagonal scatter needs a tensor of rank >= 2 and two distinct dims");
  int64_t total = xt.getNumElements();
  if (total > kMaxMaskElements)
    return ctx.error("diagonal scatter over more than 2^24 elements: too large a constant mask");
  // The diagonal's shape: x's other dims, then its length.
  int64_t rows = xt.getDimSize(d1), cols = xt.getDimSize(d2);
  int64_t length = std::max<int64_t>(
      0, offset >= 0 ? std::min(rows, cols - offset) : std::min(rows + offset, cols));
  llvm::SmallVector<int64_t> diagShape;
  for (int64_t d = 0; d < rank; ++d)
    if (d != d1 && d != d2)
      diagShape.push_back(xt.getDimSize(d));
  diagShape.push_back(length);
  if (typeOf(src).getShape() != llvm::ArrayRef<int64_t>(diagShape))
    return ctx.error("the values for the diagonal must have its shape");
  llvm::SmallVector<bool> mask(total, false);
  llvm::SmallVector<double> from(total, 0);
  llvm::SmallVector<int64_t> idx(rank, 0);
  for (int64_t p = 0; p < total; ++p) {
    for (int64_t d = rank, rest = p; d-- > 0;) {
      idx[d] = rest % xt.getDimSize(d);
      rest /= xt.getDimSize(d);
    }
    if (idx[d2] - idx[d1] != offset)
      continue;
    mask[p] = true;
    int64_t flat = 0;
    for (int64_t d = 0; d < rank; ++d)
      if (d != d1 && d != d2)
        flat = flat * xt.getDimSize(d) + idx[d];
    from[p] = flat * length + (offset >= 0 ? idx[d1] : idx[d2]);
  }
  Chain c{ctx};
  int64_t count = typeOf(src).getNumElements();
  Value values = c.reshape(
      c.op<gn::IndexSelectOp>({c.reshape(c.convert(src, xt.getElementType()), {count}),
                               denseConstant(ctx, ctx.i64Type(), {total}, from)},
                              {ctx.i64("dim", 0)}),
      xt.getShape());
  if (count == 0)
    return x;
  Value r = c.op<gn::WhereOp>({boolConstant(ctx, xt.getShape(), mask), values, x});
  if (!c.ok())
    return failure();
  return r;
}

FailureOr<Value> algebra::fillDiagonal(ImportContext &ctx, Value x, double value, int64_t offset,
                                       bool wrap) {
  auto xt = typeOf(x);
  int64_t rank = xt.getRank(), total = xt.getNumElements();
  if (rank < 2)
    return ctx.error("fill_diagonal needs a tensor of rank >= 2");
  if (total > kMaxMaskElements)
    return ctx.error("fill_diagonal over more than 2^24 elements: too large a constant mask");
  llvm::SmallVector<bool> mask(total, false);
  if (rank == 2) {
    int64_t rows = xt.getDimSize(0), cols = xt.getDimSize(1);
    if (wrap && rows > cols) {
      // The diagonal restarts every cols + 1 elements, a row apart.
      if (offset != 0)
        return ctx.error("fill_diagonal with wrap takes no offset");
      for (int64_t p = 0; p < total; p += cols + 1)
        mask[p] = true;
    } else {
      for (int64_t i = 0; i < rows; ++i)
        if (i + offset >= 0 && i + offset < cols)
          mask[i * cols + i + offset] = true;
    }
  } else {
    if (offset != 0 || wrap)
      return ctx.error("fill_diagonal of a tensor of rank > 2 takes no offset or wrap");
    int64_t n = xt.getDimSize(0), step = 0;
    for (int64_t d = 0; d < rank; ++d) {
      if (xt.getDimSize(d) != n)
        return ctx.error("fill_diagonal of a tensor of rank > 2 needs all its dims equal");
      step = step * n + 1;
    }
    for (int64_t i = 0; i < n; ++i)
      mask[i * step] = true;
  }
  Chain c{ctx};
  Value r = c.op<gn::WhereOp>(
      {boolConstant(ctx, xt.getShape(), mask), ctx.splat(xt.getElementType(), value), x});
  if (!c.ok())
    return failure();
  return r;
}

namespace {

/// Gathers a window per output position along each spatial dim (`tables`:
/// per dim, [out][k] positions in x's own coordinates), reduces each to
/// its maximum and first argmax, and maps the argmax to the flat input
/// position `flat[out.., k]` (a constant). x is [N, C, spatial..].
FailureOr<std::pair<Value, Value>>
maxOverWindows(ImportContext &ctx, Value x, llvm::ArrayRef<std::vector<std::vector<int64_t>>> tables,
               llvm::ArrayRef<int64_t> padLow, llvm::ArrayRef<int64_t> inSizes) {
  int64_t n = tables.size();
  llvm::SmallVector<int64_t> outs, ks;
  for (auto &t : tables) {
    outs.push_back(t.size());
    ks.push_back(t.empty() ? 0 : t[0].size());
  }
  int64_t positions = 1, window = 1;
  for (int64_t d = 0; d < n; ++d) {
    positions *= outs[d];
    window *= ks[d];
  }
  if (positions * window > (int64_t(1) << 24))
    return ctx.error("max pooling with indices over more than 2^24 window positions: too large a "
                     "constant index");
  Chain c{ctx};
  Value v = x;
  for (int64_t d = 0; d < n; ++d) {
    llvm::SmallVector<int64_t> idx;
    for (auto &row : tables[d])
      llvm::append_range(idx, row);
    auto type = RankedTensorType::get({outs[d], ks[d]}, ctx.i64Type());
    Value table = gn::ConstantOp::create(ctx.builder, ctx.loc, type,
                                         DenseIntElementsAttr::get(type, llvm::ArrayRef(idx)));
    // Dim 2 + 2d is spatial dim d once the earlier ones became (out, k).
    v = c.op<gn::IndexSelectOp>({v, table}, {ctx.i64("dim", 2 + 2 * d)});
  }
  auto vt = c.ok() ? typeOf(v) : RankedTensorType();
  if (!c.ok())
    return failure();
  llvm::SmallVector<int64_t> perm{0, 1}, shape{vt.getDimSize(0), vt.getDimSize(1)};
  for (int64_t d = 0; d < n; ++d) {
    perm.push_back(2 + 2 * d);
    shape.push_back(outs[d]);
  }
  for (int64_t d = 0; d < n; ++d)
    perm.push_back(3 + 2 * d);
  shape.push_back(window);
  v = c.reshape(c.op<gn::TransposeOp>({v}, {ctx.ints("permutation", perm)}), shape);
  int64_t last = shape.size() - 1;
  Value values = c.op<gn::ReduceMaxOp>({v}, {ctx.ints("dims", {last}), ctx.flag("keepdim", false)});
  Value arg = c.op<gn::ArgMaxOp>({v}, {ctx.i64("dim", last), ctx.flag("keepdim", true)});
  // flat[o.., k] = sum_d (table_d[o_d][k_d] - padLow_d) * inStride_d.
  llvm::SmallVector<int64_t> inStride(n, 1);
  for (int64_t d = n - 1; d > 0; --d)
    inStride[d - 1] = inStride[d] * inSizes[d];
  std::vector<double> flat(positions * window);
  llvm::SmallVector<int64_t> o(n), k(n);
  for (int64_t p = 0; p < positions; ++p) {
    for (int64_t d = n, rest = p; d-- > 0;) {
      o[d] = rest % outs[d];
      rest /= outs[d];
    }
    for (int64_t q = 0; q < window; ++q) {
      int64_t f = 0;
      for (int64_t d = n, rest = q; d-- > 0;) {
        k[d] = rest % ks[d];
        rest /= ks[d];
      }
      for (int64_t d = 0; d < n; ++d)
        f += (tables[d][o[d]][k[d]] - padLow[d]) * inStride[d];
      flat[p * window + q] = f;
    }
  }
  llvm::SmallVector<int64_t> tableShape(outs);
  tableShape.push_back(window);
  llvm::SmallVector<int64_t> full(shape);
  Value table = c.op<gn::BroadcastToOp>({denseConstant(ctx, ctx.i64Type(), tableShape, flat)},
                                        {ctx.ints("shape", full)});
  Value index = c.take(ctx.takeAlongAxis(table, arg, last, false));
  llvm::SmallVector<int64_t> outShape(shape.begin(), shape.end() - 1);
  index = c.reshape(index, outShape);
  if (!c.ok())
    return failure();
  return std::make_pair(values, index);
}

/// x as [N, C, spatial..] (an unbatched [C, spatial..] gains N = 1), and
/// how to undo it.
Value batched(Chain &c, Value x, int64_t spatial, bool &added) {
  auto t = typeOf(x);
  added = t.getRank() == spatial + 1;
  if (!added)
    return x;
  llvm::SmallVector<int64_t> shape{1};
  llvm::append_range(shape, t.getShape());
  return c.reshape(x, shape);
}
/// A max pool's input over `spatial` dims, checked (a floating
/// [N, C, spatial..] or [C, spatial..]) and batched.
FailureOr<Value> poolInput(ImportContext &ctx, Chain &c, Value x, int64_t spatial, bool &added) {
  auto xt = typeOf(x);
  if (xt.getRank() != spatial + 1 && xt.getRank() != spatial + 2)
    return ctx.error("max pooling over " + llvm::Twine(spatial) + " dims needs a rank-" +
                     llvm::Twine(spatial + 1) + " or rank-" + llvm::Twine(spatial + 2) + " input");
  if (!isFloat(xt.getElementType()))
    return ctx.error("max pooling with indices takes a floating tensor");
  Value v = batched(c, x, spatial, added);
  if (!c.ok())
    return failure();
  return v;
}

Value unbatched(Chain &c, Value v, bool added) {
  return added ? c.reshape(v, typeOf(v).getShape().drop_front()) : v;
}

} // namespace

FailureOr<std::pair<Value, Value>> algebra::maxPoolWithIndices(ImportContext &ctx, Value x,
                                                               llvm::ArrayRef<Window> dims,
                                                               bool ceilMode,
                                                               bool dropPaddedWindow) {
  int64_t n = dims.size();
  Chain c{ctx};
  bool added;
  auto batchedX = poolInput(ctx, c, x, n, added);
  if (failed(batchedX))
    return failure();
  Value v = *batchedX;
  auto vt = typeOf(v);
  std::vector<std::vector<std::vector<int64_t>>> tables(n);
  llvm::SmallVector<int64_t> low, high, inSizes;
  for (int64_t d = 0; d < n; ++d) {
    const Window &w = dims[d];
    int64_t size = vt.getDimSize(2 + d);
    if (w.kernel < 1 || w.stride < 1 || w.dilation < 1 || w.padding < 0 ||
        2 * w.padding > w.kernel)
      return ctx.error("max pooling: kernel, stride and dilation must be positive and padding at "
                       "most half the kernel");
    int64_t span = w.dilation * (w.kernel - 1) + 1;
    int64_t room = size + 2 * w.padding - span;
    if (room < 0)
      return ctx.error("max pooling: the window is larger than the padded input");
    int64_t out = (ceilMode ? (room + w.stride - 1) / w.stride : room / w.stride) + 1;
    // The last window must start inside the input or its left padding.
    if (ceilMode && dropPaddedWindow && (out - 1) * w.stride >= size + w.padding)
      --out;
    int64_t need = (out - 1) * w.stride + span;
    low.push_back(w.padding);
    high.push_back(std::max<int64_t>(0, need - size - w.padding));
    inSizes.push_back(size);
    for (int64_t o = 0; o < out; ++o) {
      std::vector<int64_t> row;
      for (int64_t k = 0; k < w.kernel; ++k)
        row.push_back(o * w.stride + k * w.dilation);
      tables[d].push_back(row);
    }
  }
  llvm::SmallVector<int64_t> padLow{0, 0}, padHigh{0, 0};
  llvm::append_range(padLow, low);
  llvm::append_range(padHigh, high);
  if (llvm::any_of(padLow, [](int64_t p) { return p; }) ||
      llvm::any_of(padHigh, [](int64_t p) { return p; }))
    v = c.op<gn::PadOp>({v}, {ctx.ints("low", padLow), ctx.ints("high", padHigh),
                              ctx.str("mode", "constant"),
                              ctx.f64("value", -std::numeric_limits<double>::infinity())});
  if (!c.ok())
    return failure();
  auto r = maxOverWindows(ctx, v, tables, low, inSizes);
  if (failed(r))
    return failure();
  Value values = unbatched(c, r->first, added), index = unbatched(c, r->second, added);
  if (!c.ok())
    return failure();
  return std::make_pair(values, index);
}

FailureOr<std::pair<Value, Value>>
algebra::adaptiveMaxPoolWithIndices(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> out) {
  int64_t n = out.size();
  Chain c{ctx};
  bool added;
  auto batchedX = poolInput(ctx, c, x, n, added);
  if (failed(batchedX))
    return failure();
  Value v = *batchedX;
  auto vt = typeOf(v);
  std::vector<std::vector<std::vector<int64_t>>> tables(n);
  llvm::SmallVector<int64_t> low(n, 0), inSizes;
  for (int64_t d = 0; d < n; ++d) {
    int64_t size = vt.getDimSize(2 + d);
    if (out[d] < 1 || size < 1)
      return ctx.error("adaptive max pooling: sizes must be positive");
    inSizes.push_back(size);
    int64_t widest = 0;
    for (int64_t o = 0; o < out[d]; ++o)
      widest = std::max(widest, (o + 1) * size / out[d] + ((o + 1) * size % out[d] != 0) -
                                    o * size / out[d]);
    for (int64_t o = 0; o < out[d]; ++o) {
      int64_t start = o * size / out[d];
      int64_t end = (o + 1) * size / out[d] + ((o + 1) * size % out[d] != 0);
      std::vector<int64_t> row;
      for (int64_t k = 0; k < widest; ++k) // the window's last element repeated
        row.push_back(std::min(start + k, end - 1));
      tables[d].push_back(row);
    }
  }
  auto r = maxOverWindows(ctx, v, tables, low, inSizes);
  if (failed(r))
    return failure();
  Value values = unbatched(c, r->first, added), index = unbatched(c, r->second, added);
  if (!c.ok())
    return failure();
  return std::make_pair(values, index);
}

FailureOr<Value> algebra::maxUnpool(ImportContext &ctx, Value x, Value indices,
                                    llvm::ArrayRef<int64_t> outputSize) {
  auto xt = typeOf(x);
  int64_t n = outputSize.size(), rank = xt.getRank();
  if (rank < n + 1 || typeOf(indices).getShape() != xt.getShape())
    return ctx.error("max unpooling needs indices of the input's shape and a batch or channel dim");
  llvm::SmallVector<int64_t> lead(xt.getShape().drop_back(n));
  int64_t in = 1, out = 1;
  for (int64_t d : xt.getShape().take_back(n))
    in *= d;
  for (int64_t d : outputSize)
    out *= d;
  llvm::SmallVector<int64_t> flatIn(lead), flatOut(lead), result(lead);
  flatIn.push_back(in);
  flatOut.push_back(out);
  llvm::append_range(result, outputSize);
  Chain c{ctx};
  Value src = c.reshape(x, flatIn);
  Value idx = c.reshape(c.convert(indices, ctx.i64Type()), flatIn);
  Value zeros = ctx.splat(xt.getElementType(), 0, flatOut);
  Value r = c.op<gn::ScatterOp>({src, zeros, idx}, {ctx.i64("dim", (int64_t)lead.size()),
                                                    ctx.str("reduce", "none")});
  r = c.reshape(r, result);
  if (!c.ok())
    return failure();
  return r;
}

FailureOr<Value> algebra::matrixPower(ImportContext &ctx, Value x, int64_t n) {
  auto type = typeOf(x);
  int64_t rank = type.getRank();
  if (rank < 2 || type.getDimSize(rank - 1) != type.getDimSize(rank - 2))
    return ctx.error("matrix_power expects square matrices in the last two dims");
  if (n < 0)
    return ctx.error("matrix_power: negative powers (an inverse) are not supported, got n = " +
                     llvm::Twine(n));
  int64_t m = type.getDimSize(rank - 1);
  Chain c{ctx};
  Value result;
  if (n == 0) {
    Value i = c.arange(m, ctx.i64Type());
    Value diagonal = c.op<gn::EqOp>({c.reshape(i, {m, 1}), c.reshape(i, {1, m})});
    Value identity = c.op<gn::WhereOp>({diagonal, ctx.splat(type.getElementType(), 1),
                                        ctx.splat(type.getElementType(), 0)});
    result = c.op<gn::BroadcastToOp>({identity}, {ctx.ints("shape", type.getShape())});
  } else {
    Value square = x;
    for (int64_t k = n; k > 0; k >>= 1) {
      if (k & 1)
        result = result ? c.op<gn::MatmulOp>({result, square}) : square;
      if (k > 1)
        square = c.op<gn::MatmulOp>({square, square});
    }
  }
  if (!c.ok())
    return failure();
  return result;
}

FailureOr<algebra::Median> algebra::median(ImportContext &ctx, Value x, int64_t dim, bool keepdim,
                                           bool ignoreNan, bool average) {
  auto type = typeOf(x);
  int64_t n = type.getDimSize(dim);
  if (n == 0)
    return ctx.error("median of an empty dim");
  Type e = type.getElementType(), i64 = ctx.i64Type();
  bool floats = isFloat(e);
  Chain c{ctx};
  Value nan = floats ? c.op<gn::NeOp>({x, x}) : Value();
  Value key = ignoreNan && floats
                  ? c.op<gn::WhereOp>({nan, ctx.splat(e, std::numeric_limits<double>::infinity()), x})
                  : x;
  if (!c.ok())
    return failure();
  auto sorted = ctx.topK(key, n, dim, /*largest=*/false);
  if (failed(sorted))
    return failure();
  llvm::SmallVector<int64_t> kept(type.getShape());
  kept[dim] = 1;
  Value count = ignoreNan && floats
                    ? c.op<gn::ReduceSumOp>({c.convert(c.op<gn::NotOp>({nan}), i64)},
                                            {ctx.ints("dims", {dim}), ctx.flag("keepdim", true)})
                    : ctx.splat(i64, double(n), kept);
  // An all-NaN row picks its middle as a row of n would (PyTorch).
  Value middleOf = c.op<gn::WhereOp>({c.op<gn::EqOp>({count, ctx.splat(i64, 0)}),
                                      ctx.splat(i64, double(n)), count});
  Value lo = c.op<gn::FloorDivOp>({c.op<gn::SubOp>({middleOf, ctx.splat(i64, 1)}), ctx.splat(i64, 2)});
  Value hi = c.op<gn::FloorDivOp>({middleOf, ctx.splat(i64, 2)});
  if (!c.ok())
    return failure();
  auto pick = [&](Value from, Value at) { return c.take(ctx.takeAlongAxis(from, at, dim, false)); };
  Value value = pick(sorted->first, lo), index = pick(sorted->second, lo);
  Value indexHi = average ? pick(sorted->second, hi) : Value();
  if (average)
    value = c.op<gn::DivOp>({c.op<gn::AddOp>({value, pick(sorted->first, hi)}), ctx.splat(e, 2)});
  if (floats) {
    Value nanValue = ctx.splat(e, std::numeric_limits<double>::quiet_NaN());
    if (ignoreNan) {
      value = c.op<gn::WhereOp>({c.op<gn::EqOp>({count, ctx.splat(i64, 0)}), nanValue, value});
    } else {
      Value any = c.op<gn::ReduceAnyOp>({nan}, {ctx.ints("dims", {dim}), ctx.flag("keepdim", true)});
      Value firstNan = c.op<gn::ArgMaxOp>({c.convert(nan, ctx.f32())},
                                          {ctx.i64("dim", dim), ctx.flag("keepdim", true)});
      value = c.op<gn::WhereOp>({any, nanValue, value});
      index = c.op<gn::WhereOp>({any, firstNan, index});
      if (average)
        indexHi = c.op<gn::WhereOp>({any, firstNan, indexHi});
    }
  }
  llvm::SmallVector<int64_t> shape(type.getShape());
  if (keepdim)
    shape[dim] = 1;
  else
    shape.erase(shape.begin() + dim);
  value = c.reshape(value, shape);
  index = c.reshape(index, shape);
  if (average) {
    llvm::SmallVector<int64_t> one(shape);
    one.push_back(1);
    index = c.op<gn::ConcatOp>({c.reshape(index, one), c.reshape(indexHi, one)},
                               {ctx.i64("dim", (int64_t)shape.size())});
  }
  if (!c.ok())
    return failure();
  return Median{value, index};
}

FailureOr<Value> algebra::renorm(ImportContext &ctx, Value x, double p, int64_t dim,
                                 double maxNorm) {
  if (p <= 0)
    return ctx.error("renorm: p must be positive, got " + std::to_string(p));
  auto type = typeOf(x);
  llvm::SmallVector<int64_t> others;
  for (int64_t d = 0; d < type.getRank(); ++d)
    if (d != dim)
      others.push_back(d);
  Type e = type.getElementType();
  Chain c{ctx};
  Value powered = c.op<gn::PowOp>({c.op<gn::AbsOp>({x}), ctx.splat(e, p)});
  Value norm = c.op<gn::PowOp>(
      {c.op<gn::ReduceSumOp>({powered}, {ctx.ints("dims", others), ctx.flag("keepdim", true)}),
       ctx.splat(e, 1.0 / p)});
  Value scale = c.op<gn::WhereOp>(
      {c.op<gn::GtOp>({norm, ctx.splat(e, maxNorm)}),
       c.op<gn::DivOp>({ctx.splat(e, maxNorm), c.op<gn::AddOp>({norm, ctx.splat(e, 1e-7)})}),
       ctx.splat(e, 1.0)});
  Value r = c.op<gn::MulOp>({x, scale});
  if (!c.ok())
    return failure();
  return r;
}

FailureOr<Value> algebra::sumToShape(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> ts) {
  auto xs = typeOf(x).getShape();
  int64_t lead = xs.size() - ts.size();
  if (lead < 0)
    return ctx.error("sum to a shape with more dims than the tensor");
  llvm::SmallVector<int64_t> dims;
  for (int64_t d = 0; d < (int64_t)xs.size(); ++d) {
    if (d < lead) {
      dims.push_back(d);
      continue;
    }
    int64_t want = ts[d - lead];
    if (want == xs[d])
      continue;
    if (want != 1)
      return ctx.error("the tensor's shape does not broadcast from the one to sum to");
    dims.push_back(d);
  }
  Chain c{ctx};
  Value r = dims.empty() ? x
                         : c.op<gn::ReduceSumOp>({x}, {ctx.ints("dims", dims),
                                                       ctx.flag("keepdim", false)});
  r = c.reshape(r, ts);
  if (!c.ok())
    return failure();
  return r;
}

FailureOr<std::string> algebra::explicitEinsum(ImportContext &ctx, std::string equation,
                                                llvm::ArrayRef<Value> operands) {
  if (equation.find("...") != std::string::npos) {
    // Spell '...' out with unused upper-case labels, right-aligned.
    std::string unused;
    for (char c = 'Z'; c >= 'A'; --c)
      if (equation.find(c) == std::string::npos)
        unused += c;
    llvm::SmallVector<llvm::StringRef> terms;
    llvm::StringRef eqRef(equation);
    auto [lhs, rhs] = eqRef.split("->");
    llvm::StringRef(lhs).split(terms, ',');
    if (terms.size() != operands.size())
      return ctx.error("einsum equation does not match the number of operands");
    int64_t maxEllipsis = 0;
    std::string out;
    for (auto [term, v] : llvm::zip(terms, operands)) {
      int64_t explicitLabels = 0;
      for (char c : term)
        explicitLabels += std::isalpha(c) != 0;
      int64_t n = typeOf(v).getRank() - explicitLabels;
      if (term.contains("...") && n < 0)
        return ctx.error("einsum term '" + term + "' does not match the operand rank");
      std::string labels = unused.substr(unused.size() - std::max<int64_t>(n, 0));
      maxEllipsis = std::max(maxEllipsis, n);
      std::string t = term.str();
      size_t pos = t.find("...");
      if (pos != std::string::npos)
        t.replace(pos, 3, labels);
      out += (out.empty() ? "" : ",") + t;
    }
    std::string all = unused.substr(unused.size() - maxEllipsis);
    if (equation.find("->") != std::string::npos) {
      std::string r = rhs.str();
      size_t pos = r.find("...");
      if (pos != std::string::npos)
        r.replace(pos, 3, all);
      out += "->" + r;
    } else {
      // Implicit output: broadcast labels first, then single-use labels.
      std::map<char, int> counts;
      for (char c : out)
        if (std::islower(c))
          counts[c]++;
      out += "->" + all;
      for (auto [c, k] : counts)
        if (k == 1)
          out += c;
    }
    equation = out;
  }
  if (equation.find("->") == std::string::npos) {
    // Implicit output: labels appearing once, sorted.
    std::map<char, int> counts;
    for (char c : equation)
      if (std::isalpha(c))
        counts[c]++;
    equation += "->";
    for (auto [c, n] : counts)
      if (n == 1)
        equation += c;
  }
  return equation;
}

FailureOr<Value> algebra::gridSample(ImportContext &ctx, Value x, Value grid, llvm::StringRef mode,
                                     llvm::StringRef padding, bool alignCorners) {
  if (mode != "bilinear" && mode != "nearest" && mode != "bicubic")
    return ctx.error("grid_sample: mode '" + mode +
                     "' is not supported (bilinear, nearest and bicubic are)");
  if (padding != "zeros" && padding != "border" && padding != "reflection")
    return ctx.error("grid_sample: padding_mode '" + padding +
                     "' is not supported (zeros, border and reflection are)");
  if (mode == "bicubic" && typeOf(grid).getShape().back() != 2)
    return ctx.error("grid_sample: bicubic takes 4-D input only (as PyTorch)");
  Value g = grid;
  // Bilinear and nearest reflect the grid point and sample with border
  // padding; bicubic pads each of its 16 taps (the op does, as PyTorch).
  if (padding == "reflection" && mode != "bicubic") {
    auto xt = typeOf(x), gt = typeOf(grid);
    int64_t rank = gt.getRank(), comps = gt.getShape().back();
    Type e = gt.getElementType();
    Chain c{ctx};
    llvm::SmallVector<Value> parts;
    for (int64_t k = 0; k < comps; ++k) {
      int64_t n = xt.getDimSize(xt.getRank() - 1 - k); // x reads W, y H, z D
      Value v = c.slice(g, rank - 1, k, k + 1);
      if (n == 1) { // one position: every coordinate reads it
        parts.push_back(c.op<gn::MulOp>({v, ctx.splat(e, 0)}));
        continue;
      }
      double lo2 = alignCorners ? 0 : -1, hi2 = alignCorners ? 2.0 * (n - 1) : 2.0 * n - 1;
      Value one = ctx.splat(e, 1);
      Value p = alignCorners
                    ? c.op<gn::MulOp>({c.op<gn::AddOp>({v, one}), ctx.splat(e, (n - 1) / 2.0)})
                    : c.op<gn::MulOp>({c.op<gn::SubOp>({c.op<gn::MulOp>(
                                                            {c.op<gn::AddOp>({v, one}),
                                                             ctx.splat(e, double(n))}),
                                                        one}),
                                       ctx.splat(e, 0.5)});
      double mn = lo2 / 2, span = (hi2 - lo2) / 2;
      Value q = c.op<gn::AbsOp>({c.op<gn::SubOp>({p, ctx.splat(e, mn)})});
      Value extra = c.op<gn::RemOp>({q, ctx.splat(e, span)});
      Value flips = c.op<gn::FloorOp>({c.op<gn::DivOp>({q, ctx.splat(e, span)})});
      Value even = c.op<gn::EqOp>({c.op<gn::RemOp>({flips, ctx.splat(e, 2)}), ctx.splat(e, 0)});
      Value r = c.op<gn::WhereOp>({even, c.op<gn::AddOp>({extra, ctx.splat(e, mn)}),
                                   c.op<gn::AddOp>({c.op<gn::SubOp>({ctx.splat(e, span), extra}),
                                                    ctx.splat(e, mn)})});
      r = c.op<gn::MinimumOp>({c.op<gn::MaximumOp>({r, ctx.splat(e, 0)}), ctx.splat(e, n - 1.0)});
      // Back to grid coordinates.
      Value back = alignCorners
                       ? c.op<gn::SubOp>({c.op<gn::MulOp>({r, ctx.splat(e, 2.0 / (n - 1))}), one})
                       : c.op<gn::SubOp>({c.op<gn::DivOp>({c.op<gn::AddOp>(
                                                               {c.op<gn::MulOp>({r, ctx.splat(e, 2)}),
                                                                one}),
                                                           ctx.splat(e, double(n))}),
                                          one});
      parts.push_back(back);
    }
    g = c.op<gn::ConcatOp>(parts, {ctx.i64("dim", rank - 1)});
    if (!c.ok())
      return failure();
    padding = "border";
  }
  return ctx.build<gn::GridSampleOp>({x, g}, {ctx.str("mode", mode),
                                             ctx.str("padding_mode", padding),
                                             ctx.flag("align_corners", alignCorners)});
}

namespace {

/// The elements of [..., n, n] as n * n values of shape [...], in f64.
FailureOr<std::vector<Value>> matrixElements(ImportContext &ctx, Chain &c, Value m,
                                             int64_t &n) {
  auto type = typeOf(m);
  int64_t rank = type.getRank();
  if (rank < 2 || type.getDimSize(rank - 1) != type.getDimSize(rank - 2))
    return ctx.error("expects square matrices in the last two dims");
  n = type.getDimSize(rank - 1);
  if (n < 1 || n > 4)
    return ctx.error("determinants and inverses of " + llvm::Twine(n) + "x" + llvm::Twine(n) +
                     " matrices are not supported (up to 4x4 are)");
  if (!isFloat(type.getElementType()))
    return ctx.error("expects a floating tensor");
  Value wide = c.convert(m, ctx.builder.getF64Type());
  llvm::SmallVector<int64_t> batch(type.getShape().drop_back(2));
  std::vector<Value> out;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j)
      out.push_back(c.reshape(c.slice(c.slice(wide, rank - 2, i, i + 1), rank - 1, j, j + 1),
                              batch));
  if (!c.ok())
    return failure();
  return out;
}

/// det of the submatrix of `e` (n x n, row-major) on `rows` x `cols`.
Value cofactorDet(Chain &c, const std::vector<Value> &e, int64_t n,
                  llvm::ArrayRef<int64_t> rows, llvm::ArrayRef<int64_t> cols) {
  if (rows.size() == 1)
    return e[rows[0] * n + cols[0]];
  Value sum;
  for (size_t k = 0; k < cols.size(); ++k) {
    llvm::SmallVector<int64_t> rest(cols.begin(), cols.end());
    rest.erase(rest.begin() + k);
    Value term = c.op<gn::MulOp>(
        {e[rows[0] * n + cols[k]], cofactorDet(c, e, n, rows.drop_front(), rest)});
    sum = !sum ? term : k % 2 ? c.op<gn::SubOp>({sum, term}) : c.op<gn::AddOp>({sum, term});
  }
  return sum;
}

} // namespace

FailureOr<Value> algebra::smallDet(ImportContext &ctx, Value m) {
  Chain c{ctx};
  int64_t n;
  auto e = matrixElements(ctx, c, m, n);
  if (failed(e))
    return failure();
  auto all = llvm::to_vector(llvm::seq<int64_t>(0, n));
  Value d = c.convert(cofactorDet(c, *e, n, all, all), typeOf(m).getElementType());
  if (!c.ok())
    return failure();
  return d;
}

FailureOr<Value> algebra::smallInverse(ImportContext &ctx, Value m, bool checkSingular) {
  Chain c{ctx};
  int64_t n;
  auto e = matrixElements(ctx, c, m, n);
  if (failed(e))
    return failure();
  auto type = typeOf(m);
  auto all = llvm::to_vector(llvm::seq<int64_t>(0, n));
  Value det = cofactorDet(c, *e, n, all, all);
  llvm::SmallVector<int64_t> batch(type.getShape().drop_back(2)), one(batch);
  one.push_back(1);
  llvm::SmallVector<Value> entries;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = 0; j < n; ++j) {
      // inverse[i][j] = cofactor[j][i] / det
      Value cof;
      if (n == 1) {
        cof = ctx.splat(ctx.builder.getF64Type(), 1, batch);
      } else {
        llvm::SmallVector<int64_t> rows, cols;
        for (int64_t r = 0; r < n; ++r)
          if (r != j)
            rows.push_back(r);
        for (int64_t q = 0; q < n; ++q)
          if (q != i)
            cols.push_back(q);
        cof = cofactorDet(c, *e, n, rows, cols);
        if ((i + j) % 2)
          cof = c.op<gn::NegOp>({cof});
      }
      entries.push_back(c.reshape(c.op<gn::DivOp>({cof, det}), one));
    }
  Value flat = c.op<gn::ConcatOp>(entries, {ctx.i64("dim", (int64_t)batch.size())});
  Value r = c.convert(c.reshape(flat, type.getShape()), type.getElementType());
  if (checkSingular)
    r = c.op<gn::CheckOp>({r, c.op<gn::NeOp>({det, ctx.splat(typeOf(det).getElementType(), 0)})},
                          {ctx.str("what", "singular_matrix")});
  if (!c.ok())
    return failure();
  return r;
}

FailureOr<std::pair<Value, Value>> algebra::mode(ImportContext &ctx, Value x, int64_t dim,
                                                 bool keepdim) {
  auto type = typeOf(x);
  int64_t rank = type.getRank(), n = type.getDimSize(dim);
  if (n < 1 || n > 4096)
    return ctx.error("mode over a dim of " + llvm::Twine(n) + " elements (1 to 4096 are supported)");
  Type e = type.getElementType(), i64 = ctx.i64Type();
  Chain c{ctx};
  // Move dim last: [.., n]; equals counted over a new last dim.
  llvm::SmallVector<int64_t> perm;
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      perm.push_back(d);
  perm.push_back(dim);
  Value v = c.op<gn::TransposeOp>({x}, {ctx.ints("permutation", perm)});
  llvm::SmallVector<int64_t> rowShape(typeOf(v).getShape()), a(rowShape), b(rowShape);
  a.push_back(1);
  b.insert(b.end() - 1, 1);
  Value eq = c.op<gn::EqOp>({c.reshape(v, a), c.reshape(v, b)}); // [.., n, n]
  Value counts = c.op<gn::ReduceSumOp>({c.convert(eq, i64)},
                                       {ctx.ints("dims", {rank}), ctx.flag("keepdim", false)});
  int64_t last = rank - 1;
  Value best = c.op<gn::ReduceMaxOp>({counts}, {ctx.ints("dims", {last}), ctx.flag("keepdim", true)});
  Value top = c.op<gn::EqOp>({counts, best});
  double inf = std::numeric_limits<double>::infinity();
  Value big = isFloat(e) ? ctx.splat(e, inf) : ctx.splat(e, double(std::numeric_limits<int64_t>::max()));
  Value value = c.op<gn::ReduceMinOp>({c.op<gn::WhereOp>({top, v, big})},
                                      {ctx.ints("dims", {last}), ctx.flag("keepdim", true)});
  // The index as PyTorch's CPU kernel picks it: the last of the value's run
  // in std::sort's order of the line (gn.top_k's "sort" ties).
  auto sorted = ctx.topK(v, n, last, /*largest=*/false, llvm::StringRef("sort"));
  if (failed(sorted))
    return failure();
  auto [sortedValues, order] = *sorted;
  Value iota = c.arange(n, i64);
  Value at = c.op<gn::WhereOp>({c.op<gn::EqOp>({sortedValues, value}), iota, ctx.splat(i64, -1)});
  Value position =
      c.op<gn::ReduceMaxOp>({at}, {ctx.ints("dims", {last}), ctx.flag("keepdim", true)});
  Value index = c.op<gn::GatherOp>({order, position}, {ctx.i64("dim", last)});
  // Back to x's dims: dim kept as 1 or dropped.
  llvm::SmallVector<int64_t> shape(type.getShape());
  if (keepdim)
    shape[dim] = 1;
  else
    shape.erase(shape.begin() + dim);
  if (keepdim) {
    // [.., 1] with dim last -> dim back in place.
    llvm::SmallVector<int64_t> inverse(rank);
    for (int64_t k = 0; k < rank; ++k)
      inverse[perm[k]] = k;
    value = c.op<gn::TransposeOp>({value}, {ctx.ints("permutation", inverse)});
    index = c.op<gn::TransposeOp>({index}, {ctx.ints("permutation", inverse)});
  }
  value = c.reshape(value, shape);
  index = c.reshape(index, shape);
  if (!c.ok())
    return failure();
  return std::make_pair(value, index);
}

std::pair<Value, Value> algebra::dataRange(ImportContext &ctx, Chain &c, Value v, double widen) {
  Type e = llvm::cast<RankedTensorType>(v.getType()).getElementType();
  auto all = [&](auto op) {
    return c.op<decltype(op)>({v}, {ctx.ints("dims", {0}), ctx.flag("keepdim", false)});
  };
  Value lo = all(gn::ReduceMinOp()), hi = all(gn::ReduceMaxOp());
  Value same = c.op<gn::EqOp>({lo, hi});
  lo = c.op<gn::WhereOp>({same, c.op<gn::SubOp>({lo, ctx.splat(e, widen)}), lo});
  hi = c.op<gn::WhereOp>({same, c.op<gn::AddOp>({hi, ctx.splat(e, widen)}), hi});
  return {lo, hi};
}

FailureOr<Value> algebra::histogram(ImportContext &ctx, Value x, int64_t bins, double lo,
                                    double hi, Value weight, bool density, Type resultType) {
  if (bins < 1)
    return ctx.error("histogram: bins must be positive, got " + llvm::Twine(bins));
  auto type = llvm::cast<RankedTensorType>(x.getType());
  if (weight && llvm::cast<RankedTensorType>(weight.getType()).getShape() != type.getShape())
    return ctx.error("histogram: the weight's shape differs from the input's");
  int64_t count = type.getNumElements();
  Type f64 = ctx.builder.getF64Type(), i64 = ctx.i64Type();
  Chain c{ctx};
  Value v = c.reshape(c.convert(x, f64), {count});
  Value low = ctx.splat(f64, lo), high = ctx.splat(f64, hi);
  if (lo == hi)
    std::tie(low, high) = dataRange(ctx, c, v, 1.0);
  Value inside = c.op<gn::AndOp>({c.op<gn::GeOp>({v, low}), c.op<gn::LeOp>({v, high})});
  Value position = c.op<gn::FloorOp>({c.op<gn::DivOp>(
      {c.op<gn::MulOp>({c.op<gn::SubOp>({v, low}), ctx.splat(f64, double(bins))}),
       c.op<gn::SubOp>({high, low})})});
  Value bin = c.op<gn::MinimumOp>({c.op<gn::MaximumOp>({c.convert(position, i64),
                                                        ctx.splat(i64, 0)}),
                                   ctx.splat(i64, double(bins - 1))});
  // Sums in the result's type as the frameworks do (f64 for integer
  // counts: exact to 2^53).
  Type acc = llvm::isa<FloatType>(resultType) ? resultType : f64;
  Value each = c.convert(inside, acc);
  if (weight)
    each = c.op<gn::MulOp>({each, c.reshape(c.convert(weight, acc), {count})});
  Value counts = c.op<gn::ScatterOp>({each, ctx.splat(acc, 0, {bins}), bin},
                                     {ctx.i64("dim", 0), ctx.str("reduce", "add")});
  if (density) {
    counts = c.convert(counts, f64);
    Value total = c.op<gn::ReduceSumOp>({counts}, {ctx.ints("dims", {0}), ctx.flag("keepdim", false)});
    Value width = c.op<gn::DivOp>({c.op<gn::SubOp>({high, low}), ctx.splat(f64, double(bins))});
    counts = c.op<gn::DivOp>({counts, c.op<gn::MulOp>({total, width})});
  }
  counts = c.convert(counts, resultType);
  if (!c.ok())
    return failure();
  return counts;
}
