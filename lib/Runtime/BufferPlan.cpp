//===- BufferPlan.cpp - where each slot of a step list lives --------------===//
//
// planBuffers (StepList.h), in stages:
//  1. lifetimes: the step defining each slot, the last reading it, and which
//     slots are returned (through views too);
//  2. sharing, in step order: slots grouped under a root whose buffer they
//     live in, each at a byte offset into it (views, in-place results,
//     concatenations written in place, argument packs);
//  3. places: an arena offset per root by liveness (MemoryPlan), then every
//     member at its root's offset; returned values on the heap;
//  4. the heap's peak and the byte statistics.
//
//===----------------------------------------------------------------------===//
#include "gn/Support/MemoryPlan.h"
#include "gn/Runtime/StepList.h"
#include "gn/Support/GeneralSwitches.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::runtime;

namespace {

/// The memory-report switch (GN_MEMORY_REPORT=1): the step where the most
/// arena bytes are live, and the buffers live there with the op that writes
/// each (to see what a better plan or op order would have to remove).
void reportPeak(const StepList &list, llvm::ArrayRef<BufferRequest> requests,
                const MemoryPlan &plan) {
  int64_t peak = plan.peakStep;
  if (requests.empty() || peak >= (int64_t)list.steps.size())
    return;
  auto &os = llvm::errs();
  Operation *at = list.steps[peak].op;
  os << "gn memory: " << plan.liveBytesBound << " arena bytes live at step " << peak << " ("
     << at->getName() << " at " << at->getLoc() << ")\n";
  for (const BufferRequest &r : requests)
    if (r.first <= peak && peak <= r.last) {
      Operation *from = list.steps[r.first].op;
      os << llvm::format("  %12lld bytes, steps %lld..%lld, from ", (long long)r.bytes,
                         (long long)r.first, (long long)r.last)
         << from->getName() << " at " << from->getLoc() << "\n";
    }
}

class BufferPlanner {
public:
  BufferPlanner(StepList &list, CompileStats &stats, bool packArguments)
      : list(list), types(list.types), steps(list.steps), stats(stats),
        packArguments(packArguments), numArgs(list.numArgs), n(types.size()) {}

  BufferPlan plan() {
    findLifetimes();
    trackViews();
    shareBuffers();
    BufferPlan plan = placeSlots();
    countHeapAndBytes();
    return plan;
  }

private:
  bool isConstant(int i) const { return list.constants[i] != nullptr; }

  /// Stage 1: def/last per slot, and every slot whose bytes are returned.
  void findLifetimes() {
    root.resize(n);
    for (size_t i = 0; i < n; ++i)
      root[i] = i;
    def.assign(n, -1);
    last.assign(n, -1);
    for (auto [s, step] : llvm::enumerate(steps)) {
      for (int o : step.out)
        def[o] = s;
      for (int i : step.in)
        last[i] = s;
      for (int w : step.scratch)
        def[w] = last[w] = s;
    }
    end = steps.size();
    returned.assign(n, 0);
    for (int r : list.results)
      returned[r] = 1;
    // A value read through a returned view (a reshape or slice of it,
    // transitively) is returned too: its bytes outlive the run. Known before
    // any sharing is decided, so that no concatenation is elided into a
    // buffer that then goes to the heap and is never made.
    for (const Step &step : llvm::reverse(steps))
      if (step.kind == Step::Kind::Alias && returned[step.out[0]])
        returned[step.in[0]] = 1;
    // `groupFirst`/`groupLast` are the first and last steps that touch any
    // slot of a root's group.
    groupFirst = def;
    groupLast.resize(n);
    offsetIn.assign(n, 0);
    for (size_t i = 0; i < n; ++i)
      groupLast[i] = std::max(last[i], def[i]);
    packOf.assign(n, -1);
    packOffset.assign(n, 0);
    isPack.assign(n, 0);
  }

