//===- ElementwiseOps.cpp - Paddle maps, comparisons, activations -------===//
//
// Paddle's binary ops never mix dtypes in these programs (no promotion is
// needed); where a Python number meets a tensor (`x % n`) the number takes
// the tensor's dtype.
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Support/NumericCast.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

/// Unary map; float-only ops take integer inputs as f32.
template <typename OpTy, bool FloatOnly>
FailureOr<PyValue> unary(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return ctx.unary<OpTy>(*x, FloatOnly);
}

/// relu(x) as PaddlePaddle's kernel computes it, x > 0 ? x : 0: NaN and -0
/// give +0 (gn.relu keeps NaN, as PyTorch; docs/paddle-semantics.md).
FailureOr<PyValue> relu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  Value zero = ctx.splat(typeOf(*x).getElementType(), 0);
  auto positive = ctx.build<gn::GtOp>({*x, zero});
  if (failed(positive))
    return failure();
  return wrap(ctx.build<gn::WhereOp>({*positive, *x, zero}));
}

/// sign(x) as PaddlePaddle's kernel gives it: NaN stays NaN (gn.sign gives
/// 0 there, as PyTorch).
FailureOr<PyValue> sign(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  auto s = ctx.unary<gn::SignOp>(*x, false);
  if (failed(s) || !isa<FloatType>(typeOf(*x).getElementType()))
    return s;
  auto nan = ctx.build<gn::NeOp>({*x, *x});
  if (failed(nan))
    return failure();
  return wrap(ctx.build<gn::WhereOp>({*nan, *x, s->tensor}));
}

template <typename OpTy>
FailureOr<PyValue> binary(ImportContext &ctx, Args &a) {
  return ctx.binary<OpTy>(a.get("x"), a.get("y"));
}

template <typename OpTy>
FailureOr<PyValue> compare(ImportContext &ctx, Args &a) {
  return ctx.compare<OpTy>(a.get("x"), a.get("y"));
}

template <typename OpTy>
FailureOr<PyValue> logical(ImportContext &ctx, Args &a) {
  return ctx.logical<OpTy>(a.get("x"), a.get("y"));
}

FailureOr<PyValue> logicalNot(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  auto b = ctx.convert(*x, ctx.i1());
  if (failed(b))
    return failure();
  return wrap(ctx.build<gn::NotOp>({*b}));
}

/// divide: true division; integers divide into f32 (PaddlePaddle 3.3.1:
/// divide(int64 7, int64 -2) = -3.5 in float32).
FailureOr<PyValue> divide(ImportContext &ctx, Args &a) {
  return ctx.binary<gn::DivOp>(a.get("x"), a.get("y"), /*resultFloat=*/true);
}

FailureOr<PyValue> powOp(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto y = number(a, ctx, "y");
  if (failed(x) || failed(y))
    return failure();
  if (*y == 2.0)
    return ctx.binary<gn::MulOp>(a.get("x"), a.get("x"));
  return ctx.binary<gn::PowOp>(a.get("x"), PyValue::real(*y));
}

FailureOr<PyValue> square(ImportContext &ctx, Args &a) {
  return ctx.binary<gn::MulOp>(a.get("x"), a.get("x"));
}

/// scale(x, scale, bias, bias_after_scale): x * s + b, or (x + b) * s.
FailureOr<PyValue> scale(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto biasValue = number(a, ctx, "bias");
  auto after = a.boolean("bias_after_scale");
  if (failed(x) || failed(biasValue) || failed(after))
    return failure();
  Type e = typeOf(*x).getElementType();
  PyValue s = a.get("scale");
  if (s.isTensor()) {
    // A one-element scale tensor acts as a scalar: the result keeps x's
    // shape (scale of a 0-d x by a [1] tensor is 0-d).
    if (typeOf(s.tensor).getNumElements() != 1)
      return a.error("argument 'scale' must have one element, got " + s.describe());
    auto c = ctx.convert(s.tensor, e);
    if (failed(c))
      return failure();
    auto r = ctx.reshape(*c, {});
    if (failed(r))
      return failure();
    s = PyValue::of(*r);
  } else if (!s.isNumber()) {
    return a.error("argument 'scale' must be a number or a tensor, got " + s.describe());
  }
  // On integer tensors PaddlePaddle casts the scale and the bias to the
  // tensor's type first (3.3.1: scale(int64 7, 2.7, -1.9) = 13).
  double bias = *biasValue;
  if (!isFloat(e)) {
    bias = std::trunc(bias);
    if (s.isNumber())
      s = PyValue::integer(gn::saturatingCast<int64_t>(s.asDouble()));
  }
  auto mul = [&](const PyValue &v) -> FailureOr<PyValue> {
    if (s.isNumber() && s.asDouble() == 1.0)
      return v;
    auto sv = ctx.asTensor(s, e);
    if (failed(sv))
      return failure();
    return wrap(ctx.build<gn::MulOp>({v.tensor, *sv}));
  };
  auto add = [&](const PyValue &v) -> FailureOr<PyValue> {
    if (bias == 0)
      return v;
    auto bv = ctx.asTensor(PyValue::real(bias), e);
    if (failed(bv))
      return failure();
    return wrap(ctx.build<gn::AddOp>({v.tensor, *bv}));
  };
  PyValue in = PyValue::of(*x);
  if (*after) {
    auto m = mul(in);
    return failed(m) ? m : add(*m);
  }
  auto s1 = add(in);
  return failed(s1) ? s1 : mul(*s1);
}

