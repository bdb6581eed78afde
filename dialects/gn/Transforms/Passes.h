//===- Passes.h - passes of the gn dialect --------------------*- C++ -*-===//
#ifndef GN_TRANSFORMS_PASSES_H
#define GN_TRANSFORMS_PASSES_H

#include "gn/IR/GnOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::gn {

#define GEN_PASS_DECL
#include "gn/Transforms/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gn/Transforms/Passes.h.inc"

} // namespace mlir::gn

#endif // GN_TRANSFORMS_PASSES_H
