//===- Pooling.cpp - pooling and depthwise convolution kernels --------------===//
#include "Emitter.h"
#include "gn/IR/SymbolicDims.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::copy;

namespace {

/// The positions a window op reads at tap `k` of its kernel, for output
/// position base_d = o_d * stride_d in each spatial dim d: base_d + k_d *
/// dilation_d - padding_d, clamped into the input's `extent_d` where
/// `check[d]` (padding, or a window reaching past the end).
llvm::SmallVector<Value> tapPositions(OpBuilder &b, Location loc, llvm::ArrayRef<Value> base,
                                      llvm::ArrayRef<int64_t> k, llvm::ArrayRef<int64_t> dilation,
                                      llvm::ArrayRef<int64_t> padding,
                                      llvm::ArrayRef<Value> extent, llvm::ArrayRef<bool> check,
                                      Value &inside) {
  llvm::SmallVector<Value> at;
  for (size_t d = 0; d < base.size(); ++d) {
    int64_t shift = k[d] * dilation[d] - padding[d];
    Value i = shift ? Value(arith::AddIOp::create(b, loc, base[d],
                                                  arith::ConstantIndexOp::create(b, loc, shift)))
                    : base[d];
    at.push_back(check[d] ? clampIndex(b, loc, i, extent[d], inside) : i);
  }
  return at;
}

/// Calls `tap` with every point of a window of `extents`, the last dim
/// fastest (unrolled: the kernels' windows are small).
void forEachTap(llvm::ArrayRef<int64_t> extents,
                llvm::function_ref<void(llvm::ArrayRef<int64_t>)> tap) {
  llvm::SmallVector<int64_t> k(extents.size(), 0);
  for (bool more = true; more;) {
    tap(k);
    more = false;
    for (int64_t d = (int64_t)extents.size() - 1; d >= 0 && !more; --d) {
      if (++k[d] < extents[d])
        more = true;
      else
        k[d] = 0;
    }
  }
}

} // namespace

