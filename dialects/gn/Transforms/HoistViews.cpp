//===- HoistViews.cpp - views above elementwise ops (gn-hoist-views) -----===//
//
// Rewrites that leave views where a kernel reads them instead of copy
// kernels: transposes move above elementwise ops, an elementwise op read
// only by disjoint slices splits into one op per slice, slices sink below
// reshapes, and reshapes move above a bias add so that it joins the
// kernel of the op reading it. Attention's own views, each a pattern below:
// rotate_half as a roll (RotateHalfAsRoll), grouped-query products on the
// unrepeated heads (GroupedQueryMatmul), P @ V written transposed by the
// GEMM (TransposeIntoMatmulResult). Together: q, k and v cut from one
// projection's bias add, each split into heads, are one kernel reading the
// GEMM's result through three strided views (SplitElementwiseIntoSlices,
// SinkSliceBelowReshape below). The transposes:
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
// does it move above an op computed from a reduction (a layer norm's
// normalization, channels last, before the permute back): that op belongs
// to the reduction's row kernel, which the move would split.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/SymbolicDims.h"
#include "CountedRewrites.h"
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

#define DEBUG_TYPE "gn-hoist-views"
GN_STATISTIC(numOpsReplaced, "ops replaced or erased by the rewrites");
GN_STATISTIC(numOpsCreated, "ops created by the rewrites");

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

