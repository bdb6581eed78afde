//===- ElementwiseOps.cpp - import of elementwise torch ops -------------===//
//
// Unary maps, activations, broadcasting binary arithmetic with torch's type
// promotion, comparisons, where/masked_fill, clamp and dtype conversions.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Import/Python/MathFunctions.h"
#include "gn/Import/Python/Spectral.h"
#include "gn/Import/Python/OpChain.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn::import;

namespace {

/// Unary map whose float-only ops promote integer inputs to f32 first.
template <typename OpTy, bool FloatOnly>
FailureOr<PyValue> unary(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  return ctx.unary<OpTy>(*x, FloatOnly);
}

/// floor, ceil, trunc: integers are whole already, and keep their dtype
/// (torch returns them unchanged).
template <typename OpTy>
FailureOr<PyValue> rounding(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  if (!isFloat(typeOf(*x).getElementType()))
    return PyValue::of(*x);
  return ctx.unary<OpTy>(*x, true);
}

template <typename OpTy>
FailureOr<PyValue> binary(ImportContext &ctx, Args &a) {
  return ctx.binary<OpTy>(a.get("input"), a.get("other"));
}

/// bitwise_and / or / xor (and &, |, ^): integer or bool operands only, as
/// PyTorch's kernels ("not implemented for 'Float'"), never a float's bits.
template <typename OpTy>
FailureOr<PyValue> bitwise(ImportContext &ctx, Args &a) {
  auto t = ctx.promote({a.get("input"), a.get("other")});
  if (failed(t))
    return failure();
  if (!llvm::isa<IntegerType>(*t))
    return a.error("takes integer or bool operands, not floating ones");
  return ctx.binary<OpTy>(a.get("input"), a.get("other"));
}

/// A number as PyTorch's kernels see an operand: a Python scalar, one read
/// with .item(), or a zero-dim tensor.
bool isNumberOperand(const PyValue &v) {
  return v.isNumber() || (v.isTensor() && (v.wrappedScalar || v.type().getRank() == 0));
}

/// Runs `body` on `operands`, their tensors widened to float32 where the
/// operands promote to float16 / bfloat16, and rounds its result back once:
/// PyTorch's kernels of addcmul, addcdiv and floor_divide compute those
/// types in float32 ("opmath"), and so do mul and div by a number, with the
/// number at its own value, not rounded to the half type first (x.half() *
/// 1e5 is finite where 1e5 in float16 is inf; x.half() * 0.1 multiplies by
/// float32's 0.1). (add and sub round the number,
/// test/goldens/ops/math_half_scalar_opmath_*.)
FailureOr<PyValue> inOpmath(ImportContext &ctx, std::vector<PyValue> operands,
                            llvm::function_ref<FailureOr<PyValue>(llvm::ArrayRef<PyValue>)> body) {
  if (llvm::any_of(operands, [](const PyValue &v) { return isComplex(v); }))
    return body(operands);
  auto t = ctx.promote(operands);
  if (failed(t))
    return failure();
  if (!(t->isF16() || t->isBF16()))
    return body(operands);
  for (PyValue &v : operands) {
    if (!v.isTensor())
      continue;
    auto c = ctx.convert(v.tensor, ctx.f32());
    if (failed(c))
      return failure();
    bool wrapped = v.wrappedScalar;
    v = PyValue::of(*c);
    v.wrappedScalar = wrapped;
  }
  auto r = body(operands);
  if (failed(r) || !r->isTensor())
    return r;
  auto c = ctx.convert(r->tensor, *t);
  return failed(c) ? FailureOr<PyValue>(failure()) : FailureOr<PyValue>(PyValue::of(*c));
}

FailureOr<PyValue> addcmulOf(ImportContext &ctx, Args &a, const PyValue &input,
                             const PyValue &t1, const PyValue &t2) {
  auto prod = ctx.binary<gn::MulOp>(t1, t2);
  if (failed(prod))
    return failure();
  if (a.has("value")) {
    // Integer tensors take value truncated to an integer (torch: 0.5 -> 0).
    PyValue value = a.get("value");
    if (prod->isTensor() && !isFloat(typeOf(prod->tensor).getElementType()) &&
        value.kind == PyValue::Float)
      value = PyValue::integer((int64_t)std::trunc(value.asDouble()));
    prod = ctx.binary<gn::MulOp>(*prod, value);
    if (failed(prod))
      return failure();
  }
  return ctx.binary<gn::AddOp>(input, *prod);
}

FailureOr<PyValue> addcdivOf(ImportContext &ctx, Args &a, const PyValue &input,
                             const PyValue &t1, const PyValue &t2) {
  auto q = ctx.binary<gn::DivOp>(t1, t2, true);
  if (failed(q))
    return failure();
  if (a.has("value")) {
    q = ctx.binary<gn::MulOp>(*q, a.get("value"));
    if (failed(q))
      return failure();
  }
  return ctx.binary<gn::AddOp>(input, *q);
}

/// `op(x, y)` computed as inOpmath does (one of them a number).
template <typename OpTy>
FailureOr<PyValue> byNumber(ImportContext &ctx, const PyValue &x, const PyValue &y) {
  return inOpmath(ctx, {x, y}, [&](llvm::ArrayRef<PyValue> v) {
    return ctx.binary<OpTy>(v[0], v[1], std::is_same_v<OpTy, gn::DivOp>);
  });
}

/// mul: a number in either place is the kernel's second operand
/// (`2.5 * x` is x.__rmul__(2.5)).
FailureOr<PyValue> mul(ImportContext &ctx, Args &a) {
  const PyValue &x = a.get("input"), &y = a.get("other");
  if ((x.isTensor() && isNumberOperand(y)) ||
      (y.isTensor() && !isNumberOperand(y) && isNumberOperand(x)))
    return byNumber<gn::MulOp>(ctx, x, y);
  return ctx.binary<gn::MulOp>(x, y);
}

/// `v` times torch's `alpha` argument, when one is given.
FailureOr<PyValue> timesAlpha(ImportContext &ctx, Args &a, const PyValue &v) {
  return a.has("alpha") ? ctx.binary<gn::MulOp>(v, a.get("alpha")) : FailureOr<PyValue>(v);
}

/// add/sub with torch's `alpha`: input op (alpha * other). (Unlike mul and
/// div, PyTorch's CPU add rounds a number and alpha to the half type.)
template <typename OpTy>
FailureOr<PyValue> withAlpha(ImportContext &ctx, Args &a) {
  auto other = timesAlpha(ctx, a, a.get("other"));
  return failed(other) ? other : ctx.binary<OpTy>(a.get("input"), *other);
}

/// rsub(input, other, alpha): other - alpha * input.
FailureOr<PyValue> rsub(ImportContext &ctx, Args &a) {
  auto input = timesAlpha(ctx, a, a.get("input"));
  return failed(input) ? input : ctx.binary<gn::SubOp>(a.get("other"), *input);
}

FailureOr<PyValue> floorDivide(ImportContext &ctx, Args &a);

FailureOr<PyValue> div(ImportContext &ctx, Args &a) {
  auto mode = a.get("rounding_mode");
  if (mode.isNone()) {
    const PyValue &x = a.get("input"), &y = a.get("other");
    if (!x.isTensor() && y.isTensor() && !y.wrappedScalar) {
      // `2.5 / t` is t.__rtruediv__(2.5): t.reciprocal() * 2.5, two roundings.
      auto r = ctx.unary<gn::ReciprocalOp>(y.tensor, /*floatOnly=*/true);
      return failed(r) ? r : byNumber<gn::MulOp>(ctx, *r, x);
    }
    if (isNumberOperand(y) && x.isTensor())
      return byNumber<gn::DivOp>(ctx, x, y);
    return ctx.binary<gn::DivOp>(x, y, /*resultFloat=*/true);
  }
  if (mode.kind == PyValue::Str && mode.s == "floor")
    return floorDivide(ctx, a);
  if (mode.kind == PyValue::Str && mode.s == "trunc") {
    auto q = ctx.binary<gn::DivOp>(a.get("input"), a.get("other"));
    if (failed(q))
      return failure();
    if (!isFloat(q->type().getElementType()))
      return q; // integer division truncates already
    auto r = ctx.build<gn::TruncOp>({q->tensor});
    if (failed(r))
      return failure();
    return PyValue::of(*r);
  }
  return a.error("unsupported rounding_mode " + mode.describe());
}

FailureOr<PyValue> pow(ImportContext &ctx, Args &a) {
  PyValue base = a.get("input");
  const PyValue &exp = a.get("exponent");
  // bool ** int is int64 in torch.
  if (base.isTensor() && typeOf(base.tensor).getElementType().isInteger(1) &&
      exp.kind == PyValue::Int) {
    auto wide = ctx.convert(base.tensor, ctx.i64Type());
    if (failed(wide))
      return failure();
    base = PyValue::of(*wide);
  }
  // As torch raises: an integer tensor to a negative Python integer. (A
  // tensor of exponents is not checked there: 1, -1 or 0 per element.)
  if (base.isTensor() && llvm::isa<IntegerType>(typeOf(base.tensor).getElementType()) &&
      exp.kind == PyValue::Int && exp.asDouble() < 0)
    return a.error("Integers to negative integer powers are not allowed");
  // x ** 2 is common: keep it a multiply so no backend needs powf for it.
  if (base.isTensor() && exp.isNumber() && exp.asDouble() == 2.0)
    return ctx.binary<gn::MulOp>(base, base);
  if (base.isTensor() && exp.isNumber() && exp.asDouble() == 0.5 &&
      isFloat(base.type().getElementType())) {
    auto r = ctx.build<gn::SqrtOp>({base.tensor});
    if (failed(r))
      return failure();
    return PyValue::of(*r);
  }
  return ctx.binary<gn::PowOp>(base, exp);
}

template <typename OpTy>
FailureOr<PyValue> compare(ImportContext &ctx, Args &a) {
  return ctx.compare<OpTy>(a.get("input"), a.get("other"));
}

/// Logical ops convert to i1 first; bitwise ops on i1 are the same.
template <typename OpTy>
FailureOr<PyValue> logical(ImportContext &ctx, Args &a) {
  return ctx.logical<OpTy>(a.get("input"), a.get("other"));
}

FailureOr<PyValue> logicalNot(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto b = ctx.convert(*x, ctx.i1());
  if (failed(b))
    return failure();
  auto r = ctx.build<gn::NotOp>({*b});
  if (failed(r))
    return failure();
  return PyValue::of(*r);
}

FailureOr<PyValue> where(ImportContext &ctx, Args &a) {
  auto cond = a.tensor("condition");
  if (failed(cond))
    return failure();
  // where(condition) alone: nonzero(condition, as_tuple=True).
  if (!a.has("input") && !a.has("other"))
    return nonzeroColumns(ctx, *cond);
  auto c = ctx.convert(*cond, ctx.i1());
  const PyValue &x = a.get("input"), &y = a.get("other");
  auto t = ctx.promote({x, y});
  if (failed(c) || failed(t))
    return failure();
  auto lhs = ctx.asTensor(x, *t), rhs = ctx.asTensor(y, *t);
  if (failed(lhs) || failed(rhs))
    return failure();
  auto r = ctx.build<gn::WhereOp>({*c, *lhs, *rhs});
  if (failed(r))
    return failure();
  return PyValue::of(*r);
}

FailureOr<PyValue> maskedFill(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), mask = a.tensor("mask");
  if (failed(x) || failed(mask))
    return failure();
  Type e = llvm::cast<RankedTensorType>((*x).getType()).getElementType();
  auto m = ctx.convert(*mask, ctx.i1());
  auto fill = ctx.asTensor(a.get("value"), e);
  if (failed(m) || failed(fill))
    return failure();
  auto r = ctx.build<gn::WhereOp>({*m, *fill, *x});
  if (failed(r))
    return failure();
  // where broadcasts; masked_fill keeps the input's shape.
  if (r->getType() != (*x).getType())
    return a.error("mask shape does not broadcast to the input shape");
  return PyValue::of(*r);
}

