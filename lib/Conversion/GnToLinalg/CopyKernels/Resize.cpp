//===- Resize.cpp - resize and grid_sample kernels --------------------------===//
#include "Emitter.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::copy;

namespace {

/// A resize kernel's sizes per spatial dim: input and output (i64) and the
/// step (f64, gn.resize's inputStep). Constants where the buffers are
/// static; a symbolic kernel's read from its buffers, the step divided at
/// run time as inputStep divides (the same double).
struct ResizeSizes {
  llvm::SmallVector<Value> in, out, step;
  llvm::SmallVector<std::optional<double>> staticStep;
  llvm::SmallVector<int64_t> staticIn; // dynamic where known at run time only

  /// in - 1 along spatial dim `d` (i64): the last input position, a
  /// constant made at `b` where static.
  Value lastIn(OpBuilder &b, Location loc, int64_t d) const {
    Type i64 = b.getI64Type();
    if (!ShapedType::isDynamic(staticIn[d]))
      return arith::ConstantIntOp::create(b, loc, i64, staticIn[d] - 1);
    return arith::SubIOp::create(b, loc, in[d], arith::ConstantIntOp::create(b, loc, i64, 1));
  }
};

ResizeSizes resizeSizes(OpBuilder &b, Location loc, ResizeOp op, Value x, Value out) {
  Type f64 = b.getF64Type(), i64 = b.getI64Type();
  llvm::SmallVector<Value> xSizes = dimSizes(b, loc, x), outSizes = dimSizes(b, loc, out);
  auto xShape = llvm::cast<MemRefType>(x.getType()).getShape();
  auto outShape = llvm::cast<MemRefType>(out.getType()).getShape();
  ResizeSizes r;
  for (size_t d = 2; d < xShape.size(); ++d) {
    r.staticIn.push_back(xShape[d]);
    r.in.push_back(arith::IndexCastOp::create(b, loc, i64, xSizes[d]));
    r.out.push_back(arith::IndexCastOp::create(b, loc, i64, outSizes[d]));
    bool known = op.getScales() ||
                 (!ShapedType::isDynamic(xShape[d]) && !ShapedType::isDynamic(outShape[d]));
    if (known) {
      double step = op.getScales() ? op.inputStep(d - 2)
                                   : op.inputStep(d - 2, xShape[d], outShape[d]);
      r.staticStep.push_back(step);
      r.step.push_back(arith::ConstantOp::create(b, loc, f64, b.getF64FloatAttr(step)));
      continue;
    }
    r.staticStep.push_back(std::nullopt);
    r.step.push_back(arith::DivFOp::create(b, loc, arith::SIToFPOp::create(b, loc, f64, r.in.back()),
                                           arith::SIToFPOp::create(b, loc, f64, r.out.back())));
  }
  return r;
}

} // namespace

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
LogicalResult CopyKernelEmitter::emitWeightedResize(OpBuilder &b, Location loc, ResizeOp op,
                                                    Value x, Value out) {
  auto xShape = llvm::cast<MemRefType>(x.getType()).getShape();
  auto outShape = llvm::cast<MemRefType>(out.getType()).getShape();
  Type e = llvm::cast<MemRefType>(x.getType()).getElementType();
  int64_t rank = xShape.size(), sp = rank - 2;
  ResizeSizes sizes = resizeSizes(b, loc, op, x, out);
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
          if (alignCorners && !ShapedType::isDynamic(in) && !ShapedType::isDynamic(o)) {
            // double(o) * (in - 1) / (out - 1), or 0 for one output.
            src = o > 1 ? Value(arith::DivFOp::create(
                              nb, nloc, arith::MulFOp::create(nb, nloc, pos, f(double(in - 1))),
                              f(double(o - 1))))
                        : Value(f(0));
          } else if (alignCorners) {
            // The same at the sizes bound at run time.
            Value ratio = arith::DivFOp::create(
                nb, nloc,
                arith::MulFOp::create(nb, nloc, pos,
                                      arith::SIToFPOp::create(nb, nloc, f64,
                                                              sizes.lastIn(nb, nloc, d))),
                arith::SIToFPOp::create(nb, nloc, f64,
                                        arith::SubIOp::create(nb, nloc, sizes.out[d], n(1))));
            Value several =
                arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sgt, sizes.out[d], n(1));
            src = arith::SelectOp::create(nb, nloc, several, ratio, f(0));
          } else {
            Value scaled = arith::MulFOp::create(
                nb, nloc, arith::AddFOp::create(nb, nloc, pos, f(0.5)), sizes.step[d]);
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
                               : Value(arith::MinSIOp::create(nb, nloc, i0,
                                                              sizes.lastIn(nb, nloc, d))));
          frac.push_back(
              arith::SubFOp::create(nb, nloc, src, arith::SIToFPOp::create(nb, nloc, f64, i0)));
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
                                       sizes.lastIn(nb, nloc, d));
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
LogicalResult CopyKernelEmitter::emitGridSample(OpBuilder &b, Location loc, GridSampleOp op,
                                                Value x, Value grid, Value out) {
  auto xShape = llvm::cast<MemRefType>(x.getType()).getShape();
  Type e = llvm::cast<MemRefType>(out.getType()).getElementType();
  Type f64 = b.getF64Type(), i64 = b.getI64Type();
  int64_t h = xShape[2], w = xShape[3];
  bool ac = op.getAlignCorners(), border = op.getPaddingMode() == "border";
  bool nearest = op.getMode() == "nearest";
  if (op.getMode() == "bicubic")
    return emitBicubicGridSample(b, loc, op, x, grid, out);
  overOutput(b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
    auto f = [&](double v) {
      return arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(v));
    };
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
      Value p =
          ac ? Value(arith::MulFOp::create(nb, nloc, arith::DivFOp::create(nb, nloc, plus1, f(2)),
                                           f(double(size - 1))))
             : Value(arith::DivFOp::create(
                   nb, nloc,
                   arith::SubFOp::create(
                       nb, nloc, arith::MulFOp::create(nb, nloc, plus1, f(double(size))), f(1)),
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
          arith::AndIOp::create(
              nb, nloc, arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sge, yy, n(0)),
              arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::slt, yy, n(h))),
          arith::AndIOp::create(
              nb, nloc, arith::CmpIOp::create(nb, nloc, arith::CmpIPredicate::sge, xx, n(0)),
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
        return Value(
            arith::FPToSIOp::create(nb, nloc, i64, math::RoundEvenOp::create(nb, nloc, c)));
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

/// grid_sample's bicubic mode as the interpreter runs it (gridSampleBicubic),
/// in f64: the grid point unnormalized, not clamped; on each axis the taps
/// floor(p) - 1 .. floor(p) + 2, each padded (zeros: as it is; border:
/// clipped; reflection: reflected, then clipped) and read as 0 outside;
/// the rows interpolated along x with the cubic weights (A = -0.75), then
/// along y. A grid point that is not finite reads 0.
LogicalResult CopyKernelEmitter::emitBicubicGridSample(OpBuilder &b, Location loc,
                                                       GridSampleOp op, Value x, Value grid,
                                                       Value out) {
  auto xShape = llvm::cast<MemRefType>(x.getType()).getShape();
  Type e = llvm::cast<MemRefType>(out.getType()).getElementType();
  Type f64 = b.getF64Type(), i64 = b.getI64Type();
  int64_t h = xShape[2], w = xShape[3];
  bool ac = op.getAlignCorners();
  llvm::StringRef padding = op.getPaddingMode();
  overOutput(b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
    auto f = [&](double v) {
      return Value(arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(v)));
    };
    auto asF64 = [&](Value v) {
      return v.getType() == f64 ? v : Value(arith::ExtFOp::create(nb, nloc, f64, v));
    };
    auto lt = [&](Value a, Value c) {
      return Value(arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OLT, a, c));
    };
    auto select = [&](Value c, Value a, Value o) {
      return Value(arith::SelectOp::create(nb, nloc, c, a, o));
    };
    auto add = [&](Value a, Value c) { return Value(arith::AddFOp::create(nb, nloc, a, c)); };
    auto sub = [&](Value a, Value c) { return Value(arith::SubFOp::create(nb, nloc, a, c)); };
    auto mul = [&](Value a, Value c) { return Value(arith::MulFOp::create(nb, nloc, a, c)); };
    // std::clamp(v, lo, hi) as the interpreter: v < lo ? lo : (hi < v ? hi : v).
    auto clamp = [&](Value v, double lo, double hi) {
      return select(lt(v, f(lo)), f(lo), select(lt(f(hi), v), f(hi), v));
    };
    Value bi = linalg::IndexOp::create(nb, nloc, 0), ci = linalg::IndexOp::create(nb, nloc, 1);
    Value oi = linalg::IndexOp::create(nb, nloc, 2), oj = linalg::IndexOp::create(nb, nloc, 3);
    auto coordinate = [&](int64_t k, int64_t size) {
      Value g = asF64(memref::LoadOp::create(
          nb, nloc, grid, ValueRange{bi, oi, oj, arith::ConstantIndexOp::create(nb, nloc, k)}));
      Value plus1 = add(g, f(1));
      return ac ? mul(arith::DivFOp::create(nb, nloc, plus1, f(2)), f(double(size - 1)))
                : Value(arith::DivFOp::create(nb, nloc, sub(mul(plus1, f(double(size))), f(1)),
                                              f(2)));
    };
    Value ix = coordinate(0, w), iy = coordinate(1, h);
    auto isFinite = [&](Value v) {
      Value mag = math::AbsFOp::create(nb, nloc, v);
      return Value(arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::ONE, mag, f(INFINITY)));
    };
    Value finite = arith::AndIOp::create(nb, nloc, isFinite(ix), isFinite(iy));
    Value x0 = select(finite, math::FloorOp::create(nb, nloc, ix), f(0));
    Value y0 = select(finite, math::FloorOp::create(nb, nloc, iy), f(0));
    Value tx = select(finite, sub(ix, x0), f(0)), ty = select(finite, sub(iy, y0), f(0));
    // The padded coordinate of tap c (paddedTap), then whether it is inside
    // and its index (clamped into the image, where it is not read).
    auto tap = [&](Value c, int64_t size) -> std::pair<Value, Value> {
      if (padding == "reflection") {
        double lo = ac ? 0 : -0.5, span = ac ? double(size - 1) : double(size);
        if (span <= 0) {
          c = f(0);
        } else {
          Value in = math::AbsFOp::create(nb, nloc, sub(c, f(lo)));
          Value extra = arith::RemFOp::create(nb, nloc, in, f(span));
          Value flips = math::FloorOp::create(nb, nloc, arith::DivFOp::create(nb, nloc, in, f(span)));
          Value even = arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OEQ,
                                             arith::RemFOp::create(nb, nloc, flips, f(2)), f(0));
          c = select(even, add(extra, f(lo)), add(sub(f(span), extra), f(lo)));
        }
      }
      if (padding != "zeros")
        c = clamp(c, 0, double(size - 1));
      Value inside = arith::AndIOp::create(
          nb, nloc, arith::CmpFOp::create(nb, nloc, arith::CmpFPredicate::OGE, c, f(0)),
          lt(c, f(double(size))));
      Value index = arith::IndexCastOp::create(
          nb, nloc, nb.getIndexType(),
          arith::FPToSIOp::create(nb, nloc, i64, clamp(c, 0, double(size - 1))));
      return {inside, index};
    };
    // PyTorch's cubic convolution weights for offset t (cubicWeight).
    auto weight = [&](Value t, int k) {
      const double A = -0.75;
      auto c1 = [&](Value v) { // ((A + 2) v - (A + 3)) v v + 1
        return add(mul(mul(sub(mul(f(A + 2), v), f(A + 3)), v), v), f(1));
      };
      auto c2 = [&](Value v) { // ((A v - 5 A) v + 8 A) v - 4 A
        return sub(mul(add(mul(sub(mul(f(A), v), f(5 * A)), v), f(8 * A)), v), f(4 * A));
      };
      switch (k) {
      case 0: return c2(add(t, f(1)));
      case 1: return c1(t);
      case 2: return c1(sub(f(1), t));
      default: return c2(sub(f(2), t));
      }
    };
    std::pair<Value, Value> xs[4], ys[4];
    Value wx[4], wy[4];
    for (int k = 0; k < 4; ++k) {
      xs[k] = tap(add(x0, f(k - 1)), w);
      ys[k] = tap(add(y0, f(k - 1)), h);
      wx[k] = weight(tx, k);
      wy[k] = weight(ty, k);
    }
    Value v = f(0);
    for (int r = 0; r < 4; ++r) {
      Value row = f(0);
      for (int k = 0; k < 4; ++k) {
        Value read = asF64(memref::LoadOp::create(nb, nloc, x,
                                                  ValueRange{bi, ci, ys[r].second, xs[k].second}));
        Value inside = arith::AndIOp::create(nb, nloc, ys[r].first, xs[k].first);
        row = add(row, mul(select(inside, read, f(0)), wx[k]));
      }
      v = add(v, mul(row, wy[r]));
    }
    v = select(finite, v, f(0));
    linalg::YieldOp::create(nb, nloc, storedFromF64(nb, nloc, v, e));
  });
  return success();
}