/// reshapeBroadcast for each operand of elementwise op `e` (over `from`)
/// when its result is viewed as `to`; none if any operand cannot be.
std::optional<llvm::SmallVector<llvm::SmallVector<int64_t>>>
operandShapesUnder(Operation *e, llvm::ArrayRef<int64_t> from, llvm::ArrayRef<int64_t> to) {
  llvm::SmallVector<llvm::SmallVector<int64_t>> shapes;
  for (Value v : e->getOperands()) {
    auto s = reshapeBroadcast(llvm::cast<RankedTensorType>(v.getType()).getShape(), from, to);
    if (!s)
      return std::nullopt;
    shapes.push_back(*s);
  }
  return shapes;
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

/// Every dim 1 (a scalar, broadcast as it is).
bool allOnes(Value v) {
  return llvm::all_of(llvm::cast<RankedTensorType>(v.getType()).getShape(),
                      [](int64_t d) { return d == 1; });
}

/// `v` broadcasts as it is against a result of rank `rank`.
bool broadcastsAsScalar(Value v, size_t rank) {
  return allOnes(v) && llvm::cast<RankedTensorType>(v.getType()).getRank() <= (int64_t)rank;
}

/// The op computing `v`, looking through reshapes (views); none for an
/// argument.
Operation *producerThroughReshapes(Value v) {
  Operation *d = v.getDefiningOp();
  while (auto r = llvm::dyn_cast_if_present<ReshapeOp>(d))
    d = r.getInput().getDefiningOp();
  return d;
}

/// Whether `v` (a reshape of it aside) is a view a kernel reads, other
/// than a scalar: a slice on top would chain two views, which a kernel
/// reads only as a slice under a transpose or broadcast, so the view
/// would become a copy kernel (a head split already hoisted onto the
/// operands of an add its q, k and v are contiguous slices of).
bool readsThroughView(Value v) {
  Operation *d = producerThroughReshapes(v);
  return !allOnes(v) && d && isKernelView(d);
}

/// `op` again (its name, location and attributes) on `operands`, its one
/// result of `shape` in op's result element type: an op moved below or
/// above a view, or cut to a slice.
Operation *recreate(PatternRewriter &rw, Operation *op, ValueRange operands,
                    llvm::ArrayRef<int64_t> shape) {
  Type element = llvm::cast<RankedTensorType>(op->getResult(0).getType()).getElementType();
  OperationState state(op->getLoc(), op->getName(), operands,
                       RankedTensorType::get(shape, element), op->getAttrs());
  return rw.create(state);
}

/// Whether `v` (a reshape of it aside) is an elementwise op's result.
/// The slice and reshape rewrites stop at ops whose operands a library
/// call, an argument or a constant gives (a projection's bias add):
/// cutting a chain of elementwise ops apart would cut what its kernel
/// absorbed (a batch norm's per-channel scale and shift, computed once in
/// f64) into one small kernel per slice.
bool computedElementwise(Value v) {
  Operation *d = producerThroughReshapes(v);
  return d && isFusibleElementwise(d);
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
  if (allOnes(v))
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

/// In a symbolic module: whether the reshape from `from` to `to` keeps the
/// symbolic dims one to one, cutting or merging only static ones: a common
/// prefix of equal size expressions, then static dims on both sides (the
/// attention head split [s0, s1, 768] -> [s0, s1, 12, 64]). The broadcast
/// groups then hold at every binding, not only at the example's sizes.
bool reshapesStaticDimsOnly(RankedTensorType from, RankedTensorType to) {
  llvm::SmallVector<SymExpr> f = dimExprs(from), t = dimExprs(to);
  size_t k = 0;
  while (k < f.size() && k < t.size() && f[k] == t[k])
    ++k;
  return llvm::all_of(llvm::ArrayRef(f).drop_front(k), [](const SymExpr &e) { return e.isConstant(); }) &&
         llvm::all_of(llvm::ArrayRef(t).drop_front(k), [](const SymExpr &e) { return e.isConstant(); });
}

struct HoistTransposeAboveElementwise : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  // Elementwise ops a transpose may travel over, end to end.
  static constexpr int kMaxChain = 16;
  LogicalResult matchAndRewrite(TransposeOp t, PatternRewriter &rw) const override {
    if (t.swapsLastTwoDims() &&
        llvm::any_of(t->getUsers(), [](Operation *u) { return isa<MatmulOp>(u); }))
      return rw.notifyMatchFailure(t, "a matmul reads it: its transpose flag is free");
    if (hasSymbolicDims(t.getInput().getType()))
      return matchSymbolic(t, rw);
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
    auto shapes = operandShapesUnder(e, shape, viewShape);
    if (!shapes)
      return rw.notifyMatchFailure(t, "an operand broadcasts across a reshaped group of dims");
    Location loc = t.getLoc();
    llvm::SmallVector<Value> operands;
    for (auto [v, s] : llvm::zip(e->getOperands(), *shapes)) {
      auto vType = llvm::cast<RankedTensorType>(v.getType());
      Value w = v;
      // All 1s (a scalar) broadcasts to the new shape as it is.
      if (broadcastsAsScalar(v, perm.size())) {
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
    rw.replaceOp(t, recreate(rw, e, operands, t.getType().getShape())->getResults());
    return success();
  }

  /// The same with symbolic dims (docs/symbolic-shapes.md), for the forms
  /// whose sizes follow at every binding: each operand of the elementwise
  /// op is of the op's own type (it takes the reshape and the transpose as
  /// they are, their types inferred) or static (it broadcasts as at the
  /// example's sizes), and a reshape only cuts or merges static dims. q, k
  /// and v's head split in a one-program transformer: the bias add's
  /// kernel writes the permuted heads instead of a copy kernel after it.
  LogicalResult matchSymbolic(TransposeOp t, PatternRewriter &rw) const {
    Value input = t.getInput();
    auto reshape = input.getDefiningOp<ReshapeOp>();
    if (reshape) {
      if (!reshape->hasOneUse() ||
          !reshapesStaticDimsOnly(llvm::cast<RankedTensorType>(reshape.getInput().getType()),
                                  reshape.getType()))
        return rw.notifyMatchFailure(t, "the reshape has other uses or regroups symbolic dims");
      input = reshape.getInput();
    }
    Operation *e = input.getDefiningOp();
    if (!e || !e->hasOneUse() || !isFusibleElementwise(e) || e->getNumResults() != 1)
      return rw.notifyMatchFailure(t, "not the only use of an elementwise result");
    if (llvm::any_of(e->getOperands(), [](Value v) { return fromReduction(v); }))
      return rw.notifyMatchFailure(t, "computed from a reduction (its row kernel's)");
    Type eType = e->getResult(0).getType();
    llvm::ArrayRef<int64_t> shape = llvm::cast<RankedTensorType>(eType).getShape();
    int budget = kMaxChain;
    for (Value v : e->getOperands()) {
      bool same = v.getType() == eType, fixed = !hasSymbolicDims(v.getType());
      if (!same && !fixed)
        return rw.notifyMatchFailure(t, "an operand broadcasts over symbolic dims");
      // Only arguments and library results (a GEMM's) take the views
      // (endsOnInputs' chains of elementwise ops build at example sizes).
      if (!fixed && computedElementwise(v))
        return rw.notifyMatchFailure(t, "would end on a computed value");
      if (fixed && !endsOnInputs(v, shape, budget))
        return rw.notifyMatchFailure(t, "would end on a computed value");
    }
    llvm::ArrayRef<int64_t> viewShape = reshape ? reshape.getType().getShape() : shape;
    auto shapes = operandShapesUnder(e, shape, viewShape);
    if (!shapes)
      return rw.notifyMatchFailure(t, "an operand broadcasts across a reshaped group of dims");
    Location loc = t.getLoc();
    NamedAttribute perm = rw.getNamedAttr("permutation", t.getPermutationAttr());
    llvm::SmallVector<Value> operands;
    for (auto [v, s] : llvm::zip(e->getOperands(), *shapes)) {
      auto vType = llvm::cast<RankedTensorType>(v.getType());
      if (broadcastsAsScalar(v, t.getPermutation().size())) {
        operands.push_back(v);
        continue;
      }
      Value w = v;
      if (v.getType() == eType) {
        // The reshape as it was (its sym_shape with it), then the transpose.
        if (reshape)
          w = createInferredOrDie<ReshapeOp>(rw, loc, "gn-hoist-views", {w},
                                             reshape->getAttrs());
        operands.push_back(createInferredOrDie<TransposeOp>(rw, loc, "gn-hoist-views", {w}, perm));
        continue;
      }
      if (llvm::ArrayRef<int64_t>(s) != vType.getShape())
        w = ReshapeOp::create(rw, loc, RankedTensorType::get(s, vType.getElementType()), v,
                              rw.getDenseI64ArrayAttr(s));
      if (llvm::any_of(s, [](int64_t d) { return d != 1; }))
        w = createInferredOrDie<TransposeOp>(rw, loc, "gn-hoist-views", {w}, perm);
      operands.push_back(w);
    }
    OperationState state(e->getLoc(), e->getName(), operands, t.getType(), e->getAttrs());
    rw.replaceOp(t, rw.create(state)->getResults());
    return success();
  }
};

/// reshape(e(a, b)), e elementwise and read only by the reshape, becomes
/// e(reshape(a), reshape(b)) where an elementwise op or a reduction reads
/// the reshape: the op then runs over the reader's shape and joins its
/// kernel (torch MultiheadAttention's output projection bias, [197, 1,
/// 768], and the residual add after it, [1, 197, 768], one kernel; GPT-2's
/// addmm [19, 768] and its residual [1, 19, 768]). Reshapes are free
/// (views of the buffer), so this only regroups: it is done where e's
/// operands are not computed elementwise (e stays whole with what it
/// fused before) and not from a reduction (its row kernel's).
struct HoistReshapeAboveElementwise : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp r, PatternRewriter &rw) const override {
    Operation *e = r.getInput().getDefiningOp();
    if (!e || !e->hasOneUse() || !isFusibleElementwise(e) || e->getNumResults() != 1)
      return rw.notifyMatchFailure(r, "not the only use of an elementwise result");
    if (!llvm::any_of(r->getUsers(), [](Operation *u) {
          return isFusibleElementwise(u) || isReductionOp(u);
        }))
      return rw.notifyMatchFailure(r, "no kernel reads the reshape");
    for (Value v : e->getOperands()) {
      Operation *d = producerThroughReshapes(v);
      if (computedElementwise(v) || (d && isKernelView(d)))
        return rw.notifyMatchFailure(r, "an operand is computed elementwise or a view");
      if (fromReduction(v))
        return rw.notifyMatchFailure(r, "computed from a reduction (its row kernel's)");
    }
    auto eType = llvm::cast<RankedTensorType>(e->getResult(0).getType());
    if (allOnes(e->getResult(0)))
      return rw.notifyMatchFailure(r, "a single element: nothing to regroup");
    llvm::ArrayRef<int64_t> viewShape = r.getType().getShape();
    // Each operand's shape under the reshape, checked before anything moves.
    auto shapes = operandShapesUnder(e, eType.getShape(), viewShape);
    if (!shapes)
      return rw.notifyMatchFailure(r, "an operand broadcasts across a reshaped group");
    Location loc = r.getLoc();
    llvm::SmallVector<Value> operands;
    for (auto [v, shape] : llvm::zip(e->getOperands(), *shapes)) {
      auto vType = llvm::cast<RankedTensorType>(v.getType());
      if (broadcastsAsScalar(v, viewShape.size()) ||
          llvm::ArrayRef<int64_t>(shape) == vType.getShape()) {
        operands.push_back(v); // a scalar broadcasts as it is
        continue;
      }
      operands.push_back(ReshapeOp::create(rw, loc,
                                           RankedTensorType::get(shape, vType.getElementType()),
                                           v, rw.getDenseI64ArrayAttr(shape)));
    }
    rw.replaceOp(r, recreate(rw, e, operands, viewShape)->getResults());
    return success();
  }
};

/// Per group of dims a reshape maps onto each other (equal products):
/// [from begin, from end) and [to begin, to end). Dims of 1 open the group
/// after them (a cut dim of 1 the reshape drops then belongs with the dims
/// it cuts rows of); trailing 1s join the last group.
struct DimGroup {
  size_t f0, f1, t0, t1;
};
std::optional<llvm::SmallVector<DimGroup>> reshapeGroups(llvm::ArrayRef<int64_t> from,
                                                         llvm::ArrayRef<int64_t> to) {
  llvm::SmallVector<DimGroup> groups;
  size_t i = 0, j = 0;
  while (i < from.size() && j < to.size()) {
    size_t i0 = i, j0 = j;
    while (i < from.size() && from[i] == 1)
      ++i;
    while (j < to.size() && to[j] == 1)
      ++j;
    if (i == from.size() || j == to.size()) {
      i = i0, j = j0; // only 1s left on one side: they join the last group
      break;
    }
    int64_t pf = from[i++], pt = to[j++];
    while (pf != pt) {
      if (pf < pt && i < from.size())
        pf *= from[i++];
      else if (pt < pf && j < to.size())
        pt *= to[j++];
      else
        return std::nullopt;
    }
    groups.push_back({i0, i, j0, j});
  }
  if (i < from.size() || j < to.size()) {
    if (groups.empty())
      groups.push_back({0, 0, 0, 0});
    groups.back().f1 = from.size();
    groups.back().t1 = to.size();
  }
  return groups;
}

/// reshape(slice(x)) = slice(reshape(x)) where, in each group of dims the
/// reshape maps, the slice cuts at most one dim, with step 1, after only
/// 1s, and the cut falls on whole rows of the dims the reshape splits off:
/// [197, 1, 2304] cut to [197, 1, 768] at 768, then reshaped to
/// [197, 12, 64], is [197, 36, 64] cut to [197, 12, 64] at 12; BLOOM's
/// [1, 18, 2, 3, 4] cut to [.., 1, 4] at 1, reshaped to [1, 18, 2, 4], is
/// [1, 18, 2, 12] cut at 4. The slice then reads a view a kernel reads
/// through (a transpose above it included), not a copy kernel's result.
/// Only slices of computed values move: a slice of an argument is a view
/// already.
struct SinkSliceBelowReshape : OpRewritePattern<ReshapeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ReshapeOp r, PatternRewriter &rw) const override {
    auto slice = r.getInput().getDefiningOp<SliceOp>();
    if (!slice || !slice->hasOneUse())
      return rw.notifyMatchFailure(r, "not the only use of a slice");
    Value x = slice.getInput();
    if (!x.getDefiningOp() || isa<ConstantOp>(x.getDefiningOp()) ||
        contiguousSliceOffset(slice))
      return rw.notifyMatchFailure(r, "the slice is a view already");
    auto xs = llvm::cast<RankedTensorType>(x.getType()).getShape();
    auto ss = slice.getType().getShape();
    auto ts = r.getType().getShape();
    auto groups = reshapeGroups(ss, ts);
    if (!groups)
      return rw.notifyMatchFailure(r, "no grouping of the reshape");
    llvm::ArrayRef<int64_t> starts = slice.getStarts(), steps = slice.getSteps();
    llvm::SmallVector<int64_t> shape, nStarts, nLimits;
    for (const DimGroup &g : *groups) {
      std::optional<size_t> cut;
      for (size_t d = g.f0; d < g.f1; ++d)
        if (ss[d] != xs[d]) {
          if (cut || steps[d] != 1)
            return rw.notifyMatchFailure(r, "a group cut twice or strided");
          cut = d;
        }
      if (!cut) {
        for (size_t k = g.t0; k < g.t1; ++k) {
          shape.push_back(ts[k]);
          nStarts.push_back(0);
          nLimits.push_back(ts[k]);
        }
        continue;
      }
      // The group's dims before the cut are 1s: it selects one run of
      // elements at `offset` out of `total` in the group's order.
      int64_t rows = 1;
      for (size_t d = g.f0; d < *cut; ++d)
        if (ss[d] != 1)
          return rw.notifyMatchFailure(r, "dims other than 1s before the cut in its group");
      for (size_t d = *cut + 1; d < g.f1; ++d)
        rows *= ss[d];
      int64_t offset = starts[*cut] * rows, total = xs[*cut] * rows;
      // The group's first dim other than 1 takes the cut; the dims after
      // it split whole rows of `inner` elements off.
      size_t lead = g.t0;
      while (lead < g.t1 && ts[lead] == 1)
        ++lead;
      int64_t inner = 1;
      for (size_t k = lead + 1; k < g.t1; ++k)
        inner *= ts[k];
      if (lead == g.t1 || total % inner || offset % inner)
        return rw.notifyMatchFailure(r, "the cut splits rows of the reshape");
      for (size_t k = g.t0; k < g.t1; ++k) {
        bool isLead = k == lead;
        shape.push_back(isLead ? total / inner : ts[k]);
        nStarts.push_back(isLead ? offset / inner : 0);
        nLimits.push_back(isLead ? offset / inner + ts[k] : ts[k]);
      }
    }
    Type et = r.getType().getElementType();
    Location loc = r.getLoc();
    Value whole = x;
    if (auto inner = x.getDefiningOp<ReshapeOp>())
      whole = inner.getInput(); // reshape(reshape(y)) is one reshape of y
    Value reshaped = ReshapeOp::create(rw, loc, RankedTensorType::get(shape, et), whole,
                                       rw.getDenseI64ArrayAttr(shape));
    rw.replaceOpWithNewOp<SliceOp>(r, r.getType(), reshaped, rw.getDenseI64ArrayAttr(nStarts),
                                   rw.getDenseI64ArrayAttr(nLimits),
                                   rw.getDenseI64ArrayAttr(llvm::SmallVector<int64_t>(shape.size(), 1)));
    return success();
  }
};

