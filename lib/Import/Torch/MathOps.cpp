//===- MathOps.cpp - torch's math functions that gn builds from its ops ---===//
//
// tan, asin, sinh, expm1, log2, isinf, nan_to_num, xlogy, fmax, the shrink
// and celu/selu activations, ... in every torch spelling (torch.X,
// Tensor.X, torch.special.X, torch.nn.functional.X, the arc- aliases, the
// in-place forms): each is a formula over gn ops, shared with the Paddle
// frontend (gn/Import/Python/MathFunctions.h). Also isclose, isin and diff.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include <cmath>
#include "gn/Import/Python/MathFunctions.h"
#include "gn/Import/Python/OpChain.h"
#include <utility>

using namespace mlir;
using namespace mlir::gn::import;

namespace {

/// (torch spellings, the function's name in MathFunctions.h).
constexpr std::pair<const char *, const char *> kUnary[] = {
    {"tan", "tan"},
    {"atan|arctan", "atan"},
    {"asin|arcsin", "asin"},
    {"acos|arccos", "acos"},
    {"sinh", "sinh"},
    {"cosh", "cosh"},
    {"asinh|arcsinh", "asinh"},
    {"acosh|arccosh", "acosh"},
    {"atanh|arctanh", "atanh"},
    {"expm1", "expm1"},
    {"log2", "log2"},
    {"log10", "log10"},
    {"exp2", "exp2"},
    {"softsign", "softsign"},
    {"logsigmoid|log_sigmoid", "logsigmoid"},
    {"erfc", "erfc"},
    {"frac", "frac"},
    {"sinc", "sinc"},
    {"deg2rad", "deg2rad"},
    {"rad2deg", "rad2deg"},
    {"erfinv", "erfinv"},
    {"erfcx", "erfcx"},
    {"lgamma|gammaln", "lgamma"},
    {"digamma|psi", "digamma"},
    {"i0|modified_bessel_i0", "i0"},
    {"i0e", "i0e"},
    {"i1|modified_bessel_i1", "i1"},
    {"i1e", "i1e"},
    {"entr", "entr"},
    {"ndtr", "ndtr"},
    {"log_ndtr", "log_ndtr"},
    {"ndtri", "ndtri"},
    {"spherical_bessel_j0", "spherical_bessel_j0"},
    {"bessel_j0", "bessel_j0"},
    {"bessel_j1", "bessel_j1"},
    {"bessel_y0", "bessel_y0"},
    {"bessel_y1", "bessel_y1"},
    {"modified_bessel_k0", "modified_bessel_k0"},
    {"modified_bessel_k1", "modified_bessel_k1"},
    {"scaled_modified_bessel_k0", "scaled_modified_bessel_k0"},
    {"scaled_modified_bessel_k1", "scaled_modified_bessel_k1"},
    {"airy_ai", "airy_ai"},
};

constexpr std::pair<const char *, const char *> kBinary[] = {
    {"xlogy", "xlogy"},         {"xlog1py", "xlog1py"},     {"logaddexp", "logaddexp"}, {"logaddexp2", "logaddexp2"},
    {"hypot", "hypot"},         {"heaviside", "heaviside"}, {"fmax", "fmax"},
    {"fmin", "fmin"},           {"copysign", "copysign"},   {"zeta", "zeta"},
    {"gammainc|igamma", "gammainc"}, {"gammaincc|igammac", "gammaincc"},
};

constexpr const char *kClasses[] = {"isinf", "isfinite", "isposinf", "isneginf", "isnan"};


/// torch.special's orthogonal polynomials (input, n), n a Python int (a
/// tensor of degrees would be a loop of data-dependent length: refused).
template <size_t I> FailureOr<PyValue> polynomialFn(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  if (!a.get("n").isNumber())
    return a.error("only a Python int degree n is supported (a tensor of degrees is a loop of "
                   "data-dependent length)");
  auto n = a.integer("n");
  if (failed(n))
    return failure();
  Value v = *x;
  if (!isFloat(typeOf(v).getElementType())) {
    auto f = ctx.convert(v, ctx.f32());
    if (failed(f))
      return failure();
    v = *f;
  }
  return wrap(math::orthogonalPolynomial(ctx, math::kOrthogonalPolynomials[I], v, *n));
}

template <size_t I> FailureOr<PyValue> unaryFn(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  return wrap(math::unary(ctx, kUnary[I].second, *x));
}

/// tanhshrink(x) = x - tanh(x), as torch.nn.functional writes it: f16 and
/// bf16 round tanh before the subtraction (math::unary's one rounding differs
/// from PyTorch there by an ulp).
FailureOr<PyValue> tanhshrink(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  Type e = typeOf(*x).getElementType();
  if (!e.isF16() && !e.isBF16())
    return wrap(math::unary(ctx, "tanhshrink", *x));
  Chain c{ctx};
  Value r = c.op<gn::SubOp>({*x, c.op<gn::TanhOp>({*x})});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

template <size_t I> FailureOr<PyValue> binaryFn(ImportContext &ctx, Args &a) {
  return math::binary(ctx, kBinary[I].second, a.get("input"), a.get("other"));
}

template <size_t I> FailureOr<PyValue> classFn(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  return wrap(math::classify(ctx, kClasses[I], *x));
}

template <size_t... I> void addUnary(OpRegistry &r, std::index_sequence<I...>) {
  (r.add(kUnary[I].first, "input", unaryFn<I>), ...);
}
template <size_t... I> void addBinary(OpRegistry &r, std::index_sequence<I...>) {
  (r.add(kBinary[I].first, "input, other", binaryFn<I>), ...);
}
template <size_t... I> void addClasses(OpRegistry &r, std::index_sequence<I...>) {
  (r.add(kClasses[I], "input", classFn<I>), ...);
}
template <size_t... I> void addPolynomials(OpRegistry &r, std::index_sequence<I...>) {
  (r.add(math::kOrthogonalPolynomials[I], "input, n", polynomialFn<I>), ...);
}

template <bool Hard> FailureOr<PyValue> shrink(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto lambda = a.real("lambd");
  if (failed(x) || failed(lambda))
    return failure();
  return wrap(math::shrink(ctx, *x, *lambda, Hard));
}

FailureOr<PyValue> celu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto alpha = a.real("alpha");
  if (failed(x) || failed(alpha))
    return failure();
  return wrap(math::celu(ctx, *x, *alpha));
}

/// selu with PyTorch's constants (torch.nn.SELU).
FailureOr<PyValue> selu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  return wrap(math::selu(ctx, *x, 1.0507009873554804934193349852946,
                         1.6732632423543772848170429916717));
}