FailureOr<PyValue> castOp(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto t = dtypeArg(a, ctx, "dtype");
  if (failed(x) || failed(t))
    return failure();
  return wrap(ctx.convert(*x, *t));
}

FailureOr<PyValue> clip(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto lo = number(a, ctx, "min"), hi = number(a, ctx, "max");
  if (failed(x) || failed(lo) || failed(hi))
    return failure();
  return wrap(ctx.build<gn::ClampOp>({*x}, {ctx.f64("min", *lo), ctx.f64("max", *hi)}));
}

FailureOr<PyValue> relu6(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return wrap(ctx.build<gn::ClampOp>({*x}, {ctx.f64("min", 0), ctx.f64("max", 6)}));
}

/// hardsigmoid(x, slope, offset) = clip(x * slope + offset, 0, 1).
FailureOr<PyValue> hardsigmoid(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto slope = number(a, ctx, "slope"), offset = number(a, ctx, "offset");
  if (failed(x) || failed(slope) || failed(offset))
    return failure();
  Type e = typeOf(*x).getElementType();
  auto m = ctx.build<gn::MulOp>({*x, ctx.splat(e, *slope)});
  if (failed(m))
    return failure();
  auto s = ctx.build<gn::AddOp>({*m, ctx.splat(e, *offset)});
  if (failed(s))
    return failure();
  return wrap(ctx.build<gn::ClampOp>({*s}, {ctx.f64("min", 0), ctx.f64("max", 1)}));
}

FailureOr<PyValue> gelu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto approximate = a.boolean("approximate");
  if (failed(x) || failed(approximate))
    return failure();
  return wrap(ctx.build<gn::GeluOp>({*x}, {ctx.str("approximate", *approximate ? "tanh" : "none")}));
}

FailureOr<PyValue> leakyRelu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto alpha = number(a, ctx, "negative_slope");
  if (failed(x) || failed(alpha))
    return failure();
  return wrap(ctx.build<gn::LeakyReluOp>({*x}, {ctx.f64("negative_slope", *alpha)}));
}

FailureOr<PyValue> elu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto alpha = number(a, ctx, "alpha");
  if (failed(x) || failed(alpha))
    return failure();
  return wrap(ctx.build<gn::EluOp>({*x}, {ctx.f64("alpha", *alpha)}));
}

/// prelu(x, alpha, data_format, mode): x > 0 ? x : alpha * x, alpha per
/// channel ("channel"), per element ("element") or one ("all").
FailureOr<PyValue> prelu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), alpha = a.tensor("alpha");
  auto format = a.string("data_format"), mode = a.string("mode");
  if (failed(x) || failed(alpha) || failed(format) || failed(mode))
    return failure();
  auto type = typeOf(*x);
  int64_t rank = type.getRank();
  llvm::SmallVector<int64_t> shape(rank, 1);
  if (*mode == "channel") {
    if (rank < 2)
      return a.error("mode 'channel' needs a rank >= 2 input");
    int64_t c = *format == "NCHW" || *format == "NCL" || *format == "NCDHW" ? 1 : rank - 1;
    shape[c] = type.getDimSize(c);
  } else if (*mode == "element") {
    shape.assign(type.getShape().begin(), type.getShape().end());
    shape[0] = 1;
  } else if (*mode != "all") {
    return a.error("unsupported mode '" + *mode + "'");
  }
  auto w = ctx.reshape(*alpha, shape);
  if (failed(w))
    return failure();
  auto neg = ctx.build<gn::MulOp>({*x, *w});
  Value zero = ctx.splat(type.getElementType(), 0);
  auto positive = ctx.build<gn::GtOp>({*x, zero});
  if (failed(neg) || failed(positive))
    return failure();
  return wrap(ctx.build<gn::WhereOp>({*positive, *x, *neg}));
}