/// slice(e(a, b)), e elementwise and every use of its result a slice or a
/// reshape used only by slices: each slice becomes e over slices of the
/// operands, e.g. a projection's bias add split into q, k and v:
///
///   slice(add(mm, bias), q's columns) = add(slice(mm), slice(bias))
///
/// No point is computed twice, and the slices of the GEMM's result become
/// views the add's kernel reads instead of copy kernels after it (and
/// each part's head split can then move onto its operands). An operand
/// that broadcasts keeps its broadcast dims whole. Not above an op computed
/// from a reduction (its row kernel's, as for the transposes).
struct SplitElementwiseIntoSlices : OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The slices reading e's result (directly, or through reshapes to one
  /// shape) cover disjoint boxes of it, none a contiguous run: splitting
  /// computes no point twice (x * sigmoid(x) cut in two would otherwise
  /// cut x twice, then all that computes x, over and over), and removes
  /// copies (a contiguous slice is a free view of the whole result).
  static bool disjointSlices(Operation *e) {
    llvm::SmallVector<SliceOp> slices;
    std::optional<llvm::ArrayRef<int64_t>> viewShape;
    for (Operation *u : e->getUsers()) {
      auto shape = llvm::cast<RankedTensorType>(u->getResult(0).getType()).getShape();
      if (auto s = dyn_cast<SliceOp>(u)) {
        shape = s.getInput().getType().getShape();
        slices.push_back(s);
      } else {
        for (Operation *v : u->getUsers())
          slices.push_back(cast<SliceOp>(v));
      }
      if (viewShape && *viewShape != shape)
        return false;
      viewShape = shape;
    }
    // A run of the result's memory (a channel chunk) is a view already.
    if (llvm::any_of(slices, [](SliceOp s) { return contiguousSliceOffset(s).has_value(); }))
      return false;
    for (size_t i = 0; i < slices.size(); ++i)
      for (size_t j = i + 1; j < slices.size(); ++j) {
        bool apart = false;
        for (size_t d = 0; d < viewShape->size() && !apart; ++d) {
          // [start, limit) per dim; a strided slice counts as its whole span.
          int64_t a0 = slices[i].getStarts()[d], a1 = slices[i].getLimits()[d];
          int64_t b0 = slices[j].getStarts()[d], b1 = slices[j].getLimits()[d];
          apart = a1 <= b0 || b1 <= a0;
        }
        if (!apart)
          return false;
      }
    return true;
  }

  LogicalResult matchAndRewrite(SliceOp slice, PatternRewriter &rw) const override {
    Value input = slice.getInput();
    auto reshape = input.getDefiningOp<ReshapeOp>();
    if (reshape) {
      input = reshape.getInput();
    }
    Operation *e = input.getDefiningOp();
    if (!e || !isFusibleElementwise(e) || e->getNumResults() != 1)
      return rw.notifyMatchFailure(slice, "not a slice of an elementwise result");
    auto onlySlices = [](Operation *u) {
      return llvm::all_of(u->getUsers(), [](Operation *v) { return isa<SliceOp>(v); });
    };
    bool allSlices = llvm::all_of(e->getUsers(), [&](Operation *u) {
      return isa<SliceOp>(u) || (isa<ReshapeOp>(u) && onlySlices(u));
    });
    if (!allSlices)
      return rw.notifyMatchFailure(slice, "the elementwise result has other uses");
    if (!disjointSlices(e))
      return rw.notifyMatchFailure(slice, "slices overlap (points computed twice) or are views");
    if (llvm::any_of(e->getOperands(), readsThroughView))
      return rw.notifyMatchFailure(slice, "a slice of an operand's view would be a copy");
    if (llvm::any_of(e->getOperands(), computedElementwise))
      return rw.notifyMatchFailure(slice, "an operand is computed elementwise");
    if (llvm::any_of(e->getOperands(), [](Value v) { return fromReduction(v); }))
      return rw.notifyMatchFailure(slice, "computed from a reduction (its row kernel's)");
    auto eShape = llvm::cast<RankedTensorType>(e->getResult(0).getType()).getShape();
    llvm::ArrayRef<int64_t> viewShape = slice.getInput().getType().getShape();
    // Each operand's shape under the reshape, checked before anything moves.
    auto shapes = operandShapesUnder(e, eShape, viewShape);
    if (!shapes)
      return rw.notifyMatchFailure(slice, "an operand broadcasts across a reshaped group");
    Location loc = slice.getLoc();
    llvm::ArrayRef<int64_t> starts = slice.getStarts(), steps = slice.getSteps();
    auto outShape = slice.getType().getShape();
    llvm::SmallVector<Value> operands;
    for (auto [v, s] : llvm::zip(e->getOperands(), *shapes)) {
      auto vType = llvm::cast<RankedTensorType>(v.getType());
      Type et = vType.getElementType();
      if (broadcastsAsScalar(v, outShape.size())) {
        operands.push_back(v); // a scalar broadcasts as it is
        continue;
      }
      Value w = v;
      if (llvm::ArrayRef<int64_t>(s) != vType.getShape())
        w = ReshapeOp::create(rw, loc, RankedTensorType::get(s, et), v,
                              rw.getDenseI64ArrayAttr(s));
      // s is right-aligned to the view; its dims of 1 broadcast (kept).
      size_t off = outShape.size() - s.size();
      llvm::SmallVector<int64_t> st, li, sp, sh;
      bool cuts = false;
      for (size_t k = 0; k < s.size(); ++k) {
        bool bcast = s[k] == 1 && viewShape[k + off] != 1;
        st.push_back(bcast ? 0 : starts[k + off]);
        sp.push_back(bcast ? 1 : steps[k + off]);
        sh.push_back(bcast ? 1 : outShape[k + off]);
        // The last element read, plus one (an empty slice: its start).
        li.push_back(bcast          ? 1
                     : sh.back() == 0 ? st.back()
                                      : st.back() + (sh.back() - 1) * sp.back() + 1);
        cuts |= sh.back() != s[k];
      }
      if (cuts)
        w = SliceOp::create(rw, loc, RankedTensorType::get(sh, et), w, rw.getDenseI64ArrayAttr(st),
                            rw.getDenseI64ArrayAttr(li), rw.getDenseI64ArrayAttr(sp));
      operands.push_back(w);
    }
    rw.replaceOp(slice, recreate(rw, e, operands, outShape)->getResults());
    return success();
  }
};