FailureOr<PyValue> clamp(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  const PyValue &lo = a.get("min"), &hi = a.get("max");
  Value v = *x;
  // clamp(bool tensor, int bound) is int64 in torch.
  if (typeOf(v).getElementType().isInteger(1) &&
      (lo.kind == PyValue::Int || hi.kind == PyValue::Int)) {
    auto c = ctx.convert(v, ctx.i64Type());
    if (failed(c))
      return failure();
    v = *c;
  }
  // clamp(int tensor, float bound) promotes like arithmetic does.
  if (!isFloat(typeOf(v).getElementType()) &&
      (lo.kind == PyValue::Float || hi.kind == PyValue::Float)) {
    auto c = ctx.convert(v, ctx.f32());
    if (failed(c))
      return failure();
    v = *c;
  }
  // Tensor bounds become maximum/minimum; so do int bounds past 2^53 on an
  // integer tensor (gn.clamp holds its bounds as doubles).
  bool exactInts = !isFloat(typeOf(v).getElementType()) &&
                   (lo.isIntPastDouble() || hi.isIntPastDouble());
  if (lo.isTensor() || hi.isTensor() || exactInts) {
    PyValue cur = PyValue::of(v);
    if (!lo.isNone()) {
      auto r = ctx.binary<gn::MaximumOp>(cur, lo);
      if (failed(r))
        return failure();
      cur = *r;
    }
    if (!hi.isNone()) {
      auto r = ctx.binary<gn::MinimumOp>(cur, hi);
      if (failed(r))
        return failure();
      cur = *r;
    }
    return cur;
  }
  if (lo.isNone() && hi.isNone())
    return a.error("at least one of min and max must be given");
  llvm::SmallVector<NamedAttribute> attrs;
  if (!lo.isNone()) {
    if (!lo.isNumber())
      return a.error("min must be a number or a tensor");
    // torch clamps to min, then to max: min > max gives max everywhere (a
    // NaN stays NaN). gn.clamp's own bounds must be ordered.
    double low = lo.asDouble();
    if (hi.isNumber() && low > hi.asDouble())
      low = hi.asDouble();
    attrs.push_back(ctx.f64("min", low));
  }
  if (!hi.isNone()) {
    if (!hi.isNumber())
      return a.error("max must be a number or a tensor");
    attrs.push_back(ctx.f64("max", hi.asDouble()));
  }
  auto r = ctx.build<gn::ClampOp>({v}, attrs);
  if (failed(r))
    return failure();
  return PyValue::of(*r);
}

