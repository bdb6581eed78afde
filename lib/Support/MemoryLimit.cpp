//===- MemoryLimit.cpp - bounded memory per process ----------------------===//
#include "gn/Support/MemoryLimit.h"
#include "gn/Support/HostTensor.h"
#include <atomic>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstdio>
#include <unistd.h>

using namespace mlir::gn;

static std::atomic<int64_t> limitBytes{0};

static void printAndExit(const char *what, size_t requested, int64_t live) {
  std::fprintf(stderr, "error: out of memory: %s of %zu bytes with %lld bytes of tensors held\n",
               what, requested, static_cast<long long>(live));
  _exit(4);
}

static std::atomic<OutOfMemoryHandler> handler{printAndExit};

void mlir::gn::setTensorMemoryLimit(int64_t bytes) { limitBytes.store(bytes); }
int64_t mlir::gn::tensorMemoryLimit() { return limitBytes.load(); }
void mlir::gn::setOutOfMemoryHandler(OutOfMemoryHandler h) { handler.store(h ? h : printAndExit); }

void mlir::gn::outOfMemory(const char *what, size_t requested) {
  handler.load()(what, requested, interp::TensorMemory::live());
  _exit(4); // a handler must not return
}

int64_t mlir::gn::parseByteSize(const std::string &text) {
  if (text.empty() || !std::isdigit(static_cast<unsigned char>(text[0])))
    return -1;
  char *end = nullptr;
  errno = 0;
  unsigned long long n = std::strtoull(text.c_str(), &end, 10);
  if (errno == ERANGE)
    return -1;
  std::string unit(end);
  int shift = unit.empty() || unit == "B" ? 0
              : unit == "K" || unit == "KiB" ? 10
              : unit == "M" || unit == "MiB" ? 20
              : unit == "G" || unit == "GiB" ? 30
              : unit == "T" || unit == "TiB" ? 40
                                              : -1;
  if (shift < 0 || n > (~0ull >> 1 >> shift))
    return -1;
  return static_cast<int64_t>(n << shift);
}
