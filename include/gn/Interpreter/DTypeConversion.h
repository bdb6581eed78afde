//===- DTypeConversion.h - the interpreter's conversion between dtypes -*- C++ -*-===//
//
// HostTensor itself is MLIR-free (gn/Support/HostTensor.h) and its dtypes
// of MLIR element types are the dialect's (gn/IR/DTypes.h); this adds the
// interpreter's conversion between dtypes (lib/Interpreter/DTypeConversion.cpp).
//
//===----------------------------------------------------------------------===//
#ifndef GN_INTERPRETER_DTYPECONVERSION_H
#define GN_INTERPRETER_DTYPECONVERSION_H

#include "gn/IR/DTypes.h"

namespace mlir::gn::interp {

/// Converts `t` into `out` (same shape, any dtype; a copy when they match),
/// with the interpreter's conversion rules.
void convertInto(const HostTensor &t, HostTensor &out);

} // namespace mlir::gn::interp

#endif // GN_INTERPRETER_DTYPECONVERSION_H
