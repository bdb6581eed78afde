//===- MathOps.cpp - torch's math functions that gn builds from its ops ---===//
//
// tan, asin, sinh, expm1, log2, isinf, nan_to_num, xlogy, fmax, the shrink
// and celu/selu activations, ... in every torch spelling (torch.X,
// Tensor.X, torch.special.X, torch.nn.functional.X, the arc- aliases, the
// in-place forms): each is a formula over gn ops, shared with the Paddle
// frontend (gn/Import/Python/MathFunctions.h).
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/Import/Python/MathFunctions.h"
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
    {"tanhshrink", "tanhshrink"},
    {"logsigmoid", "logsigmoid"},
    {"erfc", "erfc"},
    {"frac", "frac"},
    {"sinc", "sinc"},
    {"deg2rad", "deg2rad"},
    {"rad2deg", "rad2deg"},
};

constexpr std::pair<const char *, const char *> kBinary[] = {
    {"xlogy", "xlogy"},         {"logaddexp", "logaddexp"}, {"logaddexp2", "logaddexp2"},
    {"hypot", "hypot"},         {"heaviside", "heaviside"}, {"fmax", "fmax"},
    {"fmin", "fmin"},           {"copysign", "copysign"},
};

constexpr const char *kClasses[] = {"isinf", "isfinite", "isposinf", "isneginf", "isnan"};

template <size_t I> FailureOr<PyValue> unaryFn(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  return wrap(math::unary(ctx, kUnary[I].second, *x));
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

} // namespace

void mlir::gn::import::registerMathOps(OpRegistry &r) {
  addUnary(r, std::make_index_sequence<std::size(kUnary)>());
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
