//===- RaiseAttention.cpp - attention written as ops -> gn.attention -----===//
//
// softmax(q @ k^T * s) @ v, as models write it op by op, becomes one
// gn.attention. Its kernel computes the scores a block of rows at a time,
// so the [..., L, S] score matrix is never stored: for a vision transformer
// at 256 tokens that matrix is the largest buffer of the whole model.
//
// Matched: matmul(softmax(scaled(matmul(q, k^T)), dim = last), v), where
// k^T is a transpose of k's last two dims or `transpose_rhs`, and scaled()
// is nothing, a multiplication or a division by a scalar splat constant.
// Also the channels-first form (YOLO's area attention), with q, k and v
// as [..., D, N]: matmul(v, softmax(scaled(matmul(q^T, k)))^T), which is
// attention(q^T, k^T, v^T)^T (the three transposes are copies of [N, D],
// the score matrix is [N, N]).
// Every intermediate has one use; f32 and f64 only; q, k and v have the same
// batch dims (no broadcasting to reason about).
//
// Then any attention (raised or imported) whose q, k and v are transposes
// [..., L, H, E] -> [..., H, L, E] reads them untransposed (seq_first), and
// seq_first attention whose keys and values are projections of one input
// folds the projections in (gn.projected_attention) where k and v would
// hold a large share of the memory at stake.
//
//===----------------------------------------------------------------------===//
#include "CountedRewrites.h"
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Transforms/FusionUtils.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNRAISEATTENTIONPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-raise-attention"
GN_STATISTIC(numOpsReplaced, "ops replaced or erased by the rewrites");
GN_STATISTIC(numOpsCreated, "ops created by the rewrites");

namespace {

/// The value of a scalar splat float constant.
std::optional<double> splatValue(Value v) {
  auto c = v.getDefiningOp<ConstantOp>();
  auto dense = c ? llvm::dyn_cast<DenseFPElementsAttr>(c.getValue()) : nullptr;
  if (!dense || !dense.isSplat())
    return std::nullopt;
  return dense.getSplatValue<APFloat>().convertToDouble();
}

/// `t`'s input when `t` is a transpose of the last two dims only.
Value lastTwoTransposed(Value t) {
  auto op = t.getDefiningOp<TransposeOp>();
  return op && op.swapsLastTwoDims() ? op.getInput() : Value();
}

/// X such that `m`'s operand `i` (0: lhs, 1: rhs), as the product reads it,
/// is X with its last two dims swapped (`swapped`) or X itself: through the
/// matmul's transpose flag and at most one transpose op; null otherwise.
Value operandAs(MatmulOp m, unsigned i, bool swapped) {
  bool flag = i == 0 ? m.getTransposeLhs() : m.getTransposeRhs();
  Value x = m->getOperand(i);
  return flag == swapped ? x : lastTwoTransposed(x);
}

/// The scores matmul under softmax(scaled(...)) over the last dim, with its
/// scale; null when `probs` is not that.
MatmulOp scaledScores(Value probs, double &scale) {
  auto softmax = probs.getDefiningOp<SoftmaxOp>();
  int64_t rank = llvm::cast<RankedTensorType>(probs.getType()).getRank();
  if (!softmax || !softmax->hasOneUse() || (int64_t)softmax.getDim() != rank - 1)
    return {};
  Value scores = softmax.getInput();
  scale = 1;
  Operation *scaling = scores.getDefiningOp();
  if (isa_and_present<MulOp, DivOp>(scaling)) {
    std::optional<double> c = splatValue(scaling->getOperand(1));
    if (!c && isa<MulOp>(scaling)) {
      c = splatValue(scaling->getOperand(0));
      scores = scaling->getOperand(1);
    } else {
      scores = scaling->getOperand(0);
    }
    if (!c || *c == 0 || !scaling->hasOneUse() || scores.getType() != softmax.getType())
      return {};
    scale = isa<DivOp>(scaling) ? 1.0 / *c : *c;
  }
  auto qk = scores.getDefiningOp<MatmulOp>();
  return qk && qk->hasOneUse() ? qk : MatmulOp();
}

/// q, k and v are f32/f64 of one rank with the same batch dims.
bool sameBatch(Value q, Value k, Value v) {
  auto qt = llvm::cast<RankedTensorType>(q.getType()), kt = llvm::cast<RankedTensorType>(k.getType()),
       vt = llvm::cast<RankedTensorType>(v.getType());
  return llvm::isa<Float32Type, Float64Type>(qt.getElementType()) && qt.getRank() >= 2 &&
         kt.getRank() == qt.getRank() && vt.getRank() == qt.getRank() &&
         qt.getShape().drop_back(2) == kt.getShape().drop_back(2) &&
         qt.getShape().drop_back(2) == vt.getShape().drop_back(2);
}

/// Both forms in one pattern: rows first, `p @ v` with p = softmax(q @ k^T);
/// channels first, `v @ p^T` with p = softmax(q^T @ k), which is
/// attention(q^T, k^T, v^T)^T.
struct RaiseAttention : OpRewritePattern<MatmulOp> {
  RaiseAttention(MLIRContext *ctx, bool channelsFirst, int64_t minScoreBytes = 0)
      : OpRewritePattern(ctx), channelsFirst(channelsFirst), minScoreBytes(minScoreBytes) {}

