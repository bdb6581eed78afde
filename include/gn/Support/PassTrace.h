//===- PassTrace.h - what a pass decided, and how often -------*- C++ -*-===//
//
// LLVM's answers, LLVM_DEBUG with -debug-only= and Pass::Statistic with
// --mlir-pass-statistics, compile to nothing against a release LLVM such as
// Debian's, which gn is built with. So gn keeps its own, keyed the same way
// (each pass's DEBUG_TYPE is its pass argument, "gn-form-fusion-groups"):
//
//   #define DEBUG_TYPE "gn-form-fusion-groups"
//   GN_STATISTIC(numGroups, "fusion groups formed");
//   ...
//   ++numGroups;
//   GN_DEBUG(traceStream() << "group " << id << ": " << *op << "\n");
//
// gn-opt --gn-debug-only=TYPE[,TYPE] (or "all") prints a pass's decisions to
// stderr; gn-opt --gn-pass-statistics prints every counter after the run.
// Counters are atomic: MLIR runs a pass on functions in parallel. MLIR-free.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_PASSTRACE_H
#define GN_SUPPORT_PASSTRACE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"
#include <atomic>
#include <cstdint>

namespace mlir::gn {

/// Whether --gn-debug-only named `debugType` (or "all").
bool traceEnabled(llvm::StringRef debugType);
/// Turns tracing on for a comma-separated list of debug types ("all": every).
void enableTrace(llvm::StringRef debugTypes);
/// Where traces go (stderr, unbuffered, as LLVM's dbgs()).
llvm::raw_ostream &traceStream();

/// One counter of one pass, registered with every other at construction.
class PassStatistic {
public:
  PassStatistic(const char *debugType, const char *name, const char *description);
  PassStatistic &operator++() {
    value.fetch_add(1, std::memory_order_relaxed);
    return *this;
  }
  PassStatistic &operator+=(uint64_t n) {
    value.fetch_add(n, std::memory_order_relaxed);
    return *this;
  }
  uint64_t get() const { return value.load(std::memory_order_relaxed); }

  const char *const debugType;
  const char *const name;
  const char *const description;

private:
  std::atomic<uint64_t> value{0};
};

/// Notes that the pass with this argument ran (the tool's pass
/// instrumentation calls it), so its counters are printed.
void notePassRan(llvm::StringRef passArgument);

/// Prints the counters of the passes that ran, in the order they first ran,
/// as MLIR prints its pass statistics ("(S) 12 name - description").
void printPassStatistics(llvm::raw_ostream &os);

/// Registers --gn-debug-only and --gn-pass-statistics; call before parsing
/// the command line.
void registerPassTraceOptions();
/// Whether --gn-pass-statistics was given.
bool passStatisticsRequested();

} // namespace mlir::gn

#define GN_DEBUG(X)                                                                                \
  do {                                                                                             \
    if (::mlir::gn::traceEnabled(DEBUG_TYPE)) {                                                    \
      X;                                                                                           \
    }                                                                                              \
  } while (false)

#define GN_STATISTIC(VAR, DESC) static ::mlir::gn::PassStatistic VAR(DEBUG_TYPE, #VAR, DESC)

#endif // GN_SUPPORT_PASSTRACE_H
