//===- CudaOptions.cpp - the CUDA target's runtime switches --------------===//
#include "gn/Target/CUDA/CudaOptions.h"

using namespace mlir::gn;
using namespace mlir::gn::cuda;

static const SwitchInfo kCudaSwitches[] = {
    {"gemm", "GN_GEMM", "tuned|heuristic|cublas", "tuned",
     "GEMMs through cuBLASLt with each product's candidate algorithms timed at load (tuned), "
     "cuBLASLt's first heuristic choice (heuristic), or cuBLAS (cublas)"},
    {"cublas-math", "GN_CUBLAS_MATH", "default|pedantic", "default",
     "cuBLAS and cuBLASLt in their default f32 math, or in pedantic math"},
    {"cublas-api", "GN_CUBLAS_API", "auto|batched", "auto",
     "cuBLAS GEMMs of one matrix through cublasGemmEx (auto), or every GEMM through the "
     "strided-batched entry (batched)"},
    {"conv-algo", "GN_CUDNN_ALGO", "heuristic|graph|timed|find", "heuristic",
     "Convolution algorithms: cuDNN's heuristic guess, each candidate timed inside the "
     "forward's CUDA graph (graph), timed alone at load (timed), or cudnnFind's choice (find)"},
    {"conv-math", "GN_CUDNN_MATH", "fma|tf32", "fma",
     "Convolutions in FMA math, or allowed TF32 tensor cores (PyTorch's default)"},
    {"pdl", "GN_CUDA_PDL", "0|1", "0",
     "Launch a kernel that follows another of gn's kernels with programmatic dependent "
     "launch (sm_90 and later), overlapping its launch with the end of the one before"},
    {"cubin", "GN_CUDA_CUBIN", "0|1", "1",
     "Assemble each kernel module with the toolkit's ptxas when compiling, so a GPU of that "
     "architecture loads it without JIT-compiling the PTX"},
    {"library-path", "GN_CUDA_LIBRARY_PATH", "<dir>[:<dir>...]", "",
     "Directories searched first for cuBLAS, cuBLASLt and cuDNN"},
    {"driver", "GN_LIBCUDA", "<path>", "",
     "The CUDA driver library to load instead of libcuda.so.1 (the test suite's stand-in)"},
};

llvm::ArrayRef<SwitchInfo> CudaOptions::table() const { return kCudaSwitches; }

const char *mlir::gn::cuda::gemmModeName(CudaOptions::Gemm mode) {
  static const char *names[] = {"tuned", "heuristic", "cublas"};
  return names[int(mode)];
}

const char *mlir::gn::cuda::convAlgoName(CudaOptions::ConvAlgo mode) {
  static const char *names[] = {"heuristic", "graph", "timed", "find"};
  return names[int(mode)];
}

std::string CudaOptions::get(llvm::StringRef key) const {
  if (key == "gemm")
    return gemmModeName(gemm);
  if (key == "cublas-math")
    return cublasPedantic ? "pedantic" : "default";
  if (key == "cublas-api")
    return cublasAlwaysBatched ? "batched" : "auto";
  if (key == "conv-algo")
    return convAlgoName(convAlgo);
  if (key == "conv-math")
    return convTf32 ? "tf32" : "fma";
  if (key == "pdl")
    return programmaticLaunch ? "1" : "0";
  if (key == "cubin")
    return cubin ? "1" : "0";
  if (key == "library-path")
    return libraryPath;
  if (key == "driver")
    return driverLibrary;
  return "";
}

bool CudaOptions::assign(llvm::StringRef key, llvm::StringRef value, std::string &error) {
  int i = 0;
  if (key == "gemm") {
    if (!parseChoice(value, {"tuned", "heuristic", "cublas"}, i, error))
      return false;
    gemm = Gemm(i);
  } else if (key == "cublas-math") {
    if (!parseChoice(value, {"default", "pedantic"}, i, error))
      return false;
    cublasPedantic = i == 1;
  } else if (key == "cublas-api") {
    if (!parseChoice(value, {"auto", "batched"}, i, error))
      return false;
    cublasAlwaysBatched = i == 1;
  } else if (key == "conv-algo") {
    if (!parseChoice(value, {"heuristic", "graph", "timed", "find"}, i, error))
      return false;
    convAlgo = ConvAlgo(i);
  } else if (key == "conv-math") {
    if (!parseChoice(value, {"fma", "tf32"}, i, error))
      return false;
    convTf32 = i == 1;
  } else if (key == "pdl") {
    return parseFlag(value, programmaticLaunch, error);
  } else if (key == "cubin") {
    return parseFlag(value, cubin, error);
  } else if (key == "library-path") {
    libraryPath = value.str();
  } else if (key == "driver") {
    driverLibrary = value.str();
  }
  return true;
}

bool CudaOptions::fromEnvironment(CudaOptions &out, std::string &error) {
  out = CudaOptions();
  return out.readEnvironment(error);
}
