//===- LinalgOps.cpp - Paddle's products, diagonals, scans and statistics ---===//
//
// dot, mv, kron, cross, trace, diagonal, diag_embed, addmm, baddbmm,
// unbind, unstack, reverse, channel_shuffle, pixel_unshuffle, cumprod,
// cummax, cummin, logcumsumexp, kthvalue, nansum, frobenius_norm,
// searchsorted, instance_norm and label_smooth, over the builders both
// frontends share (TensorAlgebra.h, Scans.h) and gn ops.
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/Scans.h"
#include "gn/Import/Python/TensorAlgebra.h"
#include <cfloat>

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

/// A dim argument normalized for a tensor of `rank`.
FailureOr<int64_t> axisOf(ImportContext &ctx, Args &a, llvm::StringRef name, int64_t rank) {
  auto d = a.integer(name);
  if (failed(d))
    return failure();
  return ctx.dim(*d, std::max<int64_t>(rank, 1));
}

/// dot(x, y): 1-d vectors, or the rows of two [B, N] matrices.
FailureOr<PyValue> dot(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("y");
  if (failed(x) || failed(y))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  if ((rank != 1 && rank != 2) || typeOf(*y).getShape() != typeOf(*x).getShape())
    return a.error("expects two 1-d or two 2-d tensors of one shape");
  return wrap(ctx.build<gn::EinsumOp>({*x, *y},
                                      {ctx.str("equation", rank == 1 ? "i,i->" : "bi,bi->b")}));
}

FailureOr<PyValue> mv(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), v = a.tensor("vec");
  if (failed(x) || failed(v))
    return failure();
  if (typeOf(*x).getRank() != 2 || typeOf(*v).getRank() != 1)
    return a.error("expects a 2-d matrix and a 1-d vector");
  return wrap(ctx.build<gn::EinsumOp>({*x, *v}, {ctx.str("equation", "ij,j->i")}));
}

FailureOr<PyValue> kron(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("y");
  if (failed(x) || failed(y))
    return failure();
  return wrap(algebra::kron(ctx, *x, *y));
}

/// cross(x, y, axis): axis 9 (Paddle's default) is the first dim of size 3.
FailureOr<PyValue> cross(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("y");
  auto axis = a.integer("axis");
  if (failed(x) || failed(y) || failed(axis))
    return failure();
  int64_t rank = typeOf(*x).getRank(), dim = -1;
  if (*axis == 9 && rank <= 9) {
    for (int64_t d = 0; d < rank && dim < 0; ++d)
      if (typeOf(*x).getDimSize(d) == 3)
        dim = d;
  } else {
    auto d = ctx.dim(*axis, rank);
    if (failed(d))
      return failure();
    dim = *d;
  }
  if (dim < 0)
    return a.error("no dim of size 3");
  return wrap(algebra::cross(ctx, *x, *y, dim));
}

/// trace / diagonal(x, offset, axis1, axis2).
template <bool Sum> FailureOr<PyValue> diagonalOp(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto off = a.integer("offset");
  if (failed(x) || failed(off))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  auto d1 = axisOf(ctx, a, "axis1", rank), d2 = axisOf(ctx, a, "axis2", rank);
  if (failed(d1) || failed(d2))
    return failure();
  return wrap(Sum ? algebra::trace(ctx, *x, *off, *d1, *d2)
                  : algebra::diagonal(ctx, *x, *off, *d1, *d2));
}

FailureOr<PyValue> diagEmbed(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto off = a.integer("offset");
  if (failed(x) || failed(off))
    return failure();
  int64_t rank = typeOf(*x).getRank() + 1;
  auto d1 = axisOf(ctx, a, "dim1", rank), d2 = axisOf(ctx, a, "dim2", rank);
  if (failed(d1) || failed(d2))
    return failure();
  return wrap(algebra::diagEmbed(ctx, *x, *off, *d1, *d2));
}