/// Rotary embeddings' rotate_half, concat(-x[.., h:], x[.., :h]) along a
/// dim of 2h, is x rolled by h times a sign (-1 on the first half, 1 on
/// the second):
///
///   concat(neg(slice(x, h..2h)), slice(x, 0..h)) = roll(x, h) * [-1.., 1..]
///
/// Both halves are exact (negation and a product by +-1 round nothing).
/// The roll is a view the kernel applying the embedding (q * cos +
/// rotate_half(q) * sin) reads through a map with a mod, so the two slice
/// kernels and the concat kernel per q and k in every layer go.
struct RotateHalfAsRoll : OpRewritePattern<ConcatOp> {
  using OpRewritePattern::OpRewritePattern;

  /// The input x when `v` is x cut to [from, from + n) along `dim` alone
  /// (unit steps, whole elsewhere).
  static Value halfOf(Value v, int64_t dim, int64_t from, int64_t n) {
    auto slice = v.getDefiningOp<SliceOp>();
    if (!slice)
      return {};
    auto in = slice.getInput().getType().getShape();
    auto out = slice.getType().getShape();
    for (size_t d = 0; d < in.size(); ++d) {
      bool cut = (int64_t)d == dim;
      if (slice.getSteps()[d] != 1 || slice.getStarts()[d] != (cut ? from : 0) ||
          out[d] != (cut ? n : in[d]))
        return {};
    }
    return slice.getInput();
  }

