//===- LossOps.cpp - torch.nn.functional's losses --------------------------===//
//
// cross_entropy (class indices or probabilities, weights, ignore_index,
// label_smoothing), nll_loss, binary_cross_entropy(_with_logits), mse,
// l1, smooth_l1, huber, kl_div, soft_margin, margin_ranking,
// hinge_embedding, poisson_nll, gaussian_nll, cosine_embedding,
// triplet_margin and multilabel_soft_margin, with PyTorch's formulas
// (aten/src/ATen/native/Loss*.cpp) over the builders both frontends share
// (gn/Import/Python/Losses.h). The legacy size_average / reduce arguments
// map onto `reduction` as PyTorch's _Reduction.legacy_get_string does.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/Import/Python/Losses.h"
#include "gn/Import/Python/OpChain.h"
#include "llvm/ADT/Sequence.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn::import;

namespace {

/// `reduction` (a name, or ATen's enum: 0 none, 1 mean, 2 sum), or what
/// the legacy size_average / reduce flags say.
FailureOr<std::string> reductionOf(Args &a) {
  const PyValue &sizeAverage = a.get("size_average"), &reduce = a.get("reduce");
  if (sizeAverage.isNone() && reduce.isNone()) {
    const PyValue &r = a.get("reduction");
    if (r.kind != PyValue::Int)
      return a.string("reduction");
    if (r.i < 0 || r.i > 2)
      return a.error("reduction " + llvm::Twine(r.i) + " is not 0 (none), 1 (mean) or 2 (sum)");
    const char *names[] = {"none", "mean", "sum"};
    return std::string(names[r.i]);
  }
  bool avg = sizeAverage.isNone() || sizeAverage.i != 0;
  bool red = reduce.isNone() || reduce.i != 0;
  return std::string(!red ? "none" : avg ? "mean" : "sum");
}

/// Two operands broadcast and promoted as torch's binary ops are.
struct Pair {
  Value x, y;
  Type e;
};
FailureOr<Pair> promoted(ImportContext &ctx, const PyValue &a, const PyValue &b) {
  auto t = ctx.promote({a, b});
  if (failed(t))
    return failure();
  Type e = isFloat(*t) ? *t : ctx.f32();
  auto x = ctx.asTensor(a, e), y = ctx.asTensor(b, e);
  if (failed(x) || failed(y))
    return failure();
  return Pair{*x, *y, e};
}

/// Elementwise loss `each` times the optional weight, then reduced.
FailureOr<PyValue> finish(ImportContext &ctx, Args &a, Chain &c, Value each, Value weight = {}) {
  if (weight)
    each = c.op<gn::MulOp>({each, c.convert(weight, typeOf(each).getElementType())});
  auto reduction = reductionOf(a);
  if (!c.ok() || failed(reduction))
    return failure();
  return wrap(loss::reduce(ctx, each, *reduction));
}

Value sumDim(ImportContext &ctx, Chain &c, Value v, int64_t dim, bool keep = false) {
  return c.op<gn::ReduceSumOp>({v}, {ctx.ints("dims", {dim}), ctx.flag("keepdim", keep)});
}

/// log(sigmoid(x)) = min(x, 0) - log1p(exp(-|x|)).
Value logSigmoid(ImportContext &ctx, Chain &c, Value x) {
  Type e = typeOf(x).getElementType();
  return c.op<gn::SubOp>(
      {c.op<gn::MinimumOp>({x, ctx.splat(e, 0)}),
       c.op<gn::Log1pOp>({c.op<gn::ExpOp>({c.op<gn::NegOp>({c.op<gn::AbsOp>({x})})})})});
}

template <int Kind> // 0 mse, 1 l1
FailureOr<PyValue> pointwise(ImportContext &ctx, Args &a) {
  auto p = promoted(ctx, a.get("input"), a.get("target"));
  auto w = a.optionalTensor("weight");
  if (failed(p) || failed(w))
    return failure();
  Chain c{ctx};
  Value d = c.op<gn::SubOp>({p->x, p->y});
  Value each = Kind == 0 ? c.op<gn::MulOp>({d, d}) : c.op<gn::AbsOp>({d});
  auto reduction = reductionOf(a);
  if (failed(reduction))
    return failure();
  if (!*w || *reduction != "mean")
    return finish(ctx, a, c, each, *w);
  // Weighted: the mean is sum(w * loss) / sum(w) (F.mse_loss, F.l1_loss).
  Value weight = c.convert(*w, p->e);
  Value sum = c.take(loss::reduce(ctx, c.op<gn::MulOp>({each, weight}), "sum"));
  Value r = c.op<gn::DivOp>({sum, c.take(loss::reduce(ctx, weight, "sum"))});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// smooth_l1 (beta) and huber (delta): quadratic below the threshold.
template <bool Huber> FailureOr<PyValue> smooth(ImportContext &ctx, Args &a) {
  auto p = promoted(ctx, a.get("input"), a.get("target"));
  auto t = a.real(Huber ? "delta" : "beta");
  auto w = Huber ? a.optionalTensor("weight") : FailureOr<Value>(Value());
  if (failed(p) || failed(t) || failed(w))
    return failure();
  Chain c{ctx};
  Type e = p->e;
  Value d = c.op<gn::AbsOp>({c.op<gn::SubOp>({p->x, p->y})});
  Value each;
  if (!Huber && *t == 0) {
    each = d;
  } else {
    Value square = c.op<gn::MulOp>({c.op<gn::MulOp>({d, d}), ctx.splat(e, Huber ? 0.5 : 0.5 / *t)});
    Value linear = c.op<gn::SubOp>({d, ctx.splat(e, 0.5 * *t)});
    if (Huber)
      linear = c.op<gn::MulOp>({linear, ctx.splat(e, *t)});
    each = c.op<gn::WhereOp>({c.op<gn::LtOp>({d, ctx.splat(e, *t)}), square, linear});
  }
  return finish(ctx, a, c, each, *w);
}

/// binary_cross_entropy: -w (t log x + (1 - t) log(1 - x)), logs clamped
/// at -100.
FailureOr<PyValue> bce(ImportContext &ctx, Args &a) {
  auto p = promoted(ctx, a.get("input"), a.get("target"));
  auto w = a.optionalTensor("weight");
  if (failed(p) || failed(w))
    return failure();
  Chain c{ctx};
  Type e = p->e;
  auto clampedLog = [&](Value v) {
    return c.op<gn::MaximumOp>({c.op<gn::LogOp>({v}), ctx.splat(e, -100)});
  };
  Value one = ctx.splat(e, 1);
  Value each = c.op<gn::NegOp>(
      {c.op<gn::AddOp>({c.op<gn::MulOp>({p->y, clampedLog(p->x)}),
                        c.op<gn::MulOp>({c.op<gn::SubOp>({one, p->y}),
                                         clampedLog(c.op<gn::SubOp>({one, p->x}))})})});
  return finish(ctx, a, c, each, *w);
}

/// binary_cross_entropy_with_logits: (1 - t) x - lw log(sigmoid(x)), lw =
/// 1 + (pos_weight - 1) t.
FailureOr<PyValue> bceWithLogits(ImportContext &ctx, Args &a) {
  auto p = promoted(ctx, a.get("input"), a.get("target"));
  auto w = a.optionalTensor("weight"), pw = a.optionalTensor("pos_weight");
  if (failed(p) || failed(w) || failed(pw))
    return failure();
  Chain c{ctx};
  Type e = p->e;
  Value one = ctx.splat(e, 1);
  Value ls = logSigmoid(ctx, c, p->x);
  if (*pw) {
    Value lw = c.op<gn::AddOp>(
        {c.op<gn::MulOp>({c.op<gn::SubOp>({c.convert(*pw, e), one}), p->y}), one});
    ls = c.op<gn::MulOp>({ls, lw});
  }
  Value each = c.op<gn::SubOp>({c.op<gn::MulOp>({c.op<gn::SubOp>({one, p->y}), p->x}), ls});
  return finish(ctx, a, c, each, *w);
}

FailureOr<PyValue> nllLoss(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), t = a.tensor("target");
  auto w = a.optionalTensor("weight");
  auto ignore = a.integer("ignore_index");
  auto reduction = reductionOf(a);
  if (failed(x) || failed(t) || failed(w) || failed(ignore) || failed(reduction))
    return failure();
  auto r = loss::nll(ctx, *x, *t, *w, *ignore, *reduction);
  if (failed(r))
    return failure();
  return PyValue::of(r->first);
}

/// cross_entropy: log_softmax over the class dim, then nll_loss for class
/// indices (label smoothing mixes in the mean over classes, PyTorch's
/// cross_entropy_loss_label_smoothing) or the weighted sum against a
/// probability target.
FailureOr<PyValue> crossEntropyWith(ImportContext &ctx, Args &a, Value x, Value t, Value w,
                                    int64_t ignore, llvm::StringRef reduction, double smoothing) {
  auto xt = typeOf(x);
  if (xt.getRank() < 1)
    return a.error("the input needs a class dim");
  int64_t classDim = xt.getRank() == 1 ? 0 : 1, classes = xt.getDimSize(classDim);
  Type e = xt.getElementType();
  Chain c{ctx};
  Value logp = c.op<gn::LogSoftmaxOp>({x}, {ctx.i64("dim", classDim)});
  // Class weights shaped to broadcast along the class dim.
  Value wb;
  if (w) {
    llvm::SmallVector<int64_t> shape(xt.getRank(), 1);
    shape[classDim] = classes;
    wb = c.reshape(c.convert(w, e), shape);
  }
  if (!c.ok())
    return failure();
  if (isFloat(typeOf(t).getElementType())) { // probabilities
    if (typeOf(t).getShape() != xt.getShape())
      return a.error("a probability target must have the input's shape");
    Value target = c.convert(t, e);
    if (smoothing > 0)
      target = c.op<gn::AddOp>({c.op<gn::MulOp>({target, ctx.splat(e, 1 - smoothing)}),
                                ctx.splat(e, smoothing / classes)});
    Value prod = c.op<gn::MulOp>({logp, target});
    if (wb)
      prod = c.op<gn::MulOp>({prod, wb});
    Value each = c.op<gn::NegOp>({sumDim(ctx, c, prod, classDim)});
    if (!c.ok())
      return failure();
    if (reduction == "mean") {
      int64_t n = std::max<int64_t>(1, xt.getNumElements() / std::max<int64_t>(classes, 1));
      auto s = loss::reduce(ctx, each, "sum");
      if (failed(s))
        return failure();
      return wrap(ctx.build<gn::DivOp>({*s, ctx.splat(e, double(n))}));
    }
    return wrap(loss::reduce(ctx, each, reduction));
  }
  auto nll = loss::nll(ctx, logp, t, w, ignore, reduction);
  if (failed(nll))
    return failure();
  if (smoothing <= 0)
    return PyValue::of(nll->first);
  Value prod = wb ? c.op<gn::MulOp>({logp, wb}) : logp;
  Value smooth = c.op<gn::NegOp>({sumDim(ctx, c, prod, classDim)});
  Value ignored = c.op<gn::EqOp>(
      {c.convert(t, ctx.i64Type()), ctx.splat(ctx.i64Type(), double(ignore))});
  smooth = c.op<gn::WhereOp>({ignored, ctx.splat(e, 0), smooth});
  if (!c.ok())
    return failure();
  Value s;
  if (reduction == "none") {
    s = smooth;
  } else {
    s = c.take(loss::reduce(ctx, smooth, "sum"));
    if (reduction == "mean")
      s = c.op<gn::DivOp>({s, nll->second}); // the weights of the classes used
  }
  Value r = c.op<gn::AddOp>({c.op<gn::MulOp>({nll->first, ctx.splat(e, 1 - smoothing)}),
                             c.op<gn::MulOp>({s, ctx.splat(e, smoothing / classes)})});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

FailureOr<PyValue> crossEntropy(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), t = a.tensor("target");
  auto w = a.optionalTensor("weight");
  auto ignore = a.integer("ignore_index");
  auto smoothing = a.real("label_smoothing");
  auto reduction = reductionOf(a);
  if (failed(x) || failed(t) || failed(w) || failed(ignore) || failed(smoothing) ||
      failed(reduction))
    return failure();
  return crossEntropyWith(ctx, a, *x, *t, *w, *ignore, *reduction, *smoothing);
}

/// torch._C._nn.cross_entropy_loss(input, target, weight, reduction,
/// ignore_index, label_smoothing): reduction as ATen's enum (0 none, 1
/// mean, 2 sum).
FailureOr<PyValue> crossEntropyLoss(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), t = a.tensor("target");
  auto w = a.optionalTensor("weight");
  auto r = a.integer("reduction"), ignore = a.integer("ignore_index");
  auto smoothing = a.real("label_smoothing");
  if (failed(x) || failed(t) || failed(w) || failed(r) || failed(ignore) || failed(smoothing))
    return failure();
  if (*r < 0 || *r > 2)
    return a.error("reduction " + llvm::Twine(*r) + " is not 0 (none), 1 (mean) or 2 (sum)");
  const char *names[] = {"none", "mean", "sum"};
  return crossEntropyWith(ctx, a, *x, *t, *w, *ignore, names[*r], *smoothing);
}

