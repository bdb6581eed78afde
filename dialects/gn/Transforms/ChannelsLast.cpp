//===- ChannelsLast.cpp - convolutions on channels-last data (gn-channels-last) ===//
//
// oneDNN's CPU convolution kernels read and write [N, *spatial, C]. A gn.conv
// holds [N, C, *spatial], so every library call reordered its input into that
// layout and its result back: 17% of rtmpose-s's CPU forward, and 2-4x the
// time of a 1x1 or depthwise convolution alone (measured with oneDNN 2.6 on
// this project's 2-core machine). This pass gives each convolution its data
// channels last:
//
//   conv(x)  =  to_first(conv_channels_last(to_last(x)))
//
// then moves each to_first transpose below the ops that read it and commute
// with it (elementwise ops, slices, pads, reductions, concats of such
// transposes), until
// it meets the next convolution's to_last, where the two transposes cancel
// (TransposeOp's fold), or an op it does not cross (pooling, resize, a
// reshape, a matmul, a function result), where it stays: a view
// that the next kernel reads through. A chain conv -> batch norm -> ReLU ->
// conv then runs with no reorder at all.
//
// An elementwise operand that is not such a transpose crosses too when it
// is small (a bias or a batch norm's scale, [C, 1, 1]; an SE block's
// [N, C, 1, 1]; a scalar): at most an eighth of the result's elements, so no
// large tensor is ever transposed for the move. The same values are computed
// in the same order: elementwise ops compute each point alone, and the
// convolution is oneDNN's kernel for that layout (the one it picked behind
// the reorders).
//
// Symbolic sizes (one program for every shape) move with their dims; an
// operand moved for the move (a small one) must be static. For the CPU
// pipeline: CUDA's convolutions are cuDNN's, NCHW.
//
//===----------------------------------------------------------------------===//
#include "CountedRewrites.h"
#include "gn/IR/GnOps.h"
#include "gn/IR/GnTraits.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNCHANNELSLASTPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-channels-last"
GN_STATISTIC(numOpsReplaced, "ops replaced or erased by the rewrites");
GN_STATISTIC(numOpsCreated, "ops created by the rewrites");

namespace {

/// A tensor of rank 3 to 5 at the compile example's sizes (its dims may
/// follow the shape symbols: #gn.dims): what this pass moves.
bool movable(Type type) {
  auto t = llvm::dyn_cast<RankedTensorType>(type);
  return t && t.getRank() >= 3 && t.getRank() <= 5 && t.hasStaticShape();
}

/// The channels-last value `v` is a to_first transpose of, if it is one.
Value channelsLastSource(Value v) {
  auto t = v.getDefiningOp<TransposeOp>();
  if (!t || !movable(t.getType()))
    return {};
  auto rank = llvm::cast<RankedTensorType>(t.getType()).getRank();
  return llvm::equal(t.getPermutation(), toChannelsFirst(rank)) ? t.getInput() : Value();
}

Value transpose(PatternRewriter &rw, Location loc, Value v, llvm::ArrayRef<int64_t> perm) {
  return createInferredOrDie<TransposeOp>(rw, loc, DEBUG_TYPE, {v},
                                          {rw.getNamedAttr("permutation",
                                                           rw.getDenseI64ArrayAttr(perm))});
}

/// conv(x) -> to_first(conv_channels_last(to_last(x))), where oneDNN runs
/// it (f32, bf16, f16).
struct ConvToChannelsLast : OpRewritePattern<ConvOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvOp conv, PatternRewriter &rw) const override {
    if (conv.getChannelsLast())
      return failure();
    auto x = llvm::cast<RankedTensorType>(conv.getInput().getType());
    auto w = llvm::cast<RankedTensorType>(conv.getWeight().getType());
    Type e = x.getElementType();
    if (!movable(x) || !movable(conv.getType()) || !w.hasStaticShape() ||
        !(e.isF32() || e.isBF16() || e.isF16()))
      return rw.notifyMatchFailure(conv, "not an f32/bf16/f16 convolution of rank 3 to 5");
    Location loc = conv.getLoc();
    int64_t rank = x.getRank();
    llvm::SmallVector<NamedAttribute> attrs;
    for (StringRef name : {"stride", "padding", "dilation", "groups"})
      attrs.push_back(rw.getNamedAttr(name, conv->getAttr(name)));
    attrs.push_back(rw.getNamedAttr("channels_last", rw.getUnitAttr()));
    llvm::SmallVector<Value, 3> operands{
        transpose(rw, loc, conv.getInput(), toChannelsLast(rank)), conv.getWeight()};
    if (conv.getBias())
      operands.push_back(conv.getBias());
    Value last = createInferredOrDie<ConvOp>(rw, loc, DEBUG_TYPE, operands, attrs);
    rw.replaceOp(conv, transpose(rw, loc, last, toChannelsFirst(rank)));
    return success();
  }
};

