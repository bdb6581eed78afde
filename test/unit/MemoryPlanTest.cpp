//===- MemoryPlanTest.cpp - static buffer offsets by liveness ------------===//
#include "gn/Support/MemoryPlan.h"
#include <gtest/gtest.h>
#include <random>

using namespace mlir::gn::runtime;

namespace {

/// No two buffers live at the same step share a byte.
void expectNoOverlap(const std::vector<BufferRequest> &r, const MemoryPlan &p) {
  for (size_t i = 0; i < r.size(); ++i)
    for (size_t j = i + 1; j < r.size(); ++j) {
      bool liveTogether = r[i].first <= r[j].last && r[j].first <= r[i].last;
      bool disjoint = p.offsets[i] + r[i].bytes <= p.offsets[j] ||
                      p.offsets[j] + r[j].bytes <= p.offsets[i];
      EXPECT_TRUE(!liveTogether || disjoint) << "buffers " << i << " and " << j;
    }
  for (size_t i = 0; i < r.size(); ++i) {
    EXPECT_EQ(p.offsets[i] % 64, 0);
    EXPECT_LE(p.offsets[i] + r[i].bytes, p.arenaBytes);
  }
}

TEST(MemoryPlan, ChainReusesMemory) {
  // a -> b -> c -> d: each buffer dies when the next is written, so two
  // slots are enough for four buffers.
  std::vector<BufferRequest> r = {{1000, 0, 1}, {1000, 1, 2}, {1000, 2, 3}, {1000, 3, 4}};
  MemoryPlan p = planMemory(r);
  expectNoOverlap(r, p);
  EXPECT_EQ(p.arenaBytes, 2 * 1024);
  EXPECT_EQ(p.liveBytesBound, 2 * 1024);
  EXPECT_EQ(p.peakStep, 1); // a and b, first together at step 1
}

TEST(MemoryPlan, AllLiveTogether) {
  std::vector<BufferRequest> r = {{64, 0, 5}, {128, 1, 5}, {64, 2, 5}};
  MemoryPlan p = planMemory(r);
  expectNoOverlap(r, p);
  EXPECT_EQ(p.arenaBytes, 256);
}

TEST(MemoryPlan, Empty) {
  MemoryPlan p = planMemory({});
  EXPECT_EQ(p.arenaBytes, 0);
  EXPECT_TRUE(p.offsets.empty());
}

// Placing by decreasing size leaves a hole here (10 units of 64 bytes);
// placing long-lived buffers first meets the bound (9). The planner keeps
// the better of its orders.
TEST(MemoryPlan, KeepsTheBestOfSeveralOrders) {
  std::vector<BufferRequest> r = {
      {4 * 64, 4, 4}, {1 * 64, 0, 0}, {3 * 64, 0, 2}, {3 * 64, 1, 4}, {3 * 64, 0, 3}};
  MemoryPlan p = planMemory(r);
  expectNoOverlap(r, p);
  EXPECT_EQ(p.liveBytesBound, 9 * 64);
  EXPECT_EQ(p.arenaBytes, 9 * 64);
}

TEST(MemoryPlan, RandomGraphsStayCorrectAndNearTheBound) {
  std::mt19937 rng(7);
  double worst = 0;
  for (int trial = 0; trial < 200; ++trial) {
    std::vector<BufferRequest> r;
    int n = 1 + rng() % 60;
    for (int i = 0; i < n; ++i) {
      int64_t first = i, last = i + rng() % 8;
      r.push_back({int64_t(1 + rng() % 100000), first, last});
    }
    MemoryPlan p = planMemory(r);
    expectNoOverlap(r, p);
    ASSERT_GE(p.arenaBytes, p.liveBytesBound);
    worst = std::max(worst, double(p.arenaBytes) / p.liveBytesBound);
  }
  // Greedy best-fit is not optimal, but on these it stays within 1.6x of
  // the most bytes ever live together.
  EXPECT_LT(worst, 1.6) << "worst arena / live-bytes bound: " << worst;
}

} // namespace
