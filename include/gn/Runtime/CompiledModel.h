//===- CompiledModel.h - a gn function compiled for a target ---*- C++ -*-===//
//
// A target (gn/Target/Target.h: cpu, cuda) compiles a module into a
// CompiledModel: it runs its pipeline on a copy of the module, loads the
// kernels (a JIT on the CPU, PTX modules through the CUDA driver), and turns
// the host function into a step list with one planned arena
// (gn/Runtime/StepList.h, shared by every target). run() executes the steps
// on the caller's host tensors.
//
// A target runs host ops that are not kernels as library calls (oneDNN or
// BLAS on the CPU, cuBLAS on CUDA) or, on the CPU only, through the
// interpreter: such a fallback is counted in stats().fallbackOps per op name
// so a result says exactly what did not compile. An op a target cannot run
// at all fails compilation, naming the op.
//
//===----------------------------------------------------------------------===//
#ifndef GN_RUNTIME_COMPILEDMODEL_H
#define GN_RUNTIME_COMPILEDMODEL_H

#include "gn/Support/DeviceTensor.h"
#include "gn/Support/HostTensor.h"
#include "mlir/IR/BuiltinOps.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mlir::gn::runtime {

struct CompileStats {
  double pipelineSeconds = 0, jitSeconds = 0;
  int kernels = 0;          // distinct compiled kernels
  int launches = 0;         // kernel launches per run
  int libraryCalls = 0;     // conv / matmul / attention through a library
  int aliases = 0;          // reshapes (no copy)
  int inplaceResults = 0;   // kernel results written over a dying input
  int concatsElided = 0;    // concatenations whose inputs were written in place
  int argumentPacks = 0;    // concatenations of arguments placed side by side
  int constants = 0;        // materialized once at compile time
  int fallbackOps = 0;      // interpreter kernels per run
  std::map<std::string, int> fallbackByOp;
  int64_t arenaBytes = 0;        // planned arena for every intermediate
  int64_t arenaBoundBytes = 0;   // most intermediate bytes live at once
  int64_t heapPeakBytes = 0;     // returned values + a fallback's transient copy
  int64_t constantBytes = 0;     // constants materialized at compile time
  int64_t argumentBytes = 0;     // weights + inputs
  int64_t outputBytes = 0;
  int serialLaunches = 0;   // launches of one thread (gn.serial)
  // Kernels assembled ahead of time (CUDA: ptxas), and in how long; or why
  // none was (no ptxas: the driver JIT-compiles the PTX at load).
  bool assembles = false;   // the target assembles ahead of time
  int cubinModules = 0;
  double assembleSeconds = 0;
  std::string cubinSkipped;
};

class CompiledModel {
public:
  virtual ~CompiledModel();
  virtual FailureOr<std::vector<interp::HostTensor>>
  run(llvm::ArrayRef<interp::HostTensor> args) = 0;
  virtual const CompileStats &stats() const = 0;
  /// A device target: one forward on the caller's device tensors (`args`
  /// as forward takes them, `outs` to write the results into), enqueued on
  /// the caller's `stream` without waiting for it. Arguments are read in
  /// place where they stay at one address from call to call; see the
  /// target for what is copied. False with `error` (a host target: always).
  virtual bool runOnDevice(llvm::ArrayRef<DeviceTensor> args, llvm::ArrayRef<DeviceTensor> outs,
                           void *stream, std::string &error) {
    error = "this target runs on host memory, not on device tensors";
    return false;
  }
  /// A device target: the program runOnDevice runs from now on, at the
  /// argument shapes `shapes` (one per argument; device tensors carry no
  /// shapes): a program with symbolic dims is bound there (its guards
  /// checked), a static one checks they are its own. `results` gets the
  /// results' signatures there, for the caller to allocate its outputs.
  /// False with `error` (a host target: always).
  virtual bool bindShapes(llvm::ArrayRef<std::vector<int64_t>> shapes,
                          std::vector<interp::TensorSignature> &results, std::string &error) {
    error = "this target runs on host memory, not on device tensors";
    return false;
  }
  /// Waits for the work runOnDevice enqueued on `stream` and reports a
  /// fault it raised.
  virtual bool synchronize(void *stream, std::string &error) { return true; }
  /// How runOnDevice has bound the caller's tensors (a device target).
  virtual DeviceBinding deviceBinding() const { return {}; }
  /// forward's arguments (name, dtype, shape) and results (dtype, shape).
  virtual std::vector<interp::TensorSignature> arguments() const = 0;
  virtual std::vector<interp::TensorSignature> results() const = 0;
};

} // namespace mlir::gn::runtime

#endif // GN_RUNTIME_COMPILEDMODEL_H
