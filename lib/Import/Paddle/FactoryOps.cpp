//===- FactoryOps.cpp - Paddle constants, ranges and random tensors ------===//
//
// Random ops (uniform, training-mode dropout) become gn.random: their
// values come from gn's counter-based stream (gn/Support/RandomStream.h),
// the same in eager and compiled runs, and cannot match PaddlePaddle's
// (samples whose outputs depend on them are left out of conformance).
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include "gn/Import/Python/TensorAlgebra.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Support/NumericCast.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

FailureOr<PyValue> splatOf(ImportContext &ctx, Args &a, llvm::ArrayRef<int64_t> shape,
                           double value, Type e) {
  if (!isFloat(e) && std::isfinite(value))
    value = std::trunc(value);
  return PyValue::of(ctx.splat(e, value, shape));
}

/// full(shape, value, dtype, place).
FailureOr<PyValue> full(ImportContext &ctx, Args &a) {
  auto shape = sizeList(a, ctx, "shape");
  auto value = number(a, ctx, "value");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(shape) || failed(value) || failed(t))
    return failure();
  return splatOf(ctx, a, *shape, *value, *t);
}

/// full_like(x, value, dtype, place): dtype None keeps x's.
FailureOr<PyValue> fullLike(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto value = number(a, ctx, "value");
  if (failed(x) || failed(value))
    return failure();
  Type e = typeOf(*x).getElementType();
  if (a.has("dtype")) {
    auto t = dtypeArg(a, ctx, "dtype");
    if (failed(t))
      return failure();
    e = *t;
  }
  return splatOf(ctx, a, typeOf(*x).getShape(), *value, e);
}

/// ones / zeros / empty(shape, dtype, place): empty's values are
/// unspecified in PaddlePaddle; gn gives zeros.
template <int Value> FailureOr<PyValue> filled(ImportContext &ctx, Args &a) {
  auto shape = sizeList(a, ctx, "shape");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(shape) || failed(t))
    return failure();
  return splatOf(ctx, a, *shape, Value, *t);
}

/// ones_like / zeros_like / empty_like(x, dtype, place): dtype None keeps x's.
template <int Value> FailureOr<PyValue> filledLike(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  Type e = typeOf(*x).getElementType();
  if (a.has("dtype")) {
    auto t = dtypeArg(a, ctx, "dtype");
    if (failed(t))
      return failure();
    e = *t;
  }
  return splatOf(ctx, a, typeOf(*x).getShape(), Value, e);
}

/// eye(num_rows, num_columns, dtype, place): num_columns < 0 is num_rows.
FailureOr<PyValue> eye(ImportContext &ctx, Args &a) {
  auto rows = number(a, ctx, "num_rows"), cols = number(a, ctx, "num_columns");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(rows) || failed(cols) || failed(t))
    return failure();
  int64_t n = (int64_t)*rows, m = *cols < 0 ? n : (int64_t)*cols;
  if (n < 0 || n > (int64_t(1) << 31) || m > (int64_t(1) << 31))
    return a.error("num_rows and num_columns must be in [0, 2^31]");
  Chain c{ctx};
  Type i64 = ctx.i64Type();
  Value r = c.reshape(c.arange(n, i64), {n, 1}), k = c.reshape(c.arange(m, i64), {1, m});
  Value out = c.convert(c.op<gn::EqOp>({r, k}), *t);
  if (!c.ok())
    return failure();
  return PyValue::of(out);
}

/// tril_indices(rows, cols, offset, dtype, place) / triu_indices(row, col,
/// offset, dtype, place): the [2, N] coordinates of the triangle, row by row.
template <bool Upper> FailureOr<PyValue> triangleIndices(ImportContext &ctx, Args &a) {
  auto rows = a.integer(Upper ? "row" : "rows"), cols = a.integer(Upper ? "col" : "cols");
  auto off = a.integer("offset");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(rows) || failed(cols) || failed(off) || failed(t))
    return failure();
  return wrap(algebra::triangleIndices(ctx, *rows, *cols, *off, Upper, *t));
}

