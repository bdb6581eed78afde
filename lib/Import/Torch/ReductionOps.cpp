//===- ReductionOps.cpp - import of reductions, scans and softmax -------===//
#include "TorchOps.h"
#include "gn/Import/Python/MathFunctions.h"

using namespace mlir;
using namespace mlir::gn::import;

FailureOr<std::pair<Value, int64_t>> mlir::gn::import::flatOrAlongDim(ImportContext &ctx,
                                                                     Args &a, Value x) {
  if (!a.has("dim")) {
    auto flat = ctx.reshape(x, {typeOf(x).getNumElements()});
    if (failed(flat))
      return failure();
    return std::make_pair(*flat, int64_t(0));
  }
  auto d = a.integer("dim");
  if (failed(d))
    return failure();
  auto n = ctx.dim(*d, typeOf(x).getRank());
  if (failed(n))
    return failure();
  return std::make_pair(x, *n);
}

FailureOr<llvm::SmallVector<int64_t>>
mlir::gn::import::reductionDims(ImportContext &ctx, Args &a, Value x, llvm::StringRef name) {
  int64_t rank = typeOf(x).getRank();
  llvm::SmallVector<int64_t> dims;
  const PyValue &d = a.get(name);
  if (d.isNone() || (d.isSequence() && d.elts.empty())) {
    for (int64_t i = 0; i < rank; ++i)
      dims.push_back(i);
    return dims;
  }
  auto raw = a.ints(name);
  if (failed(raw))
    return failure();
  for (int64_t v : *raw) {
    auto n = ctx.dim(v, rank);
    if (failed(n))
      return failure();
    if (rank > 0)
      dims.push_back(*n);
  }
  llvm::sort(dims);
  dims.erase(std::unique(dims.begin(), dims.end()), dims.end());
  return dims;
}

FailureOr<Value> mlir::gn::import::withDtype(ImportContext &ctx, Args &a, Value x) {
  auto dt = a.dtype("dtype");
  if (failed(dt))
    return failure();
  if (*dt)
    return ctx.convert(x, **dt);
  return x;
}

