//===- SymbolicSizes.cpp - size rules of the shape functions, symbolic ----===//

#include "gn/IR/SymbolicSizes.h"

namespace mlir::gn::sym {
namespace {

const char *kTooBig = "the size expression grows past SymExpr's bounds or overflows int64";

// Attribute arithmetic in 128 bits: hostile attributes must not overflow.
std::optional<int64_t> narrow(__int128 v, std::string &why) {
  if (v < INT64_MIN || v > INT64_MAX) {
    why = kTooBig;
    return std::nullopt;
  }
  return static_cast<int64_t>(v);
}

// in * scale + offset, or std::nullopt with `why`.
std::optional<SymExpr> scaleAndShift(const SymExpr &in, int64_t scale, int64_t offset,
                                     std::string &why) {
  std::optional<SymExpr> scaled = SymExpr::mul(in, SymExpr::constant(scale));
  std::optional<SymExpr> out =
      scaled ? SymExpr::add(*scaled, SymExpr::constant(offset)) : std::nullopt;
  if (!out)
    why = kTooBig;
  return out;
}

} // namespace

std::optional<SymExpr> slidingWindowOutput(const SymExpr &in, int64_t kernel, int64_t stride,
                                           int64_t padding, int64_t dilation, bool ceilMode,
                                           std::string &why) {
  if (stride <= 0) {
    why = "stride " + std::to_string(stride) + " is not positive";
    return std::nullopt;
  }
  std::optional<int64_t> extent = narrow(__int128(dilation) * (__int128(kernel) - 1) + 1, why);
  if (!extent)
    return std::nullopt;
  if (ceilMode && __int128(stride) > __int128(*extent) - padding) {
    // Whether the last window would start in the trailing padding (and be
    // dropped) depends on the size: no one expression gives it.
    why = "ceil_mode with stride " + std::to_string(stride) + " > window " +
          std::to_string(*extent) + " - padding " + std::to_string(padding) +
          ": the last window's fate depends on the size";
    return std::nullopt;
  }
  // floor((in + 2p - extent + (ceil ? stride - 1 : 0)) / stride) + 1
  std::optional<int64_t> offset =
      narrow(__int128(2) * padding - *extent + (ceilMode ? stride - 1 : 0), why);
  if (!offset)
    return std::nullopt;
  std::optional<SymExpr> num = SymExpr::add(in, SymExpr::constant(*offset));
  std::optional<SymExpr> quotient = num ? SymExpr::floorDiv(*num, stride) : std::nullopt;
  std::optional<SymExpr> out =
      quotient ? SymExpr::add(*quotient, SymExpr::constant(1)) : std::nullopt;
  if (!out)
    why = kTooBig;
  return out;
}

std::optional<SymExpr> transposedWindowOutput(const SymExpr &in, int64_t kernel, int64_t stride,
                                              int64_t padding, int64_t dilation,
                                              int64_t outputPadding, std::string &why) {
  // (in - 1) * stride + (-2p + d(k - 1) + outputPadding + 1)
  std::optional<int64_t> offset = narrow(
      -__int128(stride) - __int128(2) * padding + __int128(dilation) * (__int128(kernel) - 1) +
          outputPadding + 1,
      why);
  if (!offset)
    return std::nullopt;
  return scaleAndShift(in, stride, *offset, why);
}

std::optional<SymExpr> broadcastSizes(const SymExpr &a, const SymExpr &b, std::string &why) {
  if (a == b || b.constantValue() == 1)
    return a;
  if (a.constantValue() == 1)
    return b;
  why = "sizes " + a.str() + " and " + b.str() + " do not broadcast at every size";
  return std::nullopt;
}

std::optional<SymExpr> product(llvm::ArrayRef<SymExpr> sizes, std::string &why) {
  SymExpr out = SymExpr::constant(1);
  for (const SymExpr &s : sizes) {
    std::optional<SymExpr> next = SymExpr::mul(out, s);
    if (!next) {
      why = kTooBig;
      return std::nullopt;
    }
    out = std::move(*next);
  }
  return out;
}

std::optional<SymExpr> sliceSize(const SymExpr &start, const SymExpr &limit, int64_t step,
                                 std::string &why) {
  if (step <= 0) {
    why = "slice step " + std::to_string(step) + " is not positive";
    return std::nullopt;
  }
  std::optional<SymExpr> span = SymExpr::sub(limit, start);
  std::optional<SymExpr> rounded =
      span ? SymExpr::add(*span, SymExpr::constant(step - 1)) : std::nullopt;
  std::optional<SymExpr> out = rounded ? SymExpr::floorDiv(*rounded, step) : std::nullopt;
  if (!out)
    why = kTooBig;
  return out;
}

std::optional<SymExpr> divideExactly(const SymExpr &a, const SymExpr &b, std::string &why) {
  if (b.constantValue() == 0) {
    why = "division by a size of 0";
    return std::nullopt;
  }
  if (a == b)
    return SymExpr::constant(1);
  if (std::optional<SymExpr> q = SymExpr::divideByTerm(a, b))
    return q;
  why = b.str() + " does not divide " + a.str() + " at every size";
  return std::nullopt;
}

std::optional<std::vector<SymExpr>>
reshapeSizes(llvm::ArrayRef<SymExpr> from, llvm::ArrayRef<std::optional<SymExpr>> to,
             std::string &why) {
  std::optional<SymExpr> count = product(from, why);
  if (!count)
    return std::nullopt;
  std::vector<SymExpr> known;
  int inferred = -1;
  for (size_t i = 0; i < to.size(); ++i) {
    if (to[i]) {
      known.push_back(*to[i]);
    } else if (inferred >= 0) {
      why = "more than one -1 in the target shape";
      return std::nullopt;
    } else {
      inferred = static_cast<int>(i);
    }
  }
  std::optional<SymExpr> given = product(known, why);
  if (!given)
    return std::nullopt;
  std::vector<SymExpr> out;
  for (const std::optional<SymExpr> &size : to)
    out.push_back(size ? *size : SymExpr());
  if (inferred >= 0) {
    std::optional<SymExpr> rest = divideExactly(*count, *given, why);
    if (!rest) {
      why = "the -1 of the target shape: " + why;
      return std::nullopt;
    }
    out[inferred] = std::move(*rest);
    return out;
  }
  if (*given != *count) {
    why = "the target shape has " + given->str() + " elements, the input " + count->str();
    return std::nullopt;
  }
  return out;
}

} // namespace mlir::gn::sym