  LogicalResult matchAndRewrite(MatmulOp pv, PatternRewriter &rw) const override {
    Value probs = channelsFirst ? operandAs(pv, 1, true) : pv.getLhs();
    if (pv.getTransposeLhs() || (!channelsFirst && pv.getTransposeRhs()) || !probs)
      return rw.notifyMatchFailure(pv, "not the probabilities times the values");
    double scale = 1;
    MatmulOp qk = scaledScores(probs, scale);
    if (!qk)
      return rw.notifyMatchFailure(pv, "not a softmax of scaled scores");
    Value q = operandAs(qk, 0, channelsFirst), k = operandAs(qk, 1, !channelsFirst);
    Value v = channelsFirst ? pv.getLhs() : pv.getRhs();
    if (!q || !k)
      return rw.notifyMatchFailure(pv, "scores are not q @ k^T (or q^T @ k)");
    if (!sameBatch(q, k, v))
      return rw.notifyMatchFailure(pv, "not same-batch f32/f64 attention");
    if (tensorBytes(qk.getType()) < minScoreBytes)
      return rw.notifyMatchFailure(pv, "score matrix too small to pay for the transposed copies");
    // Channels first: the three operands and the result swap their last two
    // dims (copies of [N, D]; the [N, N] scores are what is never stored).
    int64_t rank = llvm::cast<RankedTensorType>(q.getType()).getRank();
    llvm::SmallVector<int64_t> perm = llvm::to_vector(llvm::seq<int64_t>(0, rank));
    std::swap(perm[rank - 2], perm[rank - 1]);
    NamedAttribute swapLastTwo = rw.getNamedAttr("permutation", rw.getDenseI64ArrayAttr(perm));
    auto rowsFirst = [&](Value x) -> FailureOr<Value> {
      if (!channelsFirst)
        return x;
      return createInferred<TransposeOp>(rw, pv.getLoc(), {x}, {swapLastTwo});
    };
    FailureOr<Value> rq = rowsFirst(q), rk = rowsFirst(k), rv = rowsFirst(v);
    if (failed(rq) || failed(rk) || failed(rv))
      return failure();
    auto attention = AttentionOp::create(rw, pv.getLoc(), *rq, *rk, *rv, /*mask=*/Value(),
                                         rw.getBoolAttr(false), rw.getF64FloatAttr(scale),
                                         rw.getBoolAttr(false), rw.getBoolAttr(false));
    FailureOr<Value> out = rowsFirst(attention.getResult());
    if (failed(out) || out->getType() != pv.getType())
      return rw.notifyMatchFailure(pv, "attention would have another type");
    rw.replaceOp(pv, *out);
    return success();
  }

  bool channelsFirst;
  /// The smallest score matrix worth raising (channels first).
  int64_t minScoreBytes;
};

/// `t`'s input when `t` swaps the sequence and head dims (-3 and -2) only.
Value headsSwapped(Value t) {
  auto op = t.getDefiningOp<TransposeOp>();
  if (!op)
    return {};
  llvm::ArrayRef<int64_t> perm = op.getPermutation();
  int64_t r = perm.size();
  if (r < 3)
    return {};
  for (int64_t d = 0; d < r; ++d)
    if (perm[d] != (d == r - 3 ? r - 2 : d == r - 2 ? r - 3 : d))
      return {};
  return op.getInput();
}

/// Attention on q, k and v that are [..., L, H, E] values transposed to
/// [..., H, L, E] (how models split heads off a projection) reads them as
/// they are (seq_first): the three transposed copies go. The result is
/// transposed back unless its one reader transposes it to [..., L, H, Ev]
/// itself, as the models do to merge the heads again.
struct ReadSeqFirst : OpRewritePattern<AttentionOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AttentionOp op, PatternRewriter &rw) const override {
    Value q = headsSwapped(op.getQuery()), k = headsSwapped(op.getKey()),
          v = headsSwapped(op.getValue());
    if (op.getSeqFirst() || !q || !k || !v)
      return rw.notifyMatchFailure(op, "q, k and v are not all [..., L, H, E] transposed");
    auto seq = AttentionOp::create(rw, op.getLoc(), q, k, v, op.getMask(), op.getIsCausalAttr(),
                                   op.getScaleAttr(), op.getEnableGqaAttr(), rw.getBoolAttr(true));
    Operation *reader = op->hasOneUse() ? *op->getUsers().begin() : nullptr;
    if (reader && reader->getNumResults() == 1 &&
        headsSwapped(reader->getResult(0)) == op.getResult() &&
        reader->getResult(0).getType() == seq.getType()) {
      rw.replaceOp(reader, seq.getResult());
      rw.eraseOp(op);
      return success();
    }
    auto perm = llvm::cast<TransposeOp>(op.getQuery().getDefiningOp()).getPermutationAttr();
    FailureOr<Value> back = createInferred<TransposeOp>(
        rw, op.getLoc(), {seq.getResult()}, {rw.getNamedAttr("permutation", perm)});
    if (failed(back) || back->getType() != op.getType())
      return rw.notifyMatchFailure(op, "seq_first attention would have another type");
    rw.replaceOp(op, *back);
    return success();
  }
};

