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

/// On a CUDA kernel function: the #gn.schedule of the group it computes.
inline constexpr llvm::StringLiteral kScheduleAttrName = "gn.schedule";

/// On a CUDA kernel function: how many workspace buffers it takes after its
/// outputs (scratch the runtime places in the arena for that launch).
inline constexpr llvm::StringLiteral kWorkspacesAttrName = "gn.workspaces";

/// On a CUDA kernel function of a row group: its stages (fills and
/// reductions over the same rows, then a parallel generic over the domain)
/// run as one launch, each row's totals in registers (gn-outline-kernels).
inline constexpr llvm::StringLiteral kRowKernelAttrName = "gn.row_kernel";

/// In each CUDA kernel module: i64 [raised, index, size], set by a kernel
/// that read an index out of range (the GPU form of kIndexErrorCallback).
inline constexpr llvm::StringLiteral kIndexErrorGlobal = "gn_index_error";

#define GEN_PASS_DECL
#include "gn/Conversion/Passes.h.inc"

#define GEN_PASS_REGISTRATION
#include "gn/Conversion/Passes.h.inc"

} // namespace mlir::gn

#endif // GN_CONVERSION_PASSES_H
