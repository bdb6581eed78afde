//===- ArgumentMeta.h - @forward's argument attributes ---------*- C++ -*-===//
#ifndef GN_RUNTIME_ARGUMENTMETA_H
#define GN_RUNTIME_ARGUMENTMETA_H

#include "gn/Support/ArgumentMeta.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

namespace mlir::gn::runtime {

/// The importer's gn.name, gn.dtype, gn.kind, gn.mean, gn.std, gn.min_val,
/// gn.max_val and gn.data of argument `i` of `f`.
ArgumentMeta readArgumentMeta(func::FuncOp f, unsigned i);

} // namespace mlir::gn::runtime

#endif // GN_RUNTIME_ARGUMENTMETA_H