/// full_with_tensor(value, shape, dtype).
FailureOr<PyValue> fullWithTensor(ImportContext &ctx, Args &a) {
  auto shape = sizeList(a, ctx, "shape");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(shape) || failed(t))
    return failure();
  const PyValue &v = a.get("value");
  if (v.isTensor() && !knownValues(ctx, v.tensor)) {
    auto c = ctx.convert(v.tensor, *t);
    if (failed(c))
      return failure();
    auto r = ctx.reshape(*c, {});
    if (failed(r))
      return failure();
    return wrap(ctx.build<gn::BroadcastToOp>({*r}, {ctx.ints("shape", *shape)}));
  }
  auto value = number(a, ctx, "value");
  if (failed(value))
    return failure();
  return splatOf(ctx, a, *shape, *value, *t);
}

/// assign_value_(out, shape, dtype, values, place): a constant.
FailureOr<PyValue> assignValue(ImportContext &ctx, Args &a) {
  auto shape = sizeList(a, ctx, "shape");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(shape) || failed(t))
    return failure();
  const PyValue &values = a.get("values");
  if (!values.isSequence())
    return a.error("argument 'values' must be a list of numbers");
  int64_t n = 1;
  for (int64_t d : *shape)
    if (__builtin_mul_overflow(n, d, &n))
      return a.error("shape has more elements than an int64 holds");
  if ((int64_t)values.elts.size() != n)
    return a.error("has " + llvm::Twine(values.elts.size()) + " values for " + llvm::Twine(n) +
                   " elements");
  auto type = RankedTensorType::get(*shape, *t);
  llvm::SmallVector<Attribute> elements;
  for (const PyValue &v : values.elts) {
    if (!v.isNumber())
      return a.error("argument 'values' must hold numbers");
    if (auto ft = llvm::dyn_cast<FloatType>(*t))
      elements.push_back(FloatAttr::get(ft, v.asDouble()));
    else if (t->isInteger(1))
      elements.push_back(IntegerAttr::get(*t, v.asDouble() != 0));
    else
      elements.push_back(IntegerAttr::get(
          *t, v.kind == PyValue::Int ? v.i : gn::saturatingCast<int64_t>(v.asDouble())));
  }
  return PyValue::of(gn::ConstantOp::create(ctx.builder, ctx.loc, type,
                                            DenseElementsAttr::get(type, elements)));
}

/// arange(start, end, step, dtype, place): ceil((end - start) / step) values.
FailureOr<PyValue> arange(ImportContext &ctx, Args &a) {
  auto start = number(a, ctx, "start"), end = number(a, ctx, "end"), step = number(a, ctx, "step");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(start) || failed(end) || failed(step) || failed(t))
    return failure();
  double first = *start, last = *end, by = *step;
  if (!isFloat(*t)) {
    // Integer dtypes cast start, end and step first ((0.5, 2.6, 1) -> [0, 1]).
    first = std::trunc(first), last = std::trunc(last), by = std::trunc(by);
  }
  if (by == 0)
    return a.error("step must not be 0");
  int64_t size = std::max<int64_t>(0, gn::saturatingCast<int64_t>(std::ceil((last - first) / by)));
  return wrap(ctx.build<gn::ArangeOp>({}, {ctx.f64("start", first), ctx.f64("step", by),
                                           ctx.i64("size", size),
                                           ctx.attr("dtype", TypeAttr::get(*t))}));
}