  /// Views by their top: the slot a chain of views starts from, and their
  /// byte range in it (future views included, unlike the groups so far);
  /// the last step reading each slot, directly and through any view.
  void trackViews() {
    viewTop.resize(n);
    topOffset.assign(n, 0);
    lastRead.assign(n, -1);
    for (size_t i = 0; i < n; ++i)
      viewTop[i] = i;
    for (auto [s, step] : llvm::enumerate(steps)) {
      if (step.kind == Step::Kind::Alias) {
        int o = step.out[0], i = step.in[0];
        viewTop[o] = viewTop[i];
        topOffset[o] = topOffset[i] + step.aliasOffset * interp::sizeOf(types[o].dtype);
        continue;
      }
      for (int i : step.in)
        lastRead[i] = s;
    }
    readThrough = lastRead;
    for (const Step &step : llvm::reverse(steps))
      if (step.kind == Step::Kind::Alias)
        readThrough[step.in[0]] = std::max(readThrough[step.in[0]], readThrough[step.out[0]]);
    for (size_t j = 0; j < n; ++j)
      viewsOf[viewTop[j]].push_back(j);
  }

  /// Stage 2, buffer sharing, in step order, as groups of slots that live in
  /// one root's buffer, each at a byte offset into it:
  ///  - a view (reshape, contiguous slice) shares its input's bytes;
  ///  - a kernel result marked `inplace` takes the bytes of that input when
  ///    nothing reads the input (or any slot of its group) after this
  ///    launch (or only that input's part of the group dies: partDies);
  ///  - the inputs of a launch that `concatenates` are placed at their
  ///    slabs of the result, so their producers write there and the launch
  ///    is elided (placeConcat), or whole arguments go to a pack (packArgs).
  void shareBuffers() {
    for (auto [s, step] : llvm::enumerate(steps)) {
      if (step.kind == Step::Kind::Alias) {
        join(step.out[0], step.in[0]);
        offsetIn[step.out[0]] += step.aliasOffset * interp::sizeOf(types[step.out[0]].dtype);
        continue;
      }
      if (step.kind != Step::Kind::Launch)
        continue;
      if (step.concatenates && !packArgs(step))
        placeConcat(step);
      if (step.inplace.empty())
        continue;
      for (auto [o, i] : llvm::zip(step.out, step.inplace)) {
        if (i < 0 || returned[o])
          continue;
        int v = step.in[i], r = root[v];
        // (Same shape and element size: the gn.launch verifier checks it.)
        // A returned value keeps its bytes: the result gets its own buffer.
        if (r < (int)numArgs || isConstant(r) || isPack[r] || def[r] < 0 || anyReturned(r))
          continue;
        bool shared = llvm::any_of(llvm::enumerate(step.in), [&](auto e) {
          return (int64_t)e.index() != i && root[e.value()] == r;
        });
        bool whole = groupLast[r] == (int64_t)s && !shared;
        if (!whole && !partDies(step, s, i, r))
          continue;
        join(o, v);
        ++stats.inplaceResults;
      }
    }
    for (int r : list.results)
      returned[root[r]] = 1;
  }

  /// Slot `o` joins `i`'s group, at `i`'s offset.
  void join(int o, int i) {
    int r = root[i];
    root[o] = r;
    offsetIn[o] = offsetIn[i];
    groupFirst[r] = std::min(groupFirst[r], groupFirst[o]);
    groupLast[r] = std::max(groupLast[r], groupLast[o]);
  }

  llvm::SmallVector<int, 4> members(int r) const {
    llvm::SmallVector<int, 4> m;
    for (size_t j = 0; j < n; ++j)
      if (root[j] == r)
        m.push_back(j);
    return m;
  }

  bool anyReturned(int r) const {
    return llvm::any_of(members(r), [&](int j) { return returned[j] != 0; });
  }