namespace {

template <typename OpTy, int Promote> // 0: keep, 1: ints->i64 (sum), 2: ints->f32 (mean)
FailureOr<PyValue> reduce(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto v = withDtype(ctx, a, *x);
  if (failed(v))
    return failure();
  Type e = typeOf(*v).getElementType();
  if (!a.has("dtype") && !isFloat(e) && Promote) {
    if (Promote == 2)
      return a.error("mean of an integer tensor needs an explicit floating dtype");
    auto c = ctx.convert(*v, ctx.i64Type());
    if (failed(c))
      return failure();
    v = *c;
  }
  auto dims = reductionDims(ctx, a, *v);
  auto keep = a.boolean("keepdim");
  if (failed(dims) || failed(keep))
    return failure();
  return wrap(ctx.build<OpTy>({*v}, {ctx.ints("dims", *dims), ctx.flag("keepdim", *keep)}));
}

template <typename OpTy>
FailureOr<PyValue> logicalReduce(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto b = ctx.convert(*x, ctx.i1());
  auto dims = reductionDims(ctx, a, *x);
  auto keep = a.boolean("keepdim");
  if (failed(b) || failed(dims) || failed(keep))
    return failure();
  auto r = ctx.build<OpTy>({*b}, {ctx.ints("dims", *dims), ctx.flag("keepdim", *keep)});
  // uint8 in, uint8 out (torch keeps that legacy form).
  Type e = typeOf(*x).getElementType();
  if (failed(r) || !e.isUnsignedInteger(8))
    return wrap(r);
  return wrap(ctx.convert(*r, e));
}

template <typename ArgOp>
FailureOr<PyValue> argReduce(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto keep = a.boolean("keepdim");
  if (failed(x) || failed(keep))
    return failure();
  if (typeOf(*x).getElementType().isInteger(1)) // as PyTorch
    return a.error("does not support bool input");
  auto along = flatOrAlongDim(ctx, a, *x);
  if (failed(along))
    return failure();
  auto [v, dim] = *along;
  auto r = ctx.build<ArgOp>({v}, {ctx.i64("dim", dim), ctx.flag("keepdim", *keep)});
  if (failed(r))
    return failure();
  if (!a.has("dim") && *keep) {
    llvm::SmallVector<int64_t> ones(typeOf(*x).getRank(), 1);
    return wrap(ctx.reshape(*r, ones));
  }
  if (!a.has("dim"))
    return wrap(ctx.reshape(*r, {}));
  return PyValue::of(*r);
}

/// torch.max/min: full reduction, (values, indices) along dim, or
/// elementwise against another tensor.
template <typename ReduceOp, typename ArgOp, typename ElementwiseOp>
FailureOr<PyValue> maxMin(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  const PyValue &d = a.get("dim");
  if (d.isTensor())
    return ctx.binary<ElementwiseOp>(a.get("input"), d);
  if (a.has("other"))
    return ctx.binary<ElementwiseOp>(a.get("input"), a.get("other"));
  auto keep = a.boolean("keepdim");
  if (failed(keep))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  if (d.isNone()) {
    llvm::SmallVector<int64_t> all;
    for (int64_t i = 0; i < rank; ++i)
      all.push_back(i);
    return wrap(ctx.build<ReduceOp>({*x}, {ctx.ints("dims", all), ctx.flag("keepdim", false)}));
  }
  auto di = a.integer("dim");
  if (failed(di))
    return failure();
  auto n = ctx.dim(*di, rank);
  if (failed(n))
    return failure();
  auto values = ctx.build<ReduceOp>({*x}, {ctx.ints("dims", {*n}), ctx.flag("keepdim", *keep)});
  auto indices = ctx.build<ArgOp>({*x}, {ctx.i64("dim", *n), ctx.flag("keepdim", *keep)});
  if (failed(values) || failed(indices))
    return failure();
  return PyValue::tuple({PyValue::of(*values), PyValue::of(*indices)});
}

FailureOr<PyValue> variance(ImportContext &ctx, Args &a, bool takeSqrt) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto dims = reductionDims(ctx, a, *x);
  auto keep = a.boolean("keepdim");
  if (failed(dims) || failed(keep))
    return failure();
  int64_t correction = 1;
  if (a.has("correction")) {
    auto c = a.integer("correction");
    if (failed(c))
      return failure();
    correction = *c;
  } else if (a.has("unbiased")) {
    auto u = a.boolean("unbiased");
    if (failed(u))
      return failure();
    correction = *u ? 1 : 0;
  }
  // float32 / float16 / bfloat16 in float64, the result (the square root
  // too) rounded once, as PyTorch's CPU kernels accumulate (Welford in
  // double): std of [0, 3e38, -3e38] is 2.4e38 there, where float32 squares
  // overflowed to inf; half std rounded the variance before its root.
  Type e = typeOf(*x).getElementType();
  bool narrow = e.isF32() || e.isF16() || e.isBF16();
  Value in = *x;
  if (narrow) {
    auto wide = ctx.convert(*x, ctx.builder.getF64Type());
    if (failed(wide))
      return failure();
    in = *wide;
  }
  auto r = ctx.build<gn::VarianceOp>({in}, {ctx.ints("dims", *dims), ctx.flag("keepdim", *keep),
                                            ctx.i64("correction", correction)});
  if (failed(r))
    return failure();
  Value out = *r;
  if (takeSqrt) {
    auto root = ctx.build<gn::SqrtOp>({out});
    if (failed(root))
      return failure();
    out = *root;
  }
  return narrow ? wrap(ctx.convert(out, e)) : PyValue::of(out);
}

FailureOr<PyValue> var(ImportContext &ctx, Args &a) { return variance(ctx, a, false); }
FailureOr<PyValue> stdDev(ImportContext &ctx, Args &a) { return variance(ctx, a, true); }

/// var_mean / std_mean: the spread and the mean over the same dims.
FailureOr<PyValue> spreadAndMean(ImportContext &ctx, Args &a, bool takeSqrt) {
  auto spread = variance(ctx, a, takeSqrt);
  if (failed(spread))
    return failure();
  auto x = a.tensor("input");
  auto dims = reductionDims(ctx, a, *x);
  auto keep = a.boolean("keepdim");
  if (failed(dims) || failed(keep))
    return failure();
  auto mean = ctx.build<gn::ReduceMeanOp>({*x}, {ctx.ints("dims", *dims), ctx.flag("keepdim", *keep)});
  if (failed(mean))
    return failure();
  return PyValue::tuple({*spread, PyValue::of(*mean)});
}