/// range_v2(start, end, step, dtype, place): paddle.range, the end
/// included (floor((end - start) / step) + 1 values).
FailureOr<PyValue> rangeInclusive(ImportContext &ctx, Args &a) {
  auto start = number(a, ctx, "start"), end = number(a, ctx, "end"), step = number(a, ctx, "step");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(start) || failed(end) || failed(step) || failed(t))
    return failure();
  double first = *start, last = *end, by = *step;
  if (!isFloat(*t))
    first = std::trunc(first), last = std::trunc(last), by = std::trunc(by);
  if (by == 0)
    return a.error("step must not be 0");
  int64_t size =
      std::max<int64_t>(0, gn::saturatingCast<int64_t>(std::floor((last - first) / by)) + 1);
  return wrap(ctx.build<gn::ArangeOp>({}, {ctx.f64("start", first), ctx.f64("step", by),
                                           ctx.i64("size", size),
                                           ctx.attr("dtype", TypeAttr::get(*t))}));
}

/// full_int_array(value, dtype, place): a 1-d tensor of the ints given.
FailureOr<PyValue> fullIntArray(ImportContext &ctx, Args &a) {
  auto values = intList(a, ctx, "value");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(values) || failed(t))
    return failure();
  std::vector<double> v(values->begin(), values->end());
  return PyValue::of(denseConstant(ctx, *t, {(int64_t)v.size()}, v));
}

/// exponential_(x, lam): x filled with exponential draws of rate lam,
/// -log(1 - u) / lam of a uniform u (gn's random stream).
FailureOr<PyValue> exponential(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto lam = number(a, ctx, "lam");
  if (failed(x) || failed(lam))
    return failure();
  auto type = typeOf(*x);
  Type f32 = ctx.f32();
  Chain c{ctx};
  Value u = c.take(uniformValues(ctx, type.getShape(), f32, 0, 1));
  Value r = c.op<gn::DivOp>({c.op<gn::NegOp>({c.op<gn::Log1pOp>({c.op<gn::NegOp>({u})})}),
                             ctx.splat(f32, *lam)});
  r = c.convert(r, type.getElementType());
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// linspace(start, stop, num, dtype, place).
FailureOr<PyValue> linspace(ImportContext &ctx, Args &a) {
  auto start = number(a, ctx, "start"), stop = number(a, ctx, "stop"), num = number(a, ctx, "number");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(start) || failed(stop) || failed(num) || failed(t))
    return failure();
  int64_t n = gn::saturatingCast<int64_t>(*num);
  double step = n > 1 ? (*stop - *start) / (n - 1) : 0;
  return wrap(ctx.build<gn::ArangeOp>({}, {ctx.f64("start", *start), ctx.f64("step", step),
                                           ctx.i64("size", n),
                                           ctx.attr("dtype", TypeAttr::get(*t))}));
}


/// logspace(start, stop, num, base, dtype, place): base ** linspace(start,
/// stop, num), computed in f64 and converted.
FailureOr<PyValue> logspace(ImportContext &ctx, Args &a) {
  auto start = number(a, ctx, "start"), stop = number(a, ctx, "stop"), num = number(a, ctx, "num");
  auto base = number(a, ctx, "base");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(start) || failed(stop) || failed(num) || failed(base) || failed(t))
    return failure();
  int64_t n = gn::saturatingCast<int64_t>(*num);
  if (n < 0)
    return a.error("num must be non-negative, got " + std::to_string(n));
  std::vector<double> values;
  for (int64_t i = 0; i < n; ++i) {
    double step = n > 1 ? (*stop - *start) / (n - 1) : 0;
    values.push_back(std::pow(*base, i == n - 1 && n > 1 ? *stop : *start + step * i));
  }
  if (!isFloat(*t))
    for (double &v : values)
      v = std::trunc(v);
  return PyValue::of(denseConstant(ctx, *t, {n}, values));
}