FailureOr<PyValue> where(ImportContext &ctx, Args &a) {
  auto cond = a.tensor("condition");
  if (failed(cond))
    return failure();
  auto c = ctx.convert(*cond, ctx.i1());
  auto t = ctx.promote({a.get("x"), a.get("y")});
  if (failed(c) || failed(t))
    return failure();
  auto x = ctx.asTensor(a.get("x"), *t), y = ctx.asTensor(a.get("y"), *t);
  if (failed(x) || failed(y))
    return failure();
  return wrap(ctx.build<gn::WhereOp>({*c, *x, *y}));
}

/// masked_fill(x, mask, value): value where mask is set, x elsewhere; x,
/// mask and value broadcast, the result keeps x's dtype.
FailureOr<PyValue> maskedFill(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), mask = a.tensor("mask");
  if (failed(x) || failed(mask))
    return failure();
  auto m = ctx.convert(*mask, ctx.i1());
  auto v = ctx.asTensor(a.get("value"), typeOf(*x).getElementType());
  if (failed(m) || failed(v))
    return failure();
  return wrap(ctx.build<gn::WhereOp>({*m, *v, *x}));
}

/// swiglu(x, y): silu(x) * y; without y, x's last dim holds both halves
/// (the first half gated by the second).
FailureOr<PyValue> swiglu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto y = a.optionalTensor("y");
  if (failed(x) || failed(y))
    return failure();
  Value gate = *x, up = *y;
  if (!up) {
    auto type = typeOf(*x);
    int64_t rank = type.getRank();
    if (rank == 0)
      return a.error("without y, x must have a last dim to split");
    int64_t n = type.getDimSize(rank - 1);
    if (n % 2 != 0)
      return a.error("without y, x's last dim must be even, got " + llvm::Twine(n));
    auto first = sliceAxis(ctx, *x, rank - 1, 0, n / 2);
    auto second = sliceAxis(ctx, *x, rank - 1, n / 2, n);
    if (failed(first) || failed(second))
      return failure();
    gate = *first;
    up = *second;
  }
  auto s = ctx.build<gn::SiluOp>({gate});
  if (failed(s))
    return failure();
  return wrap(ctx.build<gn::MulOp>({*s, up}));
}

FailureOr<PyValue> isnan(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return wrap(ctx.build<gn::NeOp>({*x, *x}));
}

FailureOr<PyValue> identity(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  if (failed(x))
    return failure();
  return PyValue::of(*x);
}

FailureOr<PyValue> addN(ImportContext &ctx, Args &a) {
  auto xs = a.tensors("inputs");
  if (failed(xs))
    return failure();
  if (xs->empty())
    return a.error("add_n of no tensors");
  Value sum = (*xs)[0];
  for (Value v : llvm::drop_begin(*xs)) {
    auto s = ctx.build<gn::AddOp>({sum, v});
    if (failed(s))
      return failure();
    sum = *s;
  }
  return PyValue::of(sum);
}

/// bce_loss(input, label) = -(label * log(x) + (1 - label) * log(1 - x)),
/// each log clamped at -100 as Paddle does.
FailureOr<PyValue> bceLoss(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), y = a.tensor("label");
  if (failed(x) || failed(y))
    return failure();
  Type e = typeOf(*x).getElementType();
  auto clampedLog = [&](Value v) -> FailureOr<Value> {
    auto l = ctx.build<gn::LogOp>({v});
    if (failed(l))
      return failure();
    return ctx.build<gn::ClampOp>({*l}, {ctx.f64("min", -100)});
  };
  auto one = ctx.splat(e, 1);
  auto logX = clampedLog(*x);
  auto oneMinusX = ctx.build<gn::SubOp>({one, *x});
  if (failed(logX) || failed(oneMinusX))
    return failure();
  auto log1mX = clampedLog(*oneMinusX);
  auto oneMinusY = ctx.build<gn::SubOp>({one, *y});
  if (failed(log1mX) || failed(oneMinusY))
    return failure();
  auto t1 = ctx.build<gn::MulOp>({*y, *logX}), t2 = ctx.build<gn::MulOp>({*oneMinusY, *log1mX});
  if (failed(t1) || failed(t2))
    return failure();
  auto sum = ctx.build<gn::AddOp>({*t1, *t2});
  if (failed(sum))
    return failure();
  return wrap(ctx.build<gn::NegOp>({*sum}));
}