FailureOr<PyValue> klDiv(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), t = a.tensor("target");
  auto logTarget = a.boolean("log_target");
  auto reduction = reductionOf(a);
  if (failed(x) || failed(t) || failed(logTarget) || failed(reduction))
    return failure();
  return wrap(loss::klDiv(ctx, *x, *t, *logTarget, *reduction));
}

/// soft_margin_loss: log(1 + exp(-t x)).
FailureOr<PyValue> softMargin(ImportContext &ctx, Args &a) {
  auto p = promoted(ctx, a.get("input"), a.get("target"));
  if (failed(p))
    return failure();
  Chain c{ctx};
  Value z = c.op<gn::NegOp>({c.op<gn::MulOp>({p->x, p->y})});
  Value each = c.op<gn::NegOp>({logSigmoid(ctx, c, c.op<gn::NegOp>({z}))});
  return finish(ctx, a, c, each);
}

/// margin_ranking_loss: max(0, -t (x1 - x2) + margin).
FailureOr<PyValue> marginRanking(ImportContext &ctx, Args &a) {
  auto d = ctx.binary<gn::SubOp>(a.get("input1"), a.get("input2"));
  auto margin = a.real("margin");
  if (failed(d) || failed(margin))
    return failure();
  auto p = promoted(ctx, *d, a.get("target"));
  if (failed(p))
    return failure();
  Chain c{ctx};
  Value v = c.op<gn::AddOp>({c.op<gn::NegOp>({c.op<gn::MulOp>({p->y, p->x})}),
                             ctx.splat(p->e, *margin)});
  return finish(ctx, a, c, c.op<gn::MaximumOp>({v, ctx.splat(p->e, 0)}));
}

