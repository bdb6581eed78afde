//===- Indexing.cpp - index_select, gather, scatter kernels -----------------===//
#include "Emitter.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::copy;

/// out[pre..., j..., post...] = x[pre..., index[j...], post...]: one
/// generic over the output reading the index at the j dims.
LogicalResult CopyKernelEmitter::emitIndexSelect(OpBuilder &b, Location loc, IndexSelectOp op,
                                                 Value x, Value index, Value out) {
  auto xType = llvm::cast<MemRefType>(x.getType());
  int64_t dim = op.getDim(), k = llvm::cast<MemRefType>(index.getType()).getRank();
  int64_t rank = llvm::cast<MemRefType>(out.getType()).getRank();
  llvm::SmallVector<AffineExpr> indexExprs;
  for (int64_t j = 0; j < k; ++j)
    indexExprs.push_back(getAffineDimExpr(dim + j, ctx));
  llvm::SmallVector<AffineMap> maps = {AffineMap::get(rank, 0, indexExprs, ctx),
                                       AffineMap::getMultiDimIdentityMap(rank, ctx)};
  llvm::SmallVector<utils::IteratorType> iterators(rank, utils::IteratorType::parallel);
  auto check = indexCheckAgainst(b, loc, x, dim, op.getWrapNegative());
  linalg::GenericOp::create(
      b, loc, ValueRange{index}, ValueRange{out}, maps, iterators,
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        llvm::SmallVector<Value> at;
        for (int64_t d = 0; d < dim; ++d)
          at.push_back(linalg::IndexOp::create(nb, nloc, d));
        at.push_back(check(nb, nloc, args[0]));
        for (int64_t d = dim + k; d < rank; ++d)
          at.push_back(linalg::IndexOp::create(nb, nloc, d));
        linalg::YieldOp::create(nb, nloc, Value(memref::LoadOp::create(nb, nloc, x, at)));
      });
  return success();
}

/// out[p] = x[p with dim replaced by index[p]] (torch.gather).
LogicalResult CopyKernelEmitter::emitGather(OpBuilder &b, Location loc, GatherOp op, Value x,
                                            Value index, Value out) {
  auto xType = llvm::cast<MemRefType>(x.getType());
  int64_t dim = op.getDim(), rank = xType.getRank();
  auto check = indexCheckAgainst(b, loc, x, dim, op.getWrapNegative());
  overOutput(b, loc, ValueRange{index}, out, [&](OpBuilder &nb, Location nloc, ValueRange args) {
    llvm::SmallVector<Value> at;
    for (int64_t d = 0; d < rank; ++d)
      at.push_back(d == dim ? check(nb, nloc, args[0])
                            : Value(linalg::IndexOp::create(nb, nloc, d)));
    linalg::YieldOp::create(nb, nloc, Value(memref::LoadOp::create(nb, nloc, x, at)));
  });
  return success();
}

std::function<Value(OpBuilder &, Location, Value)>
CopyKernelEmitter::indexCheckAgainst(OpBuilder &b, Location loc, Value m, int64_t d,
                                     bool wrapNegative) {
  int64_t n = llvm::cast<MemRefType>(m.getType()).getShape()[d];
  if (!ShapedType::isDynamic(n))
    return [this, n, wrapNegative](OpBuilder &nb, Location nloc, Value raw) {
      return checkedIndex(nb, nloc, raw, n, wrapNegative);
    };
  Value size = arith::IndexCastOp::create(b, loc, b.getI64Type(),
                                          memref::DimOp::create(b, loc, m, d).getResult());
  return [this, size, wrapNegative](OpBuilder &nb, Location nloc, Value raw) {
    return checkedIndex(nb, nloc, raw, size, wrapNegative);
  };
}

/// A scatter operand: its kernel input (a memref), or the scalar of a
/// splat constant cloned into the group.
Value CopyKernelEmitter::scatterOperand(OpBuilder &b, Location loc, Value v,
                                        llvm::ArrayRef<Value> kernelIns) {
  if (auto arg = llvm::dyn_cast<BlockArgument>(v))
    return kernelIns[arg.getArgNumber()];
  return carryConstant(b, loc, v.getDefiningOp());
}

namespace {

/// One scatter's loop nests (see emitScatter), as stages over the operands
/// and shapes they share; each creates its ops at `b`.
class ScatterKernel {
public:
  using TargetBody = llvm::function_ref<void(OpBuilder &, ValueRange, ValueRange)>;

