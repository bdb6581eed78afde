//===- SplitConvBias.cpp - a convolution's bias as an add (gn-split-conv-bias) ===//
//
// cuDNN adds a convolution's bias with a second call (cudnnAddTensor: its
// own launch, reading and writing the whole output). As a gn.add of the
// bias reshaped to [O, 1, ...] instead, the add fuses into whatever
// elementwise kernel reads the convolution next (batch norm, activation,
// residual), and costs nothing:
//
//   conv(x, w, b)  =  add(conv(x, w), reshape(b, [O, 1, ..., 1]))
//
// with the same roundings as cuDNN's two calls: the convolution rounds to
// its element type, then the add rounds once more. For the CUDA pipeline.
//
//===----------------------------------------------------------------------===//
#include "CountedRewrites.h"
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNSPLITCONVBIASPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-split-conv-bias"
GN_STATISTIC(numOpsReplaced, "ops replaced or erased by the rewrites");
GN_STATISTIC(numOpsCreated, "ops created by the rewrites");

namespace {

struct SplitConvBias : OpRewritePattern<ConvOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvOp conv, PatternRewriter &rw) const override {
    Value bias = conv.getBias();
    if (!bias)
      return failure();
    auto type = llvm::cast<RankedTensorType>(conv.getType());
    if (llvm::cast<RankedTensorType>(bias.getType()).getElementType() != type.getElementType())
      return failure();
    Location loc = conv.getLoc();
    llvm::SmallVector<NamedAttribute> attrs;
    for (StringRef name : {"stride", "padding", "dilation", "groups"})
      attrs.push_back(rw.getNamedAttr(name, conv->getAttr(name)));
    Value plain = createInferredOrDie<ConvOp>(rw, loc, "gn-split-conv-bias",
                                              {conv.getInput(), conv.getWeight()}, attrs);
    // [O] -> [O, 1, ..., 1]: broadcast over the spatial dims.
    llvm::SmallVector<int64_t> shape(type.getRank() - 1, 1);
    shape[0] = type.getShape()[1];
    Value column = createInferredOrDie<ReshapeOp>(
        rw, loc, "gn-split-conv-bias", {bias}, {rw.getNamedAttr("shape", rw.getDenseI64ArrayAttr(shape))});
    Value sum = createInferredOrDie<AddOp>(rw, loc, "gn-split-conv-bias", {plain, column});
    if (sum.getType() != conv.getType())
      return failure();
    rw.replaceOp(conv, sum);
    return success();
  }
};

struct GnSplitConvBiasPass : gn::impl::GnSplitConvBiasPassBase<GnSplitConvBiasPass> {
  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<SplitConvBias>(&getContext());
    if (failed(applyCountedPatterns(getOperation(), std::move(patterns), DEBUG_TYPE,
                                    {numOpsReplaced, numOpsCreated})))
      signalPassFailure();
  }
};

} // namespace