/// hinge_embedding_loss: x where t != -1, plus max(0, margin - x) where
/// t != 1.
FailureOr<PyValue> hingeEmbedding(ImportContext &ctx, Args &a) {
  auto p = promoted(ctx, a.get("input"), a.get("target"));
  auto margin = a.real("margin");
  if (failed(p) || failed(margin))
    return failure();
  Chain c{ctx};
  Type e = p->e;
  Value zero = ctx.splat(e, 0);
  Value clamp = c.op<gn::MaximumOp>({c.op<gn::SubOp>({ctx.splat(e, *margin), p->x}), zero});
  Value m = c.op<gn::WhereOp>({c.op<gn::NeOp>({p->y, ctx.splat(e, 1)}), clamp, zero});
  Value s = c.op<gn::WhereOp>({c.op<gn::NeOp>({p->y, ctx.splat(e, -1)}), p->x, zero});
  return finish(ctx, a, c, c.op<gn::AddOp>({m, s}));
}

/// poisson_nll_loss: exp(x) - t x (log_input) or x - t log(x + eps); full
/// adds Stirling's t log t - t + log(2 pi t) / 2 where t > 1.
FailureOr<PyValue> poissonNll(ImportContext &ctx, Args &a) {
  auto p = promoted(ctx, a.get("input"), a.get("target"));
  auto logInput = a.boolean("log_input"), full = a.boolean("full");
  auto eps = a.real("eps");
  if (failed(p) || failed(logInput) || failed(full) || failed(eps))
    return failure();
  Chain c{ctx};
  Type e = p->e;
  Value x = p->x, t = p->y;
  Value each = *logInput
                   ? c.op<gn::SubOp>({c.op<gn::ExpOp>({x}), c.op<gn::MulOp>({t, x})})
                   : c.op<gn::SubOp>({x, c.op<gn::MulOp>({t, c.op<gn::LogOp>({c.op<gn::AddOp>(
                                                              {x, ctx.splat(e, *eps)})})})});
  if (*full) {
    Value stirling = c.op<gn::AddOp>(
        {c.op<gn::SubOp>({c.op<gn::MulOp>({t, c.op<gn::LogOp>({t})}), t}),
         c.op<gn::MulOp>({c.op<gn::LogOp>({c.op<gn::MulOp>({t, ctx.splat(e, 2 * M_PI)})}),
                          ctx.splat(e, 0.5)})});
    each = c.op<gn::AddOp>({each, c.op<gn::WhereOp>({c.op<gn::GtOp>({t, ctx.splat(e, 1)}),
                                                     stirling, ctx.splat(e, 0)})});
  }
  return finish(ctx, a, c, each);
}

