//===- CudaPipeline.cpp - gn-cuda-pipeline --------------------------------===//
//
// The graph passes shared with the CPU (raise attention, decompose,
// canonicalize, CSE, stream bands, fusion) with CUDA's settings, a CUDA
// schedule, kernels outlined for the GPU and mapped onto
// gpu.launch (gn-map-kernels-to-gpu), then MLIR's GPU path: each launch
// outlined to a gpu.func, lowered to NVVM and serialized to PTX for `chip`
// (gpu.binary, assembly format, libdevice linked for math functions).
//
//===----------------------------------------------------------------------===//
#include "gn/Conversion/Passes.h"
#include "gn/Pipelines/Pipelines.h"
#include "gn/Transforms/Passes.h"
#include "mlir/Conversion/AffineToStandard/AffineToStandard.h"
#include "mlir/Conversion/GPUToNVVM/GPUToNVVMPass.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/ReconcileUnrealizedCasts/ReconcileUnrealizedCasts.h"
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/GPU/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/FileSystem.h"
#include <cstdlib>

using namespace mlir;

std::string mlir::gn::cudaToolkitPath(llvm::StringRef option) {
  if (!option.empty())
    return option.str();
  for (const char *env : {"CUDA_HOME", "CUDA_ROOT", "CUDA_PATH"})
    if (const char *v = std::getenv(env); v && *v)
      return v;
  return "/usr/local/cuda";
}

std::string mlir::gn::libdevicePath(llvm::StringRef toolkit) {
  return (toolkit + "/nvvm/libdevice/libdevice.10.bc").str();
}

