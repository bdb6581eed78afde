//===- StatisticsOps.cpp - torch's order statistics, NaN-aware sums, scans ===//
//
// median, kthvalue, quantile (through gn.top_k's sort), nansum, nanmean,
// count_nonzero, aminmax, cumprod, cummax, cummin, logcumsumexp (log-step
// scans, gn/Import/Python/Scans.h), searchsorted and bucketize (counts of
// comparisons), softmin.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/Import/Python/MathFunctions.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/Scans.h"
#include "gn/Import/Python/TensorAlgebra.h"
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::gn::import;

namespace {

/// x with NaN replaced by 0 (nansum's and nanmean's view of it).
Value withoutNaN(ImportContext &ctx, Chain &c, Value x) {
  Type e = typeOf(x).getElementType();
  if (!isFloat(e))
    return x;
  return c.op<gn::WhereOp>({c.op<gn::NeOp>({x, x}), ctx.splat(e, 0), x});
}

/// nansum / nanmean(input, dim, keepdim, dtype).
template <bool Mean> FailureOr<PyValue> nanReduce(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto keep = a.boolean("keepdim");
  auto dt = a.dtype("dtype");
  if (failed(x) || failed(keep) || failed(dt))
    return failure();
  Chain c{ctx};
  Value v = *dt ? c.convert(*x, **dt) : *x;
  Type e = typeOf(v).getElementType();
  if (Mean && !isFloat(e))
    return a.error("nanmean expects a floating tensor");
  if (!Mean && !isFloat(e) && !*dt)
    v = c.convert(v, ctx.i64Type()); // integer sums accumulate in i64
  auto dims = reductionDims(ctx, a, *x);
  if (failed(dims))
    return failure();
  llvm::SmallVector<NamedAttribute> attrs{ctx.ints("dims", *dims), ctx.flag("keepdim", *keep)};
  Value sum = c.op<gn::ReduceSumOp>({withoutNaN(ctx, c, v)}, attrs);
  if (Mean) {
    Value kept = c.convert(c.op<gn::EqOp>({v, v}), e);
    sum = c.op<gn::DivOp>({sum, c.op<gn::ReduceSumOp>({kept}, attrs)});
  }
  if (!c.ok())
    return failure();
  return PyValue::of(sum);
}

/// count_nonzero(input, dim=None) as i64.
FailureOr<PyValue> countNonzero(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto dims = reductionDims(ctx, a, *x);
  if (failed(dims))
    return failure();
  Chain c{ctx};
  Type e = typeOf(*x).getElementType();
  Value nz = e.isInteger(1) ? *x : c.op<gn::NeOp>({*x, ctx.splat(e, 0)});
  Value r = c.op<gn::ReduceSumOp>({c.convert(nz, ctx.i64Type())},
                                  {ctx.ints("dims", *dims), ctx.flag("keepdim", false)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// aminmax(input, *, dim=None, keepdim=False) -> (min, max).
FailureOr<PyValue> aminmax(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto keep = a.boolean("keepdim");
  if (failed(x) || failed(keep))
    return failure();
  auto dims = reductionDims(ctx, a, *x);
  if (failed(dims))
    return failure();
  llvm::SmallVector<NamedAttribute> attrs{ctx.ints("dims", *dims), ctx.flag("keepdim", *keep)};
  Chain c{ctx};
  Value lo = c.op<gn::ReduceMinOp>({*x}, attrs), hi = c.op<gn::ReduceMaxOp>({*x}, attrs);
  if (!c.ok())
    return failure();
  return PyValue::tuple({PyValue::of(lo), PyValue::of(hi)});
}

/// median / nanmedian(input, dim=None, keepdim=False): the lower median
/// (a NaN makes median NaN; nanmedian leaves NaNs out); with a dim,
/// (values, indices).
template <bool IgnoreNan> FailureOr<PyValue> median(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto keep = a.boolean("keepdim");
  if (failed(x) || failed(keep))
    return failure();
  if (!a.has("dim")) {
    auto flat = ctx.reshape(*x, {typeOf(*x).getNumElements()});
    if (failed(flat))
      return failure();
    auto r = algebra::median(ctx, *flat, 0, false, IgnoreNan, false);
    if (failed(r))
      return failure();
    return PyValue::of(r->values);
  }
  auto d = a.integer("dim");
  if (failed(d))
    return failure();
  Value v = *x;
  bool scalar = typeOf(v).getRank() == 0;
  if (scalar) {
    auto r = ctx.reshape(v, {1});
    if (failed(r))
      return failure();
    v = *r;
  }
  auto dim = ctx.dim(*d, typeOf(v).getRank());
  if (failed(dim))
    return failure();
  auto r = algebra::median(ctx, v, *dim, *keep && !scalar, IgnoreNan, false);
  if (failed(r))
    return failure();
  if (scalar) {
    auto values = ctx.reshape(r->values, {}), indices = ctx.reshape(r->indices, {});
    if (failed(values) || failed(indices))
      return failure();
    return PyValue::tuple({PyValue::of(*values), PyValue::of(*indices)});
  }
  return PyValue::tuple({PyValue::of(r->values), PyValue::of(r->indices)});
}

/// trapezoid / trapz(y, x=None, *, dx=None, dim=-1) and
/// cumulative_trapezoid: the trapezoids' areas along dim, summed or
/// running.
template <bool Cumulative> FailureOr<PyValue> trapezoid(ImportContext &ctx, Args &a) {
  auto y = a.tensor("y");
  auto d = a.integer("dim");
  if (failed(y) || failed(d))
    return failure();
  auto type = typeOf(*y);
  auto dim = ctx.dim(*d, type.getRank());
  if (failed(dim))
    return failure();
  Type e = isFloat(type.getElementType()) ? type.getElementType() : ctx.f32();
  int64_t n = type.getDimSize(*dim);
  Chain c{ctx};
  Value yf = c.convert(*y, e);
  if (n == 0 || !c.ok())
    return a.error("trapezoid of an empty dim");
  Value sums = c.op<gn::AddOp>({c.slice(yf, *dim, 1, n), c.slice(yf, *dim, 0, n - 1)});
  Value widths;
  const PyValue &xv = a.get("x");
  if (xv.isTensor()) {
    Value xs = c.convert(xv.tensor, e);
    int64_t xdim = typeOf(xs).getRank() == 1 ? 0 : *dim;
    widths = c.op<gn::SubOp>({c.slice(xs, xdim, 1, n), c.slice(xs, xdim, 0, n - 1)});
    if (typeOf(xs).getRank() == 1 && type.getRank() > 1) {
      llvm::SmallVector<int64_t> shape(type.getRank(), 1);
      shape[*dim] = n - 1;
      widths = c.reshape(widths, shape);
    }
  } else {
    double dx = 1;
    if (a.has("dx")) {
      auto v = a.real("dx");
      if (failed(v))
        return failure();
      dx = *v;
    } else if (xv.isNumber()) {
      dx = xv.asDouble();
    }
    widths = ctx.splat(e, dx);
  }
  Value areas = c.op<gn::MulOp>({c.op<gn::MulOp>({sums, widths}), ctx.splat(e, 0.5)});
  Value r = Cumulative ? c.op<gn::CumSumOp>({areas}, {ctx.i64("dim", *dim)})
                       : c.op<gn::ReduceSumOp>({areas}, {ctx.ints("dims", {*dim}),
                                                         ctx.flag("keepdim", false)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// cov(input, *, correction=1, fweights=None, aweights=None) of the rows
/// of a [variables, observations] input (a 1-d input: one variable);
/// corrcoef the covariances over the outer product of the deviations,
/// clipped to [-1, 1].
template <bool Correlation> FailureOr<PyValue> covariance(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  int64_t correction = 1;
  if (!Correlation) {
    auto corr = a.integer("correction");
    if (failed(corr))
      return failure();
    correction = *corr;
    if (a.has("fweights") || a.has("aweights"))
      return a.error("fweights and aweights are not supported");
  }
  auto type = typeOf(*x);
  if (type.getRank() > 2)
    return a.error("expects a 1-d or 2-d input");
  Type e = isFloat(type.getElementType()) ? type.getElementType() : ctx.f32();
  int64_t obs = type.getRank() ? type.getShape().back() : 1;
  int64_t vars = type.getRank() == 2 ? type.getDimSize(0) : 1;
  Chain c{ctx};
  Value m = c.reshape(c.convert(*x, e), {vars, obs});
  Value mean = c.op<gn::ReduceMeanOp>({m}, {ctx.ints("dims", {1}), ctx.flag("keepdim", true)});
  Value dev = c.op<gn::SubOp>({m, mean});
  Value cov = c.op<gn::DivOp>(
      {c.op<gn::EinsumOp>({dev, dev}, {ctx.str("equation", "io,jo->ij")}),
       ctx.splat(e, double(std::max<int64_t>(obs - correction, 0)))});
  if (Correlation) {
    Value var = c.reshape(c.op<gn::EinsumOp>({dev, dev}, {ctx.str("equation", "io,io->i")}),
                          {vars});
    Value scale = c.op<gn::SqrtOp>({c.op<gn::MulOp>({c.reshape(var, {vars, 1}),
                                                     c.reshape(var, {1, vars})})});
    cov = c.op<gn::ClampOp>({c.op<gn::DivOp>({c.op<gn::EinsumOp>(
                                                  {dev, dev}, {ctx.str("equation", "io,jo->ij")}),
                                              scale})},
                            {ctx.f64("min", -1), ctx.f64("max", 1)});
  }
  if (type.getRank() < 2)
    cov = c.reshape(cov, {});
  if (!c.ok())
    return failure();
  return PyValue::of(cov);
}

/// histc(input, bins=100, min=0, max=0): counts in equal bins over [min,
/// max] (both 0: the data's own range), the last bin closed; elements
/// outside are not counted.
FailureOr<PyValue> histc(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto bins = a.integer("bins");
  auto lo = a.real("min"), hi = a.real("max");
  if (failed(x) || failed(bins) || failed(lo) || failed(hi))
    return failure();
  if (*bins < 1)
    return a.error("bins must be positive");
  auto type = typeOf(*x);
  Type e = type.getElementType();
  if (!isFloat(e))
    return a.error("expects a floating tensor");
  auto counts = algebra::histogram(ctx, *x, *bins, *lo, *hi, Value(), false, e);
  if (failed(counts))
    return failure();
  return PyValue::of(*counts);
}

/// bincount(input, weights=None, minlength=0): how often each index occurs
/// in 1-d non-negative integers, max(minlength, max + 1) bins (learned
/// from the values and guarded), or the sum of `weights` there: int64
/// counts, f32 weights summed in f32, any other weights in f64.
FailureOr<PyValue> bincount(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto weights = a.optionalTensor("weights");
  auto minlength = a.integer("minlength");
  if (failed(x) || failed(weights) || failed(minlength))
    return failure();
  return wrap(algebra::bincount(ctx, *x, *weights, *minlength));
}

/// histogram(input, bins, *, range=None, weight=None, density=False) ->
/// (hist, bin_edges), as PyTorch's CPU kernel computes them in the input's
/// type: `bins` equal bins from linspace over `range` (else the data's min
/// and max; a range of one value widened by 0.5 each way), each element's
/// bin interpolated, then corrected against the edges around it; or
/// `bins` given as the edges (a binary search). The last bin is closed;
/// elements outside, and NaN, are not counted. Each element counts 1 or its
/// weight; `density` divides by the total, then by each bin's width.
FailureOr<PyValue> histogram(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto weight = a.optionalTensor("weight");
  auto density = a.boolean("density");
  if (failed(x) || failed(weight) || failed(density))
    return failure();
  auto type = typeOf(*x);
  Type e = type.getElementType();
  if (!isFloat(e))
    return a.error("expects a floating tensor");
  if (*weight && typeOf(*weight).getShape() != type.getShape())
    return a.error("weight must have the input's shape");
  int64_t n = type.getNumElements();
  Type i64 = ctx.i64Type();
  Chain c{ctx};
  Value v = c.reshape(*x, {n});
  auto scalar = [&](Value t) { return c.reshape(t, {}); };
  Value edges;
  bool search = a.get("bins").kind == PyValue::Tensor;
  int64_t bins = 0;
  if (search) {
    auto given = a.tensor("bins");
    if (failed(given))
      return failure();
    if (typeOf(*given).getRank() != 1 || typeOf(*given).getDimSize(0) < 1)
      return a.error("bins given as a tensor must be 1-d edges");
    edges = c.convert(*given, e);
    bins = typeOf(*given).getDimSize(0) - 1;
  } else {
    auto count = a.integer("bins");
    if (failed(count))
      return failure();
    if (*count < 1)
      return a.error("bins must be positive, got " + llvm::Twine(*count));
    bins = *count;
    Value lo, hi;
    if (a.has("range")) {
      const PyValue &r = a.get("range");
      if (!r.isSequence() || r.elts.size() != 2 || !r.elts[0].isNumber() ||
          !r.elts[1].isNumber())
        return a.error("range must be a pair of numbers");
      double l = r.elts[0].asDouble(), h = r.elts[1].asDouble();
      if (!std::isfinite(l) || !std::isfinite(h) || l > h)
        return a.error("range must be finite with min <= max");
      if (l == h)
        l -= 0.5, h += 0.5;
      lo = ctx.splat(e, l), hi = ctx.splat(e, h);
    } else if (n == 0) {
      lo = ctx.splat(e, -0.5), hi = ctx.splat(e, 0.5);
    } else {
      std::tie(lo, hi) = algebra::dataRange(ctx, c, v, 0.5);
    }
    // linspace(lo, hi, bins + 1) in the input's type: the first half from
    // lo up, the rest from hi down, by step (hi - lo) / bins.
    Value step = c.op<gn::DivOp>({c.op<gn::SubOp>({hi, lo}), ctx.splat(e, double(bins))});
    Value k = c.arange(bins + 1, e);
    Value up = c.op<gn::AddOp>({lo, c.op<gn::MulOp>({step, k})});
    Value down = c.op<gn::SubOp>(
        {hi, c.op<gn::MulOp>({step, c.op<gn::SubOp>({ctx.splat(e, double(bins)), k})})});
    Value firstHalf = c.op<gn::LtOp>({k, ctx.splat(e, double((bins + 1) / 2))});
    edges = c.op<gn::WhereOp>({firstHalf, up, down});
  }
  Value left = scalar(c.slice(edges, 0, 0, 1)), right = scalar(c.slice(edges, 0, bins, bins + 1));
  Value inside = c.op<gn::AndOp>({c.op<gn::GeOp>({v, left}), c.op<gn::LeOp>({v, right})});
  auto gatherEdges = [&](Value at) { return c.op<gn::IndexSelectOp>({edges, at}, {ctx.i64("dim", 0)}); };
  auto clampIndex = [&](Value i, int64_t top) {
    return c.op<gn::MinimumOp>({c.op<gn::MaximumOp>({i, ctx.splat(i64, 0)}), ctx.splat(i64, double(top))});
  };
  Value bin;
  if (search) {
    // upper_bound over all edges, minus one: the edges at or below v.
    Value below = c.op<gn::LeOp>({c.reshape(edges, {1, bins + 1}), c.reshape(v, {n, 1})});
    bin = c.op<gn::SubOp>({c.op<gn::ReduceSumOp>({c.convert(below, i64)},
                                                 {ctx.ints("dims", {1}), ctx.flag("keepdim", false)}),
                           ctx.splat(i64, 1)});
  } else {
    // pos = (v - left) * bins / (right - left), truncated; then
    // upper_bound over the edges pos - 1 .. pos + 1, minus one.
    Value pos = c.convert(
        c.op<gn::DivOp>({c.op<gn::MulOp>({c.op<gn::SubOp>({v, left}), ctx.splat(e, double(bins))}),
                         c.op<gn::SubOp>({right, left})}),
        i64);
    pos = clampIndex(c.op<gn::WhereOp>({inside, pos, ctx.splat(i64, 0)}), bins);
    Value atOrBelow = ctx.splat(i64, 0);
    for (int64_t d = -1; d <= 1; ++d) {
      Value j = c.op<gn::AddOp>({pos, ctx.splat(i64, double(d))});
      Value valid = c.op<gn::AndOp>({c.op<gn::GeOp>({j, ctx.splat(i64, 0)}),
                                      c.op<gn::LeOp>({j, ctx.splat(i64, double(bins))})});
      Value le = c.op<gn::LeOp>({gatherEdges(clampIndex(j, bins)), v});
      atOrBelow = c.op<gn::AddOp>({atOrBelow, c.convert(c.op<gn::AndOp>({valid, le}), i64)});
    }
    Value first = c.op<gn::MaximumOp>({c.op<gn::SubOp>({pos, ctx.splat(i64, 1)}), ctx.splat(i64, 0)});
    bin = c.op<gn::SubOp>({c.op<gn::AddOp>({first, atOrBelow}), ctx.splat(i64, 1)});
  }
  // The last edge closes the last bin.
  bin = clampIndex(bin, bins - 1);
  Value each = c.convert(inside, e);
  if (*weight)
    each = c.op<gn::MulOp>({each, c.reshape(c.convert(*weight, e), {n})});
  Value hist = c.op<gn::ScatterOp>({each, ctx.splat(e, 0, {bins}), bin},
                                   {ctx.i64("dim", 0), ctx.str("reduce", "add")});
  if (*density) {
    Value total = c.op<gn::ReduceSumOp>({hist}, {ctx.ints("dims", {0}), ctx.flag("keepdim", false)});
    Value width = c.op<gn::SubOp>({c.slice(edges, 0, 1, bins + 1), c.slice(edges, 0, 0, bins)});
    hist = c.op<gn::DivOp>({c.op<gn::DivOp>({hist, total}), width});
  }
  if (!c.ok())
    return failure();
  return PyValue::tuple({PyValue::of(hist), PyValue::of(edges)});
}

/// kthvalue(input, k, dim=-1, keepdim=False) -> (values, indices).
FailureOr<PyValue> kthvalue(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto k = a.integer("k"), d = a.integer("dim");
  auto keep = a.boolean("keepdim");
  if (failed(x) || failed(k) || failed(d) || failed(keep))
    return failure();
  auto dim = ctx.dim(*d, std::max<int64_t>(typeOf(*x).getRank(), 1));
  if (failed(dim))
    return failure();
  // PyTorch's CPU kernel: a quickselect, which decides among equal values.
  auto r = algebra::kthSmallest(ctx, *x, *k, *dim, *keep, "quickselect");
  if (failed(r))
    return failure();
  return PyValue::tuple({PyValue::of(r->first), PyValue::of(r->second)});
}

/// quantile(input, q, dim=None, keepdim=False, *, interpolation='linear'):
/// q a number or a list of numbers in [0, 1]; a list puts its dim first.
template <bool IgnoreNan> FailureOr<PyValue> quantile(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto keep = a.boolean("keepdim");
  auto how = a.string("interpolation");
  if (failed(x) || failed(keep) || failed(how))
    return failure();
  Type e = typeOf(*x).getElementType();
  if (!isFloat(e))
    return a.error("expects a floating tensor");
  const PyValue &qv = a.get("q");
  std::vector<double> qs;
  bool listed = qv.isSequence();
  if (qv.isTensor()) {
    // A q tensor of values known at import (torch.tensor([...])).
    auto constant = qv.tensor.getDefiningOp<gn::ConstantOp>();
    auto values = constant ? llvm::dyn_cast<DenseElementsAttr>(constant.getValue()) : nullptr;
    if (!values || !isFloat(values.getElementType()))
      return a.error("q must be a number, a list or a constant float tensor (its values are "
                     "not known at import)");
    for (const APFloat &f : values.getValues<APFloat>())
      qs.push_back(f.convertToDouble());
    listed = qv.type().getRank() > 0;
  } else {
    for (const PyValue &v : listed ? qv.elts : std::vector<PyValue>{qv}) {
      if (!v.isNumber())
        return a.error("q must be a number, a list or a constant float tensor");
      qs.push_back(v.asDouble());
    }
  }
  for (double q : qs)
    if (!(q >= 0 && q <= 1))
      return a.error("q must be in [0, 1]");
  if (*how != "linear" && *how != "lower" && *how != "higher" && *how != "midpoint" &&
      *how != "nearest")
    return a.error("interpolation must be linear, lower, higher, midpoint or nearest");
  Chain c{ctx};
  Value in = *x;
  int64_t dim = 0;
  bool all = !a.has("dim");
  if (all) {
    in = c.reshape(in, {typeOf(in).getNumElements()});
  } else {
    auto d = a.integer("dim");
    if (failed(d))
      return failure();
    auto nd = ctx.dim(*d, std::max<int64_t>(typeOf(in).getRank(), 1));
    if (failed(nd))
      return failure();
    dim = *nd;
    if (typeOf(in).getRank() == 0)
      in = c.reshape(in, {1});
  }
  if (!c.ok())
    return failure();
  int64_t n = typeOf(in).getDimSize(dim);
  if (n == 0)
    return a.error("quantile of an empty dim");
  // NaN: quantile gives NaN where a reduced row holds one; nanquantile
  // leaves NaNs out (sorted last as +inf) and reads positions of the count
  // that is left (all NaN: NaN).
  Value nan = c.op<gn::NeOp>({in, in});
  Value key = IgnoreNan ? c.op<gn::WhereOp>(
                              {nan, ctx.splat(e, std::numeric_limits<double>::infinity()), in})
                        : in;
  Value anyNan = c.op<gn::ReduceAnyOp>({nan}, {ctx.ints("dims", {dim}), ctx.flag("keepdim", true)});
  Value valid = IgnoreNan ? c.op<gn::ReduceSumOp>({c.convert(c.op<gn::NotOp>({nan}), e)},
                                                  {ctx.ints("dims", {dim}), ctx.flag("keepdim", true)})
                          : Value();
  if (!c.ok())
    return failure();
  auto sorted = ctx.topK(key, n, dim, /*largest=*/false);
  if (failed(sorted))
    return failure();
  llvm::SmallVector<int64_t> outShape(typeOf(in).getShape());
  outShape[dim] = 1;
  Value nanValue = ctx.splat(e, std::numeric_limits<double>::quiet_NaN());
  std::vector<Value> results;
  for (double q : qs) {
    if (IgnoreNan) {
      // Positions q (c - 1) of the c values left, per row.
      Type i64 = ctx.i64Type();
      Value pos = c.op<gn::MulOp>(
          {c.op<gn::MaximumOp>({c.op<gn::SubOp>({valid, ctx.splat(e, 1)}), ctx.splat(e, 0)}),
           ctx.splat(e, q)});
      Value lo = c.op<gn::FloorOp>({pos}), hi = c.op<gn::CeilOp>({pos});
      if (*how == "lower")
        hi = lo;
      else if (*how == "higher")
        lo = hi;
      else if (*how == "nearest")
        lo = hi = c.op<gn::RoundOp>({pos});
      Value vlo = c.take(ctx.takeAlongAxis(sorted->first, c.convert(lo, i64), dim, false));
      Value vhi = c.take(ctx.takeAlongAxis(sorted->first, c.convert(hi, i64), dim, false));
      PyValue w = *how == "midpoint" ? PyValue::real(0.5) : PyValue::of(c.op<gn::SubOp>({pos, lo}));
      if (!c.ok())
        return failure();
      auto between = math::lerp(ctx, PyValue::of(vlo), PyValue::of(vhi), w);
      if (failed(between))
        return failure();
      Value r = c.op<gn::WhereOp>(
          {c.op<gn::EqOp>({valid, ctx.splat(e, 0)}), nanValue, between->tensor});
      llvm::SmallVector<int64_t> shape;
      if (all)
        shape.assign(*keep ? typeOf(*x).getRank() : 0, 1);
      else if (*keep)
        shape = outShape;
      else {
        shape = outShape;
        shape.erase(shape.begin() + dim);
      }
      results.push_back(c.reshape(r, shape));
      continue;
    }
    double pos = q * (n - 1);
    int64_t lo = (int64_t)std::floor(pos), hi = (int64_t)std::ceil(pos);
    double frac = pos - lo;
    if (*how == "lower")
      hi = lo;
    else if (*how == "higher")
      lo = hi;
    else if (*how == "nearest")
      lo = hi = (int64_t)std::nearbyint(pos); // half to even, as torch
    Value vlo = c.slice(sorted->first, dim, lo, lo + 1);
    Value r = vlo;
    if (hi != lo) {
      Value vhi = c.slice(sorted->first, dim, hi, hi + 1);
      double w = *how == "midpoint" ? 0.5 : frac;
      if (!c.ok())
        return failure();
      auto between = math::lerp(ctx, PyValue::of(vlo), PyValue::of(vhi), PyValue::real(w));
      if (failed(between))
        return failure();
      r = between->tensor;
    }
    r = c.op<gn::WhereOp>({anyNan, nanValue, r});
    llvm::SmallVector<int64_t> shape;
    if (all)
      shape.assign(*keep ? typeOf(*x).getRank() : 0, 1);
    else if (*keep)
      shape = outShape;
    else {
      shape = outShape;
      shape.erase(shape.begin() + dim);
    }
    results.push_back(c.reshape(r, shape));
  }
  if (!c.ok())
    return failure();
  if (!listed)
    return PyValue::of(results[0]);
  std::vector<Value> lined;
  for (Value r : results) {
    llvm::SmallVector<int64_t> s{1};
    llvm::append_range(s, typeOf(r).getShape());
    lined.push_back(c.reshape(r, s));
  }
  Value out = c.op<gn::ConcatOp>(lined, {ctx.i64("dim", 0)});
  if (!c.ok())
    return failure();
  return PyValue::of(out);
}

/// cumprod / logcumsumexp(input, dim, dtype), cummax / cummin -> (values,
/// indices).
template <ScanKind Kind> FailureOr<PyValue> scanOp(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d = a.integer("dim");
  if (failed(x) || failed(d))
    return failure();
  Value v = *x;
  if (Kind == ScanKind::Prod) {
    auto dt = a.dtype("dtype");
    if (failed(dt))
      return failure();
    Type target = *dt ? **dt : isFloat(typeOf(v).getElementType()) ? typeOf(v).getElementType()
                                                                   : ctx.i64Type();
    auto cv = ctx.convert(v, target);
    if (failed(cv))
      return failure();
    v = *cv;
  }
  bool scalar = typeOf(v).getRank() == 0;
  if (scalar) {
    auto r = ctx.reshape(v, {1});
    if (failed(r))
      return failure();
    v = *r;
  }
  auto dim = ctx.dim(*d, typeOf(v).getRank());
  if (failed(dim))
    return failure();
  Value indices;
  bool extreme = Kind == ScanKind::Max || Kind == ScanKind::Min;
  auto r = inclusiveScan(ctx, v, *dim, Kind, extreme ? &indices : nullptr);
  if (failed(r))
    return failure();
  Value out = *r;
  if (scalar) {
    auto o = ctx.reshape(out, {});
    auto i = extreme ? ctx.reshape(indices, {}) : FailureOr<Value>(Value());
    if (failed(o) || failed(i))
      return failure();
    out = *o;
    indices = *i;
  }
  if (!extreme)
    return PyValue::of(out);
  return PyValue::tuple({PyValue::of(out), PyValue::of(indices)});
}

/// searchsorted / bucketize: the values as a tensor (a number becomes 0-d)
/// searched in `boundaries` (gn/Import/Python/TensorAlgebra.h).
FailureOr<PyValue> countBelow(ImportContext &ctx, Args &a, Value boundaries, const PyValue &values,
                              bool right, bool int32) {
  Value v;
  if (values.isTensor())
    v = values.tensor;
  else if (values.isNumber())
    v = ctx.splat(typeOf(boundaries).getElementType(), values.asDouble());
  else
    return a.error("the values must be a tensor or a number");
  auto r = algebra::searchSorted(ctx, boundaries, v, right);
  if (failed(r))
    return failure();
  return int32 ? wrap(ctx.convert(*r, ctx.builder.getI32Type())) : PyValue::of(*r);
}

FailureOr<bool> rightSide(Args &a) {
  auto right = a.boolean("right");
  if (failed(right))
    return failure();
  const PyValue &side = a.get("side");
  if (side.kind == PyValue::Str) {
    if (side.s != "left" && side.s != "right")
      return a.error("side must be 'left' or 'right'");
    if (*right && side.s == "left")
      return a.error("side='left' contradicts right=True");
    return side.s == "right";
  }
  return *right;
}

FailureOr<PyValue> searchsorted(ImportContext &ctx, Args &a) {
  auto seq = a.tensor("sorted_sequence");
  auto right = rightSide(a);
  auto int32 = a.boolean("out_int32");
  if (failed(seq) || failed(right) || failed(int32))
    return failure();
  if (a.has("sorter"))
    return a.error("sorter is not supported");
  return countBelow(ctx, a, *seq, a.get("input"), *right, *int32);
}

FailureOr<PyValue> bucketize(ImportContext &ctx, Args &a) {
  auto b = a.tensor("boundaries");
  auto right = a.boolean("right");
  auto int32 = a.boolean("out_int32");
  if (failed(b) || failed(right) || failed(int32))
    return failure();
  if (typeOf(*b).getRank() != 1)
    return a.error("boundaries must be 1-d");
  return countBelow(ctx, a, *b, a.get("input"), *right, *int32);
}

/// unique(input, sorted, return_inverse, return_counts, dim) and
/// unique_consecutive(input, return_inverse, return_counts, dim): the values
/// alone, or a tuple with the inverse and/or the counts (the size depends
/// on the data, learned from the inputs). With sorted=False PyTorch's CPU
/// order is sorted too.
template <bool Consecutive> FailureOr<PyValue> unique(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto inverse = a.boolean("return_inverse"), counts = a.boolean("return_counts");
  if (failed(x) || failed(inverse) || failed(counts))
    return failure();
  if (a.has("dim"))
    return a.error("unique along a dim is not supported (dim=None is)");
  auto u = algebra::unique(ctx, *x, Consecutive);
  if (failed(u))
    return failure();
  if (!*inverse && !*counts)
    return PyValue::of(u->values);
  std::vector<PyValue> out{PyValue::of(u->values)};
  if (*inverse)
    out.push_back(PyValue::of(u->inverse));
  if (*counts)
    out.push_back(PyValue::of(u->counts));
  return PyValue::tuple(out);
}

/// torch._unique2(input, sorted, return_inverse, return_counts): always the
/// triple (an empty tensor for what was not asked).
FailureOr<PyValue> unique2(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto inverse = a.boolean("return_inverse"), counts = a.boolean("return_counts");
  if (failed(x) || failed(inverse) || failed(counts))
    return failure();
  auto u = algebra::unique(ctx, *x, false);
  if (failed(u))
    return failure();
  Value none = ctx.splat(ctx.i64Type(), 0, {0});
  return PyValue::tuple({PyValue::of(u->values), PyValue::of(*inverse ? u->inverse : none),
                         PyValue::of(*counts ? u->counts : none)});
}

} // namespace

void mlir::gn::import::registerStatisticsOps(OpRegistry &r) {
  r.add("unique", "input, sorted=True, return_inverse=False, return_counts=False, dim=None",
        unique<false>);
  r.add("unique_consecutive", "input, return_inverse=False, return_counts=False, dim=None",
        unique<true>);
  r.add("_unique2", "input, sorted=True, return_inverse=False, return_counts=False", unique2);
  r.add("nansum", "input, dim=None, keepdim=False, *, dtype=None", nanReduce<false>);
  r.add("nanmean", "input, dim=None, keepdim=False, *, dtype=None", nanReduce<true>);
  r.add("count_nonzero", "input, dim=None", countNonzero);
  r.add("aminmax", "input, *, dim=None, keepdim=False", aminmax);
  r.add("nanmedian", "input, dim=None, keepdim=False", median<true>);
  r.add("trapezoid|trapz", "y, x=None, *, dx=None, dim=-1", trapezoid<false>);
  r.add("cumulative_trapezoid", "y, x=None, *, dx=None, dim=-1", trapezoid<true>);
  r.add("cov", "input, *, correction=1, fweights=None, aweights=None", covariance<false>);
  r.add("corrcoef", "input", covariance<true>);
  r.add("histc", "input, bins=100, min=0, max=0", histc);
  r.add("bincount", "input, weights=None, minlength=0", bincount);
  r.add("histogram", "input, bins, *, range=None, weight=None, density=False", histogram);
  r.add("median", "input, dim=None, keepdim=False", median<false>);
  r.add("kthvalue", "input, k, dim=-1, keepdim=False", kthvalue);
  r.add("quantile", "input, q, dim=None, keepdim=False, *, interpolation='linear'",
        quantile<false>);
  r.add("mode", "input, dim=-1, keepdim=False", [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
    auto x = a.tensor("input");
    auto d = a.integer("dim");
    auto keep = a.boolean("keepdim");
    if (failed(x) || failed(d) || failed(keep))
      return failure();
    Value v = *x;
    bool scalar = typeOf(v).getRank() == 0;
    if (scalar) {
      auto r = ctx.reshape(v, {1});
      if (failed(r))
        return failure();
      v = *r;
    }
    auto dim = ctx.dim(*d, typeOf(v).getRank());
    if (failed(dim))
      return failure();
    auto r = algebra::mode(ctx, v, *dim, *keep && !scalar);
    if (failed(r))
      return failure();
    if (scalar) {
      auto values = ctx.reshape(r->first, {}), indices = ctx.reshape(r->second, {});
      if (failed(values) || failed(indices))
        return failure();
      return PyValue::tuple({PyValue::of(*values), PyValue::of(*indices)});
    }
    return PyValue::tuple({PyValue::of(r->first), PyValue::of(r->second)});
  });
  r.add("nanquantile", "input, q, dim=None, keepdim=False, *, interpolation='linear'",
        quantile<true>);
  r.add("cumprod", "input, dim, *, dtype=None", scanOp<ScanKind::Prod>);
  r.add("cummax", "input, dim", scanOp<ScanKind::Max>);
  r.add("cummin", "input, dim", scanOp<ScanKind::Min>);
  r.add("logcumsumexp", "input, dim", scanOp<ScanKind::LogSumExp>);
  r.add("searchsorted",
        "sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None",
        searchsorted);
  r.add("bucketize", "input, boundaries, *, out_int32=False, right=False", bucketize);
}
