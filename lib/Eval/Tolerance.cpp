//===- Tolerance.cpp - GraphNet's tolerance-parameterized compare -------===//
#include "gn/Eval/Tolerance.h"
#include <limits>
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

std::string eval::graphNetDtypeName(DType d) {
  switch (d) {
  case DType::F16: return "float16";
  case DType::BF16: return "bfloat16";
  case DType::F32: return "float32";
  case DType::F64: return "float64";
  case DType::I1: return "bool";
  default: break;
  }
  // i8 -> int8, ui8 -> uint8, i64 -> int64, ...
  llvm::StringRef n = name(d);
  if (n.consume_front("ui"))
    return "uint" + n.str();
  if (n.consume_front("i"))
    return "int" + n.str();
  return n.str();
}

namespace {
/// One dtype's tolerance pairs for t = kLogMinT..kLogMaxT (pow once, not per
/// element).
struct Table {
  eval::Tolerance at[eval::kLogMaxT - eval::kLogMinT + 1];
  explicit Table(DType d) {
    for (int t = eval::kLogMinT; t <= eval::kLogMaxT; ++t)
      at[t - eval::kLogMinT] = eval::toleranceFor(d, t);
  }
  /// Raises `t` until |x - y| is within the pair at t (or t passes maxT).
  void tighten(int &t, int maxT, double diff, double y) const {
    for (; t <= maxT; ++t) {
      const eval::Tolerance &tol = at[t - eval::kLogMinT];
      if (diff <= tol.atol + tol.rtol * std::fabs(y))
        return;
    }
  }
};
} // namespace

eval::OutputDiff eval::compareOutputs(const HostTensor &a, const HostTensor &b) {
  OutputDiff d;
  if (a.dtype() != b.dtype() || a.shape() != b.shape()) {
    d.shapeAndDtypeMatch = false;
    d.mismatch = a.shape() != b.shape() ? "shape_mismatch" : "type_mismatch";
    d.equal = false;
    for (int &t : d.familyT)
      t = kLogMaxT + 1;
    return d;
  }
  // For each element the tightest passing t: check from -10 upwards.
  int worst = kMinT;
  bool exact = !isFloat(a.dtype());
  double sumAbs = 0, sumSqDiff = 0, sumSqRef = 0;
  int64_t finite = 0;
  double firstRef = 0;
  d.refConstant = true;
  static const Table families[4] = {Table(kLogFamilies[0]), Table(kLogFamilies[1]),
                                    Table(kLogFamilies[2]), Table(kLogFamilies[3])};
  const Table own(a.dtype());
  auto failAll = [&] {
    worst = kMaxComparedT + 1;
    d.equal = false;
    for (int &t : d.familyT)
      t = kLogMaxT + 1;
  };
  for (int64_t i = 0, n = a.numel(); i < n; ++i) {
    double x = elementAsDouble(a, i), y = elementAsDouble(b, i);
    if (std::isnan(x) && std::isnan(y))
      continue;
    if (std::isnan(x) || std::isnan(y)) {
      if (std::isnan(x) && d.mismatch.empty())
        d.mismatch = "nan";
      failAll();
      continue;
    }
    if (std::isinf(x) || std::isinf(y)) {
      if (x != y) {
        if (std::isinf(x) && d.mismatch.empty())
          d.mismatch = "inf";
        failAll();
      }
      continue;
    }
    double diff = std::fabs(x - y);
    d.maxAbs = std::max(d.maxAbs, diff);
    sumAbs += diff;
    sumSqDiff += diff * diff;
    sumSqRef += y * y;
    d.refMaxAbs = std::max(d.refMaxAbs, std::fabs(y));
    if (finite == 0)
      firstRef = y;
    else if (y != firstRef)
      d.refConstant = false;
    ++finite;
    if (y != 0)
      d.maxRel = std::max(d.maxRel, diff / std::fabs(y));
    if (diff != 0)
      d.equal = false;
    for (int f = 0; f < 4; ++f)
      families[f].tighten(d.familyT[f], kLogMaxT, diff, y);
    if (exact) {
      if (diff != 0)
        worst = kMaxComparedT + 1;
      continue;
    }
    own.tighten(worst, kMaxComparedT, diff, y);
  }
  d.meanAbs = finite ? sumAbs / static_cast<double>(finite) : 0.0;
  d.refConstant = d.refConstant && finite >= 2;
  d.relL2 = sumSqRef > 0 ? std::sqrt(sumSqDiff / sumSqRef)
                         : (sumSqDiff > 0 ? std::numeric_limits<double>::infinity() : 0.0);
  d.tightestT = worst;
  return d;
}

std::vector<std::string> eval::degenerateReasons(const OutputDiff &d, DType dtype,
                                                 bool insensitive) {
  std::vector<std::string> why;
  if (!d.shapeAndDtypeMatch)
    return why;
  if (isFloat(dtype) && d.refMaxAbs <= kNearZeroOutput)
    why.push_back("near_zero");
  if (d.refConstant)
    why.push_back("constant");
  if (insensitive)
    why.push_back("input_insensitive");
  return why;
}
