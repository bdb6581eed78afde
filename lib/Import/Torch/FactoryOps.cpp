//===- FactoryOps.cpp - import of tensor factories ----------------------===//
//
// torch.tensor/full/zeros/ones/arange/... become gn.constant or gn.arange;
// rand/randn/empty become gn.random (their values are not comparable).
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include <cmath>
#include "gn/Import/Python/OpChain.h"
#include "gn/IR/SymbolicDims.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "gn/Support/NumericCast.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::import;

namespace {

/// Flattens nested Python lists of numbers; sets `shape` and `sawFloat`.
LogicalResult flattenData(const PyValue &v, std::vector<double> &out,
                          std::vector<int64_t> &ints, llvm::SmallVector<int64_t> &shape,
                          size_t depth, bool &sawFloat, bool &sawBool) {
  if (v.isNumber()) {
    if (depth != shape.size())
      return failure();
    sawFloat |= v.kind == PyValue::Float;
    sawBool |= v.kind == PyValue::Bool;
    out.push_back(v.asDouble());
    ints.push_back(v.kind == PyValue::Float ? 0 : v.i);
    return success();
  }
  if (!v.isSequence())
    return failure();
  if (depth == shape.size())
    shape.push_back(v.elts.size());
  else if (shape[depth] != (int64_t)v.elts.size())
    return failure();
  for (const PyValue &e : v.elts)
    if (failed(flattenData(e, out, ints, shape, depth + 1, sawFloat, sawBool)))
      return failure();
  return success();
}


/// linspace and eye become constants here, an attribute per element: their
/// sizes are checked first (2^24 elements, 16M, holds eye(4096)).
static LogicalResult checkConstantShape(Args &a, llvm::ArrayRef<int64_t> shape) {
  int64_t count = 1;
  for (int64_t d : shape) {
    if (d < 0)
      return a.error("size must be non-negative, got " + llvm::Twine(d));
    if (__builtin_mul_overflow(count, d, &count) || count > (int64_t(1) << 24))
      return a.error("not supported: a constant of more than 2^24 elements built at import");
  }
  return success();
}

FailureOr<PyValue> tensor(ImportContext &ctx, Args &a) {
  const PyValue &data = a.get("data");
  auto dt = a.dtype("dtype");
  if (failed(dt))
    return failure();
  if (data.isTensor())
    return *dt ? wrap(ctx.convert(data.tensor, **dt)) : data;
  std::vector<double> values;
  std::vector<int64_t> ints;
  llvm::SmallVector<int64_t> shape;
  bool sawFloat = false, sawBool = false;
  if (failed(flattenData(data, values, ints, shape, 0, sawFloat, sawBool)))
    return a.error("data must be a number or a rectangular nested list of numbers");
  Type e = *dt ? **dt : sawFloat ? ctx.f32() : sawBool ? ctx.i1() : ctx.i64Type();
  // Ints into an integer type exactly (a double rounds past 2^53).
  if (!sawFloat && llvm::isa<IntegerType>(e) && !e.isInteger(1))
    return PyValue::of(denseIntConstant(ctx, e, shape, ints));
  return PyValue::of(denseConstant(ctx, e, shape, values));
}

/// A factory's `size` (Args::sizes), every size non-negative.
FailureOr<llvm::SmallVector<int64_t>> sizeArg(Args &a,
                                              llvm::SmallVector<SymExpr> *exprs = nullptr) {
  auto shape = a.sizes("size", exprs);
  if (failed(shape))
    return failure();
  for (int64_t d : *shape)
    if (d < 0)
      return a.error("sizes must be non-negative ints, got " + llvm::Twine(d));
  return shape;
}

/// A tensor of `shape` filled with `value`; where `exprs` (one per size, or
/// none) follow the shape symbols, a broadcast carrying them.
FailureOr<Value> filledTensor(ImportContext &ctx, Type e, const PyValue &value,
                              llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<SymExpr> exprs) {
  if (exprs.empty() || !ctx.dimsAttr(exprs))
    return ctx.splatNumber(e, value, shape);
  return ctx.broadcastTo(ctx.splatNumber(e, value), shape, exprs);
}

/// full / zeros / ones / empty with an explicit size.
FailureOr<PyValue> filled(ImportContext &ctx, Args &a, std::optional<double> fill) {
  llvm::SmallVector<SymExpr> exprs;
  auto shape = sizeArg(a, &exprs);
  auto dt = a.dtype("dtype");
  if (failed(shape) || failed(dt))
    return failure();
  PyValue value = PyValue::real(fill ? *fill : 0);
  Type e = *dt ? **dt : ctx.f32();
  if (!fill) {
    const PyValue &v = a.get("fill_value");
    if (v.isTensor())
      return wrap(ctx.broadcastTo(v.tensor, *shape, exprs));
    if (!v.isNumber())
      return a.error("fill_value must be a number, got " + v.describe());
    value = v;
    if (!*dt)
      e = v.kind == PyValue::Float ? ctx.f32() : v.kind == PyValue::Bool ? ctx.i1() : ctx.i64Type();
  }
  return wrap(filledTensor(ctx, e, value, *shape, exprs));
}

/// *_like and new_*: shape and dtype from a tensor.
FailureOr<PyValue> like(ImportContext &ctx, Args &a, std::optional<double> fill, bool newStyle) {
  auto x = a.tensor("input");
  auto dt = a.dtype("dtype");
  if (failed(x) || failed(dt))
    return failure();
  auto type = typeOf(*x);
  llvm::SmallVector<int64_t> shape(type.getShape());
  llvm::SmallVector<SymExpr> exprs = dimExprs(type);
  if (newStyle) {
    exprs.clear();
    auto s = sizeArg(a, &exprs);
    if (failed(s))
      return failure();
    shape = *s;
  }
  Type e = *dt ? **dt : type.getElementType();
  PyValue value = PyValue::real(fill ? *fill : 0);
  if (!fill) {
    auto v = a.real("fill_value");
    if (failed(v))
      return failure();
    const PyValue &given = a.get("fill_value");
    value = given.isNumber() ? given : PyValue::real(*v);
  }
  return wrap(filledTensor(ctx, e, value, shape, exprs));
}

/// arange whose end follows the shape symbols (a symbolic import): the
/// running count of a tensor of ones of the symbolic length, minus one,
/// times the step, plus the start; start and step plain ints. gn.arange
/// holds its size as a literal (docs/symbolic-shapes.md).
FailureOr<PyValue> symbolicArange(ImportContext &ctx, Args &a, std::optional<Type> dtype) {
  const PyValue &p0 = a.get("start"), &p1 = a.get("end"), &p2 = a.get("step");
  const PyValue &endV = p1.isNone() ? p0 : p1;
  PyValue startV = p1.isNone() ? PyValue::integer(0) : p0;
  PyValue stepV = p2.isNone() ? PyValue::integer(1) : p2;
  if (endV.kind != PyValue::Int || startV.kind != PyValue::Int || startV.isSymbolic() ||
      stepV.kind != PyValue::Int || stepV.isSymbolic() || stepV.i <= 0)
    return a.error("arange to the size " + endV.symExpr().str() +
                   " takes an int start and a positive int step: not symbolic yet "
                   "(docs/symbolic-shapes.md)");
  int64_t start = startV.i, step = stepV.i;
  auto length = SymExpr::sub(*endV.sym, SymExpr::constant(start - step + 1));
  std::optional<SymExpr> size = length ? SymExpr::floorDiv(*length, step) : std::nullopt;
  int64_t example = endV.i > start ? (endV.i - start + step - 1) / step : 0;
  if (!size || example < 2)
    return a.error("arange to the size " + endV.sym->str() + " has no symbolic length here");
  Type i64 = ctx.i64Type();
  auto ones = ctx.broadcastTo(ctx.splat(i64, 1), {example}, {*size});
  if (failed(ones))
    return failure();
  auto count = ctx.build<gn::CumSumOp>({*ones}, {ctx.i64("dim", 0)});
  if (failed(count))
    return failure();
  // count - 1 is the index; index * step + start, as one multiply-add.
  auto scaled = ctx.build<gn::MulOp>({*count, ctx.splat(i64, step)});
  if (failed(scaled))
    return failure();
  auto r = ctx.build<gn::AddOp>({*scaled, ctx.splat(i64, start - step)});
  if (failed(r))
    return failure();
  return wrap(ctx.convert(*r, dtype ? *dtype : i64));
}

FailureOr<PyValue> arange(ImportContext &ctx, Args &a) {
  // arange(end) / arange(start, end[, step])
  const PyValue &p0 = a.get("start"), &p1 = a.get("end"), &p2 = a.get("step");
  auto dt = a.dtype("dtype");
  if (failed(dt))
    return failure();
  if (p0.isSymbolic() || p1.isSymbolic() || p2.isSymbolic())
    return symbolicArange(ctx, a, *dt);
  auto num = [&](const PyValue &v, const char *what) -> FailureOr<double> {
    if (!v.isNumber())
      return a.error(llvm::Twine(what) + " must be a number, got " + v.describe());
    return v.asDouble();
  };
  double start = 0, end, step = 1;
  bool anyFloat = false;
  if (p0.isNone() && p1.isNone())
    return a.error("missing 'end'");
  if (p0.isNone()) { // arange(end=N)
    auto e = num(p1, "end");
    if (failed(e))
      return failure();
    end = *e;
    anyFloat = p1.kind == PyValue::Float;
  } else if (p1.isNone()) {
    auto e = num(p0, "end");
    if (failed(e))
      return failure();
    end = *e;
    anyFloat = p0.kind == PyValue::Float;
  } else {
    auto s = num(p0, "start"), e = num(p1, "end");
    if (failed(s) || failed(e))
      return failure();
    start = *s;
    end = *e;
    anyFloat = p0.kind == PyValue::Float || p1.kind == PyValue::Float;
    if (!p2.isNone()) {
      auto st = num(p2, "step");
      if (failed(st))
        return failure();
      step = *st;
      anyFloat |= p2.kind == PyValue::Float;
    }
  }
  if (step == 0)
    return a.error("step must be non-zero");
  Type e = *dt ? **dt : anyFloat ? ctx.f32() : ctx.i64Type();
  // All ints into an integer type past 2^53 (a double rounds them): the
  // count from exact ints, then start + k * step in the integer type.
  PyValue startV = PyValue::integer(0), stepV = p2.isNone() ? PyValue::integer(1) : p2;
  PyValue endV = p0.isNone() ? p1 : p1.isNone() ? p0 : p1;
  if (!p0.isNone() && !p1.isNone())
    startV = p0;
  if (!anyFloat && llvm::isa<IntegerType>(e) && !e.isInteger(1) && startV.kind == PyValue::Int &&
      endV.kind == PyValue::Int && stepV.kind == PyValue::Int &&
      (startV.isIntPastDouble() || endV.isIntPastDouble() || stepV.isIntPastDouble())) {
    __int128 span = (__int128)endV.i - startV.i, st = stepV.i;
    __int128 count = span / st + (span % st != 0 && ((span > 0) == (st > 0)) ? 1 : 0);
    int64_t size = count > 0 ? int64_t(count) : 0;
    Chain c{ctx};
    Value k = c.take(ctx.build<gn::ArangeOp>({}, {ctx.f64("start", 0), ctx.f64("step", 1),
                                                  ctx.i64("size", size),
                                                  ctx.attr("dtype", TypeAttr::get(e))}));
    Value r = c.op<gn::AddOp>({ctx.splatNumber(e, startV),
                               c.op<gn::MulOp>({k, ctx.splatNumber(e, stepV)})});
    if (!c.ok())
      return failure();
    return PyValue::of(r);
  }
  double n = std::ceil((end - start) / step);
  int64_t size = n > 0 ? gn::saturatingCast<int64_t>(n) : 0;
  return wrap(ctx.build<gn::ArangeOp>(
      {}, {ctx.f64("start", start), ctx.f64("step", step), ctx.i64("size", size),
           ctx.attr("dtype", TypeAttr::get(e))}));
}

template <typename T>
std::vector<double> linspaceValues(double start, double end, int64_t steps) {
  std::vector<double> values;
  if (steps == 1)
    return {start};
  T s = T(start), e = T(end), step = (e - s) / T(steps - 1);
  int64_t halfway = steps / 2;
  for (int64_t i = 0; i < steps; ++i)
    values.push_back(i < halfway ? std::fma(step, T(i), s) : std::fma(-step, T(steps - i - 1), e));
  return values;
}

FailureOr<PyValue> linspace(ImportContext &ctx, Args &a) {
  auto s = a.real("start"), e = a.real("end");
  auto n = a.integer("steps");
  auto dt = a.dtype("dtype");
  if (failed(s) || failed(e) || failed(n) || failed(dt))
    return failure();
  if (failed(checkConstantShape(a, {*n})))
    return failure();
  Type type = *dt ? **dt : ctx.f32();
  // PyTorch's kernel: step = (end - start) / (steps - 1), the first half
  // counted up from start and the second down from end with fused
  // multiply-adds, in float for the 32-bit and narrower float types (double
  // otherwise), so the values match it bit for bit (a double formula rounded once gave 0 where it gives
  // -2.98e-8 in linspace(-1, 1, 7)).
  // float16 / bfloat16 round start and end to their type first. (Integer
  // types: start + (end - start) * i / (steps - 1), truncated.)
  std::vector<double> values;
  if (type.isF64()) {
    values = linspaceValues<double>(*s, *e, *n);
  } else if (auto ft = dyn_cast<FloatType>(type)) {
    auto round = [&](double v) {
      llvm::APFloat f(v);
      bool lost;
      f.convert(ft.getFloatSemantics(), llvm::APFloat::rmNearestTiesToEven, &lost);
      f.convert(llvm::APFloat::IEEEdouble(), llvm::APFloat::rmNearestTiesToEven, &lost);
      return f.convertToDouble();
    };
    values = linspaceValues<float>(round(*s), round(*e), *n);
  } else {
    for (int64_t i = 0; i < *n; ++i)
      values.push_back(*n == 1 ? *s : *s + (*e - *s) * i / (*n - 1));
  }
  return PyValue::of(denseConstant(ctx, type, {*n}, values));
}

FailureOr<PyValue> eye(ImportContext &ctx, Args &a) {
  auto n = a.integer("n");
  auto dt = a.dtype("dtype");
  if (failed(n) || failed(dt))
    return failure();
  int64_t m = *n;
  if (a.has("m")) {
    auto mv = a.integer("m");
    if (failed(mv))
      return failure();
    m = *mv;
  }
  if (failed(checkConstantShape(a, {*n, m})))
    return failure();
  std::vector<double> values(*n * m, 0);
  for (int64_t i = 0; i < std::min(*n, m); ++i)
    values[i * m + i] = 1;
  return PyValue::of(denseConstant(ctx, *dt ? **dt : ctx.f32(), {*n, m}, values));
}

FailureOr<PyValue> random(ImportContext &ctx, Args &a, const char *distribution) {
  auto shape = sizeArg(a);
  auto dt = a.dtype("dtype");
  if (failed(shape) || failed(dt))
    return failure();
  return wrap(ctx.build<gn::RandomOp>(
      {}, {ctx.ints("shape", *shape), ctx.attr("dtype", TypeAttr::get(*dt ? **dt : ctx.f32())),
           ctx.str("distribution", distribution), ctx.i64("seed", ctx.nextRandomSeed++)}));
}

/// A draw of `shape` from gn's random stream (its values are not
/// PyTorch's: samples that draw are compared by what does not depend on
/// them), in `e`.
FailureOr<Value> draw(ImportContext &ctx, llvm::ArrayRef<int64_t> shape, Type e,
                      const char *distribution) {
  return ctx.build<gn::RandomOp>(
      {}, {ctx.ints("shape", shape), ctx.attr("dtype", TypeAttr::get(e)),
           ctx.str("distribution", distribution), ctx.i64("seed", ctx.nextRandomSeed++)});
}

/// empty_like / rand_like / randn_like(input, *, dtype=None): a draw of
/// input's shape (empty's values are unspecified: a draw too).
FailureOr<PyValue> randomLike(ImportContext &ctx, Args &a, const char *distribution) {
  auto x = a.tensor("input");
  auto dt = a.dtype("dtype");
  if (failed(x) || failed(dt))
    return failure();
  auto type = typeOf(*x);
  return wrap(draw(ctx, type.getShape(), *dt ? **dt : type.getElementType(), distribution));
}

/// Tensor.new_empty(size, *, dtype=None).
FailureOr<PyValue> newEmpty(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto shape = sizeArg(a);
  auto dt = a.dtype("dtype");
  if (failed(x) || failed(shape) || failed(dt))
    return failure();
  return wrap(draw(ctx, *shape, *dt ? **dt : typeOf(*x).getElementType(), "empty"));
}

/// empty_strided(size, stride, *, dtype=None): the strides only place
/// values that are unspecified.
FailureOr<PyValue> emptyStrided(ImportContext &ctx, Args &a) {
  auto shape = a.ints("size");
  auto dt = a.dtype("dtype");
  if (failed(shape) || failed(dt))
    return failure();
  return wrap(draw(ctx, *shape, *dt ? **dt : ctx.f32(), "empty"));
}

/// floor(low + u (high - low)) of a uniform u in [0, 1), in `e`.
FailureOr<Value> integersIn(ImportContext &ctx, llvm::ArrayRef<int64_t> shape, Type e,
                            int64_t low, int64_t high) {
  if (high <= low)
    return ctx.error("randint: high (" + llvm::Twine(high) + ") must exceed low (" +
                     llvm::Twine(low) + ")");
  Type f64 = ctx.builder.getF64Type();
  Chain c{ctx};
  Value u = c.take(draw(ctx, shape, f64, "uniform"));
  Value v = c.op<gn::FloorOp>(
      {c.op<gn::AddOp>({c.op<gn::MulOp>({u, ctx.splat(f64, double(high - low))}),
                        ctx.splat(f64, double(low))})});
  v = c.convert(v, e);
  if (!c.ok())
    return failure();
  return v;
}

/// randint(high, size) / randint(low, high, size), *, dtype=int64.
FailureOr<PyValue> randint(ImportContext &ctx, Args &a) {
  std::vector<PyValue> args = a.rest();
  auto dt = a.dtype("dtype");
  if (failed(dt))
    return failure();
  if (args.size() != 2 && args.size() != 3)
    return a.error("expects (high, size) or (low, high, size)");
  auto asInt = [&](const PyValue &v) -> FailureOr<int64_t> {
    if (v.kind != PyValue::Int)
      return a.error("low and high must be ints");
    return v.i;
  };
  auto low = args.size() == 3 ? asInt(args[0]) : FailureOr<int64_t>(0);
  auto high = asInt(args[args.size() - 2]);
  if (failed(low) || failed(high))
    return failure();
  const PyValue &sz = args.back();
  llvm::SmallVector<int64_t> shape;
  if (!sz.isSequence())
    return a.error("size must be a tuple or list");
  for (const PyValue &d : sz.elts) {
    if (d.kind != PyValue::Int)
      return a.error("size must hold ints");
    shape.push_back(d.i);
  }
  return wrap(integersIn(ctx, shape, *dt ? **dt : ctx.i64Type(), *low, *high));
}

/// randint_like(input, low=0, high=None, *, dtype=None): randint_like(x,
/// high) or randint_like(x, low, high).
FailureOr<PyValue> randintLike(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto dt = a.dtype("dtype");
  auto first = a.integer("low");
  if (failed(x) || failed(dt) || failed(first))
    return failure();
  int64_t low = 0, high = *first;
  if (a.has("high")) {
    auto h = a.integer("high");
    if (failed(h))
      return failure();
    low = *first;
    high = *h;
  }
  auto type = typeOf(*x);
  return wrap(integersIn(ctx, type.getShape(), *dt ? **dt : type.getElementType(), low, high));
}

/// 1 where a uniform draw is below `p` (a tensor of probabilities or a
/// number), in `e`.
FailureOr<Value> bernoulliOf(ImportContext &ctx, llvm::ArrayRef<int64_t> shape, Type e,
                             Value p) {
  Chain c{ctx};
  Value u = c.take(draw(ctx, shape, ctx.f32(), "uniform"));
  Value r = c.convert(c.op<gn::LtOp>({u, c.convert(p, ctx.f32())}), e);
  if (!c.ok())
    return failure();
  return r;
}

/// bernoulli(input, p=None): draws with input's probabilities (or p).
FailureOr<PyValue> bernoulli(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto type = typeOf(*x);
  Value p = *x;
  if (a.has("p")) {
    auto pv = a.real("p");
    if (failed(pv))
      return failure();
    p = ctx.splat(ctx.f32(), *pv);
  }
  return wrap(bernoulliOf(ctx, type.getShape(), type.getElementType(), p));
}

/// Tensor.bernoulli_(p=0.5): input filled with draws of probability p (a
/// number or a tensor).
FailureOr<PyValue> bernoulliFill(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto type = typeOf(*x);
  const PyValue &pv = a.get("p");
  auto p = pv.isTensor() ? FailureOr<Value>(pv.tensor) : ctx.asTensor(pv, ctx.f32());
  if (failed(p))
    return failure();
  return wrap(bernoulliOf(ctx, type.getShape(), type.getElementType(), *p));
}

/// Tensor.uniform_(from=0, to=1) and Tensor.normal_(mean=0, std=1): input
/// filled with draws.
template <bool Normal> FailureOr<PyValue> fillRandom(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto lo = a.real(Normal ? "mean" : "from"), hi = a.real(Normal ? "std" : "to");
  if (failed(x) || failed(lo) || failed(hi))
    return failure();
  auto type = typeOf(*x);
  Type f32 = ctx.f32();
  Chain c{ctx};
  Value u = c.take(draw(ctx, type.getShape(), f32, Normal ? "normal" : "uniform"));
  Value scale = ctx.splat(f32, Normal ? *hi : *hi - *lo);
  Value r = c.convert(c.op<gn::AddOp>({c.op<gn::MulOp>({u, scale}), ctx.splat(f32, *lo)}),
                      type.getElementType());
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// normal(mean, std=1.0, size=None, *, dtype=None): tensors of means and
/// stds broadcast together, or numbers with a size.
FailureOr<PyValue> normal(ImportContext &ctx, Args &a) {
  const PyValue &mean = a.get("mean"), &std = a.get("std");
  auto dt = a.dtype("dtype");
  if (failed(dt))
    return failure();
  llvm::SmallVector<int64_t> shape;
  Type e = *dt ? **dt : ctx.f32();
  if (mean.isTensor() || std.isTensor()) {
    auto b = ctx.binary<gn::AddOp>(mean, std);
    if (failed(b))
      return failure();
    shape.assign(b->type().getShape().begin(), b->type().getShape().end());
    e = b->type().getElementType();
  } else {
    auto s = a.ints("size");
    if (failed(s))
      return failure();
    shape = *s;
  }
  Chain c{ctx};
  Value n = c.convert(c.take(draw(ctx, shape, ctx.f32(), "normal")), e);
  if (!c.ok())
    return failure();
  auto scaled = ctx.binary<gn::MulOp>(PyValue::of(n), std);
  if (failed(scaled))
    return failure();
  return ctx.binary<gn::AddOp>(*scaled, mean);
}

/// logspace(start, end, steps, base=10.0, *, dtype=None): base ** the
/// points of linspace(start, end, steps), computed in f64.
FailureOr<PyValue> logspace(ImportContext &ctx, Args &a) {
  auto start = a.real("start"), end = a.real("end"), base = a.real("base");
  auto steps = a.integer("steps");
  auto dt = a.dtype("dtype");
  if (failed(start) || failed(end) || failed(base) || failed(steps) || failed(dt))
    return failure();
  if (*steps < 0)
    return a.error("steps must be non-negative, got " + llvm::Twine(*steps));
  std::vector<double> values;
  for (int64_t i = 0; i < *steps; ++i) {
    double t = *steps > 1 ? *start + (*end - *start) * double(i) / double(*steps - 1) : *start;
    values.push_back(std::pow(*base, t));
  }
  return PyValue::of(denseConstant(ctx, *dt ? **dt : ctx.f32(), {*steps}, values));
}

/// torch.range(start, end, step=1, *, dtype=None): like arange but the end
/// included (deprecated in PyTorch, still found in models).
FailureOr<PyValue> rangeInclusive(ImportContext &ctx, Args &a) {
  auto start = a.real("start"), end = a.real("end"), step = a.real("step");
  auto dt = a.dtype("dtype");
  if (failed(start) || failed(end) || failed(step) || failed(dt))
    return failure();
  if (*step == 0 || (*end - *start) / *step < 0)
    return a.error("the range from start to end does not follow step's sign");
  int64_t n = int64_t(std::floor((*end - *start) / *step)) + 1;
  std::vector<double> values;
  for (int64_t i = 0; i < n; ++i)
    values.push_back(*start + *step * i);
  return PyValue::of(denseConstant(ctx, *dt ? **dt : ctx.f32(), {n}, values));
}

/// hann, hamming, blackman, bartlett and kaiser windows (window_length,
/// periodic=True, ..., *, dtype=None): a periodic window is the symmetric
/// one of length + 1 without its last point.
template <int Kind> FailureOr<PyValue> window(ImportContext &ctx, Args &a) {
  auto n = a.integer("window_length");
  auto periodic = a.boolean("periodic");
  auto dt = a.dtype("dtype");
  if (failed(n) || failed(periodic) || failed(dt))
    return failure();
  if (*n < 0)
    return a.error("window_length must be non-negative");
  double alpha = 0, beta = 0;
  if (Kind == 1 || Kind == 4) {
    auto b = a.real("beta");
    if (failed(b))
      return failure();
    beta = *b;
  }
  if (Kind == 1) {
    auto al = a.real("alpha");
    if (failed(al))
      return failure();
    alpha = *al;
  }
  std::vector<double> values;
  int64_t m = *periodic ? *n + 1 : *n;
  for (int64_t i = 0; i < *n; ++i) {
    if (*n == 1) { // a window of one point is 1, periodic or not
      values.push_back(1);
      continue;
    }
    double x = double(i) / double(m - 1), w;
    switch (Kind) {
    case 0: w = 0.5 - 0.5 * std::cos(2 * M_PI * x); break;            // hann
    case 1: w = alpha - beta * std::cos(2 * M_PI * x); break;         // hamming
    case 2: w = 0.42 - 0.5 * std::cos(2 * M_PI * x) + 0.08 * std::cos(4 * M_PI * x); break;
    case 3: w = 1 - std::abs(2 * x - 1); break;                       // bartlett
    default: { // kaiser
      double r = 2 * x - 1;
      w = std::cyl_bessel_i(0.0, beta * std::sqrt(std::max(0.0, 1 - r * r))) /
          std::cyl_bessel_i(0.0, beta);
    }
    }
    values.push_back(w);
  }
  return PyValue::of(denseConstant(ctx, *dt ? **dt : ctx.f32(), {*n}, values));
}

/// Tensor.exponential_(lambd=1), cauchy_(median=0, sigma=1),
/// log_normal_(mean=1, std=2), geometric_(p): input filled with draws of
/// that distribution (by inverting a uniform or normal draw).
template <int Kind> FailureOr<PyValue> fillDistribution(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto type = typeOf(*x);
  Type f32 = ctx.f32();
  const char *names[][2] = {{"lambd", ""}, {"median", "sigma"}, {"mean", "std"}, {"p", ""}};
  auto first = a.real(names[Kind][0]);
  auto second = *names[Kind][1] ? a.real(names[Kind][1]) : FailureOr<double>(0.0);
  if (failed(first) || failed(second))
    return failure();
  Chain c{ctx};
  Value u = c.take(draw(ctx, type.getShape(), f32, Kind == 2 ? "normal" : "uniform"));
  Value one = ctx.splat(f32, 1);
  Value r;
  if (Kind == 0) // -log(1 - u) / lambda
    r = c.op<gn::DivOp>({c.op<gn::NegOp>({c.op<gn::Log1pOp>({c.op<gn::NegOp>({u})})}),
                         ctx.splat(f32, *first)});
  else if (Kind == 1) { // median + sigma tan(pi (u - 1/2))
    Value angle = c.op<gn::MulOp>({c.op<gn::SubOp>({u, ctx.splat(f32, 0.5)}), ctx.splat(f32, M_PI)});
    Value tan = c.op<gn::DivOp>({c.op<gn::SinOp>({angle}), c.op<gn::CosOp>({angle})});
    r = c.op<gn::AddOp>({ctx.splat(f32, *first), c.op<gn::MulOp>({tan, ctx.splat(f32, *second)})});
  } else if (Kind == 2) // exp(mean + std n)
    r = c.op<gn::ExpOp>({c.op<gn::AddOp>({c.op<gn::MulOp>({u, ctx.splat(f32, *second)}),
                                          ctx.splat(f32, *first)})});
  else // ceil(log(1 - u) / log(1 - p))
    r = c.op<gn::CeilOp>({c.op<gn::DivOp>({c.op<gn::Log1pOp>({c.op<gn::NegOp>({u})}),
                                           ctx.splat(f32, std::log1p(-*first))})});
  (void)one;
  r = c.convert(r, type.getElementType());
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// Tensor.random_(from=0, to=None): integers uniform in [from, to); a
/// missing `to` (the dtype's whole range) is refused.
FailureOr<PyValue> randomFill(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto from = a.integer("from");
  if (failed(x) || failed(from))
    return failure();
  int64_t low = 0, high = *from;
  if (a.has("to")) {
    auto to = a.integer("to");
    if (failed(to))
      return failure();
    low = *from;
    high = *to;
  } else if (!a.has("from")) {
    return a.error("random_() over the dtype's whole range is not supported; give from and to");
  }
  auto type = typeOf(*x);
  return wrap(integersIn(ctx, type.getShape(), type.getElementType(), low, high));
}

/// F.gumbel_softmax(logits, tau=1, hard=False, eps=1e-10, dim=-1):
/// softmax((logits + g) / tau) with g = -log(-log(u)) Gumbel draws; hard:
/// the one-hot of its argmax (what the straight-through sum equals).
FailureOr<PyValue> gumbelSoftmax(ImportContext &ctx, Args &a) {
  auto x = a.tensor("logits");
  auto tau = a.real("tau");
  auto hard = a.boolean("hard");
  auto d = a.integer("dim");
  if (failed(x) || failed(tau) || failed(hard) || failed(d))
    return failure();
  auto type = typeOf(*x);
  auto dim = ctx.dim(*d, std::max<int64_t>(type.getRank(), 1));
  if (failed(dim))
    return failure();
  Type e = type.getElementType();
  Chain c{ctx};
  Value u = c.convert(c.take(draw(ctx, type.getShape(), ctx.f32(), "uniform")), e);
  // -log(-log(u)), u kept inside (0, 1).
  Value g = c.op<gn::NegOp>({c.op<gn::LogOp>({c.op<gn::NegOp>({c.op<gn::LogOp>(
      {c.op<gn::MaximumOp>({u, ctx.splat(e, 1e-10)})})})})});
  Value y = c.op<gn::SoftmaxOp>(
      {c.op<gn::DivOp>({c.op<gn::AddOp>({*x, g}), ctx.splat(e, *tau)})}, {ctx.i64("dim", *dim)});
  if (*hard) {
    int64_t n = type.getDimSize(*dim);
    Value arg = c.op<gn::ArgMaxOp>({y}, {ctx.i64("dim", *dim), ctx.flag("keepdim", true)});
    llvm::SmallVector<int64_t> shape(type.getRank(), 1);
    shape[*dim] = n;
    Value iota = c.reshape(c.arange(n, ctx.i64Type()), shape);
    y = c.convert(c.op<gn::EqOp>({arg, iota}), e);
  }
  if (!c.ok())
    return failure();
  return PyValue::of(y);
}

FailureOr<PyValue> scalarTensor(ImportContext &ctx, Args &a) {
  const PyValue &v = a.get("s");
  auto dt = a.dtype("dtype");
  if (failed(dt))
    return failure();
  if (v.isTensor())
    return *dt ? wrap(ctx.convert(v.tensor, **dt)) : v;
  if (!v.isNumber())
    return a.error("expected a number");
  return PyValue::of(ctx.splat(*dt ? **dt : ctx.f32(), v.asDouble()));
}

FailureOr<PyValue> localScalar(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  if (typeOf(*x).getNumElements() != 1)
    return a.error("expected a one-element tensor");
  auto r = ctx.reshape(*x, {});
  if (failed(r))
    return failure();
  PyValue v = PyValue::of(*r);
  v.wrappedScalar = true;
  return v;
}

FailureOr<PyValue> oneHot(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto n = a.integer("num_classes");
  if (failed(x) || failed(n))
    return failure();
  if (*n < 0)
    return a.error("num_classes=-1 depends on the data; pass num_classes");
  return wrap(ctx.oneHot(*x, *n, ctx.i64Type()));
}

} // namespace

void mlir::gn::import::registerFactoryOps(OpRegistry &r) {
  r.add("tensor|as_tensor|asarray", "data, *, dtype=None", tensor);
  r.add("scalar_tensor", "s, *, dtype=None", scalarTensor);
  r.add("full", "size, fill_value, *, dtype=None",
        [](ImportContext &ctx, Args &a) { return filled(ctx, a, std::nullopt); });
  r.add("zeros", "*size, dtype=None",
        [](ImportContext &ctx, Args &a) { return filled(ctx, a, 0.0); });
  r.add("ones", "*size, dtype=None",
        [](ImportContext &ctx, Args &a) { return filled(ctx, a, 1.0); });
  r.add("empty", "*size, dtype=None",
        [](ImportContext &ctx, Args &a) { return random(ctx, a, "empty"); });
  r.add("rand", "*size, dtype=None, generator=None",
        [](ImportContext &ctx, Args &a) { return random(ctx, a, "uniform"); });
  r.add("randn", "*size, dtype=None, generator=None",
        [](ImportContext &ctx, Args &a) { return random(ctx, a, "normal"); });
  r.add("empty_like", "input, *, dtype=None",
        [](ImportContext &ctx, Args &a) { return randomLike(ctx, a, "empty"); });
  r.add("rand_like", "input, *, dtype=None",
        [](ImportContext &ctx, Args &a) { return randomLike(ctx, a, "uniform"); });
  r.add("randn_like", "input, *, dtype=None",
        [](ImportContext &ctx, Args &a) { return randomLike(ctx, a, "normal"); });
  r.add("Tensor.new_empty", "input, *size, dtype=None", newEmpty);
  r.add("empty_strided", "size, stride, *, dtype=None", emptyStrided);
  r.add("randint", "*args, dtype=None, generator=None", randint);
  r.add("randint_like", "input, low=0, high=None, *, dtype=None", randintLike);
  r.add("bernoulli", "input, p=None, *, generator=None", bernoulli);
  r.add("Tensor.bernoulli_", "input, p=0.5, *, generator=None", bernoulliFill);
  r.add("Tensor.uniform_", "input, from=0.0, to=1.0, *, generator=None", fillRandom<false>);
  r.add("Tensor.normal_", "input, mean=0.0, std=1.0, *, generator=None", fillRandom<true>);
  r.add("normal", "mean, std=1.0, size=None, *, generator=None, dtype=None", normal);
  r.add("Tensor.new_empty_strided", "input, size, stride, *, dtype=None", newEmpty);
  r.add("Tensor.exponential_", "input, lambd=1.0, *, generator=None", fillDistribution<0>);
  r.add("Tensor.cauchy_", "input, median=0.0, sigma=1.0, *, generator=None", fillDistribution<1>);
  r.add("Tensor.log_normal_", "input, mean=1.0, std=2.0, *, generator=None", fillDistribution<2>);
  r.add("Tensor.geometric_", "input, p, *, generator=None", fillDistribution<3>);
  r.add("Tensor.random_", "input, from=None, to=None, *, generator=None", randomFill);
  r.add("gumbel_softmax", "logits, tau=1, hard=False, eps=1e-10, dim=-1", gumbelSoftmax);
  r.add("zeros_like", "input, *, dtype=None",
        [](ImportContext &ctx, Args &a) { return like(ctx, a, 0.0, false); });
  r.add("ones_like", "input, *, dtype=None",
        [](ImportContext &ctx, Args &a) { return like(ctx, a, 1.0, false); });
  r.add("full_like", "input, fill_value, *, dtype=None",
        [](ImportContext &ctx, Args &a) { return like(ctx, a, std::nullopt, false); });
  r.add("Tensor.new_zeros", "input, *size, dtype=None",
        [](ImportContext &ctx, Args &a) { return like(ctx, a, 0.0, true); });
  r.add("Tensor.new_ones", "input, *size, dtype=None",
        [](ImportContext &ctx, Args &a) { return like(ctx, a, 1.0, true); });
  r.add("Tensor.new_full", "input, size, fill_value, *, dtype=None",
        [](ImportContext &ctx, Args &a) { return like(ctx, a, std::nullopt, true); });
  r.add("Tensor.new_tensor", "input, data, *, dtype=None",
        [](ImportContext &ctx, Args &a) {
          if (!a.has("dtype"))
            for (auto &[n, v] : a.bound)
              if (n == "dtype" && a.get("input").isTensor())
                v = PyValue::dtypeOf(a.get("input").type().getElementType());
          return tensor(ctx, a);
        });
  r.add("arange", "start=None, end=None, step=None, *, dtype=None", arange);
  r.add("linspace", "start, end, steps, *, dtype=None", linspace);
  r.add("logspace", "start, end, steps, base=10.0, *, dtype=None", logspace);
  r.add("range", "start, end, step=1, *, dtype=None", rangeInclusive);
  r.add("hann_window", "window_length, periodic=True, *, dtype=None", window<0>);
  r.add("hamming_window", "window_length, periodic=True, alpha=0.54, beta=0.46, *, dtype=None",
        window<1>);
  r.add("blackman_window", "window_length, periodic=True, *, dtype=None", window<2>);
  r.add("bartlett_window", "window_length, periodic=True, *, dtype=None", window<3>);
  r.add("kaiser_window", "window_length, periodic=True, beta=12.0, *, dtype=None", window<4>);
  r.add("eye", "n, m=None, *, dtype=None", eye);
  r.add("_local_scalar_dense", "input", localScalar);
  r.add("one_hot", "input, num_classes=-1", oneHot);
}
