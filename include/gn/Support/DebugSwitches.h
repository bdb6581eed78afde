//===- DebugSwitches.h - what gn prints about a run ------------*- C++ -*-===//
//
// Switches that print what a run did without changing it: the time per op
// at exit (the interpreter and the CPU runtime) and the memory plan's peak
// step. Process-wide, because the interpreter and the planner have no
// options object to carry them; every tool reads them from the environment
// once at startup (Switches::readEnvironment) and records them.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_DEBUGSWITCHES_H
#define GN_SUPPORT_DEBUGSWITCHES_H

#include "gn/Support/Switches.h"

namespace mlir::gn {

struct DebugSwitches : Switches {
  /// GN_PROFILE: time every step by op name (ops), or every compiled
  /// launch by its kernel symbol (kernels), printed at exit.
  enum class Profile { Off, Ops, Kernels } profile = Profile::Off;
  /// GN_MEMORY_REPORT: print the step where the most arena bytes are live.
  bool memoryReport = false;

  const char *owner() const override { return "debug"; }
  llvm::ArrayRef<SwitchInfo> table() const override;
  std::string get(llvm::StringRef key) const override;

protected:
  bool assign(llvm::StringRef key, llvm::StringRef value, std::string &error) override;
};

/// The process's debug switches (all off until a tool reads them).
DebugSwitches &debugSwitches();

} // namespace mlir::gn

#endif // GN_SUPPORT_DEBUGSWITCHES_H