/// addmm / baddbmm(input, x, y, beta, alpha) = beta * input + alpha * x @ y.
FailureOr<PyValue> addmm(ImportContext &ctx, Args &a) {
  auto in = a.tensor("input"), x = a.tensor("x"), y = a.tensor("y");
  auto beta = number(a, ctx, "beta"), alpha = number(a, ctx, "alpha");
  if (failed(in) || failed(x) || failed(y) || failed(beta) || failed(alpha))
    return failure();
  auto product = ctx.build<gn::MatmulOp>({*x, *y});
  if (failed(product))
    return failure();
  auto scaled = ctx.binary<gn::MulOp>(PyValue::of(*product), PyValue::real(*alpha));
  auto base = ctx.binary<gn::MulOp>(PyValue::of(*in), PyValue::real(*beta));
  if (failed(scaled) || failed(base))
    return failure();
  return ctx.binary<gn::AddOp>(*base, *scaled);
}

/// unbind(input, axis) / unstack(x, axis, num): the slices along axis.
FailureOr<PyValue> unstack(ImportContext &ctx, Value x, int64_t dim) {
  auto type = typeOf(x);
  llvm::SmallVector<int64_t> shape(type.getShape());
  shape.erase(shape.begin() + dim);
  Chain c{ctx};
  std::vector<PyValue> parts;
  for (int64_t i = 0; i < type.getDimSize(dim); ++i)
    parts.push_back(PyValue::of(c.reshape(c.slice(x, dim, i, i + 1), shape)));
  if (!c.ok())
    return failure();
  PyValue list = PyValue::tuple(parts);
  list.kind = PyValue::List;
  return list;
}

template <bool Unbind> FailureOr<PyValue> unstackOp(ImportContext &ctx, Args &a) {
  auto x = a.tensor(Unbind ? "input" : "x");
  if (failed(x))
    return failure();
  if (typeOf(*x).getRank() == 0)
    return a.error("expects at least one dim");
  auto d = axisOf(ctx, a, "axis", typeOf(*x).getRank());
  if (failed(d))
    return failure();
  return unstack(ctx, *x, *d);
}

/// channel_shuffle(x, groups, data_format) and shuffle_channel(x, group).
FailureOr<PyValue> channelShuffle(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto g = a.integer("groups");
  auto format = a.string("data_format");
  if (failed(x) || failed(g) || failed(format))
    return failure();
  if (*format != "NCHW")
    return a.error("data_format '" + *format + "' is not supported (NCHW is)");
  return wrap(algebra::channelShuffle(ctx, *x, *g));
}

FailureOr<PyValue> pixelUnshuffle(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto r = a.integer("downscale_factor");
  auto format = a.string("data_format");
  if (failed(x) || failed(r) || failed(format))
    return failure();
  if (*format != "NCHW")
    return a.error("data_format '" + *format + "' is not supported (NCHW is)");
  return wrap(algebra::pixelUnshuffle(ctx, *x, *r));
}

/// pixel_shuffle(x, upscale_factor, data_format): NCHW, or NHWC as its
/// channels-first transpose.
FailureOr<PyValue> pixelShuffle(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto r = a.integer("upscale_factor");
  auto format = a.string("data_format");
  if (failed(x) || failed(r) || failed(format))
    return failure();
  if (*format != "NCHW" && *format != "NHWC")
    return a.error("data_format must be NCHW or NHWC, got '" + *format + "'");
  if (*format == "NCHW" || typeOf(*x).getRank() != 4)
    return wrap(algebra::pixelShuffle(ctx, *x, *r));
  auto first = transpose(ctx, *x, channelsFirst(4));
  if (failed(first))
    return failure();
  auto shuffled = algebra::pixelShuffle(ctx, *first, *r);
  if (failed(shuffled))
    return failure();
  return wrap(transpose(ctx, *shuffled, channelsLast(4)));
}

/// std / var(x, axis, keepdim, unbiased, correction): the spread over
/// `axis` (all axes when empty) with `correction`, which PaddlePaddle's
/// kernel takes whatever `unbiased` says (its Python API folds `unbiased`
/// into it).
template <bool TakeSqrt>
FailureOr<PyValue> spread(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto keep = a.boolean("keepdim");
  auto correction = number(a, ctx, "correction");
  if (failed(x) || failed(keep) || failed(correction))
    return failure();
  auto dims = axes(a, ctx, "axis", typeOf(*x).getRank(), /*emptyMeansAll=*/true);
  if (failed(dims))
    return failure();
  int64_t c = (int64_t)*correction;
  Chain chain{ctx};
  Value v = chain.op<gn::VarianceOp>(
      {*x}, {ctx.ints("dims", *dims), ctx.flag("keepdim", *keep), ctx.i64("correction", c)});
  if (TakeSqrt)
    v = chain.op<gn::SqrtOp>({v});
  if (!chain.ok())
    return failure();
  return PyValue::of(v);
}

