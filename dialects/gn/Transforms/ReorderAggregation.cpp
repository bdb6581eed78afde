//===- ReorderAggregation.cpp - dense maps before sparse aggregations ----===//
//
// Graph networks aggregate messages with a row scatter-add (torch_geometric's
// `scatter(x_j, index, reduce="sum" | "mean")`) and then apply a linear map
// to the aggregated rows. With fewer messages than target rows, the linear
// costs less on the messages, and the aggregation can then accumulate
// straight into the tensor it is added to:
//
//   linear(scatter_add(0, i, s) [/ c], W, b) + a
//     = scatter_add(a + b, i, linear(s, W) [/ c[i]])
//
// (i broadcast along features, c one divisor per target row.) Neither the
// [targets, features] aggregate nor the linear of it is stored; the scatter
// runs in place over a + b.
//
//===----------------------------------------------------------------------===//
#include "CountedRewrites.h"
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNREORDERAGGREGATIONPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-reorder-aggregation"
GN_STATISTIC(numOpsReplaced, "ops replaced or erased by the rewrites");
GN_STATISTIC(numOpsCreated, "ops created by the rewrites");

namespace {

RankedTensorType typeOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

llvm::ArrayRef<int64_t> shapeOf(Value v) { return typeOf(v).getShape(); }

/// A sum of rows: scatter_add(s [E, F] into zeros [N, F] at broadcast_to(j)
/// dim 0), j [E, 1] naming each message's target row, read only once.
struct RowSum {
  ScatterOp scatter;
  Value rows; // j
};

std::optional<RowSum> matchRowSum(Value v) {
  auto scatter = v.getDefiningOp<ScatterOp>();
  if (!scatter || !scatter->hasOneUse() || scatter.getReduce() != "add" ||
      scatter.getDim() != 0 || shapeOf(v).size() != 2 ||
      !matchPattern(scatter.getInput(), m_AnyZeroFloat()))
    return std::nullopt;
  auto index = scatter.getIndex().getDefiningOp<BroadcastToOp>();
  if (!index)
    return std::nullopt;
  // Every message row updates one whole target row.
  llvm::ArrayRef<int64_t> rows = shapeOf(index.getInput());
  if (rows.size() != 2 || rows[1] != 1 || shapeOf(index)[0] != rows[0] ||
      shapeOf(index) != shapeOf(scatter.getSource()) || shapeOf(index)[1] != shapeOf(v)[1])
    return std::nullopt;
  return RowSum{scatter, index.getInput()};
}

/// c [N, 1] when `d` is c or broadcast_to(c) to [N, F]: one divisor per row.
Value rowDivisor(Value d, llvm::ArrayRef<int64_t> shape) {
  if (auto b = d.getDefiningOp<BroadcastToOp>())
    d = b.getInput();
  llvm::ArrayRef<int64_t> s = shapeOf(d);
  return s.size() == 2 && s[0] == shape[0] && s[1] == 1 ? d : Value();
}

template <typename OpTy>
Value make(PatternRewriter &rw, Location loc, ValueRange operands,
           llvm::ArrayRef<NamedAttribute> attrs = {}) {
  // Operands come from verified ops with the shapes checked above.
  return createInferredOrDie<OpTy>(rw, loc, "gn-reorder-aggregation", operands, attrs);
}

Value broadcast(PatternRewriter &rw, Location loc, Value v, llvm::ArrayRef<int64_t> shape) {
  return make<BroadcastToOp>(rw, loc, {v}, {rw.getNamedAttr("shape", rw.getDenseI64ArrayAttr(shape))});
}

/// linear(sum [/ c], W, b) with sum a RowSum over fewer messages than rows
/// becomes scatter_add(broadcast(b) or zeros, j, linear(s, W) [/ c[j]]).
struct LinearBeforeRowSum : OpRewritePattern<LinearOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(LinearOp op, PatternRewriter &rw) const override {
    Value in = op.getInput(), divisor;
    if (auto div = in.getDefiningOp<DivOp>(); div && div->hasOneUse()) {
      divisor = rowDivisor(div.getRhs(), shapeOf(in));
      in = div.getLhs();
      if (!divisor)
        return rw.notifyMatchFailure(op, "divided by more than one value per row");
    }
    std::optional<RowSum> sum = matchRowSum(in);
    if (!sum)
      return rw.notifyMatchFailure(op, "input is not a row scatter-add");
    Value messages = sum->scatter.getSource();
    int64_t numMessages = shapeOf(messages)[0], numRows = shapeOf(in)[0];
    if (numMessages >= numRows)
      return rw.notifyMatchFailure(op, "no fewer messages than rows");
    Location loc = op.getLoc();
    llvm::ArrayRef<int64_t> outShape = op.getType().getShape();
    Value mapped = make<LinearOp>(rw, loc, {messages, op.getWeight()});
    llvm::SmallVector<int64_t> messageShape{numMessages, outShape[1]};
    if (divisor) {
      Value flat = make<ReshapeOp>(rw, loc, {sum->rows},
                                   {rw.getNamedAttr("shape", rw.getDenseI64ArrayAttr({numMessages}))});
      Value perMessage = make<IndexSelectOp>(
          rw, loc, {divisor, flat},
          {rw.getNamedAttr("dim", rw.getI64IntegerAttr(0)),
           rw.getNamedAttr("wrap_negative", sum->scatter.getWrapNegativeAttr())});
      // [E, 1] broadcast by the division itself: an explicit broadcast_to
      // that CSE shares between layers would be stored.
      mapped = make<DivOp>(rw, loc, {mapped, perMessage});
    }
    Value base;
    if (Value bias = op.getBias()) {
      base = broadcast(rw, loc, bias, outShape);
    } else {
      auto type = op.getType();
      base = ConstantOp::create(rw, loc, type,
                                SplatElementsAttr::get(type, rw.getFloatAttr(type.getElementType(), 0)));
    }
    Value index = broadcast(rw, loc, sum->rows, messageShape);
    auto scatter = ScatterOp::create(rw, loc, op.getType(), mapped, base, index, rw.getI64IntegerAttr(0),
                                     rw.getStringAttr("add"), rw.getBoolAttr(true),
                                     sum->scatter.getWrapNegativeAttr());
    rw.replaceOp(op, scatter.getResult());
    return success();
  }
};