/// The projection `reshape(linear(x, w, b))` that `t` [..., S, Hk, E] is,
/// splitting the linear's [..., S, Hk * E] result into heads, with a bias
/// and read by nothing else; null otherwise.
LinearOp headsProjection(Value t) {
  auto reshape = t.getDefiningOp<ReshapeOp>();
  auto linear = reshape ? reshape.getInput().getDefiningOp<LinearOp>() : LinearOp();
  if (!linear || !linear.getBias() || !reshape->hasOneUse() || !linear->hasOneUse())
    return {};
  llvm::ArrayRef<int64_t> split = llvm::cast<RankedTensorType>(t.getType()).getShape();
  llvm::ArrayRef<int64_t> whole = linear.getType().getShape();
  if (split.size() != whole.size() + 1 || split.drop_back(2) != whole.drop_back() ||
      split[split.size() - 2] * split.back() != whole.back())
    return {};
  return linear;
}

/// Seq_first attention whose keys and values are projections of one input
/// x becomes gn.projected_attention, which projects a block of keys at a
/// time: k and v are never stored whole. Worth it where x is live anyway
/// (the residual stream of an encoder layer) and k and v are a large share
/// of the memory at stake: the projections then run once per query band
/// that gn-stream-bands makes, instead of once.
struct FoldKeyValueProjections : OpRewritePattern<AttentionOp> {
  FoldKeyValueProjections(MLIRContext *ctx, int64_t minKeyValueBytes)
      : OpRewritePattern(ctx), minKeyValueBytes(minKeyValueBytes) {}

  LogicalResult matchAndRewrite(AttentionOp op, PatternRewriter &rw) const override {
    if (!op.getSeqFirst() || op.getIsCausal())
      return rw.notifyMatchFailure(op, "not non-causal seq_first attention");
    LinearOp k = headsProjection(op.getKey()), v = headsProjection(op.getValue());
    if (!k || !v || k.getInput() != v.getInput())
      return rw.notifyMatchFailure(op, "keys and values are not projections of one input");
    if (tensorBytes(k.getType()) + tensorBytes(v.getType()) < minKeyValueBytes)
      return rw.notifyMatchFailure(op, "keys and values too small a share of the memory");
    // In a half type one f32 rounding step flips an output's last bit: the
    // online softmax (scores scaled by each key block, p v divided by the
    // sum at the end) rounds otherwise than eager's attention, and GraphNet's
    // f16 tolerance at t = -5 is about one ulp (f16 ViTs compiled missed).
    if (llvm::isa<Float16Type, BFloat16Type>(
            llvm::cast<RankedTensorType>(op.getType()).getElementType()))
      return rw.notifyMatchFailure(op, "a half-type attention keeps eager's rounding");
    auto folded = ProjectedAttentionOp::create(rw, op.getLoc(), op.getQuery(), k.getInput(),
                                               k.getWeight(), k.getBias(), v.getWeight(),
                                               v.getBias(), op.getMask(), op.getScaleAttr());
    if (folded.getType() != op.getType())
      return rw.notifyMatchFailure(op, "projected attention would have another type");
    rw.replaceOp(op, folded.getResult());
    return success();
  }

  int64_t minKeyValueBytes;
};

struct GnRaiseAttentionPass : mlir::gn::impl::GnRaiseAttentionPassBase<GnRaiseAttentionPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<RaiseAttention>(&getContext(), /*channelsFirst=*/false);
    patterns.add<ReadSeqFirst>(&getContext());
    // Channels first, against the function's arguments and results: a small
    // score matrix costs no more than the copies (yolo11n's 1.3 MB of 23 MB:
    // the matmul path is as fast and keeps eager's rounding), a large one
    // sets the peak (yolo12n's 5 MB of 12 MB).
    int64_t ioBytes = argumentAndResultBytes(getOperation());
    patterns.add<RaiseAttention>(&getContext(), /*channelsFirst=*/true,
                                 (int64_t)(channelsFirstMinShare * ioBytes));
    if (foldProjections)
      patterns.add<FoldKeyValueProjections>(&getContext(),
                                            (int64_t)(keyValueMinShare * ioBytes));
    if (failed(applyCountedPatterns(getOperation(), std::move(patterns), DEBUG_TYPE,
                                    {numOpsReplaced, numOpsCreated})))
      signalPassFailure();
  }
};

} // namespace
