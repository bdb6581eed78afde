//===- PaddleFrontend.h - PaddlePaddle (PIR) model files -------*- C++ -*-===//
#ifndef GN_IMPORT_PADDLE_PADDLEFRONTEND_H
#define GN_IMPORT_PADDLE_PADDLEFRONTEND_H

#include "gn/Import/Python/Frontend.h"

namespace mlir::gn::import {

/// The frontend for GraphNet's PaddlePaddle samples (built once).
const Frontend &paddleFrontend();

} // namespace mlir::gn::import

#endif // GN_IMPORT_PADDLE_PADDLEFRONTEND_H
