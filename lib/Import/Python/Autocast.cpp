//===- Autocast.cpp - torch.autocast regions at import --------------------===//
//
// The casts an enabled region makes, as PyTorch's autocast wrappers make
// them (aten/src/ATen/autocast_mode.h): a tensor is eligible when it is
// floating point and not float64; the low-precision and float32 policies
// cast each eligible tensor to their type; the widest policy casts them to
// the promotion of the region's type with theirs. Tensors inside list
// arguments (cat's, stack's) are cast as the list's elements.
//
//===----------------------------------------------------------------------===//
#include "gn/Import/Python/Autocast.h"
#include "gn/Import/Python/Frontend.h"

using namespace mlir;
using namespace mlir::gn::import;

namespace {

/// A tensor autocast casts: floating point, not float64, and not a number
/// read with .item() (a Python number in PyTorch).
bool eligible(const PyValue &v) {
  if (!v.isTensor() || v.wrappedScalar)
    return false;
  Type e = v.type().getElementType();
  return isa<FloatType>(e) && !e.isF64();
}

/// Calls `f` on every tensor of `v`, inside lists and tuples too.
template <typename F>
LogicalResult forEachTensor(PyValue &v, F &&f) {
  if (v.isSequence()) {
    for (PyValue &e : v.elts)
      if (failed(forEachTensor(e, f)))
        return failure();
    return success();
  }
  return eligible(v) ? f(v) : success();
}

/// float32 where the two half types meet, else the wider of the two.
Type promoteFloat(Type a, Type b) {
  if (a == b)
    return a;
  unsigned wa = a.getIntOrFloatBitWidth(), wb = b.getIntOrFloatBitWidth();
  if (wa == wb) // float16 and bfloat16
    return Float32Type::get(a.getContext());
  return wa > wb ? a : b;
}

} // namespace

LogicalResult mlir::gn::import::applyAutocast(ImportContext &ctx, const Frontend &frontend,
                                              llvm::StringRef op, bool isMethod,
                                              std::vector<PyValue> &args, KwArgs &kwargs) {
  if (ctx.autocast.empty() || !ctx.autocast.back().lowType)
    return success();
  const AutocastRegion &region = ctx.autocast.back();
  AutocastCast policy = frontend.autocastCast(op, isMethod, region.device, args, kwargs);
  Type to;
  switch (policy) {
  case AutocastCast::None:
    return success();
  case AutocastCast::Refused:
    return ctx.error("'" + op + "' inside an enabled torch.autocast region (" + region.device +
                     ") is not supported: PyTorch casts inside it in ways gn's op does not "
                     "follow; leave it outside the region");
  case AutocastCast::LowPrecision:
    to = region.lowType;
    break;
  case AutocastCast::Float32:
    // An explicit dtype= decides the op's type itself.
    for (auto &[key, v] : kwargs)
      if (key == "dtype" && !v.isNone())
        return success();
    to = Float32Type::get(region.lowType.getContext());
    break;
  case AutocastCast::Widest: {
    to = region.lowType;
    auto widen = [&](PyValue &v) {
      to = promoteFloat(to, v.type().getElementType());
      return success();
    };
    for (PyValue &v : args)
      (void)forEachTensor(v, widen);
    for (auto &[key, v] : kwargs)
      (void)forEachTensor(v, widen);
    break;
  }
  }
  auto cast = [&](PyValue &v) -> LogicalResult {
    if (v.type().getElementType() == to)
      return success();
    auto c = ctx.convert(v.tensor, to);
    if (failed(c))
      return failure();
    v.tensor = *c;
    return success();
  };
  for (PyValue &v : args)
    if (failed(forEachTensor(v, cast)))
      return failure();
  for (auto &[key, v] : kwargs)
    if (failed(forEachTensor(v, cast)))
      return failure();
  return success();
}
