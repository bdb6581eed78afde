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
// Every intermediate has one use; f32 and f64 only; q, k and v have the same
// batch dims (no broadcasting to reason about).
//
//===----------------------------------------------------------------------===//
#include "gn/Transforms/Passes.h"
#include "gn/IR/GnOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNRAISEATTENTIONPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

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

struct RaiseAttention : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MatmulOp pv, PatternRewriter &rw) const override {
    if (pv.getTransposeLhs() || pv.getTransposeRhs())
      return rw.notifyMatchFailure(pv, "transposed probabilities or values");
    auto softmax = pv.getLhs().getDefiningOp<SoftmaxOp>();
    auto resultType = llvm::cast<RankedTensorType>(pv.getType());
    int64_t rank = resultType.getRank();
    if (!softmax || !softmax->hasOneUse() || softmax.getDim() != rank - 1)
      return rw.notifyMatchFailure(pv, "lhs is not a softmax over the last dim");
    Value scores = softmax.getInput();
    double scale = 1;
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
        return rw.notifyMatchFailure(pv, "scores scaled by something else than a constant");
      scale = isa<DivOp>(scaling) ? 1.0 / *c : *c;
    }
    auto qk = scores.getDefiningOp<MatmulOp>();
    if (!qk || !qk->hasOneUse() || qk.getTransposeLhs())
      return rw.notifyMatchFailure(pv, "scores are not a matmul");
    Value q = qk.getLhs(), k = qk.getTransposeRhs() ? qk.getRhs() : lastTwoTransposed(qk.getRhs());
    Value v = pv.getRhs();
    if (!k)
      return rw.notifyMatchFailure(pv, "keys are not transposed");
    auto qt = llvm::cast<RankedTensorType>(q.getType()), kt = llvm::cast<RankedTensorType>(k.getType()),
         vt = llvm::cast<RankedTensorType>(v.getType());
    if (!llvm::isa<Float32Type, Float64Type>(qt.getElementType()) || qt.getRank() != rank ||
        kt.getRank() != rank || vt.getRank() != rank ||
        qt.getShape().drop_back(2) != kt.getShape().drop_back(2) ||
        qt.getShape().drop_back(2) != vt.getShape().drop_back(2))
      return rw.notifyMatchFailure(pv, "not same-batch f32/f64 attention");
    auto attention = AttentionOp::create(rw, pv.getLoc(), q, k, v, /*mask=*/Value(),
                                         rw.getBoolAttr(false), rw.getF64FloatAttr(scale),
                                         rw.getBoolAttr(false));
    if (attention.getType() != pv.getType())
      return rw.notifyMatchFailure(pv, "attention would have another type");
    rw.replaceOp(pv, attention.getResult());
    return success();
  }
};

struct GnRaiseAttentionPass : mlir::gn::impl::GnRaiseAttentionPassBase<GnRaiseAttentionPass> {
  using Base::Base;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    patterns.add<RaiseAttention>(&getContext());
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      signalPassFailure();
  }
};

} // namespace