/// The order of a norm: a number, inf, or "fro" (2 over the dims); nullopt
/// for None (2 for vectors, Frobenius for matrices).
FailureOr<std::optional<double>> normOrder(Args &a, llvm::StringRef name) {
  const PyValue &pv = a.get(name);
  if (pv.isNone())
    return std::optional<double>();
  if (pv.kind == PyValue::Str && pv.s == "fro")
    return std::optional<double>(2);
  if (pv.isNumber())
    return std::optional<double>(pv.asDouble());
  return a.error("unsupported norm order " + pv.describe() +
                 (pv.kind == PyValue::Str ? " (the nuclear norm needs singular values)" : ""));
}

/// Vector p-norms over dims, as linalg.vector_norm computes them: max |x|
/// (inf), min |x| (-inf), the count of nonzeros (0), (sum |x|^p)^(1/p)
/// otherwise (sqrt of the sum of squares for 2, the sum for 1). dtype=
/// converts the input first.
FailureOr<PyValue> norm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto order = normOrder(a, "p");
  if (failed(x) || failed(order))
    return failure();
  double p = order->value_or(2);
  auto v = withDtype(ctx, a, *x);
  auto dims = reductionDims(ctx, a, *x);
  auto keep = a.boolean("keepdim");
  if (failed(v) || failed(dims) || failed(keep))
    return failure();
  if (!isFloat(typeOf(*v).getElementType()))
    return a.error("expects a floating-point input (or dtype=), got " +
                   ctx.dtypeName(typeOf(*v).getElementType()));
  return wrap(floatVectorNorm(ctx, *v, p, *dims, *keep));
}

/// linalg.norm: a vector norm, except with an ord other than "fro" over two
/// dims (or a matrix with dim=None), where it is linalg.matrix_norm.
FailureOr<PyValue> linalgNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  const PyValue &ord = a.get("ord");
  bool frobenius = ord.isNone() || (ord.kind == PyValue::Str && ord.s == "fro");
  bool twoDims = a.has("dim") ? a.get("dim").isSequence() && a.get("dim").elts.size() == 2
                              : typeOf(*x).getRank() == 2;
  if (!twoDims || frobenius) { // a vector norm: matrix_norm's "fro" is the 2-norm of the dims
    for (auto &[n, v] : a.bound)
      if (n == "ord")
        n = "p";
    return norm(ctx, a);
  }
  for (auto &[n, v] : a.bound)
    if (n == "input")
      n = "A";
  return matrixNorm(ctx, a); // its dim=None is (-2, -1), a matrix's two dims
}

FailureOr<PyValue> logsumexp(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  if (!isFloat(typeOf(*x).getElementType())) // integers and bools: float32 (torch)
    x = ctx.convert(*x, ctx.f32());
  if (failed(x))
    return failure();
  auto dims = reductionDims(ctx, a, *x);
  auto keep = a.boolean("keepdim");
  if (failed(dims) || failed(keep))
    return failure();
  return wrap(math::logsumexp(ctx, *x, *dims, *keep));
}

FailureOr<PyValue> cumsum(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d = a.integer("dim");
  if (failed(x) || failed(d))
    return failure();
  auto v = withDtype(ctx, a, *x);
  if (failed(v))
    return failure();
  if (!a.has("dtype") && !isFloat(typeOf(*v).getElementType())) {
    v = ctx.convert(*v, ctx.i64Type());
    if (failed(v))
      return failure();
  }
  auto dim = ctx.dim(*d, typeOf(*v).getRank());
  if (failed(dim))
    return failure();
  return wrap(ctx.build<gn::CumSumOp>({*v}, {ctx.i64("dim", *dim)}));
}

template <typename OpTy>
FailureOr<PyValue> softmax(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto v = withDtype(ctx, a, *x);
  if (failed(v))
    return failure();
  // PyTorch has no integer or bool softmax kernel (NotImplementedError, with
  // or without dtype= naming an integer type); a float dtype= converts first.
  if (!isFloat(typeOf(*v).getElementType()))
    return a.error("softmax / log_softmax of a non-float tensor: PyTorch has no such kernel; "
                   "pass a float dtype=");
  int64_t rank = typeOf(*v).getRank();
  if (a.get("dim").isNone())
    return a.error("implicit softmax dim is deprecated in torch; pass dim");
  auto d = a.integer("dim");
  if (failed(d))
    return failure();
  auto dim = ctx.dim(*d, rank);
  if (failed(dim))
    return failure();
  if (rank == 0) {
    auto r1 = ctx.reshape(*v, {1});
    if (failed(r1))
      return failure();
    auto s = ctx.build<OpTy>({*r1}, {ctx.i64("dim", 0)});
    if (failed(s))
      return failure();
    return wrap(ctx.reshape(*s, {}));
  }
  return wrap(ctx.build<OpTy>({*v}, {ctx.i64("dim", *dim)}));
}

