//===- PassTrace.cpp - gn's -debug-only and pass statistics ---------------===//
#include "gn/Support/PassTrace.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/Format.h"
#include <mutex>
#include <vector>

using namespace mlir::gn;

namespace {
/// Function-local statics: counters register during static initialization
/// of other files, in an order nothing fixes.
struct TraceState {
  std::mutex mutex;
  std::vector<PassStatistic *> statistics;
  std::vector<std::string> passesRan; // in the order they first ran
  llvm::StringSet<> types;
  bool all = false;
  bool statisticsRequested = false;
};
TraceState &state() {
  static TraceState s;
  return s;
}
} // namespace

bool mlir::gn::traceEnabled(llvm::StringRef debugType) {
  TraceState &s = state();
  return s.all || (!s.types.empty() && s.types.contains(debugType));
}

void mlir::gn::enableTrace(llvm::StringRef debugTypes) {
  llvm::SmallVector<llvm::StringRef> types;
  debugTypes.split(types, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef t : types) {
    t = t.trim();
    if (t == "all")
      state().all = true;
    else
      state().types.insert(t);
  }
}

llvm::raw_ostream &mlir::gn::traceStream() { return llvm::errs(); }

PassStatistic::PassStatistic(const char *debugType, const char *name, const char *description)
    : debugType(debugType), name(name), description(description) {
  TraceState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  s.statistics.push_back(this);
}

void mlir::gn::notePassRan(llvm::StringRef passArgument) {
  TraceState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  if (llvm::find(s.passesRan, passArgument) == s.passesRan.end())
    s.passesRan.push_back(passArgument.str());
}

void mlir::gn::printPassStatistics(llvm::raw_ostream &os) {
  TraceState &s = state();
  std::lock_guard<std::mutex> lock(s.mutex);
  os << "===" << std::string(73, '-') << "===\n"
     << "                          ... gn pass statistics ...\n"
     << "===" << std::string(73, '-') << "===\n";
  for (const std::string &pass : s.passesRan) {
    bool any = false;
    for (PassStatistic *st : s.statistics) {
      if (st->debugType != pass)
        continue;
      if (!any)
        os << pass << "\n";
      any = true;
      os << "  (S) " << llvm::format("%6llu", (unsigned long long)st->get()) << " " << st->name
         << " - " << st->description << "\n";
    }
  }
}

void mlir::gn::registerPassTraceOptions() {
  static llvm::cl::opt<std::string> debugOnly(
      "gn-debug-only",
      llvm::cl::desc("Print the decisions of these passes to stderr: a comma-separated list of "
                     "pass arguments (gn-form-fusion-groups, ...) or all"),
      llvm::cl::value_desc("pass,..."),
      llvm::cl::callback([](const std::string &types) { enableTrace(types); }));
  static llvm::cl::opt<bool> statistics(
      "gn-pass-statistics",
      llvm::cl::desc("Print gn's pass counters (groups formed, kernels outlined, ...) after the "
                     "run"),
      llvm::cl::callback([](const bool &on) { state().statisticsRequested = on; }));
}

bool mlir::gn::passStatisticsRequested() { return state().statisticsRequested; }
