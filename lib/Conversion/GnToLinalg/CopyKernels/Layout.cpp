//===- Layout.cpp - tile, pad, tril/triu, concat kernels --------------------===//
#include "Emitter.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::copy;

/// tile: out[p] = x[p mod shape]; circular padding: x[(p - low) mod
/// shape]. One generic over the output that loads the input at
/// (p + offset) mod n per dim, offset in [0, n). (A roll is a kernel
/// view: OutlineKernels reads it through a map with the same `mod`.)
LogicalResult CopyKernelEmitter::emitWrappedRead(OpBuilder &b, Location loc, Value x, Value out) {
  auto xShape = llvm::cast<MemRefType>(x.getType()).getShape();
  auto outShape = llvm::cast<MemRefType>(out.getType()).getShape();
  int64_t rank = xShape.size();
  // Sizes read from x (a symbolic kernel's at run time).
  llvm::SmallVector<Value> xSizes = dimSizes(b, loc, x);
  auto pad = dyn_cast<PadOp>(copyOp);
  overOutput(b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
    auto cst = [&](int64_t v) { return arith::ConstantIndexOp::create(nb, nloc, v); };
    llvm::SmallVector<Value> at;
    for (int64_t d = 0; d < rank; ++d) {
      Value p = linalg::IndexOp::create(nb, nloc, d);
      int64_t low = pad ? pad.getLow()[d] : 0;
      bool dynamic = ShapedType::isDynamic(xShape[d]) || ShapedType::isDynamic(outShape[d]);
      if (!dynamic) {
        // Circular padding reads position p - low, wrapped.
        int64_t n = xShape[d], offset = n ? (((-low) % n) + n) % n : 0;
        if (offset == 0 && outShape[d] == n) {
          at.push_back(p); // not tiled or rolled along d
          continue;
        }
        if (offset)
          p = arith::AddIOp::create(nb, nloc, p, cst(offset));
        at.push_back(arith::RemUIOp::create(nb, nloc, p, cst(n)));
        continue;
      }
      // At run time: offset = (-low mod n + n) mod n, then (p + offset) mod n.
      Value n = xSizes[d];
      if (low) {
        Value r = arith::RemSIOp::create(nb, nloc, cst(-low), n);
        Value offset = arith::RemUIOp::create(nb, nloc, arith::AddIOp::create(nb, nloc, r, n), n);
        p = arith::AddIOp::create(nb, nloc, p, offset);
      }
      at.push_back(arith::RemUIOp::create(nb, nloc, p, n));
    }
    linalg::YieldOp::create(nb, nloc, Value(memref::LoadOp::create(nb, nloc, x, at)));
  });
  return success();
}

