//===- CudaApi.h - the CUDA driver, cuBLAS and cuDNN, loaded at run time -===//
//
// gn never links libcuda, cuBLAS or cuDNN: the same binary runs on machines
// without a GPU (where --device cuda says so in one line) and on GPU
// machines whose libraries come from elsewhere (PyTorch's wheels). Each
// library is dlopen'ed on first use; the few types and constants gn uses are
// declared here (their values are the CUDA 12/13 ABI; test/unit checks them
// against the toolkit's headers where those are installed).
//
// Search (the switches of gn/Target/CUDA/CudaOptions.h): the `driver`
// switch (GN_LIBCUDA; a stand-in in the tests), else libcuda.so.1; cuBLAS
// and cuDNN by soname (libcublas.so.13, .12; libcudnn.so.9) in each
// directory of `library-path` (GN_CUDA_LIBRARY_PATH, colon-separated),
// then through the loader's path.
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_TARGET_CUDA_CUDAAPI_H
#define GN_LIB_TARGET_CUDA_CUDAAPI_H

#include "gn/Target/CUDA/CudaOptions.h"
#include <cstddef>
#include <cstdint>
#include <string>

namespace mlir::gn::cuda {

using CUresult = int;
using CUdevice = int;
using CUdeviceptr = unsigned long long;
using CUcontext = struct CUctx_st *;
using CUmodule = struct CUmod_st *;
using CUfunction = struct CUfunc_st *;
using CUstream = struct CUstream_st *;
using CUevent = struct CUevent_st *;
using CUgraph = struct CUgraph_st *;
using CUgraphExec = struct CUgraphExec_st *;

constexpr int kDeviceAttributeComputeCapabilityMajor = 75;
constexpr int kDeviceAttributeComputeCapabilityMinor = 76;
constexpr int kStreamNonBlocking = 1;
constexpr int kStreamCaptureModeThreadLocal = 1;
constexpr unsigned kEventRecordExternal = 1; // CU_EVENT_RECORD_EXTERNAL
constexpr int kLaunchAttributeProgrammaticStreamSerialization = 6;

/// CUlaunchAttribute: an attribute id and its value (a 64-byte union).
struct LaunchAttribute {
  int id;
  char pad[4];
  union {
    int programmaticStreamSerializationAllowed;
    char bytes[64];
    void *align; // the union holds pointers: 8-byte aligned
  } value;
};

/// CUlaunchConfig: cuLaunchKernelEx's grid, block, stream and attributes.
struct LaunchConfig {
  unsigned gridDimX, gridDimY, gridDimZ;
  unsigned blockDimX, blockDimY, blockDimZ;
  unsigned sharedMemBytes;
  CUstream hStream;
  LaunchAttribute *attrs;
  unsigned numAttrs;
};
constexpr int kJitErrorLogBuffer = 5;           // CU_JIT_ERROR_LOG_BUFFER
constexpr int kJitErrorLogBufferSizeBytes = 6;  // CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES

/// The driver entry points gn calls (versioned names where cuda.h maps the
/// plain ones to _v2).
struct Driver {
  CUresult (*init)(unsigned);
  CUresult (*getErrorName)(CUresult, const char **);
  CUresult (*getErrorString)(CUresult, const char **);
  CUresult (*deviceGetCount)(int *);
  CUresult (*deviceGet)(CUdevice *, int);
  CUresult (*deviceGetName)(char *, int, CUdevice);
  CUresult (*deviceGetAttribute)(int *, int, CUdevice);
  CUresult (*primaryCtxRetain)(CUcontext *, CUdevice);
  CUresult (*ctxSetCurrent)(CUcontext);
  CUresult (*ctxSynchronize)();
  CUresult (*moduleLoadDataEx)(CUmodule *, const void *, unsigned, int *, void **);
  CUresult (*moduleUnload)(CUmodule);
  CUresult (*moduleGetFunction)(CUfunction *, CUmodule, const char *);
  CUresult (*moduleGetGlobal)(CUdeviceptr *, size_t *, CUmodule, const char *);
  CUresult (*memAlloc)(CUdeviceptr *, size_t);
  CUresult (*memFree)(CUdeviceptr);
  CUresult (*memGetInfo)(size_t *, size_t *);
  CUresult (*memcpyHtoD)(CUdeviceptr, const void *, size_t);
  CUresult (*memcpyDtoH)(void *, CUdeviceptr, size_t);
  CUresult (*memcpyDtoHAsync)(void *, CUdeviceptr, size_t, CUstream);
  CUresult (*memAllocHost)(void **, size_t);
  CUresult (*memFreeHost)(void *);
  CUresult (*memcpyDtoDAsync)(CUdeviceptr, CUdeviceptr, size_t, CUstream);
  CUresult (*memsetD8Async)(CUdeviceptr, unsigned char, size_t, CUstream);
  CUresult (*streamCreate)(CUstream *, unsigned);
  CUresult (*streamDestroy)(CUstream);
  CUresult (*streamSynchronize)(CUstream);
  CUresult (*launchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned,
                           unsigned, unsigned, CUstream, void **, void **);
  // Null where the driver predates it (CUDA 12): no programmatic launches.
  CUresult (*launchKernelEx)(const LaunchConfig *, CUfunction, void **, void **);
  CUresult (*streamBeginCapture)(CUstream, int);
  CUresult (*streamEndCapture)(CUstream, CUgraph *);
  CUresult (*graphInstantiate)(CUgraphExec *, CUgraph, unsigned long long);
  CUresult (*graphLaunch)(CUgraphExec, CUstream);
  CUresult (*graphDestroy)(CUgraph);
  CUresult (*graphExecDestroy)(CUgraphExec);
  CUresult (*eventCreate)(CUevent *, unsigned);
  CUresult (*eventRecord)(CUevent, CUstream);
  // With kEventRecordExternal on a capturing stream: an event record node.
  CUresult (*eventRecordWithFlags)(CUevent, CUstream, unsigned);
  CUresult (*eventSynchronize)(CUevent);
  CUresult (*eventQuery)(CUevent); // 0 once the event has completed
  CUresult (*eventElapsedTime)(float *, CUevent, CUevent);
  CUresult (*eventDestroy)(CUevent);

