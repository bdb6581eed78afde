//===- MemoryPlan.cpp - static buffer offsets by liveness ----------------===//
#include "gn/Runtime/MemoryPlan.h"
#include <algorithm>
#include <map>
#include <numeric>

using namespace mlir::gn::runtime;

static int64_t align64(int64_t n) { return (n + 63) / 64 * 64; }

MemoryPlan mlir::gn::runtime::planMemory(const std::vector<BufferRequest> &requests) {
  MemoryPlan plan;
  size_t n = requests.size();
  plan.offsets.assign(n, 0);
  std::vector<size_t> order(n);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) {
    return requests[a].bytes > requests[b].bytes;
  });
  std::vector<size_t> placed;
  for (size_t i : order) {
    const BufferRequest &r = requests[i];
    int64_t size = align64(std::max<int64_t>(r.bytes, 1));
    // Address ranges of placed buffers whose lifetimes overlap this one.
    std::vector<std::pair<int64_t, int64_t>> busy;
    for (size_t j : placed) {
      const BufferRequest &o = requests[j];
      if (o.first <= r.last && r.first <= o.last)
        busy.push_back({plan.offsets[j], plan.offsets[j] + align64(std::max<int64_t>(o.bytes, 1))});
    }
    std::sort(busy.begin(), busy.end());
    // Best fit: the smallest gap that holds `size`, else the end.
    int64_t best = -1, bestGap = INT64_MAX, cursor = 0;
    for (auto [lo, hi] : busy) {
      if (lo - cursor >= size && lo - cursor < bestGap) {
        best = cursor;
        bestGap = lo - cursor;
      }
      cursor = std::max(cursor, hi);
    }
    if (best < 0)
      best = cursor;
    plan.offsets[i] = best;
    plan.arenaBytes = std::max(plan.arenaBytes, best + size);
    placed.push_back(i);
  }
  // The bound: most bytes live at once.
  std::map<int64_t, int64_t> delta;
  for (const BufferRequest &r : requests) {
    delta[r.first] += align64(std::max<int64_t>(r.bytes, 1));
    delta[r.last + 1] -= align64(std::max<int64_t>(r.bytes, 1));
  }
  int64_t live = 0;
  for (auto [step, d] : delta) {
    live += d;
    if (live > plan.liveBytesBound) {
      plan.liveBytesBound = live;
      plan.peakStep = step;
    }
  }
  return plan;
}