/// full_batch_size_like(input, shape, dtype, value, input_dim_idx,
/// output_dim_idx, place): `shape` with its output_dim_idx size taken from
/// input's input_dim_idx, filled with value.
FailureOr<PyValue> fullBatchSizeLike(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto shape = intList(a, ctx, "shape");
  auto value = number(a, ctx, "value");
  auto t = dtypeArg(a, ctx, "dtype");
  auto in = a.integer("input_dim_idx"), out = a.integer("output_dim_idx");
  if (failed(x) || failed(shape) || failed(value) || failed(t) || failed(in) || failed(out))
    return failure();
  auto type = typeOf(*x);
  if (*in < 0 || *in >= type.getRank() || *out < 0 || *out >= (int64_t)shape->size())
    return a.error("input_dim_idx or output_dim_idx is out of range");
  llvm::SmallVector<int64_t> size(*shape);
  size[*out] = type.getDimSize(*in);
  for (int64_t d : size)
    if (d < 0)
      return a.error("shape has a negative size");
  return splatOf(ctx, a, size, *value, *t);
}

/// gaussian(shape, mean, std, seed, dtype, place): normal draws from gn's
/// random stream (not PaddlePaddle's), scaled by std and shifted by mean.
/// Draws of gn's normal stream in f32, times std plus mean.
FailureOr<Value> normalValues(ImportContext &ctx, llvm::ArrayRef<int64_t> shape, double mean,
                              double std) {
  Chain c{ctx};
  Value n = c.take(ctx.build<gn::RandomOp>(
      {}, {ctx.ints("shape", shape), ctx.attr("dtype", TypeAttr::get(ctx.f32())),
           ctx.str("distribution", "normal"), ctx.i64("seed", ctx.nextRandomSeed++)}));
  Value r = c.op<gn::AddOp>({c.op<gn::MulOp>({n, ctx.splat(ctx.f32(), std)}),
                             ctx.splat(ctx.f32(), mean)});
  if (!c.ok())
    return failure();
  return r;
}

FailureOr<PyValue> gaussian(ImportContext &ctx, Args &a) {
  auto shape = sizeList(a, ctx, "shape");
  auto mean = number(a, ctx, "mean"), std = number(a, ctx, "std");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(shape) || failed(mean) || failed(std) || failed(t))
    return failure();
  auto r = normalValues(ctx, *shape, *mean, *std);
  if (failed(r))
    return failure();
  return wrap(ctx.convert(*r, *t));
}

