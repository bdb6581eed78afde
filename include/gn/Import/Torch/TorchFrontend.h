//===- TorchFrontend.h - PyTorch (Dynamo/FX) model files -------*- C++ -*-===//
#ifndef GN_IMPORT_TORCH_TORCHFRONTEND_H
#define GN_IMPORT_TORCH_TORCHFRONTEND_H

#include "gn/Import/Python/Frontend.h"

namespace mlir::gn::import {

/// The frontend for GraphNet's torch samples (built once).
const Frontend &torchFrontend();

} // namespace mlir::gn::import

#endif // GN_IMPORT_TORCH_TORCHFRONTEND_H