  /// "CUDA_ERROR_ILLEGAL_ADDRESS: an illegal memory access was encountered".
  std::string describe(CUresult r) const;
};

/// The driver, loaded and initialized once per process (from the first
/// caller's `options.driverLibrary` and `libraryPath`); null with `error`
/// saying why (no libcuda, no device, cuInit failed).
const Driver *loadDriver(const CudaOptions &options, std::string &error);

// cuBLAS.
using cublasHandle_t = struct cublasContext *;
using cublasStatus_t = int;
constexpr int kCublasOpN = 0, kCublasOpT = 1;
constexpr int kCudaR32F = 0, kCudaR64F = 1, kCudaR16F = 2, kCudaR16BF = 14;
constexpr int kCublasCompute32F = 68, kCublasCompute32FPedantic = 69, kCublasCompute64F = 70;
constexpr int kCublasGemmDefault = -1;
// Default math (no TF32: CUBLAS_COMPUTE_32F keeps f32 products and sums, as
// PyTorch's GEMMs with allow_tf32 off) without reduced-precision (f16)
// split-K reductions. Pedantic math, used before, is meant for numerical
// studies and may be slower (cuBLAS's documentation); on an H200 ViT-B/16's
// GEMMs under it took longer than PyTorch eager's whole forward
// (bench/results/gpu-h200-2026-11-26-run2). Not yet timed without it.
// cuBLASLt takes no math mode: its compute type says the same
// (kCublasCompute32F; ...Pedantic with GN_CUBLAS_MATH=pedantic).
constexpr int kCublasDefaultMathNoReducedReduction = 0 | 16, kCublasPedanticMath = 2;

struct Cublas {
  cublasStatus_t (*create)(cublasHandle_t *);
  cublasStatus_t (*destroy)(cublasHandle_t);
  cublasStatus_t (*setStream)(cublasHandle_t, CUstream);
  cublasStatus_t (*setMathMode)(cublasHandle_t, int);
  cublasStatus_t (*setWorkspace)(cublasHandle_t, void *, size_t);
  cublasStatus_t (*gemmStridedBatchedEx)(cublasHandle_t, int, int, int, int, int, const void *,
                                         const void *, int, int, long long, const void *, int,
                                         int, long long, const void *, void *, int, int,
                                         long long, int, int, int);
  // One product: a batch of one goes here, as PyTorch's mm does, not to the
  // batched entry. Whether the batched entry's heuristics treat one batch as
  // a plain product (split K where the output has few tiles: [197, 768] is
  // 12 tiles of 128 x 128 on 132 SMs) is not documented; untimed here.
  cublasStatus_t (*gemmEx)(cublasHandle_t, int, int, int, int, int, const void *, const void *,
                           int, int, const void *, int, int, const void *, void *, int, int, int,
                           int);
};

/// cuBLAS, loaded once; null with `error` saying which library was missing.
const Cublas *loadCublas(const CudaOptions &options, std::string &error);

// cuBLASLt: the GEMMs' default entry (CudaGemm.cpp), for its list of
// candidate algorithms, which gn times at load and keeps the fastest of.
using cublasLtHandle_t = struct cublasLtContext *;
using cublasLtMatmulDesc_t = struct cublasLtMatmulDescOpaque *;
using cublasLtMatrixLayout_t = struct cublasLtMatrixLayoutOpaque *;
using cublasLtMatmulPreference_t = struct cublasLtMatmulPreferenceOpaque *;
constexpr int kLtDescTransA = 3, kLtDescTransB = 4;           // CUBLASLT_MATMUL_DESC_TRANS{A,B}
constexpr int kLtLayoutBatchCount = 5, kLtLayoutBatchStride = 6; // ..._BATCH_COUNT, _STRIDED_BATCH_OFFSET
constexpr int kLtPrefMaxWorkspaceBytes = 1;                     // CUBLASLT_MATMUL_PREF_MAX_WORKSPACE_BYTES
constexpr int kLtPrefMinAlignmentABytes = 5;                    // then B, C, D: 6, 7, 8
constexpr int kLtPrefReductionSchemeMask = 3;  // CUBLASLT_MATMUL_PREF_REDUCTION_SCHEME_MASK
constexpr uint32_t kLtReductionSchemeComputeType = 2; // split-K partials kept in the compute type

/// cublasLtMatmulAlgo_t: opaque, 64 bytes.
struct CublasLtAlgo {
  uint64_t data[8];
};

/// cublasLtMatmulHeuristicResult_t.
struct CublasLtHeuristic {
  CublasLtAlgo algo;
  size_t workspaceSize;
  cublasStatus_t state;
  float wavesCount;
  int reserved[4];
};

struct CublasLt {
  cublasStatus_t (*create)(cublasLtHandle_t *);
  cublasStatus_t (*destroy)(cublasLtHandle_t);
  cublasStatus_t (*matmulDescCreate)(cublasLtMatmulDesc_t *, int computeType, int scaleType);
  cublasStatus_t (*matmulDescDestroy)(cublasLtMatmulDesc_t);
  cublasStatus_t (*matmulDescSetAttribute)(cublasLtMatmulDesc_t, int, const void *, size_t);
  cublasStatus_t (*matrixLayoutCreate)(cublasLtMatrixLayout_t *, int type, uint64_t rows,
                                       uint64_t cols, int64_t ld);
  cublasStatus_t (*matrixLayoutDestroy)(cublasLtMatrixLayout_t);
  cublasStatus_t (*matrixLayoutSetAttribute)(cublasLtMatrixLayout_t, int, const void *, size_t);
  cublasStatus_t (*preferenceCreate)(cublasLtMatmulPreference_t *);
  cublasStatus_t (*preferenceDestroy)(cublasLtMatmulPreference_t);
  cublasStatus_t (*preferenceSetAttribute)(cublasLtMatmulPreference_t, int, const void *, size_t);
  cublasStatus_t (*algoGetHeuristic)(cublasLtHandle_t, cublasLtMatmulDesc_t,
                                     cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                                     cublasLtMatrixLayout_t, cublasLtMatrixLayout_t,
                                     cublasLtMatmulPreference_t, int requested,
                                     CublasLtHeuristic *, int *returned);
  cublasStatus_t (*matmul)(cublasLtHandle_t, cublasLtMatmulDesc_t, const void *alpha,
                           const void *a, cublasLtMatrixLayout_t, const void *b,
                           cublasLtMatrixLayout_t, const void *beta, const void *c,
                           cublasLtMatrixLayout_t, void *d, cublasLtMatrixLayout_t,
                           const CublasLtAlgo *, void *workspace, size_t workspaceBytes,
                           CUstream);
};

/// cuBLASLt, loaded once; null with `error` saying why.
const CublasLt *loadCublasLt(const CudaOptions &options, std::string &error);

// cuDNN (the legacy convolution API, in cuDNN 9's libcudnn shim).
using cudnnHandle_t = struct cudnnContext *;
using cudnnTensorDescriptor_t = struct cudnnTensorStruct *;
using cudnnFilterDescriptor_t = struct cudnnFilterStruct *;
using cudnnConvolutionDescriptor_t = struct cudnnConvolutionStruct *;
using cudnnStatus_t = int;
constexpr int kCudnnDataFloat = 0, kCudnnDataDouble = 1, kCudnnDataHalf = 2,
              kCudnnDataBfloat16 = 9;
constexpr int kCudnnTensorNchw = 0;
constexpr int kCudnnCrossCorrelation = 1;
constexpr int kCudnnDefaultMath = 0; // TF32 allowed on Ampere and later
constexpr int kCudnnFmaMath = 3; // no tensor cores, no TF32: f32 stays f32

struct CudnnConvolutionFwdAlgoPerf {
  int algo;
  cudnnStatus_t status;
  float time;
  size_t memory;
  int determinism;
  int mathType;
  int reserved[3];
};

struct Cudnn {
  cudnnStatus_t (*create)(cudnnHandle_t *);
  cudnnStatus_t (*setStream)(cudnnHandle_t, CUstream);
  const char *(*getErrorString)(cudnnStatus_t);
  cudnnStatus_t (*createTensorDescriptor)(cudnnTensorDescriptor_t *);
  cudnnStatus_t (*setTensorNdDescriptor)(cudnnTensorDescriptor_t, int, int, const int *,
                                         const int *);
  cudnnStatus_t (*createFilterDescriptor)(cudnnFilterDescriptor_t *);
  cudnnStatus_t (*setFilterNdDescriptor)(cudnnFilterDescriptor_t, int, int, int, const int *);
  cudnnStatus_t (*createConvolutionDescriptor)(cudnnConvolutionDescriptor_t *);
  cudnnStatus_t (*setConvolutionNdDescriptor)(cudnnConvolutionDescriptor_t, int, const int *,
                                              const int *, const int *, int, int);
  cudnnStatus_t (*setConvolutionGroupCount)(cudnnConvolutionDescriptor_t, int);
  cudnnStatus_t (*setConvolutionMathType)(cudnnConvolutionDescriptor_t, int);
  cudnnStatus_t (*getConvolutionForwardAlgorithm)(cudnnHandle_t, cudnnTensorDescriptor_t,
                                                  cudnnFilterDescriptor_t,
                                                  cudnnConvolutionDescriptor_t,
                                                  cudnnTensorDescriptor_t, int, int *,
                                                  CudnnConvolutionFwdAlgoPerf *);
  // Times each algorithm on memory it allocates (at load, not in a graph).
  cudnnStatus_t (*findConvolutionForwardAlgorithm)(cudnnHandle_t, cudnnTensorDescriptor_t,
                                                   cudnnFilterDescriptor_t,
                                                   cudnnConvolutionDescriptor_t,
                                                   cudnnTensorDescriptor_t, int, int *,
                                                   CudnnConvolutionFwdAlgoPerf *);
  cudnnStatus_t (*getConvolutionForwardWorkspaceSize)(cudnnHandle_t, cudnnTensorDescriptor_t,
                                                      cudnnFilterDescriptor_t,
                                                      cudnnConvolutionDescriptor_t,
                                                      cudnnTensorDescriptor_t, int, size_t *);
  cudnnStatus_t (*convolutionForward)(cudnnHandle_t, const void *, cudnnTensorDescriptor_t,
                                      const void *, cudnnFilterDescriptor_t, const void *,
                                      cudnnConvolutionDescriptor_t, int, void *, size_t,
                                      const void *, cudnnTensorDescriptor_t, void *);
  cudnnStatus_t (*addTensor)(cudnnHandle_t, const void *, cudnnTensorDescriptor_t, const void *,
                             const void *, cudnnTensorDescriptor_t, void *);
};

/// cuDNN, loaded once; null with `error` saying why.
const Cudnn *loadCudnn(const CudaOptions &options, std::string &error);

} // namespace mlir::gn::cuda

#endif // GN_LIB_TARGET_CUDA_CUDAAPI_H
