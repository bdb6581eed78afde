//===- GnFolds.cpp - folders of the gn dialect ----------------------------===//
//
// Cheap folds only: identities that the importer produces often (a reshape
// to the same shape, a full slice, an identity permutation) and constants.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "llvm/ADT/Sequence.h"

using namespace mlir;
using namespace mlir::gn;

OpFoldResult ConstantOp::fold(FoldAdaptor) { return getValue(); }

/// A splat constant keeps its value under any reshape, broadcast, slice,
/// transpose, flip or roll. Not into a type with symbolic dims: a constant
/// has one size (the broadcast of a 1 to [s1] for position ids, folded,
/// failed the verifier inside the CPU pipeline).
static OpFoldResult foldSplat(Attribute operand, Type resultType) {
  auto splat = llvm::dyn_cast_if_present<SplatElementsAttr>(operand);
  auto type = llvm::dyn_cast<ShapedType>(resultType);
  if (!splat || !type || splat.getElementType() != type.getElementType() ||
      hasSymbolicDims(type))
    return {};
  return SplatElementsAttr::get(type, splat.getSplatValue<Attribute>());
}

OpFoldResult ConvertOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return {};
}

OpFoldResult ReshapeOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  if (auto producer = getInput().getDefiningOp<ReshapeOp>()) {
    // reshape(reshape(x)) -> reshape(x): only the final shape matters.
    getInputMutable().assign(producer.getInput());
    return getResult();
  }
  return foldSplat(adaptor.getInput(), getType());
}

OpFoldResult BroadcastToOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType())
    return getInput();
  return foldSplat(adaptor.getInput(), getType());
}

// Flipping or rolling a splat moves equal elements: the splat itself (a
// K = 0 matmul folds to zeros, then is rolled).
// Flipping dims of size 1 or rolling by whole turns moves nothing.
OpFoldResult FlipOp::fold(FoldAdaptor adaptor) {
  auto shape = getInput().getType().getShape();
  if (llvm::all_of(getDims(), [&](int64_t d) { return shape[d < 0 ? d + shape.size() : d] <= 1; }))
    return getInput();
  return foldSplat(adaptor.getInput(), getType());
}

OpFoldResult RollOp::fold(FoldAdaptor adaptor) {
  auto shape = getInput().getType().getShape();
  // A symbolic dim's example size says nothing of whole turns at other sizes.
  llvm::SmallVector<SymExpr> exprs = dimExprs(getInput().getType());
  bool whole = true;
  for (auto [shift, d] : llvm::zip(getShifts(), getDims())) {
    size_t dim = d < 0 ? d + shape.size() : d;
    int64_t size = shape[dim];
    whole &= exprs[dim].isConstant() && (size <= 1 || shift % size == 0);
  }
  if (whole && !getDims().empty())
    return getInput();
  return foldSplat(adaptor.getInput(), getType());
}

OpFoldResult SliceOp::fold(FoldAdaptor adaptor) {
  if (getInput().getType() == getType() && llvm::all_of(getSteps(), [](int64_t s) {
        return s == 1;
      }))
    return getInput();
  // A slice of a splat (Paddle's zeros, then sliced per level) is a smaller
  // splat: nothing to copy, and it stays a splat its readers clone in.
  return foldSplat(adaptor.getInput(), getType());
}

OpFoldResult TransposeOp::fold(FoldAdaptor adaptor) {
  // transpose(transpose(x, p), q) is one transpose of x: its dim i is x's
  // p[q[i]] (none when that is the identity). gn-hoist-views makes such
  // pairs when it moves a transpose onto an operand that is a transpose.
  if (auto inner = getInput().getDefiningOp<TransposeOp>()) {
    llvm::SmallVector<int64_t> composed;
    for (int64_t q : getPermutation())
      composed.push_back(inner.getPermutation()[q]);
    setOperand(inner.getInput());
    setPermutation(composed);
    if (llvm::equal(composed, llvm::seq<int64_t>(0, composed.size())))
      return getInput();
    return getResult();
  }
  for (auto [i, p] : llvm::enumerate(getPermutation()))
    if (static_cast<int64_t>(i) != p)
      return foldSplat(adaptor.getInput(), getType());
  return getInput();
}

