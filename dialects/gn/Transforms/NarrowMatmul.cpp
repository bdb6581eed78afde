//===- NarrowMatmul.cpp - half-precision GEMMs kept half (gn-narrow-matmul) -===//
//
// A f16/bf16 linear or matmul decomposes widened: both operands converted to
// f32, an f32 product, the result converted back. On a target whose GEMM
// library multiplies half operands with f32 accumulation and rounds once
// (cuBLAS, compute type 32F), that is the same arithmetic without the f32
// copies: every product of two f16 (or bf16) values is exact in f32. So
//
//   convert(matmul(convert(a : T -> f32), convert(b : T -> f32)) -> T)
//     = matmul(a, b) : T          (T = f16 or bf16, the f32 product used once)
//
// which drops the f32 copy of the weight (pythia-70m's 50304x512 LM head:
// 103 MB of arena) and of the product. Where the f32 product is used
// otherwise (a bias added before the rounding: a half GEMM would round
// before the add), the GEMM still reads the half operands and writes f32:
//
//   matmul(convert(a : T -> f32), convert(b : T -> f32)) = matmul(a, b) {widen}
//
// so no kernel converts the weight to f32 on every forward, and the arena
// holds no f32 copy of it.
//
//===----------------------------------------------------------------------===//
#include "CountedRewrites.h"
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNNARROWMATMULPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-narrow-matmul"
GN_STATISTIC(numOpsReplaced, "ops replaced or erased by the rewrites");
GN_STATISTIC(numOpsCreated, "ops created by the rewrites");

namespace {

Type elementOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()).getElementType(); }

/// `v` = convert(x : T -> f32): x.
Value widenedFrom(Value v, Type narrow) {
  auto c = v.getDefiningOp<ConvertOp>();
  if (!c || !elementOf(v).isF32() || elementOf(c.getInput()) != narrow)
    return nullptr;
  return c.getInput();
}

/// The transpose flags of `mm`, for a matmul built from it.
llvm::SmallVector<NamedAttribute> transposeFlags(MatmulOp mm, PatternRewriter &rw) {
  llvm::SmallVector<NamedAttribute> attrs;
  if (mm.getTransposeLhs())
    attrs.push_back(rw.getNamedAttr("transpose_lhs", rw.getUnitAttr()));
  if (mm.getTransposeRhs())
    attrs.push_back(rw.getNamedAttr("transpose_rhs", rw.getUnitAttr()));
  return attrs;
}

struct NarrowMatmul : OpRewritePattern<ConvertOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(ConvertOp back, PatternRewriter &rw) const override {
    Type narrow = elementOf(back.getResult());
    if (!narrow.isF16() && !narrow.isBF16())
      return failure();
    auto mm = back.getInput().getDefiningOp<MatmulOp>();
    if (!mm || !mm->hasOneUse() || !elementOf(mm.getResult()).isF32())
      return failure();
    Value a = widenedFrom(mm.getLhs(), narrow), b = widenedFrom(mm.getRhs(), narrow);
    if (!a || !b)
      return failure();
    llvm::SmallVector<NamedAttribute> attrs = transposeFlags(mm, rw);
    Value narrowProduct =
        createInferredOrDie<MatmulOp>(rw, mm.getLoc(), "gn-narrow-matmul", {a, b}, attrs);
    if (narrowProduct.getType() != back.getType())
      return failure();
    rw.replaceOp(back, narrowProduct);
    return success();
  }
};

struct WidenMatmul : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MatmulOp mm, PatternRewriter &rw) const override {
    if (mm.getWiden() || !elementOf(mm.getResult()).isF32())
      return failure();
    auto lhs = mm.getLhs().getDefiningOp<ConvertOp>();
    if (!lhs)
      return failure();
    Type narrow = elementOf(lhs.getInput());
    if (!narrow.isF16() && !narrow.isBF16())
      return failure();
    Value a = widenedFrom(mm.getLhs(), narrow), b = widenedFrom(mm.getRhs(), narrow);
    if (!a || !b)
      return failure();
    // Rounded straight back: NarrowMatmul's half GEMM, which stores no f32.
    if (mm->hasOneUse()) {
      auto back = llvm::dyn_cast<ConvertOp>(*mm->user_begin());
      if (back && elementOf(back.getResult()) == narrow)
        return failure();
    }
    llvm::SmallVector<NamedAttribute> attrs = transposeFlags(mm, rw);
    attrs.push_back(rw.getNamedAttr("widen", rw.getUnitAttr()));
    Value wide = createInferredOrDie<MatmulOp>(rw, mm.getLoc(), "gn-narrow-matmul", {a, b}, attrs);
    if (wide.getType() != mm.getType())
      return failure();
    rw.replaceOp(mm, wide);
    return success();
  }
};

struct GnNarrowMatmulPass : gn::impl::GnNarrowMatmulPassBase<GnNarrowMatmulPass> {
  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    RewritePatternSet patterns(&getContext());
    patterns.add<NarrowMatmul, WidenMatmul>(&getContext());
    if (failed(applyCountedPatterns(getOperation(), std::move(patterns), DEBUG_TYPE,
                                    {numOpsReplaced, numOpsCreated})))
      signalPassFailure();
  }
};

} // namespace
