//===- GridDependencyControl.cpp - kernels ready for programmatic launch -===//
//
// A CUDA graph of small kernels spends much of its time between them: each
// launch waits for the previous kernel to finish before it is scheduled.
// Hopper's programmatic dependent launch lets the next kernel be launched
// while the previous one ends, provided the next one waits (griddepcontrol
// .wait) before touching memory. This pass puts that wait, and the signal
// that lets the next kernel launch (launch_dependents), first in every
// kernel, so the runtime may launch any of them that way (GN_CUDA_PDL=1 in
// CudaExecutor) without changing what a kernel reads or writes; launched
// normally, both instructions are no-ops.
//
//===----------------------------------------------------------------------===//
#include "gn/Conversion/Passes.h"
#include "gn/Support/PassTrace.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNGRIDDEPENDENCYCONTROLPASS
#include "gn/Conversion/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;

#define DEBUG_TYPE "gn-grid-dependency-control"
GN_STATISTIC(numKernels, "kernels that wait on their predecessor and release their successor");

namespace {

struct GnGridDependencyControlPass
    : mlir::gn::impl::GnGridDependencyControlPassBase<GnGridDependencyControlPass> {
  void runOnOperation() override {
    for (auto fn : getOperation().getOps<gpu::GPUFuncOp>()) {
      if (!fn.isKernel() || fn.getBody().empty())
        continue;
      OpBuilder b = OpBuilder::atBlockBegin(&fn.getBody().front());
      NVVM::GriddepcontrolOp::create(b, fn.getLoc(), NVVM::GridDepActionKind::wait);
      NVVM::GriddepcontrolOp::create(b, fn.getLoc(), NVVM::GridDepActionKind::launch_dependents);
      ++numKernels;
    }
  }
};

} // namespace