namespace {
/// A transpose that moves only dims of size 1 (the rest keep their order)
/// leaves every element where it was: a reshape, which the runtimes take as
/// a view instead of a copy (torch's MultiheadAttention turns [1, S, E] into
/// [S, 1, E] so).
struct TransposeOfUnitDimsToReshape : OpRewritePattern<TransposeOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TransposeOp op, PatternRewriter &rewriter) const override {
    auto shape = llvm::cast<RankedTensorType>(op.getInput().getType()).getShape();
    int64_t last = -1;
    for (int64_t p : op.getPermutation()) {
      if (shape[p] == 1)
        continue;
      if (p < last)
        return rewriter.notifyMatchFailure(op, "dims of size > 1 change order");
      last = p;
    }
    // The result's #gn.dims, if any, are the reshape's symbolic sizes.
    rewriter.replaceOpWithNewOp<ReshapeOp>(
        op, op.getType(), op.getInput(), op.getType().getShape(),
        llvm::dyn_cast_or_null<DimsAttr>(op.getType().getEncoding()));
    return success();
  }
};
} // namespace

void TransposeOp::getCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *ctx) {
  patterns.add<TransposeOfUnitDimsToReshape>(ctx);
}

/// matmul(transpose(x), y) with the last two dims swapped reads x with the
/// trans flag instead (in place: the operand and the flag change).
OpFoldResult MatmulOp::fold(FoldAdaptor) {
  bool changed = false;
  for (unsigned k = 0; k < 2; ++k) {
    auto t = getOperand(k).getDefiningOp<TransposeOp>();
    if (!t || !t.swapsLastTwoDims())
      continue;
    setOperand(k, t.getInput());
    if (k == 0)
      setTransposeLhs(!getTransposeLhs());
    else
      setTransposeRhs(!getTransposeRhs());
    changed = true;
  }
  return changed ? getResult() : OpFoldResult();
}

namespace {
/// Empty inputs of a concatenation are dropped (kernels take no empty
/// tensors, and they add nothing).
struct DropEmptyConcatInputs : OpRewritePattern<ConcatOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConcatOp op, PatternRewriter &rewriter) const override {
    llvm::SmallVector<Value> kept;
    for (Value v : op.getInputs())
      if (llvm::cast<RankedTensorType>(v.getType()).getNumElements() != 0)
        kept.push_back(v);
    if (kept.empty() || kept.size() == op.getInputs().size())
      return failure();
    rewriter.replaceOpWithNewOp<ConcatOp>(op, op.getType(), kept, op.getDim());
    return success();
  }
};
} // namespace

void ConcatOp::getCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *ctx) {
  patterns.add<DropEmptyConcatInputs>(ctx);
}

namespace {
/// insert_slice(splat constant c into x) with x small is where(mask, c, x),
/// mask a constant true over the window: an elementwise op that fuses into
/// the kernel reading it, instead of a copy kernel (Swin V2's qkv bias, a
/// copy of the bias with k's third zeroed, one kernel a block). Exact: each
/// element is c or x's. Up to kMaxMask elements (the mask is a constant of
/// x's shape).
struct InsertSplatAsWhere : OpRewritePattern<InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  static constexpr int64_t kMaxMask = 1 << 16;
  LogicalResult matchAndRewrite(InsertSliceOp op, PatternRewriter &rw) const override {
    auto c = op.getSource().getDefiningOp<ConstantOp>();
    auto splat = c ? llvm::dyn_cast<SplatElementsAttr>(c.getValue()) : nullptr;
    auto type = llvm::cast<RankedTensorType>(op.getType());
    if (!splat || !type.hasStaticShape() || type.getNumElements() > kMaxMask)
      return rw.notifyMatchFailure(op, "not a splat into a small tensor");
    llvm::ArrayRef<int64_t> shape = type.getShape(), starts = op.getStarts(),
                            limits = op.getLimits(), steps = op.getSteps();
    int64_t rank = shape.size();
    llvm::SmallVector<bool> mask(type.getNumElements(), false);
    for (int64_t i = 0; i < type.getNumElements(); ++i) {
      bool inside = true;
      for (int64_t d = rank - 1, rest = i; d >= 0; --d) {
        int64_t p = rest % shape[d];
        rest /= shape[d];
        inside = inside && p >= starts[d] && p < limits[d] && (p - starts[d]) % steps[d] == 0;
      }
      mask[i] = inside;
    }
    auto maskType = RankedTensorType::get(shape, rw.getI1Type());
    Value m = ConstantOp::create(rw, op.getLoc(), maskType, DenseElementsAttr::get(maskType, mask));
    auto scalarType = RankedTensorType::get({}, type.getElementType());
    Value v = ConstantOp::create(rw, op.getLoc(), scalarType,
                                 SplatElementsAttr::get(scalarType, splat.getSplatValue<Attribute>()));
    rw.replaceOpWithNewOp<WhereOp>(op, type, m, v, op.getDest());
    return success();
  }
};
} // namespace

