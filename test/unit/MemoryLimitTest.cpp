//===- MemoryLimitTest.cpp - --memory-limit sizes and the tensor cap -----===//
#include "gn/Support/HostTensor.h"
#include "gn/Support/MemoryLimit.h"
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
