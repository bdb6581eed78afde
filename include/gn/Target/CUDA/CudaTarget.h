//===- CudaTarget.h - compile a gn module to a CUDA program ----*- C++ -*-===//
#ifndef GN_TARGET_CUDA_CUDATARGET_H
#define GN_TARGET_CUDA_CUDATARGET_H

#include "gn/Runtime/CompiledModel.h"
#include "gn/Target/CUDA/CudaProgram.h"

namespace mlir::gn {

/// Runs gn-cuda-pipeline (options.pipelineOptions) on a copy of `module` and
/// turns @forward into a CudaProgram: PTX modules and launches, cuBLAS and
/// cuDNN calls, the shared buffer plan. Needs no GPU. Fails with a
/// diagnostic naming any op the CUDA target cannot run.
FailureOr<cuda::Program> buildCudaProgram(ModuleOp module,
                                              const runtime::CompileOptions &options,
                                              runtime::CompileStats &stats);

} // namespace mlir::gn

#endif // GN_TARGET_CUDA_CUDATARGET_H
