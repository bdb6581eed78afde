//===- DebugSwitches.cpp - what gn prints about a run --------------------===//
#include "gn/Support/DebugSwitches.h"

using namespace mlir::gn;

static const SwitchInfo kDebugSwitches[] = {
    {"profile", "GN_PROFILE", "0|1|kernels", "0",
     "Time every step of the interpreter and the CPU runtime by op name (1), or each compiled "
     "launch by its kernel symbol (kernels); the totals go to stderr at exit"},
    {"memory-report", "GN_MEMORY_REPORT", "0|1", "0",
     "Print the step of a compiled program where the most arena bytes are live, and what "
     "they hold"},
};

llvm::ArrayRef<SwitchInfo> DebugSwitches::table() const { return kDebugSwitches; }

std::string DebugSwitches::get(llvm::StringRef key) const {
  if (key == "profile")
    return profile == Profile::Off ? "0" : profile == Profile::Ops ? "1" : "kernels";
  return memoryReport ? "1" : "0";
}

bool DebugSwitches::assign(llvm::StringRef key, llvm::StringRef value, std::string &error) {
  if (key == "profile") {
    int i = 0;
    if (!parseChoice(value, {"0", "1", "kernels"}, i, error))
      return false;
    profile = Profile(i);
    return true;
  }
  return parseFlag(value, memoryReport, error);
}

DebugSwitches &mlir::gn::debugSwitches() {
  static DebugSwitches switches;
  return switches;
}
