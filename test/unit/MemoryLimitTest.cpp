//===- MemoryLimitTest.cpp - --memory-limit sizes and the tensor cap -----===//
#include "gn/Support/HostTensor.h"
#include "gn/Support/MemoryLimit.h"
#include <cstring>
#include <gtest/gtest.h>

using namespace mlir::gn;

TEST(MemoryLimit, ParsesSizes) {
  EXPECT_EQ(parseByteSize("0"), 0);
  EXPECT_EQ(parseByteSize("4096"), 4096);
  EXPECT_EQ(parseByteSize("64K"), 64 << 10);
  EXPECT_EQ(parseByteSize("512M"), int64_t(512) << 20);
  EXPECT_EQ(parseByteSize("8G"), int64_t(8) << 30);
  EXPECT_EQ(parseByteSize("2GiB"), int64_t(2) << 30);
  EXPECT_EQ(parseByteSize("1T"), int64_t(1) << 40);
  EXPECT_EQ(parseByteSize(""), -1);
  EXPECT_EQ(parseByteSize("lots"), -1);
  EXPECT_EQ(parseByteSize("8X"), -1);
  EXPECT_EQ(parseByteSize("-1"), -1);
  EXPECT_EQ(parseByteSize("99999999999T"), -1); // overflows int64
}

// A tensor that would take the process over its limit never gets memory:
// the handler runs instead (here: it exits, as gn-eval's child does).
TEST(MemoryLimit, TensorOverTheLimitCallsTheHandler) {
  EXPECT_EXIT(
      {
        setTensorMemoryLimit(1 << 20);
        setOutOfMemoryHandler([](const char *what, size_t requested, int64_t) {
          std::fprintf(stderr, "handler: %s %zu\n", what, requested);
          std::_Exit(7);
        });
        interp::HostTensor small(interp::DType::F32, {1024});
        interp::HostTensor big(interp::DType::F32, {1024, 1024});
      },
      testing::ExitedWithCode(7), "handler: a tensor 4194304");
  // A shape whose size overflows int64 is refused the same way.
  EXPECT_EXIT(
      {
        setOutOfMemoryHandler([](const char *what, size_t, int64_t) {
          std::fprintf(stderr, "handler: %s\n", what);
          std::_Exit(7);
        });
        interp::HostTensor absurd(interp::DType::F64, {int64_t(1) << 40, int64_t(1) << 40});
      },
      testing::ExitedWithCode(7), "handler: a tensor whose size overflows");
}

// Freed buffers past 32 MiB are kept for reuse by size: the next tensor of
// that size gets the same memory, zeroed when asked, and not counted live.
TEST(MemoryLimit, LargeBuffersAreReusedAndZeroed) {
  const int64_t n = int64_t(40) << 20; // bytes of u8
  const uint8_t *first = nullptr;
  int64_t liveBefore = interp::TensorMemory::live();
  {
    interp::HostTensor a(interp::DType::U8, {n}, /*zero=*/false);
    std::memset(a.data<uint8_t>(), 0xAB, n);
    first = a.data<uint8_t>();
  }
  EXPECT_EQ(interp::TensorMemory::live(), liveBefore);
  interp::HostTensor b(interp::DType::U8, {n});
  EXPECT_EQ(b.data<uint8_t>(), first);
  for (int64_t i = 0; i < n; i += 4093)
    ASSERT_EQ(b.data<uint8_t>()[i], 0) << "at " << i;
  EXPECT_EQ(b.data<uint8_t>()[n - 1], 0);
  // Another size does not take it.
  interp::HostTensor c(interp::DType::U8, {n + 4096});
  EXPECT_NE(c.data<uint8_t>(), first);
}