/// clamp_min / clamp_max: a tensor bound becomes maximum / minimum.
template <bool IsMin>
FailureOr<PyValue> clampOneSide(ImportContext &ctx, Args &a) {
  const char *name = IsMin ? "min" : "max";
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  const PyValue &b = a.get(name);
  bool exactInt = b.isIntPastDouble() && !isFloat(typeOf(*x).getElementType());
  if (b.isTensor() || exactInt) { // an int past 2^53 exactly: see clamp
    if (IsMin)
      return ctx.binary<gn::MaximumOp>(a.get("input"), a.get(name));
    return ctx.binary<gn::MinimumOp>(a.get("input"), a.get(name));
  }
  auto bound = a.real(name);
  if (failed(bound))
    return failure();
  Value v = *x;
  Type e = typeOf(v).getElementType();
  // As clamp: bool with an int bound is int64, an integer with a float
  // bound float32.
  if ((e.isInteger(1) && a.get(name).kind == PyValue::Int) ||
      (!isFloat(e) && a.get(name).kind == PyValue::Float)) {
    auto c = ctx.convert(v, a.get(name).kind == PyValue::Int ? ctx.i64Type() : ctx.f32());
    if (failed(c))
      return failure();
    v = *c;
  }
  return wrap(ctx.build<gn::ClampOp>({v}, {ctx.f64(name, *bound)}));
}

/// A unary op whose f64 attributes come from real arguments: {attr, arg}.
template <typename OpTy>
FailureOr<PyValue> unaryWithReals(ImportContext &ctx, Args &a,
                                  std::initializer_list<std::pair<const char *, const char *>> map) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  llvm::SmallVector<NamedAttribute> attrs;
  for (auto [attr, arg] : map) {
    auto v = a.real(arg);
    if (failed(v))
      return failure();
    attrs.push_back(ctx.f64(attr, *v));
  }
  return wrap(ctx.build<OpTy>({*x}, attrs));
}