/// Average pooling (fixed or adaptive windows) as the interpreter runs
/// it: per output element, an f64 sum over the window's taps inside the
/// input in row-major order (a tap outside adds +0.0, which leaves the sum
/// as it was), divided in f64 by divisor_override, the taps inside the
/// padded input (count_include_pad) or the taps inside the input, then
/// stored through f32 as it stores. Adaptive window d of output o spans
/// [o * in / out, ceil((o + 1) * in / out)).
LogicalResult CopyKernelEmitter::emitAvgPool(OpBuilder &b, Location loc, Value x, Value out) {
  auto xType = llvm::cast<MemRefType>(x.getType());
  auto outShape = llvm::cast<MemRefType>(out.getType()).getShape();
  Type e = xType.getElementType(), f64 = b.getF64Type();
  llvm::SmallVector<int64_t> kernel, stride, padding, dilation;
  std::optional<int64_t> divisor;
  bool includePad = false;
  auto avg = dyn_cast<AvgPoolOp>(copyOp);
  // Adaptive max pooling: the same windows, std::max over them in f64,
  // NaN if any tap is (the interpreter's adaptivePool).
  bool isMax = isa<AdaptiveMaxPoolOp>(copyOp);
  int64_t rank = xType.getRank(), sp;
  if (avg) {
    kernel.assign(avg.getKernel().begin(), avg.getKernel().end());
    stride.assign(avg.getStride().begin(), avg.getStride().end());
    padding.assign(avg.getPadding().begin(), avg.getPadding().end());
    dilation.assign(avg.getDilation().begin(), avg.getDilation().end());
    includePad = avg.getCountIncludePad();
    if (avg.getDivisorOverride())
      divisor = *avg.getDivisorOverride();
    sp = kernel.size();
  } else {
    sp = isMax ? cast<AdaptiveMaxPoolOp>(copyOp).getOutputSize().size()
               : cast<AdaptiveAvgPoolOp>(copyOp).getOutputSize().size();
    // The widest window: the taps loop runs to it and skips the rest.
    for (int64_t d = 0; d < sp; ++d) {
      int64_t in = xType.getShape()[rank - sp + d], o = outShape[rank - sp + d], widest = 0;
      for (int64_t i = 0; !ShapedType::isDynamic(in) && !ShapedType::isDynamic(o) && i < o; ++i)
        widest = std::max(widest, ((i + 1) * in + o - 1) / o - (i * in) / o);
      kernel.push_back(widest);
    }
  }
  int64_t lead = rank - sp;
  // A symbolic kernel's spatial sizes, known at run time (i64), and an
  // adaptive window's taps loop bound there: no window is wider than
  // ceil(in / out) + 1.
  llvm::SmallVector<Value> xSizes = dimSizes(b, loc, x), outSizes = dimSizes(b, loc, out);
  llvm::SmallVector<Value> dynamicIn(sp), dynamicOut(sp), dynamicKernel(sp);
  for (int64_t d = 0; d < sp; ++d) {
    Type i64 = b.getI64Type();
    bool inDynamic = ShapedType::isDynamic(xType.getShape()[lead + d]);
    bool outDynamic = ShapedType::isDynamic(outShape[lead + d]);
    if (inDynamic)
      dynamicIn[d] = arith::IndexCastOp::create(b, loc, i64, xSizes[lead + d]);
    if (outDynamic)
      dynamicOut[d] = arith::IndexCastOp::create(b, loc, i64, outSizes[lead + d]);
    if (!avg && (inDynamic || outDynamic)) {
      Value one = arith::ConstantIndexOp::create(b, loc, 1);
      Value ceil = arith::CeilDivUIOp::create(b, loc, xSizes[lead + d], outSizes[lead + d]);
      dynamicKernel[d] = arith::AddIOp::create(b, loc, ceil, one);
    }
  }
  overOutput(
      b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
        Type i64 = nb.getI64Type();
        auto cst = [&](int64_t v) { return arith::ConstantIntOp::create(nb, nloc, i64, v); };
        llvm::SmallVector<Value> outPos, first, limit, padLimit;
        for (int64_t d = 0; d < rank; ++d)
          outPos.push_back(linalg::IndexOp::create(nb, nloc, d));
        // Per spatial dim: the first tap's position, and the end of the
        // taps that count (input end, or padded end) as positions.
        for (int64_t d = 0; d < sp; ++d) {
          Value o = arith::IndexCastOp::create(nb, nloc, i64, outPos[lead + d]);
          int64_t in = xType.getShape()[lead + d];
          // in, as a constant or the size bound at run time.
          auto inValue = [&](int64_t plus) -> Value {
            if (!dynamicIn[d])
              return cst(in + plus);
            return plus ? Value(arith::AddIOp::create(nb, nloc, dynamicIn[d], cst(plus)))
                        : dynamicIn[d];
          };
          if (avg) {
            first.push_back(arith::SubIOp::create(
                nb, nloc, arith::MulIOp::create(nb, nloc, o, cst(stride[d])), cst(padding[d])));
            limit.push_back(inValue(0));
            padLimit.push_back(inValue(padding[d]));
          } else {
            int64_t n = outShape[lead + d];
            Value nValue = dynamicOut[d] ? dynamicOut[d] : Value(cst(n));
            Value nLess1 = dynamicOut[d] ? Value(arith::SubIOp::create(nb, nloc, nValue, cst(1)))
                                         : Value(cst(n - 1));
            first.push_back(arith::DivSIOp::create(
                nb, nloc, arith::MulIOp::create(nb, nloc, o, inValue(0)), nValue));
            Value next = arith::AddIOp::create(nb, nloc, o, cst(1));
            limit.push_back(arith::DivSIOp::create(
                nb, nloc,
                arith::AddIOp::create(nb, nloc, arith::MulIOp::create(nb, nloc, next, inValue(0)),
                                      nLess1),
                nValue));
            padLimit.push_back(limit.back());
          }
        }
        Value zero = arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(0));
        Value one = arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(1));
        // Carried through the taps loops: sum, taps inside, taps inside
        // the padded input.
        std::function<llvm::SmallVector<Value>(OpBuilder &, int64_t, ValueRange,
                                               llvm::SmallVector<Value>)>
            nest = [&](OpBuilder &lb, int64_t d, ValueRange carried,
                       llvm::SmallVector<Value> tap) -> llvm::SmallVector<Value> {
          if (d == sp) {
            Value inside, insidePad;
            llvm::SmallVector<Value> at(outPos.begin(), outPos.begin() + lead);
            for (int64_t j = 0; j < sp; ++j) {
              Value k = arith::IndexCastOp::create(lb, nloc, i64, tap[j]);
              if (avg)
                k = arith::MulIOp::create(lb, nloc, k, cst(dilation[j]));
              Value pos = arith::AddIOp::create(lb, nloc, first[j], k);
              Value ok = arith::AndIOp::create(
                  lb, nloc, arith::CmpIOp::create(lb, nloc, arith::CmpIPredicate::sge, pos, cst(0)),
                  arith::CmpIOp::create(lb, nloc, arith::CmpIPredicate::slt, pos, limit[j]));
              Value okPad =
                  arith::CmpIOp::create(lb, nloc, arith::CmpIPredicate::slt, pos, padLimit[j]);
              inside = inside ? Value(arith::AndIOp::create(lb, nloc, inside, ok)) : ok;
              insidePad =
                  insidePad ? Value(arith::AndIOp::create(lb, nloc, insidePad, okPad)) : okPad;
              // A tap outside reads a valid element and discards it.
              Value last = dynamicIn[j]
                               ? Value(arith::SubIOp::create(lb, nloc, dynamicIn[j], cst(1)))
                               : Value(cst(xType.getShape()[lead + j] - 1));
              Value safe = arith::MinSIOp::create(
                  lb, nloc, arith::MaxSIOp::create(lb, nloc, pos, cst(0)), last);
              at.push_back(arith::IndexCastOp::create(lb, nloc, lb.getIndexType(), safe));
            }
            Value v = memref::LoadOp::create(lb, nloc, x, at);
            if (!e.isF64())
              v = arith::ExtFOp::create(lb, nloc, f64, v);
            if (isMax) { // carried: the max, whether a tap was NaN
              using P = arith::CmpFPredicate;
              Value less = arith::CmpFOp::create(lb, nloc, P::OLT, carried[0], v);
              Value best = arith::SelectOp::create(lb, nloc, less, v, carried[0]);
              Value nan = arith::AndIOp::create(
                  lb, nloc, inside, arith::CmpFOp::create(lb, nloc, P::UNO, v, v));
              return {arith::SelectOp::create(lb, nloc, inside, best, carried[0]),
                      arith::SelectOp::create(lb, nloc, nan, one, carried[1]), carried[2]};
            }
            v = arith::SelectOp::create(lb, nloc, inside, v, zero);
            return {arith::AddFOp::create(lb, nloc, carried[0], v),
                    arith::AddFOp::create(lb, nloc, carried[1],
                                          arith::SelectOp::create(lb, nloc, inside, one, zero)),
                    arith::AddFOp::create(lb, nloc, carried[2],
                                          arith::SelectOp::create(lb, nloc, insidePad, one, zero))};
          }
          Value c0 = arith::ConstantIndexOp::create(lb, nloc, 0);
          Value c1 = arith::ConstantIndexOp::create(lb, nloc, 1);
          Value n = dynamicKernel[d] ? dynamicKernel[d]
                                     : Value(arith::ConstantIndexOp::create(lb, nloc, kernel[d]));
          auto loop = scf::ForOp::create(
              lb, nloc, c0, n, c1, carried,
              [&](OpBuilder &ib, Location, Value k, ValueRange iter) {
                llvm::SmallVector<Value> next(tap);
                next.push_back(k);
                scf::YieldOp::create(ib, nloc, nest(ib, d + 1, iter, next));
              });
          return llvm::SmallVector<Value>(loop.getResults());
        };
        if (isMax) {
          Value negInf = arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(-INFINITY));
          llvm::SmallVector<Value> r = nest(nb, 0, ValueRange{negInf, zero, zero}, {});
          Value nan = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::ONE, r[1], zero);
          Value v = arith::SelectOp::create(
              nb, nloc, nan, arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(NAN)),
              r[0]);
          linalg::YieldOp::create(nb, nloc, storedFromF64(nb, nloc, v, e));
          return;
        }
        llvm::SmallVector<Value> sums = nest(nb, 0, ValueRange{zero, zero, zero}, {});
        Value denominator =
            divisor ? Value(arith::ConstantOp::create(nb, nloc, f64,
                                                      nb.getF64FloatAttr(double(*divisor))))
                    : includePad ? sums[2] : sums[1];
        Value mean = arith::DivFOp::create(nb, nloc, sums[0], denominator);
        linalg::YieldOp::create(nb, nloc, storedFromF64(nb, nloc, mean, e));
      });
  return success();
}

