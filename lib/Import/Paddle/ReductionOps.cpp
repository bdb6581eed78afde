//===- ReductionOps.cpp - Paddle reductions, softmax, scans -------------===//
//
// Reductions take `axis` as a list (or a tensor of known values); an empty
// list reduces every axis.
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include "gn/Import/Python/TensorAlgebra.h"
#include <cmath>
#include "llvm/ADT/Sequence.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Support/NumericCast.h"

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

/// Reduces x over `axis`; integer and bool sums accumulate in i64, as
/// Paddle's sum does without a dtype.
template <typename OpTy>
FailureOr<PyValue> reduce(ImportContext &ctx, Args &a, Value x, bool keepdim,
                          std::optional<Type> dtype = std::nullopt) {
  auto type = typeOf(x);
  auto dims = axes(a, ctx, "axis", type.getRank(), /*emptyMeansAll=*/true);
  if (failed(dims))
    return failure();
  Value in = x;
  if (dtype && *dtype != type.getElementType()) {
    auto c = ctx.convert(in, *dtype);
    if (failed(c))
      return failure();
    in = *c;
  }
  if (type.getRank() == 0)
    return PyValue::of(in);
  return wrap(ctx.build<OpTy>({in}, {ctx.ints("dims", *dims), ctx.flag("keepdim", keepdim)}));
}

template <typename OpTy>
FailureOr<PyValue> plain(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto k = a.boolean("keepdim");
  if (failed(x) || failed(k))
    return failure();
  return reduce<OpTy>(ctx, a, *x, *k);
}

FailureOr<PyValue> sum(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto k = a.boolean("keepdim");
  auto t = a.dtype("dtype");
  if (failed(x) || failed(k) || failed(t))
    return failure();
  std::optional<Type> dtype = *t;
  Type e = typeOf(*x).getElementType();
  if (!dtype && (e.isInteger(1) || e.isInteger(32)))
    dtype = ctx.i64Type();
  return reduce<gn::ReduceSumOp>(ctx, a, *x, *k, dtype);
}

FailureOr<PyValue> mean(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto k = a.boolean("keepdim");
  if (failed(x) || failed(k))
    return failure();
  return reduce<gn::ReduceMeanOp>(ctx, a, *x, *k);
}

FailureOr<PyValue> meanAll(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  auto type = typeOf(*x);
  llvm::SmallVector<int64_t> dims;
  for (int64_t i = 0; i < type.getRank(); ++i)
    dims.push_back(i);
  return wrap(ctx.build<gn::ReduceMeanOp>({*x}, {ctx.ints("dims", dims), ctx.flag("keepdim", false)}));
}

