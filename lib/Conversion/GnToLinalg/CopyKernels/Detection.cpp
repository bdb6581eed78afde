//===- Detection.cpp - roi_align and nms kernels ----------------------------===//
#include "Emitter.h"
#include "gn/Support/RoiAlignLimits.h"
#include "gn/Support/RuntimeErrors.h"
#include <array>
#include <cmath>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::copy;

namespace {

/// f64 scalar arithmetic at one insertion point, for the long formulas of
/// roi_align.
struct F64Builder {
  OpBuilder &b;
  Location loc;
  Type f64 = b.getF64Type(), i64 = b.getI64Type();

  Value c(double v) { return arith::ConstantOp::create(b, loc, f64, b.getF64FloatAttr(v)); }
  Value add(Value x, Value y) { return arith::AddFOp::create(b, loc, x, y); }
  Value sub(Value x, Value y) { return arith::SubFOp::create(b, loc, x, y); }
  Value mul(Value x, Value y) { return arith::MulFOp::create(b, loc, x, y); }
  Value div(Value x, Value y) { return arith::DivFOp::create(b, loc, x, y); }
  Value floor(Value x) { return math::FloorOp::create(b, loc, x); }
  Value ceil(Value x) { return math::CeilOp::create(b, loc, x); }
  /// std::max(x, y): y when x < y, else x (x when it is NaN).
  Value max(Value x, Value y) { return select(lt(x, y), y, x); }
  /// std::min(x, y): y when y < x, else x.
  Value min(Value x, Value y) { return select(lt(y, x), y, x); }
  Value lt(Value x, Value y) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::OLT, x, y);
  }
  Value select(Value cond, Value x, Value y) { return arith::SelectOp::create(b, loc, cond, x, y); }
  Value both(Value x, Value y) { return arith::AndIOp::create(b, loc, x, y); }
  Value either(Value x, Value y) { return arith::OrIOp::create(b, loc, x, y); }
  Value finite(Value x) {
    return arith::CmpFOp::create(b, loc, arith::CmpFPredicate::ONE,
                                 math::AbsFOp::create(b, loc, x), c(INFINITY));
  }
  Value fromIndex(Value i) {
    return arith::SIToFPOp::create(b, loc, f64, arith::IndexCastOp::create(b, loc, i64, i));
  }
  /// A whole number in [0, 2^62] as an index.
  Value toIndex(Value x) {
    return arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                      arith::FPToSIOp::create(b, loc, i64, x));
  }
};

} // namespace

