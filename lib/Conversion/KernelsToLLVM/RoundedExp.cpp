//===- RoundedExp.cpp - f32 exp computed in f64, rounded once -------------===//
//
// math.exp on f32 becomes arithmetic in f64: Cody-Waite reduction
// x = k ln2 + r (|r| <= ln2 / 2), exp(r) as its Taylor polynomial to degree
// 13 (truncation below 2^-57 relative), scaled by 2^k through the exponent
// bits, then one rounding to f32. The f64 result is within a few f64 ulps of
// exp(x), so the f32 it rounds to is the correctly rounded expf except where
// exp(x) lies within about 2^-51 relative of a rounding midpoint: glibc's
// expf (what the interpreter calls) gives the same bits almost everywhere
// (test/unit/RoundedExpTest.cpp counts the exceptions over every f32), and
// unlike a libm call the loop vectorizes.
//
//===----------------------------------------------------------------------===//
#include "RoundedExp.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/IR/PatternMatch.h"

using namespace mlir;

namespace {

struct ExpInF64 : OpRewritePattern<math::ExpOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::ExpOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    auto shaped = llvm::dyn_cast<ShapedType>(type);
    auto like = [&](Type element) -> Type {
      return shaped ? Type(shaped.clone(element)) : element;
    };
    Type f64 = like(rewriter.getF64Type()), i64 = like(rewriter.getI64Type());
    Location loc = op.getLoc();
    auto real = [&](double v) -> Value {
      return arith::ConstantOp::create(
          rewriter, loc,
          shaped ? TypedAttr(DenseElementsAttr::get(llvm::cast<ShapedType>(f64), v))
                 : TypedAttr(rewriter.getF64FloatAttr(v)));
    };
    auto integer = [&](int64_t v) -> Value {
      return arith::ConstantOp::create(
          rewriter, loc,
          shaped ? TypedAttr(DenseElementsAttr::get(llvm::cast<ShapedType>(i64), v))
                 : TypedAttr(rewriter.getI64IntegerAttr(v)));
    };
    // Past these, expf is inf (exp(89) > FLT_MAX) or 0 (exp(-104) is
    // under half the least subnormal): clamping keeps 2^k a normal f64.
    // maxnumf / minnumf turn NaN into a bound; the NaN guard put around
    // every exp (KernelsToLLVM's keepNaN) restores it.
    Value x = arith::ExtFOp::create(rewriter, loc, f64, op.getOperand());
    x = arith::MaxNumFOp::create(rewriter, loc, x, real(-104.0));
    x = arith::MinNumFOp::create(rewriter, loc, x, real(89.0));
    // k = round(x / ln2); r = x - k ln2 with ln2 split so that k * ln2Hi is
    // exact (|k| <= 151 needs 8 bits; ln2Hi ends in 11 zero bits).
    const double ln2Hi = 0x1.62e42fefa38p-1, ln2Lo = 0x1.ef35793c7673p-45;
    Value k = math::RoundEvenOp::create(
        rewriter, loc, arith::MulFOp::create(rewriter, loc, x, real(0x1.71547652b82fep0)));
    Value negK = arith::NegFOp::create(rewriter, loc, k);
    Value r = math::FmaOp::create(rewriter, loc, negK, real(ln2Hi), x);
    r = math::FmaOp::create(rewriter, loc, negK, real(ln2Lo), r);
    // exp(r) = sum r^n / n!, n <= 13, by Horner.
    constexpr int degree = 13;
    double coefficient[degree + 1];
    coefficient[0] = 1.0;
    for (int n = 1; n <= degree; ++n)
      coefficient[n] = coefficient[n - 1] / n;
    Value p = real(coefficient[degree]);
    for (int n = degree - 1; n >= 0; --n)
      p = math::FmaOp::create(rewriter, loc, p, r, real(coefficient[n]));
    // 2^k from its exponent bits, then one rounding to f32.
    Value bits = arith::ShLIOp::create(
        rewriter, loc,
        arith::AddIOp::create(rewriter, loc, arith::FPToSIOp::create(rewriter, loc, i64, k),
                              integer(1023)),
        integer(52));
    Value scale = arith::BitcastOp::create(rewriter, loc, f64, bits);
    Value y = arith::MulFOp::create(rewriter, loc, p, scale);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type, y);
    return success();
  }
};

} // namespace

void mlir::gn::populateRoundedExpPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpInF64>(patterns.getContext());
}
