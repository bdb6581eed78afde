//===- CudaModel.h - a CUDA program ready to run ----------------*- C++ -*-===//
//
// A Program with its switches, loaded onto the GPU when first run: on host
// tensors (copied in and out; the first run checked step by step, later
// ones one replay of the captured graph) or on the caller's device tensors
// (runOnDevice: read in place where they stay put, see below). A symbolic
// program runs at each call's sizes through a CudaModel per binding (bind).
// MLIR-free: the CUDA target wraps it as a CompiledModel, and gn's
// runtime-only library (libgn_runtime.so, for GPU machines without LLVM)
// uses it as is.
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
  /// symbolic program loads at each binding's sizes).
  bool load(std::string &error);
  /// One forward on host tensors: the arguments copied to the device, the
  /// results copied back. A symbolic program runs at the sizes the
  /// arguments give (bind).
  bool run(const std::vector<interp::HostTensor> &args, std::vector<interp::HostTensor> &out,
           std::string &error);

  /// A symbolic program (Program::symbolic) at the argument shapes
  /// `shapes` becomes the current binding: bound there (bindProgram: the
  /// symbols read from the dims, the guards checked) and kept as a program
  /// of its own with its own executors (arena, cuBLASLt/cuDNN plans, CUDA
  /// graphs, the caller's tensors bound in place), loaded at its first
  /// run; the last kBindings bindings are kept. runOnDevice runs the
  /// current binding (device tensors carry no shapes), so a caller binds
  /// first, allocates its outputs at current().results' shapes, then runs.
  /// A static program: `shapes` must be its own.
  bool bind(llvm::ArrayRef<std::vector<int64_t>> shapes, std::string &error);
  /// The program runOnDevice runs: a symbolic program's current binding
  /// (the program itself before any), else the program.
  const Program &current() const;
  /// Whether runOnDevice has a program to run: a static one always, a
  /// symbolic one once bound.
  bool bound() const { return !program_.symbolic || !bindings.empty(); }

  /// One forward on the caller's device tensors, enqueued on `stream`
  /// without waiting. Every argument outside a pack is read in place at the
  /// address of its first call. One that turns up at another address (an
  /// input a framework allocates anew each call) is copied into a buffer of
  /// the program's from then on: the program loads again once with that
  /// argument unbound. A packed argument (a grouped GEMM's weight) is copied
  /// into its pack at the first call and again when its address changes.
  /// Results are copied into `outs`. A symbolic program runs at its current
  /// binding (bind), and refuses before one.
  bool runOnDevice(llvm::ArrayRef<DeviceTensor> args, llvm::ArrayRef<DeviceTensor> outs,
                   void *stream, std::string &error);
  /// Waits for `stream` and reports a fault runOnDevice's work raised (on
  /// a symbolic program: the work of any binding kept).
  bool synchronize(void *stream, std::string &error);
  /// How runOnDevice has bound the caller's tensors: of a symbolic
  /// program, the current binding's, with the loads of every binding kept.
  DeviceBinding binding() const;
  /// The symbols' values at the current binding of a symbolic program
  /// ("" for another), and how many bindings it has made so far.
  const std::string &symbolBinding() const { return symbols; }
  int bindingsLoaded() const { return bindingLoads; }
  static constexpr size_t kBindings = 8;
  const Program &program() const { return program_; }
  /// The executor of host runs, once loaded (of a symbolic program: at the
  /// current binding).
  const CudaExecutor *hostExecutor() const {
    if (!program_.symbolic)
      return executor.get();
    return bindings.empty() ? nullptr : bindings.back().model->hostExecutor();
  }

private:
  /// A symbolic program's bindings by their arguments' shapes, the current
  /// one at the back: each an ordinary (static) CudaModel.
  struct Bound {
    std::vector<std::vector<int64_t>> shapes;
    std::unique_ptr<CudaModel> model;
    std::string symbols;
  };
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
  void *lastStream = nullptr;                   // of the last runOnDevice
  DeviceBinding binding_;
};

} // namespace mlir::gn::cuda

#endif // GN_TARGET_CUDA_CUDAMODEL_H
