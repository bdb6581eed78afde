//===- StepProfile.h - time per op name, printed at exit ------*- C++ -*-===//
//
// The switch `profile` (GN_PROFILE=1, gn/Support/GeneralSwitches.h)
// makes the interpreter and the compiled runtime time every step by op name
// ("kernel" for a compiled launch) and print the totals, largest first, to
// stderr when the executor is destroyed. Off, it costs one branch.
// GN_PROFILE=kernels names each compiled launch by its kernel symbol instead.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_STEPPROFILE_H
#define GN_SUPPORT_STEPPROFILE_H

#include "gn/Support/GeneralSwitches.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <string>
#include <vector>

namespace mlir::gn {

class StepProfile {
public:
  using Clock = std::chrono::steady_clock;
  explicit StepProfile(const char *title)
      : title(title), on(generalSwitches().profile != GeneralSwitches::Profile::Off),
        perKernel(generalSwitches().profile == GeneralSwitches::Profile::Kernels) {}
  StepProfile(const StepProfile &) = delete;
  StepProfile &operator=(const StepProfile &) = delete;
  ~StepProfile() { print(); }

  bool enabled() const { return on; }
  /// Compiled launches are timed per kernel symbol (GN_PROFILE=kernels).
  bool detailed() const { return perKernel; }
  Clock::time_point start() const { return on ? Clock::now() : Clock::time_point(); }
  void stop(llvm::StringRef name, Clock::time_point begin) {
    if (!on)
      return;
    Entry &e = totals[name];
    e.seconds += std::chrono::duration<double>(Clock::now() - begin).count();
    ++e.calls;
  }

private:
  struct Entry {
    double seconds = 0;
    long calls = 0;
  };
  void print() const {
    if (!on || totals.empty())
      return;
    std::vector<std::pair<double, std::string>> rows;
    double total = 0;
    for (auto &e : totals) {
      rows.push_back({e.second.seconds, e.first().str()});
      total += e.second.seconds;
    }
    std::sort(rows.rbegin(), rows.rend());
    llvm::errs() << "gn profile (" << title << "): "
                 << llvm::format("%.3f ms in all\n", total * 1e3);
    for (auto &[sec, name] : rows)
      llvm::errs() << llvm::format("  %-28s %9.3f ms %5.1f%% %8ld calls\n", name.c_str(),
                                   sec * 1e3, total > 0 ? 100 * sec / total : 0.0,
                                   totals.lookup(name).calls);
  }
  const char *title;
  bool on, perKernel;
  llvm::StringMap<Entry> totals;
};

} // namespace mlir::gn

#endif // GN_SUPPORT_STEPPROFILE_H
