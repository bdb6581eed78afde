//===- GeneralSwitches.h - switches of every target --------------*- C++ -*-===//
//
// Switches that belong to no one target: what a run prints about itself
// (the time per op at exit, the memory plan's peak step) and where compiled
// programs are cached. Process-wide, because the interpreter and the
// planner have no options object to carry them; every tool reads them from
// the environment once at startup (Switches::readEnvironment) and records
// them.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_GENERALSWITCHES_H
#define GN_SUPPORT_GENERALSWITCHES_H

#include "gn/Support/Switches.h"

namespace mlir::gn {

struct GeneralSwitches : Switches {
  /// GN_PROFILE: time every step by op name (ops), or every compiled
  /// launch by its kernel symbol (kernels), printed at exit.
  enum class Profile { Off, Ops, Kernels } profile = Profile::Off;
  /// GN_MEMORY_REPORT: print the step where the most arena bytes are live.
  bool memoryReport = false;
  /// GN_CACHE_DIR: where compiled programs are kept by key
  /// (gn/Support/ProgramCache.h); "" for $HOME/.cache/gn/programs.
  std::string cacheDir;

  const char *owner() const override { return "gn"; }
  llvm::ArrayRef<SwitchInfo> table() const override;
  std::string get(llvm::StringRef key) const override;
  /// cacheDir, or its default.
  std::string programCacheDir() const;

protected:
  bool assign(llvm::StringRef key, llvm::StringRef value, std::string &error) override;
};

/// The process's general switches (at their defaults until a tool reads
/// them).
GeneralSwitches &generalSwitches();

} // namespace mlir::gn

#endif // GN_SUPPORT_GENERALSWITCHES_H
