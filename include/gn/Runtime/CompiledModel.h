//===- CompiledModel.h - run a gn function compiled for the CPU -*- C++ -*-===//
//
// compile(): runs gn-cpu-pipeline on a copy of the module, JIT-compiles the
// @gn_kernels module (MLIR ExecutionEngine, LLVM -O2 for the host CPU),
// turns the host function into a step list (kernel launch, alias, library
// call, interpreter fallback) and plans the memory of every intermediate in
// one arena by liveness (library calls write into their slot). run():
// executes the steps; a kernel with a thread_dim runs in chunks on the
// OpenMP pool (the one oneDNN uses).
//
// Host ops that are not kernels run through the interpreter's CPU backend:
// convolution and matmul there are library calls (oneDNN, BLAS); anything
// else is a fallback, counted in stats().fallbackOps per op name so a
// result says exactly what did not compile.
//
//===----------------------------------------------------------------------===//
#ifndef GN_RUNTIME_COMPILEDMODEL_H
#define GN_RUNTIME_COMPILEDMODEL_H

#include "gn/Interpreter/HostTensor.h"
#include "mlir/IR/BuiltinOps.h"
#include <map>
#include <memory>
#include <string>
#include <vector>

namespace mlir::gn::runtime {

struct CompileOptions {
  /// gn-cpu-pipeline options, as on the gn-opt command line.
  std::string pipelineOptions;
  /// LLVM optimization level for the kernels (0-3). -O2: as fast as -O3
  /// on the benchmark list, at a quarter of the compile time (yolo12n-cls:
  /// 3.2 s vs 12.7 s).
  unsigned jitOptLevel = 2;
  /// Where to write the module after the pipeline (empty: nowhere).
  std::string dumpAfterPipeline;
};

struct CompileStats {
  double pipelineSeconds = 0, jitSeconds = 0;
  int kernels = 0;          // distinct compiled kernels
  int launches = 0;         // kernel launches per run
  int libraryCalls = 0;     // conv / matmul through oneDNN or BLAS
  int aliases = 0;          // reshapes (no copy)
  int inplaceResults = 0;   // kernel results written over a dying input
  int concatsElided = 0;    // concatenations whose inputs were written in place
  int constants = 0;        // materialized once at compile time
  int fallbackOps = 0;      // interpreter kernels per run
  std::map<std::string, int> fallbackByOp;
  int64_t arenaBytes = 0;        // planned arena for every intermediate
  int64_t arenaBoundBytes = 0;   // most intermediate bytes live at once
  int64_t heapPeakBytes = 0;     // returned values + a fallback's transient copy
  int64_t constantBytes = 0;     // constants materialized at compile time
  int64_t argumentBytes = 0;     // weights + inputs
  int64_t outputBytes = 0;
};

class CompiledModel {
public:
  ~CompiledModel();
  /// Compiles `forward` of `module` (not modified). Errors are reported as
  /// diagnostics on the module's context.
  static FailureOr<std::unique_ptr<CompiledModel>> compile(ModuleOp module,
                                                          const CompileOptions &options = {});
  FailureOr<std::vector<interp::HostTensor>> run(llvm::ArrayRef<interp::HostTensor> args);
  const CompileStats &stats() const;

private:
  CompiledModel();
  struct Impl;
  std::unique_ptr<Impl> impl;
};

} // namespace mlir::gn::runtime

#endif // GN_RUNTIME_COMPILEDMODEL_H