/// F.threshold(x, threshold, value): x where x > threshold, else value.
FailureOr<PyValue> threshold(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto t = a.real("threshold"), v = a.real("value");
  if (failed(x) || failed(t) || failed(v))
    return failure();
  return wrap(math::thresholdedRelu(ctx, *x, *t, *v));
}

/// rrelu in evaluation: leaky_relu with the mean slope (lower + upper) / 2;
/// training draws random slopes, which gn does not.
FailureOr<PyValue> rrelu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto lower = a.real("lower"), upper = a.real("upper");
  auto training = a.boolean("training");
  if (failed(x) || failed(lower) || failed(upper) || failed(training))
    return failure();
  if (*training)
    return a.error("rrelu with training=True draws random slopes; not supported");
  return wrap(ctx.build<gn::LeakyReluOp>({*x}, {ctx.f64("negative_slope", (*lower + *upper) / 2)}));
}

FailureOr<PyValue> nanToNum(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto nan = a.has("nan") ? a.real("nan") : FailureOr<double>(0.0);
  if (failed(x) || failed(nan))
    return failure();
  std::optional<double> posinf, neginf;
  if (a.has("posinf")) {
    auto p = a.real("posinf");
    if (failed(p))
      return failure();
    posinf = *p;
  }
  if (a.has("neginf")) {
    auto n = a.real("neginf");
    if (failed(n))
      return failure();
    neginf = *n;
  }
  return wrap(math::nanToNum(ctx, *x, *nan, posinf, neginf));
}

/// isclose(input, other, rtol, atol, equal_nan): math::isclose.
FailureOr<PyValue> isclose(ImportContext &ctx, Args &a) {
  auto rtol = a.real("rtol"), atol = a.real("atol");
  auto equalNan = a.boolean("equal_nan");
  if (failed(rtol) || failed(atol) || failed(equalNan))
    return failure();
  return wrap(math::isclose(ctx, a.get("input"), a.get("other"), *rtol, *atol, *equalNan));
}

/// isin(elements, test_elements, *, assume_unique, invert): whether each
/// element equals one of the test elements (either may be a number).
FailureOr<PyValue> isin(ImportContext &ctx, Args &a) {
  auto invert = a.boolean("invert");
  auto promoted = ctx.promote({a.get("elements"), a.get("test_elements")});
  if (failed(invert) || failed(promoted))
    return failure();
  auto x = ctx.asTensor(a.get("elements"), *promoted);
  auto test = ctx.asTensor(a.get("test_elements"), *promoted);
  if (failed(x) || failed(test))
    return failure();
  auto shape = llvm::to_vector(typeOf(*x).getShape());
  int64_t m = typeOf(*test).getNumElements();
  auto column = llvm::to_vector(shape);
  column.push_back(1);
  Chain c{ctx};
  Value hits = c.op<gn::EqOp>({c.reshape(*x, column), c.reshape(*test, {m})});
  Value any = c.op<gn::ReduceAnyOp>(
      {hits}, {ctx.ints("dims", {(int64_t)shape.size()}), ctx.flag("keepdim", false)});
  if (*invert)
    any = c.op<gn::NotOp>({any});
  if (!c.ok())
    return failure();
  return PyValue::of(any);
}

