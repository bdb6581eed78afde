//===- Coverage.cpp - import coverage over sample folders ---------------===//
#include "Coverage.h"
#include "gn/Eval/Runner.h"
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "gn/Support/ChildProcesses.h"
#include "gn/InitAll.h"
#include "gn/Support/DiagnosticText.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <chrono>
#include <csignal>
#include <cstring>
#include <map>
#include <set>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir;

namespace {

/// Folders holding a model.py, sorted for a stable order.
void findSamples(llvm::StringRef root, std::vector<std::string> &out) {
  std::error_code ec;
  llvm::SmallString<256> model(root);
  llvm::sys::path::append(model, "model.py");
  if (llvm::sys::fs::exists(model)) {
    out.push_back(root.str());
    return;
  }
  std::vector<std::string> children;
  for (llvm::sys::fs::directory_iterator it(root, ec), end; it != end && !ec; it.increment(ec))
    if (llvm::sys::fs::is_directory(it->path()))
      children.push_back(it->path());
  std::sort(children.begin(), children.end());
  for (auto &c : children)
    findSamples(c, out);
}

/// The construct an error names: "unsupported op 'torch.foo'" -> torch.foo.
std::string blockerOf(llvm::StringRef message) {
  for (llvm::StringRef marker : {"unsupported op '", "call of unsupported function '",
                                 "unsupported method '"}) {
    size_t pos = message.find(marker);
    if (pos != llvm::StringRef::npos) {
      llvm::StringRef rest = message.drop_front(pos + marker.size());
      return rest.take_until([](char c) { return c == '\''; }).str();
    }
  }
  // "<op>: <detail>" from op handlers: keep the op and the gist.
  llvm::StringRef head = message.take_until([](char c) { return c == ':'; });
  if (head.size() < message.size() && !head.contains(' '))
    return (head + ": " + message.drop_front(head.size() + 1).trim().take_front(60)).str();
  return message.take_front(70).str();
}

std::string jsonEscape(llvm::StringRef s) {
  std::string out;
  for (char c : s) {
    if (c == '"' || c == '\\')
      out += '\\', out += c;
    else if (c == '\n')
      out += "\\n";
    else if ((unsigned char)c < 0x20)
      out += ' ';
    else
      out += c;
  }
  return out;
}


/// What importing one sample gave.
struct SampleResult {
  std::string status = "ok"; // ok, import_error, roundtrip_error, crash, timeout
  size_t ops = 0;
  double seconds = 0;
  size_t dataSizes = 0; // data-dependent sizes learned from the inputs
  std::string error;    // first error, "file:line:col: message"
};

SampleResult importOne(const std::string &sample, bool roundTrip,
                       const std::string &dtypeVariant) {
  SampleResult r;
  auto start = std::chrono::steady_clock::now();
  // A fresh context per sample keeps memory flat over thousands of samples.
  // The import is gn-eval's: a size that depends on the data (nonzero, a
  // boolean mask) is learned from the synthesized inputs, so a sample counts
  // here exactly when gn-eval can load it.
  gn::eval::LoadedSample loaded(sample, dtypeVariant);
  if (loaded.module && (*loaded.module)->hasAttr(gn::kSizeProbe)) {
    std::string why;
    auto forward = loaded.module->lookupSymbol<func::FuncOp>("forward");
    auto args = forward ? gn::eval::synthesizeInputs(forward, /*seed=*/0, why)
                        : FailureOr<std::vector<gn::interp::HostTensor>>(failure());
    if (failed(args)) {
      r.status = "import_error";
      r.error = "cannot synthesize the inputs that give its data-dependent sizes: " + why;
      return r;
    }
    if (failed(loaded.specialize(*args)) && loaded.firstError.empty())
      loaded.firstError = "learning its data-dependent sizes failed";
    r.dataSizes = loaded.dataSizes.size();
  }
  r.error = loaded.firstError;
  OwningOpRef<ModuleOp> &module = loaded.module;
  MLIRContext &context = loaded.context;
  r.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!module) {
    // GraphNet's gap (a sample without its meta files), not gn's.
    r.status = r.error.find(gn::kDataGap) != std::string::npos             ? "data_gap"
               : r.error.find(gn::kVariantNotListed) != std::string::npos ? "not_listed"
                                                                           : "import_error";
    return r;
  }
  module->walk([&](Operation *) { ++r.ops; });
  if (roundTrip) {
    std::string first, second;
    llvm::raw_string_ostream os1(first);
    module->print(os1);
    auto reparsed = parseSourceString<ModuleOp>(first, &context);
    if (reparsed) {
      llvm::raw_string_ostream os2(second);
      reparsed->print(os2);
    }
    if (!reparsed || first != second) {
      r.status = "roundtrip_error";
      r.error = reparsed ? "printed IR is not stable under print -> parse -> print"
                         : "printed IR does not parse: " + r.error;
    }
  }
  return r;
}

