//===- CudaAbiTest.cpp - gn's CUDA declarations against the toolkit's ----===//
//
// lib/Target/CUDA/CudaApi.h declares the few CUDA driver, cuBLAS(Lt) and
// cuDNN types and constants gn uses, so gn builds without the toolkit and
// loads the libraries with dlopen. Built only where the toolkit's headers
// are (test/unit/CMakeLists.txt): each value is checked against them at
// compile time, and the structs gn passes by pointer are checked for size
// and layout.
//
//===----------------------------------------------------------------------===//
#include "../../lib/Target/CUDA/CudaApi.h"
#include <cstddef>
#include <cublasLt.h>
#include <cublas_api.h>
#include <cuda.h>
#include <cudnn.h>
#include <dlfcn.h>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace mlir::gn::cuda;

// The driver.
static_assert(kDeviceAttributeComputeCapabilityMajor == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR);
static_assert(kDeviceAttributeComputeCapabilityMinor == CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR);
static_assert(kStreamNonBlocking == CU_STREAM_NON_BLOCKING);
static_assert(kStreamCaptureModeThreadLocal == CU_STREAM_CAPTURE_MODE_THREAD_LOCAL);
static_assert(kEventRecordExternal == CU_EVENT_RECORD_EXTERNAL);
static_assert(kJitErrorLogBuffer == CU_JIT_ERROR_LOG_BUFFER);
static_assert(kJitErrorLogBufferSizeBytes == CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES);
static_assert(kLaunchAttributeProgrammaticStreamSerialization ==
              CU_LAUNCH_ATTRIBUTE_PROGRAMMATIC_STREAM_SERIALIZATION);
static_assert(sizeof(LaunchAttribute) == sizeof(CUlaunchAttribute) &&
              offsetof(LaunchAttribute, value) == offsetof(CUlaunchAttribute, value) &&
              sizeof(LaunchAttribute::value) == sizeof(CUlaunchAttributeValue));
static_assert(sizeof(LaunchConfig) == sizeof(CUlaunchConfig) &&
              offsetof(LaunchConfig, sharedMemBytes) == offsetof(CUlaunchConfig, sharedMemBytes) &&
              offsetof(LaunchConfig, hStream) == offsetof(CUlaunchConfig, hStream) &&
              offsetof(LaunchConfig, attrs) == offsetof(CUlaunchConfig, attrs) &&
              offsetof(LaunchConfig, numAttrs) == offsetof(CUlaunchConfig, numAttrs));

// cuBLAS.
static_assert(kCublasOpN == CUBLAS_OP_N && kCublasOpT == CUBLAS_OP_T);
static_assert(kCudaR32F == CUDA_R_32F && kCudaR64F == CUDA_R_64F && kCudaR16F == CUDA_R_16F &&
              kCudaR16BF == CUDA_R_16BF);
static_assert(kCublasCompute32F == CUBLAS_COMPUTE_32F &&
              kCublasCompute32FPedantic == CUBLAS_COMPUTE_32F_PEDANTIC &&
              kCublasCompute64F == CUBLAS_COMPUTE_64F);
static_assert(kCublasGemmDefault == CUBLAS_GEMM_DEFAULT);
static_assert(kCublasDefaultMathNoReducedReduction ==
              (CUBLAS_DEFAULT_MATH | CUBLAS_MATH_DISALLOW_REDUCED_PRECISION_REDUCTION));
static_assert(kCublasPedanticMath == CUBLAS_PEDANTIC_MATH);

// cuBLASLt.
static_assert(kLtDescTransA == CUBLASLT_MATMUL_DESC_TRANSA &&
              kLtDescTransB == CUBLASLT_MATMUL_DESC_TRANSB);
static_assert(kLtLayoutBatchCount == CUBLASLT_MATRIX_LAYOUT_BATCH_COUNT &&
              kLtLayoutBatchStride == CUBLASLT_MATRIX_LAYOUT_STRIDED_BATCH_OFFSET);
static_assert(kLtPrefMaxWorkspaceBytes == CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES);
static_assert(kLtPrefReductionSchemeMask == CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK &&
              kLtReductionSchemeComputeType == CUBLASLT_REDUCTION_SCHEME_COMPUTE_TYPE);