/// elementwise(to_first(a), ...) -> to_first(elementwise(a, ...)), every
/// other operand a to_first transpose, a single element, or small.
struct SinkThroughElementwise : RewritePattern {
  SinkThroughElementwise(MLIRContext *ctx) : RewritePattern(MatchAnyOpTypeTag(), 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rw) const override {
    if (!op->hasTrait<OpTrait::GnElementwise>() || op->getNumResults() != 1 ||
        op->getNumRegions() != 0 || !movable(op->getResult(0).getType()))
      return failure();
    auto type = llvm::cast<RankedTensorType>(op->getResult(0).getType());
    int64_t rank = type.getRank();
    if (llvm::none_of(op->getOperands(), [&](Value v) {
          return channelsLastSource(v) &&
                 llvm::cast<RankedTensorType>(v.getType()).getRank() == rank;
        }))
      return failure();
    // Each operand's kind, all checked before anything is created.
    enum class Kind { Source, Scalar, Small };
    llvm::SmallVector<Kind, 3> kinds;
    for (Value v : op->getOperands()) {
      auto t = llvm::cast<RankedTensorType>(v.getType());
      if (Value a = channelsLastSource(v); a && t.getRank() == rank)
        kinds.push_back(Kind::Source);
      else if (!t.hasStaticShape() || hasSymbolicDims(t) || t.getRank() > rank)
        return rw.notifyMatchFailure(op, "an operand of another shape");
      else if (t.getNumElements() == 1 && t.getRank() < rank)
        kinds.push_back(Kind::Scalar); // broadcasts the same in either layout
      else if (t.getNumElements() * 8 <= type.getNumElements())
        kinds.push_back(Kind::Small);
      else
        return rw.notifyMatchFailure(op, "a large operand in the channels-first layout");
    }
    Location loc = op->getLoc();
    llvm::SmallVector<Value, 3> operands;
    for (auto [v, kind] : llvm::zip(op->getOperands(), kinds)) {
      if (kind == Kind::Source) {
        operands.push_back(channelsLastSource(v));
        continue;
      }
      Value moved = v;
      auto t = llvm::cast<RankedTensorType>(v.getType());
      if (kind == Kind::Small) {
        // Right-aligned to the result's rank (numpy broadcasting), then
        // channels last like the rest.
        if (t.getRank() < rank) {
          llvm::SmallVector<int64_t> shape(rank - t.getRank(), 1);
          llvm::append_range(shape, t.getShape());
          moved = createInferredOrDie<ReshapeOp>(
              rw, loc, DEBUG_TYPE, {moved},
              {rw.getNamedAttr("shape", rw.getDenseI64ArrayAttr(shape))});
        }
        moved = transpose(rw, loc, moved, toChannelsLast(rank));
      }
      operands.push_back(moved);
    }
    Operation *moved = rw.clone(*op);
    rw.modifyOpInPlace(moved, [&] {
      moved->setOperands(operands);
      moved->getResult(0).setType(permutedTensorType(type, toChannelsLast(rank)));
    });
    rw.replaceOp(op, transpose(rw, loc, moved->getResult(0), toChannelsFirst(rank)));
    return success();
  }
};

/// The per-dim attribute `values` of an op on to_first(a), for the same op
/// on a: a's dim perm[i] takes values[i].
llvm::SmallVector<int64_t> perDimOnSource(llvm::ArrayRef<int64_t> values,
                                          llvm::ArrayRef<int64_t> perm) {
  llvm::SmallVector<int64_t> out(values.size());
  for (auto [i, p] : llvm::enumerate(perm))
    out[p] = values[i];
  return out;
}

