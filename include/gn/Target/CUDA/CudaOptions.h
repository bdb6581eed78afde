//===- CudaOptions.h - the CUDA target's runtime switches ------*- C++ -*-===//
//
// How a CUDA program is assembled, loaded and run, without changing what
// gn-cuda-pipeline compiles: the GEMM library and its algorithm choice, the
// convolution algorithm choice and math, programmatic dependent launch, the
// ahead-of-time cubins, and where the driver and libraries come from. Typed
// here, read from the environment in one place (Switches::readEnvironment),
// shown by --help and written into every record. MLIR-free: the small
// runner (tools/gn-cuda-run) uses it too.
//
//===----------------------------------------------------------------------===//
#ifndef GN_TARGET_CUDA_CUDAOPTIONS_H
#define GN_TARGET_CUDA_CUDAOPTIONS_H

#include "gn/Support/Switches.h"

namespace mlir::gn::cuda {

struct CudaOptions : Switches {
  /// GN_GEMM: cuBLASLt with each product's candidates timed at load, its
  /// first heuristic choice, or cuBLAS.
  enum class Gemm { Tuned, Heuristic, Cublas } gemm = Gemm::Tuned;
  /// GN_CUBLAS_MATH=pedantic: cuBLAS(Lt) in pedantic f32 math (no split-K
  /// reordering shortcuts).
  bool cublasPedantic = false;
  /// GN_CUBLAS_API=batched: every cuBLAS GEMM through the strided-batched
  /// entry, a batch of one included.
  bool cublasAlwaysBatched = false;
  /// GN_CUDNN_ALGO: how each distinct convolution's algorithm is chosen
  /// (lib/Target/CUDA/CudaConv.h).
  enum class ConvAlgo { Heuristic, Graph, Timed, Find } convAlgo = ConvAlgo::Heuristic;
  /// GN_CUDNN_MATH=tf32: convolutions may use TF32 tensor cores (PyTorch's
  /// default for convolutions); gn's default is FMA math.
  bool convTf32 = false;
  /// GN_CUDA_PDL=1: programmatic dependent launch between gn's kernels.
  bool programmaticLaunch = false;
  /// GN_CUDA_CUBIN=0: no ahead-of-time cubins (ptxas); the driver
  /// JIT-compiles the PTX at load.
  bool cubin = true;
  /// GN_CUDA_LIBRARY_PATH: directories searched first for cuBLAS(Lt) and
  /// cuDNN (colon-separated).
  std::string libraryPath;
  /// GN_LIBCUDA: the driver library to load instead of libcuda.so.1.
  std::string driverLibrary;

  const char *owner() const override { return "cuda"; }
  llvm::ArrayRef<SwitchInfo> table() const override;
  std::string get(llvm::StringRef key) const override;

  /// The switches that change what is compiled ("cubin=1"), as part of a
  /// program's cache key (gn/Support/ProgramCache.h).
  std::string compileKey() const { return "cubin=" + get("cubin"); }

  /// The defaults, overridden by the environment; false with `error` on a
  /// bad value.
  static bool fromEnvironment(CudaOptions &out, std::string &error);

protected:
  bool assign(llvm::StringRef key, llvm::StringRef value, std::string &error) override;
};

const char *gemmModeName(CudaOptions::Gemm mode);
const char *convAlgoName(CudaOptions::ConvAlgo mode);

} // namespace mlir::gn::cuda

#endif // GN_TARGET_CUDA_CUDAOPTIONS_H
