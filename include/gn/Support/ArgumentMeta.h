//===- ArgumentMeta.h - what a sample says about an argument ----*- C++ -*-===//
//
// One argument of @forward as the sample's meta files describe it: its
// name, dtype, kind (weight or input) and how to synthesize it. The importer
// writes it as gn.* argument attributes (gn/Runtime/ArgumentMeta.h reads
// them back); a compiled program carries it so that a runner without MLIR
// can synthesize the same inputs. MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_ARGUMENTMETA_H
#define GN_SUPPORT_ARGUMENTMETA_H

#include <optional>
#include <string>
#include <vector>

namespace mlir::gn {

struct ArgumentMeta {
  std::string name, torchDtype, kind; // kind: weight | input
  std::optional<double> mean, std, minVal, maxVal;
  std::optional<std::vector<double>> data;
};

} // namespace mlir::gn

#endif // GN_SUPPORT_ARGUMENTMETA_H