/// slice(to_first(a)) -> to_first(slice(a)).
struct SinkThroughSlice : OpRewritePattern<SliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(SliceOp op, PatternRewriter &rw) const override {
    Value a = channelsLastSource(op.getInput());
    if (!a || op.getSymLimitsAttr() || !movable(op.getType()))
      return failure();
    int64_t rank = op.getType().getRank();
    llvm::SmallVector<int64_t> perm = toChannelsFirst(rank);
    auto attr = [&](llvm::ArrayRef<int64_t> v) {
      return rw.getDenseI64ArrayAttr(perDimOnSource(v, perm));
    };
    Value s = createInferredOrDie<SliceOp>(rw, op.getLoc(), DEBUG_TYPE, {a},
                                           {rw.getNamedAttr("starts", attr(op.getStarts())),
                                            rw.getNamedAttr("limits", attr(op.getLimits())),
                                            rw.getNamedAttr("steps", attr(op.getSteps()))});
    rw.replaceOp(op, transpose(rw, op.getLoc(), s, perm));
    return success();
  }
};

/// pad(to_first(a)) -> to_first(pad(a)): each dim is padded on its own, in
/// every mode.
struct SinkThroughPad : OpRewritePattern<PadOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(PadOp op, PatternRewriter &rw) const override {
    Value a = channelsLastSource(op.getInput());
    if (!a || !movable(op.getType()))
      return failure();
    int64_t rank = op.getType().getRank();
    llvm::SmallVector<int64_t> perm = toChannelsFirst(rank);
    Value p = createInferredOrDie<PadOp>(
        rw, op.getLoc(), DEBUG_TYPE, {a},
        {rw.getNamedAttr("low", rw.getDenseI64ArrayAttr(perDimOnSource(op.getLow(), perm))),
         rw.getNamedAttr("high", rw.getDenseI64ArrayAttr(perDimOnSource(op.getHigh(), perm))),
         rw.getNamedAttr("mode", op.getModeAttr()), rw.getNamedAttr("value", op.getValueAttr())});
    rw.replaceOp(op, transpose(rw, op.getLoc(), p, perm));
    return success();
  }
};

/// concat(to_first(a), to_first(b), ...) -> to_first(concat(a, b, ...)).
struct SinkThroughConcat : OpRewritePattern<ConcatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConcatOp op, PatternRewriter &rw) const override {
    if (!movable(op.getType()))
      return failure();
    int64_t rank = op.getType().getRank();
    llvm::SmallVector<Value> sources;
    for (Value v : op.getInputs()) {
      Value a = channelsLastSource(v);
      if (!a || llvm::cast<RankedTensorType>(v.getType()).getRank() != rank)
        return failure();
      sources.push_back(a);
    }
    llvm::SmallVector<int64_t> perm = toChannelsFirst(rank);
    Value c = createInferredOrDie<ConcatOp>(
        rw, op.getLoc(), DEBUG_TYPE, sources,
        {rw.getNamedAttr("dim", rw.getI64IntegerAttr(perm[op.getDim()]))});
    rw.replaceOp(op, transpose(rw, op.getLoc(), c, perm));
    return success();
  }
};

/// reduce(to_first(a), dims) -> reduce(a, those dims of a), then to_first
/// when the reduced dims are kept, else the permutation left of it (none
/// for a global pool: [N, C, H, W] over H, W and [N, H, W, C] over H, W
/// both leave [N, C]). Each output sums its elements in the same order: the
/// reduced dims keep their relative order (H before W) in both layouts.
///
/// Only over inputs of at most kMaxReducedElements: the channels-last
/// reduction keeps the innermost dim and walks the rest, each output at a
/// stride of C elements, which on a tensor past the caches (PP-HGNetV2's
/// batch-64 batch-norm statistics, 6.4M f64 each) took 5x the time of a
/// transpose and the channels-first reduction.
constexpr int64_t kMaxReducedElements = int64_t(1) << 20;