  /// A concatenation's inputs go into its result's buffer when each is a
  /// whole group of its own that a step computes (not an argument, constant
  /// or returned value). Any later write into the result's group is an
  /// in-place result, which waits until nothing reads the group.
  void placeConcat(Step &step) {
    int o = step.out[0];
    if (returned[o])
      return;
    llvm::SmallVector<int, 4> roots;
    for (int i : step.in) {
      int r = root[i];
      if (i < (int)numArgs || r < (int)numArgs || isConstant(r) || isPack[r] || def[r] < 0 ||
          offsetIn[i] != 0 || types[i].bytes() != types[r].bytes() ||
          llvm::is_contained(roots, r) || anyReturned(r))
        return;
      roots.push_back(r);
    }
    int64_t at = 0;
    for (auto [i, r] : llvm::zip(step.in, roots)) {
      for (int j : members(r)) {
        root[j] = o;
        offsetIn[j] += at;
      }
      groupFirst[o] = std::min(groupFirst[o], groupFirst[r]);
      groupLast[o] = std::max(groupLast[o], groupLast[r]);
      at += types[i].bytes();
    }
    step.elided = true;
    ++stats.concatsElided;
  }

  /// A concatenation of whole arguments (a grouped GEMM's weights): with
  /// packArguments, the target copies each argument into its slab of the
  /// result, a buffer of its own for the whole run, and the launch is elided.
  bool packArgs(Step &step) {
    int o = step.out[0];
    if (!packArguments || returned[o])
      return false;
    for (auto [k, i] : llvm::enumerate(step.in))
      if (i >= (int)numArgs || packOf[i] >= 0 ||
          llvm::is_contained(llvm::ArrayRef(step.in).take_front(k), i))
        return false;
    int64_t at = 0;
    for (int a : step.in) {
      packOf[a] = o;
      packOffset[a] = at;
      at += types[a].bytes();
    }
    isPack[o] = 1;
    step.elided = true;
    ++stats.argumentPacks;
    return true;
  }

  /// Whether a launch writing in place over input `i` may take only that
  /// input's bytes of group r, the rest of the group living on (q's slice of
  /// a grouped q, k, v product, its bias added in place while k and v are
  /// read later): every slot over those bytes, views to come included, is
  /// read by this step at the latest, and no other input of it reads them.
  bool partDies(const Step &step, int64_t s, int64_t i, int r) {
    int v = step.in[i];
    if (viewTop[v] != r)
      return false; // reached through an in-place join: not tracked
    int64_t lo = topOffset[v], hi = lo + types[v].bytes();
    auto overlaps = [&](int64_t at, int j) { return at < hi && lo < at + types[j].bytes(); };
    auto otherInput = [&](int j) {
      return llvm::any_of(llvm::enumerate(step.in),
                          [&](auto e) { return (int64_t)e.index() != i && e.value() == j; });
    };
    for (int j : viewsOf[r])
      if (overlaps(topOffset[j], j) && (otherInput(j) || lastRead[j] > s))
        return false;
    for (int j : members(r))
      if (viewTop[j] != r && overlaps(offsetIn[j], j) && (otherInput(j) || readThrough[j] > s))
        return false;
    return true;
  }