  LogicalResult matchAndRewrite(ConcatOp concat, PatternRewriter &rw) const override {
    if (concat.getInputs().size() != 2)
      return rw.notifyMatchFailure(concat, "not two halves");
    auto type = concat.getType();
    auto shape = type.getShape();
    int64_t dim = concat.getDim();
    if (dim < 0)
      dim += shape.size();
    int64_t n = shape[dim], h = n / 2;
    if (n < 2 || n % 2 || !llvm::isa<FloatType>(type.getElementType()))
      return rw.notifyMatchFailure(concat, "not float halves of an even dim");
    auto neg = concat.getInputs()[0].getDefiningOp<NegOp>();
    if (!neg)
      return rw.notifyMatchFailure(concat, "the first half is not negated");
    Value x = halfOf(neg.getOperand(), dim, h, h);
    if (!x || x.getType() != type || halfOf(concat.getInputs()[1], dim, 0, h) != x)
      return rw.notifyMatchFailure(concat, "not rotate_half of one value");
    Location loc = concat.getLoc();
    Value rolled = RollOp::create(rw, loc, type, x, rw.getDenseI64ArrayAttr({h}),
                                  rw.getDenseI64ArrayAttr({dim}));
    // The sign over `dim`, right-aligned: [2h, 1, ..., 1].
    llvm::SmallVector<int64_t> signShape(shape.size() - dim, 1);
    signShape[0] = n;
    auto signType = RankedTensorType::get(signShape, type.getElementType());
    auto ft = llvm::cast<FloatType>(type.getElementType());
    llvm::SmallVector<APFloat> signs;
    for (int64_t i = 0; i < n; ++i) {
      APFloat one(1.0);
      bool lost;
      one.convert(ft.getFloatSemantics(), APFloat::rmNearestTiesToEven, &lost);
      if (i < h)
        one.changeSign();
      signs.push_back(one);
    }
    Value sign = ConstantOp::create(rw, loc, signType, DenseElementsAttr::get(signType, signs));
    rw.replaceOpWithNewOp<MulOp>(concat, type, rolled, sign);
    return success();
  }
};