/// Runs importOne in a child process so that a crash or a hang in one
/// sample is recorded (status crash / timeout) and the run goes on.
SampleResult importIsolated(const std::string &sample,
                            const mlir::gn::CoverageOptions &options) {
  llvm::outs().flush();
  mlir::gn::ChildProcesses children;
  std::string error;
  std::optional<mlir::gn::FinishedChild> child = children.run(
      options.timeoutSeconds,
      [&](const std::string &) {
#ifdef GN_TEST_HOOKS
        // Test hook (gn-translate-test-hooks only): lets the lit suite check
        // that a crashing sample is recorded.
        if (const char *crash = std::getenv("GN_COVERAGE_TEST_CRASH"))
          if (llvm::sys::path::filename(sample) == crash)
            raise(SIGSEGV);
#endif
        SampleResult r = importOne(sample, options.roundTrip, options.dtypeVariant);
        return r.status + "\n" + std::to_string(r.ops) + "\n" + std::to_string(r.seconds) +
               "\n" + std::to_string(r.dataSizes) + "\n" + r.error;
      },
      error);
  if (!child) // no process to isolate it in: import it here
    return importOne(sample, options.roundTrip, options.dtypeVariant);
  SampleResult r;
  if (child->timedOut()) {
    r.status = "timeout";
    r.error = "import took longer than " + std::to_string(options.timeoutSeconds) + " s";
    return r;
  }
  if (WIFSIGNALED(child->waitStatus)) {
    r.status = "crash";
    r.error = std::string("importer crashed: ") + strsignal(WTERMSIG(child->waitStatus));
    return r;
  }
  llvm::SmallVector<llvm::StringRef, 4> parts;
  llvm::StringRef(child->result).split(parts, '\n', 4);
  if (parts.size() < 4) {
    r.status = "crash";
    r.error = "importer exited without a result";
    return r;
  }
  r.status = parts[0].str();
  parts[1].getAsInteger(10, r.ops);
  r.seconds = std::strtod(parts[2].str().c_str(), nullptr);
  parts[3].getAsInteger(10, r.dataSizes);
  r.error = parts.size() > 4 ? parts[4].str() : "";
  return r;
}

} // namespace

