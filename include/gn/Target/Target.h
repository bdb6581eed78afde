//===- Target.h - what a compilation target provides -----------*- C++ -*-===//
//
// A target (cpu, cuda) provides its pass pipeline (registered as
// gn-<name>-pipeline), what its kernels can hold (the options it gives the
// shared passes), its runtime switches (typed, gn/Support/Switches.h), and
// how a compiled module is loaded and run. Where it can, it also compiles
// a program that stands alone, written to a file and run elsewhere (the
// CUDA target's programs for gn-cuda-run). The step list, the memory plan
// and the statistics are shared (gn/Runtime).
//
// Tools choose a target once, by name (lookupTarget), and speak only to
// this interface: nothing above lib/Target includes a target's own headers.
//
//===----------------------------------------------------------------------===//
#ifndef GN_TARGET_TARGET_H
#define GN_TARGET_TARGET_H

#include "gn/Runtime/CompiledModel.h"
#include "gn/Support/Switches.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Pass/PassManager.h"
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::gn {

struct CompileOptions {
  /// The target's pipeline options (gn-cpu-pipeline, gn-cuda-pipeline), as
  /// on the gn-opt command line.
  std::string pipelineOptions;
  /// LLVM optimization level for the CPU's kernels (0-3). -O2: as fast as
  /// -O3 on the benchmark list, at a quarter of the compile time
  /// (yolo12n-cls: 3.2 s vs 12.7 s).
  unsigned jitOptLevel = 2;
  /// A device target: replay the forward as one captured graph after the
  /// first (checked) run.
  bool captureGraph = true;
  /// Where to write the module after the pipeline (empty: nowhere).
  std::string dumpAfterPipeline;
  /// The sample's name, carried by a program written to a file.
  std::string programName;
  /// The model runs on the caller's device tensors (runOnDevice): a device
  /// target loads it at the first call instead of now.
  bool callerTensors = false;
  /// The target's runtime switches (made by Target::makeSwitches); null:
  /// its defaults as the environment sets them.
  std::shared_ptr<const Switches> switches;
};

/// A compiled program that stands alone (kernels, launch and memory plan,
/// constants): written to a file, it runs on a machine without LLVM.
class TargetProgram {
public:
  virtual ~TargetProgram();
  /// Writes the program to `path`; false with `error`.
  virtual bool write(const std::string &path, std::string &error) const = 0;
  /// A program compiled with symbolic dims, to be written for arguments of
  /// these sizes (a runner that runs a file at its own arguments' sizes):
  /// the CUDA target binds it (its kernels stay the symbolic ones); others
  /// write it as it is. False with `error`.
  virtual bool bindTo(llvm::ArrayRef<std::vector<int64_t>> argShapes, std::string &error) {
    return true;
  }
  /// A copy (to bind one program at each of a sample's shape variants).
  virtual std::unique_ptr<TargetProgram> clone() const = 0;
};

class Target {
public:
  virtual ~Target() = default;
  /// "cpu", "cuda".
  virtual llvm::StringRef name() const = 0;
  /// The target's runtime switches at their defaults (readEnvironment()
  /// and set() change them).
  virtual std::unique_ptr<Switches> makeSwitches() const = 0;
  /// Why compiled code cannot run on this machine (no GPU, no driver), or
  /// empty when it can. Compiling (to IR, to PTX) never needs the device.
  virtual std::string unavailableReason(const Switches &switches) const { return ""; }
  /// Whether compiled programs run in host memory (their peak is measured
  /// by the host's tensor accounting).
  virtual bool runsOnHost() const { return false; }
  /// gn's eager mode on this target: the pipeline options that compile a
  /// kernel per op; none where the interpreter is the eager side (the CPU).
  virtual std::optional<std::string> eagerPipelineOptions() const { return std::nullopt; }
  /// Adds the target's pipeline with `options` (as on the gn-opt command
  /// line) to `pm`; fails with a diagnostic on bad options.
  virtual LogicalResult buildPipeline(OpPassManager &pm, llvm::StringRef options,
                                      Location loc) const = 0;
  /// Compiles `forward` of `module` (not modified) and loads it.
  virtual FailureOr<std::unique_ptr<runtime::CompiledModel>>
  compile(ModuleOp module, const CompileOptions &options) const = 0;
  /// Compiles `forward` into a program that stands alone, for writing (no
  /// device needed); `stats` says what was compiled. A target that writes
  /// no programs fails with a diagnostic saying so.
  virtual FailureOr<std::unique_ptr<TargetProgram>>
  compileProgram(ModuleOp module, const CompileOptions &options,
                 runtime::CompileStats &stats) const;
  /// The switches that change what compileProgram makes, as part of a
  /// cache key ("cubin=1"); "" where none does.
  virtual std::string compileSwitchesKey(const Switches &switches) const { return ""; }
  /// The file suffix of written programs (".json").
  virtual llvm::StringRef programSuffix() const { return ""; }
  /// A program written by compileProgram, loaded as compileProgram's
  /// caller would have it compiled (`options`: the switches, the graph,
  /// the caller's tensors). A target that writes no programs fails.
  virtual FailureOr<std::unique_ptr<runtime::CompiledModel>>
  loadProgram(const std::string &path, const CompileOptions &options, Location loc) const;
};

/// The target named `name`, or null.
const Target *lookupTarget(llvm::StringRef name);

/// `options.switches`, or `target`'s switches read from the environment
/// (null with `error` when a variable holds a value the switch refuses).
std::shared_ptr<const Switches> switchesFor(const Target &target, const CompileOptions &options,
                                            std::string &error);

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