/// gaussian_nll_loss: (log(max(var, eps)) + (x - t)^2 / max(var, eps)) / 2
/// (+ log(2 pi) / 2 when full); a var one dim short gains a last dim.
FailureOr<PyValue> gaussianNll(ImportContext &ctx, Args &a) {
  auto p = promoted(ctx, a.get("input"), a.get("target"));
  auto full = a.boolean("full");
  auto eps = a.real("eps");
  auto reduction = a.string("reduction");
  if (failed(p) || failed(full) || failed(eps) || failed(reduction))
    return failure();
  Chain c{ctx};
  Type e = p->e;
  PyValue varArg = a.get("var");
  Value var = c.take(ctx.asTensor(varArg, e));
  if (!c.ok())
    return failure();
  auto vt = typeOf(var), xt = typeOf(p->x);
  if (vt.getRank() == xt.getRank() - 1 && vt.getRank() > 0) {
    llvm::SmallVector<int64_t> shape(vt.getShape());
    shape.push_back(1);
    var = c.reshape(var, shape);
  }
  var = c.op<gn::MaximumOp>({var, ctx.splat(e, *eps)});
  Value d = c.op<gn::SubOp>({p->x, p->y});
  Value each = c.op<gn::MulOp>(
      {c.op<gn::AddOp>({c.op<gn::LogOp>({var}), c.op<gn::DivOp>({c.op<gn::MulOp>({d, d}), var})}),
       ctx.splat(e, 0.5)});
  if (*full)
    each = c.op<gn::AddOp>({each, ctx.splat(e, 0.5 * std::log(2 * M_PI))});
  if (!c.ok())
    return failure();
  return wrap(loss::reduce(ctx, each, *reduction));
}

