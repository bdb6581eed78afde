//===- GeneralSwitches.cpp - switches of every target --------------------===//
#include "gn/Support/GeneralSwitches.h"
#include <cstdlib>

using namespace mlir::gn;

static const SwitchInfo kGeneralSwitches[] = {
    {"profile", "GN_PROFILE", "0|1|kernels", "0",
     "Time every step of the interpreter and the CPU runtime by op name (1), or each compiled "
     "launch by its kernel symbol (kernels); the totals go to stderr at exit"},
    {"memory-report", "GN_MEMORY_REPORT", "0|1", "0",
     "Print the step of a compiled program where the most arena bytes are live, and what "
     "they hold"},
    {"cache-dir", "GN_CACHE_DIR", "<dir>", "",
     "Where compiled programs are kept by key (default $HOME/.cache/gn/programs)"},
};

llvm::ArrayRef<SwitchInfo> GeneralSwitches::table() const { return kGeneralSwitches; }

std::string GeneralSwitches::get(llvm::StringRef key) const {
  if (key == "profile")
    return profile == Profile::Off ? "0" : profile == Profile::Ops ? "1" : "kernels";
  if (key == "cache-dir")
    return cacheDir;
  return memoryReport ? "1" : "0";
}

bool GeneralSwitches::assign(llvm::StringRef key, llvm::StringRef value, std::string &error) {
  if (key == "profile") {
    int i = 0;
    if (!parseChoice(value, {"0", "1", "kernels"}, i, error))
      return false;
    profile = Profile(i);
    return true;
  }
  if (key == "cache-dir") {
    cacheDir = value.str();
    return true;
  }
  return parseFlag(value, memoryReport, error);
}

std::string GeneralSwitches::programCacheDir() const {
  if (!cacheDir.empty())
    return cacheDir;
  // The home directory is where the user's caches go, not a switch.
  const char *home = std::getenv("HOME");
  return std::string(home && *home ? home : "/tmp") + "/.cache/gn/programs";
}

GeneralSwitches &mlir::gn::generalSwitches() {
  static GeneralSwitches switches;
  return switches;
}
