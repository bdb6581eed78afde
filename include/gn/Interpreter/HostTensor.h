//===- HostTensor.h - host tensors and MLIR element types ------*- C++ -*-===//
//
// HostTensor itself is MLIR-free (gn/Support/HostTensor.h); this adds the
// mapping from MLIR element types for the interpreter and the runtimes.
//
//===----------------------------------------------------------------------===//
#ifndef GN_INTERPRETER_HOSTTENSOR_H
#define GN_INTERPRETER_HOSTTENSOR_H

#include "gn/Support/HostTensor.h"
#include "mlir/IR/Types.h"

namespace mlir::gn::interp {

/// The DType of an MLIR element type, if gn supports it.
std::optional<DType> dtypeOf(Type elementType);

/// Converts `t` into `out` (same shape, any dtype; a copy when they match),
/// with the interpreter's conversion rules.
void convertInto(const HostTensor &t, HostTensor &out);

} // namespace mlir::gn::interp

#endif // GN_INTERPRETER_HOSTTENSOR_H
