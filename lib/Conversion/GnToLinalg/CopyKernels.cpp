//===- CopyKernels.cpp - bodies of copy-kind kernels ---------------------===//
//
// See CopyKernels.h. Where the interpreter computes in double and stores a
// double into the element type, the kernel does the same (storedFromF64),
// so results are bit for bit the interpreter's.
//
//===----------------------------------------------------------------------===//
#include "CopyKernels.h"
#include "ScalarOps.h"
#include "gn/Conversion/Passes.h"
#include "gn/IR/GnOps.h"
#include "gn/Support/RandomStream.h"
#include "gn/Transforms/FusionUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include <cmath>
#include <functional>
#include <limits>

using namespace mlir;
using namespace mlir::gn;

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

namespace {

// The attention kernel's shape of work (emitAttention): value columns per
// thread, the threads its first launch aims for (an H100 runs 132 x 2048 at
// once), and the longest query kept in registers.
constexpr int64_t kAttentionGroupColumns = 8;
constexpr int64_t kAttentionThreads = 1 << 16;
constexpr int64_t kAttentionQueryRegisters = 64;

/// Index `i` of a dim of `n` clamped into it, for a load that is kept
/// only where every such index lies inside: `i` where it does (a negative
/// one wraps past n, so one unsigned compare), else 0; the compare is ANDed
/// into `inside` (null: none yet).
Value clampIndex(OpBuilder &b, Location loc, Value i, int64_t n, Value &inside) {
  Value ok = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ult, i,
                                   arith::ConstantIndexOp::create(b, loc, n));
  inside = inside ? Value(arith::AndIOp::create(b, loc, inside, ok)) : ok;
  return arith::SelectOp::create(b, loc, ok, i, arith::ConstantIndexOp::create(b, loc, 0));
}