/// cosine_embedding_loss: 1 - cos where t = 1, max(0, cos - margin) where
/// t = -1; cos over the last dim with 1e-12 added to each squared norm.
FailureOr<PyValue> cosineEmbedding(ImportContext &ctx, Args &a) {
  auto p = promoted(ctx, a.get("input1"), a.get("input2"));
  auto t = a.tensor("target");
  auto margin = a.real("margin");
  if (failed(p) || failed(t) || failed(margin))
    return failure();
  Chain c{ctx};
  Type e = p->e;
  int64_t last = typeOf(p->x).getRank() - 1;
  Value dot = sumDim(ctx, c, c.op<gn::MulOp>({p->x, p->y}), last);
  Value m1 = c.op<gn::AddOp>({sumDim(ctx, c, c.op<gn::MulOp>({p->x, p->x}), last),
                              ctx.splat(e, 1e-12)});
  Value m2 = c.op<gn::AddOp>({sumDim(ctx, c, c.op<gn::MulOp>({p->y, p->y}), last),
                              ctx.splat(e, 1e-12)});
  Value cos = c.op<gn::DivOp>({dot, c.op<gn::SqrtOp>({c.op<gn::MulOp>({m1, m2})})});
  Value target = c.convert(*t, e);
  Value zero = ctx.splat(e, 0);
  Value pos = c.op<gn::WhereOp>({c.op<gn::EqOp>({target, ctx.splat(e, 1)}),
                                 c.op<gn::SubOp>({ctx.splat(e, 1), cos}), zero});
  Value neg = c.op<gn::WhereOp>(
      {c.op<gn::EqOp>({target, ctx.splat(e, -1)}),
       c.op<gn::MaximumOp>({c.op<gn::SubOp>({cos, ctx.splat(e, *margin)}), zero}), zero});
  return finish(ctx, a, c, c.op<gn::AddOp>({pos, neg}));
}