/// Nearest resize (F.interpolate's default) and nearest-exact: along each
/// spatial dim the source index is min(floor(pos), in - 1), pos in float32
/// as the interpreter (nearestSource) and the frameworks compute it: o *
/// step as a float product, or for nearest-exact (o + 0.5) * step as a
/// double product rounded to float (step: gn.resize's inputStep as a float).
LogicalResult CopyKernelEmitter::emitNearestResize(OpBuilder &b, Location loc, ResizeOp resize,
                                                   Value x, Value out) {
  auto xShape = llvm::cast<MemRefType>(x.getType()).getShape();
  int64_t rank = xShape.size();
  bool exact = resize.getMode() == "nearest-exact";
  Type f32 = b.getF32Type(), f64 = b.getF64Type(), i64 = b.getI64Type();
  ResizeSizes sizes = resizeSizes(b, loc, resize, x, out);
  overOutput(
      b, loc, ValueRange{}, out, [&](OpBuilder &nb, Location nloc, ValueRange) {
        llvm::SmallVector<Value> at;
        for (int64_t d = 0; d < rank; ++d) {
          Value o = linalg::IndexOp::create(nb, nloc, d);
          std::optional<double> step = d < 2 ? std::optional<double>(1.0) : sizes.staticStep[d - 2];
          float scale = step ? static_cast<float>(*step) : 0.0f;
          if (d < 2 || (step && scale == 1.0f)) {
            at.push_back(o);
            continue;
          }
          Value oi = arith::IndexCastOp::create(nb, nloc, i64, o);
          // The step as a float, as the frameworks take it.
          Value s32 = step ? Value(arith::ConstantOp::create(nb, nloc, f32, nb.getF32FloatAttr(scale)))
                           : Value(arith::TruncFOp::create(nb, nloc, f32, sizes.step[d - 2]));
          Value pos;
          if (exact) {
            Value half = arith::ConstantOp::create(nb, nloc, f64, nb.getF64FloatAttr(0.5));
            Value centre =
                arith::AddFOp::create(nb, nloc, arith::SIToFPOp::create(nb, nloc, f64, oi), half);
            Value s = arith::ExtFOp::create(nb, nloc, f64, s32);
            pos = arith::TruncFOp::create(nb, nloc, f32, arith::MulFOp::create(nb, nloc, centre, s));
          } else {
            pos = arith::MulFOp::create(nb, nloc, arith::SIToFPOp::create(nb, nloc, f32, oi), s32);
          }
          Value i = arith::FPToSIOp::create(nb, nloc, i64, math::FloorOp::create(nb, nloc, pos));
          i = arith::MinSIOp::create(nb, nloc, i, sizes.lastIn(nb, nloc, d - 2));
          at.push_back(arith::IndexCastOp::create(nb, nloc, nb.getIndexType(), i));
        }
        linalg::YieldOp::create(nb, nloc, Value(memref::LoadOp::create(nb, nloc, x, at)));
      });
  return success();
}