/// A read of x at a position computed per dim from the output's position
/// (`source(builder, loc, dim, position)`, index values).
void CopyKernelEmitter::emitMappedRead(
    OpBuilder &b, Location loc, Value x, Value out,
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
LogicalResult CopyKernelEmitter::emitEdgePad(OpBuilder &b, Location loc, PadOp op, Value x,
                                             Value out) {
  auto shape = llvm::cast<MemRefType>(x.getType()).getShape();
  bool reflect = op.getMode() == "reflect";
  llvm::SmallVector<Value> sizes = dimSizes(b, loc, x); // a symbolic kernel's at run time
  emitMappedRead(b, loc, x, out, [&](OpBuilder &nb, Location nloc, int64_t d, Value p) -> Value {
    int64_t low = op.getLow()[d], n = shape[d];
    if (low == 0 && op.getHigh()[d] == 0)
      return p;
    using P = arith::CmpIPredicate;
    auto cst = [&](int64_t v) { return arith::ConstantIndexOp::create(nb, nloc, v); };
    // n - 1 and 2 (n - 1): constants, or from the size known at run time.
    bool dynamic = ShapedType::isDynamic(n);
    auto lastTimes = [&](int64_t k) -> Value {
      if (!dynamic)
        return cst(k * (n - 1));
      Value last = arith::SubIOp::create(nb, nloc, sizes[d], cst(1));
      return k == 1 ? last : Value(arith::MulIOp::create(nb, nloc, last, cst(k)));
    };
    Value i = arith::SubIOp::create(nb, nloc, p, cst(low));
    Value below = arith::CmpIOp::create(nb, nloc, P::slt, i, cst(0));
    Value above = arith::CmpIOp::create(nb, nloc, P::sge, i, dynamic ? sizes[d] : Value(cst(n)));
    Value under = reflect ? Value(arith::SubIOp::create(nb, nloc, cst(0), i)) : cst(0);
    Value over = reflect ? Value(arith::SubIOp::create(nb, nloc, lastTimes(2), i)) : lastTimes(1);
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
LogicalResult CopyKernelEmitter::emitConstantPadGather(OpBuilder &b, Location loc, PadOp op,
                                                       Value x, Value fill, Value out) {
  // Sizes read from the buffers (a symbolic kernel's at run time).
  llvm::SmallVector<Value> xSizes = dimSizes(b, loc, x);
  auto [lb, ivs] = loops.pointLoops(b, loc, dimSizes(b, loc, out));
  auto cst = [&](int64_t v) { return arith::ConstantIndexOp::create(lb, loc, v); };
  Value inside;
  llvm::SmallVector<Value> at;
  for (auto [d, p] : llvm::enumerate(ivs)) {
    int64_t low = op.getLow()[d];
    if (low == 0 && op.getHigh()[d] == 0) {
      at.push_back(p);
      continue;
    }
    Value i = arith::SubIOp::create(lb, loc, p, cst(low));
    int64_t n = llvm::cast<MemRefType>(x.getType()).getShape()[d];
    at.push_back(ShapedType::isDynamic(n) ? clampIndex(lb, loc, i, xSizes[d], inside)
                                          : clampIndex(lb, loc, i, n, inside));
  }
  Value v = memref::LoadOp::create(lb, loc, x, at);
  if (inside)
    v = arith::SelectOp::create(lb, loc, inside, v, fill);
  memref::StoreOp::create(lb, loc, v, out, ivs);
  return success();
}

/// tril / triu of the last two dims: the element where col - row is on
/// the kept side of `diagonal`, else zero.
LogicalResult CopyKernelEmitter::emitTriangular(OpBuilder &b, Location loc, TriangularOp op,
                                                Value x, Value out) {
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
        // (A uint8 zero is made as the signless one of its bits: carryType.)
        Type c = carryType(e);
        Value zero = fromCarry(
            nb, nloc,
            llvm::isa<FloatType>(c)
                ? Value(arith::ConstantOp::create(nb, nloc, c, nb.getFloatAttr(c, 0)))
                : Value(arith::ConstantOp::create(nb, nloc, c, nb.getIntegerAttr(c, 0))),
            e);
        linalg::YieldOp::create(nb, nloc,
                                Value(arith::SelectOp::create(nb, nloc, keep, args[0], zero)));
      });
  return success();
}

/// concat for the GPU: one launch, a thread per output element reading
/// the input whose slab along `dim` holds it (the inputs tried in order),
/// instead of a launch per input (DenseNet's concatenations of up to 25
/// inputs were 25 launches each).
LogicalResult CopyKernelEmitter::emitConcatGather(OpBuilder &b, Location loc, int64_t dim,
                                                  llvm::ArrayRef<Value> ins, Value out) {
  auto outType = llvm::cast<MemRefType>(out.getType());
  // Non-empty inputs and their slab starts (index values: a symbolic
  // kernel's sizes are known at run time; an input empty at run time is
  // never picked, its slab being empty).
  llvm::SmallVector<std::pair<Value, Value>> parts;
  OpFoldResult at = b.getIndexAttr(0);
  for (Value in : ins) {
    auto shape = llvm::cast<MemRefType>(in.getType()).getShape();
    if (!llvm::is_contained(shape, 0))
      parts.push_back({in, getValueOrCreateConstantIndexOp(b, loc, at)});
    at = addFolded(b, loc, at, memref::getMixedSizes(b, loc, in)[dim]);
  }
  if (parts.empty())
    return success();
  auto [lb, ivs] = loops.pointLoops(b, loc, dimSizes(b, loc, out));
  Value pos = ivs[dim];
  std::function<Value(OpBuilder &, size_t)> pick = [&](OpBuilder &nb, size_t i) -> Value {
    auto load = [&](OpBuilder &cb) {
      llvm::SmallVector<Value> at(ivs.begin(), ivs.end());
      at[dim] = arith::SubIOp::create(cb, loc, pos, parts[i].second);
      return Value(memref::LoadOp::create(cb, loc, parts[i].first, at));
    };
    if (i + 1 == parts.size())
      return load(nb);
    Value inside =
        arith::CmpIOp::create(nb, loc, arith::CmpIPredicate::ult, pos, parts[i + 1].second);
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