/// softmin(x, dim) = softmax(-x, dim).
FailureOr<PyValue> softmin(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto negated = ctx.build<gn::NegOp>({*x});
  if (failed(negated))
    return failure();
  for (auto &[name, v] : a.bound)
    if (name == "input")
      v = PyValue::of(*negated);
  return softmax<gn::SoftmaxOp>(ctx, a);
}

/// The `k` largest (or smallest) of `input` along `dim`, sorted, and their
/// indices, equal values ordered as `ties` (gn.top_k) says; a 0-d input is
/// taken as one element and given back 0-d.
FailureOr<PyValue> sortedAlong(ImportContext &ctx, Args &a, std::optional<int64_t> k,
                               bool largest, llvm::StringRef ties, bool valuesOnly = false,
                               bool indicesOnly = false) {
  auto x = a.tensor("input");
  auto d = a.integer("dim");
  if (failed(x) || failed(d))
    return failure();
  Value in = *x;
  bool scalar = typeOf(in).getRank() == 0;
  if (scalar) {
    auto r = ctx.reshape(in, {1});
    if (failed(r))
      return failure();
    in = *r;
  }
  auto dim = ctx.dim(*d, typeOf(in).getRank());
  if (failed(dim))
    return failure();
  auto r = ctx.topK(in, k ? *k : typeOf(in).getDimSize(*dim), *dim, largest, ties);
  if (failed(r))
    return failure();
  Value values = r->first, indices = r->second;
  if (scalar) {
    auto v = ctx.reshape(values, {}), i = ctx.reshape(indices, {});
    if (failed(v) || failed(i))
      return failure();
    values = *v;
    indices = *i;
  }
  if (valuesOnly)
    return PyValue::of(values);
  if (indicesOnly)
    return PyValue::of(indices);
  return PyValue::tuple({PyValue::of(values), PyValue::of(indices)});
}

/// topk(input, k, dim=-1, largest=True, sorted=True) -> (values, indices),
/// sorted whatever `sorted` says (with sorted=False PyTorch's order is
/// unspecified; sorted is one of the orders it may give).
FailureOr<PyValue> topk(ImportContext &ctx, Args &a) {
  auto k = a.integer("k");
  auto largest = a.boolean("largest");
  if (failed(k) || failed(largest))
    return failure();
  return sortedAlong(ctx, a, *k, *largest, "select");
}

/// Ties as PyTorch's CPU sort orders them: stable=True keeps index order,
/// otherwise std::sort's (stable=None is False).
FailureOr<llvm::StringRef> sortTies(Args &a) {
  if (a.get("stable").isNone())
    return llvm::StringRef("sort");
  auto stable = a.boolean("stable");
  if (failed(stable))
    return failure();
  return llvm::StringRef(*stable ? "index" : "sort");
}

/// sort(input, dim=-1, descending=False, stable=False) -> (values, indices).
FailureOr<PyValue> sort(ImportContext &ctx, Args &a) {
  auto descending = a.boolean("descending");
  auto ties = sortTies(a);
  if (failed(descending) || failed(ties))
    return failure();
  return sortedAlong(ctx, a, std::nullopt, *descending, *ties);
}

/// argsort(input, dim=-1, descending=False, stable=False) -> indices.
FailureOr<PyValue> argsort(ImportContext &ctx, Args &a) {
  auto descending = a.boolean("descending");
  auto ties = sortTies(a);
  if (failed(descending) || failed(ties))
    return failure();
  return sortedAlong(ctx, a, std::nullopt, *descending, *ties, false, /*indicesOnly=*/true);
}

/// msort(input): sorted along dim 0, values only.
FailureOr<PyValue> msort(ImportContext &ctx, Args &a) {
  return sortedAlong(ctx, a, std::nullopt, false, "sort", /*valuesOnly=*/true);
}

/// ATen's _softmax / _log_softmax(input, dim, half_to_float): with
/// half_to_float, an f16 input's result in f32.
template <typename OpTy>
FailureOr<PyValue> halfToFloat(ImportContext &ctx, Args &a) {
  auto widen = a.boolean("half_to_float");
  if (failed(widen))
    return failure();
  a.bound.push_back({"dtype", *widen ? PyValue::dtypeOf(ctx.f32()) : PyValue::none()});
  return softmax<OpTy>(ctx, a);
}

} // namespace