/// huber_loss(input, label, delta) -> out (the op's residual output is not
/// returned by paddle._C_ops): r = label - input, out = r * r / 2 where
/// |r| <= delta, else delta * (|r| - delta / 2).
FailureOr<PyValue> huberLoss(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), y = a.tensor("label");
  auto delta = a.real("delta");
  if (failed(x) || failed(y) || failed(delta))
    return failure();
  Type e = typeOf(*x).getElementType();
  auto r = ctx.build<gn::SubOp>({*y, *x});
  if (failed(r))
    return failure();
  auto absR = ctx.build<gn::AbsOp>({*r});
  auto square = ctx.build<gn::MulOp>({*r, *r});
  if (failed(absR) || failed(square))
    return failure();
  auto half = ctx.build<gn::MulOp>({*square, ctx.splat(e, 0.5)});
  auto shifted = ctx.build<gn::SubOp>({*absR, ctx.splat(e, *delta / 2)});
  auto small = ctx.build<gn::LeOp>({*absR, ctx.splat(e, *delta)});
  if (failed(half) || failed(shifted) || failed(small))
    return failure();
  auto linear = ctx.build<gn::MulOp>({*shifted, ctx.splat(e, *delta)});
  if (failed(linear))
    return failure();
  return wrap(ctx.build<gn::WhereOp>({*small, *half, *linear}));
}

/// sigmoid_cross_entropy_with_logits(x, label, pos_weight, normalize,
/// ignore_index) = max(x, 0) - x * label + log(1 + exp(-|x|)), zero where
/// label == ignore_index; `normalize` divides by the count of the others.
FailureOr<PyValue> sigmoidCrossEntropy(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("label");
  auto normalize = a.boolean("normalize");
  auto ignore = number(a, ctx, "ignore_index");
  if (failed(x) || failed(y) || failed(normalize) || failed(ignore))
    return failure();
  auto posWeight = a.optionalTensor("pos_weight");
  if (failed(posWeight))
    return failure();
  Type e = typeOf(*x).getElementType();
  // (1 - y) x + w (log1p(exp(-|x|)) + max(-x, 0)), w = pos_weight as
  // PaddlePaddle's kernel weighs every element (not 1 + (pw - 1) y, torch's),
  // w = 1 without it: relu(x) - x y + log1p(exp(-|x|)).
  Chain c{ctx};
  Value one = ctx.splat(e, 1);
  Value softplusNeg = c.op<gn::AddOp>(
      {c.op<gn::Log1pOp>({c.op<gn::ExpOp>({c.op<gn::NegOp>({c.op<gn::AbsOp>({*x})})})}),
       c.op<gn::MaximumOp>({c.op<gn::NegOp>({*x}), ctx.splat(e, 0)})});
  if (*posWeight)
    softplusNeg = c.op<gn::MulOp>({*posWeight, softplusNeg});
  Value lossValue =
      c.op<gn::AddOp>({c.op<gn::MulOp>({c.op<gn::SubOp>({one, *y}), *x}), softplusNeg});
  if (!c.ok())
    return failure();
  FailureOr<Value> loss = lossValue;
  auto keep = ctx.build<gn::NeOp>({*y, ctx.splat(typeOf(*y).getElementType(), *ignore)});
  if (failed(keep))
    return failure();
  auto out = ctx.build<gn::WhereOp>({*keep, *loss, ctx.splat(e, 0)});
  if (failed(out) || !*normalize)
    return wrap(out);
  auto count = ctx.convert(*keep, e);
  if (failed(count))
    return failure();
  llvm::SmallVector<int64_t> all;
  for (int64_t i = 0; i < typeOf(*count).getRank(); ++i)
    all.push_back(i);
  auto n = ctx.build<gn::ReduceSumOp>({*count}, {ctx.ints("dims", all)});
  if (failed(n))
    return failure();
  auto safe = ctx.build<gn::MaximumOp>({*n, ctx.splat(e, 1)});
  if (failed(safe))
    return failure();
  return wrap(ctx.build<gn::DivOp>({*out, *safe}));
}

} // namespace