/// roi_align as the interpreter's roiAlign computes it, in the same order:
/// per output [r, c, i, j] the box's geometry, then the bin's grid points
/// that can read the map (the interpreter's roiSampleRange) in two loops, each sample read by
/// Detectron's bilinear rule, the sum divided by gh * gw.
LogicalResult CopyKernelEmitter::emitRoiAlign(OpBuilder &b, Location loc, RoiAlignOp op, Value x,
                                              Value boxes, Value batch, Value out) {
  auto xShape = llvm::cast<MemRefType>(x.getType()).getShape();
  Type e = llvm::cast<MemRefType>(out.getType()).getElementType();
  int64_t n = xShape[0], h = xShape[2], w = xShape[3];
  int64_t ph = op.getPooledHeight(), pw = op.getPooledWidth(), ratio = op.getSamplingRatio();
  double scale = op.getSpatialScale().convertToDouble(), shift = op.getAligned() ? 0.5 : 0;
  bool aligned = op.getAligned();
  if (ratio > kMaxRoiSamplingRatio)
    return op.emitError() << "sampling_ratio " << ratio << " above " << kMaxRoiSamplingRatio
                          << " is not supported";
  overOutput(b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
    F64Builder f{nb, nloc};
    auto index = [&](int64_t v) { return Value(arith::ConstantIndexOp::create(nb, nloc, v)); };
    auto asF64 = [&](Value v) {
      return v.getType() == f.f64 ? v : Value(arith::ExtFOp::create(nb, nloc, f.f64, v));
    };
    Value r = linalg::IndexOp::create(nb, nloc, 0), ch = linalg::IndexOp::create(nb, nloc, 1);
    Value i = linalg::IndexOp::create(nb, nloc, 2), j = linalg::IndexOp::create(nb, nloc, 3);
    Value image = checkedIndex(nb, nloc, memref::LoadOp::create(nb, nloc, batch, ValueRange{r}), n);
    auto corner = [&](int64_t k) {
      Value v = asF64(memref::LoadOp::create(nb, nloc, boxes, ValueRange{r, index(k)}));
      return f.sub(f.mul(v, f.c(scale)), f.c(shift));
    };
    Value x0 = corner(0), y0 = corner(1);
    Value rw = f.sub(corner(2), x0), rh = f.sub(corner(3), y0);
    if (!aligned) {
      rw = f.max(rw, f.c(1));
      rh = f.max(rh, f.c(1));
    }
    Value finite = f.both(f.both(f.finite(x0), f.finite(y0)), f.both(f.finite(rw), f.finite(rh)));
    Value bh = f.div(rh, f.c(double(ph))), bw = f.div(rw, f.c(double(pw)));
    Value gh = ratio > 0 ? f.c(double(ratio)) : f.ceil(f.div(rh, f.c(double(ph))));
    Value gw = ratio > 0 ? f.c(double(ratio)) : f.ceil(f.div(rw, f.c(double(pw))));
    Value count = f.mul(gh, gw);
    gh = f.select(finite, f.max(gh, f.c(0)), f.c(0));
    gw = f.select(finite, f.max(gw, f.c(0)), f.c(0));
    Value yBase = f.add(y0, f.mul(f.fromIndex(i), bh));
    Value xBase = f.add(x0, f.mul(f.fromIndex(j), bw));
    // [first, last) of the grid points that can read a map of `size`.
    auto range = [&](Value base, Value binSize, Value grid, int64_t size) {
      grid = f.min(grid, f.c(0x1p62)); // whole and at least 0
      Value step = f.div(binSize, grid);
      Value exact = f.both(f.lt(f.c(0), step), f.finite(step));
      Value first = f.sub(f.floor(f.sub(f.div(f.sub(f.c(-1), base), step), f.c(0.5))), f.c(1));
      Value last = f.add(f.floor(f.sub(f.div(f.sub(f.c(double(size)), base), step), f.c(0.5))),
                         f.c(2));
      auto clamp = [&](Value v) { return f.min(f.max(v, f.c(0)), grid); };
      Value reads = f.finite(base);
      first = f.select(reads, f.select(exact, clamp(first), f.c(0)), f.c(0));
      last = f.select(reads, f.select(exact, clamp(last), grid), f.c(0));
      return std::make_pair(f.toIndex(first), f.toIndex(last));
    };
    auto [yFirst, yLast] = range(yBase, bh, gh, h);
    auto [xFirst, xLast] = range(xBase, bw, gw, w);
    // Detectron's bilinear read at (y, xx): 0 outside [-1, size], the edge
    // pixel at and past size - 1.
    auto sample = [&](F64Builder &g, Value y, Value xx) {
      Value outside = g.either(g.either(g.lt(y, g.c(-1)), g.lt(g.c(double(h)), y)),
                               g.either(g.lt(xx, g.c(-1)), g.lt(g.c(double(w)), xx)));
      // Clamped into [0, size] so that a point outside indexes the map too
      // (its value is not used).
      y = g.min(g.max(y, g.c(0)), g.c(double(h)));
      xx = g.min(g.max(xx, g.c(0)), g.c(double(w)));
      auto taps = [&](Value &v, int64_t size) {
        Value low = g.floor(v); // v >= 0: (int64_t)v
        Value edge = g.lt(g.c(double(size - 2)), low); // low >= size - 1
        low = g.select(edge, g.c(double(size - 1)), low);
        v = g.select(edge, low, v);
        Value high = g.select(edge, low, g.add(low, g.c(1)));
        return std::make_pair(g.toIndex(low), g.toIndex(high));
      };
      Value yv = y, xv = xx;
      auto [yLow, yHigh] = taps(yv, h);
      auto [xLow, xHigh] = taps(xv, w);
      Value ly = g.sub(yv, g.floor(yv)), lx = g.sub(xv, g.floor(xv));
      Value hy = g.sub(g.c(1), ly), hx = g.sub(g.c(1), lx);
      auto at = [&](Value yy, Value xi) {
        return asF64(memref::LoadOp::create(g.b, g.loc, x, ValueRange{image, ch, yy, xi}));
      };
      Value v = g.mul(g.mul(hy, hx), at(yLow, xLow));
      v = g.add(v, g.mul(g.mul(hy, lx), at(yLow, xHigh)));
      v = g.add(v, g.mul(g.mul(ly, hx), at(yHigh, xLow)));
      v = g.add(v, g.mul(g.mul(ly, lx), at(yHigh, xHigh)));
      return g.select(outside, g.c(0), v);
    };
    Value one = index(1);
    auto rows = scf::ForOp::create(
        nb, nloc, yFirst, yLast, one, ValueRange{f.c(0)},
        [&](OpBuilder &yb, Location yl, Value iy, ValueRange ySum) {
          F64Builder g{yb, yl};
          Value y = g.add(yBase, g.div(g.mul(g.add(g.fromIndex(iy), g.c(0.5)), bh), gh));
          auto cols = scf::ForOp::create(
              yb, yl, xFirst, xLast, one, ySum,
              [&](OpBuilder &xb, Location xl, Value ix, ValueRange xSum) {
                F64Builder k{xb, xl};
                Value xx = k.add(xBase, k.div(k.mul(k.add(k.fromIndex(ix), k.c(0.5)), bw), gw));
                scf::YieldOp::create(xb, xl, ValueRange{k.add(xSum[0], sample(k, y, xx))});
              });
          scf::YieldOp::create(yb, yl, cols.getResults());
        });
    Value v = f.select(finite, f.div(rows.getResult(0), count), f.c(NAN));
    linalg::YieldOp::create(nb, nloc, storedFromF64(nb, nloc, v, e));
  });
  return success();
}