/// The positions a window op reads at tap `k` of its kernel, for output
/// position base_d = o_d * stride_d in each spatial dim d: base_d + k_d *
/// dilation_d - padding_d, clamped into the input's `extent_d` where
/// `check[d]` (padding, or a window reaching past the end).
llvm::SmallVector<Value> tapPositions(OpBuilder &b, Location loc, llvm::ArrayRef<Value> base,
                                      llvm::ArrayRef<int64_t> k, llvm::ArrayRef<int64_t> dilation,
                                      llvm::ArrayRef<int64_t> padding,
                                      llvm::ArrayRef<int64_t> extent, llvm::ArrayRef<bool> check,
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

class CopyKernelEmitter {
public:
  CopyKernelEmitter(Operation *copyOp, ModuleOp kernels, bool forGpu)
      : ctx(copyOp->getContext()), copyOp(copyOp), kernels(kernels), forGpu(forGpu) {}

  /// A parallel linalg.generic over every element of `out`, reading `ins`
  /// (each of `out`'s shape) at the same position; `body` yields the value.
  void overOutput(OpBuilder &b, Location loc, ValueRange ins, Value out,
                  function_ref<void(OpBuilder &, Location, ValueRange)> body) {
    int64_t rank = llvm::cast<MemRefType>(out.getType()).getRank();
    llvm::SmallVector<AffineMap> maps(ins.size() + 1, AffineMap::getMultiDimIdentityMap(rank, ctx));
    llvm::SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    linalg::GenericOp::create(b, loc, ins, ValueRange{out}, maps, iterators, body);
  }

  /// concat: each input into its slab of the output; insert_slice: dest,
  /// then source into the strided window; pad: fill, then the input.
  LogicalResult emit(OpBuilder &b, Location loc, llvm::ArrayRef<Value> kernelIns, Value out) {
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
    auto outShape = llvm::cast<MemRefType>(out.getType()).getShape();
    llvm::SmallVector<int64_t> ones(outShape.size(), 1), zeros(outShape.size(), 0);
    if (auto concat = dyn_cast<ConcatOp>(copyOp)) {
      int64_t dim = concat.getDim(), at = 0;
      if (forGpu)
        return emitConcatGather(b, loc, dim, ins, out);
      for (Value in : ins) {
        auto shape = llvm::cast<MemRefType>(in.getType()).getShape();
        llvm::SmallVector<int64_t> starts(zeros);
        starts[dim] = at;
        at += shape[dim];
        if (llvm::is_contained(shape, 0))
          continue; // an empty input writes nothing
        linalg::CopyOp::create(b, loc, in, stridedSubview(b, loc, out, starts, shape, ones));
      }
      return success();
    }
    if (auto ins2 = dyn_cast<InsertSliceOp>(copyOp)) {
      // Operands: source, dest. Run in place (the runtime gave the result
      // dest's bytes: gn-stream-bands writes band after band into one
      // buffer), only the window is written.
      copyUnlessSame(b, loc, ins[1], out);
      auto shape = llvm::cast<MemRefType>(ins[0].getType()).getShape();
      linalg::CopyOp::create(b, loc, ins[0],
                             stridedSubview(b, loc, out, ins2.getStarts(), shape, ins2.getSteps()));
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
      return emitCumSum(b, loc, cumsum, ins[0], out);
    if (auto arg = dyn_cast<ArgMaxOp>(copyOp))
      return emitArgReduce(b, loc, arg, arg.getDim(), arg.getKeepdim(), true, ins[0], out);
    if (auto arg = dyn_cast<ArgMinOp>(copyOp))
      return emitArgReduce(b, loc, arg, arg.getDim(), arg.getKeepdim(), false, ins[0], out);
    if (auto resize = dyn_cast<ResizeOp>(copyOp))
      return resize.getMode() == "nearest" ? emitNearestResize(b, loc, resize, ins[0], out)
                                           : emitWeightedResize(b, loc, resize, ins[0], out);
    if (isa<AvgPoolOp, AdaptiveAvgPoolOp, AdaptiveMaxPoolOp>(copyOp))
      return emitAvgPool(b, loc, ins[0], out);
    if (auto gs = dyn_cast<GridSampleOp>(copyOp))
      return emitGridSample(b, loc, gs, ins[0], ins[1], out);
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
    Value fill = llvm::isa<FloatType>(e)
                     ? Value(arith::ConstantOp::create(b, loc, e, b.getFloatAttr(e, v)))
                     : Value(arith::ConstantOp::create(b, loc, e, b.getIntegerAttr(e, (int64_t)v)));
    auto shape = llvm::cast<MemRefType>(ins[0].getType()).getShape();
    if (llvm::is_contained(shape, 0)) {
      linalg::FillOp::create(b, loc, fill, out);
      return success();
    }
    if (forGpu)
      return emitConstantPadGather(b, loc, pad, ins[0], fill, out);
    linalg::FillOp::create(b, loc, fill, out);
    linalg::CopyOp::create(b, loc, ins[0], stridedSubview(b, loc, out, pad.getLow(), shape, ones));
    return success();
  }

  /// The external the runtime defines to record an index out of range
  /// (kIndexErrorCallback), declared once in the kernel module.
  func::FuncOp indexErrorCallback(Location loc) {
    if (auto f = kernels.lookupSymbol<func::FuncOp>(kIndexErrorCallback))
      return f;
    OpBuilder mb = OpBuilder::atBlockBegin(kernels.getBody());
    Type i64 = mb.getI64Type();
    auto f = func::FuncOp::create(mb, loc, kIndexErrorCallback, mb.getFunctionType({i64, i64}, {}));
    f.setPrivate();
    return f;
  }

  /// An index read from a tensor, as the interpreter takes it: negative
  /// counts from the end. Out of range, it is reported to the runtime (which
  /// fails the run with the op's location) and clamped to 0, so the kernel
  /// never reads outside its buffer.
  Value checkedIndex(OpBuilder &b, Location loc, Value raw, int64_t size) {
    Type i64 = b.getI64Type();
    if (raw.getType() != i64)
      raw = arith::ExtSIOp::create(b, loc, i64, raw);
    Value zero = arith::ConstantIntOp::create(b, loc, i64, 0);
    Value n = arith::ConstantIntOp::create(b, loc, i64, size);
    Value negative = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::slt, raw, zero);
    Value wrapped = arith::SelectOp::create(b, loc, negative,
                                            arith::AddIOp::create(b, loc, raw, n), raw);
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

  /// out[pre..., j..., post...] = x[pre..., index[j...], post...]: one
  /// generic over the output reading the index at the j dims.
  LogicalResult emitIndexSelect(OpBuilder &b, Location loc, IndexSelectOp op, Value x,
                                Value index, Value out) {
    auto xType = llvm::cast<MemRefType>(x.getType());
    int64_t dim = op.getDim(), k = llvm::cast<MemRefType>(index.getType()).getRank();
    int64_t rank = llvm::cast<MemRefType>(out.getType()).getRank();
    llvm::SmallVector<AffineExpr> indexExprs;
    for (int64_t j = 0; j < k; ++j)
      indexExprs.push_back(getAffineDimExpr(dim + j, ctx));
    llvm::SmallVector<AffineMap> maps = {AffineMap::get(rank, 0, indexExprs, ctx),
                                         AffineMap::getMultiDimIdentityMap(rank, ctx)};
    llvm::SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
    linalg::GenericOp::create(
        b, loc, ValueRange{index}, ValueRange{out}, maps, iterators,
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          llvm::SmallVector<Value> at;
          for (int64_t d = 0; d < dim; ++d)
            at.push_back(linalg::IndexOp::create(nb, nloc, d));
          at.push_back(checkedIndex(nb, nloc, args[0], xType.getShape()[dim]));
          for (int64_t d = dim + k; d < rank; ++d)
            at.push_back(linalg::IndexOp::create(nb, nloc, d));
          linalg::YieldOp::create(nb, nloc, Value(memref::LoadOp::create(nb, nloc, x, at)));
        });
    return success();
  }

  /// out[p] = x[p with dim replaced by index[p]] (torch.gather).
  LogicalResult emitGather(OpBuilder &b, Location loc, GatherOp op, Value x, Value index,
                           Value out) {
    auto xType = llvm::cast<MemRefType>(x.getType());
    int64_t dim = op.getDim(), rank = xType.getRank();
    overOutput(b, loc, ValueRange{index}, out, [&](OpBuilder &nb, Location nloc, ValueRange args) {
      llvm::SmallVector<Value> at;
      for (int64_t d = 0; d < rank; ++d)
        at.push_back(d == dim ? checkedIndex(nb, nloc, args[0], xType.getShape()[dim])
                              : Value(linalg::IndexOp::create(nb, nloc, d)));
      linalg::YieldOp::create(nb, nloc, Value(memref::LoadOp::create(nb, nloc, x, at)));
    });
    return success();
  }

  /// Copies `from` into `out` unless the runtime gave `out` the bytes of
  /// `from` (a result written in place over its input).
  void copyUnlessSame(OpBuilder &b, Location loc, Value from, Value out) {
    Value fromAt = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, from);
    Value outAt = memref::ExtractAlignedPointerAsIndexOp::create(b, loc, out);
    Value elsewhere = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, fromAt, outAt);
    scf::IfOp::create(b, loc, elsewhere, [&](OpBuilder &tb, Location tl) {
      linalg::CopyOp::create(tb, tl, from, out);
      scf::YieldOp::create(tb, tl);
    });
  }

  /// A scatter operand: its kernel input (a memref), or the scalar of a
  /// splat constant cloned into the group.
  Value scatterOperand(OpBuilder &b, Location loc, Value v, llvm::ArrayRef<Value> kernelIns) {
    if (auto arg = llvm::dyn_cast<BlockArgument>(v))
      return kernelIns[arg.getArgNumber()];
    return carryConstant(b, loc, v.getDefiningOp());
  }

  /// A scalar computed in f64 stored as the interpreter stores a double:
  /// through f32 for f16/bf16 (it rounds twice).
  Value storedFromF64(OpBuilder &b, Location loc, Value v, Type e) {
    if (e.isF64())
      return v;
    v = arith::TruncFOp::create(b, loc, b.getF32Type(), v);
    return e.isF32() ? v : Value(arith::TruncFOp::create(b, loc, e, v));
  }

  /// A scalar computed in f64 stored as the interpreter's storeFromDouble
  /// stores it: floats as storedFromF64; bools as v != 0; signless integers
  /// truncated toward zero and saturated at the type's range, NaN as 0
  /// (saturatingCast).
  Value storedAnyFromF64(OpBuilder &b, Location loc, Value v, Type e) {
    if (llvm::isa<FloatType>(e))
      return storedFromF64(b, loc, v, e);
    Type f64 = b.getF64Type(), i64 = b.getI64Type();
    auto real = [&](double x) {
      return Value(arith::ConstantOp::create(b, loc, f64, b.getF64FloatAttr(x)));
    };
    if (e.isInteger(1))
      return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, v, real(0));
    unsigned w = e.getIntOrFloatBitWidth();
    auto integer = [&](int64_t x) { return Value(arith::ConstantIntOp::create(b, loc, i64, x)); };
    using P = arith::CmpFPredicate;
    double lo = -std::ldexp(1.0, w - 1), hiPlusOne = std::ldexp(1.0, w - 1);
    Value nan = arith::CmpFOp::create(b, loc, P::UNO, v, v);
    Value low = arith::CmpFOp::create(b, loc, P::OLE, v, real(lo));
    Value high = arith::CmpFOp::create(b, loc, P::OGE, v, real(hiPlusOne));
    Value out = arith::OrIOp::create(b, loc, arith::OrIOp::create(b, loc, nan, low), high);
    Value i = arith::FPToSIOp::create(b, loc, i64, arith::SelectOp::create(b, loc, out, real(0), v));
    int64_t min = w == 64 ? std::numeric_limits<int64_t>::min() : -(int64_t(1) << (w - 1));
    int64_t max = w == 64 ? std::numeric_limits<int64_t>::max() : (int64_t(1) << (w - 1)) - 1;
    i = arith::SelectOp::create(b, loc, low, integer(min), i);
    i = arith::SelectOp::create(b, loc, high, integer(max), i);
    return w == 64 ? i : Value(arith::TruncIOp::create(b, loc, e, i));
  }

  /// torch.scatter / scatter_add / scatter_reduce, as the interpreter runs
  /// it: the output starts as the input (a fill when it is a splat; already
  /// there when the result is written over the input), then
  /// every index position in row-major order updates its target, in f64,
  /// rounded to the element type each time. Sequential (along `dim` for the
  /// GPU), so accumulation order (and every rounding) is the interpreter's.
  /// Without include_self, a first pass puts the reduction's identity at
  /// every target.
  /// Most targets x positions of a 1-d scatter that the GPU runs a thread
  /// per target (each scanning all positions); above it, one thread.
  static constexpr int64_t kTargetScanLimit = int64_t(1) << 24;

  LogicalResult emitScatter(OpBuilder &b, Location loc, ScatterOp op,
                            llvm::ArrayRef<Value> kernelIns, Value out) {
    auto outType = llvm::cast<MemRefType>(out.getType());
    Type e = outType.getElementType(), f64 = b.getF64Type();
    Value base = scatterOperand(b, loc, op.getInput(), kernelIns);
    Value src = scatterOperand(b, loc, op.getSource(), kernelIns);
    // The index, or a broadcast of it that the group reads through.
    BroadcastToOp indexView = scatterIndexView(op);
    auto indexArg =
        llvm::dyn_cast<BlockArgument>(indexView ? indexView.getInput() : op.getIndex());
    if (!indexArg)
      return op.emitError("scatter index is not a group input");
    Value index = kernelIns[indexArg.getArgNumber()];
    auto storedIndexShape = llvm::cast<MemRefType>(index.getType()).getShape();
    if (llvm::isa<MemRefType>(base.getType()))
      copyUnlessSame(b, loc, base, out);
    else
      linalg::FillOp::create(b, loc, fromCarry(b, loc, base, e), out);
    StringRef reduce = op.getReduce();
    int64_t dim = op.getDim(), size = outType.getShape()[dim];
    auto indexShape = llvm::cast<RankedTensorType>(op.getIndex().getType()).getShape();
    // Calls body(position, target) for every index position, row-major.
    // For the GPU, positions that differ off `dim` update different targets
    // (target[d] = pos[d] there), so those dims are an scf.parallel (a
    // thread each) and only `dim` is a sequential loop inside: each target
    // still sees its updates in the interpreter's order. (The CPU keeps the
    // row-major nest: rows of the source and output are read in order.)
    auto forEachTarget = [&](llvm::function_ref<void(OpBuilder &, ValueRange, ValueRange)> body) {
      OpBuilder lb = b;
      Value scanFor; // the target a 1-d scatter's thread owns (GPU)
      llvm::SmallVector<Value> pos(indexShape.size());
      Value zero = arith::ConstantIndexOp::create(lb, loc, 0);
      Value one = arith::ConstantIndexOp::create(lb, loc, 1);
      if (!forGpu) {
        auto [nb, ivs] = loopNest(lb, loc, indexShape); // row-major scf.for
        lb = nb;
        llvm::copy(ivs, pos.begin());
      } else {
        llvm::SmallVector<int64_t> parallelShape, parallelDims;
        for (auto [d, n] : llvm::enumerate(indexShape))
          if ((int64_t)d != dim) {
            parallelShape.push_back(n);
            parallelDims.push_back(d);
          }
        // A 1-d scatter: a thread per target, which scans every position in
        // order and applies those that land on it (the interpreter's order
        // for each target, in targets x positions checks).
        bool scan = parallelDims.empty() && size * indexShape[dim] <= kTargetScanLimit;
        if (scan)
          parallelShape.push_back(size);
        auto [nb, ivs] = loopNest(lb, loc, parallelShape); // one scf.parallel
        lb = nb;
        if (scan)
          scanFor = ivs[0];
        else
          for (auto [k, d] : llvm::enumerate(parallelDims))
            pos[d] = ivs[k];
        Value dimUpper = arith::ConstantIndexOp::create(lb, loc, indexShape[dim]);
        auto loop = scf::ForOp::create(lb, loc, zero, dimUpper, one);
        lb.setInsertionPoint(loop.getBody()->getTerminator());
        pos[dim] = loop.getInductionVar();
      }
      // A broadcast index is stored right-aligned, its size-1 dims at 0.
      llvm::SmallVector<Value> storedAt;
      size_t lead = indexShape.size() - storedIndexShape.size();
      for (auto [d, n] : llvm::enumerate(storedIndexShape))
        storedAt.push_back(n == 1 && indexShape[lead + d] != 1 ? zero : pos[lead + d]);
      Value raw = memref::LoadOp::create(lb, loc, index, storedAt);
      llvm::SmallVector<Value> target(pos);
      target[dim] = checkedIndex(lb, loc, raw, size);
      if (scanFor) { // only the positions that land on this thread's target
        auto mine = scf::IfOp::create(
            lb, loc, arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::eq, target[dim], scanFor),
            /*withElseRegion=*/false);
        lb = mine.getThenBodyBuilder();
      }
      body(lb, pos, target);
    };
    auto toF64 = [&](OpBuilder &lb, Value v) { return widenToF64(lb, loc, v); };
    if (reduce == "none") { // overwrite: the source element as it is
      forEachTarget([&](OpBuilder &lb, ValueRange pos, ValueRange target) {
        Value v = llvm::isa<MemRefType>(src.getType())
                      ? Value(memref::LoadOp::create(lb, loc, src, pos))
                      : fromCarry(lb, loc, src, e);
        memref::StoreOp::create(lb, loc, v, out, target);
      });
      return success();
    }
    // A mean counts each target's updates (from 1 with self), then divides
    // where the count is over 1, as the interpreter does.
    Value counts;
    if (reduce == "mean") {
      Type i64 = b.getI64Type();
      counts = memref::AllocOp::create(b, loc, MemRefType::get(outType.getShape(), i64));
      linalg::FillOp::create(
          b, loc, arith::ConstantIntOp::create(b, loc, i64, op.getIncludeSelf() ? 1 : 0).getResult(),
          counts);
    }
    if (!op.getIncludeSelf()) {
      double identity = reduce == "mul" ? 1.0 : reduce == "amax" ? -INFINITY
                        : reduce == "amin" ? INFINITY : 0.0;
      forEachTarget([&](OpBuilder &lb, ValueRange, ValueRange target) {
        // (On integers, the identity saturated: +-inf as the type's bounds.)
        Value v = llvm::isa<FloatType>(e)
                      ? Value(arith::ConstantOp::create(lb, loc, e, lb.getFloatAttr(e, identity)))
                      : storedAnyFromF64(lb, loc,
                                         arith::ConstantOp::create(lb, loc, f64,
                                                                   lb.getF64FloatAttr(identity)),
                                         e);
        memref::StoreOp::create(lb, loc, v, out, target);
      });
    }
    forEachTarget([&](OpBuilder &lb, ValueRange pos, ValueRange target) {
      Value v = llvm::isa<MemRefType>(src.getType())
                    ? toF64(lb, memref::LoadOp::create(lb, loc, src, pos))
                    : toF64(lb, src);
      Value cur = toF64(lb, memref::LoadOp::create(lb, loc, out, target));
      if (counts) {
        Value c = memref::LoadOp::create(lb, loc, counts, target);
        Value one = arith::ConstantIntOp::create(lb, loc, lb.getI64Type(), 1);
        memref::StoreOp::create(lb, loc, arith::AddIOp::create(lb, loc, c, one).getResult(), counts,
                                target);
      }
      if (reduce == "add" || reduce == "mean") {
        v = arith::AddFOp::create(lb, loc, cur, v);
      } else if (reduce == "mul") {
        v = arith::MulFOp::create(lb, loc, cur, v);
      } else {
        // std::max(cur, v) is (cur < v ? v : cur); std::min is (v < cur ? v : cur).
        bool isMax = reduce == "amax";
        Value takeNew = arith::CmpFOp::create(lb, loc, arith::CmpFPredicate::OLT,
                                              isMax ? cur : v, isMax ? v : cur);
        v = arith::SelectOp::create(lb, loc, takeNew, v, cur);
      }
      memref::StoreOp::create(lb, loc, storedAnyFromF64(lb, loc, v, e), out, target);
    });
    if (counts) {
      // out = out / count where count > 1 (f64, stored as the interpreter
      // stores a double).
      int64_t rank = outType.getRank();
      llvm::SmallVector<AffineMap> maps(2, AffineMap::getMultiDimIdentityMap(rank, ctx));
      llvm::SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
      linalg::GenericOp::create(
          b, loc, ValueRange{counts}, ValueRange{out}, maps, iterators,
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            Value c = args[0], o = args[1];
            Value one = arith::ConstantIntOp::create(nb, nloc, nb.getI64Type(), 1);
            Value many = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sgt, c, one);
            Value mean = arith::DivFOp::create(nb, nloc, toF64(nb, o),
                                               arith::SIToFPOp::create(nb, nloc, f64, c));
            linalg::YieldOp::create(
                nb, nloc,
                Value(arith::SelectOp::create(nb, nloc, many, storedAnyFromF64(nb, nloc, mean, e), o)));
          });
      memref::DeallocOp::create(b, loc, counts);
    }
    return success();
  }

  /// tile: out[p] = x[p mod shape]; circular padding: x[(p - low) mod
  /// shape]. One generic over the output that loads the input at
  /// (p + offset) mod n per dim, offset in [0, n). (A roll is a kernel
  /// view: OutlineKernels reads it through a map with the same `mod`.)
  LogicalResult emitWrappedRead(OpBuilder &b, Location loc, Value x, Value out) {
    auto xShape = llvm::cast<MemRefType>(x.getType()).getShape();
    int64_t rank = xShape.size();
    llvm::SmallVector<int64_t> offset(rank, 0);
    // Circular padding reads position p - low, wrapped.
    if (auto pad = dyn_cast<PadOp>(copyOp))
      for (int64_t d = 0; d < rank; ++d)
        offset[d] = xShape[d] ? (((-pad.getLow()[d]) % xShape[d]) + xShape[d]) % xShape[d] : 0;
    auto outShape = llvm::cast<MemRefType>(out.getType()).getShape();
    overOutput(b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
      llvm::SmallVector<Value> at;
      for (int64_t d = 0; d < rank; ++d) {
        Value p = linalg::IndexOp::create(nb, nloc, d);
        if (offset[d] == 0 && outShape[d] == xShape[d]) {
          at.push_back(p); // not tiled or rolled along d
          continue;
        }
        Value n = arith::ConstantIndexOp::create(nb, nloc, xShape[d]);
        if (offset[d])
          p = arith::AddIOp::create(nb, nloc, p,
                                    arith::ConstantIndexOp::create(nb, nloc, offset[d]));
        at.push_back(arith::RemUIOp::create(nb, nloc, p, n));
      }
      linalg::YieldOp::create(nb, nloc, Value(memref::LoadOp::create(nb, nloc, x, at)));
    });
    return success();
  }

  /// A read of x at a position computed per dim from the output's position
  /// (`source(builder, loc, dim, position)`, index values).
  void emitMappedRead(OpBuilder &b, Location loc, Value x, Value out,
                      function_ref<Value(OpBuilder &, Location, int64_t, Value)> source) {
    int64_t rank = llvm::cast<MemRefType>(x.getType()).getRank();
    overOutput(b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
      llvm::SmallVector<Value> at;
      for (int64_t d = 0; d < rank; ++d)
        at.push_back(source(nb, nloc, d, linalg::IndexOp::create(nb, nloc, d)));
      linalg::YieldOp::create(nb, nloc, Value(memref::LoadOp::create(nb, nloc, x, at)));
    });
  }

  /// reflect / replicate padding, as the interpreter indexes it: i = p - low;
  /// outside [0, n), reflect reads -i or 2 (n - 1) - i (the verifier keeps
  /// the padding under n), replicate the edge element.
  LogicalResult emitEdgePad(OpBuilder &b, Location loc, PadOp op, Value x, Value out) {
    auto shape = llvm::cast<MemRefType>(x.getType()).getShape();
    bool reflect = op.getMode() == "reflect";
    emitMappedRead(b, loc, x, out, [&](OpBuilder &nb, Location nloc, int64_t d, Value p) -> Value {
      int64_t low = op.getLow()[d], n = shape[d];
      if (low == 0 && op.getHigh()[d] == 0)
        return p;
      using P = arith::CmpIPredicate;
      auto cst = [&](int64_t v) { return arith::ConstantIndexOp::create(nb, nloc, v); };
      Value i = arith::SubIOp::create(nb, nloc, p, cst(low));
      Value below = arith::CmpIOp::create(nb, nloc, P::slt, i, cst(0));
      Value above = arith::CmpIOp::create(nb, nloc, P::sge, i, cst(n));
      Value under = reflect ? Value(arith::SubIOp::create(nb, nloc, cst(0), i)) : cst(0);
      Value over = reflect ? Value(arith::SubIOp::create(nb, nloc, cst(2 * (n - 1)), i))
                           : cst(n - 1);
      Value inside = arith::SelectOp::create(nb, nloc, above, over, i);
      return arith::SelectOp::create(nb, nloc, below, under, inside);
    });
    return success();
  }

  /// constant padding for the GPU: one launch, a thread per output element
  /// reading x at p - low (clamped into x, so every load is in bounds) and
  /// keeping it where p - low lies inside x in every padded dim, else the
  /// pad value; instead of a fill launch and a copy launch (yolo12n pads
  /// its bands' convolution inputs, 12 pads a forward).
  LogicalResult emitConstantPadGather(OpBuilder &b, Location loc, PadOp op, Value x, Value fill,
                                      Value out) {
    auto shape = llvm::cast<MemRefType>(x.getType()).getShape();
    auto [lb, ivs] = loopNest(b, loc, llvm::cast<MemRefType>(out.getType()).getShape());
    auto cst = [&](int64_t v) { return arith::ConstantIndexOp::create(lb, loc, v); };
    Value inside;
    llvm::SmallVector<Value> at;
    for (auto [d, p] : llvm::enumerate(ivs)) {
      int64_t low = op.getLow()[d];
      if (low == 0 && op.getHigh()[d] == 0) {
        at.push_back(p);
        continue;
      }
      at.push_back(clampIndex(lb, loc, arith::SubIOp::create(lb, loc, p, cst(low)), shape[d], inside));
    }
    Value v = memref::LoadOp::create(lb, loc, x, at);
    if (inside)
      v = arith::SelectOp::create(lb, loc, inside, v, fill);
    memref::StoreOp::create(lb, loc, v, out, ivs);
    return success();
  }

  /// tril / triu of the last two dims: the element where col - row is on
  /// the kept side of `diagonal`, else zero.
  LogicalResult emitTriangular(OpBuilder &b, Location loc, TriangularOp op, Value x, Value out) {
    auto type = llvm::cast<MemRefType>(x.getType());
    int64_t rank = type.getRank();
    Type e = type.getElementType(), i64 = b.getI64Type();
    overOutput(
        b, loc, ValueRange{x}, out, [&](OpBuilder &nb, Location nloc, ValueRange args) {
          auto pos = [&](int64_t d) {
            return arith::IndexCastOp::create(nb, nloc, i64, linalg::IndexOp::create(nb, nloc, d));
          };
          Value diff = arith::SubIOp::create(nb, nloc, pos(rank - 1), pos(rank - 2));
          Value diag = arith::ConstantIntOp::create(nb, nloc, i64, op.getDiagonal());
          Value keep = arith::CmpIOp::create(
              nb, nloc, op.getUpper() ? arith::CmpIPredicate::sge : arith::CmpIPredicate::sle,
              diff, diag);
          Value zero = llvm::isa<FloatType>(e)
                           ? Value(arith::ConstantOp::create(nb, nloc, e, nb.getFloatAttr(e, 0)))
                           : Value(arith::ConstantOp::create(nb, nloc, e, nb.getIntegerAttr(e, 0)));
          linalg::YieldOp::create(nb, nloc,
                                  Value(arith::SelectOp::create(nb, nloc, keep, args[0], zero)));
        });
    return success();
  }

  /// concat for the GPU: one launch, a thread per output element reading
  /// the input whose slab along `dim` holds it (the inputs tried in order),
  /// instead of a launch per input (DenseNet's concatenations of up to 25
  /// inputs were 25 launches each).
  LogicalResult emitConcatGather(OpBuilder &b, Location loc, int64_t dim,
                                 llvm::ArrayRef<Value> ins, Value out) {
    auto outType = llvm::cast<MemRefType>(out.getType());
    llvm::SmallVector<std::pair<Value, int64_t>> parts; // non-empty inputs, slab start
    int64_t at = 0;
    for (Value in : ins) {
      auto shape = llvm::cast<MemRefType>(in.getType()).getShape();
      if (!llvm::is_contained(shape, 0))
        parts.push_back({in, at});
      at += shape[dim];
    }
    if (parts.empty())
      return success();
    auto [lb, ivs] = loopNest(b, loc, outType.getShape());
    Value pos = ivs[dim];
    std::function<Value(OpBuilder &, size_t)> pick = [&](OpBuilder &nb, size_t i) -> Value {
      auto load = [&](OpBuilder &cb) {
        llvm::SmallVector<Value> at(ivs.begin(), ivs.end());
        at[dim] = arith::SubIOp::create(cb, loc, pos,
                                        arith::ConstantIndexOp::create(cb, loc, parts[i].second));
        return Value(memref::LoadOp::create(cb, loc, parts[i].first, at));
      };
      if (i + 1 == parts.size())
        return load(nb);
      Value inside = arith::CmpIOp::create(
          nb, loc, arith::CmpIPredicate::ult, pos,
          arith::ConstantIndexOp::create(nb, loc, parts[i + 1].second));
      auto branch = scf::IfOp::create(nb, loc, TypeRange{outType.getElementType()}, inside,
                                      /*withElseRegion=*/true);
      OpBuilder tb = branch.getThenBodyBuilder();
      scf::YieldOp::create(tb, loc, load(tb));
      OpBuilder eb = branch.getElseBodyBuilder();
      scf::YieldOp::create(eb, loc, pick(eb, i + 1));
      return branch.getResult(0);
    };
    memref::StoreOp::create(lb, loc, pick(lb, 0), out, ivs);
    return success();
  }

  std::pair<OpBuilder, llvm::SmallVector<Value>> loopNest(OpBuilder b, Location loc,
                                                          llvm::ArrayRef<int64_t> shape) {
    return emitPointLoops(b, loc, shape, forGpu);
  }

  /// An element as the interpreter's loadAsDouble reads it: floats
  /// extended, i1 as 0 or 1, other integers signed.
  Value widenToF64(OpBuilder &b, Location loc, Value v) {
    Type e = v.getType(), f64 = b.getF64Type();
    if (e.isF64())
      return v;
    if (llvm::isa<FloatType>(e))
      return arith::ExtFOp::create(b, loc, f64, v);
    if (e.isInteger(1))
      return arith::UIToFPOp::create(b, loc, f64, v);
    return arith::SIToFPOp::create(b, loc, f64, v);
  }

  /// argmax / argmin along dim, as the interpreter's argReduce: each line
  /// scanned in order with its values read as f64; an element replaces the
  /// best one when it is strictly greater (smaller), so ties keep the first,
  /// or when it is NaN, after which the line's answer is that first NaN.
  LogicalResult emitArgReduce(OpBuilder &b, Location loc, Operation *op, int64_t dim, bool keepdim,
                              bool isMax, Value x, Value out) {
    auto type = llvm::cast<MemRefType>(x.getType());
    if (type.getShape()[dim] == 0)
      return op->emitError("arg reduction over an empty dim");
    Type i64 = b.getI64Type();
    llvm::SmallVector<int64_t> lines(type.getShape());
    lines.erase(lines.begin() + dim);
    // A single line still gets a (one-trip) loop around its scan: the scan's
    // result is stored inside a loop, which the GPU mapping makes the launch.
    bool single = lines.empty();
    auto [lb, ivs] = loopNest(b, loc, single ? llvm::ArrayRef<int64_t>{1} : lines);
    if (single)
      ivs.clear();
    Value zero = arith::ConstantIndexOp::create(lb, loc, 0);
    Value one = arith::ConstantIndexOp::create(lb, loc, 1);
    Value len = arith::ConstantIndexOp::create(lb, loc, type.getShape()[dim]);
    auto readAt = [&](OpBuilder &nb, Location nloc, Value k) {
      llvm::SmallVector<Value> at(ivs);
      at.insert(at.begin() + dim, k);
      return widenToF64(nb, nloc, memref::LoadOp::create(nb, nloc, x, at));
    };
    Value first = readAt(lb, loc, zero);
    Value firstIndex = arith::ConstantIntOp::create(lb, loc, i64, 0);
    auto loop = scf::ForOp::create(
        lb, loc, one, len, one, ValueRange{first, firstIndex},
        [&](OpBuilder &nb, Location nloc, Value k, ValueRange best) {
          using P = arith::CmpFPredicate;
          Value v = readAt(nb, nloc, k);
          Value beats = arith::CmpFOp::create(nb, nloc, isMax ? P::OGT : P::OLT, v, best[0]);
          Value vNan = arith::CmpFOp::create(nb, nloc, P::UNO, v, v);
          Value bestNan = arith::CmpFOp::create(nb, nloc, P::UNO, best[0], best[0]);
          Value either = arith::OrIOp::create(nb, nloc, beats, vNan);
          Value yes = arith::ConstantIntOp::create(nb, nloc, nb.getI1Type(), 1);
          Value bestNumber = arith::XOrIOp::create(nb, nloc, bestNan, yes);
          Value take = arith::AndIOp::create(nb, nloc, either, bestNumber);
          Value index = arith::IndexCastOp::create(nb, nloc, i64, k);
          scf::YieldOp::create(nb, nloc,
                               ValueRange{arith::SelectOp::create(nb, nloc, take, v, best[0]),
                                          arith::SelectOp::create(nb, nloc, take, index, best[1])});
        });
    llvm::SmallVector<Value> at(ivs);
    if (keepdim)
      at.insert(at.begin() + dim, zero);
    memref::StoreOp::create(lb, loc, loop.getResult(1), out, at);
    return success();
  }

  /// The indices of the k largest (smallest) elements along dim, in order,
  /// by ranking: a thread per input element counts the elements of its line
  /// that come before it (read as f64; NaN above every number; ties by the
  /// lower index: the interpreter's full sort, and PyTorch's CUDA top-k; a
  /// partial top-k on the CPU chooses among ties as the frameworks' CPU
  /// kernels do, see gn.top_k) and, if that rank is below k,
  /// stores its index there. The order is total, so each output is written
  /// once. O(n) per element: for a target with many threads and no sort
  /// library call (the CUDA pipeline's rank-kernels).
  LogicalResult emitTopK(OpBuilder &b, Location loc, TopKOp op, Value x, Value out) {
    auto type = llvm::cast<MemRefType>(x.getType());
    int64_t dim = op.getDim(), k = op.getK();
    bool largest = op.getLargest();
    Type i64 = b.getI64Type();
    auto [lb, ivs] = loopNest(b, loc, type.getShape());
    Value zero = arith::ConstantIndexOp::create(lb, loc, 0);
    Value one = arith::ConstantIndexOp::create(lb, loc, 1);
    Value len = arith::ConstantIndexOp::create(lb, loc, type.getShape()[dim]);
    Value self = ivs[dim];
    Value v = widenToF64(lb, loc, memref::LoadOp::create(lb, loc, x, ivs));
    using P = arith::CmpFPredicate;
    Value vNan = arith::CmpFOp::create(lb, loc, P::UNO, v, v);
    auto rank = scf::ForOp::create(
        lb, loc, zero, len, one, ValueRange{zero},
        [&](OpBuilder &nb, Location nloc, Value r, ValueRange count) {
          llvm::SmallVector<Value> at(ivs);
          at[dim] = r;
          Value u = widenToF64(nb, nloc, memref::LoadOp::create(nb, nloc, x, at));
          Value uNan = arith::CmpFOp::create(nb, nloc, P::UNO, u, u);
          // u before v: a NaN before a number (largest) or after it.
          Value nanFirst = largest ? uNan : vNan, nanLast = largest ? vNan : uNan;
          Value notLast = arith::XOrIOp::create(
              nb, nloc, nanLast, arith::ConstantIntOp::create(nb, nloc, nb.getI1Type(), 1));
          Value byNan = arith::AndIOp::create(nb, nloc, nanFirst, notLast);
          Value byValue = arith::CmpFOp::create(nb, nloc, largest ? P::OGT : P::OLT, u, v);
          Value same = arith::OrIOp::create(
              nb, nloc, arith::AndIOp::create(nb, nloc, uNan, vNan),
              arith::CmpFOp::create(nb, nloc, P::OEQ, u, v));
          Value lower = arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::ult, r, self);
          Value before = arith::OrIOp::create(
              nb, nloc, arith::OrIOp::create(nb, nloc, byNan, byValue),
              arith::AndIOp::create(nb, nloc, same, lower));
          Value add = arith::SelectOp::create(nb, nloc, before, one, zero);
          scf::YieldOp::create(nb, nloc, ValueRange{arith::AddIOp::create(nb, nloc, count[0], add)});
        });
    Value at = rank.getResult(0);
    Value kept = arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::ult, at,
                                       arith::ConstantIndexOp::create(lb, loc, k));
    auto ifKept = scf::IfOp::create(lb, loc, kept, /*withElseRegion=*/false);
    OpBuilder tb = ifKept.getThenBodyBuilder();
    llvm::SmallVector<Value> dst(ivs);
    dst[dim] = at;
    memref::StoreOp::create(tb, loc, arith::IndexCastOp::create(tb, loc, i64, self), out, dst);
    return success();
  }

  /// Inclusive prefix sum along dim, as the interpreter computes it: a
  /// running f64 sum over each line, every prefix stored as it stores a
  /// double (storedAnyFromF64).
  LogicalResult emitCumSum(OpBuilder &b, Location loc, CumSumOp op, Value x, Value out) {
    auto type = llvm::cast<MemRefType>(x.getType());
    Type e = type.getElementType(), f64 = b.getF64Type();
    int64_t dim = op.getDim();
    llvm::SmallVector<int64_t> lines(type.getShape());
    lines.erase(lines.begin() + dim);
    auto [lb, ivs] = loopNest(b, loc, lines);
    Value zero = arith::ConstantIndexOp::create(lb, loc, 0);
    Value one = arith::ConstantIndexOp::create(lb, loc, 1);
    Value len = arith::ConstantIndexOp::create(lb, loc, type.getShape()[dim]);
    Value init = arith::ConstantOp::create(lb, loc, f64, lb.getF64FloatAttr(0));
    auto loop = scf::ForOp::create(
        lb, loc, zero, len, one, ValueRange{init},
        [&](OpBuilder &nb, Location nloc, Value k, ValueRange sum) {
          llvm::SmallVector<Value> at(ivs);
          at.insert(at.begin() + dim, k);
          Value wide = widenToF64(nb, nloc, memref::LoadOp::create(nb, nloc, x, at));
          Value s = arith::AddFOp::create(nb, nloc, sum[0], wide);
          memref::StoreOp::create(nb, nloc, storedAnyFromF64(nb, nloc, s, e), out, at);
          scf::YieldOp::create(nb, nloc, s);
        });
    (void)loop;
    return success();
  }

  /// Linear (bilinear, trilinear) and bicubic resize as the interpreter
  /// computes them: per spatial dim the source coordinate s (align_corners:
  /// o * (in - 1) / (out - 1); else (o + 0.5) * step - 0.5, clamped at 0 for
  /// linear, step being gn.resize's inputStep: in / out or 1 / scale factor),
  /// i0 = floor(s), frac = s - i0, and the first tap min(i0, in - 1)
  /// (linear) or i0 - 1 (bicubic); then over the 2^d (4^d) taps in row-major
  /// order, weight = product of (frac or 1 - frac) or of the cubic
  /// convolution weights (A = -0.75, PyTorch's), index clamped into the
  /// input, and a tap of weight 0 skipped (so an inf or NaN there does not
  /// leak in); all in f64.
  LogicalResult emitWeightedResize(OpBuilder &b, Location loc, ResizeOp op, Value x, Value out) {
    auto xShape = llvm::cast<MemRefType>(x.getType()).getShape();
    auto outShape = llvm::cast<MemRefType>(out.getType()).getShape();
    Type e = llvm::cast<MemRefType>(x.getType()).getElementType();
    int64_t rank = xShape.size(), sp = rank - 2;
    bool alignCorners = op.getAlignCorners();
    bool cubic = op.getMode() == "bicubic";
    int64_t taps = cubic ? 4 : 2;
    Type f64 = b.getF64Type(), i64 = b.getI64Type();
    overOutput(
        b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
          auto f = [&](double v) {
            return arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(v));
          };
          auto mul = [&](Value a, Value c) { return arith::MulFOp::create(nb, nloc, a, c); };
          auto add = [&](Value a, Value c) { return arith::AddFOp::create(nb, nloc, a, c); };
          auto sub = [&](Value a, Value c) { return arith::SubFOp::create(nb, nloc, a, c); };
          // The interpreter's cubicWeight, operation for operation.
          const double A = -0.75;
          auto c1 = [&](Value x) { // ((A + 2) x - (A + 3)) x x + 1
            return add(mul(mul(sub(mul(f(A + 2), x), f(A + 3)), x), x), f(1));
          };
          auto c2 = [&](Value x) { // ((A x - 5A) x + 8A) x - 4A
            return sub(mul(add(mul(sub(mul(f(A), x), f(5 * A)), x), f(8 * A)), x), f(4 * A));
          };
          auto weight = [&](Value t, int64_t k) -> Value {
            if (!cubic)
              return k ? t : Value(sub(f(1), t));
            switch (k) {
            case 0: return c2(add(t, f(1)));
            case 1: return c1(t);
            case 2: return c1(sub(f(1), t));
            default: return c2(sub(f(2), t));
            }
          };
          auto n = [&](int64_t v) { return arith::ConstantIntOp::create(nb, nloc, i64, v); };
          llvm::SmallVector<Value> lead, base, frac;
          for (int64_t d = 0; d < 2; ++d)
            lead.push_back(linalg::IndexOp::create(nb, nloc, d));
          for (int64_t d = 0; d < sp; ++d) {
            int64_t in = xShape[2 + d], o = outShape[2 + d];
            Value pos = arith::SIToFPOp::create(
                nb, nloc, f64,
                arith::IndexCastOp::create(nb, nloc, i64, linalg::IndexOp::create(nb, nloc, 2 + d)));
            Value src;
            if (alignCorners) {
              // double(o) * (in - 1) / (out - 1), or 0 for one output.
              src = o > 1 ? Value(arith::DivFOp::create(
                                nb, nloc, arith::MulFOp::create(nb, nloc, pos, f(double(in - 1))),
                                f(double(o - 1))))
                          : Value(f(0));
            } else {
              Value scaled = arith::MulFOp::create(
                  nb, nloc, arith::AddFOp::create(nb, nloc, pos, f(0.5)), f(op.inputStep(d)));
              src = arith::SubFOp::create(nb, nloc, scaled, f(0.5));
              if (!cubic) {
                Value negative =
                    arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OLT, src, f(0));
                src = arith::SelectOp::create(nb, nloc, negative, f(0), src);
              }
            }
            Value floor = math::FloorOp::create(nb, nloc, src);
            Value i0 = arith::FPToSIOp::create(nb, nloc, i64, floor);
            base.push_back(cubic ? Value(arith::SubIOp::create(nb, nloc, i0, n(1)))
                                 : Value(arith::MinSIOp::create(nb, nloc, i0, n(in - 1))));
            frac.push_back(arith::SubFOp::create(nb, nloc, src, arith::SIToFPOp::create(nb, nloc, f64, i0)));
          }
          Value sum = f(0);
          int64_t count = 1;
          for (int64_t d = 0; d < sp; ++d)
            count *= taps;
          for (int64_t tap = 0; tap < count; ++tap) {
            Value w = f(1);
            llvm::SmallVector<Value> at(lead);
            for (int64_t d = 0, rest = tap, stride = count / taps; d < sp;
                 ++d, rest %= stride, stride /= taps) {
              int64_t k = rest / stride; // row-major: last dim fastest
              w = arith::MulFOp::create(nb, nloc, w, weight(frac[d], k));
              Value i = k ? Value(arith::AddIOp::create(nb, nloc, base[d], n(k))) : base[d];
              i = arith::MinSIOp::create(nb, nloc, arith::MaxSIOp::create(nb, nloc, i, n(0)),
                                         n(xShape[2 + d] - 1));
              at.push_back(arith::IndexCastOp::create(nb, nloc, nb.getIndexType(), i));
            }
            Value v = memref::LoadOp::create(nb, nloc, x, at);
            if (!e.isF64())
              v = arith::ExtFOp::create(nb, nloc, f64, v);
            Value added = arith::AddFOp::create(nb, nloc, sum, arith::MulFOp::create(nb, nloc, w, v));
            Value nonzero = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::UNE, w, f(0));
            sum = arith::SelectOp::create(nb, nloc, nonzero, added, sum);
          }
          linalg::YieldOp::create(nb, nloc, storedFromF64(nb, nloc, sum, e));
        });
    return success();
  }

  /// F.grid_sample on NCHW as the interpreter runs it, in f64: each output
  /// [b, c, i, j] unnormalizes its grid point (x, y) = grid[b, i, j], clamped
  /// to the border or to [-2, size + 1] (a point that is not finite reads
  /// 0), then reads the nearest pixel (round half to even) or the four
  /// bilinear taps, summed in the interpreter's order; taps outside read 0.
  LogicalResult emitGridSample(OpBuilder &b, Location loc, GridSampleOp op, Value x, Value grid,
                               Value out) {
    auto xShape = llvm::cast<MemRefType>(x.getType()).getShape();
    Type e = llvm::cast<MemRefType>(out.getType()).getElementType();
    Type f64 = b.getF64Type(), i64 = b.getI64Type();
    int64_t h = xShape[2], w = xShape[3];
    bool ac = op.getAlignCorners(), border = op.getPaddingMode() == "border";
    bool nearest = op.getMode() == "nearest";
    overOutput(b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
      auto f = [&](double v) { return arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(v)); };
      auto n = [&](int64_t v) { return arith::ConstantIntOp::create(nb, nloc, i64, v); };
      auto asF64 = [&](Value v) {
        return v.getType() == f64 ? v : Value(arith::ExtFOp::create(nb, nloc, f64, v));
      };
      // std::clamp(v, lo, hi): v < lo ? lo : (hi < v ? hi : v).
      auto clamp = [&](Value v, double lo, double hi) {
        Value above = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OLT, f(hi), v);
        Value upper = arith::SelectOp::create(nb, nloc, above, f(hi), v);
        Value below = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OLT, v, f(lo));
        return Value(arith::SelectOp::create(nb, nloc, below, f(lo), upper));
      };
      Value bi = linalg::IndexOp::create(nb, nloc, 0), ci = linalg::IndexOp::create(nb, nloc, 1);
      Value oi = linalg::IndexOp::create(nb, nloc, 2), oj = linalg::IndexOp::create(nb, nloc, 3);
      auto coordinate = [&](int64_t k, int64_t size) {
        Value g = asF64(memref::LoadOp::create(
            nb, nloc, grid, ValueRange{bi, oi, oj, arith::ConstantIndexOp::create(nb, nloc, k)}));
        Value plus1 = arith::AddFOp::create(nb, nloc, g, f(1));
        Value p = ac ? Value(arith::MulFOp::create(nb, nloc, arith::DivFOp::create(nb, nloc, plus1, f(2)),
                                                   f(double(size - 1))))
                     : Value(arith::DivFOp::create(
                           nb, nloc,
                           arith::SubFOp::create(nb, nloc,
                                                 arith::MulFOp::create(nb, nloc, plus1, f(double(size))),
                                                 f(1)),
                           f(2)));
        return border ? clamp(p, 0, double(size - 1)) : p;
      };
      Value ix = coordinate(0, w), iy = coordinate(1, h);
      auto isFinite = [&](Value v) {
        Value mag = math::AbsFOp::create(nb, nloc, v);
        return Value(arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::ONE, mag, f(INFINITY)));
      };
      Value finite = arith::AndIOp::create(nb, nloc, isFinite(ix), isFinite(iy));
      ix = arith::SelectOp::create(nb, nloc, finite, clamp(ix, -2, double(w) + 1), f(0));
      iy = arith::SelectOp::create(nb, nloc, finite, clamp(iy, -2, double(h) + 1), f(0));
      // x[b, c, yy, xx], or 0 outside the image.
      auto at = [&](Value yy, Value xx) {
        Value inside = arith::AndIOp::create(
            nb, nloc,
            arith::AndIOp::create(nb, nloc,
                                  arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sge, yy, n(0)),
                                  arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::slt, yy, n(h))),
            arith::AndIOp::create(nb, nloc,
                                  arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sge, xx, n(0)),
                                  arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::slt, xx, n(w))));
        auto index = [&](Value v, int64_t size) {
          Value c = arith::MinSIOp::create(nb, nloc, arith::MaxSIOp::create(nb, nloc, v, n(0)),
                                           n(size - 1));
          return Value(arith::IndexCastOp::create(nb, nloc, nb.getIndexType(), c));
        };
        Value v = asF64(memref::LoadOp::create(nb, nloc, x,
                                               ValueRange{bi, ci, index(yy, h), index(xx, w)}));
        return Value(arith::SelectOp::create(nb, nloc, inside, v, f(0)));
      };
      Value v;
      if (nearest) {
        auto round = [&](Value c) {
          return Value(arith::FPToSIOp::create(nb, nloc, i64, math::RoundEvenOp::create(nb, nloc, c)));
        };
        v = at(round(iy), round(ix));
      } else {
        Value fx0 = math::FloorOp::create(nb, nloc, ix), fy0 = math::FloorOp::create(nb, nloc, iy);
        Value x0 = arith::FPToSIOp::create(nb, nloc, i64, fx0);
        Value y0 = arith::FPToSIOp::create(nb, nloc, i64, fy0);
        Value x1 = arith::AddIOp::create(nb, nloc, x0, n(1));
        Value y1 = arith::AddIOp::create(nb, nloc, y0, n(1));
        Value fx = arith::SubFOp::create(nb, nloc, ix, arith::SIToFPOp::create(nb, nloc, f64, x0));
        Value fy = arith::SubFOp::create(nb, nloc, iy, arith::SIToFPOp::create(nb, nloc, f64, y0));
        Value gx = arith::SubFOp::create(nb, nloc, f(1), fx);
        Value gy = arith::SubFOp::create(nb, nloc, f(1), fy);
        auto term = [&](Value tap, Value wx, Value wy) {
          return Value(arith::MulFOp::create(nb, nloc, arith::MulFOp::create(nb, nloc, tap, wx), wy));
        };
        v = term(at(y0, x0), gx, gy);
        v = arith::AddFOp::create(nb, nloc, v, term(at(y0, x1), fx, gy));
        v = arith::AddFOp::create(nb, nloc, v, term(at(y1, x0), gx, fy));
        v = arith::AddFOp::create(nb, nloc, v, term(at(y1, x1), fx, fy));
      }
      v = arith::SelectOp::create(nb, nloc, finite, v, f(0));
      linalg::YieldOp::create(nb, nloc, storedFromF64(nb, nloc, v, e));
    });
    return success();
  }

  /// gn.attention (fitsAttentionKernel) in the interpreter's compute type
  /// (f64 for f64, else f32), without the score matrix, in two loop nests
  /// (two launches on a GPU, a thread per point):
  ///  1. per (key chunk, group of up to 8 value columns, query row): the
  ///     row's scores s_j = (q_i . k_j) * scale, masked (a bool mask keeps
  ///     where true, else -inf; a float mask is added), over the chunk's
  ///     keys, run twice: for their max m, then for l = sum_j e^(s_j - m)
  ///     and acc_c = sum_j e^(s_j - m) v_jc for the group's columns c;
  ///     (m, l, acc) go to a workspace of (Ev + 2) numbers per chunk and row
  ///     (m and l from the first group: every group computes the same). The
  ///     groups and the chunks are there for parallelism: a GPU thread's
  ///     time is its chunk's keys times (2 E + its columns), and a few
  ///     thousand threads leave an H100 mostly idle (yolo12n's attention
  ///     took 0.42 ms with 2 chunks and all 32 columns a thread). Chunks
  ///     are added up to about kAttentionThreads threads, while the
  ///     workspace stays within an eighth of the score matrix's bytes (a
  ///     chunk of 64 and of 8 (Ev + 2) keys or more);
  ///  2. per output element [batch..., i, c]: M = max of the chunks' m, and
  ///     out = sum acc_c e^(m - M) / sum l e^(m - M).
  /// With one chunk (every S up to 8 (Ev + 2) keys: S <= 528 for Ev = 64,
  /// the short sequences of most of the list) there is no workspace and
  /// no second nest: the first stores out = acc_c / l itself, one launch.
  /// Causal rows see keys j <= i; a chunk that sees none contributes 0, a
  /// row that sees none is NaN, as in the interpreter. Batch dims of q, k, v
  /// broadcast from 1 or repeat (grouped-query heads) as there; the mask
  /// broadcasts to the scores [batch..., L, S].
  LogicalResult emitAttention(OpBuilder &b, Location loc, AttentionOp op,
                              llvm::ArrayRef<Value> ins, Value out) {
    auto shapeOf = [](Value m) { return llvm::cast<MemRefType>(m.getType()).getShape(); };
    llvm::ArrayRef<int64_t> outShape = shapeOf(out), kShape = shapeOf(ins[1]);
    int64_t r = outShape.size();
    bool seqFirst = op.getSeqFirst(), causal = op.getIsCausal();
    int64_t seqDim = seqFirst ? r - 3 : r - 2;
    int64_t e = shapeOf(ins[0])[r - 1], s = kShape[seqDim], ev = outShape[r - 1];
    Type ct = llvm::cast<MemRefType>(ins[0].getType()).getElementType().isF64()
                  ? Type(b.getF64Type())
                  : Type(b.getF32Type());
    Type outElement = llvm::cast<MemRefType>(out.getType()).getElementType();
    double scale = op.getScale() ? op.getScale()->convertToDouble() : 1.0 / std::sqrt(double(e));
    Value mask = ins.size() > 3 ? ins[3] : Value();
    llvm::SmallVector<int64_t> rowShape(outShape.drop_back()); // [..., L(, H)]
    int64_t rows = 1;
    for (int64_t n : rowShape)
      rows *= n;
    int64_t groupColumns = std::min<int64_t>(kAttentionGroupColumns, ev);
    int64_t groups = llvm::divideCeil(ev, groupColumns);
    // Workspace rows * chunks * (Ev + 2) about rows * S / 8 at most (a
    // quarter took apple_mobilevit-xx-small's estimated peak from 1.49x to
    // 1.55x its weights, inputs and outputs).
    int64_t maxChunks = llvm::divideCeil(s, std::max<int64_t>(64, 8 * (ev + 2)));
    int64_t wantedChunks = llvm::divideCeil(kAttentionThreads, rows * groups);
    int64_t chunks = std::clamp<int64_t>(wantedChunks, 1, maxChunks);
    int64_t chunkKeys = llvm::divideCeil(s, chunks);
    chunks = llvm::divideCeil(s, chunkKeys);
    // The batch dims of a [..., L, E] (seq_first: [..., L, H, E]) shape.
    auto batchSizes = [&](llvm::ArrayRef<int64_t> shape) {
      llvm::SmallVector<int64_t> sizes(shape.take_front(seqDim));
      if (seqFirst)
        sizes.push_back(shape[r - 2]);
      return sizes;
    };
    llvm::SmallVector<int64_t> batch = batchSizes(outShape);
    auto index = [&](OpBuilder &nb, int64_t v) { return arith::ConstantIndexOp::create(nb, loc, v); };
    auto real = [&](OpBuilder &nb, double v) {
      return Value(arith::ConstantOp::create(nb, loc, ct, nb.getFloatAttr(ct, v)));
    };
    auto toCompute = [&](OpBuilder &nb, Value v) {
      if (v.getType() == ct)
        return v;
      return ct.getIntOrFloatBitWidth() > v.getType().getIntOrFloatBitWidth()
                 ? Value(arith::ExtFOp::create(nb, loc, ct, v))
                 : Value(arith::TruncFOp::create(nb, loc, ct, v));
    };
    using P = arith::CmpFPredicate;
    // (m, l, acc_0..acc_{Ev-1}) of each chunk and row; none with one chunk,
    // whose partials are already the output.
    bool oneChunk = chunks == 1;
    llvm::SmallVector<int64_t> wsShape{chunks};
    wsShape.append(rowShape.begin(), rowShape.end());
    wsShape.push_back(ev + 2);
    Value ws = oneChunk ? Value() : memref::AllocOp::create(b, loc, MemRefType::get(wsShape, ct));
    auto wsAt = [&](OpBuilder &nb, Value chunk, ValueRange rowIvs, int64_t k) {
      llvm::SmallVector<Value> at{chunk};
      at.append(rowIvs.begin(), rowIvs.end());
      at.push_back(index(nb, k));
      return at;
    };

    // 1. Chunk partials. Chunks and column groups outermost: a warp's
    // threads are rows of one chunk and group, reading the same keys and
    // value columns.
    {
      llvm::SmallVector<int64_t> nest{chunks, groups};
      nest.append(rowShape.begin(), rowShape.end());
      auto [lb, ivs] = loopNest(b, loc, nest);
      Value chunk = ivs[0], group = ivs[1];
      llvm::SmallVector<Value> rowIvs(ivs.begin() + 2, ivs.end());
      llvm::SmallVector<Value> batchIvs(rowIvs.begin(), rowIvs.begin() + seqDim);
      if (seqFirst)
        batchIvs.push_back(rowIvs[r - 2]);
      Value row = rowIvs[seqDim];
      // Element (seqPos, last) of t for this point's batch position.
      auto load = [&](OpBuilder &nb, Value t, Value seqPos, Value last) {
        llvm::SmallVector<int64_t> sizes = batchSizes(shapeOf(t));
        llvm::SmallVector<Value> at;
        for (auto [d, n] : llvm::enumerate(sizes))
          at.push_back(n == batch[d] ? batchIvs[d]
                       : n == 1      ? index(nb, 0)
                                     : Value(arith::DivUIOp::create(nb, loc, batchIvs[d],
                                                                    index(nb, batch[d] / n))));
        Value heads = seqFirst ? at.pop_back_val() : Value();
        at.push_back(seqPos);
        if (seqFirst)
          at.push_back(heads);
        at.push_back(last);
        return toCompute(nb, memref::LoadOp::create(nb, loc, t, at));
      };
      // The row's query, read once into registers when it is short (the
      // same sums in the same order as the loop below).
      llvm::SmallVector<Value> query;
      if (e <= kAttentionQueryRegisters)
        for (int64_t k = 0; k < e; ++k)
          query.push_back(load(lb, ins[0], row, index(lb, k)));
      // Score j of this point's row, scaled and masked.
      auto score = [&](OpBuilder &nb, Value j) {
        Value dot;
        if (!query.empty()) {
          dot = real(nb, 0);
          for (int64_t k = 0; k < e; ++k)
            dot = arith::AddFOp::create(
                nb, loc, dot, arith::MulFOp::create(nb, loc, query[k], load(nb, ins[1], j, index(nb, k))));
        } else {
          dot = scf::ForOp::create(
                    nb, loc, index(nb, 0), index(nb, e), index(nb, 1), ValueRange{real(nb, 0)},
                    [&](OpBuilder &db, Location, Value k, ValueRange acc) {
                      Value p = arith::MulFOp::create(db, loc, load(db, ins[0], row, k),
                                                      load(db, ins[1], j, k));
                      scf::YieldOp::create(db, loc, Value(arith::AddFOp::create(db, loc, acc[0], p)));
                    })
                    .getResult(0);
        }
        Value v = arith::MulFOp::create(nb, loc, dot, real(nb, scale));
        if (!mask)
          return v;
        // The mask right-aligned against the scores [batch..., L, S].
        llvm::SmallVector<Value> scoreIvs(batchIvs);
        scoreIvs.push_back(row);
        scoreIvs.push_back(j);
        llvm::ArrayRef<int64_t> maskShape = shapeOf(mask);
        llvm::SmallVector<Value> at;
        size_t lead = scoreIvs.size() - maskShape.size();
        for (auto [d, n] : llvm::enumerate(maskShape))
          at.push_back(n == 1 ? index(nb, 0) : scoreIvs[lead + d]);
        Value m = memref::LoadOp::create(nb, loc, mask, at);
        if (m.getType().isInteger(1))
          return Value(arith::SelectOp::create(nb, loc, m, v, real(nb, -INFINITY)));
        return Value(arith::AddFOp::create(nb, loc, v, toCompute(nb, m)));
      };
      // Keys [lo, hi) of the chunk that the row sees.
      Value lo = arith::MulIOp::create(lb, loc, chunk, index(lb, chunkKeys));
      Value hi = arith::MinUIOp::create(lb, loc, arith::AddIOp::create(lb, loc, lo, index(lb, chunkKeys)),
                                        index(lb, s));
      if (causal)
        hi = arith::MinUIOp::create(lb, loc, hi, arith::AddIOp::create(lb, loc, row, index(lb, 1)));
      auto maxLoop = scf::ForOp::create(
          lb, loc, lo, hi, index(lb, 1), ValueRange{real(lb, -INFINITY)},
          [&](OpBuilder &nb, Location, Value j, ValueRange m) {
            Value v = score(nb, j);
            Value less = arith::CmpFOp::create(nb, loc, P::OLT, m[0], v);
            scf::YieldOp::create(nb, loc, Value(arith::SelectOp::create(nb, loc, less, v, m[0])));
          });
      Value max = maxLoop.getResult(0);
      // The group's columns; the last group's past Ev read column Ev - 1
      // and are not stored.
      Value first = arith::MulIOp::create(lb, loc, group, index(lb, groupColumns));
      llvm::SmallVector<Value> columns;
      for (int64_t c = 0; c < groupColumns; ++c)
        columns.push_back(arith::MinUIOp::create(
            lb, loc, arith::AddIOp::create(lb, loc, first, index(lb, c)), index(lb, ev - 1)));
      llvm::SmallVector<Value> zeros(groupColumns + 1, real(lb, 0));
      auto sumLoop = scf::ForOp::create(
          lb, loc, lo, hi, index(lb, 1), zeros,
          [&](OpBuilder &nb, Location, Value j, ValueRange acc) {
            Value p =
                math::ExpOp::create(nb, loc, arith::SubFOp::create(nb, loc, score(nb, j), max));
            llvm::SmallVector<Value> next{arith::AddFOp::create(nb, loc, acc[0], p)};
            for (int64_t c = 0; c < groupColumns; ++c) {
              Value weighted = arith::MulFOp::create(nb, loc, p, load(nb, ins[2], j, columns[c]));
              next.push_back(arith::AddFOp::create(nb, loc, acc[c + 1], weighted));
            }
            scf::YieldOp::create(nb, loc, next);
          });
      Value none = arith::CmpFOp::create(lb, loc, P::OEQ, max, real(lb, -INFINITY));
      // The group's column c of the output (or of the workspace, past m and
      // l), stored only inside Ev.
      auto storeColumn = [&](int64_t c, Value v, Value target, llvm::SmallVector<Value> at) {
        Value column = arith::AddIOp::create(lb, loc, first, index(lb, c));
        at.push_back(target == ws ? Value(arith::AddIOp::create(lb, loc, column, index(lb, 2)))
                                  : column);
        if (ev % groupColumns == 0) {
          memref::StoreOp::create(lb, loc, v, target, at);
          return;
        }
        auto inside = scf::IfOp::create(
            lb, loc, arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::ult, column, index(lb, ev)),
            /*withElseRegion=*/false);
        OpBuilder tb = inside.getThenBodyBuilder();
        memref::StoreOp::create(tb, loc, v, target, at);
      };
      if (oneChunk) {
        // One launch: out = acc / l, NaN for a row that sees no key; the
        // same numbers the merge below computes from one chunk (its weight
        // e^(m - M) is exactly 1).
        for (int64_t c = 0; c < groupColumns; ++c) {
          Value result = arith::DivFOp::create(lb, loc, sumLoop.getResult(c + 1), sumLoop.getResult(0));
          result = arith::SelectOp::create(lb, loc, none, real(lb, NAN), result);
          if (outElement != ct)
            result = arith::TruncFOp::create(lb, loc, outElement, result);
          storeColumn(c, result, out, rowIvs);
        }
        return success();
      }
      // A chunk that sees no key stores l = acc = 0 (not exp(-inf + inf)).
      llvm::SmallVector<Value> stored; // l, then the group's acc
      for (int64_t k = 0; k <= groupColumns; ++k)
        stored.push_back(arith::SelectOp::create(lb, loc, none, real(lb, 0), sumLoop.getResult(k)));
      auto firstGroup = scf::IfOp::create(
          lb, loc, arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::eq, group, index(lb, 0)),
          /*withElseRegion=*/false);
      {
        OpBuilder tb = firstGroup.getThenBodyBuilder();
        memref::StoreOp::create(tb, loc, max, ws, wsAt(tb, chunk, rowIvs, 0));
        memref::StoreOp::create(tb, loc, stored[0], ws, wsAt(tb, chunk, rowIvs, 1));
      }
      llvm::SmallVector<Value> chunkRow{chunk};
      chunkRow.append(rowIvs.begin(), rowIvs.end());
      for (int64_t c = 0; c < groupColumns; ++c)
        storeColumn(c, stored[c + 1], ws, chunkRow);
    }

    // 2. Merge the chunks of each output element.
    {
      auto [lb, ivs] = loopNest(b, loc, outShape);
      llvm::SmallVector<Value> rowIvs(ivs.begin(), ivs.end() - 1);
      Value col = ivs.back();
      auto maxLoop = scf::ForOp::create(
          lb, loc, index(lb, 0), index(lb, chunks), index(lb, 1), ValueRange{real(lb, -INFINITY)},
          [&](OpBuilder &nb, Location, Value c, ValueRange m) {
            Value v = memref::LoadOp::create(nb, loc, ws, wsAt(nb, c, rowIvs, 0));
            Value less = arith::CmpFOp::create(nb, loc, P::OLT, m[0], v);
            scf::YieldOp::create(nb, loc, Value(arith::SelectOp::create(nb, loc, less, v, m[0])));
          });
      Value max = maxLoop.getResult(0);
      Value colAt = arith::AddIOp::create(lb, loc, col, index(lb, 2));
      auto sumLoop = scf::ForOp::create(
          lb, loc, index(lb, 0), index(lb, chunks), index(lb, 1), ValueRange{real(lb, 0), real(lb, 0)},
          [&](OpBuilder &nb, Location, Value c, ValueRange acc) {
            Value m = memref::LoadOp::create(nb, loc, ws, wsAt(nb, c, rowIvs, 0));
            Value w = math::ExpOp::create(nb, loc, arith::SubFOp::create(nb, loc, m, max));
            // A chunk that saw no key weighs 0 (its l and acc are 0).
            w = arith::SelectOp::create(
                nb, loc, arith::CmpFOp::create(nb, loc, P::OEQ, m, real(nb, -INFINITY)),
                real(nb, 0), w);
            Value l = memref::LoadOp::create(nb, loc, ws, wsAt(nb, c, rowIvs, 1));
            llvm::SmallVector<Value> at{c};
            at.append(rowIvs.begin(), rowIvs.end());
            at.push_back(colAt);
            Value a = memref::LoadOp::create(nb, loc, ws, at);
            scf::YieldOp::create(
                nb, loc,
                ValueRange{arith::AddFOp::create(nb, loc, acc[0], arith::MulFOp::create(nb, loc, l, w)),
                           arith::AddFOp::create(nb, loc, acc[1], arith::MulFOp::create(nb, loc, a, w))});
          });
      Value result = arith::DivFOp::create(lb, loc, sumLoop.getResult(1), sumLoop.getResult(0));
      Value none = arith::CmpFOp::create(lb, loc, P::OEQ, max, real(lb, -INFINITY));
      result = arith::SelectOp::create(lb, loc, none, real(lb, NAN), result);
      if (outElement != ct)
        result = arith::TruncFOp::create(lb, loc, outElement, result);
      memref::StoreOp::create(lb, loc, result, out, ivs);
    }
    memref::DeallocOp::create(b, loc, ws);
    return success();
  }

  /// Nearest resize (F.interpolate's default): along each spatial dim the
  /// source index is min(floor(o * step), in - 1) in f64 (step: gn.resize's
  /// inputStep, in / out or 1 / scale factor), as the
  /// interpreter computes it.
  LogicalResult emitNearestResize(OpBuilder &b, Location loc, ResizeOp resize, Value x,
                                  Value out) {
    auto xShape = llvm::cast<MemRefType>(x.getType()).getShape();
    auto outShape = llvm::cast<MemRefType>(out.getType()).getShape();
    int64_t rank = xShape.size();
    Type f64 = b.getF64Type(), i64 = b.getI64Type();
    overOutput(
        b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
          llvm::SmallVector<Value> at;
          for (int64_t d = 0; d < rank; ++d) {
            Value o = linalg::IndexOp::create(nb, nloc, d);
            double scale = d < 2 ? 1.0 : resize.inputStep(d - 2);
            if (d < 2 || scale == 1.0) {
              at.push_back(o);
              continue;
            }
            Value pos = arith::MulFOp::create(
                nb, nloc,
                arith::SIToFPOp::create(nb, nloc, f64, arith::IndexCastOp::create(nb, nloc, i64, o)),
                arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(scale)));
            Value i = arith::FPToSIOp::create(nb, nloc, i64, math::FloorOp::create(nb, nloc, pos));
            i = arith::MinSIOp::create(nb, nloc, i,
                                       arith::ConstantIntOp::create(nb, nloc, i64, xShape[d] - 1));
            at.push_back(arith::IndexCastOp::create(nb, nloc, nb.getIndexType(), i));
          }
          linalg::YieldOp::create(nb, nloc, Value(memref::LoadOp::create(nb, nloc, x, at)));
        });
    return success();
  }

  /// Average pooling (fixed or adaptive windows) as the interpreter runs
  /// it: per output element, an f64 sum over the window's taps inside the
  /// input in row-major order (a tap outside adds +0.0, which leaves the sum
  /// as it was), divided in f64 by divisor_override, the taps inside the
  /// padded input (count_include_pad) or the taps inside the input, then
  /// stored through f32 as it stores. Adaptive window d of output o spans
  /// [o * in / out, ceil((o + 1) * in / out)).
  LogicalResult emitAvgPool(OpBuilder &b, Location loc, Value x, Value out) {
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
        for (int64_t i = 0; i < o; ++i)
          widest = std::max(widest, ((i + 1) * in + o - 1) / o - (i * in) / o);
        kernel.push_back(widest);
      }
    }
    int64_t lead = rank - sp;
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
            if (avg) {
              first.push_back(arith::SubIOp::create(
                  nb, nloc, arith::MulIOp::create(nb, nloc, o, cst(stride[d])), cst(padding[d])));
              limit.push_back(cst(in));
              padLimit.push_back(cst(in + padding[d]));
            } else {
              int64_t n = outShape[lead + d];
              first.push_back(arith::DivSIOp::create(
                  nb, nloc, arith::MulIOp::create(nb, nloc, o, cst(in)), cst(n)));
              Value next = arith::AddIOp::create(nb, nloc, o, cst(1));
              limit.push_back(arith::DivSIOp::create(
                  nb, nloc,
                  arith::AddIOp::create(nb, nloc, arith::MulIOp::create(nb, nloc, next, cst(in)),
                                        cst(n - 1)),
                  cst(n)));
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
                Value safe = arith::MinSIOp::create(
                    lb, nloc, arith::MaxSIOp::create(lb, nloc, pos, cst(0)),
                    cst(xType.getShape()[lead + j] - 1));
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
            Value n = arith::ConstantIndexOp::create(lb, nloc, kernel[d]);
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

  /// out[i] = start + step * i, computed in f64 and stored as the
  /// interpreter stores a double (storedAnyFromF64).
  LogicalResult emitArange(OpBuilder &b, Location loc, ArangeOp op, Value out) {
    Type e = llvm::cast<MemRefType>(out.getType()).getElementType();
    Type f64 = b.getF64Type(), i64 = b.getI64Type();
    overOutput(
        b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
          Value i = arith::IndexCastOp::create(nb, nloc, i64, linalg::IndexOp::create(nb, nloc, 0));
          Value v = arith::AddFOp::create(
              nb, nloc,
              arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(
                                                           op.getStart().convertToDouble())),
              arith::MulFOp::create(
                  nb, nloc,
                  arith::ConstantOp::create(nb, nloc, f64,
                                            nb.getF64FloatAttr(op.getStep().convertToDouble())),
                  arith::SIToFPOp::create(nb, nloc, f64, i)));
          linalg::YieldOp::create(nb, nloc, storedAnyFromF64(nb, nloc, v, e));
        });
    return success();
  }

  /// gn's random stream (gn/Support/RandomStream.h), element by element
  /// from its row-major position: the same integer and f64 operations as
  /// the interpreter, so the same bits.
  LogicalResult emitRandom(OpBuilder &b, Location loc, RandomOp op, Value out) {
    auto outType = llvm::cast<MemRefType>(out.getType());
    Type e = outType.getElementType(), f64 = b.getF64Type(), i64 = b.getI64Type();
    llvm::StringRef distribution = op.getDistribution();
    uint64_t base = random::streamBase(op.getSeed());
    overOutput(b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
      auto word = [&](uint64_t v) -> Value {
        return arith::ConstantOp::create(nb, nloc, i64, nb.getI64IntegerAttr(int64_t(v)));
      };
      auto real = [&](double v) -> Value {
        return arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(v));
      };
      if (distribution == "empty") {
        linalg::YieldOp::create(nb, nloc, storedFromF64(nb, nloc, real(0), e));
        return;
      }
      // Row-major position.
      Value pos = word(0);
      for (int64_t d = 0; d < outType.getRank(); ++d) {
        Value i = arith::IndexCastOp::create(nb, nloc, i64, linalg::IndexOp::create(nb, nloc, d));
        pos = arith::AddIOp::create(
            nb, nloc, arith::MulIOp::create(nb, nloc, pos, word(outType.getDimSize(d))), i);
      }
      auto xorShift = [&](Value z, uint64_t k) -> Value {
        return arith::XOrIOp::create(nb, nloc, z, arith::ShRUIOp::create(nb, nloc, z, word(k)));
      };
      // uniform(base, counter): mix(base + (counter + 1) * golden), its top
      // `significand` bits times 2^-significand.
      auto uniform = [&](Value counter, unsigned significand) -> Value {
        Value z = arith::AddIOp::create(
            nb, nloc, word(base),
            arith::MulIOp::create(nb, nloc, arith::AddIOp::create(nb, nloc, counter, word(1)),
                                  word(random::kGolden)));
        z = arith::MulIOp::create(nb, nloc, xorShift(z, 30), word(random::kMix1));
        z = arith::MulIOp::create(nb, nloc, xorShift(z, 27), word(random::kMix2));
        z = arith::ShRUIOp::create(nb, nloc, xorShift(z, 31), word(64 - significand));
        return arith::MulFOp::create(nb, nloc, arith::UIToFPOp::create(nb, nloc, f64, z),
                                     real(std::ldexp(1.0, -int(significand))));
      };
      Value v;
      if (distribution == "uniform") {
        v = uniform(pos, llvm::cast<FloatType>(e).getFPMantissaWidth());
      } else {
        Value twice = arith::MulIOp::create(nb, nloc, pos, word(2));
        Value u1 = arith::SubFOp::create(nb, nloc, real(1.0), uniform(twice, 53));
        Value u2 = uniform(arith::AddIOp::create(nb, nloc, twice, word(1)), 53);
        Value radius = math::SqrtOp::create(
            nb, nloc, arith::MulFOp::create(nb, nloc, real(-2.0), math::LogOp::create(nb, nloc, u1)));
        Value angle = math::CosOp::create(nb, nloc,
                                          arith::MulFOp::create(nb, nloc, real(random::kTwoPi), u2));
        v = arith::MulFOp::create(nb, nloc, radius, angle);
      }
      linalg::YieldOp::create(nb, nloc, storedFromF64(nb, nloc, v, e));
    });
    return success();
  }

  /// out[n, c, o...] = max over the window of the input padded with -inf:
  /// a padded copy (when any window reaches outside), then one
  /// linalg.generic whose window loops take their extent from a shape-only
  /// operand, as linalg's named pooling ops do.
  LogicalResult emitMaxPool(OpBuilder &b, Location loc, MaxPoolOp pool, Value in, Value out) {
    auto inType = llvm::cast<MemRefType>(in.getType());
    auto outShape = llvm::cast<MemRefType>(out.getType()).getShape();
    Type e = inType.getElementType();
    int64_t rank = inType.getRank(), sp = pool.getKernel().size(), lead = rank - sp;
    llvm::ArrayRef<int64_t> k = pool.getKernel(), st = pool.getStride(), pd = pool.getPadding(),
                            dl = pool.getDilation();
    Value negInf = arith::ConstantOp::create(b, loc, e, b.getFloatAttr(e, -INFINITY));
    // Padded extents: every window of every output position fits.
    llvm::SmallVector<int64_t> padded(inType.getShape()), starts(rank, 0), ones(rank, 1);
    bool needPad = false;
    for (int64_t i = 0; i < sp; ++i) {
      int64_t d = lead + i;
      int64_t reach = (outShape[d] - 1) * st[i] + (k[i] - 1) * dl[i] + 1;
      padded[d] = std::max(inType.getShape()[d] + 2 * pd[i], reach);
      starts[d] = pd[i];
      needPad |= padded[d] != inType.getShape()[d];
    }
    Value src = in, buffer;
    if (needPad) {
      buffer = memref::AllocOp::create(b, loc, MemRefType::get(padded, e));
      linalg::FillOp::create(b, loc, negInf, buffer);
      linalg::CopyOp::create(b, loc, in,
                             stridedSubview(b, loc, buffer, starts, inType.getShape(), ones));
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
    linalg::FillOp::create(b, loc, negInf, out);
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
    linalg::GenericOp::create(b, loc, ValueRange{src, window}, ValueRange{out}, maps, iterators,
                              [&](OpBuilder &nb, Location nloc, ValueRange args) {
                                // f16 / bf16 compared in f32: exact, and
                                // every target has an f32 maximum.
                                Value acc = args[2], v = args[0];
                                bool narrow = e.isF16() || e.isBF16();
                                if (narrow) {
                                  acc = arith::ExtFOp::create(nb, nloc, nb.getF32Type(), acc);
                                  v = arith::ExtFOp::create(nb, nloc, nb.getF32Type(), v);
                                }
                                Value m = arith::MaximumFOp::create(nb, nloc, acc, v);
                                if (narrow)
                                  m = arith::TruncFOp::create(nb, nloc, e, m);
                                linalg::YieldOp::create(nb, nloc, m);
                              });
    if (buffer)
      memref::DeallocOp::create(b, loc, buffer);
    return success();
  }

private:
  MLIRContext *ctx;
  Operation *copyOp;
  ModuleOp kernels;
  bool forGpu;
};

} // namespace