template <typename ReduceT> struct SinkThroughReduce : OpRewritePattern<ReduceT> {
  using OpRewritePattern<ReduceT>::OpRewritePattern;
  LogicalResult matchAndRewrite(ReduceT op, PatternRewriter &rw) const override {
    Value a = channelsLastSource(op.getInput());
    auto resultType = llvm::cast<RankedTensorType>(op.getType());
    if (!a || !resultType.hasStaticShape() ||
        llvm::cast<RankedTensorType>(a.getType()).getNumElements() > kMaxReducedElements)
      return failure();
    int64_t rank = llvm::cast<RankedTensorType>(op.getInput().getType()).getRank();
    llvm::SmallVector<int64_t> perm = toChannelsFirst(rank), dims;
    for (int64_t d : op.getDims())
      dims.push_back(perm[d]);
    llvm::sort(dims);
    Value reduced = createInferredOrDie<ReduceT>(
        rw, op.getLoc(), DEBUG_TYPE, {a},
        {rw.getNamedAttr("dims", rw.getDenseI64ArrayAttr(dims)),
         rw.getNamedAttr("keepdim", rw.getBoolAttr(op.getKeepdim()))});
    if (op.getKeepdim()) {
      rw.replaceOp(op, transpose(rw, op.getLoc(), reduced, perm));
      return success();
    }
    // The dims left: the result's k-th is the source's perm[i_k]; the
    // reduced source keeps its remaining dims in order.
    llvm::SmallVector<int64_t> left, order;
    for (int64_t d = 0; d < rank; ++d)
      if (!llvm::is_contained(dims, d))
        left.push_back(d);
    for (int64_t i = 0; i < rank; ++i)
      if (!llvm::is_contained(op.getDims(), i))
        order.push_back(llvm::find(left, perm[i]) - left.begin());
    bool identity = llvm::equal(order, llvm::seq<int64_t>(0, order.size()));
    rw.replaceOp(op, identity ? reduced : transpose(rw, op.getLoc(), reduced, order));
    return success();
  }
};

/// Elements the rewritten function copies to change layouts (a transpose
/// between the two layouts that some op other than an elementwise one
/// reads: a library call or a reduction reads a copy; an elementwise
/// kernel reads through it), and the elements its channels-last
/// convolutions no longer reorder (input and result of each).
std::pair<int64_t, int64_t> copiedAndSaved(func::FuncOp func) {
  int64_t copied = 0, saved = 0;
  func.walk([&](Operation *op) {
    if (auto conv = dyn_cast<ConvOp>(op); conv && conv.getChannelsLast())
      saved += llvm::cast<RankedTensorType>(conv.getInput().getType()).getNumElements() +
               conv.getType().getNumElements();
    auto t = dyn_cast<TransposeOp>(op);
    if (!t || !movable(t.getType()))
      return;
    int64_t rank = t.getType().getRank();
    if (!llvm::equal(t.getPermutation(), toChannelsFirst(rank)) &&
        !llvm::equal(t.getPermutation(), toChannelsLast(rank)))
      return;
    if (llvm::any_of(t->getUsers(), [](Operation *u) {
          return !u->hasTrait<OpTrait::GnElementwise>();
        }))
      copied += t.getType().getNumElements();
  });
  return {copied, saved};
}

struct GnChannelsLastPass : gn::impl::GnChannelsLastPassBase<GnChannelsLastPass> {
  void runOnOperation() override {
    MLIRContext *ctx = &getContext();
    RewritePatternSet patterns(ctx);
    patterns.add<ConvToChannelsLast, SinkThroughSlice, SinkThroughPad, SinkThroughConcat>(ctx);
    patterns.add<SinkThroughElementwise>(ctx);
    patterns.add<SinkThroughReduce<ReduceSumOp>, SinkThroughReduce<ReduceProdOp>,
                 SinkThroughReduce<ReduceMaxOp>, SinkThroughReduce<ReduceMinOp>,
                 SinkThroughReduce<ReduceAnyOp>, SinkThroughReduce<ReduceAllOp>,
                 SinkThroughReduce<ReduceMeanOp>>(ctx);
    TransposeOp::getCanonicalizationPatterns(patterns, ctx);
    // On a copy first: where the layout changes that remain copy more than
    // half of what the convolutions no longer reorder, the function stays
    // channels first. oneDNN's reorders are faster than gn's transpose
    // kernels, and a graph whose batch-norm statistics reduce every
    // activation (PaddleX's training subgraphs, batch 64) keeps a copy per
    // statistic: PP-HGNetV2-B1 was 1.6x slower channels last.
    func::FuncOp original = getOperation();
    OwningOpRef<func::FuncOp> trial(original.clone());
    if (failed(applyCountedPatterns(*trial, std::move(patterns), DEBUG_TYPE,
                                    {numOpsReplaced, numOpsCreated})))
      return signalPassFailure();
    auto [copied, saved] = copiedAndSaved(*trial);
    if (saved == 0 || 2 * copied > saved)
      return;
    original.getBody().takeBody(trial->getBody());
  }
};

} // namespace
