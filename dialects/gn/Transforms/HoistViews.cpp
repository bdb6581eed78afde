//===- HoistViews.cpp - transposes above elementwise ops (gn-hoist-views) ===//
//
// A transpose (optionally after a reshape) of an elementwise op's result,
// where that result has no other use, moves onto the op's operands:
//
//   transpose(reshape(add(mm, bias)))
//     = add(transpose(reshape(mm)), transpose(reshape(bias)))
//
// Elementwise ops compute each point alone, so the two are equal. The
// reshapes are views the runtime takes for free and the transposes are
// views a kernel reads through (gn-form-fusion-groups absorbs them), so the
// op's kernel writes the transposed result directly instead of writing it,
// then launching a copy kernel to permute it: attention's head split after
// each projection's bias add is one kernel, not two. An operand that
// broadcasts is reshaped by the dims it has: it must be whole or all 1s
// in each group of dims the reshape merges or splits, or nothing moves.
// A transpose of the last two dims that a matmul reads is left to the
// matmul's transpose flag. A transpose moves only where it ends, through
// the whole chain, on values no kernel computes (see endsOnInputs). Nor
// does it move above an op computed
// from a reduction (a layer norm's normalization, channels last, before
// the permute back): that op belongs to the reduction's row kernel, which
// the move would split.
//
//===----------------------------------------------------------------------===//
#include "gn/Transforms/FusionUtils.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/SmallPtrSet.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNHOISTVIEWSPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

