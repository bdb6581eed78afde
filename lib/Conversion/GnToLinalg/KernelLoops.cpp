//===- KernelLoops.cpp - how kernel loops are laid out per target ---------===//
#include "KernelLoops.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace mlir::gn;

namespace {

/// CPU kernels: called per [lo, hi) chunk of the thread dim, serial nests
/// inside unless `parallelCopyLoops`.
class CpuKernelLoops final : public KernelLoops {
public:
  explicit CpuKernelLoops(bool parallelCopyLoops) : parallelCopyLoops(parallelCopyLoops) {}
  unsigned numRangeArgs() const override { return 2; }
  bool mapsToGpu() const override { return false; }
  bool hasLibm() const override { return true; }
  bool pointParallel() const override { return parallelCopyLoops; }

private:
  bool parallelCopyLoops;
};

/// GPU kernels: buffers only, every point a thread.
class GpuKernelLoops final : public KernelLoops {
public:
  unsigned numRangeArgs() const override { return 0; }
  bool mapsToGpu() const override { return true; }
  bool hasLibm() const override { return false; }
  bool pointParallel() const override { return true; }
};

} // namespace

KernelLoops::~KernelLoops() = default;

std::unique_ptr<KernelLoops> KernelLoops::forTarget(TargetKind target, bool parallelCopyLoops) {
  switch (target) {
  case TargetKind::Cuda:
    return std::make_unique<GpuKernelLoops>();
  case TargetKind::Cpu:
    break;
  }
  return std::make_unique<CpuKernelLoops>(parallelCopyLoops);
}

std::pair<OpBuilder, llvm::SmallVector<Value>>
KernelLoops::pointLoops(OpBuilder b, Location loc, llvm::ArrayRef<int64_t> shape) const {
  llvm::SmallVector<Value> sizes;
  for (int64_t n : shape)
    sizes.push_back(arith::ConstantIndexOp::create(b, loc, n));
  return pointLoops(b, loc, sizes);
}

std::pair<OpBuilder, llvm::SmallVector<Value>>
KernelLoops::pointLoops(OpBuilder b, Location loc, llvm::ArrayRef<Value> sizes) const {
  llvm::SmallVector<Value> ivs;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  if (pointParallel() && !sizes.empty()) {
    llvm::SmallVector<Value> lower(sizes.size(), zero), steps(sizes.size(), one);
    auto par = scf::ParallelOp::create(b, loc, lower, sizes, steps);
    b.setInsertionPoint(par.getBody()->getTerminator());
    return {b, llvm::to_vector(par.getInductionVars())};
  }
  for (Value n : sizes) {
    auto loop = scf::ForOp::create(b, loc, zero, n, one);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    ivs.push_back(loop.getInductionVar());
  }
  return {b, ivs};
}
