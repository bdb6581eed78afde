//===- CudaTarget.h - compile a gn module to a CUDA program ----*- C++ -*-===//
#ifndef GN_LIB_TARGET_CUDA_CUDATARGET_H
#define GN_LIB_TARGET_CUDA_CUDATARGET_H

#include "gn/Target/CUDA/CudaOptions.h"
#include "gn/Target/CUDA/CudaProgram.h"
#include "gn/Target/Target.h"

namespace mlir::gn {

/// Runs gn-cuda-pipeline (options.pipelineOptions) on a copy of `module` and
/// turns @forward into a CudaProgram: PTX modules and launches, cuBLAS and
/// cuDNN calls, the shared buffer plan; with `switches.cubin`, each module
/// assembled for the chip. Needs no GPU. Fails with a diagnostic naming any
/// op the CUDA target cannot run.
FailureOr<cuda::Program> buildCudaProgram(ModuleOp module, const CompileOptions &options,
                                          const cuda::CudaOptions &switches,
                                          runtime::CompileStats &stats);

} // namespace mlir::gn

#endif // GN_LIB_TARGET_CUDA_CUDATARGET_H