/// add(scatter_add(base, i, s), a) = scatter_add(base + a, i, s), where
/// base is zeros or a broadcast (a fresh buffer either way): the scatter
/// then updates a + base in place instead of storing its own result.
struct AddIntoScatterBase : OpRewritePattern<AddOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp op, PatternRewriter &rw) const override {
    for (auto [s, a] : {std::pair(op.getLhs(), op.getRhs()), std::pair(op.getRhs(), op.getLhs())}) {
      auto scatter = s.getDefiningOp<ScatterOp>();
      if (!scatter || !scatter->hasOneUse() || scatter.getReduce() != "add" ||
          !scatter.getIncludeSelf() || a.getType() != op.getType() ||
          scatter.getType() != op.getType())
        continue;
      Value base = scatter.getInput();
      bool zero = matchPattern(base, m_AnyZeroFloat());
      if (!zero && !base.getDefiningOp<BroadcastToOp>())
        continue;
      // At the add, where a and the scatter's operands are all defined.
      Value sum = zero ? a : make<AddOp>(rw, op.getLoc(), {a, base});
      rw.replaceOpWithNewOp<ScatterOp>(op, op.getType(), scatter.getSource(), sum,
                                       scatter.getIndex(), scatter.getDimAttr(),
                                       scatter.getReduceAttr(), scatter.getIncludeSelfAttr(),
                                       scatter.getWrapNegativeAttr());
      return success();
    }
    return rw.notifyMatchFailure(op, "no row of a fresh scatter-add to accumulate into");
  }
};

/// add(linear(x, W), broadcast_to(b)) = linear(x, W, b), b [O]: the bias
/// the moved aggregation handed to the add goes back into the GEMM.
struct BiasIntoLinear : OpRewritePattern<AddOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(AddOp op, PatternRewriter &rw) const override {
    for (auto [l, r] : {std::pair(op.getLhs(), op.getRhs()), std::pair(op.getRhs(), op.getLhs())}) {
      auto linear = l.getDefiningOp<LinearOp>();
      auto bias = r.getDefiningOp<BroadcastToOp>();
      if (!linear || linear.getBias() || !linear->hasOneUse() || !bias ||
          linear.getType() != op.getType() || shapeOf(bias.getInput()).size() != 1 ||
          shapeOf(bias.getInput())[0] != op.getType().getShape().back() ||
          typeOf(bias.getInput()).getElementType() != op.getType().getElementType())
        continue;
      rw.replaceOpWithNewOp<LinearOp>(op, op.getType(), linear.getInput(), linear.getWeight(),
                                      bias.getInput());
      return success();
    }
    return rw.notifyMatchFailure(op, "not a linear plus a broadcast bias");
  }
};

struct GnReorderAggregationPass
    : mlir::gn::impl::GnReorderAggregationPassBase<GnReorderAggregationPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<LinearBeforeRowSum, AddIntoScatterBase, BiasIntoLinear>(&getContext());
    if (failed(applyCountedPatterns(getOperation(), std::move(patterns), DEBUG_TYPE,
                                    {numOpsReplaced, numOpsCreated})))
      signalPassFailure();
  }
};

} // namespace