void mlir::gn::import::registerReductionOps(OpRegistry &r) {
  r.add("topk", "input, k, dim=-1, largest=True, sorted=True, *, out=None", topk);
  r.add("sort", "input, dim=-1, descending=False, stable=False, *, out=None", sort);
  r.add("argsort", "input, dim=-1, descending=False, stable=False", argsort);
  r.add("msort", "input, dim=0, *, out=None", msort);
  r.add("sum", "input, dim=None, keepdim=False, *, dtype=None", reduce<gn::ReduceSumOp, 1>);
  r.add("mean", "input, dim=None, keepdim=False, *, dtype=None", reduce<gn::ReduceMeanOp, 2>);
  r.add("prod", "input, dim=None, keepdim=False, *, dtype=None", reduce<gn::ReduceProdOp, 1>);
  r.add("amax", "input, dim=None, keepdim=False", reduce<gn::ReduceMaxOp, 0>);
  r.add("amin", "input, dim=None, keepdim=False", reduce<gn::ReduceMinOp, 0>);
  r.add("any", "input, dim=None, keepdim=False", logicalReduce<gn::ReduceAnyOp>);
  r.add("all", "input, dim=None, keepdim=False", logicalReduce<gn::ReduceAllOp>);
  r.add("argmax", "input, dim=None, keepdim=False", argReduce<gn::ArgMaxOp>);
  r.add("argmin", "input, dim=None, keepdim=False", argReduce<gn::ArgMinOp>);
  r.add("max", "input, dim=None, keepdim=False, *, other=None",
        maxMin<gn::ReduceMaxOp, gn::ArgMaxOp, gn::MaximumOp>);
  r.add("min", "input, dim=None, keepdim=False, *, other=None",
        maxMin<gn::ReduceMinOp, gn::ArgMinOp, gn::MinimumOp>);
  r.add("var", "input, dim=None, unbiased=None, keepdim=False, *, correction=None", var);
  r.add("std", "input, dim=None, unbiased=None, keepdim=False, *, correction=None", stdDev);
  r.add("var_mean", "input, dim=None, unbiased=None, keepdim=False, *, correction=None",
        [](ImportContext &ctx, Args &a) { return spreadAndMean(ctx, a, false); });
  r.add("std_mean", "input, dim=None, unbiased=None, keepdim=False, *, correction=None",
        [](ImportContext &ctx, Args &a) { return spreadAndMean(ctx, a, true); });
  r.add("norm", "input, p=None, dim=None, keepdim=False, dtype=None", norm);
  r.add("vector_norm|linalg_vector_norm", "input, ord=2, dim=None, keepdim=False, *, dtype=None",
        [](ImportContext &ctx, Args &a) {
          for (auto &[n, v] : a.bound)
            if (n == "ord")
              n = "p";
          return norm(ctx, a);
        });
  // torch.linalg.norm by its full name: "norm" alone is torch.norm's.
  r.add("linalg_norm|torch.linalg.norm", "input, ord=None, dim=None, keepdim=False, *, dtype=None",
        linalgNorm);
  r.add("logsumexp", "input, dim, keepdim=False", logsumexp);
  r.add("cumsum", "input, dim, *, dtype=None", cumsum);
  // F.softmax's third parameter is _stacklevel; torch.softmax's and the
  // method's is dtype; ATen's _softmax's is half_to_float (an f16 input's
  // result in f32).
  r.add("softmax", "input, dim=None, _stacklevel=3, dtype=None", softmax<gn::SoftmaxOp>);
  r.add("softmin", "input, dim=None, _stacklevel=3, dtype=None", softmin);
  r.add("log_softmax", "input, dim=None, _stacklevel=3, dtype=None", softmax<gn::LogSoftmaxOp>);
  r.add("torch.softmax|Tensor.softmax|torch.special.softmax", "input, dim, dtype=None",
        softmax<gn::SoftmaxOp>);
  r.add("torch.log_softmax|Tensor.log_softmax|torch.special.log_softmax", "input, dim, dtype=None",
        softmax<gn::LogSoftmaxOp>);
  r.add("_softmax", "input, dim, half_to_float", halfToFloat<gn::SoftmaxOp>);
  r.add("_log_softmax", "input, dim, half_to_float", halfToFloat<gn::LogSoftmaxOp>);
}