/// gn.nms as the interpreter's nms runs it: one thread (a one-trip point
/// loop, the launch on a GPU) walks the boxes; box i is kept when every
/// earlier box is either not kept or overlaps it by IoU <= the threshold
/// (compared in the interpreter's boxIou order), the kept flags read back
/// from the output.
LogicalResult CopyKernelEmitter::emitNms(OpBuilder &b, Location loc, NmsOp op, Value boxes,
                                         Value out) {
  int64_t k = llvm::cast<MemRefType>(boxes.getType()).getShape()[0];
  double offset = op.getPixelOffset() ? 1 : 0, eta = op.getEta().convertToDouble();
  double threshold = op.getIouThreshold().convertToDouble();
  auto [lb, ivs] = loops.pointLoops(b, loc, llvm::ArrayRef<int64_t>{1});
  F64Builder f{lb, loc};
  Value zero = arith::ConstantIndexOp::create(lb, loc, 0);
  Value one = arith::ConstantIndexOp::create(lb, loc, 1);
  Value len = arith::ConstantIndexOp::create(lb, loc, k);
  auto box = [&](F64Builder &g, Value i) {
    std::array<Value, 4> c;
    for (int64_t d = 0; d < 4; ++d) {
      Value v = memref::LoadOp::create(g.b, g.loc, boxes,
                                       ValueRange{i, arith::ConstantIndexOp::create(g.b, g.loc, d)});
      c[d] = v.getType() == g.f64 ? v : Value(arith::ExtFOp::create(g.b, g.loc, g.f64, v));
    }
    return c;
  };
  scf::ForOp::create(
      lb, loc, zero, len, one, ValueRange{f.c(threshold)},
      [&](OpBuilder &ib, Location il, Value i, ValueRange limit) {
        F64Builder g{ib, il};
        std::array<Value, 4> a = box(g, i);
        Value yes = arith::ConstantIntOp::create(ib, il, ib.getI1Type(), 1);
        auto scan = scf::ForOp::create(
            ib, il, zero, i, one, ValueRange{yes},
            [&](OpBuilder &jb, Location jl, Value j, ValueRange keep) {
              F64Builder h{jb, jl};
              std::array<Value, 4> o = box(h, j);
              Value kept = memref::LoadOp::create(jb, jl, out, ValueRange{j});
              Value apart = h.either(h.either(h.lt(a[2], o[0]), h.lt(o[2], a[0])),
                                     h.either(h.lt(a[3], o[1]), h.lt(o[3], a[1])));
              Value w = h.add(h.sub(h.min(a[2], o[2]), h.max(a[0], o[0])), h.c(offset));
              Value ht = h.add(h.sub(h.min(a[3], o[3]), h.max(a[1], o[1])), h.c(offset));
              Value inter = h.mul(w, ht);
              auto area = [&](const std::array<Value, 4> &p) {
                return h.mul(h.add(h.sub(p[2], p[0]), h.c(offset)),
                             h.add(h.sub(p[3], p[1]), h.c(offset)));
              };
              Value iou = h.div(inter, h.sub(h.add(area(a), area(o)), inter));
              iou = h.select(apart, h.c(0), iou);
              Value close = arith::CmpFOp::create(jb, jl, arith::CmpFPredicate::OLE, iou, limit[0]);
              Value notKept = arith::XOrIOp::create(jb, jl, kept, yes);
              scf::YieldOp::create(
                  jb, jl, ValueRange{h.both(keep[0], h.either(notKept, close))});
            });
        Value keep = scan.getResult(0);
        memref::StoreOp::create(ib, il, keep, out, ValueRange{i});
        Value next = limit[0];
        if (eta < 1) {
          Value shrink = g.both(keep, g.lt(g.c(0.5), next));
          next = g.select(shrink, g.mul(next, g.c(eta)), next);
        }
        scf::YieldOp::create(ib, il, ValueRange{next});
      });
  (void)ivs;
  return success();
}

