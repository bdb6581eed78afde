//===- Scans.cpp - inclusive scans built from gn ops ----------------------===//
#include "gn/Import/Python/Scans.h"
#include "gn/Import/Python/MathFunctions.h"
#include "gn/Import/Python/OpChain.h"
#include <limits>

using namespace mlir;
using namespace mlir::gn::import;

namespace {

RankedTensorType typeOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

/// v shifted `s` places along `dim`: out[i] = v[i - s], `fill` for i < s.
Value shifted(ImportContext &ctx, Chain &c, Value v, int64_t dim, int64_t s, double fill) {
  auto type = typeOf(v);
  int64_t n = type.getDimSize(dim);
  llvm::SmallVector<int64_t> head(type.getShape());
  head[dim] = s;
  Value lead = ctx.splat(type.getElementType(), fill, head);
  return c.op<gn::ConcatOp>({lead, c.slice(v, dim, 0, n - s)}, {ctx.i64("dim", dim)});
}

} // namespace

FailureOr<Value> mlir::gn::import::inclusiveScan(ImportContext &ctx, Value x, int64_t dim,
                                                 ScanKind kind, Value *indices,
                                                 bool productInF64) {
  // Products in order, as both frameworks' kernels multiply (a product tree
  // rounds differently and turns 0 * 3e38 * -3e38 into NaN).
  if (kind == ScanKind::Prod)
    return ctx.build<gn::CumProdOp>({x}, {ctx.i64("dim", dim),
                                          ctx.flag("accumulate_f64", productInF64)});
  auto type = typeOf(x);
  Type e = type.getElementType();
  int64_t n = type.getDimSize(dim);
  const double inf = std::numeric_limits<double>::infinity();
  bool extreme = kind == ScanKind::Max || kind == ScanKind::Min;
  if (kind == ScanKind::LogSumExp && !isFloat(e))
    return ctx.error("logcumsumexp expects a float tensor");
  double identity = kind == ScanKind::LogSumExp ? -inf
                    : isFloat(e)                  ? (kind == ScanKind::Max ? -inf : inf)
                                                  : 0.0; // extremes of ints: masked by `take`
  Chain c{ctx};
  Value v = x, at;
  if (extreme && indices) {
    Value positions = c.arange(n, ctx.i64Type());
    llvm::SmallVector<int64_t> lined(type.getRank(), 1);
    lined[dim] = n;
    at = c.op<gn::BroadcastToOp>({c.reshape(positions, lined)},
                                 {ctx.ints("shape", type.getShape())});
  }
  // Which positions have an element s before them (i >= s).
  auto reaches = [&](int64_t s) {
    llvm::SmallVector<int64_t> lined(type.getRank(), 1);
    lined[dim] = n;
    Value positions = c.reshape(c.arange(n, ctx.i64Type()), lined);
    return c.op<gn::GeOp>({positions, ctx.splat(ctx.i64Type(), (double)s)});
  };
  for (int64_t s = 1; s < n; s *= 2) {
    Value prev = shifted(ctx, c, v, dim, s, identity);
    if (kind == ScanKind::LogSumExp) {
      if (!c.ok())
        return failure();
      auto r = math::binary(ctx, "logaddexp", PyValue::of(v), PyValue::of(prev));
      v = c.take(failed(r) ? FailureOr<Value>(failure()) : FailureOr<Value>(r->tensor));
    } else {
      // The earlier element wins only when strictly beyond (or NaN).
      Value beyond = kind == ScanKind::Max ? c.op<gn::GtOp>({prev, v}) : c.op<gn::LtOp>({prev, v});
      if (isFloat(e))
        beyond = c.op<gn::OrOp>({beyond, c.op<gn::AndOp>({c.op<gn::NeOp>({prev, prev}),
                                                          c.op<gn::EqOp>({v, v})})});
      Value take = c.op<gn::AndOp>({beyond, reaches(s)});
      v = c.op<gn::WhereOp>({take, prev, v});
      if (at)
        at = c.op<gn::WhereOp>({take, shifted(ctx, c, at, dim, s, 0), at});
    }
  }
  if (!c.ok())
    return failure();
  if (indices)
    *indices = at;
  return v;
}