/// Grouped-query attention repeats each of G key (value) heads R times
/// (repeat_kv: a reshape, a broadcast, a reshape) for H = G * R query heads.
/// A product of the H heads with the repeated operand is the product of
/// each group's R heads, taken as R * M rows, with the group's one head:
///
///   matmul(q[.., H, M, D], reshape(broadcast(reshape(k[.., G, N, D]))))
///     = reshape(matmul(reshape(q)[.., G, R * M, D], k))
///
/// (a conversion of the repeated operand moves onto k, which it then
/// converts R times fewer elements of). Each element is the same sum of
/// the same products (a GEMM library may add them in another order for
/// another shape); no kernel copies k R times, and with G = 1 the product
/// is one GEMM (gemma-3: 4 query heads, 1 key head).
struct GroupedQueryMatmul : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(MatmulOp mm, PatternRewriter &rw) const override {
    if (mm.getTransposeLhs() || mm.getTransposeResult())
      return rw.notifyMatchFailure(mm, "an operand's or the result's rows are not contiguous");
    Value rhs = mm.getRhs();
    auto convert = rhs.getDefiningOp<ConvertOp>();
    if (convert && convert->hasOneUse())
      rhs = convert.getInput();
    else
      convert = nullptr;
    auto merged = rhs.getDefiningOp<ReshapeOp>();
    auto repeat = merged ? merged.getInput().getDefiningOp<BroadcastToOp>() : nullptr;
    if (!repeat || !rhs.hasOneUse() || !merged.getInput().hasOneUse())
      return rw.notifyMatchFailure(mm, "rhs is not a repeat of heads");
    auto a = llvm::cast<RankedTensorType>(mm.getLhs().getType()).getShape();
    auto b = llvm::cast<RankedTensorType>(rhs.getType()).getShape();
    auto one = repeat.getInput().getType().getShape();
    auto rep = repeat.getType().getShape();
    int64_t rank = b.size();
    // [.., G, 1, N, D] -> [.., G, R, N, D] -> [.., G*R, N, D], the lhs
    // [.., G*R, M, D] with the same leading dims.
    if (rank < 3 || (int64_t)a.size() != rank || (int64_t)one.size() != rank + 1 ||
        (int64_t)rep.size() != rank + 1 || a.drop_back(2) != b.drop_back(2))
      return rw.notifyMatchFailure(mm, "not [.., heads, rows, cols] operands");
    int64_t h = rank - 3; // the heads dim
    int64_t g = one[h], r = rep[h + 1];
    llvm::SmallVector<int64_t> kv(one.begin(), one.end());
    kv.erase(kv.begin() + h + 1);
    llvm::SmallVector<int64_t> want(kv);
    want[h] = g * r;
    if (r < 2 || one[h + 1] != 1 || rep[h] != g || llvm::ArrayRef(want) != b ||
        one.drop_front(h + 2) != rep.drop_front(h + 2) || one.take_front(h) != rep.take_front(h))
      return rw.notifyMatchFailure(mm, "not a repeat of whole heads");
    Location loc = mm.getLoc();
    auto lhsType = llvm::cast<RankedTensorType>(mm.getLhs().getType());
    llvm::SmallVector<int64_t> rows(a.begin(), a.end());
    rows[h] = g;
    rows[h + 1] = r * a[h + 1];
    Value lhs = ReshapeOp::create(rw, loc, lhsType.clone(rows), mm.getLhs(),
                                  rw.getDenseI64ArrayAttr(rows));
    // The heads and their conversion where the heads are made: a kernel
    // converting them can then merge with its sibling (the rotary kernel of
    // k, over the same shape).
    Value heads;
    {
      OpBuilder::InsertionGuard guard(rw);
      rw.setInsertionPointAfterValue(repeat.getInput());
      heads = ReshapeOp::create(rw, loc, repeat.getInput().getType().clone(kv), repeat.getInput(),
                                rw.getDenseI64ArrayAttr(kv));
      if (convert)
        heads = recreate(rw, convert, heads, kv)->getResult(0);
    }
    auto outType = mm.getType();
    llvm::SmallVector<int64_t> outRows(outType.getShape());
    outRows[h] = g;
    outRows[h + 1] = r * outType.getShape()[h + 1];
    Value product = recreate(rw, mm, {lhs, heads}, outRows)->getResult(0);
    rw.replaceOpWithNewOp<ReshapeOp>(mm, outType, product,
                                     rw.getDenseI64ArrayAttr(outType.getShape()));
    return success();
  }
};

