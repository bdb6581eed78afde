//===- Emitter.cpp - copy kernels: dispatch and shared pieces ---------------===//
#include "Emitter.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::copy;

Value mlir::gn::stridedSubview(OpBuilder &b, Location loc, Value m, llvm::ArrayRef<int64_t> starts,
                               llvm::ArrayRef<int64_t> sizes, llvm::ArrayRef<int64_t> steps) {
  llvm::SmallVector<OpFoldResult> o, z, s;
  for (auto [a, n, k] : llvm::zip(starts, sizes, steps)) {
    o.push_back(b.getIndexAttr(a));
    z.push_back(b.getIndexAttr(n));
    s.push_back(b.getIndexAttr(k));
  }
  return memref::SubViewOp::create(b, loc, m, o, z, s);
}

/// Index `i` of a dim of `n` clamped into it, for a load that is kept
/// only where every such index lies inside: `i` where it does (a negative
/// one wraps past n, so one unsigned compare), else 0; the compare is ANDed
/// into `inside` (null: none yet).
Value copy::clampIndex(OpBuilder &b, Location loc, Value i, int64_t n, Value &inside) {
  return clampIndex(b, loc, i, arith::ConstantIndexOp::create(b, loc, n), inside);
}

Value copy::clampIndex(OpBuilder &b, Location loc, Value i, Value n, Value &inside) {
  Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i, n);
  inside = inside ? Value(arith::AndIOp::create(b, loc, inside, ok)) : ok;
  return arith::SelectOp::create(b, loc, ok, i, arith::ConstantIndexOp::create(b, loc, 0));
}


OpFoldResult copy::addFolded(OpBuilder &b, Location loc, OpFoldResult x, OpFoldResult y) {
  std::optional<int64_t> cx = getConstantIntValue(x), cy = getConstantIntValue(y);
  if (cx && cy)
    return b.getIndexAttr(*cx + *cy);
  return arith::AddIOp::create(b, loc, getValueOrCreateConstantIndexOp(b, loc, x),
                               getValueOrCreateConstantIndexOp(b, loc, y))
      .getResult();
}

llvm::SmallVector<Value> mlir::gn::dimSizes(OpBuilder &b, Location loc, Value m) {
  auto type = llvm::cast<MemRefType>(m.getType());
  llvm::SmallVector<Value> sizes;
  for (auto [d, n] : llvm::enumerate(type.getShape()))
    sizes.push_back(ShapedType::isDynamic(n)
                        ? Value(memref::DimOp::create(b, loc, m, d))
                        : Value(arith::ConstantIndexOp::create(b, loc, n)));
  return sizes;
}

/// A parallel linalg.generic over every element of `out`, reading `ins`
/// (each of `out`'s shape) at the same position; `body` yields the value.
void CopyKernelEmitter::overOutput(OpBuilder &b, Location loc, ValueRange ins, Value out,
                                   function_ref<void(OpBuilder &, Location, ValueRange)> body) {
  int64_t rank = llvm::cast<MemRefType>(out.getType()).getRank();
  llvm::SmallVector<AffineMap> maps(ins.size() + 1, AffineMap::getMultiDimIdentityMap(rank, ctx));
  llvm::SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  linalg::GenericOp::create(b, loc, ins, ValueRange{out}, maps, iterators, body);
}