void mlir::gn::buildCudaPipeline(OpPassManager &pm, const CudaPipelineOptions &options) {
  GnSetTargetPassOptions target;
  target.target = "cuda";
  pm.addPass(createGnSetTargetPass(target));
  // Attention written op by op becomes gn.attention (before decompose,
  // which would split the softmax it matches); what the attention kernel
  // does not take decomposes again. No gn.projected_attention: no kernel.
  GnRaiseAttentionPassOptions raise;
  raise.foldProjections = false;
  pm.addNestedPass<func::FuncOp>(createGnRaiseAttentionPass(raise));
  // Graph layers: linear maps on the messages, aggregations in place (as
  // on the CPU): no [nodes, features] aggregate is stored.
  pm.addNestedPass<func::FuncOp>(createGnReorderAggregationPass());
  // Every other composite decomposes: linear becomes a GEMM reading the
  // weight transposed (the canonicalizer folds the transpose into the
  // matmul) and a bias add fused with what follows. Attention whose score
  // matrix would weigh on the memory stays whole and becomes one kernel
  // that never stores it (see CopyKernels' emitAttention).
  // A matmul whose operand's batch broadcasts unevenly (grouped-query
  // heads) reads that operand broadcast: one strided-batched GEMM.
  GnDecomposePassOptions decompose;
  decompose.keepAttentionMinShare = options.attentionMinShare;
  decompose.broadcastGemmBatches = true;
  decompose.integerMatmulSums = true;
  pm.addNestedPass<func::FuncOp>(createGnDecomposePass(decompose));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Half GEMMs rounded straight back stay half: cuBLAS accumulates them in
  // f32 and rounds once, with no f32 copy of the weight.
  pm.addNestedPass<func::FuncOp>(createGnNarrowMatmulPass());
  // Attention's head split after a projection's bias add: the add's kernel
  // writes the permuted heads, no copy kernel after it; q, k and v cut from
  // one projection are views that kernel reads.
  if (options.mergeLaunches)
    pm.addNestedPass<func::FuncOp>(createGnHoistViewsPass());
  // Regions whose intermediates outgrow the budget run in bands, as on the
  // CPU, but at most 8 a region, only where the bands bring the estimate
  // within it, and only where the estimate exceeds it by 4 MiB or more:
  // each band is launches of its own (LINKX: 110 more steps to save 0.8
  // MB; mobilenet_v2 and efficientnet_b0, 45 and 16 more, fit unbanded).
  GnStreamBandsPassOptions stream;
  stream.memoryRatio = options.memoryRatio;
  stream.bandBytes = options.bandBytes;
  stream.maxBands = options.maxBands;
  stream.requireFit = options.requireFit;
  stream.minExcessBytes = options.bandMinExcessBytes;
  stream.bandGemms = true; // linear is a GEMM and a bias add here
  pm.addNestedPass<func::FuncOp>(createGnStreamBandsPass(stream));
  // GEMMs of one input with weights of one shape (q, k and v) are one
  // batched GEMM over the weights placed side by side (argument packs).
  // After the bands: a band's q, k and v group, each band over the same
  // weights.
  if (options.mergeLaunches)
    pm.addNestedPass<func::FuncOp>(createGnGroupMatmulsPass());
  // A convolution's bias joins the next elementwise kernel instead of a
  // second cuDNN call.
  pm.addNestedPass<func::FuncOp>(createGnSplitConvBiasPass());
  GnFormFusionGroupsPassOptions fuse;
  fuse.maxOps = options.maxFusionOps;
  fuse.attentionKernels = true;
  // cuDNN's f32 depthwise convolutions are slow enough that PyTorch runs
  // its own kernel on CUDA; gn's: a thread per output element over its taps
  // (CopyKernels' emitDepthwiseConv).
  fuse.depthwiseKernels = options.depthwiseKernels;
  // No sort in the CUDA runtime's libraries: top-k ranks each element.
  fuse.rankKernels = true;
  // Each launch is a node of the forward's graph (about 5 us each on an
  // H200, inferred, not timed per node: LINKX's banded program ran 0.57 ms
  // longer than its unbanded one with 114 more nodes). So: a batch norm's
  // scale and shift are one kernel, not four (merge-groups); a layer norm's
  // per-row mean or a batch norm's per-channel scale is recomputed by the
  // kernel that reads it rather than launched and stored (absorb); a layer
  // norm or softmax is one kernel, its row statistics in registers
  // (row-groups); independent kernels over one shape, q, k and v's bias
  // adds, are one (merge-siblings).
  setLaunchMerging(fuse, options.mergeLaunches);
  pm.addNestedPass<func::FuncOp>(createGnFormFusionGroupsPass(fuse));
  GnSchedulePassOptions schedule;
  schedule.blockThreads = options.blockThreads;
  pm.addNestedPass<func::FuncOp>(createGnSchedulePass(schedule));
  pm.addPass(createGnOutlineKernelsPass());
  pm.addPass(createGnMapKernelsToGPUPass());
  if (!options.lowerToBinary)
    return;
  // On @gn_kernels: launches -> gpu.func in gpu.module, then NVVM and PTX.
  OpPassManager &kernels = pm.nest<ModuleOp>();
  kernels.addPass(createGpuKernelOutliningPass());
  std::string toolkit = cudaToolkitPath(options.cudaPath);
  GpuNVVMAttachTargetOptions attach;
  attach.chip = options.chip;
  attach.features = options.features;
  attach.optLevel = options.optLevel;
  kernels.addPass(createGpuNVVMAttachTarget(attach));
  OpPassManager &device = kernels.nest<gpu::GPUModuleOp>();
  // Kernels a launch may overlap (programmatic dependent launch: Hopper's
  // griddepcontrol, sm_90 on), which the runtime uses with GN_CUDA_PDL=1.
  int smVersion = 0;
  if (options.gridDependencyControl &&
      llvm::StringRef(options.chip).starts_with("sm_") &&
      !llvm::StringRef(options.chip).drop_front(3).take_while(llvm::isDigit).getAsInteger(
          10, smVersion) &&
      smVersion >= 90)
    device.addPass(createGnGridDependencyControlPass());
  device.addPass(memref::createExpandStridedMetadataPass());
  device.addPass(createLowerAffinePass());
  device.addPass(createSCFToControlFlowPass());
  ConvertGpuOpsToNVVMOpsOptions nvvm;
  nvvm.useBarePtrCallConv = true;
  device.addPass(createConvertGpuOpsToNVVMOps(nvvm));
  // What libdevice does not cover (trunc, integer abs) as LLVM intrinsics.
  device.addPass(createConvertMathToLLVMPass());
  device.addPass(createCanonicalizerPass());
  device.addPass(createCSEPass());
  device.addPass(createReconcileUnrealizedCastsPass());
  GpuModuleToBinaryPassOptions binary;
  binary.toolkitPath = toolkit;
  binary.compilationTarget = "isa"; // PTX text: loaded by the driver, checked by ptxas
  kernels.addPass(createGpuModuleToBinaryPass(binary));
}
