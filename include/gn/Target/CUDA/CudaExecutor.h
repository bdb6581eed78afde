//===- CudaExecutor.h - run a CUDA program on the GPU ----------*- C++ -*-===//
//
// Loads a Program onto the current GPU (driver, cuBLAS and cuDNN loaded at
// run time): PTX modules, one device allocation per argument, constant and
// result, one arena for every intermediate and kernel scratch, cuDNN
// algorithms and workspaces chosen up front (GN_CUDNN_ALGO=graph: after the
// first checked forward, CudaConv.h). Every pointer is fixed at
// load, so the whole forward can be captured once as a CUDA graph and
// replayed. MLIR-free: the small runner links it.
//
// Errors never abort: each call returns false with `error` naming the step
// (its gn op and model.py location) and the CUDA error. A checked run
// (forward(/*checked=*/true)) synchronizes after every step, so an
// asynchronous fault (illegal address) is pinned to the step that caused it.
//
//===----------------------------------------------------------------------===//
#ifndef GN_TARGET_CUDA_CUDAEXECUTOR_H
#define GN_TARGET_CUDA_CUDAEXECUTOR_H

#include "gn/Support/DeviceTensor.h"
#include "gn/Support/HostTensor.h"
#include "gn/Target/CUDA/CudaOptions.h"
#include "gn/Target/CUDA/CudaProgram.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mlir::gn::cuda {

struct DeviceInfo {
  std::string name; // "NVIDIA H100 80GB HBM3"
  int major = 0, minor = 0;
};

/// The GPU gn would run on, or nullopt with `error` saying why not (no
/// driver, no device). Cheap after the first call. `options` says where
/// the driver is (read once a process).
std::optional<DeviceInfo> probeDevice(const CudaOptions &options, std::string &error);

/// probeDevice in a child process, for a parent that forks workers after
/// asking: the CUDA driver is not fork-safe (a child of a process that
/// called cuInit cannot use the GPU), so such a parent must never load it.
std::optional<DeviceInfo> probeDeviceInChild(const CudaOptions &options, std::string &error);

/// How the GEMM steps were set up at load (lib/Target/CUDA/CudaGemm.h).
struct GemmStats {
  std::string mode;           // GN_GEMM: "tuned", "heuristic" or "cublas"
  int products = 0;           // distinct products planned through cuBLASLt
  int ltSteps = 0;            // steps through cuBLASLt
  int cublasSteps = 0;        // steps through cuBLAS
  std::string cublasWhy;      // why the first of those, outside mode cublas
  int candidatesTimed = 0;    // algorithms timed, over all products
  int notFirstChoice = 0;     // products whose fastest was not the first guess
  double tuneMs = 0;          // host milliseconds spent choosing
};

/// How the convolution steps were set up at load (GN_CUDNN_ALGO,
/// lib/Target/CUDA/CudaConv.h).
struct ConvStats {
  std::string mode;              // "heuristic", "graph", "timed" or "find"
  int steps = 0;                 // convolution steps
  int configs = 0;               // distinct convolutions among them
  int candidatesTimed = 0;       // algorithms gn timed, over all configs
  int notFirstChoice = 0;        // configs whose fastest was not the first candidate
                                 // (cudnnFind's; in mode graph cuDNN's heuristic guess)
  int heuristicFallbacks = 0;    // configs cudnnFind gave nothing usable for
  double chooseMs = 0;           // host milliseconds spent choosing, cudnnFind included
  std::string graphSkipped;      // mode graph: why the forward could not be timed
                                 // (the heuristic guess kept), "" if it was
  std::map<int, int> algorithms; // cuDNN algorithm -> steps that run it
};

using mlir::gn::DeviceTensor;

/// Whether `args` and `outs` are as many as `program`'s arguments and
/// results, each of its slot's size; false with `error` naming the first
/// that is not.
bool checkDeviceTensors(const Program &program, llvm::ArrayRef<DeviceTensor> args,
                        llvm::ArrayRef<DeviceTensor> outs, std::string &error);

