//===- ChildProcesses.h - one sample's work in its own process -*- C++ -*-===//
//
// Batch tools (gn-eval run and compile, gn-cuda-run, gn-translate
// --coverage) run each sample in a child process, so that a crash, a hang
// or an exhausted memory limit becomes that sample's record and the batch
// goes on. A child runs under an alarm of its timeout and hands back its
// result (a text, usually a JSON line) through a file, so a large result
// never blocks it on a pipe. MLIR-free (gn-cuda-run links it).
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_CHILDPROCESSES_H
#define GN_SUPPORT_CHILDPROCESSES_H

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <string>

namespace mlir::gn {

/// A child that ended.
struct FinishedChild {
  int id = -1;              // as ChildProcesses::start returned it
  std::string result;       // what its work returned; empty when it died first
  std::string lastWords;    // what it wrote to `<resultPath>.last` (see start)
  int waitStatus = 0;       // waitpid's
  unsigned timeoutSeconds = 0;
  /// Whether it ended without its result (a signal, its alarm, a non-zero exit).
  bool died() const;
  /// Whether its alarm killed it.
  bool timedOut() const;
  /// Why it died, in a record's words: "timed out after N s", "crashed:
  /// Segmentation fault", "exited with status 3 without a result".
  std::string deathReason() const;
};

class ChildProcesses {
public:
  /// Result files go to `tmpDir` (default: the system's).
  explicit ChildProcesses(std::string tmpDir = "");
  /// Kills the children still running.
  ~ChildProcesses();
  ChildProcesses(const ChildProcesses &) = delete;
  ChildProcesses &operator=(const ChildProcesses &) = delete;

  /// Runs `work` in a new child under an alarm of `timeoutSeconds` (0:
  /// none); what it returns is the child's result. `work` is given the
  /// path its result will be written to: a child that must die (its memory
  /// limit's handler) writes why to that path + ".last". Returns the
  /// child's id (0, 1, ... in order) or -1 with `error` when fork fails.
  /// Flushes stdout and stderr first, so the child does not print them twice.
  int start(unsigned timeoutSeconds, const std::function<std::string(const std::string &)> &work,
            std::string &error);
  /// Waits for any running child; none when no child runs.
  std::optional<FinishedChild> waitAny();
  /// start, then waits for that child (other children keep running).
  std::optional<FinishedChild> run(unsigned timeoutSeconds,
                                   const std::function<std::string(const std::string &)> &work,
                                   std::string &error);
  size_t running() const { return children.size(); }
  /// Kills every running child (SIGKILL) and reaps it.
  void killAll();

private:
  struct Running {
    int id;
    std::string resultPath;
    unsigned timeoutSeconds;
  };
  FinishedChild collect(const Running &child, int waitStatus);
  std::string tmpDir;
  std::map<long, Running> children; // by pid
  int nextId = 0;
};

} // namespace mlir::gn

#endif // GN_SUPPORT_CHILDPROCESSES_H
