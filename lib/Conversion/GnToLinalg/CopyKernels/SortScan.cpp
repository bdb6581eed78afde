//===- SortScan.cpp - argmax/argmin, top_k, cumsum, cumprod kernels -------===//
#include "Emitter.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::copy;

/// argmax / argmin along dim, as the interpreter's argReduce: each line
/// scanned in order with its values read as f64; an element replaces the
/// best one when it is strictly greater (smaller), so ties keep the first,
/// or when it is NaN, after which the line's answer is that first NaN.
LogicalResult CopyKernelEmitter::emitArgReduce(OpBuilder &b, Location loc, Operation *op,
                                               int64_t dim, bool keepdim, bool isMax, Value x,
                                               Value out) {
  auto type = llvm::cast<MemRefType>(x.getType());
  if (type.getShape()[dim] == 0)
    return op->emitError("arg reduction over an empty dim");
  Type i64 = b.getI64Type();
  llvm::SmallVector<int64_t> lines(type.getShape());
  lines.erase(lines.begin() + dim);
  // A single line still gets a (one-trip) loop around its scan: the scan's
  // result is stored inside a loop, which the GPU mapping makes the launch.
  bool single = lines.empty();
  auto [lb, ivs] = loops.pointLoops(b, loc, single ? llvm::ArrayRef<int64_t>{1} : lines);
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
LogicalResult CopyKernelEmitter::emitTopK(OpBuilder &b, Location loc, TopKOp op, Value x,
                                          Value out) {
  auto type = llvm::cast<MemRefType>(x.getType());
  int64_t dim = op.getDim(), k = op.getK();
  bool largest = op.getLargest();
  Type i64 = b.getI64Type();
  auto [lb, ivs] = loops.pointLoops(b, loc, type.getShape());
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

/// Inclusive prefix sum (or product) along dim, as the interpreter computes
/// it: a running f64 sum (product) over each line, every prefix stored as
/// it stores a double (storedAnyFromF64); without `wide`, the running value
/// itself rounded so at each step (cumprod without accumulate_f64).
LogicalResult CopyKernelEmitter::emitPrefixScan(OpBuilder &b, Location loc, int64_t dim,
                                                bool product, bool wide, Value x, Value out) {
  auto type = llvm::cast<MemRefType>(x.getType());
  Type e = type.getElementType(), f64 = b.getF64Type();
  // Sizes read from x: a symbolic kernel's are known at run time.
  llvm::SmallVector<Value> lines = dimSizes(b, loc, x);
  Value len = lines[dim];
  lines.erase(lines.begin() + dim);
  auto [lb, ivs] = loops.pointLoops(b, loc, lines);
  Value zero = arith::ConstantIndexOp::create(lb, loc, 0);
  Value one = arith::ConstantIndexOp::create(lb, loc, 1);
  Value init = arith::ConstantOp::create(lb, loc, f64, lb.getF64FloatAttr(product ? 1 : 0));
  auto loop = scf::ForOp::create(
      lb, loc, zero, len, one, ValueRange{init},
      [&](OpBuilder &nb, Location nloc, Value k, ValueRange sum) {
        llvm::SmallVector<Value> at(ivs);
        at.insert(at.begin() + dim, k);
        Value v = widenToF64(nb, nloc, memref::LoadOp::create(nb, nloc, x, at));
        Value s = product ? Value(arith::MulFOp::create(nb, nloc, sum[0], v))
                          : Value(arith::AddFOp::create(nb, nloc, sum[0], v));
        Value stored = storedAnyFromF64(nb, nloc, s, e);
        memref::StoreOp::create(nb, nloc, stored, out, at);
        scf::YieldOp::create(nb, nloc, wide ? s : widenToF64(nb, nloc, stored));
      });
  (void)loop;
  return success();
}
