//===- CpuPipeline.cpp - gn-cpu-pipeline ----------------------------------===//
#include "gn/Conversion/Passes.h"
#include "gn/Pipelines/Pipelines.h"
#include "gn/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

void mlir::gn::buildCpuPipeline(OpPassManager &pm, const CpuPipelineOptions &options) {
  GnSetTargetPassOptions target;
  target.target = "cpu";
  pm.addPass(createGnSetTargetPass(target));
  if (options.testMiscompile)
    pm.addNestedPass<func::FuncOp>(createGnTestMiscompilePass());
  // Before decompose, which would split the softmax it matches.
  pm.addNestedPass<func::FuncOp>(createGnRaiseAttentionPass());
  pm.addNestedPass<func::FuncOp>(createGnReorderAggregationPass());
  // linear stays whole: one GEMM call with the transposed weight, instead
  // of a transpose kernel and a matmul; attention stays whole for its
  // row-blocked kernel, which never stores the score matrix; a transposed
  // convolution stays whole for oneDNN.
  GnDecomposePassOptions decompose;
  decompose.legalOps = {"linear", "attention", "conv_transpose"};
  pm.addNestedPass<func::FuncOp>(createGnDecomposePass(decompose));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  if (options.mergeLaunches) // gn-cuda-pipeline's launch merging, for testing
    pm.addNestedPass<func::FuncOp>(createGnHoistViewsPass());
  // On the decomposed graph, before fusion decides the kernels of each band.
  GnStreamBandsPassOptions stream;
  stream.memoryRatio = options.memoryRatio;
  stream.minExcessBytes = options.bandMinExcessBytes;
  stream.bandGemms = options.bandGemms;
  pm.addNestedPass<func::FuncOp>(createGnStreamBandsPass(stream));
  // After the bands (which slice convolutions' inputs channels first).
  if (options.channelsLastConvolutions && !options.depthwiseKernels)
    pm.addNestedPass<func::FuncOp>(createGnChannelsLastPass());
  if (options.mergeLaunches) // as gn-cuda-pipeline groups q, k and v (a copy of the weights here)
    pm.addNestedPass<func::FuncOp>(createGnGroupMatmulsPass());
  GnFormFusionGroupsPassOptions fuse;
  fuse.maxOps = options.maxFusionOps;
  fuse.attentionKernels = options.attentionKernels;
  fuse.depthwiseKernels = options.depthwiseKernels;
  fuse.rankKernels = options.rankKernels;
  setLaunchMerging(fuse, options.mergeLaunches);
  pm.addNestedPass<func::FuncOp>(createGnFormFusionGroupsPass(fuse));
  GnSchedulePassOptions schedule;
  schedule.minParallelElements = options.minParallelElements;
  schedule.threadCopies = options.threadCopies;
  pm.addNestedPass<func::FuncOp>(createGnSchedulePass(schedule));
  GnOutlineKernelsPassOptions outline;
  outline.parallelCopyLoops = options.parallelCopyLoops;
  pm.addPass(createGnOutlineKernelsPass(outline));
  if (options.lowerToLLVM) {
    GnLowerKernelsToLLVMPassOptions lower;
    lower.vectorWidth = options.vectorWidth;
    pm.addPass(createGnLowerKernelsToLLVMPass(lower));
  }
}
