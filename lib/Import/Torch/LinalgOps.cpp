//===- LinalgOps.cpp - torch's vector and matrix products, distances -----===//
//
// dot, vdot, inner, mv, addmv, addr, addbmm, tensordot, kron, trace,
// cross, cdist, dist, pairwise_distance and cosine_similarity, built from
// gn.einsum and elementwise ops. cdist follows PyTorch's two algorithms
// (the direct differences, or |x|^2 + |y|^2 - 2 x.y past 25 rows for
// p = 2), since the two round differently.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/TensorAlgebra.h"
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::gn::import;

namespace {

constexpr llvm::StringLiteral kLabels = "abcdefghijklmnopqrstuvwxyz";

/// Both operands at their promoted type.
LogicalResult promoted(ImportContext &ctx, const PyValue &a, const PyValue &b, Value &x,
                       Value &y) {
  auto t = ctx.promote({a, b});
  if (failed(t))
    return failure();
  auto cx = ctx.asTensor(a, *t), cy = ctx.asTensor(b, *t);
  if (failed(cx) || failed(cy))
    return failure();
  x = *cx;
  y = *cy;
  return success();
}

FailureOr<PyValue> einsum2(ImportContext &ctx, const PyValue &a, const PyValue &b,
                           llvm::StringRef equation) {
  Value x, y;
  if (failed(promoted(ctx, a, b, x, y)))
    return failure();
  return wrap(ctx.build<gn::EinsumOp>({x, y}, {ctx.str("equation", equation)}));
}

/// beta * input + alpha * product (beta = 0 ignores input, NaN included).
FailureOr<PyValue> scaledSum(ImportContext &ctx, Args &a, FailureOr<PyValue> product) {
  if (failed(product))
    return failure();
  const PyValue &beta = a.get("beta"), &alpha = a.get("alpha");
  PyValue p = *product;
  if (!(alpha.isNumber() && alpha.asDouble() == 1)) {
    auto s = ctx.binary<gn::MulOp>(p, alpha);
    if (failed(s))
      return failure();
    p = *s;
  }
  if (beta.isNumber() && beta.asDouble() == 0)
    return p;
  PyValue in = a.get("input");
  if (!(beta.isNumber() && beta.asDouble() == 1)) {
    auto s = ctx.binary<gn::MulOp>(in, beta);
    if (failed(s))
      return failure();
    in = *s;
  }
  return ctx.binary<gn::AddOp>(in, p);
}

FailureOr<PyValue> dot(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), y = a.tensor("other");
  if (failed(x) || failed(y))
    return failure();
  if (typeOf(*x).getRank() != 1 || typeOf(*y).getRank() != 1)
    return a.error("expects two 1-d tensors");
  return einsum2(ctx, a.get("input"), a.get("other"), "i,i->");
}

/// inner(a, b): the last dims contracted; a 0-d operand multiplies.
FailureOr<PyValue> inner(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), y = a.tensor("other");
  if (failed(x) || failed(y))
    return failure();
  int64_t rx = typeOf(*x).getRank(), ry = typeOf(*y).getRank();
  if (rx == 0 || ry == 0)
    return ctx.binary<gn::MulOp>(a.get("input"), a.get("other"));
  if (rx + ry - 1 > (int64_t)kLabels.size())
    return a.error("too many dims");
  std::string l = kLabels.substr(0, rx - 1).str(), r = kLabels.substr(rx - 1, ry - 1).str();
  return einsum2(ctx, a.get("input"), a.get("other"), l + "z," + r + "z->" + l + r);
}

FailureOr<PyValue> mv(ImportContext &ctx, const PyValue &mat, const PyValue &vec, Args &a) {
  if (!mat.isTensor() || !vec.isTensor() || mat.type().getRank() != 2 ||
      vec.type().getRank() != 1)
    return a.error("expects a 2-d matrix and a 1-d vector");
  return einsum2(ctx, mat, vec, "ij,j->i");
}

FailureOr<PyValue> addr(ImportContext &ctx, Args &a) {
  const PyValue &v1 = a.get("vec1"), &v2 = a.get("vec2");
  if (!v1.isTensor() || !v2.isTensor() || v1.type().getRank() != 1 || v2.type().getRank() != 1)
    return a.error("expects two 1-d vectors");
  return scaledSum(ctx, a, einsum2(ctx, v1, v2, "i,j->ij"));
}

FailureOr<PyValue> addbmm(ImportContext &ctx, Args &a) {
  const PyValue &b1 = a.get("batch1"), &b2 = a.get("batch2");
  if (!b1.isTensor() || !b2.isTensor() || b1.type().getRank() != 3 || b2.type().getRank() != 3)
    return a.error("expects two 3-d batches");
  return scaledSum(ctx, a, einsum2(ctx, b1, b2, "bij,bjk->ik"));
}

