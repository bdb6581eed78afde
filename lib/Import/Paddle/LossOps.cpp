//===- LossOps.cpp - Paddle's losses: nll_loss, kldiv_loss, log_loss -------===//
//
// Over the builders both frontends share (gn/Import/Python/Losses.h).
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include "gn/Import/Python/Losses.h"
#include "gn/Import/Python/OpChain.h"

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

/// nll_loss(input, label, weight, ignore_index, reduction) -> (out,
/// total_weight).
FailureOr<PyValue> nllLoss(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), label = a.tensor("label");
  auto weight = a.optionalTensor("weight");
  auto ignore = a.integer("ignore_index");
  auto reduction = a.string("reduction");
  if (failed(x) || failed(label) || failed(weight) || failed(ignore) || failed(reduction))
    return failure();
  auto r = loss::nll(ctx, *x, *label, *weight, *ignore, *reduction);
  if (failed(r))
    return failure();
  return PyValue::tuple({PyValue::of(r->first), PyValue::of(r->second)});
}

/// kldiv_loss(x, label, reduction, log_target).
FailureOr<PyValue> kldivLoss(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), label = a.tensor("label");
  auto reduction = a.string("reduction");
  auto logTarget = a.boolean("log_target");
  if (failed(x) || failed(label) || failed(reduction) || failed(logTarget))
    return failure();
  return wrap(loss::klDiv(ctx, *x, *label, *logTarget, *reduction));
}

/// log_loss(input, label, epsilon) = -label log(input + eps) - (1 - label)
/// log(1 - input + eps).
FailureOr<PyValue> logLoss(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), y = a.tensor("label");
  auto eps = number(a, ctx, "epsilon");
  if (failed(x) || failed(y) || failed(eps))
    return failure();
  Type e = typeOf(*x).getElementType();
  Chain c{ctx};
  Value one = ctx.splat(e, 1), epsilon = ctx.splat(e, *eps);
  Value pos = c.op<gn::MulOp>({*y, c.op<gn::LogOp>({c.op<gn::AddOp>({*x, epsilon})})});
  Value negLog = c.op<gn::LogOp>({c.op<gn::AddOp>({c.op<gn::SubOp>({one, *x}), epsilon})});
  Value neg = c.op<gn::MulOp>({c.op<gn::SubOp>({one, *y}), negLog});
  Value r = c.op<gn::NegOp>({c.op<gn::AddOp>({pos, neg})});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// hinge_loss(logits, labels): max(0, 1 - logits * (2 labels - 1)), labels
/// 0 or 1, elementwise.
FailureOr<PyValue> hingeLoss(ImportContext &ctx, Args &a) {
  auto x = a.tensor("logits"), y = a.tensor("labels");
  if (failed(x) || failed(y))
    return failure();
  Type e = typeOf(*x).getElementType();
  Chain c{ctx};
  Value sign = c.op<gn::SubOp>({c.op<gn::MulOp>({c.convert(*y, e), ctx.splat(e, 2)}), ctx.splat(e, 1)});
  Value margin = c.op<gn::SubOp>({ctx.splat(e, 1), c.op<gn::MulOp>({*x, sign})});
  Value r = c.op<gn::ReluOp>({margin});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

} // namespace

void paddle::registerLossOps(OpRegistry &r) {
  r.add("nll_loss", "input, label, weight=None, ignore_index=-100, reduction='mean'", nllLoss);
  r.add("kldiv_loss", "x, label, reduction='mean', log_target=False", kldivLoss);
  r.add("log_loss", "input, label, epsilon=0.0001", logLoss);
  r.add("hinge_loss", "logits, labels", hingeLoss);
}
