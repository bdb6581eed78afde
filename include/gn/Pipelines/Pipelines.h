//===- Pipelines.h - gn's named pass pipelines -----------------*- C++ -*-===//
#ifndef GN_PIPELINES_PIPELINES_H
#define GN_PIPELINES_PIPELINES_H

#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassOptions.h"

namespace mlir::gn {

struct CpuPipelineOptions : public PassPipelineOptions<CpuPipelineOptions> {
  Option<int64_t> minParallelElements{
      *this, "min-parallel-elements",
      llvm::cl::desc("Fusion groups with fewer points run on one thread"), llvm::cl::init(32768)};
  Option<bool> threadCopies{
      *this, "thread-copies",
      llvm::cl::desc("Split copy kernels (pooling, resize, pad, concat) across threads"),
      llvm::cl::init(true)};
  Option<unsigned> maxFusionOps{*this, "max-fusion-ops",
                                llvm::cl::desc("Largest fusion group, in ops"), llvm::cl::init(64)};
  Option<double> memoryRatio{
      *this, "memory-ratio",
      llvm::cl::desc("gn-stream-bands: stream regions while the estimated peak exceeds this many "
                     "times (arguments + results); 0 disables"),
      llvm::cl::init(1.5)};
  Option<bool> lowerToLLVM{*this, "lower-to-llvm",
                           llvm::cl::desc("Lower the kernels to the LLVM dialect"),
                           llvm::cl::init(true)};
};

/// gn-cpu-pipeline: decompose, canonicalize, CSE, form fusion groups,
/// schedule, outline kernels to linalg, lower the kernels to LLVM. The
/// result is a host function of gn ops and gn.launch calls plus the
/// @gn_kernels module in the LLVM dialect, which lib/Runtime JIT-compiles.
void buildCpuPipeline(OpPassManager &pm, const CpuPipelineOptions &options);

void registerPipelines();

} // namespace mlir::gn

#endif // GN_PIPELINES_PIPELINES_H