/// ||x - y + eps||_p over the last dim (pairwise_distance).
Value pairwise(ImportContext &ctx, Chain &c, Value x, Value y, double p, double eps) {
  Type e = typeOf(x).getElementType();
  int64_t last = typeOf(x).getRank() - 1;
  Value d = c.op<gn::AbsOp>({c.op<gn::AddOp>({c.op<gn::SubOp>({x, y}), ctx.splat(e, eps)})});
  return c.op<gn::PowOp>({sumDim(ctx, c, c.op<gn::PowOp>({d, ctx.splat(e, p)}), last),
                          ctx.splat(e, 1 / p)});
}

/// triplet_margin_loss: max(d(a, p) - d(a, n) + margin, 0); swap takes
/// the smaller of d(a, n) and d(p, n).
FailureOr<PyValue> tripletMargin(ImportContext &ctx, Args &a) {
  auto an = a.tensor("anchor"), po = a.tensor("positive"), ne = a.tensor("negative");
  auto margin = a.real("margin"), p = a.real("p"), eps = a.real("eps");
  auto swap = a.boolean("swap");
  if (failed(an) || failed(po) || failed(ne) || failed(margin) || failed(p) || failed(eps) ||
      failed(swap))
    return failure();
  if (*p <= 0)
    return a.error("p must be positive");
  Chain c{ctx};
  Type e = typeOf(*an).getElementType();
  Value dp = pairwise(ctx, c, *an, *po, *p, *eps), dn = pairwise(ctx, c, *an, *ne, *p, *eps);
  if (*swap)
    dn = c.op<gn::MinimumOp>({dn, pairwise(ctx, c, *po, *ne, *p, *eps)});
  Value each = c.op<gn::MaximumOp>(
      {c.op<gn::AddOp>({c.op<gn::SubOp>({dp, dn}), ctx.splat(e, *margin)}), ctx.splat(e, 0)});
  return finish(ctx, a, c, each);
}

