//===- ArgumentMeta.cpp - @forward's argument attributes -----------------===//
#include "gn/Runtime/ArgumentMeta.h"

using namespace mlir;
using namespace mlir::gn;

ArgumentMeta runtime::readArgumentMeta(func::FuncOp f, unsigned i) {
  auto str = [&](const char *n) {
    auto a = f.getArgAttrOfType<StringAttr>(i, n);
    return a ? a.str() : std::string();
  };
  // A number written as a float or an integer (`gn.min_val = 1 : i64` was
  // ignored: its inputs were drawn without the bound).
  auto num = [&](const char *n) -> std::optional<double> {
    if (auto a = f.getArgAttrOfType<FloatAttr>(i, n))
      return a.getValueAsDouble();
    if (auto a = f.getArgAttrOfType<IntegerAttr>(i, n))
      return double(a.getInt());
    return std::nullopt;
  };
  ArgumentMeta m;
  m.name = str("gn.name");
  m.torchDtype = str("gn.dtype");
  m.kind = str("gn.kind");
  m.mean = num("gn.mean");
  m.std = num("gn.std");
  m.minVal = num("gn.min_val");
  m.maxVal = num("gn.max_val");
  if (auto data = f.getArgAttrOfType<DenseF64ArrayAttr>(i, "gn.data"))
    m.data = std::vector<double>(data.asArrayRef().begin(), data.asArrayRef().end());
  return m;
}
