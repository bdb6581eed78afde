//===- CudaApi.cpp - the CUDA driver, cuBLAS(Lt) and cuDNN via dlopen ----===//
#include "CudaApi.h"
#include <dlfcn.h>
#include <mutex>
#include <sstream>
#include <vector>

using namespace mlir::gn::cuda;

namespace {

/// dlopen of the first of `names` that loads, in each directory of
/// `libraryPath` (the library-path switch, GN_CUDA_LIBRARY_PATH), then by
/// soname.
void *openFirst(std::initializer_list<const char *> names, const std::string &libraryPath,
                std::string &tried) {
  // The library path first: an explicit choice wins over whatever the
  // loader would find (a toolkit's cuBLAS on a machine without a GPU).
  std::vector<std::string> candidates;
  if (!libraryPath.empty()) {
    std::stringstream dirs(libraryPath);
    std::string dir;
    while (std::getline(dirs, dir, ':'))
      if (!dir.empty())
        for (const char *n : names)
          candidates.push_back(dir + "/" + n);
  }
  for (const char *n : names)
    candidates.push_back(n);
  for (const std::string &c : candidates) {
    if (void *h = dlopen(c.c_str(), RTLD_NOW | RTLD_LOCAL))
      return h;
    tried += (tried.empty() ? "" : ", ") + c;
  }
  return nullptr;
}

/// Looks up every symbol; the first missing one is named in `error`.
struct Resolver {
  void *lib;
  std::string &error;
  template <typename Fn> void operator()(Fn &fn, const char *symbol) {
    fn = reinterpret_cast<Fn>(dlsym(lib, symbol));
    if (!fn && error.empty())
      error = std::string("missing symbol ") + symbol;
  }
};

} // namespace

std::string Driver::describe(CUresult r) const {
  const char *name = nullptr, *text = nullptr;
  if (getErrorName)
    getErrorName(r, &name);
  if (getErrorString)
    getErrorString(r, &text);
  std::string s = name ? name : "CUDA error " + std::to_string(r);
  if (text)
    s += std::string(": ") + text;
  return s;
}

const Driver *mlir::gn::cuda::loadDriver(const CudaOptions &options, std::string &error) {
  static Driver driver;
  static std::string loadError;
  static bool ok = [&] {
    std::string tried;
    void *lib = nullptr;
    if (!options.driverLibrary.empty()) {
      lib = dlopen(options.driverLibrary.c_str(), RTLD_NOW | RTLD_LOCAL);
      tried = options.driverLibrary;
    } else {
      lib = openFirst({"libcuda.so.1"}, options.libraryPath, tried);
    }
    if (!lib) {
      loadError = "no CUDA driver (" + tried + " not found: is this a machine with an NVIDIA "
                  "GPU and driver?)";
      return false;
    }
    std::string missing;
    Resolver r{lib, missing};
    r(driver.init, "cuInit");
    r(driver.getErrorName, "cuGetErrorName");
    r(driver.getErrorString, "cuGetErrorString");
    r(driver.deviceGetCount, "cuDeviceGetCount");
    r(driver.deviceGet, "cuDeviceGet");
    r(driver.deviceGetName, "cuDeviceGetName");
    r(driver.deviceGetAttribute, "cuDeviceGetAttribute");
    r(driver.primaryCtxRetain, "cuDevicePrimaryCtxRetain");
    r(driver.ctxSetCurrent, "cuCtxSetCurrent");
    r(driver.ctxSynchronize, "cuCtxSynchronize");
    r(driver.moduleLoadDataEx, "cuModuleLoadDataEx");
    r(driver.moduleUnload, "cuModuleUnload");
    r(driver.moduleGetFunction, "cuModuleGetFunction");
    r(driver.moduleGetGlobal, "cuModuleGetGlobal_v2");
    r(driver.memAlloc, "cuMemAlloc_v2");
    r(driver.memFree, "cuMemFree_v2");
    r(driver.memGetInfo, "cuMemGetInfo_v2");
    r(driver.memcpyHtoD, "cuMemcpyHtoD_v2");
    r(driver.memcpyDtoH, "cuMemcpyDtoH_v2");
    r(driver.memcpyDtoHAsync, "cuMemcpyDtoHAsync_v2");
    r(driver.memAllocHost, "cuMemAllocHost_v2");
    r(driver.memFreeHost, "cuMemFreeHost");
    r(driver.memcpyDtoDAsync, "cuMemcpyDtoDAsync_v2");
    r(driver.memsetD8Async, "cuMemsetD8Async");
    r(driver.streamCreate, "cuStreamCreate");
    r(driver.streamDestroy, "cuStreamDestroy_v2");
    r(driver.streamSynchronize, "cuStreamSynchronize");
    r(driver.launchKernel, "cuLaunchKernel");
    // Optional (GN_CUDA_PDL=1 needs it and says so where it is missing).
    driver.launchKernelEx =
        reinterpret_cast<decltype(driver.launchKernelEx)>(dlsym(lib, "cuLaunchKernelEx"));
    r(driver.streamBeginCapture, "cuStreamBeginCapture_v2");
    r(driver.streamEndCapture, "cuStreamEndCapture");
    r(driver.graphInstantiate, "cuGraphInstantiateWithFlags");
    r(driver.graphLaunch, "cuGraphLaunch");
    r(driver.graphDestroy, "cuGraphDestroy");
    r(driver.graphExecDestroy, "cuGraphExecDestroy");
    r(driver.eventCreate, "cuEventCreate");
    r(driver.eventRecord, "cuEventRecord");
    r(driver.eventRecordWithFlags, "cuEventRecordWithFlags");
    r(driver.eventSynchronize, "cuEventSynchronize");
    r(driver.eventQuery, "cuEventQuery");
    r(driver.eventElapsedTime, "cuEventElapsedTime");
    r(driver.eventDestroy, "cuEventDestroy_v2");
    if (!missing.empty()) {
      loadError = "the CUDA driver library has no " + missing.substr(15) + " (too old?)";
      return false;
    }
    if (CUresult rc = driver.init(0)) {
      loadError = "cuInit failed: " + driver.describe(rc);
      return false;
    }
    int count = 0;
    if (CUresult rc = driver.deviceGetCount(&count); rc || count == 0) {
      loadError = rc ? "cannot count CUDA devices: " + driver.describe(rc)
                     : std::string("the CUDA driver sees no GPU");
      return false;
    }
    return true;
  }();
  if (!ok) {
    error = loadError;
    return nullptr;
  }
  return &driver;
}