/// multilabel_soft_margin_loss: -(t log sigmoid(x) + (1 - t) log
/// sigmoid(-x)) times the weight, averaged over the classes (last dim).
FailureOr<PyValue> multilabelSoftMargin(ImportContext &ctx, Args &a) {
  auto p = promoted(ctx, a.get("input"), a.get("target"));
  auto w = a.optionalTensor("weight");
  if (failed(p) || failed(w))
    return failure();
  Chain c{ctx};
  Type e = p->e;
  Value one = ctx.splat(e, 1);
  Value l = c.op<gn::AddOp>(
      {c.op<gn::MulOp>({p->y, logSigmoid(ctx, c, p->x)}),
       c.op<gn::MulOp>({c.op<gn::SubOp>({one, p->y}),
                        logSigmoid(ctx, c, c.op<gn::NegOp>({p->x}))})});
  l = c.op<gn::NegOp>({l});
  if (*w)
    l = c.op<gn::MulOp>({l, c.convert(*w, e)});
  int64_t last = typeOf(p->x).getRank() - 1;
  int64_t classes = typeOf(p->x).getDimSize(last);
  Value each = c.op<gn::DivOp>({sumDim(ctx, c, l, last), ctx.splat(e, double(classes))});
  return finish(ctx, a, c, each);
}

/// multi_margin_loss(input, target, p=1, margin=1, weight=None): per
/// sample, the sum over the other classes of max(0, margin - x[y] +
/// x[j])^p (times w[y]), divided by the class count.
FailureOr<PyValue> multiMargin(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), t = a.tensor("target");
  auto p = a.integer("p");
  auto margin = a.real("margin");
  auto w = a.optionalTensor("weight");
  if (failed(x) || failed(t) || failed(p) || failed(margin) || failed(w))
    return failure();
  if (*p != 1 && *p != 2)
    return a.error("p must be 1 or 2");
  auto xt = typeOf(*x);
  bool single = xt.getRank() == 1;
  Chain c{ctx};
  Value in = single ? c.reshape(*x, {1, xt.getDimSize(0)}) : *x;
  if (!c.ok())
    return failure();
  int64_t n = typeOf(in).getDimSize(0), classes = typeOf(in).getDimSize(1);
  Type e = xt.getElementType();
  Value target = c.reshape(c.convert(*t, ctx.i64Type()), {n, 1});
  Value picked = c.take(ctx.takeAlongAxis(in, target, 1, false, /*wrapNegative=*/false));
  Value m = c.op<gn::MaximumOp>(
      {c.op<gn::AddOp>({c.op<gn::SubOp>({ctx.splat(e, *margin), picked}), in}), ctx.splat(e, 0)});
  if (*p == 2)
    m = c.op<gn::MulOp>({m, m});
  if (*w) {
    Value wy = c.reshape(c.op<gn::IndexSelectOp>({c.convert(*w, e), c.reshape(target, {n})},
                                                 {ctx.i64("dim", 0),
                                                  ctx.flag("wrap_negative", false)}),
                         {n, 1});
    m = c.op<gn::MulOp>({m, wy});
  }
  Value iota = c.reshape(c.arange(classes, ctx.i64Type()), {1, classes});
  m = c.op<gn::WhereOp>({c.op<gn::EqOp>({iota, target}), ctx.splat(e, 0), m});
  Value each = c.op<gn::DivOp>({sumDim(ctx, c, m, 1), ctx.splat(e, double(classes))});
  if (single)
    each = c.reshape(each, {});
  return finish(ctx, a, c, each);
}

} // namespace