/// multi_dot(x): the matrices multiplied left to right (a 1-d first or
/// last operand as a row or column vector, as matmul takes it).
FailureOr<PyValue> multiDot(ImportContext &ctx, Args &a) {
  auto xs = a.tensors("x");
  if (failed(xs))
    return failure();
  if (xs->size() < 2)
    return a.error("multi_dot needs at least two tensors, got " + std::to_string(xs->size()));
  Value v = (*xs)[0];
  Chain c{ctx};
  for (Value next : llvm::ArrayRef<Value>(*xs).drop_front())
    v = c.op<gn::MatmulOp>({v, next});
  if (!c.ok())
    return failure();
  return PyValue::of(v);
}

/// matrix_power(x, n): algebra::matrixPower.
FailureOr<PyValue> matrixPower(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto n = a.integer("n");
  if (failed(x) || failed(n))
    return failure();
  return wrap(algebra::matrixPower(ctx, *x, *n));
}

/// renorm(x, p, axis, max_norm): algebra::renorm.
FailureOr<PyValue> renorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto p = number(a, ctx, "p"), maxNorm = number(a, ctx, "max_norm");
  auto axis = a.integer("axis");
  if (failed(x) || failed(p) || failed(maxNorm) || failed(axis))
    return failure();
  auto dim = ctx.dim(*axis, typeOf(*x).getRank());
  if (failed(dim))
    return failure();
  return wrap(algebra::renorm(ctx, *x, *p, *dim, *maxNorm));
}

/// The lowest finite value of a float type: where PaddlePaddle's exclusive
/// logcumsumexp starts (not -inf).
double lowest(Type e) {
  return e.isF64() ? -DBL_MAX : e.isF16() ? -65504.0 : e.isBF16() ? -3.3895313892515355e38 : -FLT_MAX;
}

