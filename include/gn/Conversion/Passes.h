//===- Passes.h - gn lowering passes ---------------------------*- C++ -*-===//
#ifndef GN_CONVERSION_PASSES_H
#define GN_CONVERSION_PASSES_H

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::gn {

/// Name of the nested module holding the compiled kernels.
inline constexpr llvm::StringLiteral kKernelModuleName = "gn_kernels";

/// The nested @gn_kernels module of `top`, or null.
inline ModuleOp lookupKernelModule(ModuleOp top) {
  for (auto m : top.getOps<ModuleOp>())
    if (m.getSymName() == kKernelModuleName)
      return m;
  return nullptr;
}

/// External a kernel calls with (index, size) when an index it reads from a
/// tensor is out of range; the runtime defines it and fails the run.
inline constexpr llvm::StringLiteral kIndexErrorCallback = "gn_index_out_of_range";

/// External a kernel calls with (site, found, specialized) when a
/// data-dependent size it computed (gn.nonzero's count) is not the one the
/// program was specialized to; the runtime fails the run with the shape
/// guard's message (gn/Support/ShapeGuard.h).
inline constexpr llvm::StringLiteral kShapeGuardCallback = "gn_shape_guard_failed";

/// External a kernel calls (no arguments) when an integer division or
/// remainder it computes has a zero divisor: PyTorch and PaddlePaddle raise
/// there, so the runtime fails the run ("integer division by zero").
inline constexpr llvm::StringLiteral kDivisionByZeroCallback = "gn_integer_division_by_zero";

/// External a kernel calls with (code) when a gn.check it computes does not
/// hold: the runtime fails the run with that check's message
/// (gn/Support/RuntimeErrors.h's kValueChecks).
inline constexpr llvm::StringLiteral kCheckFailedCallback = "gn_check_failed";

/// On a CUDA kernel function: the #gn.schedule of the group it computes.
inline constexpr llvm::StringLiteral kScheduleAttrName = "gn.schedule";

/// On a CUDA kernel function: how many workspace buffers it takes after its
/// outputs (scratch the runtime places in the arena for that launch).
inline constexpr llvm::StringLiteral kWorkspacesAttrName = "gn.workspaces";

/// On a CUDA kernel function of a row group: its stages (fills and
/// reductions over the same rows, then a parallel generic over the domain)
/// run as one launch, each row's totals in registers (gn-outline-kernels).
inline constexpr llvm::StringLiteral kRowKernelAttrName = "gn.row_kernel";

/// In each CUDA kernel module: i64 [kind, a, b], set by a kernel that read
/// an index out of range (kind 1, index, size: the GPU form of
/// kIndexErrorCallback), failed a shape guard (kind 2 + site, found,
/// specialized: the GPU form of kShapeGuardCallback) or divided an integer
/// by zero (gn/Support/RuntimeErrors.h's kDivisionByZeroKind: the GPU form
/// of kDivisionByZeroCallback); 0 when none.
inline constexpr llvm::StringLiteral kIndexErrorGlobal = "gn_index_error";

#define GEN_PASS_DECL
#include "gn/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gn/Conversion/Passes.h.inc"

} // namespace mlir::gn

#endif // GN_CONVERSION_PASSES_H