/// concat: each input into its slab of the output; insert_slice: dest,
/// then source into the strided window; pad: fill, then the input.
LogicalResult CopyKernelEmitter::emit(OpBuilder &b, Location loc, llvm::ArrayRef<Value> kernelIns,
                                      Value out) {
  if (auto scatter = dyn_cast<ScatterOp>(copyOp))
    return emitScatter(b, loc, scatter, kernelIns, out);
  // The op's operands, as kernel inputs (inputs are deduplicated).
  llvm::SmallVector<Value> ins;
  for (Value v : copyOp->getOperands()) {
    auto arg = llvm::dyn_cast<BlockArgument>(v);
    if (!arg)
      return copyOp->emitError("copy kernel operand is not a group input");
    ins.push_back(kernelIns[arg.getArgNumber()]);
  }
  if (auto concat = dyn_cast<ConcatOp>(copyOp)) {
    int64_t dim = concat.getDim();
    if (loops.pointParallel())
      return emitConcatGather(b, loc, dim, ins, out);
    // Each slab starts where the one before ends: a constant while every
    // size so far is static, else computed from a symbolic kernel's sizes.
    OpFoldResult at = b.getIndexAttr(0);
    for (Value in : ins) {
      auto shape = llvm::cast<MemRefType>(in.getType()).getShape();
      llvm::SmallVector<OpFoldResult> offsets(shape.size(), b.getIndexAttr(0)),
          strides(shape.size(), b.getIndexAttr(1));
      llvm::SmallVector<OpFoldResult> sizes = memref::getMixedSizes(b, loc, in);
      offsets[dim] = at;
      at = addFolded(b, loc, at, sizes[dim]);
      if (llvm::is_contained(shape, 0))
        continue; // an empty input writes nothing
      linalg::CopyOp::create(b, loc, in,
                             memref::SubViewOp::create(b, loc, out, offsets, sizes, strides).getResult());
    }
    return success();
  }
  if (auto ins2 = dyn_cast<InsertSliceOp>(copyOp)) {
    // Operands: source, dest. Run in place (the runtime gave the result
    // dest's bytes: gn-stream-bands writes band after band into one
    // buffer), only the window is written.
    copyUnlessSame(b, loc, ins[1], out);
    auto source = llvm::cast<MemRefType>(ins[0].getType());
    if (source.hasStaticShape()) {
      linalg::CopyOp::create(b, loc, ins[0],
                             stridedSubview(b, loc, out, ins2.getStarts(), source.getShape(),
                                            ins2.getSteps()));
      return success();
    }
    // Symbolic dims (gn-set-target takes only windows that span them): the
    // window at the source's run-time sizes.
    llvm::SmallVector<OpFoldResult> offsets, sizes, strides;
    for (auto [start, size, step] :
         llvm::zip(ins2.getStarts(), dimSizes(b, loc, ins[0]), ins2.getSteps())) {
      offsets.push_back(b.getIndexAttr(start));
      sizes.push_back(getAsOpFoldResult(size));
      strides.push_back(b.getIndexAttr(step));
    }
    linalg::CopyOp::create(b, loc, ins[0],
                           memref::SubViewOp::create(b, loc, out, offsets, sizes, strides).getResult());
    return success();
  }
  if (auto pool = dyn_cast<MaxPoolOp>(copyOp))
    return emitMaxPool(b, loc, pool, ins[0], out);
  if (auto select = dyn_cast<IndexSelectOp>(copyOp))
    return emitIndexSelect(b, loc, select, ins[0], ins[1], out);
  if (auto gather = dyn_cast<GatherOp>(copyOp))
    return emitGather(b, loc, gather, ins[0], ins[1], out);
  if (auto arange = dyn_cast<ArangeOp>(copyOp))
    return emitArange(b, loc, arange, out);
  if (auto r = dyn_cast<RandomOp>(copyOp))
    return emitRandom(b, loc, r, out);
  if (isa<TileOp>(copyOp))
    return emitWrappedRead(b, loc, ins[0], out);
  if (auto tri = dyn_cast<TriangularOp>(copyOp))
    return emitTriangular(b, loc, tri, ins[0], out);
  if (auto topK = dyn_cast<TopKOp>(copyOp))
    return emitTopK(b, loc, topK, kernelIns[0], out);
  if (auto cumsum = dyn_cast<CumSumOp>(copyOp))
    return emitPrefixScan(b, loc, cumsum.getDim(), /*product=*/false, /*wide=*/true, ins[0], out);
  if (auto cumprod = dyn_cast<CumProdOp>(copyOp))
    return emitPrefixScan(b, loc, cumprod.getDim(), /*product=*/true,
                          cumprod.getAccumulateF64(), ins[0], out);
  if (auto arg = dyn_cast<ArgMaxOp>(copyOp))
    return emitArgReduce(b, loc, arg, arg.getDim(), arg.getKeepdim(), true, ins[0], out);
  if (auto arg = dyn_cast<ArgMinOp>(copyOp))
    return emitArgReduce(b, loc, arg, arg.getDim(), arg.getKeepdim(), false, ins[0], out);
  if (auto resize = dyn_cast<ResizeOp>(copyOp))
    return resize.getMode().starts_with("nearest")
               ? emitNearestResize(b, loc, resize, ins[0], out)
               : emitWeightedResize(b, loc, resize, ins[0], out);
  if (isa<AvgPoolOp, AdaptiveAvgPoolOp, AdaptiveMaxPoolOp>(copyOp))
    return emitAvgPool(b, loc, ins[0], out);
  if (auto gs = dyn_cast<GridSampleOp>(copyOp))
    return emitGridSample(b, loc, gs, ins[0], ins[1], out);
  if (auto roi = dyn_cast<RoiAlignOp>(copyOp))
    return emitRoiAlign(b, loc, roi, ins[0], ins[1], ins[2], out);
  if (auto nms = dyn_cast<NmsOp>(copyOp))
    return emitNms(b, loc, nms, ins[0], out);
  if (auto nonzero = dyn_cast<NonzeroOp>(copyOp))
    return emitNonzero(b, loc, nonzero, ins[0], out);
  if (auto guard = dyn_cast<SizeGuardOp>(copyOp))
    return emitSizeGuard(b, loc, guard, ins[0], out);
  if (auto check = dyn_cast<CheckOp>(copyOp))
    return emitCheck(b, loc, check, ins[0], ins[1], out);
  if (auto attention = dyn_cast<AttentionOp>(copyOp))
    return emitAttention(b, loc, attention, ins, out);
  if (isa<ConvOp>(copyOp)) // with its epilogue: OutlineKernels' emitPointwiseCopyGroup
    return copyOp->emitError("a depthwise convolution is emitted with its group");
  auto pad = cast<PadOp>(copyOp);
  if (pad.getMode() == "circular")
    return emitWrappedRead(b, loc, ins[0], out);
  if (pad.getMode() != "constant")
    return emitEdgePad(b, loc, pad, ins[0], out);
  Type e = llvm::cast<MemRefType>(out.getType()).getElementType();
  double v = pad.getValue().convertToDouble();
  // (A uint8 fill is made as the signless constant of its bits: carryType.)
  Type c = carryType(e);
  int64_t bits = (int64_t)v;
  if (e.isUnsignedInteger() && e.getIntOrFloatBitWidth() < 64 &&
      bits >= (int64_t(1) << (e.getIntOrFloatBitWidth() - 1)))
    bits -= int64_t(1) << e.getIntOrFloatBitWidth();
  Value fill = fromCarry(
      b, loc,
      llvm::isa<FloatType>(e) ? Value(arith::ConstantOp::create(b, loc, e, b.getFloatAttr(e, v)))
                              : Value(arith::ConstantOp::create(b, loc, c, b.getIntegerAttr(c, bits))),
      e);
  auto shape = llvm::cast<MemRefType>(ins[0].getType()).getShape();
  if (llvm::is_contained(shape, 0)) {
    linalg::FillOp::create(b, loc, fill, out);
    return success();
  }
  if (loops.pointParallel())
    return emitConstantPadGather(b, loc, pad, ins[0], fill, out);
  linalg::FillOp::create(b, loc, fill, out);
  // The input's window at `low`, sized by the input (a symbolic kernel's
  // sizes at run time).
  llvm::SmallVector<OpFoldResult> offsets, strides(shape.size(), b.getIndexAttr(1));
  for (int64_t low : pad.getLow())
    offsets.push_back(b.getIndexAttr(low));
  linalg::CopyOp::create(b, loc, ins[0],
                         memref::SubViewOp::create(b, loc, out, offsets,
                                                   memref::getMixedSizes(b, loc, ins[0]), strides)
                             .getResult());
  return success();
}

