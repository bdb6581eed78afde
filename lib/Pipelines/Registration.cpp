//===- Registration.cpp - gn's named pipelines for gn-opt ----------------===//
#include "gn/Pipelines/Pipelines.h"
#include "mlir/Pass/PassRegistry.h"

using namespace mlir;

void mlir::gn::registerPipelines() {
  PassPipelineRegistration<CpuPipelineOptions>(
      "gn-cpu-pipeline",
      "gn to a host function of gn ops and gn.launch calls plus LLVM-dialect kernels",
      buildCpuPipeline);
  PassPipelineRegistration<CudaPipelineOptions>(
      "gn-cuda-pipeline",
      "gn to a host function of gn ops and gn.launch calls plus PTX kernels (gpu.binary)",
      buildCudaPipeline);
}