namespace {
/// x[...] = v where v has no element (a Paddle set_value_ over an empty range):
/// x itself. A kernel has nothing to write, and none is made for an empty
/// tensor, so the CUDA runtime was left an insert_slice it does not take.
struct InsertNothing : OpRewritePattern<InsertSliceOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(InsertSliceOp op, PatternRewriter &rw) const override {
    auto source = llvm::cast<RankedTensorType>(op.getSource().getType());
    if (!source.hasStaticShape() || source.getNumElements() != 0 ||
        op.getDest().getType() != op.getType())
      return rw.notifyMatchFailure(op, "inserts some element");
    rw.replaceOp(op, op.getDest());
    return success();
  }
};
} // namespace

void InsertSliceOp::getCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *ctx) {
  patterns.add<InsertSplatAsWhere, InsertNothing>(ctx);
}

namespace {
/// conv(pad(x) with zeros, the same amount on both sides of each spatial
/// dim only) is conv(x) with that much more padding: the convolution's
/// own zero padding, so no copy kernel makes the padded tensor (NeMo's
/// Squeezeformer pads each depthwise conv1d's input by 15 and 15 with
/// F.pad; cuDNN and oneDNN take the padding). The same products summed in
/// the same order. Kept while the padding stays under the kernel's extent
/// (cuDNN's algorithms assume windows that touch the input).
struct ConvAbsorbsPad : OpRewritePattern<ConvOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvOp op, PatternRewriter &rw) const override {
    auto pad = op.getInput().getDefiningOp<PadOp>();
    if (op.getChannelsLast())
      return rw.notifyMatchFailure(op, "channels last (made after canonicalization's pads)");
    if (!pad || pad.getMode() != "constant" || pad.getValue().convertToDouble() != 0.0)
      return rw.notifyMatchFailure(op, "input is not a zero pad");
    llvm::ArrayRef<int64_t> low = pad.getLow(), high = pad.getHigh();
    auto weight = llvm::cast<RankedTensorType>(op.getWeight().getType());
    int64_t spatial = weight.getRank() - 2;
    if ((int64_t)low.size() != spatial + 2 || low[0] || high[0] || low[1] || high[1])
      return rw.notifyMatchFailure(op, "pads batch or channels");
    llvm::SmallVector<int64_t> padding(op.getPadding());
    for (int64_t i = 0; i < spatial; ++i) {
      int64_t extent = op.getDilation()[i] * (weight.getDimSize(2 + i) - 1) + 1;
      padding[i] += low[2 + i];
      if (low[2 + i] != high[2 + i] || padding[i] >= extent)
        return rw.notifyMatchFailure(op, "asymmetric, or padding past the kernel");
    }
    rw.modifyOpInPlace(op, [&] {
      op.getInputMutable().assign(pad.getInput());
      op.setPadding(padding);
    });
    return success();
  }
};
} // namespace

void ConvOp::getCanonicalizationPatterns(RewritePatternSet &patterns, MLIRContext *ctx) {
  patterns.add<ConvAbsorbsPad>(ctx);
}

/// A pad of nothing on every side, in any mode, is its input (Swin pads
/// each window partition to a multiple of the window, 0 where it divides).
OpFoldResult PadOp::fold(FoldAdaptor) {
  auto zero = [](llvm::ArrayRef<int64_t> v) { return llvm::all_of(v, [](int64_t x) { return !x; }); };
  if (zero(getLow()) && zero(getHigh()) && getInput().getType() == getType())
    return getInput();
  return {};
}

OpFoldResult ConcatOp::fold(FoldAdaptor) {
  if (getInputs().size() == 1)
    return getInputs()[0];
  return {};
}