LogicalResult mlir::gn::emitCopyKernel(OpBuilder &b, Location loc, Operation *copyOp,
                                       ModuleOp kernels, llvm::ArrayRef<Value> kernelIns,
                                       Value out, bool forGpu) {
  return CopyKernelEmitter(copyOp, kernels, forGpu).emit(b, loc, kernelIns, out);
}

std::pair<OpBuilder, llvm::SmallVector<Value>>
mlir::gn::emitPointLoops(OpBuilder b, Location loc, llvm::ArrayRef<int64_t> shape, bool forGpu) {
  llvm::SmallVector<Value> ivs;
  Value zero = arith::ConstantIndexOp::create(b, loc, 0);
  Value one = arith::ConstantIndexOp::create(b, loc, 1);
  // For the GPU, one scf.parallel: a thread per point (each point's body
  // touches only its own outputs).
  if (forGpu && !shape.empty()) {
    llvm::SmallVector<Value> lower(shape.size(), zero), steps(shape.size(), one), upper;
    for (int64_t n : shape)
      upper.push_back(arith::ConstantIndexOp::create(b, loc, n));
    auto par = scf::ParallelOp::create(b, loc, lower, upper, steps);
    b.setInsertionPoint(par.getBody()->getTerminator());
    return {b, llvm::to_vector(par.getInductionVars())};
  }
  for (int64_t n : shape) {
    auto loop = scf::ForOp::create(b, loc, zero, arith::ConstantIndexOp::create(b, loc, n), one);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    ivs.push_back(loop.getInductionVar());
  }
  return {b, ivs};
}

