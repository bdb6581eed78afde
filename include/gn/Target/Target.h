//===- Target.h - what a compilation target provides -----------*- C++ -*-===//
//
// A target (cpu, cuda) provides its pass pipeline (registered as
// gn-<name>-pipeline), what its kernels can hold (the options it gives the
// shared passes: which composites stay whole as library calls, how groups
// are scheduled), and how a compiled module is loaded and run. The step
// list, the memory plan and the statistics are shared (gn/Runtime).
//
//===----------------------------------------------------------------------===//
#ifndef GN_TARGET_TARGET_H
#define GN_TARGET_TARGET_H

#include "gn/Runtime/CompiledModel.h"
#include "mlir/Pass/PassManager.h"
#include <memory>
#include <string>

namespace mlir::gn {

class Target {
public:
  virtual ~Target() = default;
  /// "cpu", "cuda".
  virtual llvm::StringRef name() const = 0;
  /// Why compiled code cannot run on this machine (no GPU, no driver), or
  /// empty when it can. Compiling (to IR, to PTX) never needs the device.
  virtual std::string unavailableReason() const { return ""; }
  /// Adds the target's pipeline with `options` (as on the gn-opt command
  /// line) to `pm`; fails with a diagnostic on bad options.
  virtual LogicalResult buildPipeline(OpPassManager &pm, llvm::StringRef options,
                                      Location loc) const = 0;
  /// Compiles `forward` of `module` (not modified) and loads it.
  virtual FailureOr<std::unique_ptr<runtime::CompiledModel>>
  compile(ModuleOp module, const runtime::CompileOptions &options) const = 0;
};

/// The target named `name`, or null.
const Target *lookupTarget(llvm::StringRef name);

/// Runs a target's pipeline on `module`. A pass that fails without saying
/// why (a greedy rewrite that did not converge) gets an error naming it,
/// so a compile_error is never just "compilation failed".
LogicalResult runTargetPipeline(PassManager &pm, ModuleOp module);
/// Every target's name, for messages ("cpu, cuda").
std::string targetNames();

/// The CPU target (lib/Target/CPU).
const Target &cpuTarget();
/// The CUDA target (lib/Target/CUDA).
const Target &cudaTarget();

} // namespace mlir::gn

#endif // GN_TARGET_TARGET_H