static_assert(kLtPrefMinAlignmentABytes == CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_A_BYTES &&
              kLtPrefMinAlignmentABytes + 1 == CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_B_BYTES &&
              kLtPrefMinAlignmentABytes + 2 == CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_C_BYTES &&
              kLtPrefMinAlignmentABytes + 3 == CUBLASLT_MATMUL_PREF_MIN_ALIGNMENT_D_BYTES);

// cuDNN.
static_assert(kCudnnDataFloat == CUDNN_DATA_FLOAT && kCudnnDataDouble == CUDNN_DATA_DOUBLE &&
              kCudnnDataHalf == CUDNN_DATA_HALF && kCudnnDataBfloat16 == CUDNN_DATA_BFLOAT16);
static_assert(kCudnnTensorNchw == CUDNN_TENSOR_NCHW);
static_assert(kCudnnCrossCorrelation == CUDNN_CROSS_CORRELATION);
static_assert(kCudnnFmaMath == CUDNN_FMA_MATH);
static_assert(kCudnnDefaultMath == CUDNN_DEFAULT_MATH);

TEST(CudaAbi, StructsGnPassesByPointerMatchTheToolkit) {
  EXPECT_EQ(sizeof(CublasLtAlgo), sizeof(cublasLtMatmulAlgo_t));
  EXPECT_EQ(sizeof(CublasLtHeuristic), sizeof(cublasLtMatmulHeuristicResult_t));
  EXPECT_EQ(offsetof(CublasLtHeuristic, workspaceSize),
            offsetof(cublasLtMatmulHeuristicResult_t, workspaceSize));
  EXPECT_EQ(offsetof(CublasLtHeuristic, state), offsetof(cublasLtMatmulHeuristicResult_t, state));
  EXPECT_EQ(sizeof(CudnnConvolutionFwdAlgoPerf), sizeof(cudnnConvolutionFwdAlgoPerf_t));
  EXPECT_EQ(offsetof(CudnnConvolutionFwdAlgoPerf, memory),
            offsetof(cudnnConvolutionFwdAlgoPerf_t, memory));
  EXPECT_EQ(offsetof(CudnnConvolutionFwdAlgoPerf, mathType),
            offsetof(cudnnConvolutionFwdAlgoPerf_t, mathType));
}

// The toolkit's own libraries, where installed beside its headers: every
// symbol gn resolves by name exists in them (a misspelt entry point would
// otherwise surface only on a GPU machine). Loading needs no GPU.
TEST(CudaAbi, EverySymbolGnLooksUpIsInTheToolkitsLibraries) {
  const char *dir = "/usr/local/cuda/lib64";
  if (access((std::string(dir) + "/libcublasLt.so.13").c_str(), R_OK) != 0)
    GTEST_SKIP() << "no CUDA 13 libraries in " << dir;
  CudaOptions options;
  options.libraryPath = dir;
  std::string error;
  // Each library loads once a process: the check means something only if
  // the one loaded is the toolkit's (not a stand-in an earlier test chose).
  auto fromToolkit = [&](void *symbol) {
    Dl_info info{};
    return dladdr(symbol, &info) != 0 && info.dli_fname &&
           std::string(info.dli_fname).rfind(dir, 0) == 0;
  };
  const Cublas *cublas = loadCublas(options, error);
  ASSERT_NE(cublas, nullptr) << error;
  EXPECT_TRUE(fromToolkit(reinterpret_cast<void *>(cublas->create)));
  const CublasLt *lt = loadCublasLt(options, error);
  ASSERT_NE(lt, nullptr) << error;
  EXPECT_TRUE(fromToolkit(reinterpret_cast<void *>(lt->create)));
  if (access((std::string(dir) + "/libcudnn.so.9").c_str(), R_OK) == 0) {
    const Cudnn *cudnn = loadCudnn(options, error);
    ASSERT_NE(cudnn, nullptr) << error;
    EXPECT_TRUE(fromToolkit(reinterpret_cast<void *>(cudnn->create)));
  }
}