/// diff(input, n=1, dim=-1, prepend=None, append=None): n-th forward
/// differences along dim (logical xor for booleans), after prepend and
/// append (numbers become one slice) are concatenated.
FailureOr<PyValue> diff(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto n = a.integer("n"), d = a.integer("dim");
  if (failed(x) || failed(n) || failed(d))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() == 0)
    return a.error("diff needs at least one dim");
  if (*n < 0)
    return a.error("order must be non-negative, got " + std::to_string(*n));
  auto dim = ctx.dim(*d, type.getRank());
  if (failed(dim))
    return failure();
  Type e = type.getElementType();
  Chain c{ctx};
  // prepend / append: a tensor with x's dims but along dim, or a number.
  auto edge = [&](llvm::StringRef name) -> Value {
    const PyValue &v = a.get(name);
    if (v.isNone())
      return Value();
    llvm::SmallVector<int64_t> slab(type.getShape());
    slab[*dim] = 1;
    if (v.isNumber())
      return ctx.splat(e, v.asDouble(), slab);
    if (!v.isTensor()) {
      (void)a.error(name + " must be a tensor or a number, got " + v.describe());
      return c.take(failure());
    }
    Value t = c.convert(v.tensor, e);
    if (t && typeOf(t).getRank() == 0)
      t = c.op<gn::BroadcastToOp>({t}, {ctx.ints("shape", slab)});
    return t;
  };
  llvm::SmallVector<Value> parts;
  if (Value p = edge("prepend"))
    parts.push_back(p);
  parts.push_back(*x);
  if (Value p = edge("append"))
    parts.push_back(p);
  Value v = parts.size() == 1 ? *x : c.op<gn::ConcatOp>(parts, {ctx.i64("dim", *dim)});
  bool boolean = e.isInteger(1);
  for (int64_t k = 0; k < *n && v; ++k) {
    int64_t len = typeOf(v).getDimSize(*dim);
    if (len == 0)
      break;
    Value hi = c.slice(v, *dim, 1, len), lo = c.slice(v, *dim, 0, len - 1);
    v = boolean ? c.op<gn::XorOp>({hi, lo}) : c.op<gn::SubOp>({hi, lo});
  }
  if (!c.ok())
    return failure();
  return PyValue::of(v);
}

/// mvlgamma(input, p): sum over i < p of lgamma(x - i / 2), plus
/// p (p - 1) / 4 log(pi).
/// polygamma(n, input) and x.polygamma(n): the same arguments by name.
FailureOr<PyValue> polygammaFn(ImportContext &ctx, Args &a) {
  auto n = a.integer("n");
  auto x = a.tensor("input");
  if (failed(n) || failed(x))
    return failure();
  return wrap(math::polygamma(ctx, *n, *x));
}

FailureOr<PyValue> mvlgamma(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto p = a.integer("p");
  if (failed(x) || failed(p))
    return failure();
  if (*p < 1)
    return a.error("p must be at least 1");
  Type e = isFloat(typeOf(*x).getElementType()) ? typeOf(*x).getElementType() : ctx.f32();
  Chain c{ctx};
  Value xf = c.convert(*x, e);
  Value sum = ctx.splat(e, double(*p) * double(*p - 1) / 4 * std::log(M_PI));
  for (int64_t i = 0; i < *p; ++i)
    sum = c.op<gn::AddOp>(
        {sum, c.take(math::special(ctx, "lgamma", c.op<gn::SubOp>({xf, ctx.splat(e, i / 2.0)})))});
  if (!c.ok())
    return failure();
  return PyValue::of(sum);
}

} // namespace

void mlir::gn::import::registerMathOps(OpRegistry &r) {
  r.add("tanhshrink", "input", tanhshrink);
  r.add("isclose", "input, other, rtol=1e-05, atol=1e-08, equal_nan=False", isclose);
  r.add("isin", "elements, test_elements, *, assume_unique=False, invert=False", isin);
  r.add("diff", "input, n=1, dim=-1, prepend=None, append=None", diff);
  addUnary(r, std::make_index_sequence<std::size(kUnary)>());
  r.add("mvlgamma|multigammaln", "input, p", mvlgamma);
  r.add("polygamma", "n, input", polygammaFn);
  addPolynomials(r, std::make_index_sequence<std::size(math::kOrthogonalPolynomials)>());
  // x.polygamma(n): the tensor first.
  r.add("Tensor.polygamma", "input, n", polygammaFn);
  addBinary(r, std::make_index_sequence<std::size(kBinary)>());
  addClasses(r, std::make_index_sequence<std::size(kClasses)>());
  r.add("softshrink", "input, lambd=0.5", shrink<false>);
  r.add("hardshrink", "input, lambd=0.5", shrink<true>);
  r.add("celu", "input, alpha=1.0, inplace=False", celu);
  r.add("selu", "input, inplace=False", selu);
  r.add("threshold", "input, threshold, value, inplace=False", threshold);
  r.add("rrelu", "input, lower=0.125, upper=0.3333333333333333, training=False, inplace=False",
        rrelu);
  r.add("nan_to_num", "input, nan=0.0, posinf=None, neginf=None", nanToNum);
}
