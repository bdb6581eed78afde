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
  Option<int64_t> bandMinExcessBytes{
      *this, "band-min-excess-bytes",
      llvm::cl::desc("gn-stream-bands: leave a function whole while its estimated peak exceeds "
                     "memory-ratio by less than this (a few MB more on a CPU host cost less than "
                     "the bands' calls: UniSpeechSat 27.3 -> 16.5 ms, GraphSAGE 4.4 -> 2.5 whole)"),
      llvm::cl::init(16 << 20)};
  Option<bool> channelsLastConvolutions{
      *this, "channels-last-convolutions",
      llvm::cl::desc("gn-channels-last: convolutions on channels-last data, which oneDNN's "
                     "kernels read without a reorder per call (not with depthwise-kernels, "
                     "whose kernel reads channels first)"),
      llvm::cl::init(true)};
  Option<bool> lowerToLLVM{*this, "lower-to-llvm",
                           llvm::cl::desc("Lower the kernels to the LLVM dialect"),
                           llvm::cl::init(true)};
  Option<unsigned> vectorWidth{
      *this, "vector-width",
      llvm::cl::desc("gn-lower-kernels-to-llvm: the widest vectors of the kernels, in bits "
                     "(0: the CPU's own preference)"),
      llvm::cl::init(0)};
  Option<bool> testMiscompile{
      *this, "test-miscompile",
      llvm::cl::desc("Testing only: compile ops marked gn.test.miscompile wrongly (result + 1), "
                     "a known fault for gn-eval bisect"),
      llvm::cl::init(false)};
  Option<bool> parallelCopyLoops{
      *this, "parallel-copy-loops",
      llvm::cl::desc("Testing only: copy kernels' loop nests as gn-cuda-pipeline emits them "
                     "(scf.parallel, a 1-d scatter's target scan), run on the CPU against the "
                     "interpreter"),
      llvm::cl::init(false)};
  Option<bool> bandGemms{
      *this, "band-gemms",
      llvm::cl::desc("Testing only: gn-stream-bands bands GEMMs too (as gn-cuda-pipeline does), so "
                     "banded GEMMs are checked against the interpreter without a GPU"),
      llvm::cl::init(false)};
  Option<bool> attentionKernels{
      *this, "attention-kernels",
      llvm::cl::desc("Testing only: compile gn.attention that the attention copy kernel takes "
                     "as that kernel (the CUDA pipeline's), not the library call, so the kernel "
                     "is checked against the interpreter without a GPU"),
      llvm::cl::init(false)};
  Option<bool> depthwiseKernels{
      *this, "depthwise-kernels",
      llvm::cl::desc("Testing only: compile depthwise gn.conv as the depthwise copy kernel "
                     "(the CUDA pipeline's), not the library call, so the kernel is checked "
                     "against the interpreter without a GPU"),
      llvm::cl::init(false)};
  Option<bool> rankKernels{
      *this, "rank-kernels",
      llvm::cl::desc("Testing only: compile gn.top_k as the rank copy kernel and gn.nonzero "
                     "as the scan kernel (the CUDA pipeline's), not host library calls, so "
                     "the kernels are checked against the interpreter without a GPU"),
      llvm::cl::init(false)};
  Option<bool> mergeLaunches{
      *this, "merge-launches",
      llvm::cl::desc("Testing only: gn-cuda-pipeline's merge-launches (gn-hoist-views, and "
                     "gn-form-fusion-groups merging the groups an op reads, absorbing small "
                     "broadcast producers, forming row groups and merging siblings), so those "
                     "kernels are checked against the interpreter without a GPU"),
      llvm::cl::init(false)};
};

/// gn-cpu-pipeline: decompose, canonicalize, CSE, form fusion groups,
/// schedule, outline kernels to linalg, lower the kernels to LLVM. The
/// result is a host function of gn ops and gn.launch calls plus the
/// @gn_kernels module in the LLVM dialect, which lib/Runtime JIT-compiles.
void buildCpuPipeline(OpPassManager &pm, const CpuPipelineOptions &options);