FailureOr<PyValue> gelu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto approx = a.string("approximate");
  if (failed(x) || failed(approx))
    return failure();
  return wrap(ctx.build<gn::GeluOp>({*x}, {ctx.str("approximate", *approx)}));
}

FailureOr<PyValue> logit(ImportContext &ctx, Args &a) {
  // log(x / (1 - x)), eps clamps x to [eps, 1 - eps].
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  PyValue v = PyValue::of(*x);
  if (a.has("eps")) {
    auto eps = a.real("eps");
    if (failed(eps))
      return failure();
    auto c = ctx.build<gn::ClampOp>({*x}, {ctx.f64("min", *eps), ctx.f64("max", 1 - *eps)});
    if (failed(c))
      return failure();
    v = PyValue::of(*c);
  }
  auto oneMinus = ctx.binary<gn::SubOp>(PyValue::real(1.0), v);
  if (failed(oneMinus))
    return failure();
  auto q = ctx.binary<gn::DivOp>(v, *oneMinus, true);
  if (failed(q))
    return failure();
  auto r = ctx.build<gn::LogOp>({q->tensor});
  if (failed(r))
    return failure();
  return PyValue::of(*r);
}

/// square(x) = x * x; a bool tensor squares as int64 (torch.square is
/// pow(x, 2), and bool ** int promotes to int64).
FailureOr<PyValue> square(ImportContext &ctx, Args &a) {
  const PyValue &x = a.get("input");
  if (x.isTensor() && typeOf(x.tensor).getElementType().isInteger(1)) {
    auto wide = ctx.convert(x.tensor, ctx.i64Type());
    if (failed(wide))
      return failure();
    return ctx.binary<gn::MulOp>(PyValue::of(*wide), PyValue::of(*wide));
  }
  return ctx.binary<gn::MulOp>(x, x);
}

FailureOr<PyValue> floorDivide(ImportContext &ctx, Args &a) {
  return inOpmath(ctx, {a.get("input"), a.get("other")}, [&](llvm::ArrayRef<PyValue> v) {
    return ctx.binary<gn::FloorDivOp>(v[0], v[1]);
  });
}

FailureOr<PyValue> addcmul(ImportContext &ctx, Args &a) {
  return inOpmath(ctx, {a.get("input"), a.get("tensor1"), a.get("tensor2")},
                  [&](llvm::ArrayRef<PyValue> v) { return addcmulOf(ctx, a, v[0], v[1], v[2]); });
}

FailureOr<PyValue> addcdiv(ImportContext &ctx, Args &a) {
  return inOpmath(ctx, {a.get("input"), a.get("tensor1"), a.get("tensor2")},
                  [&](llvm::ArrayRef<PyValue> v) { return addcdivOf(ctx, a, v[0], v[1], v[2]); });
}

FailureOr<PyValue> lerp(ImportContext &ctx, Args &a) {
  return math::lerp(ctx, a.get("input"), a.get("end"), a.get("weight"));
}

//===----------------------------------------------------------------------===//
// dtype conversions
//===----------------------------------------------------------------------===//

FailureOr<PyValue> convertTo(ImportContext &ctx, const PyValue &x, Type t) {
  auto r = ctx.convert(x.tensor, t);
  if (failed(r))
    return failure();
  PyValue v = PyValue::of(*r);
  v.wrappedScalar = x.wrappedScalar;
  return v;
}

template <int Kind> // 0 f32, 1 f16, 2 bf16, 3 f64, 4 i64, 5 i32, 6 i1, 7 u8
FailureOr<PyValue> castTo(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  Builder &b = ctx.builder;
  Type types[] = {b.getF32Type(), b.getF16Type(), b.getBF16Type(), b.getF64Type(),
                  b.getI64Type(), b.getI32Type(), b.getI1Type(),
                  b.getIntegerType(8, /*isSigned=*/false), b.getI16Type(), b.getI8Type()};
  return convertTo(ctx, a.get("input"), types[Kind]);
}

/// A copy: a fresh SSA value (a same-type gn.convert, folded away by
/// canonicalization) keeps in-place updates of the copy apart from the
/// original in the aliasing check.
FailureOr<PyValue> copyOf(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  return wrap(ctx.build<gn::ConvertOp>(
      {*x}, {ctx.attr("dtype", TypeAttr::get(typeOf(*x).getElementType()))}));
}

/// Tensor.to(dtype) / to(device) / to(device, dtype) / to(other), each with
/// (non_blocking, copy) after it: the tensor itself where nothing changes,
/// unless copy is true.
FailureOr<PyValue> to(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  std::optional<Type> target;
  int flags = 0; // positional bools: non_blocking, then copy
  bool copy = false;
  for (const PyValue &v : a.rest()) {
    if (v.kind == PyValue::Dtype)
      target = v.dtype;
    else if (v.isTensor())
      target = v.type().getElementType();
    else if (v.kind == PyValue::Bool)
      copy |= flags++ == 1 && v.asDouble() != 0;
    else if (v.kind != PyValue::Device && v.kind != PyValue::Str && !v.isNone())
      return a.error("unsupported argument " + v.describe());
  }
  const PyValue &copyArg = a.get("copy");
  copy |= copyArg.isNumber() && copyArg.asDouble() != 0;
  auto dt = a.dtype("dtype");
  if (failed(dt))
    return failure();
  if (*dt)
    target = **dt;
  if (target && *target != typeOf(*x).getElementType())
    return convertTo(ctx, a.get("input"), *target);
  return copy ? copyOf(ctx, a) : a.get("input");
}