namespace {

/// The row-major coordinates of element `linear` of a tensor of `shape`.
llvm::SmallVector<Value> coordinatesOf(OpBuilder &b, Location loc, Value linear,
                                       llvm::ArrayRef<int64_t> shape) {
  int64_t rank = shape.size();
  llvm::SmallVector<Value> at(rank);
  Value rest = linear;
  for (int64_t d = rank - 1; d >= 0; --d) {
    Value size = arith::ConstantIndexOp::create(b, loc, shape[d]);
    at[d] = d == 0 ? rest : Value(arith::RemUIOp::create(b, loc, rest, size));
    if (d > 0)
      rest = arith::DivUIOp::create(b, loc, rest, size);
  }
  return at;
}

} // namespace

LogicalResult CopyKernelEmitter::emitSizeGuard(OpBuilder &b, Location loc, SizeGuardOp op,
                                               Value x, Value out) {
  auto type = llvm::cast<MemRefType>(x.getType());
  if (!type.getElementType().isInteger(64))
    return op.emitError("a size guard kernel reads i64 values");
  bool sum = op.getMeasure() == "sum";
  Type i64 = b.getI64Type();
  auto [lb, ivs] = loops.pointLoops(b, loc, llvm::ArrayRef<int64_t>{1});
  auto c = [&](OpBuilder &ib, int64_t v) { return Value(arith::ConstantIntOp::create(ib, loc, i64, v)); };
  Value zero = c(lb, 0);
  Value noNegative = arith::ConstantIntOp::create(lb, loc, lb.getI1Type(), 0);
  Value begin = arith::ConstantIndexOp::create(lb, loc, 0);
  Value end = arith::ConstantIndexOp::create(lb, loc, type.getNumElements());
  Value step = arith::ConstantIndexOp::create(lb, loc, 1);
  // One thread copies the values and measures them in order.
  auto scan = scf::ForOp::create(
      lb, loc, begin, end, step, ValueRange{zero, noNegative},
      [&](OpBuilder &sb, Location sl, Value linear, ValueRange carried) {
        llvm::SmallVector<Value> at = coordinatesOf(sb, sl, linear, type.getShape());
        Value v = memref::LoadOp::create(sb, sl, x, at);
        memref::StoreOp::create(sb, sl, v, out, at);
        Value negative = arith::CmpIOp::create(sb, sl, arith::CmpIPredicate::slt, v, c(sb, 0));
        Value size = sum ? Value(arith::AddIOp::create(sb, sl, carried[0], v))
                         : Value(arith::MaxSIOp::create(
                               sb, sl, carried[0], arith::AddIOp::create(sb, sl, v, c(sb, 1))));
        scf::YieldOp::create(sb, sl,
                             ValueRange{size, arith::OrIOp::create(sb, sl, carried[1], negative)});
      });
  Value measured = arith::MaxSIOp::create(lb, loc, scan.getResult(0), c(lb, op.getAtLeast()));
  // A negative value reports -1 (gn/Support/ShapeGuard.h).
  Value found = arith::SelectOp::create(lb, loc, scan.getResult(1), c(lb, -1), measured);
  Value specialized = c(lb, op.getSize());
  Value wrong = arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::ne, found, specialized);
  func::FuncOp callback = shapeGuardCallback(loc);
  scf::IfOp::create(lb, loc, wrong, [&](OpBuilder &tb, Location tl) {
    func::CallOp::create(tb, tl, callback, ValueRange{c(tb, op.getSite()), found, specialized});
    scf::YieldOp::create(tb, tl);
  });
  (void)ivs;
  return success();
}

