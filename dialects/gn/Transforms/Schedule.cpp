//===- Schedule.cpp - a loop schedule for each gn.fusion (gn-schedule) ---===//
//
// Records on each gn.fusion a `schedule` dictionary that the kernel lowering
// expands:
//   loop_order   iteration dims outermost first: memory order, except that
//                when the innermost dim is reduced all reduced dims go
//                innermost (reductions run along contiguous rows);
//   thread_dim   the dim the runtime splits across threads (-1: none): the
//                outermost parallel dim of extent > 1, when the group has
//                at least `min-parallel-elements` points; in a copy group,
//                such a dim outside every dim its op acts on (batch and
//                channels of pooling and resize, dims before the first a pad
//                pads or before a concat's), unless `thread-copies=false`;
//   vector_width elements per SIMD register for the widest element type the
//                group computes in (`vector-bits` wide registers).
// The iteration space ("domain") is fusionDomain (FusionUtils.h).
//
//===----------------------------------------------------------------------===//
#include "gn/Transforms/FusionUtils.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/BuiltinAttributes.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNSCHEDULEPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

namespace {

unsigned computeBits(Type t) {
  t = llvm::cast<RankedTensorType>(t).getElementType();
  if (llvm::isa<Float16Type, BFloat16Type>(t))
    return 32; // computed in f32
  return std::max(8u, t.getIntOrFloatBitWidth());
}

struct GnSchedulePass : mlir::gn::impl::GnSchedulePassBase<GnSchedulePass> {
  using Base::Base;
  void runOnOperation() override {
    getOperation().walk([&](FusionOp fusion) {
      llvm::SmallVector<bool> reduced;
      llvm::SmallVector<int64_t> domain = fusionDomain(fusion, reduced);
      // Rows (reduced innermost dim): parallel dims outside, reduced dims
      // inside, so each row is summed contiguously. Otherwise keep memory
      // order, so the innermost loop runs contiguously over parallel
      // elements (the accumulators form a vector).
      llvm::SmallVector<int64_t> order;
      bool rows = !domain.empty() && reduced.back();
      for (int64_t d = 0; d < (int64_t)domain.size(); ++d)
        if (!rows || !reduced[d])
          order.push_back(d);
      if (rows)
        for (int64_t d = 0; d < (int64_t)domain.size(); ++d)
          if (reduced[d])
            order.push_back(d);
      int64_t points = 1;
      for (int64_t s : domain)
        points *= s;
      Operation *copyOp = copyGroupOp(fusion);
      int64_t threadDim = -1;
      if (points >= minParallelElements && (fusion.getKind() != "copy" || (copyOp && threadCopies)))
        for (int64_t d : order) {
          // A copy splits only outside every dim its op acts on, so each
          // thread's share stays whole contiguous slabs: a concat on
          // channels of one image is left alone rather than copied row by
          // row (yolo11n's copies got slower that way).
          if (copyOp && !isCopySliceIndependent(copyOp, d))
            break;
          if (!reduced[d] && domain[d] > 1) {
            threadDim = d;
            break;
          }
        }
      unsigned widest = 8;
      fusion.getBody().walk([&](Operation *op) {
        for (Type t : op->getResultTypes())
          widest = std::max(widest, computeBits(t));
      });
      Builder b(fusion.getContext());
      fusion.setScheduleAttr(b.getDictionaryAttr({
          b.getNamedAttr("loop_order", b.getDenseI64ArrayAttr(order)),
          b.getNamedAttr("thread_dim", b.getI64IntegerAttr(threadDim)),
          b.getNamedAttr("vector_width", b.getI64IntegerAttr(std::max(1u, vectorBits / widest))),
      }));
    });
  }
};

} // namespace