/// Attention's P @ V, [.., heads, rows, cols], is transposed to [.., rows,
/// heads, cols] for the output projection: a copy kernel. A GEMM library
/// writes that order itself (each head's columns at an offset, rows
/// heads * cols apart), so the transpose becomes the product's
/// transpose_result. Only where the dims before the heads are all 1 (one
/// stride for the heads; the CUDA target's GEMM takes no more).
struct TransposeIntoMatmulResult : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(TransposeOp t, PatternRewriter &rw) const override {
    auto mm = t.getInput().getDefiningOp<MatmulOp>();
    if (!mm || !mm->hasOneUse() || mm.getTransposeResult())
      return rw.notifyMatchFailure(t, "not the one read of a matmul's result");
    llvm::ArrayRef<int64_t> perm = t.getPermutation();
    int64_t r = perm.size();
    if (r < 3 || llvm::cast<RankedTensorType>(mm.getLhs().getType()).getRank() < 2 ||
        llvm::cast<RankedTensorType>(mm.getRhs().getType()).getRank() < 2)
      return rw.notifyMatchFailure(t, "no batch dim, or a vector operand");
    for (int64_t i = 0; i < r; ++i) {
      int64_t want = i == r - 3 ? r - 2 : i == r - 2 ? r - 3 : i;
      if (perm[i] != want)
        return rw.notifyMatchFailure(t, "not a swap of the heads and the rows");
    }
    auto shape = mm.getType().getShape();
    if (llvm::any_of(shape.drop_back(3), [](int64_t d) { return d != 1; }))
      return rw.notifyMatchFailure(t, "more than one batch dim");
    Operation *product = recreate(rw, mm, mm->getOperands(), t.getType().getShape());
    product->setAttr(mm.getTransposeResultAttrName(), rw.getUnitAttr());
    rw.replaceOp(t, product->getResults());
    return success();
  }
};