  ScatterKernel(CopyKernelEmitter &emitter, const KernelLoops &loops, MLIRContext *ctx,
                OpBuilder &b, Location loc, ScatterOp op, Value src, Value index, Value out)
      : emitter(emitter), loops(loops), ctx(ctx), b(b), loc(loc), op(op), src(src), index(index),
        out(out) {
    outType = llvm::cast<MemRefType>(out.getType());
    e = outType.getElementType();
    f64 = b.getF64Type();
    reduce = op.getReduce();
    dim = op.getDim();
    size = outType.getShape()[dim];
    indexShape = llvm::cast<RankedTensorType>(op.getIndex().getType()).getShape();
    storedIndexShape = llvm::cast<MemRefType>(index.getType()).getShape();
  }

  /// reduce "none": each target overwritten with its source element as it is.
  void emitOverwrite() {
    forEachTarget([&](OpBuilder &lb, ValueRange pos, ValueRange target) {
      Value v = llvm::isa<MemRefType>(src.getType())
                    ? Value(memref::LoadOp::create(lb, loc, src, pos))
                    : fromCarry(lb, loc, src, e);
      memref::StoreOp::create(lb, loc, v, out, target);
    });
  }

  /// A mean's update count per target, from 1 with self (else 0).
  Value emitCounts() {
    Type i64 = b.getI64Type();
    Value counts = memref::AllocOp::create(b, loc, MemRefType::get(outType.getShape(), i64));
    linalg::FillOp::create(
        b, loc, arith::ConstantIntOp::create(b, loc, i64, op.getIncludeSelf() ? 1 : 0).getResult(),
        counts);
    return counts;
  }

  /// Without include_self: the reduction's identity stored at every target
  /// first.
  void emitIdentities() {
    double identity = reduce == "mul"    ? 1.0
                      : reduce == "amax" ? -INFINITY
                      : reduce == "amin" ? INFINITY
                                         : 0.0;
    forEachTarget([&](OpBuilder &lb, ValueRange, ValueRange target) {
      // (On integers, the identity saturated: +-inf as the type's bounds.)
      Value v = llvm::isa<FloatType>(e)
                    ? Value(arith::ConstantOp::create(lb, loc, e, lb.getFloatAttr(e, identity)))
                    : emitter.storedAnyFromF64(
                          lb, loc,
                          arith::ConstantOp::create(lb, loc, f64, lb.getF64FloatAttr(identity)), e);
      memref::StoreOp::create(lb, loc, v, out, target);
    });
  }

  /// Every index position updates its target in f64, stored rounded each
  /// time; with `counts` (a mean), the target's count goes up too.
  void emitUpdates(Value counts) {
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
      v = reduced(lb, cur, v);
      memref::StoreOp::create(lb, loc, emitter.storedAnyFromF64(lb, loc, v, e), out, target);
    });
  }

  /// A mean's division: out = out / count where count > 1 (f64, stored as
  /// the interpreter stores a double); then the counts are freed.
  void emitMeanDivision(Value counts) {
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
              Value(arith::SelectOp::create(nb, nloc, many,
                                            emitter.storedAnyFromF64(nb, nloc, mean, e), o)));
        });
    memref::DeallocOp::create(b, loc, counts);
  }