/// The external the runtime defines to record an index out of range
/// (kIndexErrorCallback), declared once in the kernel module.
func::FuncOp CopyKernelEmitter::indexErrorCallback(Location loc) {
  if (auto f = kernels.lookupSymbol<func::FuncOp>(kIndexErrorCallback))
    return f;
  OpBuilder mb = OpBuilder::atBlockBegin(kernels.getBody());
  Type i64 = mb.getI64Type();
  auto f = func::FuncOp::create(mb, loc, kIndexErrorCallback, mb.getFunctionType({i64, i64}, {}));
  f.setPrivate();
  return f;
}

func::FuncOp CopyKernelEmitter::shapeGuardCallback(Location loc) {
  if (auto f = kernels.lookupSymbol<func::FuncOp>(kShapeGuardCallback))
    return f;
  OpBuilder mb = OpBuilder::atBlockBegin(kernels.getBody());
  Type i64 = mb.getI64Type();
  auto f = func::FuncOp::create(mb, loc, kShapeGuardCallback,
                                mb.getFunctionType({i64, i64, i64}, {}));
  f.setPrivate();
  return f;
}

Value CopyKernelEmitter::checkedIndex(OpBuilder &b, Location loc, Value raw, int64_t size,
                                      bool wrapNegative) {
  Type i64 = b.getI64Type();
  if (raw.getType() != i64)
    raw = arith::ExtSIOp::create(b, loc, i64, raw);
  return checkedIndex(b, loc, raw, arith::ConstantIntOp::create(b, loc, i64, size), wrapNegative);
}

