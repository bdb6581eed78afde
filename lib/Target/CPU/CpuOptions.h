//===- CpuOptions.h - the CPU target's runtime switches --------*- C++ -*-===//
#ifndef GN_LIB_TARGET_CPU_CPUOPTIONS_H
#define GN_LIB_TARGET_CPU_CPUOPTIONS_H

#include "gn/Support/Switches.h"

namespace mlir::gn {

struct CpuOptions : Switches {
  /// GN_DUMP_OBJECT: write the JIT-compiled kernels' object file here.
  std::string dumpObject;

  const char *owner() const override { return "cpu"; }
  llvm::ArrayRef<SwitchInfo> table() const override;
  std::string get(llvm::StringRef key) const override;

protected:
  bool assign(llvm::StringRef key, llvm::StringRef value, std::string &error) override;
};

} // namespace mlir::gn

#endif // GN_LIB_TARGET_CPU_CPUOPTIONS_H
