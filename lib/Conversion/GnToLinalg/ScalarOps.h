//===- ScalarOps.h - scalar forms of fusible gn ops ------------*- C++ -*-===//
//
// Inside a kernel every value is a scalar of its "carry" type: the element
// type, except f16/bf16 which compute in f32 and are rounded to their type
// after every op (so fused and op-by-op results agree).
//
//===----------------------------------------------------------------------===//
#ifndef GN_CONVERSION_GNTOLINALG_SCALAROPS_H
#define GN_CONVERSION_GNTOLINALG_SCALAROPS_H

#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Operation.h"

namespace mlir::gn {

/// The type a value of element type `t` is computed in.
Type carryType(Type t);
/// Converts a loaded element to its carry type.
Value toCarry(OpBuilder &b, Location loc, Value v);
/// Converts a carry value back to the stored element type `t`.
Value fromCarry(OpBuilder &b, Location loc, Value v, Type t);
/// Rounds a carry value to element type `t` and back: every f16/bf16 op
/// rounds its result, as the graph (and PyTorch's kernels) do.
Value roundThrough(OpBuilder &b, Location loc, Value v, Type t);
/// A float `v` converted to the signless integer `intType` as gn.convert
/// defines it (convertFloatToInt in gn/Support/NumericCast.h); `isUnsigned`:
/// the stored type is unsigned (uint8), whose bits `intType` carries.
Value floatToInt(OpBuilder &b, Location loc, Value v, Type intType, bool isUnsigned);
/// A splat gn.constant's value in its carry type.
Value carryConstant(OpBuilder &b, Location loc, Operation *splatConstant);
/// The scalar form of a fusible elementwise gn op on carry operands; null
/// (after an error at the op) when the op or its types are not handled.
/// Runtime errors it reports (an integer division by zero) call externals
/// it declares in `kernels`, the kernel module.
Value emitScalar(OpBuilder &b, Operation *op, llvm::ArrayRef<Value> operands, ModuleOp kernels);

} // namespace mlir::gn

#endif // GN_CONVERSION_GNTOLINALG_SCALAROPS_H