/// tensordot(a, b, dims): dims an int (a's last n against b's first n) or
/// two lists of dims.
FailureOr<PyValue> tensordot(ImportContext &ctx, Args &a) {
  auto x = a.tensor("a"), y = a.tensor("b");
  if (failed(x) || failed(y))
    return failure();
  int64_t rx = typeOf(*x).getRank(), ry = typeOf(*y).getRank();
  llvm::SmallVector<int64_t> dx, dy;
  const PyValue &dims = a.get("dims");
  if (dims.kind == PyValue::Int) {
    if (dims.i < 0 || dims.i > std::min(rx, ry))
      return a.error("dims must be in [0, min(a.dim(), b.dim())]");
    for (int64_t k = 0; k < dims.i; ++k) {
      dx.push_back(rx - dims.i + k);
      dy.push_back(k);
    }
  } else if (dims.isSequence() && dims.elts.size() == 2) {
    auto list = [&](const PyValue &v, int64_t rank, llvm::SmallVector<int64_t> &out) {
      std::vector<PyValue> items = v.isSequence() ? v.elts : std::vector<PyValue>{v};
      for (const PyValue &e : items) {
        if (e.kind != PyValue::Int)
          return failure();
        auto d = ctx.dim(e.i, rank);
        if (failed(d))
          return failure();
        out.push_back(*d);
      }
      return success();
    };
    if (failed(list(dims.elts[0], rx, dx)) || failed(list(dims.elts[1], ry, dy)) ||
        dx.size() != dy.size())
      return a.error("dims must be an int or two lists of dims of the same length");
  } else {
    return a.error("dims must be an int or two lists of dims");
  }
  if (rx + ry > (int64_t)kLabels.size())
    return a.error("too many dims");
  std::string lx(rx, ' '), ly(ry, ' '), out;
  for (int64_t i = 0; i < rx; ++i)
    lx[i] = kLabels[i];
  for (int64_t j = 0; j < ry; ++j)
    ly[j] = kLabels[rx + j];
  for (size_t k = 0; k < dx.size(); ++k)
    ly[dy[k]] = lx[dx[k]];
  for (int64_t i = 0; i < rx; ++i)
    if (!llvm::is_contained(dx, i))
      out += lx[i];
  for (int64_t j = 0; j < ry; ++j)
    if (!llvm::is_contained(dy, j))
      out += ly[j];
  return einsum2(ctx, a.get("a"), a.get("b"), lx + "," + ly + "->" + out);
}

/// kron(a, b) (gn/Import/Python/TensorAlgebra.h).
FailureOr<PyValue> kron(ImportContext &ctx, Args &a) {
  Value x, y;
  if (failed(promoted(ctx, a.get("input"), a.get("other"), x, y)))
    return failure();
  return wrap(algebra::kron(ctx, x, y));
}

/// trace(x): the sum of a 2-d tensor's main diagonal.
FailureOr<PyValue> trace(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  if (typeOf(*x).getRank() != 2)
    return a.error("expects a 2-d tensor");
  return wrap(algebra::trace(ctx, *x, 0, 0, 1));
}

/// cross(a, b, dim): the 3-vector cross product along dim (torch.cross
/// without dim: the first dim of size 3; linalg.cross: the last).
FailureOr<PyValue> cross(ImportContext &ctx, Args &a, bool linalg) {
  Value x, y;
  if (failed(promoted(ctx, a.get("input"), a.get("other"), x, y)))
    return failure();
  auto shape = gn::broadcastShapes(typeOf(x).getShape(), typeOf(y).getShape());
  if (!shape)
    return a.error("the operands do not broadcast");
  Chain c{ctx};
  auto expand = [&](Value v) {
    return typeOf(v).getShape() == llvm::ArrayRef<int64_t>(*shape)
               ? v
               : c.op<gn::BroadcastToOp>({v}, {ctx.ints("shape", *shape)});
  };
  x = expand(x);
  y = expand(y);
  int64_t rank = shape->size(), dim = -1;
  if (a.has("dim")) {
    auto d = a.integer("dim");
    if (failed(d))
      return failure();
    auto nd = ctx.dim(*d, rank);
    if (failed(nd))
      return failure();
    dim = *nd;
  } else if (linalg) {
    dim = rank - 1;
  } else {
    for (int64_t d = 0; d < rank && dim < 0; ++d)
      if ((*shape)[d] == 3)
        dim = d;
  }
  if (dim < 0 || (*shape)[dim] != 3)
    return a.error("the cross product needs a dim of size 3");
  if (!c.ok())
    return failure();
  return wrap(algebra::cross(ctx, x, y, dim));
}

/// The p-norm of `d` over `dims`: p = 0 counts nonzeros, inf takes the
/// largest magnitude, -inf the smallest.
Value pNorm(ImportContext &ctx, Chain &c, Value d, double p, llvm::ArrayRef<int64_t> dims,
            bool keepdim) {
  Type e = typeOf(d).getElementType();
  llvm::SmallVector<NamedAttribute> attrs{ctx.ints("dims", dims), ctx.flag("keepdim", keepdim)};
  Value mag = c.op<gn::AbsOp>({d});
  if (std::isinf(p))
    return p > 0 ? c.op<gn::ReduceMaxOp>({mag}, attrs) : c.op<gn::ReduceMinOp>({mag}, attrs);
  if (p == 0)
    return c.op<gn::ReduceSumOp>(
        {c.convert(c.op<gn::NeOp>({d, ctx.splat(e, 0)}), e)}, attrs);
  if (p == 1)
    return c.op<gn::ReduceSumOp>({mag}, attrs);
  if (p == 2)
    return c.op<gn::SqrtOp>({c.op<gn::ReduceSumOp>({c.op<gn::MulOp>({d, d})}, attrs)});
  Value powered = c.op<gn::PowOp>({mag, ctx.splat(e, p)});
  return c.op<gn::PowOp>({c.op<gn::ReduceSumOp>({powered}, attrs), ctx.splat(e, 1 / p)});
}