/// l1_norm(x): sum |x| over every element, a 0-d tensor.
FailureOr<PyValue> l1Norm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  llvm::SmallVector<int64_t> dims;
  for (int64_t i = 0; i < typeOf(*x).getRank(); ++i)
    dims.push_back(i);
  Chain c{ctx};
  Value r = c.op<gn::ReduceSumOp>({c.op<gn::AbsOp>({*x})},
                                  {ctx.ints("dims", dims), ctx.flag("keepdim", false)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

template <typename OpTy>
FailureOr<PyValue> boolReduce(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto k = a.boolean("keepdim");
  if (failed(x) || failed(k))
    return failure();
  auto b = ctx.convert(*x, ctx.i1());
  if (failed(b))
    return failure();
  return reduce<OpTy>(ctx, a, *b, *k);
}

/// argmax(x, axis, keepdim, flatten, dtype).
template <typename OpTy>
FailureOr<PyValue> argReduce(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto axis = number(a, ctx, "axis");
  auto k = a.boolean("keepdim"), flat = a.boolean("flatten");
  auto t = a.dtype("dtype");
  if (failed(x) || failed(axis) || failed(k) || failed(flat) || failed(t))
    return failure();
  Value in = *x;
  int64_t dim = gn::saturatingCast<int64_t>(*axis);
  if (*flat) {
    auto r = ctx.reshape(in, {typeOf(in).getNumElements()});
    if (failed(r))
      return failure();
    in = *r;
    dim = 0;
  }
  auto d = ctx.dim(dim, typeOf(in).getRank());
  if (failed(d))
    return failure();
  // PaddlePaddle skips NaN ([nan, 1, 3] -> 2; all NaN -> 0), where gn.argmax
  // takes the first NaN (torch): NaN becomes -inf (+inf for argmin) first.
  // (Differs only when a NaN comes before a max of -inf.)
  Type e = typeOf(in).getElementType();
  if (llvm::isa<FloatType>(e)) {
    bool isMax = std::is_same_v<OpTy, gn::ArgMaxOp>;
    auto nan = ctx.build<gn::NeOp>({in, in});
    if (failed(nan))
      return failure();
    auto cleaned = ctx.build<gn::WhereOp>({*nan, ctx.splat(e, isMax ? -INFINITY : INFINITY), in});
    if (failed(cleaned))
      return failure();
    in = *cleaned;
  }
  auto r = ctx.build<OpTy>({in}, {ctx.i64("dim", *d), ctx.flag("keepdim", *k && !*flat)});
  if (failed(r))
    return failure();
  return wrap(ctx.convert(*r, *t ? **t : ctx.i64Type()));
}

/// cumsum(x, axis, flatten, exclusive, reverse).
FailureOr<PyValue> cumsum(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto axis = number(a, ctx, "axis");
  auto flat = a.boolean("flatten"), exclusive = a.boolean("exclusive"),
       reverse = a.boolean("reverse");
  if (failed(x) || failed(axis) || failed(flat) || failed(exclusive) || failed(reverse))
    return failure();
  Value in = *x;
  int64_t dim = gn::saturatingCast<int64_t>(*axis);
  if (*flat || typeOf(in).getRank() == 0) {
    auto r = ctx.reshape(in, {typeOf(in).getNumElements()});
    if (failed(r))
      return failure();
    in = *r;
    dim = 0;
  }
  auto d = ctx.dim(dim, typeOf(in).getRank());
  if (failed(d))
    return failure();
  // reverse: the running sums from the end; exclusive: each sum without
  // its own element (0 first).
  Chain c{ctx};
  Value v = reversedAlong(ctx, c, in, *d, *reverse);
  Value r = c.op<gn::CumSumOp>({v}, {ctx.i64("dim", *d)});
  if (*exclusive && typeOf(in).getDimSize(*d) > 0)
    r = shiftedAlong(ctx, c, r, *d, 0);
  r = reversedAlong(ctx, c, r, *d, *reverse);
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// x - max along `dim` clipped below at -64, as PaddlePaddle's log_softmax
/// and cross_entropy_with_softmax kernels shift their logits (ValueClip, so
/// exp never underflows): the softmaxes of the result are PaddlePaddle's,
/// an entry 64 or more below its row's max giving about -64 in log space
/// (a logit of -1e9 beside 0: -64, not -1e9; PaddlePaddle's plain softmax
/// clips too, but there the difference is e^-64 and gn leaves it out).
FailureOr<Value> clippedShift(ImportContext &ctx, Value x, int64_t dim) {
  auto type = typeOf(x);
  if (!isa<FloatType>(type.getElementType()) || type.getRank() == 0)
    return x;
  Chain c{ctx};
  Value max = c.op<gn::ReduceMaxOp>({x}, {ctx.ints("dims", {dim}), ctx.flag("keepdim", true)});
  Value clipped = c.op<gn::MaximumOp>(
      {c.op<gn::SubOp>({x, max}), ctx.splat(type.getElementType(), -64.0)});
  if (!c.ok())
    return failure();
  return clipped;
}

/// softmax / log_softmax(x, axis); `Clipped`: of PaddlePaddle's clipped
/// shift (clippedShift), as its log_softmax kernel computes.
template <typename OpTy, bool Clipped = false>
FailureOr<PyValue> softmaxLike(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto axis = a.integer("axis");
  if (failed(x) || failed(axis))
    return failure();
  // PaddlePaddle registers (log_)softmax for float types only.
  if (!isFloat(typeOf(*x).getElementType()))
    return a.error("softmax / log_softmax of a non-float tensor: PaddlePaddle has no such kernel");
  auto d = ctx.dim(*axis, typeOf(*x).getRank());
  if (failed(d))
    return failure();
  auto in = Clipped ? clippedShift(ctx, *x, *d) : FailureOr<Value>(*x);
  if (failed(in))
    return failure();
  return wrap(ctx.build<OpTy>({*in}, {ctx.i64("dim", *d)}));
}

/// p_norm(x, porder, axis, epsilon, keepdim, asvector): (sum |x|^p)^(1/p)
/// along `axis` (every axis with asvector); p = inf / -inf take the max /
/// min of |x|, p = 0 counts the non-zeros. epsilon only guards the gradient.
FailureOr<PyValue> pNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto p = number(a, ctx, "porder");
  auto axis = a.integer("axis");
  auto k = a.boolean("keepdim"), asvector = a.boolean("asvector");
  if (failed(x) || failed(p) || failed(axis) || failed(k) || failed(asvector))
    return failure();
  auto type = typeOf(*x);
  llvm::SmallVector<int64_t> dims;
  if (*asvector) {
    for (int64_t i = 0; i < type.getRank(); ++i)
      dims.push_back(i);
  } else {
    auto d = ctx.dim(*axis, type.getRank());
    if (failed(d))
      return failure();
    dims.push_back(*d);
  }
  auto reduce = [&]<typename Op>(Value v) {
    return ctx.build<Op>({v}, {ctx.ints("dims", dims), ctx.flag("keepdim", *k)});
  };
  if (*p == 2.0) { // the common case, without pow's rounding
    auto sq = ctx.build<gn::MulOp>({*x, *x});
    if (failed(sq))
      return failure();
    auto s = reduce.template operator()<gn::ReduceSumOp>(*sq);
    if (failed(s))
      return failure();
    return wrap(ctx.build<gn::SqrtOp>({*s}));
  }
  auto absX = ctx.build<gn::AbsOp>({*x});
  if (failed(absX))
    return failure();
  if (std::isinf(*p))
    return wrap(*p > 0 ? reduce.template operator()<gn::ReduceMaxOp>(*absX)
                       : reduce.template operator()<gn::ReduceMinOp>(*absX));
  Type e = type.getElementType();
  if (*p == 0.0) {
    auto nz = ctx.build<gn::NeOp>({*x, ctx.splat(e, 0.0)});
    if (failed(nz))
      return failure();
    auto f = ctx.convert(*nz, e);
    if (failed(f))
      return failure();
    return wrap(reduce.template operator()<gn::ReduceSumOp>(*f));
  }
  if (*p == 1.0)
    return wrap(reduce.template operator()<gn::ReduceSumOp>(*absX));
  auto powered = ctx.build<gn::PowOp>({*absX, ctx.splat(e, *p)});
  if (failed(powered))
    return failure();
  auto s = reduce.template operator()<gn::ReduceSumOp>(*powered);
  if (failed(s))
    return failure();
  return wrap(ctx.build<gn::PowOp>({*s, ctx.splat(e, 1.0 / *p)}));
}

/// Sorted indices along `axis` and the values at them (topk, argsort),
/// equal values ordered as `ties` (gn.top_k) says.
FailureOr<std::pair<Value, Value>> sortedPart(ImportContext &ctx, Args &a, Value x, int64_t k,
                                              int64_t axis, bool largest, llvm::StringRef ties) {
  auto d = ctx.dim(axis, typeOf(x).getRank());
  if (failed(d))
    return failure();
  return ctx.topK(x, k, *d, largest, ties);
}

/// topk(x, k, axis, largest, sorted) -> (values, indices).
FailureOr<PyValue> topk(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto k = number(a, ctx, "k");
  auto axis = a.integer("axis");
  auto largest = a.boolean("largest");
  if (failed(x) || failed(k) || failed(axis) || failed(largest))
    return failure();
  Value in = *x;
  bool scalar = typeOf(in).getRank() == 0;
  if (scalar) {
    auto r = ctx.reshape(in, {1});
    if (failed(r))
      return failure();
    in = *r;
  }
  // PaddlePaddle's CPU topk: a partial sort when k * 64 < the size.
  auto r = sortedPart(ctx, a, in, gn::saturatingCast<int64_t>(*k), *axis, *largest,
                      "select-strict");
  if (failed(r))
    return failure();
  return PyValue::tuple({PyValue::of(r->first), PyValue::of(r->second)});
}

/// argsort(x, axis, descending, stable) -> (sorted values, indices).
FailureOr<PyValue> argsort(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto axis = a.integer("axis");
  auto descending = a.boolean("descending");
  auto stable = a.boolean("stable");
  if (failed(x) || failed(axis) || failed(descending) || failed(stable))
    return failure();
  auto d = ctx.dim(*axis, typeOf(*x).getRank());
  if (failed(d))
    return failure();
  // PaddlePaddle's CPU argsort: std::sort, or std::stable_sort with stable.
  auto r = sortedPart(ctx, a, *x, typeOf(*x).getDimSize(*d), *d, *descending,
                      *stable ? "index" : "sort");
  if (failed(r))
    return failure();
  return PyValue::tuple({PyValue::of(r->first), PyValue::of(r->second)});
}

/// cross_entropy_with_softmax(logits, label, soft_label, use_softmax,
/// numeric_stable_mode, ignore_index, axis) -> (softmax, loss). Hard labels:
/// loss = -log_softmax(logits) at the label along axis (the label has size 1
/// there), 0 where the label is ignore_index; the logits shifted and
/// clipped as PaddlePaddle's kernel does (clippedShift).
FailureOr<PyValue> crossEntropyWithSoftmax(ImportContext &ctx, Args &a) {
  auto logits = a.tensor("logits"), label = a.tensor("label");
  auto soft = a.boolean("soft_label"), useSoftmax = a.boolean("use_softmax");
  auto ignore = a.integer("ignore_index"), axis = a.integer("axis");
  if (failed(logits) || failed(label) || failed(soft) || failed(useSoftmax) || failed(ignore) ||
      failed(axis))
    return failure();
  if (*soft || !*useSoftmax)
    return a.error("only hard labels with use_softmax=True are supported");
  auto d = ctx.dim(*axis, typeOf(*logits).getRank());
  if (failed(d))
    return failure();
  auto shifted = clippedShift(ctx, *logits, *d);
  if (failed(shifted))
    return failure();
  auto sm = ctx.build<gn::SoftmaxOp>({*shifted}, {ctx.i64("dim", *d)});
  auto lsm = ctx.build<gn::LogSoftmaxOp>({*shifted}, {ctx.i64("dim", *d)});
  auto idx = ctx.convert(*label, ctx.i64Type());
  if (failed(sm) || failed(lsm) || failed(idx))
    return failure();
  Type e = typeOf(*logits).getElementType();
  auto ignored = ctx.build<gn::EqOp>({*idx, ctx.splat(ctx.i64Type(), *ignore)});
  if (failed(ignored))
    return failure();
  auto safeIdx = ctx.build<gn::WhereOp>({*ignored, ctx.splat(ctx.i64Type(), 0), *idx});
  if (failed(safeIdx))
    return failure();
  // A label below 0 (other than ignore_index) or past the classes fails the
  // run, as PaddlePaddle raises.
  auto picked = ctx.build<gn::GatherOp>({*lsm, *safeIdx}, {ctx.i64("dim", *d),
                                                          ctx.flag("wrap_negative", false)});
  if (failed(picked))
    return failure();
  auto neg = ctx.build<gn::NegOp>({*picked});
  if (failed(neg))
    return failure();
  auto loss = ctx.build<gn::WhereOp>({*ignored, ctx.splat(e, 0), *neg});
  if (failed(loss))
    return failure();
  return PyValue::tuple({PyValue::of(*sm), PyValue::of(*loss)});
}

/// dist(x, y, p): the p-norm of x - y (broadcast) as a 0-d tensor; p = 0
/// counts the nonzero differences, +-inf takes the largest / smallest.
FailureOr<PyValue> dist(ImportContext &ctx, Args &a) {
  auto p = number(a, ctx, "p");
  if (failed(p))
    return failure();
  auto diff = ctx.binary<gn::SubOp>(a.get("x"), a.get("y"));
  if (failed(diff) || !diff->isTensor())
    return failure();
  Value d = diff->tensor;
  Type e = typeOf(d).getElementType();
  auto dims = llvm::to_vector(llvm::seq<int64_t>(0, typeOf(d).getRank()));
  auto all = [&](Chain &c, Value v, auto op) {
    return c.op<decltype(op)>({v}, {ctx.ints("dims", dims), ctx.flag("keepdim", false)});
  };
  Chain c{ctx};
  Value r, absD = c.op<gn::AbsOp>({d});
  if (*p == 0)
    r = all(c, c.convert(c.op<gn::NeOp>({d, ctx.splat(e, 0)}), e), gn::ReduceSumOp());
  else if (std::isinf(*p))
    r = *p > 0 ? all(c, absD, gn::ReduceMaxOp()) : all(c, absD, gn::ReduceMinOp());
  else
    r = c.op<gn::PowOp>({all(c, c.op<gn::PowOp>({absD, ctx.splat(e, *p)}), gn::ReduceSumOp()),
                         ctx.splat(e, 1 / *p)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// reduce_as(x, target): x summed over the dims it was broadcast along to
/// reach target's shape.
FailureOr<PyValue> reduceAs(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), target = a.tensor("target");
  if (failed(x) || failed(target))
    return failure();
  return wrap(algebra::sumToShape(ctx, *x, typeOf(*target).getShape()));
}

/// median(x, axis, keepdim, mode) and nanmedian(x, axis, keepdim, mode)
/// -> (values, indices): mode 'min' the lower middle element, 'avg' the
/// mean of both (indices then [.., 2]); axis None (or [] for nanmedian)
/// every element, a list of axes those axes together.
template <bool IgnoreNan> FailureOr<PyValue> median(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto keep = a.boolean("keepdim");
  auto mode = a.string("mode");
  if (failed(x) || failed(keep) || failed(mode))
    return failure();
  if (*mode != "avg" && *mode != "min")
    return a.error("mode must be 'avg' or 'min', got '" + *mode + "'");
  auto type = typeOf(*x);
  int64_t rank = type.getRank();
  llvm::SmallVector<int64_t> dims;
  if (a.has("axis")) {
    auto ax = axes(a, ctx, "axis", rank, /*emptyMeansAll=*/true);
    if (failed(ax))
      return failure();
    dims = *ax;
  } else {
    dims = llvm::to_vector(llvm::seq<int64_t>(0, rank));
  }
  llvm::sort(dims);
  // The reduced axes moved last and flattened into one.
  llvm::SmallVector<int64_t> perm, outShape, keptShape;
  int64_t reduced = 1;
  for (int64_t d = 0; d < rank; ++d)
    if (!llvm::is_contained(dims, d)) {
      perm.push_back(d);
      outShape.push_back(type.getDimSize(d));
    }
  for (int64_t d : dims) {
    perm.push_back(d);
    reduced *= type.getDimSize(d);
  }
  for (int64_t d = 0; d < rank; ++d)
    keptShape.push_back(llvm::is_contained(dims, d) ? 1 : type.getDimSize(d));
  Chain c{ctx};
  llvm::SmallVector<int64_t> flatShape(outShape);
  flatShape.push_back(reduced);
  Value v = c.reshape(c.op<gn::TransposeOp>({*x}, {ctx.ints("permutation", perm)}), flatShape);
  if (!c.ok())
    return failure();
  bool average = *mode == "avg";
  auto r = algebra::median(ctx, v, flatShape.size() - 1, false, IgnoreNan, average);
  if (failed(r))
    return failure();
  Value values = r->values, indices = r->indices;
  if (*keep) {
    values = c.reshape(values, keptShape);
    llvm::SmallVector<int64_t> idxShape(keptShape);
    if (average)
      idxShape.push_back(2);
    indices = c.reshape(indices, idxShape);
  }
  if (!c.ok())
    return failure();
  return PyValue::tuple({PyValue::of(values), PyValue::of(indices)});
}

/// max_with_index / min_with_index(x, dim, keepdim, flatten) -> (values,
/// int64 indices), as torch.max(x, dim) (flatten: over every element).
template <bool Max> FailureOr<PyValue> withIndex(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto d = a.integer("dim");
  auto keep = a.boolean("keepdim"), flat = a.boolean("flatten");
  if (failed(x) || failed(d) || failed(keep) || failed(flat))
    return failure();
  Chain c{ctx};
  Value v = *flat ? c.reshape(*x, {typeOf(*x).getNumElements()}) : *x;
  if (!c.ok())
    return failure();
  int64_t rank = typeOf(v).getRank();
  auto dim = *flat ? FailureOr<int64_t>(0) : ctx.dim(*d, std::max<int64_t>(rank, 1));
  if (failed(dim))
    return failure();
  bool keepdim = *keep && !*flat;
  Value values =
      Max ? c.op<gn::ReduceMaxOp>({v}, {ctx.ints("dims", {*dim}), ctx.flag("keepdim", keepdim)})
          : c.op<gn::ReduceMinOp>({v}, {ctx.ints("dims", {*dim}), ctx.flag("keepdim", keepdim)});
  Value indices =
      Max ? c.op<gn::ArgMaxOp>({v}, {ctx.i64("dim", *dim), ctx.flag("keepdim", keepdim)})
          : c.op<gn::ArgMinOp>({v}, {ctx.i64("dim", *dim), ctx.flag("keepdim", keepdim)});
  if (!c.ok())
    return failure();
  return PyValue::tuple({PyValue::of(values), PyValue::of(indices)});
}

} // namespace

void paddle::registerReductionOps(OpRegistry &r) {
  r.add("sum", "x, axis=None, dtype=None, keepdim=False", folded<sum>);
  r.add("mean", "x, axis=None, keepdim=False", folded<mean>);
  r.add("mean_all", "x", folded<meanAll>);
  r.add("l1_norm|l1_norm_", "x", folded<l1Norm>);
  r.add("max", "x, axis=None, keepdim=False", folded<plain<gn::ReduceMaxOp>>);
  r.add("min", "x, axis=None, keepdim=False", folded<plain<gn::ReduceMinOp>>);
  r.add("prod", "x, axis=None, keepdim=False, reduce_all=False", folded<plain<gn::ReduceProdOp>>);
  r.add("any", "x, axis=None, keepdim=False", folded<boolReduce<gn::ReduceAnyOp>>);
  r.add("all", "x, axis=None, keepdim=False", folded<boolReduce<gn::ReduceAllOp>>);
  r.add("argmax", "x, axis=-1, keepdim=False, flatten=False, dtype=None",
        folded<argReduce<gn::ArgMaxOp>>);
  r.add("argmin", "x, axis=-1, keepdim=False, flatten=False, dtype=None",
        folded<argReduce<gn::ArgMinOp>>);
  r.add("cumsum", "x, axis=-1, flatten=False, exclusive=False, reverse=False", folded<cumsum>);
  r.add("topk", "x, k, axis=-1, largest=True, sorted=True", topk);
  r.add("argsort", "x, axis=-1, descending=False, stable=False", argsort);
  r.add("softmax", "x, axis=-1", softmaxLike<gn::SoftmaxOp>);
  r.add("cross_entropy_with_softmax",
        "logits, label, soft_label=False, use_softmax=True, numeric_stable_mode=True, "
        "ignore_index=-100, axis=-1",
        crossEntropyWithSoftmax);
  r.add("log_softmax", "x, axis=-1", softmaxLike<gn::LogSoftmaxOp, true>);
  r.add("dist", "x, y, p=2.0", folded<dist>);
  r.add("mode", "x, axis=-1, keepdim=False", [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
    auto x = a.tensor("x");
    auto d = a.integer("axis");
    auto keep = a.boolean("keepdim");
    if (failed(x) || failed(d) || failed(keep))
      return failure();
    auto dim = ctx.dim(*d, std::max<int64_t>(typeOf(*x).getRank(), 1));
    if (failed(dim))
      return failure();
    auto r = algebra::mode(ctx, *x, *dim, *keep);
    if (failed(r))
      return failure();
    return PyValue::tuple({PyValue::of(r->first), PyValue::of(r->second)});
  });
  r.add("max_with_index", "x, dim, keepdim=False, flatten=False", withIndex<true>);
  r.add("min_with_index", "x, dim, keepdim=False, flatten=False", withIndex<false>);
  r.add("median", "x, axis=None, keepdim=False, mode='avg'", median<false>);
  r.add("nanmedian", "x, axis=None, keepdim=False, mode='avg'", median<true>);
  r.add("reduce_as", "x, target", folded<reduceAs>);
  r.add("p_norm", "x, porder=2.0, axis=-1, epsilon=1e-12, keepdim=False, asvector=False", pNorm);
}