void paddle::registerElementwiseOps(OpRegistry &r) {
  r.add("exp", "x", folded<unary<gn::ExpOp, true>>);
  r.add("log", "x", folded<unary<gn::LogOp, true>>);
  r.add("log1p", "x", folded<unary<gn::Log1pOp, true>>);
  r.add("sqrt", "x", folded<unary<gn::SqrtOp, true>>);
  r.add("rsqrt", "x", folded<unary<gn::RsqrtOp, true>>);
  r.add("sin", "x", folded<unary<gn::SinOp, true>>);
  r.add("cos", "x", folded<unary<gn::CosOp, true>>);
  r.add("tanh", "x", folded<unary<gn::TanhOp, true>>);
  r.add("erf", "x", folded<unary<gn::ErfOp, true>>);
  // floor, ceil and round: MathOps.cpp (integers unchanged).
  r.add("sign", "x", folded<sign>);
  r.add("reciprocal", "x", folded<unary<gn::ReciprocalOp, true>>);
  r.add("sigmoid", "x", folded<unary<gn::SigmoidOp, true>>);
  r.add("neg", "x", folded<unary<gn::NegOp, false>>);
  r.add("bitwise_not", "x", folded<unary<gn::NotOp, false>>);
  r.add("logical_not", "x", folded<logicalNot>);
  r.add("isnan", "x", folded<isnan>);
  r.add("relu", "x", folded<relu>);
  r.add("relu6", "x", folded<relu6>);
  r.add("swish|silu", "x", folded<unary<gn::SiluOp, true>>);
  r.add("hardswish", "x", folded<unary<gn::HardswishOp, true>>);
  r.add("hardsigmoid", "x, slope=0.1666666666666667, offset=0.5", folded<hardsigmoid>);
  r.add("gelu", "x, approximate=False", folded<gelu>);
  r.add("leaky_relu", "x, negative_slope=0.02", folded<leakyRelu>);
  r.add("elu", "x, alpha=1.0", folded<elu>);
  r.add("prelu", "x, alpha, data_format='NCHW', mode='all'", folded<prelu>);
  r.add("square", "x", folded<square>);
  r.add("pow", "x, y=1.0", folded<powOp>);
  r.add("scale", "x, scale=1.0, bias=0.0, bias_after_scale=True", folded<scale>);
  r.add("cast", "x, dtype", folded<castOp>);
  r.add("clip", "x, min, max", folded<clip>);
  r.add("where", "condition, x, y", folded<where>);
  r.add("masked_fill", "x, mask, value", folded<maskedFill>);
  r.add("swiglu", "x, y=None", swiglu);
  r.add("assign|detach|Tensor.detach", "x", identity);
  r.add("add_n", "inputs", folded<addN>);
  r.add("bce_loss", "input, label", bceLoss);
  r.add("huber_loss", "input, label, delta", huberLoss);
  r.add("sigmoid_cross_entropy_with_logits",
        "x, label, pos_weight=None, normalize=False, ignore_index=-100", sigmoidCrossEntropy);

  r.add("add", "x, y", folded<binary<gn::AddOp>>);
  r.add("subtract", "x, y", folded<binary<gn::SubOp>>);
  r.add("multiply", "x, y", folded<binary<gn::MulOp>>);
  r.add("divide", "x, y", folded<divide>);
  r.add("floor_divide", "x, y", folded<binary<gn::FloorDivOp>>);
  r.add("remainder", "x, y", folded<binary<gn::RemOp>>);
  r.add("elementwise_pow", "x, y", folded<binary<gn::PowOp>>);
  r.add("maximum", "x, y", folded<binary<gn::MaximumOp>>);
  r.add("minimum", "x, y", folded<binary<gn::MinimumOp>>);
  r.add("bitwise_and", "x, y", folded<binary<gn::AndOp>>);
  r.add("bitwise_or", "x, y", folded<binary<gn::OrOp>>);
  r.add("bitwise_xor", "x, y", folded<binary<gn::XorOp>>);
  r.add("logical_and", "x, y", folded<logical<gn::AndOp>>);
  r.add("logical_or", "x, y", folded<logical<gn::OrOp>>);
  r.add("logical_xor", "x, y", folded<logical<gn::XorOp>>);
  r.add("equal", "x, y", folded<compare<gn::EqOp>>);
  r.add("not_equal", "x, y", folded<compare<gn::NeOp>>);
  r.add("less_than", "x, y", folded<compare<gn::LtOp>>);
  r.add("less_equal", "x, y", folded<compare<gn::LeOp>>);
  r.add("greater_than", "x, y", folded<compare<gn::GtOp>>);
  r.add("greater_equal", "x, y", folded<compare<gn::GeOp>>);
}
