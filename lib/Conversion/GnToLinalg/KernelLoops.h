//===- KernelLoops.h - how kernel loops are laid out per target -*- C++ -*-===//
//
// The one place the kernel emitters (OutlineKernels, CopyKernels) learn the
// target. They are given a KernelLoops and ask it, instead of testing for
// the GPU: the CPU runs a kernel per [lo, hi) chunk of its schedule's thread
// dim from the runtime's thread pool, with serial loop nests inside; a GPU
// puts every point on the grid (gn-map-kernels-to-gpu), a thread each.
//
//===----------------------------------------------------------------------===//
#ifndef GN_CONVERSION_GNTOLINALG_KERNELLOOPS_H
#define GN_CONVERSION_GNTOLINALG_KERNELLOOPS_H

#include "gn/IR/GnOps.h"
#include "mlir/IR/Builders.h"
#include <memory>

namespace mlir::gn {

class KernelLoops {
public:
  virtual ~KernelLoops();

  /// The strategy for a module compiled for `target`. `parallelCopyLoops`
  /// (testing): CPU copy and window kernels take the GPU's point-parallel
  /// form, so the CPU runs the CUDA kernels' forms.
  static std::unique_ptr<KernelLoops> forTarget(TargetKind target, bool parallelCopyLoops);

  /// Index arguments every kernel takes before its buffers: the CPU's
  /// [lo, hi) of the thread loop; none on the GPU (every dim on the grid).
  virtual unsigned numRangeArgs() const = 0;
  /// Whether a schedule's thread dim becomes the kernel's [lo, hi) loop.
  bool splitsThreadDim() const { return numRangeArgs() > 0; }
  /// Whether kernels carry their schedule (and the row-kernel mark) to
  /// gn-map-kernels-to-gpu.
  virtual bool mapsToGpu() const = 0;
  /// Whether kernel bodies may call libm (erff, tanhf): not on a GPU.
  virtual bool hasLibm() const = 0;
  /// Whether copy and window kernels compute every output point on its own,
  /// a thread per point (gathers, one scf.parallel, a 1-d scatter's target
  /// scan), instead of filling then copying slabs in serial nests.
  virtual bool pointParallel() const = 0;

  /// Loops over every point of `shape`, row-major: one scf.parallel where
  /// pointParallel (whose body must touch only its own point's outputs),
  /// else scf.for loops. Returns a builder inside the innermost body and
  /// the induction variables.
  std::pair<OpBuilder, llvm::SmallVector<Value>> pointLoops(OpBuilder b, Location loc,
                                                            llvm::ArrayRef<int64_t> shape) const;
  /// The same over sizes known at run time (index values): a symbolic
  /// kernel's (docs/symbolic-shapes.md, phase 3).
  std::pair<OpBuilder, llvm::SmallVector<Value>> pointLoops(OpBuilder b, Location loc,
                                                            llvm::ArrayRef<Value> sizes) const;
};

} // namespace mlir::gn

#endif // GN_CONVERSION_GNTOLINALG_KERNELLOOPS_H