LogicalResult CopyKernelEmitter::emitCheck(OpBuilder &b, Location loc, CheckOp op, Value x,
                                           Value holds, Value out) {
  auto xType = llvm::cast<MemRefType>(x.getType());
  auto hType = llvm::cast<MemRefType>(holds.getType());
  auto [lb, ivs] = loops.pointLoops(b, loc, llvm::ArrayRef<int64_t>{1});
  auto index = [&](OpBuilder &ib, int64_t v) {
    return Value(arith::ConstantIndexOp::create(ib, loc, v));
  };
  // One thread: the copy, then the condition anded over its elements.
  scf::ForOp::create(lb, loc, index(lb, 0), index(lb, xType.getNumElements()), index(lb, 1),
                     ValueRange{}, [&](OpBuilder &sb, Location sl, Value linear, ValueRange) {
                       llvm::SmallVector<Value> at = coordinatesOf(sb, sl, linear, xType.getShape());
                       memref::StoreOp::create(sb, sl, memref::LoadOp::create(sb, sl, x, at), out, at);
                       scf::YieldOp::create(sb, sl);
                     });
  Value all = arith::ConstantIntOp::create(lb, loc, lb.getI1Type(), 1);
  auto scan = scf::ForOp::create(
      lb, loc, index(lb, 0), index(lb, hType.getNumElements()), index(lb, 1), ValueRange{all},
      [&](OpBuilder &sb, Location sl, Value linear, ValueRange carried) {
        llvm::SmallVector<Value> at = coordinatesOf(sb, sl, linear, hType.getShape());
        Value h = memref::LoadOp::create(sb, sl, holds, at);
        if (!h.getType().isInteger(1)) // an i1 stored in a wider carrier
          h = arith::TruncIOp::create(sb, sl, sb.getI1Type(), h);
        scf::YieldOp::create(sb, sl, ValueRange{arith::AndIOp::create(sb, sl, carried[0], h)});
      });
  Value failedCheck = arith::XOrIOp::create(lb, loc, scan.getResult(0),
                                            arith::ConstantIntOp::create(lb, loc, lb.getI1Type(), 1));
  func::FuncOp callback = kernels.lookupSymbol<func::FuncOp>(kCheckFailedCallback);
  if (!callback) {
    OpBuilder mb = OpBuilder::atBlockBegin(kernels.getBody());
    callback = func::FuncOp::create(mb, loc, kCheckFailedCallback,
                                    mb.getFunctionType({mb.getI64Type()}, {}));
    callback.setPrivate();
  }
  int64_t code = valueCheckNamed(op.getWhat())->code;
  scf::IfOp::create(lb, loc, failedCheck, [&](OpBuilder &tb, Location tl) {
    func::CallOp::create(tb, tl, callback,
                         ValueRange{arith::ConstantIntOp::create(tb, tl, tb.getI64Type(), code)});
    scf::YieldOp::create(tb, tl);
  });
  (void)ivs;
  return success();
}

