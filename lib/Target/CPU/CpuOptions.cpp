//===- CpuOptions.cpp - the CPU target's runtime switches ----------------===//
#include "CpuOptions.h"

using namespace mlir::gn;

static const SwitchInfo kCpuSwitches[] = {
    {"dump-object", "GN_DUMP_OBJECT", "<path>", "",
     "Write the object file of the JIT-compiled kernels here (for a disassembler)"},
};

llvm::ArrayRef<SwitchInfo> CpuOptions::table() const { return kCpuSwitches; }

std::string CpuOptions::get(llvm::StringRef) const { return dumpObject; }

bool CpuOptions::assign(llvm::StringRef, llvm::StringRef value, std::string &) {
  dumpObject = value.str();
  return true;
}
