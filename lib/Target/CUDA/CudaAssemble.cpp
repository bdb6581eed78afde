//===- CudaAssemble.cpp - PTX to SASS ahead of time (ptxas) ---------------===//
#include "CudaAssemble.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Program.h"
#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <mutex>
#include <thread>

using namespace mlir::gn::cuda;

namespace {

/// ptxas on one module: its cubin, or false with `error` set.
bool assembleOne(const std::string &ptxas, const std::string &chip, PtxModule &m,
                 std::string &error) {
  llvm::SmallString<128> in, out, log;
  int fd = -1;
  if (llvm::sys::fs::createTemporaryFile("gn-ptx", "ptx", fd, in)) {
    error = "cannot create a temporary file for ptxas";
    return false;
  }
  {
    llvm::raw_fd_ostream os(fd, /*shouldClose=*/true);
    os << m.ptx;
  }
  llvm::sys::fs::createTemporaryFile("gn-ptx", "cubin", out);
  llvm::sys::fs::createTemporaryFile("gn-ptx", "log", log);
  auto cleanup = [&] {
    llvm::sys::fs::remove(in);
    llvm::sys::fs::remove(out);
    llvm::sys::fs::remove(log);
  };
  std::string arch = "-arch=" + chip;
  llvm::StringRef args[] = {ptxas, arch, "-o", out.str(), in.str()};
  std::optional<llvm::StringRef> redirects[] = {std::nullopt, log.str(), log.str()};
  std::string message;
  int rc = llvm::sys::ExecuteAndWait(ptxas, args, std::nullopt, redirects, 0, 0, &message);
  if (rc != 0) {
    auto text = llvm::MemoryBuffer::getFile(log);
    error = "ptxas rejected kernel module '" + m.name + "'" +
            (message.empty() ? "" : " (" + message + ")") + ": " +
            (text ? (*text)->getBuffer().trim().str() : std::string("no message"));
    cleanup();
    return false;
  }
  auto cubin = llvm::MemoryBuffer::getFile(out, /*IsText=*/false);
  if (!cubin) {
    error = "ptxas wrote no cubin for kernel module '" + m.name + "'";
    cleanup();
    return false;
  }
  llvm::StringRef bytes = (*cubin)->getBuffer();
  m.cubin.assign(bytes.begin(), bytes.end());
  m.cubinArch = chip;
  cleanup();
  return true;
}

} // namespace

bool mlir::gn::cuda::assembleCubins(Program &program, const std::string &toolkit, bool enabled,
                                    AssembleResult &result, std::string &error) {
  if (!enabled) {
    result.skipped = "GN_CUDA_CUBIN=0";
    return true;
  }
  llvm::SmallString<128> ptxas(toolkit);
  llvm::sys::path::append(ptxas, "bin", "ptxas");
  if (toolkit.empty() || !llvm::sys::fs::can_execute(ptxas)) {
    result.skipped = "no ptxas in the CUDA toolkit ('" + toolkit +
                     "'): the driver JIT-compiles the PTX at load";
    return true;
  }
  if (program.modules.empty())
    return true;
  auto start = std::chrono::steady_clock::now();
  // ptxas runs are processes: as many at once as there are cores.
  unsigned workers = std::max(1u, std::min<unsigned>(std::thread::hardware_concurrency(),
                                                     program.modules.size()));
  std::atomic<size_t> next{0};
  std::mutex failed;
  std::string firstError;
  std::vector<std::thread> pool;
  for (unsigned w = 0; w < workers; ++w)
    pool.emplace_back([&] {
      for (size_t i; (i = next++) < program.modules.size();) {
        std::string why;
        if (!assembleOne(ptxas.str().str(), program.chip, program.modules[i], why)) {
          std::lock_guard<std::mutex> lock(failed);
          if (firstError.empty())
            firstError = why;
          next = program.modules.size(); // stop the others
        }
      }
    });
  for (std::thread &t : pool)
    t.join();
  result.seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  if (!firstError.empty()) {
    error = firstError;
    return false;
  }
  result.modules = program.modules.size();
  return true;
}