Value mlir::gn::emitDepthwiseConvAt(OpBuilder &b, Location loc, ConvOp op,
                                    function_ref<Value(OpBuilder &, ValueRange)> loadInput,
                                    Value weight, Value bias, ValueRange ivs) {
  auto xType = llvm::cast<RankedTensorType>(op.getInput().getType());
  auto wShape = llvm::cast<MemRefType>(weight.getType()).getShape();
  int64_t spatial = wShape.size() - 2;
  Type ct = xType.getElementType().isF64() ? Type(b.getF64Type()) : Type(b.getF32Type());
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
    xAt.append(tapPositions(b, loc, base, k, op.getDilation(), op.getPadding(),
                            xType.getShape().drop_front(2), check, inside));
    for (int64_t kd : k)
      wAt.push_back(cst(kd));
    Value x = loadInput(b, xAt);
    if (inside)
      x = arith::SelectOp::create(b, loc, inside, x, zero);
    Value w = toCompute(memref::LoadOp::create(b, loc, weight, wAt));
    acc = arith::AddFOp::create(b, loc, acc, arith::MulFOp::create(b, loc, x, w));
  });
  if (bias)
    acc = arith::AddFOp::create(
        b, loc, acc, toCompute(memref::LoadOp::create(b, loc, bias, ValueRange{ivs[1]})));
  return acc;
}

Value mlir::gn::emitMaxPoolAt(OpBuilder &b, Location loc, MaxPoolOp op,
                              function_ref<Value(OpBuilder &, ValueRange)> loadInput,
                              ValueRange ivs) {
  auto xShape = llvm::cast<RankedTensorType>(op.getInput().getType()).getShape();
  auto outShape = op.getType().getShape();
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
    check.push_back(padding[d] > 0 || reach >= xShape[lead + d]);
  }
  Value negInf = arith::ConstantOp::create(b, loc, ct, b.getFloatAttr(ct, -INFINITY));
  Value acc = negInf;
  forEachTap(kernel, [&](llvm::ArrayRef<int64_t> k) {
    Value inside;
    llvm::SmallVector<Value> at(ivs.begin(), ivs.begin() + lead);
    at.append(tapPositions(b, loc, base, k, dilation, padding, xShape.drop_front(lead), check,
                           inside));
    Value v = loadInput(b, at);
    if (inside)
      v = arith::SelectOp::create(b, loc, inside, v, negInf);
    acc = arith::MaximumFOp::create(b, loc, acc, v);
  });
  return acc;
}
