//===- CudaModel.h - a CUDA program ready to run ----------------*- C++ -*-===//
//
// A Program with its switches, loaded onto the GPU when first run: on host
// tensors (copied in and out; the first run checked step by step, later
// ones one replay of the captured graph) or on the caller's device tensors
// (runOnDevice: read in place where they stay put, see below). MLIR-free:
// the CUDA target wraps it as a CompiledModel, and gn's runtime-only Python
// module (gn._gn_runtime, for GPU machines without LLVM) uses it as is.
//
//===----------------------------------------------------------------------===//
#ifndef GN_TARGET_CUDA_CUDAMODEL_H
#define GN_TARGET_CUDA_CUDAMODEL_H

#include "gn/Target/CUDA/CudaExecutor.h"

namespace mlir::gn::cuda {

class CudaModel {
public:
  CudaModel(Program program, CudaOptions switches, bool useGraph = true)
      : program_(std::move(program)), switches(std::move(switches)), useGraph(useGraph) {}

  /// Loads the program for host tensors now (else the first run() does; a
  /// symbolic program loads at each run's sizes).
  bool load(std::string &error);
  /// One forward on host tensors: the arguments copied to the device, the
  /// results copied back. A symbolic program (Program::symbolic) runs at
  /// the sizes the arguments give: bound there (bindProgram) and loaded at
  /// the first call of those sizes, kept for later calls of them (the last
  /// kBindings bindings), each with its own arena and CUDA graph.
  bool run(const std::vector<interp::HostTensor> &args, std::vector<interp::HostTensor> &out,
           std::string &error);
  /// One forward on the caller's device tensors, enqueued on `stream`
  /// without waiting. Every argument outside a pack is read in place at the
  /// address of its first call. One that turns up at another address (an
  /// input a framework allocates anew each call) is copied into a buffer of
  /// the program's from then on: the program loads again once with that
  /// argument unbound. A packed argument (a grouped GEMM's weight) is copied
  /// into its pack at the first call and again when its address changes.
  /// Results are copied into `outs`.
  bool runOnDevice(llvm::ArrayRef<DeviceTensor> args, llvm::ArrayRef<DeviceTensor> outs,
                   void *stream, std::string &error);
  /// Waits for `stream` and reports a fault runOnDevice's work raised.
  bool synchronize(void *stream, std::string &error);
  DeviceBinding binding() const { return binding_; }
  /// The symbols' values at the last host run of a symbolic program ("" for
  /// another), and how many bindings it has loaded so far.
  const std::string &symbolBinding() const { return symbols; }
  int bindingsLoaded() const { return bindingLoads; }
  static constexpr size_t kBindings = 8;
  const Program &program() const { return program_; }
  /// The executor of host runs, once loaded (of a symbolic program: at the
  /// last run's binding).
  const CudaExecutor *hostExecutor() const {
    return program_.symbolic ? (bindings.empty() ? nullptr : bindings.back().executor.get())
                             : executor.get();
  }

private:
  /// A symbolic program's executors by their arguments' shapes, the last
  /// used at the back.
  struct Bound {
    std::vector<std::vector<int64_t>> shapes;
    std::unique_ptr<CudaExecutor> executor;
    bool graphTried = false;
    std::string symbols;
  };
  bool useBinding(const std::vector<interp::HostTensor> &args, std::string &error);
  std::vector<Bound> bindings;
  std::string symbols;
  int bindingLoads = 0;

  Program program_;
  CudaOptions switches;
  bool useGraph = true, graphTried = false;
  std::unique_ptr<CudaExecutor> executor;       // run(): buffers of its own
  std::unique_ptr<CudaExecutor> deviceExecutor; // runOnDevice(): the caller's
  std::vector<char> copied;                     // per argument: no longer bound
  std::vector<uint64_t> lastAddress;            // per argument, at the last call
  DeviceBinding binding_;
};

} // namespace mlir::gn::cuda

#endif // GN_TARGET_CUDA_CUDAMODEL_H