namespace {

/// The shape an operand of shape `operand` (right-aligned to `from`, numpy
/// broadcasting) takes when `from` is reshaped to `to`: per group of dims
/// the reshape maps onto each other (equal products), the operand is whole
/// there (then it takes `to`'s dims) or all 1s (then 1s). None when an
/// operand is partly broadcast within a group.
std::optional<llvm::SmallVector<int64_t>> reshapeBroadcast(llvm::ArrayRef<int64_t> operand,
                                                           llvm::ArrayRef<int64_t> from,
                                                           llvm::ArrayRef<int64_t> to) {
  llvm::SmallVector<int64_t> padded(from.size() - operand.size(), 1);
  padded.append(operand.begin(), operand.end());
  llvm::SmallVector<int64_t> out;
  size_t i = 0, j = 0;
  while (i < from.size() || j < to.size()) {
    // One group: the fewest dims of each side with equal products (dims of
    // 1 join the group they border).
    size_t i0 = i, j0 = j;
    int64_t pf = 1, pt = 1;
    if (i < from.size())
      pf *= from[i++];
    if (j < to.size())
      pt *= to[j++];
    while (pf != pt || (i < from.size() && from[i] == 1) || (j < to.size() && to[j] == 1)) {
      if (pf <= pt && i < from.size())
        pf *= from[i++];
      else if (j < to.size())
        pt *= to[j++];
      else
        return std::nullopt;
    }
    bool whole = true, ones = true;
    for (size_t k = i0; k < i; ++k) {
      whole &= padded[k] == from[k];
      ones &= padded[k] == 1;
    }
    if (!whole && !ones)
      return std::nullopt;
    for (size_t k = j0; k < j; ++k)
      out.push_back(ones ? 1 : to[k]);
  }
  return out;
}

/// Whether `v` is computed from a reduction's result through elementwise
/// ops (looking at most `budget` ops up).
bool fromReduction(Value v, int budget = 32) {
  llvm::SmallVector<Value> work{v};
  llvm::SmallPtrSet<Operation *, 16> seen;
  while (!work.empty() && budget > 0) {
    Operation *d = work.pop_back_val().getDefiningOp();
    if (!d || !seen.insert(d).second)
      continue;
    if (isReductionOp(d))
      return true;
    if (!isFusibleElementwise(d))
      continue;
    --budget;
    llvm::append_range(work, d->getOperands());
  }
  return false;
}

/// Whether the transpose can move onto operand `v` of an elementwise op
/// over `shape` and end on values no kernel computes (arguments, library
/// results, constants: a kernel reads those through the view): `v` is one
/// of those (or a reshape of one), broadcasts as a scalar, or is a
/// same-shape elementwise result read by nothing else whose operands are
/// so in turn. Otherwise the transpose would land on a computed value, a
/// copy kernel of its own, or several where there was one.
bool endsOnInputs(Value v, llvm::ArrayRef<int64_t> shape, int &budget) {
  auto type = llvm::cast<RankedTensorType>(v.getType());
  if (llvm::all_of(type.getShape(), [](int64_t d) { return d == 1; }))
    return true;
  Operation *d = v.getDefiningOp();
  bool throughReshape = false;
  while (auto r = llvm::dyn_cast_if_present<ReshapeOp>(d)) {
    d = r.getInput().getDefiningOp();
    throughReshape = true;
  }
  if (!d || !isFusibleElementwise(d))
    return true;
  if (throughReshape || type.getShape() != shape || !d->hasOneUse() || --budget < 0)
    return false;
  return llvm::all_of(d->getOperands(), [&](Value w) { return endsOnInputs(w, shape, budget); });
}

struct HoistTransposeAboveElementwise : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  // Elementwise ops a transpose may travel over, end to end.
  static constexpr int kMaxChain = 16;
  LogicalResult matchAndRewrite(TransposeOp t, PatternRewriter &rw) const override {
    if (t.swapsLastTwoDims() &&
        llvm::any_of(t->getUsers(), [](Operation *u) { return isa<MatmulOp>(u); }))
      return rw.notifyMatchFailure(t, "a matmul reads it: its transpose flag is free");
    Value input = t.getInput();
    auto reshape = input.getDefiningOp<ReshapeOp>();
    if (reshape) {
      if (!reshape->hasOneUse())
        return rw.notifyMatchFailure(t, "the reshape has other uses");
      input = reshape.getInput();
    }
    Operation *e = input.getDefiningOp();
    if (!e || !e->hasOneUse() || !isFusibleElementwise(e))
      return rw.notifyMatchFailure(t, "not the only use of an elementwise result");
    if (llvm::any_of(e->getOperands(), [](Value v) { return fromReduction(v); }))
      return rw.notifyMatchFailure(t, "computed from a reduction (its row kernel's)");
    auto eType = llvm::cast<RankedTensorType>(e->getResult(0).getType());
    llvm::ArrayRef<int64_t> shape = eType.getShape();
    int budget = kMaxChain;
    if (!llvm::all_of(e->getOperands(), [&](Value v) { return endsOnInputs(v, shape, budget); }))
      return rw.notifyMatchFailure(t, "would end on a computed value");
    llvm::ArrayRef<int64_t> viewShape =
        reshape ? llvm::cast<RankedTensorType>(reshape.getType()).getShape() : shape;
    llvm::ArrayRef<int64_t> perm = t.getPermutation();
    // Each operand's shape under the reshape, checked before anything moves.
    llvm::SmallVector<llvm::SmallVector<int64_t>> shapes;
    for (Value v : e->getOperands()) {
      auto s = reshapeBroadcast(llvm::cast<RankedTensorType>(v.getType()).getShape(), shape,
                                viewShape);
      if (!s)
        return rw.notifyMatchFailure(t, "an operand broadcasts across a reshaped group of dims");
      shapes.push_back(*s);
    }
    Location loc = t.getLoc();
    llvm::SmallVector<Value> operands;
    for (auto [v, s] : llvm::zip(e->getOperands(), shapes)) {
      auto vType = llvm::cast<RankedTensorType>(v.getType());
      Value w = v;
      // All 1s (a scalar) broadcasts to the new shape as it is.
      if (llvm::all_of(vType.getShape(), [](int64_t d) { return d == 1; }) &&
          vType.getRank() <= (int64_t)perm.size()) {
        operands.push_back(v);
        continue;
      }
      if (llvm::ArrayRef<int64_t>(s) != vType.getShape())
        w = ReshapeOp::create(rw, loc, RankedTensorType::get(s, vType.getElementType()), v,
                              rw.getDenseI64ArrayAttr(s));
      if (llvm::any_of(s, [](int64_t d) { return d != 1; })) {
        llvm::SmallVector<int64_t> permuted;
        for (int64_t p : perm)
          permuted.push_back(s[p]);
        w = TransposeOp::create(rw, loc, RankedTensorType::get(permuted, vType.getElementType()),
                                w, rw.getDenseI64ArrayAttr(perm));
      }
      operands.push_back(w);
    }
    auto tType = llvm::cast<RankedTensorType>(t.getType());
    OperationState state(e->getLoc(), e->getName(), operands,
                         RankedTensorType::get(tType.getShape(), eType.getElementType()),
                         e->getAttrs());
    rw.replaceOp(t, rw.create(state)->getResults());
    return success();
  }
};

struct GnHoistViewsPass : mlir::gn::impl::GnHoistViewsPassBase<GnHoistViewsPass> {
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<HoistTransposeAboveElementwise>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
  }
};

} // namespace