FailureOr<double> normOrder(Args &a, llvm::StringRef name) {
  const PyValue &p = a.get(name);
  if (p.isNone())
    return 2.0;
  if (!p.isNumber())
    return a.error("argument '" + name + "' must be a number");
  double v = p.asDouble();
  if (v < 0 && !std::isinf(v))
    return a.error("p must be non-negative");
  return v;
}

/// cdist(x1 [..., P, M], x2 [..., R, M], p): [..., P, R].
FailureOr<PyValue> cdist(ImportContext &ctx, Args &a) {
  Value x, y;
  if (failed(promoted(ctx, a.get("x1"), a.get("x2"), x, y)))
    return failure();
  auto p = normOrder(a, "p");
  if (failed(p))
    return failure();
  auto tx = typeOf(x), ty = typeOf(y);
  int64_t rank = tx.getRank();
  if (rank < 2 || ty.getRank() != rank || tx.getShape().back() != ty.getShape().back() ||
      tx.getShape().drop_back(2) != ty.getShape().drop_back(2))
    return a.error("expects [..., P, M] and [..., R, M] with the same batch dims");
  if (!isFloat(tx.getElementType()))
    return a.error("expects float tensors");
  int64_t rows = tx.getDimSize(rank - 2), cols = ty.getDimSize(rank - 2);
  int64_t mode = 0; // 0: PyTorch's default, 1: always mm, 2: never
  const PyValue &m = a.get("compute_mode");
  if (m.kind == PyValue::Str)
    mode = m.s == "use_mm_for_euclid_dist" ? 1 : m.s == "donot_use_mm_for_euclid_dist" ? 2 : 0;
  Chain c{ctx};
  Type e = tx.getElementType();
  llvm::SmallVector<int64_t> batch(tx.getShape().drop_back(2));
  if (*p == 2 && (mode == 1 || (mode == 0 && (rows > 25 || cols > 25)))) {
    // PyTorch's matrix form: sqrt(clamp_min(|x|^2 - 2 x.y + |y|^2, 0)).
    auto sq = [&](Value v) {
      return c.op<gn::ReduceSumOp>({c.op<gn::MulOp>({v, v})},
                                   {ctx.ints("dims", {rank - 1}), ctx.flag("keepdim", true)});
    };
    llvm::SmallVector<int64_t> perm;
    for (int64_t d = 0; d < rank; ++d)
      perm.push_back(d);
    std::swap(perm[rank - 1], perm[rank - 2]);
    Value xy = c.op<gn::MatmulOp>({x, c.transpose(y, perm)});
    Value yy = c.transpose(sq(y), perm);
    Value d2 = c.op<gn::AddOp>(
        {c.op<gn::SubOp>({sq(x), c.op<gn::MulOp>({xy, ctx.splat(e, 2)})}), yy});
    Value r = c.op<gn::SqrtOp>({c.op<gn::MaximumOp>({d2, ctx.splat(e, 0)})});
    if (!c.ok())
      return failure();
    return PyValue::of(r);
  }
  llvm::SmallVector<int64_t> ex(batch), ey(batch);
  ex.append({rows, 1, tx.getShape().back()});
  ey.append({1, cols, tx.getShape().back()});
  Value d = c.op<gn::SubOp>({c.reshape(x, ex), c.reshape(y, ey)});
  Value r = pNorm(ctx, c, d, *p, {rank}, false);
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// dist(a, b, p): the p-norm of a - b over every element.
FailureOr<PyValue> dist(ImportContext &ctx, Args &a) {
  auto p = normOrder(a, "p");
  auto d = ctx.binary<gn::SubOp>(a.get("input"), a.get("other"));
  if (failed(p) || failed(d))
    return failure();
  Value v = d->tensor;
  if (!isFloat(typeOf(v).getElementType()))
    return a.error("expects float tensors");
  llvm::SmallVector<int64_t> all;
  for (int64_t i = 0; i < typeOf(v).getRank(); ++i)
    all.push_back(i);
  Chain c{ctx};
  Value r = all.empty() ? c.op<gn::AbsOp>({v}) : pNorm(ctx, c, v, *p, all, false);
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// pairwise_distance(x1, x2, p, eps, keepdim) = |x1 - x2 + eps|_p over the
/// last dim.
FailureOr<PyValue> pairwiseDistance(ImportContext &ctx, Args &a) {
  auto p = normOrder(a, "p");
  auto eps = a.real("eps");
  auto keep = a.boolean("keepdim");
  auto d = ctx.binary<gn::SubOp>(a.get("x1"), a.get("x2"));
  if (failed(p) || failed(eps) || failed(keep) || failed(d))
    return failure();
  auto shifted = ctx.binary<gn::AddOp>(*d, PyValue::real(*eps));
  if (failed(shifted))
    return failure();
  Value v = shifted->tensor;
  int64_t rank = typeOf(v).getRank();
  if (rank == 0)
    return wrap(ctx.build<gn::AbsOp>({v}));
  Chain c{ctx};
  Value r = pNorm(ctx, c, v, *p, {rank - 1}, *keep);
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// cosine_similarity(x1, x2, dim, eps): sum((x1 / max(|x1|, eps)) *
/// (x2 / max(|x2|, eps))) over dim, as PyTorch computes it.
FailureOr<PyValue> cosineSimilarity(ImportContext &ctx, Args &a) {
  Value x, y;
  if (failed(promoted(ctx, a.get("x1"), a.get("x2"), x, y)))
    return failure();
  auto d = a.integer("dim");
  auto eps = a.real("eps");
  if (failed(d) || failed(eps))
    return failure();
  auto shape = gn::broadcastShapes(typeOf(x).getShape(), typeOf(y).getShape());
  if (!shape)
    return a.error("the operands do not broadcast");
  auto dim = ctx.dim(*d, shape->size());
  if (failed(dim))
    return failure();
  Type e = typeOf(x).getElementType();
  if (!isFloat(e))
    return a.error("expects float tensors");
  Chain c{ctx};
  auto unit = [&](Value v) {
    if (typeOf(v).getShape() != llvm::ArrayRef<int64_t>(*shape))
      v = c.op<gn::BroadcastToOp>({v}, {ctx.ints("shape", *shape)});
    Value norm = pNorm(ctx, c, v, 2, {*dim}, true);
    return c.op<gn::DivOp>({v, c.op<gn::MaximumOp>({norm, ctx.splat(e, *eps)})});
  };
  Value r = c.op<gn::ReduceSumOp>({c.op<gn::MulOp>({unit(x), unit(y)})},
                                  {ctx.ints("dims", {*dim}), ctx.flag("keepdim", false)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// linalg.vecdot(x, y, *, dim=-1): sum(x * y) along dim (real tensors).
FailureOr<PyValue> vecdot(ImportContext &ctx, Args &a) {
  auto d = a.integer("dim");
  if (failed(d))
    return failure();
  auto prod = ctx.binary<gn::MulOp>(a.get("x"), a.get("y"));
  if (failed(prod))
    return failure();
  auto dim = ctx.dim(*d, prod->type().getRank());
  if (failed(dim))
    return failure();
  return wrap(ctx.build<gn::ReduceSumOp>({prod->tensor}, {ctx.ints("dims", {*dim}),
                                                          ctx.flag("keepdim", false)}));
}

/// linalg.multi_dot(tensors) and chain_matmul(*matrices): the product left
/// to right; multi_dot takes a 1-d first (a row) and last (a column) and
/// drops those dims from the result.
FailureOr<PyValue> chainProduct(ImportContext &ctx, Args &a, bool multiDot) {
  llvm::SmallVector<Value> ms;
  if (multiDot) {
    auto ts = a.tensors("tensors");
    if (failed(ts))
      return failure();
    ms = *ts;
  } else {
    for (const PyValue &v : a.rest()) {
      if (!v.isTensor())
        return a.error("expects tensors");
      ms.push_back(v.tensor);
    }
  }
  if (ms.empty() || (multiDot && ms.size() < 2))
    return a.error(multiDot ? "needs at least two tensors" : "needs at least one matrix");
  Chain c{ctx};
  bool rowFirst = typeOf(ms.front()).getRank() == 1, columnLast = typeOf(ms.back()).getRank() == 1;
  if (multiDot && rowFirst)
    ms.front() = c.reshape(ms.front(), {1, typeOf(ms.front()).getDimSize(0)});
  if (multiDot && columnLast)
    ms.back() = c.reshape(ms.back(), {typeOf(ms.back()).getDimSize(0), 1});
  if (!c.ok())
    return failure();
  for (Value m : ms)
    if (typeOf(m).getRank() != 2)
      return a.error("expects 2-d matrices (1-d ends for multi_dot)");
  Value r = ms[0];
  for (size_t i = 1; i < ms.size(); ++i)
    r = c.op<gn::MatmulOp>({r, ms[i]});
  if (multiDot && (rowFirst || columnLast)) {
    llvm::SmallVector<int64_t> shape;
    if (!rowFirst)
      shape.push_back(typeOf(r).getDimSize(0));
    if (!columnLast)
      shape.push_back(typeOf(r).getDimSize(1));
    r = c.reshape(r, shape);
  }
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// F.bilinear(input1, input2, weight, bias=None): out[.., o] =
/// x1[..] W[o] x2[..] + bias[o].
FailureOr<PyValue> bilinear(ImportContext &ctx, Args &a) {
  auto x1 = a.tensor("input1"), x2 = a.tensor("input2"), w = a.tensor("weight");
  auto b = a.optionalTensor("bias");
  if (failed(x1) || failed(x2) || failed(w) || failed(b))
    return failure();
  auto t1 = typeOf(*x1), t2 = typeOf(*x2);
  if (typeOf(*w).getRank() != 3 || t1.getRank() < 1 ||
      t1.getShape().drop_back() != t2.getShape().drop_back())
    return a.error("expects inputs with equal leading dims and a 3-d weight");
  int64_t rows = 1;
  for (int64_t d : t1.getShape().drop_back())
    rows *= d;
  Chain c{ctx};
  Value l = c.reshape(*x1, {rows, t1.getShape().back()});
  Value r = c.reshape(*x2, {rows, t2.getShape().back()});
  Value left = c.op<gn::EinsumOp>({l, *w}, {ctx.str("equation", "bi,oij->boj")});
  Value out = c.op<gn::EinsumOp>({left, r}, {ctx.str("equation", "boj,bj->bo")});
  if (*b)
    out = c.op<gn::AddOp>({out, *b});
  llvm::SmallVector<int64_t> shape(t1.getShape().drop_back());
  shape.push_back(typeOf(*w).getDimSize(0));
  out = c.reshape(out, shape);
  if (!c.ok())
    return failure();
  return PyValue::of(out);
}

/// diagflat(input, offset=0): input flattened onto a diagonal of a square
/// matrix.
FailureOr<PyValue> diagflat(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto offset = a.integer("offset");
  if (failed(x) || failed(offset))
    return failure();
  auto flat = ctx.reshape(*x, {typeOf(*x).getNumElements()});
  if (failed(flat))
    return failure();
  return wrap(algebra::diagEmbed(ctx, *flat, *offset, 0, 1));
}

/// cartesian_prod(*tensors): every combination of the 1-d inputs' elements,
/// one per row, the last input varying fastest; one input is itself.
FailureOr<PyValue> cartesianProd(ImportContext &ctx, Args &a) {
  llvm::SmallVector<Value> xs;
  for (const PyValue &v : a.rest()) {
    if (!v.isTensor() || v.type().getRank() != 1)
      return a.error("expects 1-d tensors");
    xs.push_back(v.tensor);
  }
  if (xs.empty())
    return a.error("expects at least one tensor");
  if (xs.size() == 1)
    return PyValue::of(xs[0]);
  llvm::SmallVector<int64_t> grid;
  for (Value x : xs)
    grid.push_back(typeOf(x).getDimSize(0));
  int64_t total = 1;
  for (int64_t g : grid)
    total *= g;
  Chain c{ctx};
  llvm::SmallVector<Value> columns;
  for (size_t i = 0; i < xs.size(); ++i) {
    llvm::SmallVector<int64_t> shape(xs.size(), 1);
    shape[i] = grid[i];
    Value b = c.op<gn::BroadcastToOp>({c.reshape(xs[i], shape)}, {ctx.ints("shape", grid)});
    columns.push_back(c.reshape(b, {total, 1}));
  }
  Value r = c.op<gn::ConcatOp>(columns, {ctx.i64("dim", 1)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// vander(x, N=None, increasing=False): columns x^(N-1) .. x^0 (or up).
FailureOr<PyValue> vander(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto increasing = a.boolean("increasing");
  if (failed(x) || failed(increasing))
    return failure();
  if (typeOf(*x).getRank() != 1)
    return a.error("expects a 1-d tensor");
  int64_t n = typeOf(*x).getDimSize(0), cols = n;
  if (a.has("N")) {
    auto given = a.integer("N");
    if (failed(given))
      return failure();
    if (*given < 0)
      return a.error("N must be non-negative");
    cols = *given;
  }
  Chain c{ctx};
  Type e = typeOf(*x).getElementType();
  Value column = c.reshape(*x, {n, 1});
  llvm::SmallVector<Value> powers;
  Value p = ctx.splat(e, 1, {n, 1});
  for (int64_t k = 0; k < cols; ++k) {
    powers.push_back(p);
    p = c.op<gn::MulOp>({p, column});
  }
  if (!*increasing)
    std::reverse(powers.begin(), powers.end());
  Value r = powers.empty() ? ctx.splat(e, 0, {n, 0})
                           : c.op<gn::ConcatOp>(powers, {ctx.i64("dim", 1)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// frobenius_norm(input, dim, keepdim=False): sqrt(sum(x^2)) over dim.
FailureOr<PyValue> frobeniusNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto keep = a.boolean("keepdim");
  if (failed(x) || failed(keep))
    return failure();
  llvm::SmallVector<int64_t> given;
  if (a.has("dim")) {
    auto dims = a.ints("dim");
    if (failed(dims))
      return failure();
    given = *dims;
  }
  int64_t rank = typeOf(*x).getRank();
  llvm::SmallVector<int64_t> ds;
  for (int64_t d : given) {
    auto n = ctx.dim(d, std::max<int64_t>(rank, 1));
    if (failed(n))
      return failure();
    ds.push_back(*n);
  }
  if (ds.empty())
    for (int64_t d = 0; d < rank; ++d)
      ds.push_back(d);
  Chain c{ctx};
  Value r = c.op<gn::SqrtOp>({c.op<gn::ReduceSumOp>({c.op<gn::MulOp>({*x, *x})},
                                                    {ctx.ints("dims", ds), ctx.flag("keepdim", *keep)})});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// renorm(input, p, dim, maxnorm).
FailureOr<PyValue> renorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto p = a.real("p"), maxNorm = a.real("maxnorm");
  auto d = a.integer("dim");
  if (failed(x) || failed(p) || failed(maxNorm) || failed(d))
    return failure();
  auto dim = ctx.dim(*d, typeOf(*x).getRank());
  if (failed(dim))
    return failure();
  return wrap(algebra::renorm(ctx, *x, *p, *dim, *maxNorm));
}

/// pdist(input, p=2): the p-norm distances between the rows of [N, M],
/// pairs (i < j) in row-major order.
FailureOr<PyValue> pdist(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto p = a.real("p");
  if (failed(x) || failed(p))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() != 2)
    return a.error("expects a 2-d input");
  if (*p < 0)
    return a.error("p must be non-negative");
  int64_t n = type.getDimSize(0);
  std::vector<double> is, js;
  for (int64_t i = 0; i < n; ++i)
    for (int64_t j = i + 1; j < n; ++j)
      is.push_back(i), js.push_back(j);
  int64_t pairs = is.size();
  Type e = type.getElementType();
  Chain c{ctx};
  auto rows = [&](const std::vector<double> &at) {
    return c.op<gn::IndexSelectOp>({*x, denseConstant(ctx, ctx.i64Type(), {pairs}, at)},
                                   {ctx.i64("dim", 0)});
  };
  Value d = c.op<gn::AbsOp>({c.op<gn::SubOp>({rows(is), rows(js)})});
  auto sum = [&](Value v) {
    return c.op<gn::ReduceSumOp>({v}, {ctx.ints("dims", {1}), ctx.flag("keepdim", false)});
  };
  Value r;
  if (*p == 0)
    r = sum(c.convert(c.op<gn::NeOp>({d, ctx.splat(e, 0)}), e));
  else if (std::isinf(*p))
    r = c.op<gn::ReduceMaxOp>({d}, {ctx.ints("dims", {1}), ctx.flag("keepdim", false)});
  else if (*p == 2)
    r = c.op<gn::SqrtOp>({sum(c.op<gn::MulOp>({d, d}))});
  else
    r = c.op<gn::PowOp>({sum(c.op<gn::PowOp>({d, ctx.splat(e, *p)})), ctx.splat(e, 1 / *p)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// det / inverse / slogdet / logdet / solve of small matrices (n <= 4,
/// algebra::smallDet and smallInverse).
FailureOr<PyValue> det(ImportContext &ctx, Args &a) {
  auto x = a.tensor("A");
  if (failed(x))
    return failure();
  return wrap(algebra::smallDet(ctx, *x));
}
FailureOr<PyValue> inverse(ImportContext &ctx, Args &a) {
  auto x = a.tensor("A");
  if (failed(x))
    return failure();
  return wrap(algebra::smallInverse(ctx, *x));
}
/// slogdet(A) -> (sign, logabsdet); logdet(A) = log(det) (NaN below 0).
template <bool Signed> FailureOr<PyValue> logDet(ImportContext &ctx, Args &a) {
  auto x = a.tensor("A");
  if (failed(x))
    return failure();
  auto d = algebra::smallDet(ctx, *x);
  if (failed(d))
    return failure();
  Chain c{ctx};
  if (!Signed) {
    Value r = c.op<gn::LogOp>({*d});
    if (!c.ok())
      return failure();
    return PyValue::of(r);
  }
  Value sign = c.op<gn::SignOp>({*d});
  Value logabs = c.op<gn::LogOp>({c.op<gn::AbsOp>({*d})});
  if (!c.ok())
    return failure();
  return PyValue::tuple({PyValue::of(sign), PyValue::of(logabs)});
}
/// linalg.solve(A, B, *, left=True): inverse(A) @ B (B a vector or
/// matrices); left=False solves X A = B.
FailureOr<PyValue> solve(ImportContext &ctx, Args &a) {
  auto A = a.tensor("A"), B = a.tensor("B");
  auto left = a.boolean("left");
  if (failed(A) || failed(B) || failed(left))
    return failure();
  auto inv = algebra::smallInverse(ctx, *A);
  if (failed(inv))
    return failure();
  Chain c{ctx};
  int64_t ar = typeOf(*A).getRank(), br = typeOf(*B).getRank();
  Value r;
  if (!*left) {
    r = c.op<gn::MatmulOp>({*B, *inv});
  } else if (br == ar - 1) { // a batch of vectors
    llvm::SmallVector<int64_t> col(typeOf(*B).getShape());
    col.push_back(1);
    r = c.op<gn::MatmulOp>({*inv, c.reshape(*B, col)});
    r = c.reshape(r, typeOf(*B).getShape());
  } else {
    r = c.op<gn::MatmulOp>({*inv, *B});
  }
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}
/// linalg.inv_ex(A) -> (inverse, info): a singular matrix does not fail
/// the run here (check_errors=False), its inverse is inf / NaN; info is 0
/// (gn has no pivots to name the first zero one: not PyTorch's value for
/// a singular matrix).
FailureOr<PyValue> inverseEx(ImportContext &ctx, Args &a) {
  auto x = a.tensor("A");
  if (failed(x))
    return failure();
  auto inv = algebra::smallInverse(ctx, *x, /*checkSingular=*/false);
  if (failed(inv))
    return failure();
  llvm::SmallVector<int64_t> batch(typeOf(*inv).getShape().drop_back(2));
  return PyValue::tuple({PyValue::of(*inv), PyValue::of(ctx.splat(ctx.builder.getI32Type(), 0, batch))});
}

/// combinations(input, r=2, with_replacement=False): the r-element
/// combinations of a 1-d input's elements in lexicographic order of their
/// positions, [count, r] (itertools.combinations / _with_replacement).
FailureOr<PyValue> combinations(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto r = a.integer("r");
  auto repeat = a.boolean("with_replacement");
  if (failed(x) || failed(r) || failed(repeat))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() != 1)
    return a.error("expects a 1-d tensor");
  if (*r < 0)
    return a.error("r must be non-negative");
  int64_t n = type.getDimSize(0);
  Chain c{ctx};
  if (*r == 0 || (!*repeat && *r > n))
    return PyValue::of(c.op<gn::ReshapeOp>({c.op<gn::SliceOp>(
                                               {*x}, {ctx.ints("starts", {0}), ctx.ints("limits", {0}),
                                                      ctx.ints("steps", {1})})},
                                           {ctx.ints("shape", {0})}));
  std::vector<int64_t> positions, pick(*r, 0);
  if (!*repeat)
    for (int64_t i = 0; i < *r; ++i)
      pick[i] = i;
  while (true) {
    positions.insert(positions.end(), pick.begin(), pick.end());
    if (positions.size() > (size_t(1) << 24))
      return a.error("more than 2^24 combinations");
    int64_t i = *r - 1;
    while (i >= 0 && pick[i] == (*repeat ? n - 1 : n - *r + i))
      --i;
    if (i < 0)
      break;
    ++pick[i];
    for (int64_t j = i + 1; j < *r; ++j)
      pick[j] = *repeat ? pick[i] : pick[j - 1] + 1;
  }
  int64_t count = positions.size() / *r;
  auto idxType = RankedTensorType::get({count * *r}, ctx.i64Type());
  Value idx = gn::ConstantOp::create(ctx.builder, ctx.loc, idxType,
                                     DenseElementsAttr::get(idxType, llvm::ArrayRef(positions)));
  Value picked = c.op<gn::IndexSelectOp>({*x, idx}, {ctx.i64("dim", 0)});
  Value result = c.reshape(picked, {count, *r});
  if (!c.ok())
    return failure();
  return PyValue::of(result);
}

} // namespace

FailureOr<Value> mlir::gn::import::floatVectorNorm(ImportContext &ctx, Value v, double p,
                                                   llvm::ArrayRef<int64_t> dims, bool keep) {
  // f16 / bf16 in f32 and rounded once, as PyTorch's kernels (the squares
  // of 256 and more overflow f16).
  Type e = typeOf(v).getElementType();
  bool half = e.isF16() || e.isBF16();
  if (half) {
    auto wide = ctx.convert(v, ctx.f32());
    if (failed(wide))
      return failure();
    v = *wide;
  }
  Chain c{ctx};
  Value r = pNorm(ctx, c, v, p, dims, keep);
  if (!c.ok())
    return failure();
  return half ? ctx.convert(r, e) : FailureOr<Value>(r);
}

/// linalg.matrix_norm(A, ord='fro', dim=(-2, -1), keepdim=False): 'fro',
/// 1 / -1 (max / min over columns of the column sums of |A|), inf / -inf
/// (over rows); 'nuc' and +-2 need singular values: refused. dtype=
/// converts A first.
FailureOr<PyValue> mlir::gn::import::matrixNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("A");
  if (succeeded(x))
    x = withDtype(ctx, a, *x);
  auto keep = a.boolean("keepdim");
  if (failed(x) || failed(keep))
    return failure();
  FailureOr<llvm::SmallVector<int64_t>> dims = llvm::SmallVector<int64_t>{-2, -1};
  if (a.has("dim"))
    dims = a.ints("dim");
  if (failed(dims))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() < 2 || dims->size() != 2)
    return a.error("expects a matrix (or a batch) and two dims");
  auto d0 = ctx.dim((*dims)[0], type.getRank()), d1 = ctx.dim((*dims)[1], type.getRank());
  if (failed(d0) || failed(d1))
    return failure();
  if (*d0 == *d1)
    return a.error("the two dims must differ");
  const PyValue &ord = a.get("ord");
  Chain c{ctx};
  Value abs = c.op<gn::AbsOp>({*x});
  auto reduce = [&](auto op, Value v, int64_t d) {
    return c.op<decltype(op)>({v}, {ctx.ints("dims", {d}), ctx.flag("keepdim", true)});
  };
  Value r;
  if (ord.kind == PyValue::Str && ord.s == "fro") {
    r = c.op<gn::SqrtOp>({c.op<gn::ReduceSumOp>(
        {c.op<gn::MulOp>({abs, abs})}, {ctx.ints("dims", {*d0, *d1}), ctx.flag("keepdim", true)})});
  } else if (ord.isNumber() && (std::fabs(ord.asDouble()) == 1 || std::isinf(ord.asDouble()))) {
    double o = ord.asDouble();
    // 1: sums down the rows (over d0), then the largest over d1; inf: the other way.
    int64_t sumDim = std::isinf(o) ? *d1 : *d0, overDim = std::isinf(o) ? *d0 : *d1;
    Value sums = reduce(gn::ReduceSumOp(), abs, sumDim);
    r = o > 0 ? reduce(gn::ReduceMaxOp(), sums, overDim) : reduce(gn::ReduceMinOp(), sums, overDim);
  } else {
    return a.error("ord " + ord.describe() + " (singular values) is not supported");
  }
  if (!*keep) {
    llvm::SmallVector<int64_t> shape;
    for (int64_t i = 0; i < type.getRank(); ++i)
      if (i != *d0 && i != *d1)
        shape.push_back(type.getDimSize(i));
    r = c.reshape(r, shape);
  }
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

void mlir::gn::import::registerLinalgOps(OpRegistry &r) {
  r.add("dot|vdot", "input, other", dot);
  r.add("inner", "input, other", inner);
  r.add("mv", "input, vec", [](ImportContext &ctx, Args &a) {
    return mv(ctx, a.get("input"), a.get("vec"), a);
  });
  r.add("addmv", "input, mat, vec, *, beta=1, alpha=1", [](ImportContext &ctx, Args &a) {
    return scaledSum(ctx, a, mv(ctx, a.get("mat"), a.get("vec"), a));
  });
  r.add("addr", "input, vec1, vec2, *, beta=1, alpha=1", addr);
  r.add("addbmm", "input, batch1, batch2, *, beta=1, alpha=1", addbmm);
  r.add("tensordot", "a, b, dims=2, out=None", tensordot);
  r.add("kron", "input, other", kron);
  r.add("vecdot|linalg_vecdot", "x, y, *, dim=-1", vecdot);
  r.add("multi_dot|linalg_multi_dot", "tensors, *, out=None",
        [](ImportContext &ctx, Args &a) { return chainProduct(ctx, a, true); });
  r.add("chain_matmul", "*matrices, out=None",
        [](ImportContext &ctx, Args &a) { return chainProduct(ctx, a, false); });
  r.add("matrix_power|linalg_matrix_power", "input, n",
        [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
          auto x = a.tensor("input");
          auto n = a.integer("n");
          if (failed(x) || failed(n))
            return failure();
          return wrap(algebra::matrixPower(ctx, *x, *n));
        });
  r.add("bilinear", "input1, input2, weight, bias=None", bilinear);
  r.add("diagflat", "input, offset=0", diagflat);
  r.add("det|linalg_det", "A", det);
  r.add("inverse|inv|linalg_inv", "A, *, out=None", inverse);
  r.add("inv_ex|linalg_inv_ex", "A, *, check_errors=False, out=None", inverseEx);
  r.add("slogdet|linalg_slogdet", "A", logDet<true>);
  r.add("logdet", "A", logDet<false>);
  r.add("solve|linalg_solve", "A, B, *, left=True, out=None", solve);
  r.add("frobenius_norm", "input, dim=None, keepdim=False", frobeniusNorm);
  r.add("renorm", "input, p, dim, maxnorm", renorm);
  r.add("pdist", "input, p=2", pdist);
  r.add("cartesian_prod", "*tensors", cartesianProd);
  r.add("combinations", "input, r=2, with_replacement=False", combinations);
  r.add("matrix_norm|linalg_matrix_norm", "A, ord='fro', dim=None, keepdim=False, *, dtype=None",
        matrixNorm);
  r.add("vander", "x, N=None, increasing=False", vander);
  // torch.linalg.vander counts its powers up, torch.vander down.
  r.add("torch.linalg.vander|linalg_vander", "x, *, N=None, increasing=True", vander);
  r.add("trace", "input", trace);
  r.add("cross", "input, other, dim=None", [](ImportContext &ctx, Args &a) {
    return cross(ctx, a, /*linalg=*/false);
  });
  r.add("torch.linalg.cross|linalg_cross", "input, other, *, dim=-1", [](ImportContext &ctx, Args &a) {
    return cross(ctx, a, /*linalg=*/true);
  });
  r.add("cdist", "x1, x2, p=2.0, compute_mode=None", cdist);
  r.add("dist", "input, other, p=2", dist);
  r.add("pairwise_distance", "x1, x2, p=2.0, eps=1e-06, keepdim=False", pairwiseDistance);
  r.add("cosine_similarity", "x1, x2, dim=1, eps=1e-08", cosineSimilarity);
}