/// A library loaded and resolved once per process: `resolve` looks up its
/// symbols; the first failure is kept and returned on every call.
template <typename Api>
static const Api *loadOnce(std::initializer_list<const char *> names, const char *what,
                           void (*resolve)(Resolver &, Api &), const CudaOptions &options,
                           std::string &error) {
  struct Loaded {
    Api api{};
    std::string error;
    bool ok = false;
  };
  static Loaded loaded = [&] {
    Loaded l;
    std::string tried;
    void *lib = openFirst(names, options.libraryPath, tried);
    if (!lib) {
      l.error = std::string(what) + " not found (tried " + tried + "; set GN_CUDA_LIBRARY_PATH)";
      return l;
    }
    std::string missing;
    Resolver r{lib, missing};
    resolve(r, l.api);
    l.ok = missing.empty();
    if (!l.ok)
      l.error = std::string(what) + ": " + missing;
    return l;
  }();
  if (!loaded.ok) {
    error = loaded.error;
    return nullptr;
  }
  return &loaded.api;
}

const Cublas *mlir::gn::cuda::loadCublas(const CudaOptions &options, std::string &error) {
  return loadOnce<Cublas>(
      {"libcublas.so.13", "libcublas.so.12", "libcublas.so"}, "cuBLAS",
      [](Resolver &r, Cublas &c) {
        r(c.create, "cublasCreate_v2");
        r(c.destroy, "cublasDestroy_v2");
        r(c.setStream, "cublasSetStream_v2");
        r(c.setMathMode, "cublasSetMathMode");
        r(c.setWorkspace, "cublasSetWorkspace_v2");
        r(c.gemmStridedBatchedEx, "cublasGemmStridedBatchedEx");
        r(c.gemmEx, "cublasGemmEx");
      },
      options, error);
}

const CublasLt *mlir::gn::cuda::loadCublasLt(const CudaOptions &options, std::string &error) {
  return loadOnce<CublasLt>(
      {"libcublasLt.so.13", "libcublasLt.so.12", "libcublasLt.so"}, "cuBLASLt",
      [](Resolver &r, CublasLt &c) {
        r(c.create, "cublasLtCreate");
        r(c.destroy, "cublasLtDestroy");
        r(c.matmulDescCreate, "cublasLtMatmulDescCreate");
        r(c.matmulDescDestroy, "cublasLtMatmulDescDestroy");
        r(c.matmulDescSetAttribute, "cublasLtMatmulDescSetAttribute");
        r(c.matrixLayoutCreate, "cublasLtMatrixLayoutCreate");
        r(c.matrixLayoutDestroy, "cublasLtMatrixLayoutDestroy");
        r(c.matrixLayoutSetAttribute, "cublasLtMatrixLayoutSetAttribute");
        r(c.preferenceCreate, "cublasLtMatmulPreferenceCreate");
        r(c.preferenceDestroy, "cublasLtMatmulPreferenceDestroy");
        r(c.preferenceSetAttribute, "cublasLtMatmulPreferenceSetAttribute");
        r(c.algoGetHeuristic, "cublasLtMatmulAlgoGetHeuristic");
        r(c.matmul, "cublasLtMatmul");
      },
      options, error);
}

const Cudnn *mlir::gn::cuda::loadCudnn(const CudaOptions &options, std::string &error) {
  return loadOnce<Cudnn>(
      {"libcudnn.so.9", "libcudnn.so"}, "cuDNN",
      [](Resolver &r, Cudnn &c) {
        r(c.create, "cudnnCreate");
        r(c.setStream, "cudnnSetStream");
        r(c.getErrorString, "cudnnGetErrorString");
        r(c.createTensorDescriptor, "cudnnCreateTensorDescriptor");
        r(c.setTensorNdDescriptor, "cudnnSetTensorNdDescriptor");
        r(c.createFilterDescriptor, "cudnnCreateFilterDescriptor");
        r(c.setFilterNdDescriptor, "cudnnSetFilterNdDescriptor");
        r(c.createConvolutionDescriptor, "cudnnCreateConvolutionDescriptor");
        r(c.setConvolutionNdDescriptor, "cudnnSetConvolutionNdDescriptor");
        r(c.setConvolutionGroupCount, "cudnnSetConvolutionGroupCount");
        r(c.setConvolutionMathType, "cudnnSetConvolutionMathType");
        r(c.getConvolutionForwardAlgorithm, "cudnnGetConvolutionForwardAlgorithm_v7");
        r(c.findConvolutionForwardAlgorithm, "cudnnFindConvolutionForwardAlgorithm");
        r(c.getConvolutionForwardWorkspaceSize, "cudnnGetConvolutionForwardWorkspaceSize");
        r(c.convolutionForward, "cudnnConvolutionForward");
        r(c.addTensor, "cudnnAddTensor");
      },
      options, error);
}
