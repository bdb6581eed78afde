//===- Schedule.cpp - a loop schedule for each gn.fusion (gn-schedule) ---===//
//
// Records on each gn.fusion a #gn.schedule that the kernel lowering expands.
// The iteration space ("domain") is fusionDomain (FusionUtils.h).
//
// CPU (target=cpu):
//   loop_order   memory order, except that when the innermost dim is
//                reduced all reduced dims go innermost (reductions run along
//                contiguous rows);
//   thread_dim   the dim the runtime splits across threads (-1: none): the
//                outermost parallel dim of extent > 1, when the group has
//                at least `min-parallel-elements` points; in a copy group,
//                such a dim outside every dim its op acts on (batch and
//                channels of pooling and resize, dims before the first a pad
//                pads or before a concat's), unless `thread-copies=false`.
// CUDA (target=cuda):
//   loop_order   parallel dims in memory order, then every reduced dim (each
//                thread, or each group of row_threads, owns whole rows);
//   block_threads `block-threads` threads per block;
//   row_threads  threads sharing one reduced row: 1 for rows of at most 16
//                elements, a warp up to 1024, the whole block beyond.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/SymbolicDims.h"
#include "gn/Support/PassTrace.h"
#include "gn/Transforms/FusionUtils.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNSCHEDULEPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-schedule"
GN_STATISTIC(numScheduled, "fusion groups given a schedule");

namespace {

struct GnSchedulePass : mlir::gn::impl::GnSchedulePassBase<GnSchedulePass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    bool cuda = targetOf(getOperation()) == TargetKind::Cuda;
    if (cuda && (blockThreads < 32 || blockThreads > 1024 || blockThreads % 32)) {
      getOperation().emitError("gn-schedule: block-threads must be a multiple of 32 in [32, 1024]");
      return signalPassFailure();
    }
    getOperation().walk([&](FusionOp fusion) {
      fusion.setScheduleAttr(cuda ? cudaSchedule(fusion) : cpuSchedule(fusion));
      ++numScheduled;
      GN_DEBUG(traceStream() << "[" DEBUG_TYPE "] " << fusion.getScheduleAttr() << " at "
                             << fusion.getLoc() << "\n");
    });
  }

  ScheduleAttr cpuSchedule(FusionOp fusion) {
    llvm::SmallVector<bool> reduced;
    llvm::SmallVector<int64_t> domain = fusionDomain(fusion, reduced);
    // Rows (reduced innermost dim): parallel dims outside, reduced dims
    // inside, so each row is summed contiguously. Otherwise keep memory
    // order, so the innermost loop runs contiguously over parallel
    // elements (the accumulators form a vector).
    bool rows = !domain.empty() && reduced.back();
    llvm::SmallVector<int64_t> order = rows ? reducedInnermost(reduced) : memoryOrder(domain);
    int64_t points = 1;
    for (int64_t s : domain)
      points *= s;
    Operation *copyOp = copyGroupOp(fusion);
    int64_t threadDim = -1;
    // A symbolic group may be large at other bindings: it gets a thread
    // dim whatever its example's size, and the runtime runs it on one
    // thread where the bound size is small (CpuTarget.cpp).
    bool symbolic = llvm::any_of(fusion->getOperandTypes(), hasSymbolicDims) ||
                    llvm::any_of(fusion->getResultTypes(), hasSymbolicDims);
    // Its symbolic dims may be 1 at a binding (GraphNet's batch often is):
    // a static dim of at least kLargeThreadDim is split instead, where the
    // order reaches one (a [s0, 64, s1, s1] map at batch 1 ran on one
    // thread). Never the innermost loop, static or symbolic: each thread
    // step is then one element through strided views of run-time sizes
    // (6x slower on group norm's [s0, 1, 64*s1^2]; convnext_large's
    // channels-last maps 1.9x).
    llvm::SmallVector<SymExpr> exprs = symbolic ? fusionDomainExprs(fusion) : llvm::SmallVector<SymExpr>();
    int64_t firstCandidate = -1;
    if ((points >= minParallelElements || symbolic) &&
        (fusion.getKind() != "copy" || (copyOp && threadCopies)))
      for (int64_t d : order) {
        // A copy splits only outside every dim its op acts on, so each
        // thread's share stays whole contiguous slabs: a concat on
        // channels of one image is left alone rather than copied row by
        // row (yolo11n's copies got slower that way).
        if (copyOp && !isCopySliceIndependent(copyOp, d))
          break;
        if (reduced[d] || domain[d] <= 1)
          continue;
        if (firstCandidate < 0)
          firstCandidate = d;
        // Never the innermost loop: each thread step would be one element.
        bool staticDim = d < (int64_t)exprs.size() && exprs[d].isConstant();
        if (!symbolic || (staticDim && domain[d] >= kLargeThreadDim && d != order.back())) {
          threadDim = d;
          break;
        }
      }
    if (threadDim < 0)
      threadDim = firstCandidate;
    return ScheduleAttr::get(fusion.getContext(), order, threadDim, /*blockThreads=*/0,
                             /*rowThreads=*/1);
  }

  ScheduleAttr cudaSchedule(FusionOp fusion) {
    llvm::SmallVector<bool> reduced;
    llvm::SmallVector<int64_t> domain = fusionDomain(fusion, reduced);
    int64_t rowLength = 1;
    for (auto [d, s] : llvm::enumerate(domain))
      if (reduced[d])
        rowLength *= s;
    bool reduces = llvm::is_contained(reduced, true);
    int64_t rowThreads = !reduces || rowLength <= 16 ? 1 : rowLength <= 1024 ? 32 : blockThreads;
    return ScheduleAttr::get(fusion.getContext(), reducedInnermost(reduced), /*threadDim=*/-1,
                             blockThreads, rowThreads);
  }

  /// The least static size at which a symbolic group's thread dim is
  /// chosen over a symbolic dim before it, which may be small.
  static constexpr int64_t kLargeThreadDim = 16;

  static llvm::SmallVector<int64_t> memoryOrder(llvm::ArrayRef<int64_t> domain) {
    return llvm::to_vector(llvm::seq<int64_t>(0, domain.size()));
  }

  /// Parallel dims in memory order, then reduced dims in memory order.
  static llvm::SmallVector<int64_t> reducedInnermost(llvm::ArrayRef<bool> reduced) {
    llvm::SmallVector<int64_t> order;
    for (int64_t d = 0; d < (int64_t)reduced.size(); ++d)
      if (!reduced[d])
        order.push_back(d);
    for (int64_t d = 0; d < (int64_t)reduced.size(); ++d)
      if (reduced[d])
        order.push_back(d);
    return order;
  }
};

} // namespace