struct GnHoistViewsPass : mlir::gn::impl::GnHoistViewsPassBase<GnHoistViewsPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    // The other rewrites build ops at the example's sizes
    // (docs/symbolic-shapes.md, phase 4): a symbolic module moves only its
    // transposes, in the forms whose sizes follow at every binding.
    if (inSymbolicModule(getOperation())) {
      patterns.add<HoistTransposeAboveElementwise>(&getContext());
      if (failed(applyCountedPatterns(getOperation(), std::move(patterns), DEBUG_TYPE,
                                      {numOpsReplaced, numOpsCreated}))) {
        getOperation().emitError("gn-hoist-views: the view rewrites did not converge");
        signalPassFailure();
      }
      return;
    }
    patterns.add<HoistTransposeAboveElementwise, HoistReshapeAboveElementwise, SinkSliceBelowReshape,
                 SplitElementwiseIntoSlices, RotateHalfAsRoll, GroupedQueryMatmul,
                 TransposeIntoMatmulResult>(&getContext());
    if (failed(applyCountedPatterns(getOperation(), std::move(patterns), DEBUG_TYPE,
                                    {numOpsReplaced, numOpsCreated}))) {
      // Each rewrite moves views up or slices apart, so this is a bug in
      // the patterns (a cycle), said as one rather than a silent failure.
      getOperation().emitError("gn-hoist-views: the view rewrites did not converge");
      return signalPassFailure();
    }
    mergeEqualReshapes();
  }

  /// The rewrites reshape one value the same way for each slice they cut
  /// from it: those reshapes become one, so the kernels reading q, k and v
  /// share one input (what CSE would do, but only for reshapes: a
  /// transpose read twice would no longer be a view one kernel absorbs).
  void mergeEqualReshapes() {
    llvm::SmallVector<ReshapeOp> reshapes;
    getOperation().walk([&](ReshapeOp r) { reshapes.push_back(r); });
    llvm::DenseMap<std::pair<Value, Type>, ReshapeOp> first;
    for (ReshapeOp r : reshapes) {
      auto [it, inserted] = first.try_emplace({r.getInput(), r.getType()}, r);
      if (inserted || it->second->getBlock() != r->getBlock())
        continue;
      r.getResult().replaceAllUsesWith(it->second.getResult());
      r.erase();
    }
  }
};

} // namespace