/// bernoulli(x): 1 where a uniform draw in [0, 1) is below x, else 0, in
/// x's type (gn's random stream).
FailureOr<PyValue> bernoulli(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  auto type = typeOf(*x);
  Chain c{ctx};
  Value u = c.take(uniformValues(ctx, type.getShape(), ctx.f32(), 0, 1));
  Value r = c.convert(c.op<gn::LtOp>({u, c.convert(*x, ctx.f32())}), type.getElementType());
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// uniform(shape, dtype, min, max, seed, place).
FailureOr<PyValue> uniform(ImportContext &ctx, Args &a) {
  auto shape = sizeList(a, ctx, "shape");
  auto t = dtypeArg(a, ctx, "dtype");
  auto lo = number(a, ctx, "min"), hi = number(a, ctx, "max");
  if (failed(shape) || failed(t) || failed(lo) || failed(hi))
    return failure();
  return wrap(uniformValues(ctx, *shape, *t, *lo, *hi));
}

/// uniform_inplace(x, min, max, seed, diag_num, diag_step, diag_val) and
/// gaussian_inplace(x, mean, std, seed): x's shape and dtype filled with
/// draws of gn's random stream (uniform / gaussian above). The diagonal
/// fill of uniform_inplace (diag_num > 0) is refused: PaddlePaddle's CPU
/// kernel left it out when checked, so what it should give is not known.
FailureOr<PyValue> uniformInplace(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto lo = number(a, ctx, "min"), hi = number(a, ctx, "max"), diag = number(a, ctx, "diag_num");
  if (failed(x) || failed(lo) || failed(hi) || failed(diag))
    return failure();
  if (*diag > 0)
    return a.error("uniform_inplace with diag_num > 0 is not supported");
  auto type = typeOf(*x);
  if (!llvm::isa<FloatType>(type.getElementType()))
    return a.error("uniform_inplace expects a floating-point tensor");
  return wrap(uniformValues(ctx, type.getShape(), type.getElementType(), *lo, *hi));
}
FailureOr<PyValue> gaussianInplace(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto mean = number(a, ctx, "mean"), std = number(a, ctx, "std");
  if (failed(x) || failed(mean) || failed(std))
    return failure();
  auto type = typeOf(*x);
  if (!llvm::isa<FloatType>(type.getElementType()))
    return a.error("gaussian_inplace expects a floating-point tensor");
  auto r = normalValues(ctx, type.getShape(), *mean, *std);
  if (failed(r))
    return failure();
  return wrap(ctx.convert(*r, type.getElementType()));
}

/// randint(low, high, shape, dtype, place): integers uniform in [low,
/// high), floor(u * (high - low)) + low of an f64 draw u in [0, 1) (gn's
/// stream: the same in eager and compiled runs, not PaddlePaddle's).
FailureOr<PyValue> randint(ImportContext &ctx, Args &a) {
  auto shape = sizeList(a, ctx, "shape");
  auto t = dtypeArg(a, ctx, "dtype");
  auto lo = number(a, ctx, "low"), hi = number(a, ctx, "high");
  if (failed(shape) || failed(t) || failed(lo) || failed(hi))
    return failure();
  if (!(*hi > *lo))
    return a.error("high must be greater than low");
  Type f64 = ctx.builder.getF64Type();
  auto u = ctx.build<gn::RandomOp>({}, {ctx.ints("shape", *shape),
                                        ctx.attr("dtype", TypeAttr::get(f64)),
                                        ctx.str("distribution", "uniform"),
                                        ctx.i64("seed", ctx.nextRandomSeed++)});
  if (failed(u))
    return failure();
  auto s = ctx.build<gn::MulOp>({*u, ctx.splat(f64, *hi - *lo)});
  if (failed(s))
    return failure();
  auto f = ctx.build<gn::FloorOp>({*s});
  if (failed(f))
    return failure();
  auto r = ctx.build<gn::AddOp>({*f, ctx.splat(f64, *lo)});
  if (failed(r))
    return failure();
  return wrap(ctx.convert(*r, *t));
}

/// dropout(x, seed_tensor, p, is_test, mode, seed, fix_seed) -> (out, mask).
/// At test time upscale_in_train is the identity and downgrade_in_infer
/// scales by 1 - p; in training a uniform draw keeps elements with
/// probability 1 - p (upscale_in_train divides the kept ones by 1 - p).
FailureOr<PyValue> dropout(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto p = number(a, ctx, "p");
  auto isTest = a.boolean("is_test");
  auto mode = a.string("mode");
  if (failed(x) || failed(p) || failed(isTest) || failed(mode))
    return failure();
  if (*mode != "upscale_in_train" && *mode != "downgrade_in_infer")
    return a.error("unsupported mode '" + *mode + "'");
  bool upscale = *mode == "upscale_in_train";
  auto type = typeOf(*x);
  Type e = type.getElementType();
  if (*isTest) {
    if (upscale)
      return PyValue::tuple({PyValue::of(*x), PyValue::none()});
    auto r = ctx.build<gn::MulOp>({*x, ctx.splat(e, 1.0 - *p)});
    if (failed(r))
      return failure();
    return PyValue::tuple({PyValue::of(*r), PyValue::none()});
  }
  auto u = uniformValues(ctx, type.getShape(), ctx.f32(), 0, 1);
  if (failed(u))
    return failure();
  auto keep = ctx.build<gn::GeOp>({*u, ctx.splat(ctx.f32(), *p)});
  if (failed(keep))
    return failure();
  Value kept = ctx.splat(e, 0);
  auto masked = ctx.build<gn::WhereOp>({*keep, *x, kept});
  if (failed(masked))
    return failure();
  Value out = *masked;
  if (upscale) {
    auto s = ctx.build<gn::MulOp>({out, ctx.splat(e, *p < 1 ? 1.0 / (1.0 - *p) : 0.0)});
    if (failed(s))
      return failure();
    out = *s;
  }
  auto mask = ctx.convert(*keep, ctx.builder.getIntegerType(8, /*isSigned=*/false));
  if (failed(mask))
    return failure();
  return PyValue::tuple({PyValue::of(out), PyValue::of(*mask)});
}

} // namespace