/// cumprod(x, dim, exclusive, reverse) and logcumsumexp(x, axis, flatten,
/// exclusive, reverse).
template <ScanKind Kind> FailureOr<PyValue> accumulate(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto excl = a.boolean("exclusive"), rev = a.boolean("reverse");
  if (failed(x) || failed(excl) || failed(rev))
    return failure();
  Chain c{ctx};
  Value v = *x;
  bool flatten = false;
  if (Kind == ScanKind::LogSumExp) {
    auto f = a.boolean("flatten");
    if (failed(f))
      return failure();
    flatten = *f;
  }
  if (flatten || typeOf(v).getRank() == 0)
    v = c.reshape(v, {typeOf(v).getNumElements()});
  if (!c.ok())
    return failure();
  int64_t dim = 0;
  if (!flatten) {
    auto d = axisOf(ctx, a, Kind == ScanKind::Prod ? "dim" : "axis", typeOf(*x).getRank());
    if (failed(d))
      return failure();
    dim = *d;
  }
  if (typeOf(v).getDimSize(dim) == 0)
    return PyValue::of(v);
  v = reversedAlong(ctx, c, v, dim, *rev);
  if (!c.ok())
    return failure();
  // Paddle's cumprod multiplies in the tensor's type, step by step.
  auto scanned = inclusiveScan(ctx, v, dim, Kind, nullptr, /*productInF64=*/false);
  if (failed(scanned))
    return failure();
  Value r = *scanned;
  if (*excl)
    r = shiftedAlong(ctx, c, r, dim, Kind == ScanKind::Prod ? 1.0 : lowest(typeOf(r).getElementType()));
  r = reversedAlong(ctx, c, r, dim, *rev);
  if (!flatten && typeOf(*x).getRank() == 0)
    r = c.reshape(r, {});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// cummax / cummin(x, axis, dtype) -> (values, indices in dtype).
template <ScanKind Kind> FailureOr<PyValue> runningExtreme(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto dt = dtypeArg(a, ctx, "dtype");
  if (failed(x) || failed(dt))
    return failure();
  Chain c{ctx};
  Value v = typeOf(*x).getRank() == 0 ? c.reshape(*x, {1}) : *x;
  if (!c.ok())
    return failure();
  auto d = axisOf(ctx, a, "axis", typeOf(*x).getRank());
  if (failed(d))
    return failure();
  Value indices;
  auto r = inclusiveScan(ctx, v, *d, Kind, &indices);
  if (failed(r))
    return failure();
  Value values = *r;
  indices = c.convert(indices, *dt);
  if (typeOf(*x).getRank() == 0) {
    values = c.reshape(values, {});
    indices = c.reshape(indices, {});
  }
  if (!c.ok())
    return failure();
  return PyValue::tuple({PyValue::of(values), PyValue::of(indices)});
}

/// kthvalue(x, k, axis, keepdim) -> (values, int64 indices).
FailureOr<PyValue> kthvalue(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto k = a.integer("k");
  auto keep = a.boolean("keepdim");
  if (failed(x) || failed(k) || failed(keep))
    return failure();
  auto d = axisOf(ctx, a, "axis", typeOf(*x).getRank());
  if (failed(d))
    return failure();
  // PaddlePaddle's CPU kernel: std::partial_sort when k * 64 < the size, else
  // std::nth_element (k = the size included).
  auto r = algebra::kthSmallest(ctx, *x, *k, *d, *keep, "select-strict");
  if (failed(r))
    return failure();
  return PyValue::tuple({PyValue::of(r->first), PyValue::of(r->second)});
}

/// nansum(x, axis, dtype, keepdim): NaN counted as 0.
FailureOr<PyValue> nansum(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto keep = a.boolean("keepdim");
  auto dt = a.dtype("dtype");
  if (failed(x) || failed(keep) || failed(dt))
    return failure();
  Chain c{ctx};
  Value v = *dt ? c.convert(*x, **dt) : *x;
  if (!c.ok())
    return failure();
  Type e = typeOf(v).getElementType();
  if (isFloat(e))
    v = c.op<gn::WhereOp>({c.op<gn::NeOp>({v, v}), ctx.splat(e, 0), v});
  else if (!*dt && (e.isInteger(1) || e.isInteger(32)))
    v = c.convert(v, ctx.i64Type()); // as Paddle's sum
  auto dims = axes(a, ctx, "axis", typeOf(*x).getRank(), /*emptyMeansAll=*/true);
  if (failed(dims) || !c.ok())
    return failure();
  if (typeOf(v).getRank() == 0)
    return PyValue::of(v);
  Value r = c.op<gn::ReduceSumOp>({v}, {ctx.ints("dims", *dims), ctx.flag("keepdim", *keep)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// frobenius_norm(x, axis, keep_dim, reduce_all) = sqrt(sum(x^2)).
FailureOr<PyValue> frobeniusNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto keep = a.boolean("keep_dim"), all = a.boolean("reduce_all");
  if (failed(x) || failed(keep) || failed(all))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  auto dims = axes(a, ctx, "axis", rank, /*emptyMeansAll=*/true);
  if (failed(dims))
    return failure();
  if (*all) {
    dims->clear();
    for (int64_t i = 0; i < rank; ++i)
      dims->push_back(i);
  }
  Chain c{ctx};
  Value sq = c.op<gn::MulOp>({*x, *x});
  Value r = rank == 0 ? c.op<gn::AbsOp>({*x})
                      : c.op<gn::SqrtOp>({c.op<gn::ReduceSumOp>(
                            {sq}, {ctx.ints("dims", *dims), ctx.flag("keepdim", *keep)})});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// searchsorted(sorted_sequence, values, out_int32, right).
FailureOr<PyValue> searchsorted(ImportContext &ctx, Args &a) {
  auto seq = a.tensor("sorted_sequence"), v = a.tensor("values");
  auto int32 = a.boolean("out_int32"), right = a.boolean("right");
  if (failed(seq) || failed(v) || failed(int32) || failed(right))
    return failure();
  auto r = algebra::searchSorted(ctx, *seq, *v, *right);
  if (failed(r))
    return failure();
  return *int32 ? wrap(ctx.convert(*r, ctx.builder.getI32Type())) : PyValue::of(*r);
}

/// instance_norm(x, scale, bias, epsilon) -> (y, None, None): group norm
/// with one group per channel.
FailureOr<PyValue> instanceNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto scale = a.optionalTensor("scale"), bias = a.optionalTensor("bias");
  auto eps = number(a, ctx, "epsilon");
  if (failed(x) || failed(scale) || failed(bias) || failed(eps))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() < 3)
    return a.error("expects [N, C, ...]");
  int64_t channels = type.getDimSize(1);
  Type e = type.getElementType();
  Value w = *scale ? *scale : ctx.splat(e, 1, {channels});
  Value b = *bias ? *bias : ctx.splat(e, 0, {channels});
  auto y = ctx.build<gn::GroupNormOp>({*x, w, b}, {ctx.i64("num_groups", channels),
                                                    ctx.f64("epsilon", *eps)});
  if (failed(y))
    return failure();
  return PyValue::tuple({PyValue::of(*y), PyValue::none(), PyValue::none()});
}

/// label_smooth(label, prior_dist, epsilon) = (1 - eps) * label + eps *
/// prior (uniform 1 / classes without one).
FailureOr<PyValue> labelSmooth(ImportContext &ctx, Args &a) {
  auto label = a.tensor("label");
  auto prior = a.optionalTensor("prior_dist");
  auto eps = number(a, ctx, "epsilon");
  if (failed(label) || failed(prior) || failed(eps))
    return failure();
  auto type = typeOf(*label);
  if (type.getRank() == 0)
    return a.error("expects the classes as the last dim");
  PyValue smooth = *prior ? PyValue::of(*prior) : PyValue::real(1.0 / type.getShape().back());
  auto kept = ctx.binary<gn::MulOp>(PyValue::of(*label), PyValue::real(1 - *eps));
  auto spread = ctx.binary<gn::MulOp>(smooth, PyValue::real(*eps));
  if (failed(kept) || failed(spread))
    return failure();
  return ctx.binary<gn::AddOp>(*kept, *spread);
}

/// inverse(x), det(x), slogdet(x) -> [2, ...] (sign stacked over
/// log|det|), solve(x, y): small matrices (algebra::smallDet/smallInverse).
FailureOr<PyValue> inverse(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return wrap(algebra::smallInverse(ctx, *x));
}
FailureOr<PyValue> det(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return wrap(algebra::smallDet(ctx, *x));
}
FailureOr<PyValue> slogdet(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  auto d = algebra::smallDet(ctx, *x);
  if (failed(d))
    return failure();
  Chain c{ctx};
  llvm::SmallVector<int64_t> one{1};
  llvm::append_range(one, typeOf(*d).getShape());
  Value sign = c.reshape(c.op<gn::SignOp>({*d}), one);
  Value logabs = c.reshape(c.op<gn::LogOp>({c.op<gn::AbsOp>({*d})}), one);
  Value r = c.op<gn::ConcatOp>({sign, logabs}, {ctx.i64("dim", 0)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}
FailureOr<PyValue> solve(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("y");
  if (failed(x) || failed(y))
    return failure();
  auto inv = algebra::smallInverse(ctx, *x);
  if (failed(inv))
    return failure();
  Chain c{ctx};
  Value r;
  if (typeOf(*y).getRank() == typeOf(*x).getRank() - 1) {
    llvm::SmallVector<int64_t> col(typeOf(*y).getShape());
    col.push_back(1);
    r = c.reshape(c.op<gn::MatmulOp>({*inv, c.reshape(*y, col)}), typeOf(*y).getShape());
  } else {
    r = c.op<gn::MatmulOp>({*inv, *y});
  }
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// histogram(input, weight, bins, min, max, density): int64 counts, or the
/// weights' sums (their dtype) / a density (float32).
FailureOr<PyValue> histogram(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto w = a.optionalTensor("weight");
  auto bins = a.integer("bins");
  auto lo = a.real("min"), hi = a.real("max");
  auto density = a.boolean("density");
  if (failed(x) || failed(w) || failed(bins) || failed(lo) || failed(hi) || failed(density))
    return failure();
  Type result = *w ? typeOf(*w).getElementType()
                : *density ? Type(ctx.builder.getF32Type())
                           : ctx.i64Type();
  return wrap(algebra::histogram(ctx, *x, *bins, *lo, *hi, *w, *density, result));
}

/// bincount(x, weights, minlength): how often each index occurs in 1-d
/// non-negative int32 / int64 `x`, max(minlength, max + 1) bins (learned
/// from the values and guarded), or the sum of `weights` there: int64
/// counts, f32 weights summed in f32, f64 and integer weights in f64.
FailureOr<PyValue> bincount(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto w = a.optionalTensor("weights");
  auto minlength = a.integer("minlength");
  if (failed(x) || failed(w) || failed(minlength))
    return failure();
  Type e = typeOf(*x).getElementType();
  if (!e.isSignlessInteger(32) && !e.isSignlessInteger(64))
    return a.error("x must be int32 or int64");
  return wrap(algebra::bincount(ctx, *x, *w, *minlength));
}

/// spectral_norm(weight, u, v, dim, power_iters, eps): weight over its
/// largest singular value, estimated from u [h] and v [w] by power_iters
/// steps on the weight as an h x w matrix (h its size along dim), each
/// vector divided by its norm + eps, as PaddlePaddle's kernel does.
FailureOr<PyValue> spectralNorm(ImportContext &ctx, Args &a) {
  auto weight = a.tensor("weight"), u0 = a.tensor("u"), v0 = a.tensor("v");
  auto d = a.integer("dim"), iters = a.integer("power_iters");
  auto eps = a.real("eps");
  if (failed(weight) || failed(u0) || failed(v0) || failed(d) || failed(iters) || failed(eps))
    return failure();
  auto type = typeOf(*weight);
  auto dim = ctx.dim(*d, type.getRank());
  if (failed(dim))
    return failure();
  if (*iters < 0)
    return a.error("power_iters must not be negative");
  llvm::SmallVector<int64_t> perm{*dim};
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (i != *dim)
      perm.push_back(i);
  int64_t h = type.getDimSize(*dim), w = h == 0 ? 0 : type.getNumElements() / h;
  if (typeOf(*u0).getNumElements() != h || typeOf(*v0).getNumElements() != w)
    return a.error("u must have " + llvm::Twine(h) + " elements and v " + llvm::Twine(w));
  Chain c{ctx};
  Value moved = *dim == 0 ? *weight : c.op<gn::TransposeOp>({*weight}, {ctx.ints("permutation", perm)});
  Value mat = c.reshape(moved, {h, w});
  Value u = c.reshape(*u0, {h, 1}), v = c.reshape(*v0, {w, 1});
  Type e = type.getElementType();
  auto normalized = [&](Value x) {
    Value norm = c.op<gn::SqrtOp>({c.op<gn::ReduceSumOp>(
        {c.op<gn::MulOp>({x, x})}, {ctx.ints("dims", {0, 1}), ctx.flag("keepdim", true)})});
    return c.op<gn::DivOp>({x, c.op<gn::AddOp>({norm, ctx.splat(e, *eps)})});
  };
  Value matT = c.op<gn::TransposeOp>({mat}, {ctx.ints("permutation", {1, 0})});
  for (int64_t i = 0; i < *iters; ++i) {
    v = normalized(c.op<gn::MatmulOp>({matT, u}));
    u = normalized(c.op<gn::MatmulOp>({mat, v}));
  }
  Value sigma = c.op<gn::ReduceSumOp>({c.op<gn::MulOp>({u, c.op<gn::MatmulOp>({mat, v})})},
                                      {ctx.ints("dims", {0, 1}), ctx.flag("keepdim", false)});
  Value out = c.op<gn::DivOp>({moved, sigma});
  if (*dim != 0) {
    llvm::SmallVector<int64_t> back(perm.size());
    for (auto [i, p] : llvm::enumerate(perm))
      back[p] = i;
    out = c.op<gn::TransposeOp>({out}, {ctx.ints("permutation", back)});
  }
  if (!c.ok())
    return failure();
  return PyValue::of(out);
}

} // namespace

void paddle::registerLinalgOps(OpRegistry &r) {
  r.add("bincount", "x, weights=None, minlength=0", bincount);
  r.add("histogram", "input, weight=None, bins=100, min=0.0, max=0.0, density=False",
        folded<histogram>);
  r.add("spectral_norm", "weight, u, v, dim=0, power_iters=1, eps=1e-12", folded<spectralNorm>);
  r.add("pixel_shuffle", "x, upscale_factor=1, data_format='NCHW'", folded<pixelShuffle>);
  r.add("std", "x, axis=None, keepdim=False, unbiased=True, correction=1", folded<spread<true>>);
  r.add("var", "x, axis=None, keepdim=False, unbiased=True, correction=1", folded<spread<false>>);
  // The kernel paddle.var's Python wrapper does not reach: the population
  // variance (checked on PaddlePaddle 3.3).
  r.add("variance", "x, axis=None, keepdim=False, correction=0", folded<spread<false>>);
  r.add("multi_dot", "x", folded<multiDot>);
  r.add("matrix_power", "x, n", folded<matrixPower>);
  r.add("inverse", "x", folded<inverse>);
  r.add("det", "x", folded<det>);
  r.add("slogdet|slogdet_v2", "x", folded<slogdet>);
  r.add("solve", "x, y", folded<solve>);
  r.add("renorm", "x, p, axis, max_norm", folded<renorm>);
  r.add("dot", "x, y", folded<dot>);
  r.add("mv", "x, vec", folded<mv>);
  r.add("kron", "x, y", folded<kron>);
  r.add("cross", "x, y, axis=9", folded<cross>);
  r.add("trace", "x, offset=0, axis1=0, axis2=1", folded<diagonalOp<true>>);
  r.add("diagonal", "x, offset=0, axis1=0, axis2=1", folded<diagonalOp<false>>);
  r.add("diag_embed", "input, offset=0, dim1=-2, dim2=-1", folded<diagEmbed>);
  r.add("addmm|addmm_|baddbmm|baddbmm_", "input, x, y, beta=1.0, alpha=1.0", folded<addmm>);
  r.add("unbind", "input, axis=0", folded<unstackOp<true>>);
  r.add("unstack", "x, axis=0, num=None", folded<unstackOp<false>>);
  r.add("channel_shuffle", "x, groups, data_format='NCHW'", folded<channelShuffle>);
  r.add("shuffle_channel", "x, groups=1", [](ImportContext &ctx, Args &a) {
    auto x = a.tensor("x");
    auto g = a.integer("groups");
    if (failed(x) || failed(g))
      return FailureOr<PyValue>(failure());
    return wrap(algebra::channelShuffle(ctx, *x, *g));
  });
  r.add("pixel_unshuffle", "x, downscale_factor, data_format='NCHW'", folded<pixelUnshuffle>);
  r.add("cumprod|cumprod_", "x, dim, exclusive=False, reverse=False",
        folded<accumulate<ScanKind::Prod>>);
  r.add("logcumsumexp", "x, axis=-1, flatten=False, exclusive=False, reverse=False",
        folded<accumulate<ScanKind::LogSumExp>>);
  r.add("cummax", "x, axis=-1, dtype='int64'", folded<runningExtreme<ScanKind::Max>>);
  r.add("cummin", "x, axis=-1, dtype='int64'", folded<runningExtreme<ScanKind::Min>>);
  r.add("kthvalue", "x, k=1, axis=-1, keepdim=False", folded<kthvalue>);
  r.add("nansum", "x, axis=None, dtype=None, keepdim=False", folded<nansum>);
  r.add("frobenius_norm", "x, axis=None, keep_dim=False, reduce_all=False",
        folded<frobeniusNorm>);
  r.add("searchsorted", "sorted_sequence, values, out_int32=False, right=False",
        folded<searchsorted>);
  r.add("instance_norm", "x, scale=None, bias=None, epsilon=1e-05", instanceNorm);
  r.add("label_smooth", "label, prior_dist=None, epsilon=0.1", folded<labelSmooth>);
}