/// out[n, c, o...] = max over the window of the input padded with -inf:
/// a padded copy (when any window reaches outside), then one
/// linalg.generic whose window loops take their extent from a shape-only
/// operand, as linalg's named pooling ops do.
LogicalResult CopyKernelEmitter::emitMaxPool(OpBuilder &b, Location loc, MaxPoolOp pool, Value in,
                                             Value out) {
  auto inType = llvm::cast<MemRefType>(in.getType());
  auto outShape = llvm::cast<MemRefType>(out.getType()).getShape();
  Type e = inType.getElementType();
  int64_t rank = inType.getRank(), sp = pool.getKernel().size(), lead = rank - sp;
  llvm::ArrayRef<int64_t> k = pool.getKernel(), st = pool.getStride(), pd = pool.getPadding(),
                          dl = pool.getDilation();
  Value negInf = arith::ConstantOp::create(b, loc, e, b.getFloatAttr(e, -INFINITY));
  // Padded extents: every window of every output position fits. A
  // symbolic kernel's (dynamic dims) are computed at run time, and it pads
  // wherever a dim is dynamic.
  llvm::SmallVector<int64_t> padded(inType.getShape()), starts(rank, 0), ones(rank, 1);
  llvm::SmallVector<Value> paddedSizes, inSizes = dimSizes(b, loc, in),
                                        outSizes = dimSizes(b, loc, out);
  auto cst = [&](int64_t v) { return Value(arith::ConstantIndexOp::create(b, loc, v)); };
  bool needPad = false;
  for (int64_t i = 0; i < sp; ++i) {
    int64_t d = lead + i;
    starts[d] = pd[i];
    if (ShapedType::isDynamic(padded[d]) || ShapedType::isDynamic(outShape[d])) {
      // max(in + 2 pd, (out - 1) st + (k - 1) dl + 1)
      Value reach = arith::AddIOp::create(
          b, loc, arith::MulIOp::create(b, loc, outSizes[d], cst(st[i])),
          cst((k[i] - 1) * dl[i] + 1 - st[i]));
      Value whole = arith::AddIOp::create(b, loc, inSizes[d], cst(2 * pd[i]));
      paddedSizes.push_back(arith::MaxSIOp::create(b, loc, whole, reach));
      padded[d] = ShapedType::kDynamic;
      needPad = true;
      continue;
    }
    int64_t reach = (outShape[d] - 1) * st[i] + (k[i] - 1) * dl[i] + 1;
    padded[d] = std::max(inType.getShape()[d] + 2 * pd[i], reach);
    needPad |= padded[d] != inType.getShape()[d];
  }
  // The dynamic lead dims (a symbolic batch) are the input's.
  llvm::SmallVector<Value> allocSizes;
  for (int64_t d = 0, j = 0; d < rank; ++d)
    if (ShapedType::isDynamic(padded[d]))
      allocSizes.push_back(d < lead ? inSizes[d] : paddedSizes[j++]);
  Value src = in, buffer;
  if (needPad) {
    buffer = memref::AllocOp::create(b, loc, MemRefType::get(padded, e), allocSizes);
    linalg::FillOp::create(b, loc, negInf, buffer);
    llvm::SmallVector<OpFoldResult> offsets, sizes, strides(rank, b.getIndexAttr(1));
    for (int64_t d = 0; d < rank; ++d) {
      offsets.push_back(b.getIndexAttr(starts[d]));
      sizes.push_back(ShapedType::isDynamic(inType.getShape()[d])
                          ? OpFoldResult(inSizes[d])
                          : OpFoldResult(b.getIndexAttr(inType.getShape()[d])));
    }
    linalg::CopyOp::create(b, loc, in,
                           memref::SubViewOp::create(b, loc, buffer, offsets, sizes, strides).getResult());
    src = buffer;
  }
  // Shape-only, so one for the whole kernel: in the function's entry, not
  // in the thread loop's body, where each iteration would grow the stack.
  Value window;
  {
    OpBuilder::InsertionGuard guard(b);
    auto func = b.getInsertionBlock()->getParent()->getParentOfType<func::FuncOp>();
    b.setInsertionPointToStart(&func.getBody().front());
    window = memref::AllocaOp::create(b, loc, MemRefType::get(k, e));
  }
  // f16 / bf16: the maximum runs in an f32 buffer, rounded to the output
  // once at the end (exact: it is one of the inputs). Rounding after every
  // tap was a software f32 -> bf16 rounding per tap and element, unvectorized
  // (rtmpose-s's 13 x 13 pools in bfloat16: 8x their float32 time).
  bool narrow = e.isF16() || e.isBF16();
  Value acc = out;
  if (narrow) {
    llvm::SmallVector<Value> dynamicOut;
    for (int64_t d = 0; d < rank; ++d)
      if (ShapedType::isDynamic(outShape[d]))
        dynamicOut.push_back(outSizes[d]);
    acc = memref::AllocOp::create(b, loc, MemRefType::get(outShape, b.getF32Type()), dynamicOut);
    negInf = arith::ConstantOp::create(b, loc, b.getF32Type(), b.getF32FloatAttr(-INFINITY));
  }
  linalg::FillOp::create(b, loc, negInf, acc);
  // Loops: the output dims, then the window dims.
  unsigned loops = rank + sp;
  llvm::SmallVector<AffineExpr> srcExprs, winExprs, outExprs;
  for (int64_t d = 0; d < rank; ++d) {
    AffineExpr o = getAffineDimExpr(d, ctx);
    outExprs.push_back(o);
    if (d < lead) {
      srcExprs.push_back(o);
    } else {
      int64_t i = d - lead;
      AffineExpr w = getAffineDimExpr(rank + i, ctx);
      srcExprs.push_back(o * st[i] + w * dl[i]);
      winExprs.push_back(w);
    }
  }
  llvm::SmallVector<AffineMap> maps = {AffineMap::get(loops, 0, srcExprs, ctx),
                                       AffineMap::get(loops, 0, winExprs, ctx),
                                       AffineMap::get(loops, 0, outExprs, ctx)};
  llvm::SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  iterators.append(sp, utils::IteratorType::reduction);
  linalg::GenericOp::create(b, loc, ValueRange{src, window}, ValueRange{acc}, maps, iterators,
                            [&](OpBuilder &nb, Location nloc, ValueRange args) {
                              Value v = args[0];
                              if (narrow)
                                v = arith::ExtFOp::create(nb, nloc, nb.getF32Type(), v);
                              linalg::YieldOp::create(
                                  nb, nloc, ValueRange{arith::MaximumFOp::create(nb, nloc, args[2], v).getResult()});
                            });
  if (narrow) {
    llvm::SmallVector<AffineMap> same(2, b.getMultiDimIdentityMap(rank));
    linalg::GenericOp::create(
        b, loc, ValueRange{acc}, ValueRange{out}, same,
        llvm::SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          linalg::YieldOp::create(nb, nloc, ValueRange{arith::TruncFOp::create(nb, nloc, e, args[0]).getResult()});
        });
    memref::DeallocOp::create(b, loc, acc);
  }
  if (buffer)
    memref::DeallocOp::create(b, loc, buffer);
  return success();
}