class CudaExecutor {
public:
  ~CudaExecutor();
  /// Loads `program` with the runtime switches `options` (the GEMM and
  /// convolution choices, programmatic launch, where the libraries are).
  /// `boundArguments`, when given (one per argument, 0 for none), are the
  /// caller's device addresses of arguments read in place: no buffer of
  /// their own, every kernel and library call reads the caller's memory
  /// (forwardOn). An argument placed in a pack is never bound.
  static std::unique_ptr<CudaExecutor> load(const Program &program, const CudaOptions &options,
                                            std::string &error,
                                            const std::vector<uint64_t> &boundArguments = {});

  /// Copies the arguments to their device buffers.
  bool setArguments(const std::vector<mlir::gn::interp::HostTensor> &args, std::string &error);
  /// One forward pass, waited for. `checked`: step by step, synchronizing
  /// after each (errors name the step); otherwise the captured CUDA graph
  /// when `useGraph` and capture succeeded, else the steps. `hostMs`, when
  /// given: the host's milliseconds to submit the forward (the graph launch,
  /// or every step's launch, and the index-error read-back), before it
  /// waits for the device: the host overhead per forward.
  bool forward(bool checked, std::string &error, double *hostMs = nullptr);
  /// Captures the steps as one CUDA graph, replayed by forward().
  bool captureGraph(std::string &error);
  /// One forward on the caller's tensors, enqueued on the caller's
  /// `stream` without waiting for it: bound arguments read in place (each
  /// must be at its bound address), the others copied device to device into
  /// their buffers (a packed argument only when `refreshPacks`: its pack is
  /// kept between calls), the captured graph launched (`useGraph`) and the
  /// results copied into `outs`. The first call waits for `stream`, runs
  /// the steps checked (a fault names its op) and captures the graph. An
  /// index out of range that a kernel reports is an error of a later call
  /// or of synchronize().
  bool forwardOn(const std::vector<DeviceTensor> &args, const std::vector<DeviceTensor> &outs,
                 void *stream, bool useGraph, bool refreshPacks, std::string &error);
  /// Waits for `stream` (the caller's) and reports an index error a kernel
  /// raised since the last check.
  bool synchronize(void *stream, std::string &error);
  /// Argument `i`'s caller address where it is read in place, else 0.
  uint64_t boundArgument(size_t i) const;
  /// Device milliseconds of each step as a CUDA graph runs the forward: the
  /// steps captured into a graph of their own with an event record node
  /// after each, replayed a few times (the median per step). Where that
  /// graph cannot be made or timed, one forward launched step by step
  /// between events, whose times hold the host's launch gaps too; `how`
  /// says which ("graph", or "step by step: " and why). A step that puts
  /// no work on the GPU (Step::doesWork) is not timed: 0 ms.
  bool profileSteps(std::vector<double> &ms, std::string &how, std::string &error);
  /// The results, copied to the host.
  bool results(std::vector<mlir::gn::interp::HostTensor> &out, std::string &error);

  /// Device bytes of the model's buffers: arguments, constants, arena and
  /// results (what the 1.5x-of-io memory target counts).
  int64_t deviceBytes() const;
  /// Device bytes of library workspaces (cuBLAS's fixed 32 MiB, cuDNN's
  /// largest algorithm workspace), shared by every model in a framework.
  int64_t workspaceBytes() const;
  /// Kernel launches and library calls per forward.
  int launchesPerForward() const;
  /// Launches of the captured graph made with programmatic dependent launch
  /// (GN_CUDA_PDL=1): each overlaps the end of the kernel before it.
  int programmaticLaunches() const;
  /// Kernel modules loaded from their ahead-of-time cubin; the others were
  /// JIT-compiled from PTX, the first for jitReason() ("" if none was).
  int cubinModules() const;
  const std::string &jitReason() const;
  /// How the GEMM steps were set up, and the library step `step` runs
  /// through ("cublaslt", "cublas"; "" for a step that is no GEMM).
  GemmStats gemmStats() const;
  const char *gemmLibrary(size_t step) const;
  /// How the convolution steps were set up (mode "" if there are none).
  ConvStats convStats() const;
  const DeviceInfo &device() const;
  const Program &program() const;

private:
  CudaExecutor();
  bool forwardOnce(bool checked, std::string &error, double *hostMs);
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace mlir::gn::cuda

#endif // GN_TARGET_CUDA_CUDAEXECUTOR_H