int mlir::gn::runCoverage(const CoverageOptions &options) {
  std::vector<std::string> samples;
  for (auto &r : options.roots) {
    if (!llvm::sys::fs::is_directory(r)) {
      llvm::errs() << "error: '" << r << "' is not a directory\n";
      return 2;
    }
    findSamples(r, samples);
  }
  if (samples.empty()) {
    llvm::errs() << "error: no sample folders (with a model.py) under the given roots\n";
    return 2;
  }
  std::unique_ptr<llvm::raw_fd_ostream> log;
  if (!options.logPath.empty()) {
    std::error_code ec;
    log = std::make_unique<llvm::raw_fd_ostream>(options.logPath, ec, llvm::sys::fs::OF_Append);
    if (ec) {
      llvm::errs() << "error: cannot open '" << options.logPath << "': " << ec.message() << "\n";
      return 2;
    }
  }

  // Each sample's framework (graph_net.json); blockers are ranked per
  // framework when the roots hold more than one.
  std::vector<std::string> frameworks;
  std::set<std::string> distinct;
  for (const std::string &sample : samples) {
    std::string error;
    std::string fw = gn::sampleFramework(sample, error);
    frameworks.push_back(fw.empty() ? "unknown" : fw);
    distinct.insert(frameworks.back());
  }
  bool several = distinct.size() > 1;
  struct Counts {
    size_t first = 0, second = 0, gaps = 0; // ok, total, GraphNet data gaps
  };
  std::map<std::string, Counts> byFramework;
  size_t ok = 0, n = 0, roundTripFailures = 0, gaps = 0, unlisted = 0;
  std::map<std::string, size_t> blockers;
  double slowest = 0;
  std::string slowestSample;
  for (const std::string &sample : samples) {
    const std::string &framework = frameworks[n];
    ++n;
    ++byFramework[framework].second;
    SampleResult r = options.isolate ? importIsolated(sample, options)
                                     : importOne(sample, options.roundTrip, options.dtypeVariant);
    const std::string &status = r.status;
    std::string &firstError = r.error;
    double seconds = r.seconds;
    size_t numOps = r.ops;
    if (status == "ok" && seconds > slowest) {
      slowest = seconds;
      slowestSample = sample;
    }
    if (status == "roundtrip_error")
      ++roundTripFailures;
    if (status == "data_gap" || status == "not_listed") {
      ++(status == "data_gap" ? gaps : unlisted);
      ++byFramework[framework].gaps;
    } else if (status == "ok") {
      ++ok;
      ++byFramework[framework].first;
    } else {
      // Strip the location to rank by construct.
      llvm::StringRef msg(firstError);
      size_t pos = msg.find(": error: ");
      std::string blocker =
          blockerOf(pos == llvm::StringRef::npos ? msg : msg.drop_front(pos + 9));
      ++blockers[several ? "[" + framework + "] " + blocker : blocker];
    }
    llvm::outs() << "[" << n << "/" << samples.size() << "] " << status << " " << sample;
    if (status != "ok")
      llvm::outs() << "\n    " << firstError;
    llvm::outs() << "\n";
    llvm::outs().flush();
    if (log) {
      *log << "{\"sample\": \"" << jsonEscape(sample) << "\", \"status\": \"" << status
           << "\", \"ops\": " << numOps << ", \"seconds\": " << seconds << ", \"framework\": \"" << framework << "\""
           << ", \"data_sizes\": " << r.dataSizes << ", \"error\": \"" << jsonEscape(firstError)
           << "\"}\n";
      log->flush();
    }
  }

  std::vector<std::pair<std::string, size_t>> ranked(blockers.begin(), blockers.end());
  std::stable_sort(ranked.begin(), ranked.end(),
                   [](auto &a, auto &b) { return a.second > b.second; });
  llvm::outs() << "\n== import coverage ==\n";
  // Over the samples GraphNet gives whole: a data gap is GraphNet's.
  auto percent = [](size_t a, size_t b) { return b ? 100.0 * a / b : 100.0; };
  llvm::outs() << "samples ok: " << ok << " / " << n - gaps - unlisted << " ("
               << llvm::format("%.1f", percent(ok, n - gaps - unlisted)) << "%)";
  if (gaps)
    llvm::outs() << "; " << gaps << " more are GraphNet data gaps (no meta files, or a "
                 << "parameter without an entry), not counted";
  if (unlisted)
    llvm::outs() << "; " << unlisted << " more list no " << options.dtypeVariant
                 << " variant, not counted";
  llvm::outs() << "\n";
  if (several)
    for (auto &[fw, counts] : byFramework)
      llvm::outs() << "  " << fw << ": " << counts.first << " / " << counts.second - counts.gaps
                   << " (" << llvm::format("%.1f", percent(counts.first, counts.second - counts.gaps))
                   << "%)" << (counts.gaps ? "; data gaps " + std::to_string(counts.gaps) : "")
                   << "\n";
  if (options.roundTrip)
    llvm::outs() << "round-trip failures: " << roundTripFailures << "\n";
  if (!slowestSample.empty())
    llvm::outs() << "slowest import: " << llvm::format("%.3f", slowest) << " s (" << slowestSample
                 << ")\n";
  if (!ranked.empty()) {
    llvm::outs() << "blockers (samples blocked, first error of each sample):\n";
    for (size_t i = 0; i < ranked.size() && i < options.top; ++i)
      llvm::outs() << llvm::format("%6zu", ranked[i].second) << "  " << ranked[i].first << "\n";
  }
  return ok + gaps == n ? 0 : 1;
}
