//===- Tolerance.cpp - GraphNet's tolerance-parameterized compare -------===//
#include "gn/Eval/Tolerance.h"
#include <cmath>

using namespace mlir::gn;
using namespace mlir::gn::interp;

eval::Tolerance eval::toleranceFor(DType d, int t) {
  double x = t;
  switch (d) {
  case DType::F16: return {std::pow(10.0, x), std::pow(10.0, 3 * x / 5)};
  case DType::BF16: return {std::pow(10.0, x), std::pow(10.0, 1.796 * x / 5)};
  case DType::F32: return {std::pow(10.0, x), std::pow(10.0, 5.886 * x / 5)};
  case DType::F64: return {std::pow(10.0, 7 * x / 5), std::pow(10.0, 7 * x / 5)};
  default: return {0, 0};
  }
}

eval::OutputDiff eval::compareOutputs(const HostTensor &a, const HostTensor &b) {
  OutputDiff d;
  if (a.dtype() != b.dtype() || a.shape() != b.shape()) {
    d.shapeAndDtypeMatch = false;
    return d;
  }
  // For each element the tightest passing t: check from -10 upwards.
  int worst = -10;
  bool exact = !isFloat(a.dtype());
  for (int64_t i = 0, n = a.numel(); i < n; ++i) {
    double x = elementAsDouble(a, i), y = elementAsDouble(b, i);
    if (std::isnan(x) && std::isnan(y))
      continue;
    if (std::isinf(x) || std::isinf(y)) {
      if (x != y)
        worst = kMaxComparedT + 1;
      continue;
    }
    if (std::isnan(x) || std::isnan(y)) {
      worst = kMaxComparedT + 1;
      continue;
    }
    double diff = std::fabs(x - y);
    d.maxAbs = std::max(d.maxAbs, diff);
    if (y != 0)
      d.maxRel = std::max(d.maxRel, diff / std::fabs(y));
    if (exact) {
      if (diff != 0)
        worst = kMaxComparedT + 1;
      continue;
    }
    while (worst <= kMaxComparedT) {
      Tolerance tol = toleranceFor(a.dtype(), worst);
      if (diff <= tol.atol + tol.rtol * std::fabs(y))
        break;
      ++worst;
    }
  }
  d.tightestT = worst;
  return d;
}