FailureOr<PyValue> typeAs(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), other = a.tensor("other");
  if (failed(x) || failed(other))
    return failure();
  return convertTo(ctx, a.get("input"),
                   llvm::cast<RankedTensorType>((*other).getType()).getElementType());
}

FailureOr<PyValue> typeMethod(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  const PyValue &d = a.get("dtype");
  if (d.kind == PyValue::Dtype)
    return convertTo(ctx, a.get("input"), d.dtype);
  if (d.kind == PyValue::Str) {
    llvm::StringRef name(d.s);
    name.consume_front("torch.");
    name.consume_front("cuda.");
    static const std::pair<const char *, const char *> names[] = {
        {"FloatTensor", "float32"}, {"HalfTensor", "float16"}, {"DoubleTensor", "float64"},
        {"LongTensor", "int64"},    {"IntTensor", "int32"},    {"BoolTensor", "bool"},
        {"BFloat16Tensor", "bfloat16"}};
    for (auto [n, t] : names)
      if (name == n)
        return convertTo(ctx, a.get("input"), ctx.dtypeFromName(t));
  }
  return a.error("unsupported type " + d.describe());
}

FailureOr<PyValue> identity(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  return a.get("input");
}

/// dropout / dropout1d / dropout2d / dropout3d(input, p, training): the
/// input at eval; in training each element (dropout) or each channel of
/// [N, C, ..] (the Nd forms) kept with probability 1 - p by gn's random
/// stream and scaled by 1 / (1 - p). The alpha forms refuse training.
template <int Spatial> FailureOr<PyValue> dropout(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto training = a.boolean("training");
  if (failed(x) || failed(training))
    return failure();
  auto p = a.get("p");
  if (!*training || (p.isNumber() && p.asDouble() == 0))
    return a.get("input");
  if (Spatial < 0)
    return a.error("alpha dropout with training=True is not supported");
  auto prob = a.real("p");
  if (failed(prob))
    return failure();
  if (*prob < 0 || *prob > 1)
    return a.error("p must be in [0, 1]");
  auto type = typeOf(*x);
  Type e = type.getElementType();
  llvm::SmallVector<int64_t> maskShape(type.getShape());
  if (Spatial > 0) // one draw per channel: [N, C, 1, ..] (or [C, 1, ..] unbatched)
    for (int64_t d = std::max<int64_t>(type.getRank() - Spatial, 0); d < type.getRank(); ++d)
      maskShape[d] = 1;
  Chain c{ctx};
  Value u = c.take(ctx.build<gn::RandomOp>(
      {}, {ctx.ints("shape", maskShape), ctx.attr("dtype", TypeAttr::get(ctx.f32())),
           ctx.str("distribution", "uniform"), ctx.i64("seed", ctx.nextRandomSeed++)}));
  Value keep = c.convert(c.op<gn::GeOp>({u, ctx.splat(ctx.f32(), *prob)}), e);
  double scale = *prob < 1 ? 1 / (1 - *prob) : 0;
  Value r = c.op<gn::MulOp>({c.op<gn::MulOp>({*x, keep}), ctx.splat(e, scale)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// torch.dropout(input, p, train) and its alpha siblings: F's with the
/// flag named `train`.
template <int Kind>
FailureOr<PyValue> trainNamed(ImportContext &ctx, Args &a) {
  for (auto &[n, v] : a.bound)
    if (n == "train")
      n = "training";
  return dropout<Kind>(ctx, a);
}

/// torch.fmod: the remainder with the sign of the dividend. On floats,
/// copysign(rem(|a|, |b|), a): the remainder of the magnitudes is exact (no
/// rounded quotient: a - trunc(a / b) * b is wrong once a / b passes 2^24) and
/// has no sign to fix, and fmod(a, +-inf) = a, fmod(-0.0, b) = -0.0 follow.
/// On integers a - trunc(a / b) * b (C's %, gn.div truncates).
FailureOr<PyValue> fmod(ImportContext &ctx, Args &a) {
  auto promoted = ctx.promote({a.get("input"), a.get("other")});
  if (failed(promoted))
    return failure();
  if (isFloat(*promoted)) {
    auto x = ctx.asTensor(a.get("input"), *promoted), y = ctx.asTensor(a.get("other"), *promoted);
    if (failed(x) || failed(y))
      return failure();
    Chain c{ctx};
    Value r = c.op<gn::RemOp>({c.op<gn::AbsOp>({*x}), c.op<gn::AbsOp>({*y})});
    if (!c.ok())
      return failure();
    return math::binary(ctx, "copysign", PyValue::of(r), PyValue::of(*x));
  }
  auto q = ctx.binary<gn::DivOp>(a.get("input"), a.get("other"));
  if (failed(q))
    return failure();
  auto prod = ctx.binary<gn::MulOp>(*q, a.get("other"));
  if (failed(prod))
    return failure();
  return ctx.binary<gn::SubOp>(a.get("input"), *prod);
}

/// round(x, decimals=d) = round(x * 10^d) / 10^d.
FailureOr<PyValue> round(ImportContext &ctx, Args &a) {
  auto d = a.integer("decimals");
  auto x = a.tensor("input");
  if (failed(d) || failed(x))
    return failure();
  if (!isFloat(typeOf(*x).getElementType())) // integers: unchanged, in their type
    return PyValue::of(*x);
  if (*d == 0)
    return unary<gn::RoundOp, true>(ctx, a);
  double scale = std::pow(10.0, static_cast<double>(*d));
  auto up = ctx.binary<gn::MulOp>(a.get("input"), PyValue::real(scale));
  if (failed(up))
    return failure();
  auto r = ctx.build<gn::RoundOp>({up->tensor});
  if (failed(r))
    return failure();
  return ctx.binary<gn::DivOp>(PyValue::of(*r), PyValue::real(scale), true);
}

/// In-place fills: x.zero_(), x.fill_(v), x.copy_(src) give a new value
/// that the evaluator rebinds to the receiver.
FailureOr<PyValue> fillLike(ImportContext &ctx, Args &a, const PyValue &v) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto type = llvm::cast<RankedTensorType>((*x).getType());
  auto src = ctx.asTensor(v, type.getElementType());
  if (failed(src))
    return failure();
  // (With the input's sizes over the shape symbols: a symbolic import keeps them.)
  return wrap(ctx.broadcastTo(*src, type.getShape(), gn::dimExprs(type)));
}

/// float_power(input, exponent): pow in f64.
FailureOr<PyValue> floatPower(ImportContext &ctx, Args &a) {
  Type f64 = ctx.builder.getF64Type();
  auto x = ctx.asTensor(a.get("input"), f64), y = ctx.asTensor(a.get("exponent"), f64);
  if (failed(x) || failed(y))
    return failure();
  return wrap(ctx.build<gn::PowOp>({*x, *y}));
}

/// ldexp(input, other) = input * 2^other, a float result.
FailureOr<PyValue> ldexp(ImportContext &ctx, Args &a) {
  auto t = ctx.promote({a.get("input"), a.get("other")});
  if (failed(t))
    return failure();
  Type e = isFloat(*t) ? *t : ctx.f32();
  auto x = ctx.asTensor(a.get("input"), e), y = ctx.asTensor(a.get("other"), e);
  if (failed(x) || failed(y))
    return failure();
  Chain c{ctx};
  Value r = c.op<gn::MulOp>({*x, c.op<gn::PowOp>({ctx.splat(e, 2), *y})});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// signbit(input): the sign bit, -0.0 included.
FailureOr<PyValue> signbit(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  Type e = typeOf(*x).getElementType();
  Chain c{ctx};
  Value r;
  if (e.isInteger(1) || (llvm::isa<IntegerType>(e) && llvm::cast<IntegerType>(e).isUnsigned())) {
    r = ctx.splat(ctx.i1(), 0, typeOf(*x).getShape());
  } else if (!isFloat(e)) {
    r = c.op<gn::LtOp>({*x, ctx.splat(e, 0)});
  } else {
    Value zero = ctx.splat(e, 0);
    Value negZero = c.op<gn::AndOp>({c.op<gn::EqOp>({*x, zero}),
                                     c.op<gn::LtOp>({c.op<gn::DivOp>({ctx.splat(e, 1), *x}), zero})});
    r = c.op<gn::OrOp>({c.op<gn::LtOp>({*x, zero}), negZero});
  }
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// bitwise_left_shift / bitwise_right_shift (<<, >>) of integers, promoted
/// to one type: an arithmetic right shift (math::shift).
template <bool Left> FailureOr<PyValue> shift(ImportContext &ctx, Args &a) {
  auto t = ctx.promote({a.get("input"), a.get("other")});
  if (failed(t))
    return failure();
  if (!llvm::isa<IntegerType>(*t) || t->isInteger(1))
    return a.error("shifts take integer tensors");
  auto x = ctx.asTensor(a.get("input"), *t), y = ctx.asTensor(a.get("other"), *t);
  if (failed(x) || failed(y))
    return failure();
  auto r = math::shift(ctx, *x, *y, Left ? math::Shift::Left : math::Shift::RightArithmetic);
  if (failed(r))
    return failure();
  return PyValue::of(*r);
}

} // namespace

void mlir::gn::import::registerElementwiseOps(OpRegistry &r) {
  r.add("neg|negative", "input", unary<gn::NegOp, false>);
  r.add("abs|absolute", "input", [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
    if (isComplex(a.get("input")))
      return wrap(complexAbs(ctx, a.get("input")));
    return unary<gn::AbsOp, false>(ctx, a);
  });
  r.add("exp", "input", unary<gn::ExpOp, true>);
  r.add("log", "input", unary<gn::LogOp, true>);
  r.add("log1p", "input", unary<gn::Log1pOp, true>);
  r.add("sqrt", "input", unary<gn::SqrtOp, true>);
  r.add("rsqrt", "input", unary<gn::RsqrtOp, true>);
  r.add("sin", "input", unary<gn::SinOp, true>);
  r.add("cos", "input", unary<gn::CosOp, true>);
  r.add("tanh", "input", unary<gn::TanhOp, true>);
  r.add("erf", "input", unary<gn::ErfOp, true>);
  r.add("floor", "input", rounding<gn::FloorOp>);
  r.add("ceil", "input", rounding<gn::CeilOp>);
  r.add("round", "input, *, decimals=0", round);
  r.add("trunc|fix", "input", rounding<gn::TruncOp>);
  r.add("sign|sgn", "input", unary<gn::SignOp, false>); // sgn: sign for real tensors
  r.add("reciprocal", "input", unary<gn::ReciprocalOp, true>);
  r.add("sigmoid|expit", "input", unary<gn::SigmoidOp, true>);
  r.add("bitwise_not", "input", [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
    auto x = a.tensor("input");
    if (failed(x))
      return failure();
    if (!llvm::isa<IntegerType>(typeOf(*x).getElementType()))
      return a.error("takes an integer or bool tensor, not a floating one");
    return ctx.unary<gn::NotOp>(*x, false);
  });
  r.add("logical_not", "input", logicalNot);
  r.add("relu", "input, inplace=False", unary<gn::ReluOp, false>);
  r.add("silu", "input, inplace=False", unary<gn::SiluOp, true>);
  r.add("mish", "input, inplace=False", unary<gn::MishOp, true>);
  r.add("hardswish", "input, inplace=False", unary<gn::HardswishOp, true>);
  r.add("hardsigmoid", "input, inplace=False", unary<gn::HardsigmoidOp, true>);
  r.add("gelu", "input, approximate='none'", gelu);
  r.add("leaky_relu", "input, negative_slope=0.01, inplace=False", [](ImportContext &ctx, Args &a) {
    return unaryWithReals<gn::LeakyReluOp>(ctx, a, {{"negative_slope", "negative_slope"}});
  });
  r.add("elu", "input, alpha=1.0, inplace=False", [](ImportContext &ctx, Args &a) {
    return unaryWithReals<gn::EluOp>(ctx, a, {{"alpha", "alpha"}});
  });
  r.add("softplus", "input, beta=1.0, threshold=20.0", [](ImportContext &ctx, Args &a) {
    return unaryWithReals<gn::SoftplusOp>(ctx, a, {{"beta", "beta"}, {"threshold", "threshold"}});
  });
  r.add("hardtanh", "input, min_val=-1.0, max_val=1.0, inplace=False",
        [](ImportContext &ctx, Args &a) {
          return unaryWithReals<gn::ClampOp>(ctx, a, {{"min", "min_val"}, {"max", "max_val"}});
        });
  r.add("relu6", "input, inplace=False, *, min_val=0.0, max_val=6.0",
        [](ImportContext &ctx, Args &a) {
          return unaryWithReals<gn::ClampOp>(ctx, a, {{"min", "min_val"}, {"max", "max_val"}});
        });
  r.add("logit", "input, eps=None", logit);
  r.add("square", "input", square);

  r.add("add|__add__|__radd__|__iadd__", "input, other, *, alpha=None", withAlpha<gn::AddOp>);
  r.add("sub|subtract|__sub__|__isub__", "input, other, *, alpha=None", withAlpha<gn::SubOp>);
  r.add("rsub|__rsub__", "input, other, alpha=None", rsub);
  r.add("mul|multiply|__mul__|__rmul__|__imul__", "input, other", mul);
  r.add("div|divide|true_divide|__truediv__|__itruediv__", "input, other, *, rounding_mode=None",
        div);
  r.add("floor_divide|__floordiv__", "input, other", floorDivide);
  r.add("remainder|__mod__", "input, other", binary<gn::RemOp>);
  // In the operands' promoted type, a Python number rounded to it (torch);
  // the remainder is exact there.
  r.add("fmod", "input, other", fmod);
  r.add("pow|__pow__", "input, exponent", pow);
  r.add("float_power", "input, exponent", floatPower);
  r.add("ldexp", "input, other", ldexp);
  r.add("signbit", "input", signbit);
  r.add("bitwise_left_shift|__lshift__|__ilshift__", "input, other", shift<true>);
  r.add("bitwise_right_shift|__rshift__|__irshift__", "input, other", shift<false>);
  r.add("maximum", "input, other", binary<gn::MaximumOp>);
  r.add("minimum", "input, other", binary<gn::MinimumOp>);
  // Integer and bool operands give float32 (torch's default float).
  r.add("atan2|arctan2", "input, other", [](ImportContext &ctx, Args &a) {
    return ctx.binary<gn::Atan2Op>(a.get("input"), a.get("other"), /*resultFloat=*/true);
  });
  r.add("bitwise_and|__and__|__iand__", "input, other", bitwise<gn::AndOp>);
  r.add("bitwise_or|__or__|__ior__", "input, other", bitwise<gn::OrOp>);
  r.add("bitwise_xor|__xor__", "input, other", bitwise<gn::XorOp>);
  r.add("logical_and", "input, other", logical<gn::AndOp>);
  r.add("logical_or", "input, other", logical<gn::OrOp>);
  r.add("logical_xor", "input, other", logical<gn::XorOp>);
  r.add("eq|__eq__", "input, other", compare<gn::EqOp>);
  r.add("ne|not_equal|__ne__", "input, other", compare<gn::NeOp>);
  r.add("lt|less|__lt__", "input, other", compare<gn::LtOp>);
  r.add("le|less_equal|__le__", "input, other", compare<gn::LeOp>);
  r.add("gt|greater|__gt__", "input, other", compare<gn::GtOp>);
  r.add("ge|greater_equal|__ge__", "input, other", compare<gn::GeOp>);
  r.add("where", "condition, input=None, other=None", where);
  r.add("masked_fill", "input, mask, value", maskedFill);
  r.add("clamp|clip", "input, min=None, max=None", clamp);
  r.add("clamp_min", "input, min", clampOneSide<true>);
  r.add("clamp_max", "input, max", clampOneSide<false>);
  r.add("addcmul", "input, tensor1, tensor2, *, value=None",
        [](ImportContext &ctx, Args &a) { return runWidened(ctx, a, addcmul); });
  r.add("addcdiv", "input, tensor1, tensor2, *, value=None",
        [](ImportContext &ctx, Args &a) { return runWidened(ctx, a, addcdiv); });
  r.add("lerp", "input, end, weight",
        [](ImportContext &ctx, Args &a) { return runWidened(ctx, a, lerp); });

  r.add("Tensor.float", "input, memory_format=None", castTo<0>);
  r.add("Tensor.half", "input, memory_format=None", castTo<1>);
  r.add("Tensor.bfloat16", "input, memory_format=None", castTo<2>);
  r.add("Tensor.double", "input, memory_format=None", castTo<3>);
  r.add("Tensor.long", "input, memory_format=None", castTo<4>);
  r.add("Tensor.int", "input, memory_format=None", castTo<5>);
  r.add("Tensor.bool", "input, memory_format=None", castTo<6>);
  r.add("Tensor.byte", "input, memory_format=None", castTo<7>);
  r.add("Tensor.short", "input, memory_format=None", castTo<8>);
  r.add("Tensor.char", "input, memory_format=None", castTo<9>);
  r.add("Tensor.to", "input, *args, dtype=None, non_blocking=False, copy=False", to);
  // ATen's _to_copy always copies.
  r.add("_to_copy", "input, *args, dtype=None, non_blocking=False, copy=True", to);
  r.add("Tensor.type_as", "input, other", typeAs);
  r.add("Tensor.type", "input, dtype=None, non_blocking=False", typeMethod);
  r.add("Tensor.clone|clone|alias_copy|detach_copy", "input, *args", copyOf);
  // contiguous() returns a contiguous tensor as it is (writes reach it
  // through its views) and copies any other.
  r.add("Tensor.contiguous", "input, *args", [](ImportContext &ctx, Args &a) {
    auto x = a.tensor("input");
    if (failed(x))
      return FailureOr<PyValue>(failure());
    return isContiguousView(*x) ? a.get("input") : copyOf(ctx, a);
  });
  r.add("Tensor.detach|detach|Tensor.cuda|Tensor.cpu|Tensor.requires_grad_|alias|positive",
        "input, *args", identity);
  r.add("Tensor.zero_", "input",
        [](ImportContext &ctx, Args &a) { return fillLike(ctx, a, PyValue::integer(0)); });
  r.add("fill", "input, value",
        [](ImportContext &ctx, Args &a) { return fillLike(ctx, a, a.get("value")); });
  r.add("isreal", "input", [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
    auto x = a.tensor("input"); // complex values are pairs gn refuses elsewhere
    if (failed(x))
      return failure();
    return PyValue::of(ctx.splat(ctx.i1(), 1, typeOf(*x).getShape()));
  });
  r.add("Tensor.fill_", "input, value",
        [](ImportContext &ctx, Args &a) { return fillLike(ctx, a, a.get("value")); });
  r.add("Tensor.copy_", "input, src, non_blocking=False",
        [](ImportContext &ctx, Args &a) { return fillLike(ctx, a, a.get("src")); });
  r.add("dropout", "input, p=0.5, training=False, inplace=False", dropout<0>);
  // torch.dropout / torch.alpha_dropout name their flag `train`.
  r.add("torch.dropout|torch.dropout_", "input, p, train", trainNamed<0>);
  r.add("torch.alpha_dropout|torch.feature_alpha_dropout|torch.alpha_dropout_|"
        "torch.feature_alpha_dropout_",
        "input, p, train", trainNamed<-1>);
  r.add("dropout1d", "input, p=0.5, training=False, inplace=False", dropout<1>);
  r.add("dropout2d", "input, p=0.5, training=False, inplace=False", dropout<2>);
  r.add("dropout3d", "input, p=0.5, training=False, inplace=False", dropout<3>);
  r.add("alpha_dropout|feature_alpha_dropout", "input, p=0.5, training=False, inplace=False",
        dropout<-1>);
  // ATen's feature_dropout(input, p, train): whole channels of [N, C, ...],
  // as dropout1d/2d/3d by the input's rank.
  r.add("feature_dropout", "input, p, training", [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
    auto x = a.tensor("input");
    if (failed(x))
      return failure();
    switch (typeOf(*x).getRank()) {
    case 3:
      return dropout<1>(ctx, a);
    case 4:
      return dropout<2>(ctx, a);
    case 5:
      return dropout<3>(ctx, a);
    default:
      return a.error("feature_dropout expects a 3-d to 5-d input [N, C, ...]");
    }
  });
  // ATen's native_dropout(input, p, train) -> (output, mask).
  r.add("native_dropout", "input, p, training", [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
    auto out = dropout<0>(ctx, a);
    if (failed(out))
      return failure();
    auto x = a.tensor("input");
    if (failed(x))
      return failure();
    // The mask: where the output kept the input (all of it at eval).
    auto keep = a.get("training").isNone() || !a.get("training").i
                    ? FailureOr<Value>(ctx.splat(ctx.i1(), 1, typeOf(*x).getShape()))
                    : ctx.build<gn::NeOp>({out->tensor, ctx.splat(typeOf(*x).getElementType(), 0)});
    if (failed(keep))
      return failure();
    return PyValue::tuple({*out, PyValue::of(*keep)});
  });
  r.add("lift_fresh_copy|lift_fresh", "input", [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
    auto x = a.tensor("input");
    if (failed(x))
      return failure();
    return wrap(ctx.convert(*x, typeOf(*x).getElementType()));
  });
}