struct CudaPipelineOptions : public PassPipelineOptions<CudaPipelineOptions> {
  Option<std::string> chip{*this, "chip", llvm::cl::desc("GPU architecture (sm_90: H100, H200)"),
                           llvm::cl::init("sm_90")};
  Option<std::string> features{*this, "features", llvm::cl::desc("PTX features (PTX ISA version)"),
                               llvm::cl::init("+ptx80")};
  Option<unsigned> optLevel{*this, "opt-level", llvm::cl::desc("LLVM -O level for the kernels"),
                            llvm::cl::init(3)};
  Option<int64_t> blockThreads{*this, "block-threads", llvm::cl::desc("Threads per block"),
                               llvm::cl::init(256)};
  Option<unsigned> maxFusionOps{*this, "max-fusion-ops",
                                llvm::cl::desc("Largest fusion group, in ops (1: a kernel per op)"),
                                llvm::cl::init(64)};
  Option<double> attentionMinShare{
      *this, "attention-min-share",
      llvm::cl::desc("Compile gn.attention as one kernel (no score matrix stored) where its score "
                     "matrix would hold at least this share of the arguments and results; "
                     "negative: never"),
      llvm::cl::init(0.25)};
  Option<double> memoryRatio{
      *this, "memory-ratio",
      llvm::cl::desc("gn-stream-bands: stream regions while the estimated peak exceeds this many "
                     "times (arguments + results); 0 disables"),
      llvm::cl::init(1.5)};
  Option<int64_t> bandBytes{*this, "band-bytes",
                            llvm::cl::desc("gn-stream-bands: least room for a band's intermediates"),
                            llvm::cl::init(65536)};
  Option<int64_t> maxBands{*this, "max-bands",
                           llvm::cl::desc("gn-stream-bands: most bands per region (each band is "
                                          "its own launches)"),
                           llvm::cl::init(8)};
  Option<int64_t> bandMinExcessBytes{
      *this, "band-min-excess-bytes",
      llvm::cl::desc("gn-stream-bands: leave a function whole while its estimated peak exceeds "
                     "memory-ratio by less than this (each band is launches of its own: "
                     "LINKX's 0.8 MB excess became 110 more steps, 0.57 ms on an H200)"),
      llvm::cl::init(4 << 20)};
  Option<bool> requireFit{
      *this, "stream-require-fit",
      llvm::cl::desc("gn-stream-bands: keep the bands only where they bring the estimated peak "
                     "within memory-ratio"),
      llvm::cl::init(true)};
  Option<bool> mergeLaunches{
      *this, "merge-launches",
      llvm::cl::desc("Fewer, larger kernels: gn-hoist-views, and gn-form-fusion-groups merging "
                     "the groups an op reads, absorbing small broadcast producers, forming row "
                     "groups and merging siblings (false: without them, to time what they save)"),
      llvm::cl::init(true)};
  Option<bool> depthwiseKernels{
      *this, "depthwise-kernels",
      llvm::cl::desc("Depthwise convolutions as gn's kernel, a thread per output element over "
                     "its taps (false: cuDNN's, to time what the kernel saves)"),
      llvm::cl::init(true)};
  Option<bool> gridDependencyControl{
      *this, "grid-dependency-control",
      llvm::cl::desc("Every kernel starts with griddepcontrol.wait and launch_dependents (sm_90 "
                     "and later), so the runtime may launch it with programmatic dependent "
                     "launch (GN_CUDA_PDL=1); no-ops otherwise"),
      llvm::cl::init(true)};
  Option<std::string> cudaPath{
      *this, "cuda-path",
      llvm::cl::desc("CUDA toolkit (libdevice); default $CUDA_HOME, else /usr/local/cuda"),
      llvm::cl::init("")};
  Option<bool> lowerToBinary{
      *this, "lower-to-binary",
      llvm::cl::desc("Outline the launches and serialize them to PTX (false: stop at gpu.launch)"),
      llvm::cl::init(true)};
};

/// gn-cuda-pipeline: decompose, canonicalize, CSE, form fusion groups,
/// schedule for CUDA, outline kernels, map them onto gpu.launch, outline
/// the launches and lower them to PTX (gpu.binary in @gn_kernels). The host
/// function keeps gn ops and gn.launch calls, each naming a kernel function
/// of gpu.launch_func ops that the CUDA runtime reads as its launch plan.
void buildCudaPipeline(OpPassManager &pm, const CudaPipelineOptions &options);

/// The CUDA toolkit to use: `option` if set, else $CUDA_HOME (CUDA_ROOT,
/// CUDA_PATH), else /usr/local/cuda; and libdevice inside it.
std::string cudaToolkitPath(llvm::StringRef option);
std::string libdevicePath(llvm::StringRef toolkit);

void registerPipelines();

} // namespace mlir::gn

#endif // GN_PIPELINES_PIPELINES_H
