//===- GnEmptyFolds.cpp - ops that read an empty tensor -------------------===//
//
// An op with a non-empty result that reads an empty tensor computes nothing
// from it: a reduction over a zero-size dim gives its identity (sum 0,
// product 1, max -inf, min +inf, any false, all true; mean and variance,
// 0 / 0, NaN), a constant pad of an empty tensor is its value everywhere,
// and a contraction or convolution over a zero-size reduction dim gives
// zeros (plus its bias). Such an op becomes a constant (and the bias add):
// no kernel can hold it, since the bare-pointer calling convention has no
// pointer for an empty tensor, and a library GEMM with K = 0 leaves its
// output unwritten. Found by the differential fuzzer (test/fuzz/fuzz_diff.py):
// the CPU pipeline handed these ops to the interpreter, and a matmul with
// K = 0 read uninitialized memory. Values as the interpreter computes them.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnDialect.h"
#include "gn/IR/GnOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include <limits>

using namespace mlir;
using namespace mlir::gn;

namespace {

bool isEmpty(Type t) {
  auto rt = llvm::dyn_cast<RankedTensorType>(t);
  return rt && rt.hasStaticShape() && rt.getNumElements() == 0;
}

enum class Fill { Zero, One, Lowest, Highest, NaN, Value };

/// The splat of `fill` in `type`'s element type (nullptr where the element
/// type cannot hold it, e.g. NaN in an integer).
Attribute splatOf(RankedTensorType type, Fill fill, double value) {
  Type e = type.getElementType();
  if (auto f = llvm::dyn_cast<FloatType>(e)) {
    const llvm::fltSemantics &sem = f.getFloatSemantics();
    llvm::APFloat v(0.0);
    switch (fill) {
    case Fill::Zero: v = llvm::APFloat::getZero(sem); break;
    case Fill::One: v = llvm::APFloat::getOne(sem); break;
    case Fill::Lowest: v = llvm::APFloat::getInf(sem, /*Negative=*/true); break;
    case Fill::Highest: v = llvm::APFloat::getInf(sem); break;
    case Fill::NaN: v = llvm::APFloat::getNaN(sem); break;
    case Fill::Value: {
      v = llvm::APFloat(value);
      bool lost;
      v.convert(sem, llvm::APFloat::rmNearestTiesToEven, &lost);
      break;
    }
    }
    return DenseElementsAttr::get(type, v);
  }
  auto i = llvm::dyn_cast<IntegerType>(e);
  if (!i)
    return nullptr;
  unsigned w = i.getWidth();
  bool isUnsigned = i.isUnsigned();
  llvm::APInt v(w, 0);
  switch (fill) {
  case Fill::Zero: break;
  case Fill::One: v = llvm::APInt(w, 1); break;
  case Fill::Lowest:
    v = w == 1 || isUnsigned ? llvm::APInt::getMinValue(w) : llvm::APInt::getSignedMinValue(w);
    break;
  case Fill::Highest:
    v = w == 1 || isUnsigned ? llvm::APInt::getMaxValue(w) : llvm::APInt::getSignedMaxValue(w);
    break;
  case Fill::NaN: return nullptr;
  case Fill::Value:
    v = llvm::APInt(w, static_cast<uint64_t>(static_cast<int64_t>(value)), /*isSigned=*/true);
    break;
  }
  return DenseElementsAttr::get(type, v);
}

/// What the op's result holds when an operand it reduces over is empty.
std::optional<std::pair<Fill, double>> fillOf(Operation *op) {
  using R = std::pair<Fill, double>;
  if (isa<ReduceSumOp, ReduceAnyOp>(op))
    return R{Fill::Zero, 0};
  if (isa<ReduceProdOp, ReduceAllOp>(op))
    return R{Fill::One, 0};
  if (isa<ReduceMaxOp>(op))
    return R{Fill::Lowest, 0};
  if (isa<ReduceMinOp>(op))
    return R{Fill::Highest, 0};
  if (isa<ReduceMeanOp, VarianceOp>(op))
    return R{Fill::NaN, 0};
  if (auto pad = dyn_cast<PadOp>(op)) {
    if (pad.getMode() != "constant")
      return std::nullopt; // reflect/replicate/circular of nothing: the verifier's business
    return R{Fill::Value, pad.getValue().convertToDouble()};
  }
  if (isa<MatmulOp, EinsumOp, LinearOp, ConvOp, ConvTransposeOp>(op))
    return R{Fill::Zero, 0};
  return std::nullopt;
}

struct FoldEmptyOperand : RewritePattern {
  FoldEmptyOperand(MLIRContext *ctx) : RewritePattern(MatchAnyOpTypeTag(), /*benefit=*/2, ctx) {}

  LogicalResult matchAndRewrite(Operation *op, PatternRewriter &rw) const override {
    if (op->getNumResults() != 1 || op->getNumOperands() == 0 ||
        !llvm::isa_and_present<GnDialect>(op->getDialect()))
      return failure();
    auto type = llvm::dyn_cast<RankedTensorType>(op->getResult(0).getType());
    if (!type || !type.hasStaticShape() || type.getNumElements() == 0)
      return failure();
    // Only the data operand (a bias is never what is reduced over).
    Value data = op->getOperand(0);
    bool contraction = isa<MatmulOp, EinsumOp, ConvOp, ConvTransposeOp, LinearOp>(op);
    bool empty = isEmpty(data.getType()) ||
                 (contraction && op->getNumOperands() > 1 && isEmpty(op->getOperand(1).getType()));
    if (isa<EinsumOp>(op))
      empty = llvm::any_of(op->getOperandTypes(), isEmpty);
    if (!empty)
      return failure();
    auto fill = fillOf(op);
    if (!fill)
      return failure();
    Attribute value = splatOf(type, fill->first, fill->second);
    if (!value)
      return failure();
    Location loc = op->getLoc();
    Value result = ConstantOp::create(rw, loc, type, llvm::cast<ElementsAttr>(value));
    // The bias of an empty contraction: the result is the bias, broadcast.
    Value bias;
    int64_t biasDim = -1;
    if (auto conv = dyn_cast<ConvOp>(op))
      bias = conv.getBias(), biasDim = conv.getChannelsLast() ? type.getRank() - 1 : 1;
    else if (auto conv = dyn_cast<ConvTransposeOp>(op))
      bias = conv.getBias(), biasDim = 1;
    else if (auto linear = dyn_cast<LinearOp>(op))
      bias = linear.getBias(), biasDim = type.getRank() - 1;
    if (bias) {
      llvm::SmallVector<int64_t> shape(type.getRank(), 1);
      shape[biasDim] = type.getDimSize(biasDim);
      auto biasType = llvm::cast<RankedTensorType>(bias.getType());
      auto shaped = RankedTensorType::get(shape, biasType.getElementType());
      Value b = ReshapeOp::create(rw, loc, shaped, bias, rw.getDenseI64ArrayAttr(shape));
      result = AddOp::create(rw, loc, type, result, b);
    }
    rw.replaceOp(op, result);
    return success();
  }
};

} // namespace

void GnDialect::getCanonicalizationPatterns(RewritePatternSet &results) const {
  results.add<FoldEmptyOperand>(getContext());
}
