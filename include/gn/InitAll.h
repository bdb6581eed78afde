//===- InitAll.h - the one registration entry point of gn -----*- C++ -*-===//
//
// Every tool, the Python module and the tests register dialects and passes
// through these two functions, so they all see the same set.
//
//===----------------------------------------------------------------------===//
#ifndef GN_INITALL_H
#define GN_INITALL_H

namespace mlir {
class DialectRegistry;
} // namespace mlir

namespace mlir::gn {

/// The gn dialect and the upstream dialects gn's IR and pipelines use.
void registerAllDialects(mlir::DialectRegistry &registry);

/// gn's passes and the upstream passes gn-opt exposes.
void registerAllPasses();

} // namespace mlir::gn

#endif // GN_INITALL_H
