//===- StatisticsOps.cpp - torch's order statistics, NaN-aware sums, scans ===//
//
// median, kthvalue, quantile (through gn.top_k's sort), nansum, nanmean,
// count_nonzero, aminmax, cumprod, cummax, cummin, logcumsumexp (log-step
// scans, gn/Import/Python/Scans.h), searchsorted and bucketize (counts of
// comparisons), softmin.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
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

/// median(input, dim=None, keepdim=False): the lower median; with a dim,
/// (values, indices).
FailureOr<PyValue> median(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto keep = a.boolean("keepdim");
  if (failed(x) || failed(keep))
    return failure();
  if (!a.has("dim")) {
    auto flat = ctx.reshape(*x, {typeOf(*x).getNumElements()});
    if (failed(flat))
      return failure();
    int64_t n = typeOf(*flat).getDimSize(0);
    if (n == 0)
      return a.error("median of an empty tensor");
    auto r = algebra::kthSmallest(ctx, *flat, (n - 1) / 2 + 1, 0, false);
    if (failed(r))
      return failure();
    return PyValue::of(r->first);
  }
  auto d = a.integer("dim");
  if (failed(d))
    return failure();
  auto dim = ctx.dim(*d, std::max<int64_t>(typeOf(*x).getRank(), 1));
  if (failed(dim))
    return failure();
  int64_t n = typeOf(*x).getRank() ? typeOf(*x).getDimSize(*dim) : 1;
  auto r = algebra::kthSmallest(ctx, *x, (n - 1) / 2 + 1, *dim, *keep);
  if (failed(r))
    return failure();
  return PyValue::tuple({PyValue::of(r->first), PyValue::of(r->second)});
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
  auto r = algebra::kthSmallest(ctx, *x, *k, *dim, *keep);
  if (failed(r))
    return failure();
  return PyValue::tuple({PyValue::of(r->first), PyValue::of(r->second)});
}

/// quantile(input, q, dim=None, keepdim=False, *, interpolation='linear'):
/// q a number or a list of numbers in [0, 1]; a list puts its dim first.
FailureOr<PyValue> quantile(ImportContext &ctx, Args &a) {
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
  auto sorted = ctx.topK(in, n, dim, /*largest=*/false);
  if (failed(sorted))
    return failure();
  llvm::SmallVector<int64_t> outShape(typeOf(in).getShape());
  outShape[dim] = 1;
  std::vector<Value> results;
  for (double q : qs) {
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
      r = c.op<gn::AddOp>({vlo, c.op<gn::MulOp>({c.op<gn::SubOp>({vhi, vlo}), ctx.splat(e, w)})});
    }
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
  r.add("median", "input, dim=None, keepdim=False", median);
  r.add("kthvalue", "input, k, dim=-1, keepdim=False", kthvalue);
  r.add("quantile", "input, q, dim=None, keepdim=False, *, interpolation='linear'", quantile);
  r.add("cumprod", "input, dim, *, dtype=None", scanOp<ScanKind::Prod>);
  r.add("cummax", "input, dim", scanOp<ScanKind::Max>);
  r.add("cummin", "input, dim", scanOp<ScanKind::Min>);
  r.add("logcumsumexp", "input, dim", scanOp<ScanKind::LogSumExp>);
  r.add("searchsorted",
        "sorted_sequence, input, *, out_int32=False, right=False, side=None, sorter=None",
        searchsorted);
  r.add("bucketize", "input, boundaries, *, out_int32=False, right=False", bucketize);
}