  /// Stage 3. Every intermediate produced by a step (kernel, library call or
  /// fallback) gets arena bytes; values returned to the caller outlive the
  /// run and stay on the heap.
  BufferPlan placeSlots() {
    BufferPlan plan;
    plan.places.resize(n);
    std::vector<int> arenaSlots;
    std::vector<BufferRequest> requests;
    for (size_t i = 0; i < n; ++i) {
      SlotPlace &p = plan.places[i];
      if (i < numArgs)
        p = {SlotPlace::Where::Argument, packOffset[i], packOf[i]};
      else if (isConstant(i))
        p.where = SlotPlace::Where::Constant;
      else if (isPack[i])
        p.where = SlotPlace::Where::Pack;
      if (i < numArgs || isConstant(i) || isPack[i] || def[i] < 0 || root[i] != (int)i ||
          returned[i])
        continue;
      arenaSlots.push_back(i);
      requests.push_back({types[i].bytes(), groupFirst[i], std::max(def[i], groupLast[i])});
    }
    MemoryPlan memory = planMemory(requests);
    if (generalSwitches().memoryReport)
      reportPeak(list, requests, memory);
    plan.arenaBytes = memory.arenaBytes;
    plan.liveBytesBound = memory.liveBytesBound;
    plan.peakStep = memory.peakStep;
    stats.arenaBytes = memory.arenaBytes;
    stats.arenaBoundBytes = memory.liveBytesBound;
    inArena.assign(n, 0);
    llvm::DenseMap<int, int64_t> offsetOf;
    for (auto [k, slot] : llvm::enumerate(arenaSlots)) {
      SlotPlace &p = plan.places[slot];
      p = {SlotPlace::Where::Arena, memory.offsets[k]};
      p.root = slot;
      p.first = requests[k].first;
      p.last = requests[k].last;
      inArena[slot] = 1;
      offsetOf[slot] = memory.offsets[k];
    }
    // Kernel results computed in place, and the inputs of elided
    // concatenations, use bytes of their group's buffer; views are bound to
    // their input as the run goes.
    for (size_t i = numArgs; i < n; ++i) {
      if (def[i] < 0 || root[i] == (int)i)
        continue;
      if (steps[def[i]].kind == Step::Kind::Alias) {
        plan.places[i].where = SlotPlace::Where::View;
      } else if (offsetOf.count(root[i])) {
        plan.places[i] = {SlotPlace::Where::Arena, offsetOf[root[i]] + offsetIn[i]};
        plan.places[i].root = root[i];
        plan.places[i].inRoot = offsetIn[i];
        inArena[i] = 1;
      }
    }
    return plan;
  }

  /// Stage 4. Returned values live on the heap from their step to the end;
  /// a host op that cannot write into its arena slot (a fallback) holds a
  /// heap copy for its own step. The planned heap peak is the most of both
  /// at once.
  void countHeapAndBytes() {
    std::vector<int64_t> delta(end + 2, 0);
    for (size_t i = numArgs; i < n; ++i) {
      if (isConstant(i) || isPack[i] || inArena[i] || def[i] < 0 || root[i] != (int)i)
        continue;
      delta[def[i]] += types[i].bytes();
      delta[end + 1] -= types[i].bytes();
    }
    for (auto [s, step] : llvm::enumerate(steps))
      if (step.kind == Step::Kind::Host && !step.library)
        for (int o : step.out)
          if (inArena[o]) {
            delta[s] += types[o].bytes();
            delta[s + 1] -= types[o].bytes();
          }
    int64_t live = 0;
    for (int64_t d : delta) {
      live += d;
      stats.heapPeakBytes = std::max(stats.heapPeakBytes, live);
    }
    for (size_t i = 0; i < numArgs; ++i)
      stats.argumentBytes += types[i].bytes();
    for (int r : list.results)
      stats.outputBytes += types[r].bytes();
  }

  StepList &list;
  const std::vector<SlotType> &types;
  std::vector<Step> &steps;
  CompileStats &stats;
  bool packArguments;
  unsigned numArgs;
  size_t n;
  int64_t end = 0;
  // Per slot: its group's root and byte offset in the root's buffer; the
  // steps that define it and last read it; the first and last steps of a
  // root's group.
  std::vector<int> root;
  std::vector<int64_t> def, last, groupFirst, groupLast, offsetIn;
  std::vector<char> returned, isPack, inArena;
  std::vector<int> packOf; // an argument's pack slot, or -1
  std::vector<int64_t> packOffset;
  // Views by their top (trackViews).
  std::vector<int> viewTop;
  std::vector<int64_t> topOffset, lastRead, readThrough;
  llvm::DenseMap<int, llvm::SmallVector<int, 8>> viewsOf; // top -> every view of it
};

} // namespace

BufferPlan runtime::planBuffers(StepList &list, CompileStats &stats, bool packArguments) {
  return BufferPlanner(list, stats, packArguments).plan();
}
