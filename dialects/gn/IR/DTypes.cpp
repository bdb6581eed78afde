//===- DTypes.cpp - the gn dialect's element types as host dtypes --------===//
#include "gn/IR/DTypes.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;
using namespace mlir::gn::interp;

std::optional<DType> mlir::gn::interp::dtypeOf(Type t) {
  if (t.isF16()) return DType::F16;
  if (t.isBF16()) return DType::BF16;
  if (t.isF32()) return DType::F32;
  if (t.isF64()) return DType::F64;
  if (t.isInteger(1)) return DType::I1;
  if (t.isUnsignedInteger(8)) return DType::U8;
  if (t.isInteger(8)) return DType::I8;
  if (t.isInteger(16)) return DType::I16;
  if (t.isInteger(32)) return DType::I32;
  if (t.isInteger(64)) return DType::I64;
  return std::nullopt;
}