private:
  /// An element read as the interpreter's loadAsDouble reads it.
  Value toF64(OpBuilder &lb, Value v) { return emitter.widenToF64(lb, loc, v); }

  /// The target's current value `cur` and the update `v` (both f64)
  /// combined by the reduction.
  Value reduced(OpBuilder &lb, Value cur, Value v) {
    if (reduce == "add" || reduce == "mean")
      return arith::AddFOp::create(lb, loc, cur, v);
    if (reduce == "mul")
      return arith::MulFOp::create(lb, loc, cur, v);
    // std::max(cur, v) is (cur < v ? v : cur); std::min is (v < cur ? v : cur).
    bool isMax = reduce == "amax";
    Value takeNew =
        arith::CmpFOp::create(lb, loc, arith::CmpFPredicate::OLT, isMax ? cur : v, isMax ? v : cur);
    return arith::SelectOp::create(lb, loc, takeNew, v, cur);
  }

  // Calls body(position, target) for every index position, row-major.
  // For the GPU, positions that differ off `dim` update different targets
  // (target[d] = pos[d] there), so those dims are an scf.parallel (a
  // thread each) and only `dim` is a sequential loop inside: each target
  // still sees its updates in the interpreter's order. (The CPU keeps the
  // row-major nest: rows of the source and output are read in order.)
  void forEachTarget(TargetBody body) {
    OpBuilder lb = b;
    Value scanFor; // the target a 1-d scatter's thread owns (GPU)
    llvm::SmallVector<Value> pos(indexShape.size());
    Value zero = arith::ConstantIndexOp::create(lb, loc, 0);
    Value one = arith::ConstantIndexOp::create(lb, loc, 1);
    if (!loops.pointParallel()) {
      auto [nb, ivs] = loops.pointLoops(lb, loc, indexShape); // row-major scf.for
      lb = nb;
      llvm::copy(ivs, pos.begin());
    } else {
      lb = parallelPositionLoops(lb, zero, one, pos, scanFor);
    }
    // A broadcast index is stored right-aligned, its size-1 dims at 0.
    llvm::SmallVector<Value> storedAt;
    size_t lead = indexShape.size() - storedIndexShape.size();
    for (auto [d, n] : llvm::enumerate(storedIndexShape))
      storedAt.push_back(n == 1 && indexShape[lead + d] != 1 ? zero : pos[lead + d]);
    Value raw = memref::LoadOp::create(lb, loc, index, storedAt);
    llvm::SmallVector<Value> target(pos);
    target[dim] = emitter.checkedIndex(lb, loc, raw, size, op.getWrapNegative());
    if (scanFor) { // only the positions that land on this thread's target
      auto mine = scf::IfOp::create(
          lb, loc, arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::eq, target[dim], scanFor),
          /*withElseRegion=*/false);
      lb = mine.getThenBodyBuilder();
    }
    body(lb, pos, target);
  }

  /// forEachTarget's GPU nest: one scf.parallel over the dims off `dim`,
  /// an scf.for along `dim` inside; sets `pos` (and `scanFor` when a 1-d
  /// scatter's threads scan) and returns a builder in the innermost body.
  OpBuilder parallelPositionLoops(OpBuilder lb, Value zero, Value one,
                                  llvm::MutableArrayRef<Value> pos, Value &scanFor) {
    llvm::SmallVector<int64_t> parallelShape, parallelDims;
    for (auto [d, n] : llvm::enumerate(indexShape))
      if ((int64_t)d != dim) {
        parallelShape.push_back(n);
        parallelDims.push_back(d);
      }
    // A 1-d scatter: a thread per target, which scans every position in
    // order and applies those that land on it (the interpreter's order
    // for each target, in targets x positions checks).
    bool scan =
        parallelDims.empty() && size * indexShape[dim] <= CopyKernelEmitter::kTargetScanLimit;
    if (scan)
      parallelShape.push_back(size);
    auto [nb, ivs] = loops.pointLoops(lb, loc, parallelShape); // one scf.parallel
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
    return lb;
  }

  CopyKernelEmitter &emitter;
  const KernelLoops &loops;
  MLIRContext *ctx;
  OpBuilder &b;
  Location loc;
  ScatterOp op;
  Value src, index, out;
  MemRefType outType;
  Type e, f64;
  StringRef reduce;
  int64_t dim, size;
  llvm::ArrayRef<int64_t> indexShape;       // the index as the scatter reads it
  llvm::ArrayRef<int64_t> storedIndexShape; // as stored (a broadcast: right-aligned)
};

} // namespace

LogicalResult CopyKernelEmitter::emitScatter(OpBuilder &b, Location loc, ScatterOp op,
                                             llvm::ArrayRef<Value> kernelIns, Value out) {
  auto outType = llvm::cast<MemRefType>(out.getType());
  Type e = outType.getElementType();
  Value base = scatterOperand(b, loc, op.getInput(), kernelIns);
  Value src = scatterOperand(b, loc, op.getSource(), kernelIns);
  // The index, or a broadcast of it that the group reads through.
  BroadcastToOp indexView = scatterIndexView(op);
  auto indexArg = llvm::dyn_cast<BlockArgument>(indexView ? indexView.getInput() : op.getIndex());
  if (!indexArg)
    return op.emitError("scatter index is not a group input");
  Value index = kernelIns[indexArg.getArgNumber()];
  if (llvm::isa<MemRefType>(base.getType()))
    copyUnlessSame(b, loc, base, out);
  else
    linalg::FillOp::create(b, loc, fromCarry(b, loc, base, e), out);
  ScatterKernel kernel(*this, loops, ctx, b, loc, op, src, index, out);
  StringRef reduce = op.getReduce();
  if (reduce == "none") { // overwrite: the source element as it is
    kernel.emitOverwrite();
    return success();
  }
  // A mean counts each target's updates (from 1 with self), then divides
  // where the count is over 1, as the interpreter does.
  Value counts;
  if (reduce == "mean")
    counts = kernel.emitCounts();
  if (!op.getIncludeSelf())
    kernel.emitIdentities();
  kernel.emitUpdates(counts);
  if (counts)
    kernel.emitMeanDivision(counts);
  return success();
}