LogicalResult CopyKernelEmitter::emitNonzero(OpBuilder &b, Location loc, NonzeroOp op, Value x,
                                             Value out) {
  auto type = llvm::cast<MemRefType>(x.getType());
  llvm::ArrayRef<int64_t> shape = type.getShape();
  int64_t rank = shape.size(), count = op.getCount();
  Type i64 = b.getI64Type(), e = type.getElementType();
  auto [lb, ivs] = loops.pointLoops(b, loc, llvm::ArrayRef<int64_t>{1});
  auto index = [&](OpBuilder &ib, int64_t v) {
    return Value(arith::ConstantIndexOp::create(ib, loc, v));
  };
  Value none = arith::ConstantIntOp::create(lb, loc, i64, 0);
  Value room = arith::ConstantIntOp::create(lb, loc, i64, count);
  auto scan = scf::ForOp::create(
      lb, loc, index(lb, 0), index(lb, type.getNumElements()), index(lb, 1), ValueRange{none},
      [&](OpBuilder &sb, Location sl, Value linear, ValueRange found) {
        llvm::SmallVector<Value> at = coordinatesOf(sb, sl, linear, shape);
        Value v = memref::LoadOp::create(sb, sl, x, at);
        Value isNonzero =
            llvm::isa<FloatType>(e)
                ? Value(arith::CmpFOp::create(sb, sl, arith::CmpFPredicate::UNE, v,
                                              arith::ConstantOp::create(
                                                  sb, sl, e, sb.getFloatAttr(e, 0.0))))
                : Value(arith::CmpIOp::create(sb, sl, arith::CmpIPredicate::ne, v,
                                              arith::ConstantIntOp::create(sb, sl, e, 0)));
        Value fits = arith::CmpIOp::create(sb, sl, arith::CmpIPredicate::slt, found[0], room);
        Value write = arith::AndIOp::create(sb, sl, isNonzero, fits);
        scf::IfOp::create(sb, sl, write, [&](OpBuilder &tb, Location tl) {
          Value row = arith::IndexCastOp::create(tb, tl, tb.getIndexType(), found[0]);
          for (int64_t d = 0; d < rank; ++d)
            memref::StoreOp::create(tb, tl, arith::IndexCastOp::create(tb, tl, i64, at[d]), out,
                                    ValueRange{row, index(tb, d)});
          scf::YieldOp::create(tb, tl);
        });
        Value next = arith::AddIOp::create(sb, sl, found[0],
                                           arith::ConstantIntOp::create(sb, sl, i64, 1));
        scf::YieldOp::create(
            sb, sl, ValueRange{arith::SelectOp::create(sb, sl, isNonzero, next, found[0])});
      });
  Value found = scan.getResult(0);
  Value wrong = arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::ne, found, room);
  func::FuncOp callback = shapeGuardCallback(loc);
  scf::IfOp::create(lb, loc, wrong, [&](OpBuilder &tb, Location tl) {
    Value site = arith::ConstantIntOp::create(tb, tl, i64, op.getSite());
    func::CallOp::create(tb, tl, callback, ValueRange{site, found, room});
    scf::YieldOp::create(tb, tl);
  });
  (void)ivs;
  return success();
}
