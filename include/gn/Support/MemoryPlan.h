//===- MemoryPlan.h - static buffer offsets by liveness --------*- C++ -*-===//
//
// Given each buffer's size and live interval [first, last] in step order,
// assigns offsets in one arena so that buffers live at the same time never
// overlap, and buffers that are not reuse the same bytes. Greedy best fit
// in three orders (decreasing size, size x lifetime, lifetime), keeping the
// smallest arena: the classic offline heuristics, each within a few percent
// of the lower bound on most real graphs but not on all.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_MEMORYPLAN_H
#define GN_SUPPORT_MEMORYPLAN_H

#include <cstdint>
#include <vector>

namespace mlir::gn::runtime {

struct BufferRequest {
  int64_t bytes = 0;
  int64_t first = 0; // step that writes it
  int64_t last = 0;  // last step that reads it (>= first)
};

struct MemoryPlan {
  std::vector<int64_t> offsets; // per request, 64-byte aligned
  int64_t arenaBytes = 0;
  /// Most bytes live at one step: the lower bound any plan needs.
  int64_t liveBytesBound = 0;
  /// The first step where that many bytes are live.
  int64_t peakStep = 0;
};

MemoryPlan planMemory(const std::vector<BufferRequest> &requests);

} // namespace mlir::gn::runtime

#endif // GN_SUPPORT_MEMORYPLAN_H
