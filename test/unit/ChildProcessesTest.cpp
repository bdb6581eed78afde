//===- ChildProcessesTest.cpp - children leave nothing behind ---------------===//
//
// libomp registers each process that runs a parallel region under
// /dev/shm/__KMP_REGISTERED_LIB_<pid>_<uid> and removes the file at its
// shutdown, which a child ending with _exit (or killed by its alarm) never
// reaches. The children here create that file themselves, as libomp would,
// and the parent must have removed it once the child is reaped.
//
//===----------------------------------------------------------------------===//
#include "gn/Support/ChildProcesses.h"
#include <fstream>
#include <gtest/gtest.h>
#include <unistd.h>

using namespace mlir::gn;

namespace {

std::string registrationFile(long pid) {
  return "/dev/shm/__KMP_REGISTERED_LIB_" + std::to_string(pid) + "_" +
         std::to_string(getuid());
}

bool exists(const std::string &path) { return std::ifstream(path).good(); }

// The child's work: registers as libomp would, then hands back its pid.
std::string registerAndReport(const std::string &) {
  std::ofstream(registrationFile(getpid())) << "registered";
  return std::to_string(getpid());
}

} // namespace

TEST(ChildProcesses, RunRemovesTheOpenMPRegistration) {
  if (!exists("/dev/shm/."))
    GTEST_SKIP() << "no /dev/shm on this machine";
  ChildProcesses children;
  std::string error;
  auto done = children.run(0, registerAndReport, error);
  ASSERT_TRUE(done) << error;
  ASSERT_FALSE(done->died()) << done->deathReason();
  EXPECT_FALSE(exists(registrationFile(std::stol(done->result))));
}

TEST(ChildProcesses, WaitAnyRemovesTheRegistrationOfATimedOutChild) {
  if (!exists("/dev/shm/."))
    GTEST_SKIP() << "no /dev/shm on this machine";
  ChildProcesses children;
  std::string error;
  // The child registers, writes its pid where the parent can read it, then
  // hangs until its 1 s alarm kills it.
  int id = children.start(
      1,
      [&](const std::string &resultPath) {
        std::ofstream(resultPath + ".last") << getpid();
        registerAndReport(resultPath);
        for (;;)
          pause();
        return std::string();
      },
      error);
  ASSERT_GE(id, 0) << error;
  auto done = children.waitAny();
  ASSERT_TRUE(done);
  EXPECT_TRUE(done->timedOut()) << done->deathReason();
  ASSERT_FALSE(done->lastWords.empty());
  EXPECT_FALSE(exists(registrationFile(std::stol(done->lastWords))));
}