Value mlir::gn::emitDepthwiseConvAt(OpBuilder &b, Location loc, ConvOp op,
                                    function_ref<Value(OpBuilder &, ValueRange)> loadInput,
                                    Value weight, Value bias, llvm::ArrayRef<Value> extents,
                                    ValueRange ivs) {
  auto xType = llvm::cast<RankedTensorType>(op.getInput().getType());
  auto wShape = llvm::cast<MemRefType>(weight.getType()).getShape();
  int64_t spatial = wShape.size() - 2;
  // The taps summed in f64 and rounded once, as the pooling kernels' sums:
  // an f32 sum in tap order drifted from the interpreter's oneDNN result by
  // more than the interpreter from a float64 run (mnasnet0_5, t = -3
  // against -4 there); the kernel is memory-bound, so f64 costs little.
  Type ct = b.getF64Type();
  auto cst = [&](int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
  auto toCompute = [&](Value v) {
    return v.getType() == ct ? v : Value(arith::ExtFOp::create(b, loc, ct, v));
  };
  // o * stride per spatial dim: each tap adds k * dilation - padding.
  llvm::SmallVector<Value> base;
  llvm::SmallVector<bool> check;
  for (int64_t d = 0; d < spatial; ++d) {
    base.push_back(arith::MulIOp::create(b, loc, ivs[2 + d], cst(op.getStride()[d])));
    check.push_back(op.getPadding()[d] != 0);
  }
  Value zero = arith::ConstantOp::create(b, loc, ct, b.getFloatAttr(ct, 0.0));
  Value acc = zero;
  forEachTap(wShape.drop_front(2), [&](llvm::ArrayRef<int64_t> k) {
    Value inside;
    llvm::SmallVector<Value> xAt{ivs[0], ivs[1]}, wAt{ivs[1], cst(0)};
    xAt.append(tapPositions(b, loc, base, k, op.getDilation(), op.getPadding(), extents, check,
                            inside));
    for (int64_t kd : k)
      wAt.push_back(cst(kd));
    Value x = toCompute(loadInput(b, xAt));
    if (inside)
      x = arith::SelectOp::create(b, loc, inside, x, zero);
    Value w = toCompute(memref::LoadOp::create(b, loc, weight, wAt));
    acc = arith::AddFOp::create(b, loc, acc, arith::MulFOp::create(b, loc, x, w));
  });
  if (bias)
    acc = arith::AddFOp::create(
        b, loc, acc, toCompute(memref::LoadOp::create(b, loc, bias, ValueRange{ivs[1]})));
  // Back to the kernel's carry type (f32; f64 for f64 tensors).
  if (!xType.getElementType().isF64())
    acc = arith::TruncFOp::create(b, loc, b.getF32Type(), acc);
  return acc;
}

Value mlir::gn::emitMaxPoolAt(OpBuilder &b, Location loc, MaxPoolOp op,
                              function_ref<Value(OpBuilder &, ValueRange)> loadInput,
                              llvm::ArrayRef<Value> extents, ValueRange ivs) {
  auto xType = llvm::cast<RankedTensorType>(op.getInput().getType());
  auto xShape = xType.getShape();
  auto outShape = op.getType().getShape();
  llvm::SmallVector<SymExpr> xDims = dimExprs(xType), outDims = dimExprs(op.getType());
  Type ct = op.getType().getElementType().isF64() ? Type(b.getF64Type()) : Type(b.getF32Type());
  llvm::ArrayRef<int64_t> kernel = op.getKernel(), stride = op.getStride(),
                          padding = op.getPadding(), dilation = op.getDilation();
  int64_t sp = kernel.size(), lead = xShape.size() - sp;
  auto cst = [&](int64_t v) { return arith::ConstantIndexOp::create(b, loc, v); };
  llvm::SmallVector<Value> base;
  llvm::SmallVector<bool> check;
  for (int64_t d = 0; d < sp; ++d) {
    base.push_back(arith::MulIOp::create(b, loc, ivs[lead + d], cst(stride[d])));
    int64_t reach = (outShape[lead + d] - 1) * stride[d] + (kernel[d] - 1) * dilation[d];
    bool symbolic = !xDims[lead + d].isConstant() || !outDims[lead + d].isConstant();
    check.push_back(padding[d] > 0 || symbolic || reach >= xShape[lead + d]);
  }
  Value negInf = arith::ConstantOp::create(b, loc, ct, b.getFloatAttr(ct, -INFINITY));
  Value acc = negInf;
  forEachTap(kernel, [&](llvm::ArrayRef<int64_t> k) {
    Value inside;
    llvm::SmallVector<Value> at(ivs.begin(), ivs.begin() + lead);
    at.append(tapPositions(b, loc, base, k, dilation, padding, extents, check, inside));
    Value v = loadInput(b, at);
    if (inside)
      v = arith::SelectOp::create(b, loc, inside, v, negInf);
    acc = arith::MaximumFOp::create(b, loc, acc, v);
  });
  return acc;
}
