//===- MemoryPlan.cpp - static buffer offsets by liveness ----------------===//
#include "gn/Support/MemoryPlan.h"
#include <algorithm>
#include <functional>
#include <map>
#include <numeric>

using namespace mlir::gn::runtime;

static int64_t align64(int64_t n) { return (n + 63) / 64 * 64; }

/// Places the buffers in `order`, each at the best-fitting gap among the
/// placed buffers whose lifetimes overlap it (the smallest gap that holds
/// it, else the end).
static void placeInOrder(const std::vector<BufferRequest> &requests,
                         const std::vector<size_t> &order, MemoryPlan &plan) {
  plan.offsets.assign(requests.size(), 0);
  plan.arenaBytes = 0;
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
}

MemoryPlan mlir::gn::runtime::planMemory(const std::vector<BufferRequest> &requests) {
  size_t n = requests.size();
  auto bytes = [&](size_t i) { return requests[i].bytes; };
  auto span = [&](size_t i) { return requests[i].last - requests[i].first + 1; };
  // No one order is best on every graph: place by decreasing size, by
  // decreasing size x lifetime, and by decreasing lifetime, and keep the
  // smallest arena (the first one on ties).
  std::vector<std::function<bool(size_t, size_t)>> orders = {
      [&](size_t a, size_t b) { return bytes(a) > bytes(b); },
      [&](size_t a, size_t b) {
        return (double)bytes(a) * span(a) > (double)bytes(b) * span(b);
      },
      [&](size_t a, size_t b) {
        return span(a) != span(b) ? span(a) > span(b) : bytes(a) > bytes(b);
      }};
  MemoryPlan plan;
  bool first = true;
  for (auto &less : orders) {
    std::vector<size_t> order(n);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), less);
    MemoryPlan candidate;
    placeInOrder(requests, order, candidate);
    if (first || candidate.arenaBytes < plan.arenaBytes)
      plan = std::move(candidate);
    first = false;
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
