//===- DTypes.h - the gn dialect's element types as host dtypes -*- C++ -*-===//
//
// The element types gn tensors hold (f16, bf16, f32, f64, i1, i8, u8, i16,
// i32, i64), mapped onto the MLIR-free DType of host tensors
// (gn/Support/HostTensor.h) that the interpreter and every runtime use.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IR_DTYPES_H
#define GN_IR_DTYPES_H

#include "gn/Support/HostTensor.h"
#include "mlir/IR/Types.h"
#include <optional>

namespace mlir::gn::interp {

/// The DType of an MLIR element type, if gn supports it.
std::optional<DType> dtypeOf(Type elementType);

} // namespace mlir::gn::interp

#endif // GN_IR_DTYPES_H