void mlir::gn::import::registerLossOps(OpRegistry &r) {
  const char *legacy = "size_average=None, reduce=None, reduction='mean'";
  auto sig = [&](const char *head, const char *tail = "") {
    return std::string(head) + ", " + legacy + (*tail ? ", " : "") + tail;
  };
  r.add("mse_loss", sig("input, target", "weight=None"), pointwise<0>);
  r.add("l1_loss", sig("input, target", "weight=None"), pointwise<1>);
  r.add("smooth_l1_loss", sig("input, target", "beta=1.0"), smooth<false>);
  r.add("huber_loss", "input, target, reduction='mean', delta=1.0, weight=None", smooth<true>);
  r.add("binary_cross_entropy", sig("input, target, weight=None"), bce);
  r.add("binary_cross_entropy_with_logits", sig("input, target, weight=None", "pos_weight=None"),
        bceWithLogits);
  r.add("nll_loss",
        "input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, "
        "reduction='mean'",
        nllLoss);
  r.add("cross_entropy",
        "input, target, weight=None, size_average=None, ignore_index=-100, reduce=None, "
        "reduction='mean', label_smoothing=0.0",
        crossEntropy);
  r.add("cross_entropy_loss",
        "input, target, weight=None, reduction=1, ignore_index=-100, label_smoothing=0.0",
        crossEntropyLoss);
  r.add("kl_div", sig("input, target", "log_target=False"), klDiv);
  r.add("soft_margin_loss", sig("input, target"), softMargin);
  r.add("margin_ranking_loss", sig("input1, input2, target, margin=0"), marginRanking);
  r.add("hinge_embedding_loss", sig("input, target, margin=1.0"), hingeEmbedding);
  r.add("poisson_nll_loss",
        "input, target, log_input=True, full=False, size_average=None, eps=1e-08, reduce=None, "
        "reduction='mean'",
        poissonNll);
  r.add("gaussian_nll_loss", "input, target, var, full=False, eps=1e-06, reduction='mean'",
        gaussianNll);
  r.add("cosine_embedding_loss", sig("input1, input2, target, margin=0"), cosineEmbedding);
  r.add("triplet_margin_loss",
        sig("anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False"), tripletMargin);
  r.add("multilabel_soft_margin_loss", sig("input, target, weight=None"), multilabelSoftMargin);
  r.add("multi_margin_loss", sig("input, target, p=1, margin=1, weight=None"), multiMargin);
  // The ATen forms TorchDynamo records when it traces into
  // torch.nn.functional: the reduction as an enum, no legacy flags.
  r.add("torch._C._nn.mse_loss", "input, target, reduction=1", pointwise<0>);
  r.add("torch._C._nn.l1_loss", "input, target, reduction=1", pointwise<1>);
  r.add("torch._C._nn.smooth_l1_loss", "input, target, reduction=1, beta=1.0", smooth<false>);
  r.add("torch._C._nn.huber_loss", "input, target, reduction=1, delta=1.0", smooth<true>);
  r.add("torch._C._nn.binary_cross_entropy", "input, target, weight=None, reduction=1", bce);
  r.add("torch.binary_cross_entropy_with_logits",
        "input, target, weight=None, pos_weight=None, reduction=1", bceWithLogits);
  r.add("torch._C._nn.nll_loss|torch._C._nn.nll_loss_nd|torch._C._nn.nll_loss2d",
        "input, target, weight=None, reduction=1, ignore_index=-100", nllLoss);
  r.add("torch.kl_div", "input, target, reduction=1, *, log_target=False", klDiv);
  r.add("torch._C._nn.soft_margin_loss", "input, target, reduction=1", softMargin);
  r.add("torch.margin_ranking_loss", "input1, input2, target, margin=0.0, reduction=1",
        marginRanking);
  r.add("torch.hinge_embedding_loss", "input, target, margin=1.0, reduction=1", hingeEmbedding);
  r.add("torch.poisson_nll_loss", "input, target, log_input, full, eps, reduction", poissonNll);
  r.add("torch.cosine_embedding_loss", "input1, input2, target, margin=0.0, reduction=1",
        cosineEmbedding);
  r.add("torch._C._nn.multi_margin_loss",
        "input, target, p=1, margin=1, weight=None, reduction=1", multiMargin);
  r.add("torch.triplet_margin_loss",
        "anchor, positive, negative, margin=1.0, p=2, eps=1e-06, swap=False, reduction=1",
        tripletMargin);
}
