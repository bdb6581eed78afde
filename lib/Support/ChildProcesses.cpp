//===- ChildProcesses.cpp - one sample's work in its own process ----------===//
#include "gn/Support/ChildProcesses.h"
#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <iostream>
#include <sstream>
#include <sys/wait.h>
#include <unistd.h>

using namespace mlir::gn;

namespace {

std::string readAndRemove(const std::string &path) {
  std::ifstream f(path, std::ios::binary);
  if (!f)
    return "";
  std::stringstream s;
  s << f.rdbuf();
  f.close();
  std::remove(path.c_str());
  return s.str();
}

// A child ends with _exit, or is killed, so the OpenMP runtime never unregisters: libomp
// leaves /dev/shm/__KMP_REGISTERED_LIB_<pid>_<uid> behind for each child that ran a parallel
// region. The parent removes it once the child is reaped, so a sweep of thousands of samples
// leaves nothing behind.
void removeRuntimeLeftovers(pid_t pid) {
  std::string name = "/dev/shm/__KMP_REGISTERED_LIB_" + std::to_string(pid) + "_" +
                     std::to_string(getuid());
  std::remove(name.c_str());
}

} // namespace

bool FinishedChild::died() const {
  return !(WIFEXITED(waitStatus) && WEXITSTATUS(waitStatus) == 0) || result.empty();
}

bool FinishedChild::timedOut() const {
  return WIFSIGNALED(waitStatus) && WTERMSIG(waitStatus) == SIGALRM;
}

std::string FinishedChild::deathReason() const {
  if (timedOut())
    return "timed out after " + std::to_string(timeoutSeconds) + " s";
  if (WIFSIGNALED(waitStatus))
    return std::string("crashed: ") + strsignal(WTERMSIG(waitStatus));
  return "exited with status " + std::to_string(WEXITSTATUS(waitStatus)) + " without a result";
}

ChildProcesses::ChildProcesses(std::string dir) : tmpDir(std::move(dir)) {
  if (tmpDir.empty()) {
    const char *t = std::getenv("TMPDIR");
    tmpDir = t && *t ? t : "/tmp";
  }
}

ChildProcesses::~ChildProcesses() { killAll(); }

int ChildProcesses::start(unsigned timeoutSeconds,
                          const std::function<std::string(const std::string &)> &work,
                          std::string &error) {
  int id = nextId++;
  std::string resultPath = tmpDir + "/gn-child-" + std::to_string(getpid()) + "-" +
                           std::to_string(id) + ".result";
  std::cout.flush();
  std::cerr.flush();
  std::fflush(nullptr);
  pid_t pid = fork();
  if (pid < 0) {
    error = std::string("fork failed: ") + strerror(errno);
    return -1;
  }
  if (pid == 0) {
    alarm(timeoutSeconds);
    std::string result = work(resultPath);
    std::ofstream f(resultPath, std::ios::binary);
    f << result;
    f.close();
    _exit(f ? 0 : 3);
  }
  children[pid] = Running{id, resultPath, timeoutSeconds};
  return id;
}

FinishedChild ChildProcesses::collect(const Running &child, int waitStatus) {
  FinishedChild f;
  f.id = child.id;
  f.waitStatus = waitStatus;
  f.timeoutSeconds = child.timeoutSeconds;
  f.result = readAndRemove(child.resultPath);
  f.lastWords = readAndRemove(child.resultPath + ".last");
  return f;
}

std::optional<FinishedChild> ChildProcesses::waitAny() {
  while (!children.empty()) {
    int status = 0;
    pid_t pid = waitpid(-1, &status, 0);
    if (pid < 0) {
      if (errno == EINTR)
        continue;
      return std::nullopt;
    }
    auto it = children.find(pid);
    if (it == children.end())
      continue; // not one of ours
    removeRuntimeLeftovers(pid);
    FinishedChild f = collect(it->second, status);
    children.erase(it);
    return f;
  }
  return std::nullopt;
}

std::optional<FinishedChild>
ChildProcesses::run(unsigned timeoutSeconds,
                    const std::function<std::string(const std::string &)> &work,
                    std::string &error) {
  int id = start(timeoutSeconds, work, error);
  if (id < 0)
    return std::nullopt;
  for (auto it = children.begin(); it != children.end(); ++it)
    if (it->second.id == id) {
      int status = 0;
      while (waitpid(it->first, &status, 0) < 0 && errno == EINTR) {
      }
      Running done = it->second;
      removeRuntimeLeftovers(it->first);
      children.erase(it);
      return collect(done, status);
    }
  return std::nullopt;
}

void ChildProcesses::killAll() {
  for (auto &[pid, child] : children) {
    kill(pid, SIGKILL);
    int status = 0;
    waitpid(pid, &status, 0);
    removeRuntimeLeftovers(pid);
    readAndRemove(child.resultPath);
    readAndRemove(child.resultPath + ".last");
  }
  children.clear();
}
