//===- RoundedExp.cpp - f32 exp and tanh computed in f64, rounded once ----===//
//
// math.exp on f32 becomes arithmetic in f64: Cody-Waite reduction
// x = k ln2 + r (|r| <= ln2 / 2), exp(r) as its Taylor polynomial to degree
// 13 (truncation below 2^-57 relative), scaled by 2^k through the exponent
// bits, then one rounding to f32. The f64 result is within a few f64 ulps of
// exp(x), so the f32 it rounds to is the correctly rounded expf except where
// exp(x) lies within about 2^-51 relative of a rounding midpoint, as the
// interpreter's f32 exp (float(exp(double)), Kernels.h's expRounded); glibc's
// expf gives the same bits almost everywhere (test/unit/RoundedExpTest.cpp
// counts the exceptions over every f32), and unlike a libm call the loop
// vectorizes. tanh is built on the same f64
// exp (TanhInF64), rounded once too.
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

/// Constants of `like`'s shape (a vector, or a scalar) in f64 / i64.
struct F64Builder {
  PatternRewriter &rewriter;
  Location loc;
  ShapedType shaped;
  Type like(Type element) { return shaped ? Type(shaped.clone(element)) : element; }
  Type f64() { return like(rewriter.getF64Type()); }
  Type i64() { return like(rewriter.getI64Type()); }
  Value real(double v) {
    return arith::ConstantOp::create(
        rewriter, loc,
        shaped ? TypedAttr(DenseElementsAttr::get(llvm::cast<ShapedType>(f64()), v))
               : TypedAttr(rewriter.getF64FloatAttr(v)));
  }
  Value integer(int64_t v) {
    return arith::ConstantOp::create(
        rewriter, loc,
        shaped ? TypedAttr(DenseElementsAttr::get(llvm::cast<ShapedType>(i64()), v))
               : TypedAttr(rewriter.getI64IntegerAttr(v)));
  }

  /// exp(x) in f64 for x in [-104, 89] (clamped there), within a few f64
  /// ulps.
  Value exp(Value x) {
    // Past these, expf is inf (exp(89) > FLT_MAX) or 0 (exp(-104) is
    // under half the least subnormal): clamping keeps 2^k a normal f64.
    // maxnumf / minnumf turn NaN into a bound; the NaN guard put around
    // every exp (KernelsToLLVM's keepNaN) restores it.
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
    // 2^k from its exponent bits.
    Value bits = arith::ShLIOp::create(
        rewriter, loc,
        arith::AddIOp::create(rewriter, loc, arith::FPToSIOp::create(rewriter, loc, i64(), k),
                              integer(1023)),
        integer(52));
    Value scale = arith::BitcastOp::create(rewriter, loc, f64(), bits);
    return arith::MulFOp::create(rewriter, loc, p, scale);
  }
};

struct ExpInF64 : OpRewritePattern<math::ExpOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::ExpOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    F64Builder b{rewriter, op.getLoc(), llvm::dyn_cast<ShapedType>(type)};
    Value x = arith::ExtFOp::create(rewriter, op.getLoc(), b.f64(), op.getOperand());
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type, b.exp(x));
    return success();
  }
};

/// tanh(x) on f32 in f64, rounded once: for |x| >= 1/16, (e - 1) / (e + 1)
/// with e = exp(2|x|) (|x| clamped to 10, past which tanh rounds to 1);
/// below, its Taylor series to x^9 (relative error under 1e-13 there,
/// where e - 1 would cancel). The sign is x's (copysign, put around every
/// tanh by KernelsToLLVM's keepNaN, with its NaN guard).
struct TanhInF64 : OpRewritePattern<math::TanhOp> {
  using OpRewritePattern::OpRewritePattern;

  LogicalResult matchAndRewrite(math::TanhOp op, PatternRewriter &rewriter) const override {
    Type type = op.getType();
    if (!getElementTypeOrSelf(type).isF32())
      return rewriter.notifyMatchFailure(op, "not f32");
    Location loc = op.getLoc();
    F64Builder b{rewriter, loc, llvm::dyn_cast<ShapedType>(type)};
    Value x = arith::ExtFOp::create(rewriter, loc, b.f64(), op.getOperand());
    Value a = math::AbsFOp::create(rewriter, loc, x);
    a = arith::MinNumFOp::create(rewriter, loc, a, b.real(10.0));
    Value e = b.exp(arith::AddFOp::create(rewriter, loc, a, a));
    Value large = arith::DivFOp::create(rewriter, loc,
                                        arith::SubFOp::create(rewriter, loc, e, b.real(1.0)),
                                        arith::AddFOp::create(rewriter, loc, e, b.real(1.0)));
    // x - x^3/3 + 2x^5/15 - 17x^7/315 + 62x^9/2835, as a (1 + a^2 q(a^2)).
    Value a2 = arith::MulFOp::create(rewriter, loc, a, a);
    const double c[] = {62.0 / 2835.0, -17.0 / 315.0, 2.0 / 15.0, -1.0 / 3.0};
    Value q = b.real(c[0]);
    for (int i = 1; i < 4; ++i)
      q = math::FmaOp::create(rewriter, loc, q, a2, b.real(c[i]));
    Value small = math::FmaOp::create(rewriter, loc, arith::MulFOp::create(rewriter, loc, a, a2),
                                      q, a);
    Value isSmall = arith::CmpFOp::create(rewriter, loc, arith::CmpFPredicate::OLT, a,
                                          b.real(0.0625));
    Value y = arith::SelectOp::create(rewriter, loc, isSmall, small, large);
    rewriter.replaceOpWithNewOp<arith::TruncFOp>(op, type, y);
    return success();
  }
};

} // namespace

void mlir::gn::populateRoundedExpPatterns(RewritePatternSet &patterns) {
  patterns.add<ExpInF64>(patterns.getContext());
}

void mlir::gn::populateRoundedTanhPatterns(RewritePatternSet &patterns) {
  patterns.add<TanhInF64>(patterns.getContext());
}
