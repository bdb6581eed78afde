//===- Losses.cpp - loss functions built from gn ops, for both frontends ---===//
#include "gn/Import/Python/Losses.h"
#include "gn/Import/Python/OpChain.h"
#include "llvm/ADT/Sequence.h"

using namespace mlir;
using namespace mlir::gn::import;

namespace {

RankedTensorType typeOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

Value sumAll(ImportContext &ctx, Chain &c, Value v) {
  auto dims = llvm::to_vector(llvm::seq<int64_t>(0, typeOf(v).getRank()));
  return c.op<gn::ReduceSumOp>({v}, {ctx.ints("dims", dims), ctx.flag("keepdim", false)});
}

} // namespace

FailureOr<Value> loss::reduce(ImportContext &ctx, Value loss, llvm::StringRef reduction) {
  if (reduction == "none")
    return loss;
  Chain c{ctx};
  Value r;
  auto type = typeOf(loss);
  if (reduction == "sum") {
    r = sumAll(ctx, c, loss);
  } else if (reduction == "mean") {
    auto dims = llvm::to_vector(llvm::seq<int64_t>(0, type.getRank()));
    r = c.op<gn::ReduceMeanOp>({loss}, {ctx.ints("dims", dims), ctx.flag("keepdim", false)});
  } else if (reduction == "batchmean") {
    int64_t n = type.getRank() ? type.getDimSize(0) : 1;
    r = c.op<gn::DivOp>({sumAll(ctx, c, loss), ctx.splat(type.getElementType(), double(n))});
  } else {
    return ctx.error("reduction '" + reduction +
                     "' is not one of 'none', 'mean', 'sum', 'batchmean'");
  }
  if (!c.ok())
    return failure();
  return r;
}

FailureOr<std::pair<Value, Value>> loss::nll(ImportContext &ctx, Value input, Value target,
                                             Value weight, int64_t ignoreIndex,
                                             llvm::StringRef reduction) {
  auto it = typeOf(input), tt = typeOf(target);
  if (it.getRank() < 1)
    return ctx.error("nll_loss: the input needs a class dim");
  int64_t classDim = it.getRank() == 1 ? 0 : 1;
  llvm::SmallVector<int64_t> expected(it.getShape());
  expected.erase(expected.begin() + classDim);
  if (tt.getShape() != llvm::ArrayRef<int64_t>(expected))
    return ctx.error("nll_loss: the target's shape must be the input's without its class dim");
  if (!llvm::isa<IntegerType>(tt.getElementType()))
    return ctx.error("nll_loss: the target must hold integer class indices");
  Type e = it.getElementType();
  Chain c{ctx};
  Value t = c.convert(target, ctx.i64Type());
  Value ignored = c.op<gn::EqOp>({t, ctx.splat(ctx.i64Type(), double(ignoreIndex))});
  Value safe = c.op<gn::WhereOp>({ignored, ctx.splat(ctx.i64Type(), 0), t});
  llvm::SmallVector<int64_t> withClass(tt.getShape());
  withClass.insert(withClass.begin() + classDim, 1);
  // A target below 0 (other than ignore_index) or past the classes fails
  // the run, as PyTorch and PaddlePaddle raise.
  Value picked = c.take(ctx.takeAlongAxis(input, c.reshape(safe, withClass), classDim, false,
                                          /*wrapNegative=*/false));
  picked = c.reshape(picked, tt.getShape());
  Value w;
  if (weight) {
    int64_t count = tt.getNumElements();
    w = c.reshape(c.op<gn::IndexSelectOp>({c.convert(weight, e), c.reshape(safe, {count})},
                                          {ctx.i64("dim", 0), ctx.flag("wrap_negative", false)}),
                  tt.getShape());
  } else {
    w = ctx.splat(e, 1, tt.getShape());
  }
  w = c.op<gn::WhereOp>({ignored, ctx.splat(e, 0), w});
  Value each = c.op<gn::NegOp>({c.op<gn::MulOp>({picked, w})});
  Value total = sumAll(ctx, c, w);
  if (!c.ok())
    return failure();
  if (reduction == "none")
    return std::make_pair(each, total);
  Value sum = sumAll(ctx, c, each);
  if (reduction == "mean")
    sum = c.op<gn::DivOp>({sum, total});
  else if (reduction != "sum")
    return ctx.error("nll_loss: reduction '" + reduction + "' is not one of 'none', 'mean', 'sum'");
  if (!c.ok())
    return failure();
  return std::make_pair(sum, total);
}

FailureOr<Value> loss::klDiv(ImportContext &ctx, Value input, Value target, bool logTarget,
                             llvm::StringRef reduction) {
  auto promoted = ctx.promote({PyValue::of(input), PyValue::of(target)});
  if (failed(promoted))
    return failure();
  Type e = *promoted;
  Chain c{ctx};
  Value x = c.convert(input, e), y = c.convert(target, e);
  Value each;
  if (logTarget) {
    each = c.op<gn::MulOp>({c.op<gn::ExpOp>({y}), c.op<gn::SubOp>({y, x})});
  } else {
    // xlogy(y, y) - y * x: 0 where y is 0.
    Value ylogy = c.op<gn::WhereOp>({c.op<gn::EqOp>({y, ctx.splat(e, 0)}), ctx.splat(e, 0),
                                     c.op<gn::MulOp>({y, c.op<gn::LogOp>({y})})});
    each = c.op<gn::SubOp>({ylogy, c.op<gn::MulOp>({y, x})});
  }
  if (!c.ok())
    return failure();
  return reduce(ctx, each, reduction);
}