Value CopyKernelEmitter::checkedIndex(OpBuilder &b, Location loc, Value raw, Value n,
                                      bool wrapNegative) {
  Type i64 = b.getI64Type();
  if (raw.getType() != i64)
    raw = arith::ExtSIOp::create(b, loc, i64, raw);
  Value zero = arith::ConstantIntOp::create(b, loc, i64, 0);
  Value wrapped = raw;
  if (wrapNegative) {
    Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, raw, zero);
    wrapped = arith::SelectOp::create(b, loc, negative, arith::AddIOp::create(b, loc, raw, n),
                                      raw);
  }
  Value inRange = arith::AndIOp::create(
      b, loc, arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge, wrapped, zero),
      arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, wrapped, n));
  func::FuncOp callback = indexErrorCallback(loc);
  Value outOfRange = arith::XOrIOp::create(
      b, loc, inRange, arith::ConstantIntOp::create(b, loc, b.getI1Type(), 1));
  auto check = scf::IfOp::create(b, loc, outOfRange, /*withElseRegion=*/false);
  OpBuilder tb = check.getThenBodyBuilder();
  func::CallOp::create(tb, loc, callback, ValueRange{raw, n});
  Value safe = arith::SelectOp::create(b, loc, inRange, wrapped, zero);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), safe);
}

/// Copies `from` into `out` unless the runtime gave `out` the bytes of
/// `from` (a result written in place over its input).
void CopyKernelEmitter::copyUnlessSame(OpBuilder &b, Location loc, Value from, Value out) {
  Value fromAt = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, from);
  Value outAt = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, out);
  Value elsewhere = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, fromAt, outAt);
  scf::IfOp::create(b, loc, elsewhere, [&](OpBuilder &tb, Location tl) {
    linalg::CopyOp::create(tb, tl, from, out);
    scf::YieldOp::create(tb, tl);
  });
}

/// A scalar computed in f64 stored as the interpreter stores a double:
/// through f32 for f16/bf16 (it rounds twice).
Value CopyKernelEmitter::storedFromF64(OpBuilder &b, Location loc, Value v, Type e) {
  if (e.isF64())
    return v;
  v = arith::TruncFOp::create(b, loc, b.getF32Type(), v);
  return e.isF32() ? v : Value(arith::TruncFOp::create(b, loc, e, v));
}

/// A scalar computed in f64 stored as the interpreter's storeFromDouble
/// stores it: floats as storedFromF64; bools as v != 0; integers as
/// gn.convert makes them (convertFloatToInt: truncated into int64 for int64
/// and uint8, int32 otherwise, NaN and out-of-range values as that type's
/// minimum, then the type's low bits).
Value CopyKernelEmitter::storedAnyFromF64(OpBuilder &b, Location loc, Value v, Type e) {
  if (llvm::isa<FloatType>(e))
    return storedFromF64(b, loc, v, e);
  if (e.isInteger(1)) {
    Value zero = arith::ConstantOp::create(b, loc, v.getType(), b.getF64FloatAttr(0));
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v, zero);
  }
  Value bits = floatToInt(b, loc, v, carryType(e), e.isUnsignedInteger());
  return fromCarry(b, loc, bits, e);
}

/// An element as the interpreter's loadAsDouble reads it: floats
/// extended, i1 as 0 or 1, other integers signed.
Value CopyKernelEmitter::widenToF64(OpBuilder &b, Location loc, Value v) {
  Type e = v.getType(), f64 = b.getF64Type();
  if (e.isF64())
    return v;
  if (llvm::isa<FloatType>(e))
    return arith::ExtFOp::create(b, loc, f64, v);
  if (e.isInteger(1))
    return arith::UIToFPOp::create(b, loc, f64, v);
  if (e.isUnsignedInteger()) // uint8: its bits as the signless carry, read unsigned
    return arith::UIToFPOp::create(b, loc, f64, toCarry(b, loc, v));
  return arith::SIToFPOp::create(b, loc, f64, v);
}

LogicalResult mlir::gn::emitCopyKernel(OpBuilder &b, Location loc, Operation *copyOp,
                                       ModuleOp kernels, llvm::ArrayRef<Value> kernelIns,
                                       Value out, const KernelLoops &loops) {
  return CopyKernelEmitter(copyOp, kernels, loops).emit(b, loc, kernelIns, out);
}