FailureOr<Value> paddle::uniformValues(ImportContext &ctx, llvm::ArrayRef<int64_t> shape, Type e,
                               double lo, double hi) {
  auto u = ctx.build<gn::RandomOp>({}, {ctx.ints("shape", shape),
                                        ctx.attr("dtype", TypeAttr::get(ctx.f32())),
                                        ctx.str("distribution", "uniform"),
                                        ctx.i64("seed", ctx.nextRandomSeed++)});
  if (failed(u))
    return failure();
  auto s = ctx.build<gn::MulOp>({*u, ctx.splat(ctx.f32(), hi - lo)});
  if (failed(s))
    return failure();
  auto r = ctx.build<gn::AddOp>({*s, ctx.splat(ctx.f32(), lo)});
  if (failed(r))
    return failure();
  return ctx.convert(*r, e);
}

void paddle::registerFactoryOps(OpRegistry &r) {
  r.add("full", "shape, value, dtype, place=None", full);
  r.add("full_like", "x, value, dtype=None, place=None", fullLike);
  r.add("ones", "shape, dtype='float32', place=None", filled<1>);
  r.add("zeros|empty", "shape, dtype='float32', place=None", filled<0>);
  r.add("ones_like", "x, dtype=None, place=None", filledLike<1>);
  r.add("zeros_like|empty_like", "x, dtype=None, place=None", filledLike<0>);
  r.add("eye", "num_rows, num_columns=-1, dtype='float32', place=None", folded<eye>);
  r.add("tril_indices", "rows, cols, offset=0, dtype='int64', place=None",
        triangleIndices<false>);
  r.add("triu_indices", "row, col, offset=0, dtype='int64', place=None", triangleIndices<true>);
  r.add("full_with_tensor", "value, shape, dtype", fullWithTensor);
  r.add("assign_value_", "out, shape, dtype, values, place=None", assignValue);
  r.add("assign_value", "shape, dtype, values, place=None", assignValue);
  r.add("range_v2", "start, end, step, dtype=None, place=None", folded<rangeInclusive>);
  r.add("full_int_array", "value, dtype=None, place=None", fullIntArray);
  r.add("exponential_", "x, lam=1.0", exponential);
  r.add("arange", "start, end, step, dtype=None, place=None", folded<arange>);
  r.add("linspace", "start, stop, number, dtype, place=None", folded<linspace>);
  r.add("uniform", "shape, dtype, min, max, seed=0, place=None", uniform);
  r.add("gaussian", "shape, mean, std, seed=0, dtype=None, place=None", gaussian);
  r.add("bernoulli", "x", bernoulli);
  r.add("uniform_inplace|uniform_inplace_",
        "x, min=-1.0, max=1.0, seed=0, diag_num=0, diag_step=0, diag_val=1.0", uniformInplace);
  r.add("gaussian_inplace|gaussian_inplace_", "x, mean=0, std=1.0, seed=0", gaussianInplace);
  r.add("logspace", "start, stop, num, base, dtype, place=None", logspace);
  r.add("full_batch_size_like",
        "input, shape, dtype, value, input_dim_idx=0, output_dim_idx=0, place=None",
        fullBatchSizeLike);
  r.add("randint", "low=0, high=None, shape=None, dtype=None, place=None", randint);
  r.add("dropout", "x, seed_tensor, p, is_test, mode, seed=0, fix_seed=False", dropout);
}
