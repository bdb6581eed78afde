//===- DataMovementKernels.cpp - reshape, slice, concat, gather, ... ----===//
#include "Kernels.h"
#include "gn/Support/RuntimeErrors.h"
#include "gn/Support/ShapeGuard.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/TypeSwitch.h"
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::interp;

namespace {

HostTensor transpose(Operation *op, const HostTensor &x, llvm::ArrayRef<int64_t> perm) {
  HostTensor out = makeResult(op);
  auto s = stridesOf(x.shape());
  llvm::SmallVector<int64_t, 6> ps;
  for (int64_t p : perm)
    ps.push_back(s[p]);
  affineCopy(x, out, 0, ps);
  return out;
}

HostTensor broadcastTo(Operation *op, const HostTensor &x) {
  HostTensor out = makeResult(op);
  affineCopy(x, out, 0, broadcastStrides(x.shape(), out.shape()));
  return out;
}

/// A slice's window [start, start + (size - 1) * step] must lie in the
/// sliced tensor: with symbolic dims a literal limit may pass a dim that is
/// smaller at this binding than at the compile example.
LogicalResult checkSliceWindow(Operation *op, llvm::ArrayRef<int64_t> sliced,
                               llvm::ArrayRef<int64_t> window, llvm::ArrayRef<int64_t> starts,
                               llvm::ArrayRef<int64_t> steps) {
  for (size_t k = 0; k < window.size(); ++k)
    if (window[k] > 0 && starts[k] + (window[k] - 1) * steps[k] >= sliced[k])
      return op->emitError() << "slice of " << window[k] << " from " << starts[k] << " by "
                             << steps[k] << " passes the end of dim " << k << " of size "
                             << sliced[k] << " at these sizes";
  return success();
}

HostTensor slice(Operation *op, const HostTensor &x, llvm::ArrayRef<int64_t> starts,
                 llvm::ArrayRef<int64_t> steps) {
  HostTensor out = makeResult(op);
  auto s = stridesOf(x.shape());
  int64_t base = 0;
  llvm::SmallVector<int64_t, 6> st;
  for (size_t k = 0; k < s.size(); ++k) {
    base += starts[k] * s[k];
    st.push_back(steps[k] * s[k]);
  }
  affineCopy(x, out, base, st);
  return out;
}

HostTensor insertSlice(InsertSliceOp op, const HostTensor &src, const HostTensor &dest) {
  HostTensor out(dest.dtype(), dest.shape());
  std::memcpy(out.bytes(), dest.bytes(), dest.nbytes());
  auto s = stridesOf(dest.shape());
  auto starts = op.getStarts(), steps = op.getSteps();
  size_t es = sizeOf(dest.dtype());
  forEachIndex(src.shape(), [&](int64_t lin, llvm::ArrayRef<int64_t> idx) {
    int64_t off = 0;
    for (size_t k = 0; k < idx.size(); ++k)
      off += (starts[k] + idx[k] * steps[k]) * s[k];
    std::memcpy(out.bytes() + off * es, src.bytes() + lin * es, es);
  });
  return out;
}

HostTensor concat(Operation *op, Operands in, int64_t dim) {
  HostTensor out = makeResult(op);
  size_t es = sizeOf(out.dtype());
  int64_t outer = 1;
  for (int64_t k = 0; k < dim; ++k)
    outer *= out.shape()[k];
  int64_t inner = 1;
  for (int64_t k = dim + 1; k < out.rank(); ++k)
    inner *= out.shape()[k];
  int64_t outRow = out.shape()[dim] * inner * es, offset = 0;
  for (const HostTensor &t : in) {
    int64_t row = t.shape()[dim] * inner * es;
    for (int64_t o = 0; o < outer; ++o)
      std::memcpy(out.bytes() + o * outRow + offset, t.bytes() + o * row, row);
    offset += row;
  }
  return out;
}

HostTensor pad(PadOp op, const HostTensor &x) {
  HostTensor out = makeResult(op);
  auto low = op.getLow();
  auto s = stridesOf(x.shape());
  llvm::StringRef mode = op.getMode();
  double value = op.getValue().convertToDouble();
  size_t es = sizeOf(x.dtype());
  HostTensor fill(x.dtype(), {1});
  storeFromDouble(fill, 0, value);
  bool growOnly = llvm::all_of(low, [](int64_t l) { return l >= 0; }) &&
                  llvm::all_of(llvm::zip(x.shape(), out.shape()),
                               [](auto p) { return std::get<0>(p) <= std::get<1>(p); });
  if (mode == "constant" && growOnly && x.rank() > 0) {
    // Fill with the value, then copy x's rows into the interior.
    if (out.numel() > 0) {
      std::memcpy(out.bytes(), fill.bytes(), es);
      fillWithFirst(out);
    }
    auto os = stridesOf(out.shape());
    int64_t inner = x.shape().back(), lowBase = 0;
    for (size_t k = 0; k < os.size(); ++k)
      lowBase += low[k] * os[k];
    forEachRow<1>(x.shape(), {os}, [&](int64_t r, std::array<int64_t, 1> off) {
      std::memcpy(out.bytes() + (lowBase + off[0]) * es, x.bytes() + r * inner * es, inner * es);
    });
    return out;
  }
  forEachIndex(out.shape(), [&](int64_t lin, llvm::ArrayRef<int64_t> idx) {
    int64_t off = 0;
    bool inside = true;
    for (size_t k = 0; k < idx.size(); ++k) {
      int64_t n = x.shape()[k], i = idx[k] - low[k];
      if (i < 0 || i >= n) {
        if (mode == "constant") {
          inside = false;
          break;
        }
        if (mode == "reflect")
          i = i < 0 ? -i : 2 * (n - 1) - i;
        else if (mode == "replicate")
          i = i < 0 ? 0 : n - 1;
        else // circular
          i = ((i % n) + n) % n;
      }
      off += i * s[k];
    }
    std::memcpy(out.bytes() + lin * es, inside ? x.bytes() + off * es : fill.bytes(), es);
  });
  return out;
}

HostTensor tile(Operation *op, const HostTensor &x) {
  HostTensor out = makeResult(op);
  auto s = stridesOf(x.shape());
  gatherBytes(x, out, [&](llvm::ArrayRef<int64_t> idx) {
    int64_t off = 0;
    for (size_t k = 0; k < idx.size(); ++k)
      off += (idx[k] % x.shape()[k]) * s[k];
    return off;
  });
  return out;
}

HostTensor flip(FlipOp op, const HostTensor &x) {
  HostTensor out = makeResult(op);
  auto s = stridesOf(x.shape());
  int64_t base = 0;
  llvm::SmallVector<int64_t, 6> st(s.begin(), s.end());
  for (int64_t d : op.getDims()) {
    base += (x.shape()[d] - 1) * s[d];
    st[d] = -s[d];
  }
  if (x.numel())
    affineCopy(x, out, base, st);
  return out;
}

HostTensor roll(RollOp op, const HostTensor &x) {
  HostTensor out = makeResult(op);
  auto s = stridesOf(x.shape());
  llvm::SmallVector<int64_t, 6> shift(x.rank(), 0);
  for (auto [sh, d] : llvm::zip(op.getShifts(), op.getDims()))
    shift[d] += sh;
  gatherBytes(x, out, [&](llvm::ArrayRef<int64_t> idx) {
    int64_t off = 0;
    for (size_t k = 0; k < idx.size(); ++k) {
      int64_t n = x.shape()[k];
      off += n ? ((((idx[k] - shift[k]) % n) + n) % n) * s[k] : 0;
    }
    return off;
  });
  return out;
}

HostTensor triangular(TriangularOp op, const HostTensor &x) {
  HostTensor out = makeResult(op);
  int64_t diag = static_cast<int64_t>(op.getDiagonal());
  bool upper = op.getUpper();
  int64_t r = x.rank(), cols = x.shape()[r - 1], rows = x.shape()[r - 2];
  size_t es = sizeOf(x.dtype());
  for (int64_t i = 0; i < x.numel(); ++i) {
    int64_t c = i % cols, row = (i / cols) % rows;
    bool keep = upper ? c - row >= diag : c - row <= diag;
    if (keep)
      std::memcpy(out.bytes() + i * es, x.bytes() + i * es, es);
    else
      std::memset(out.bytes() + i * es, 0, es);
  }
  return out;
}

/// Index value `i` of an i32/i64 tensor, a negative one counted from the
/// end where `wrapNegative` (else out of range). Out of range, `ok` is false
/// and the first such index is kept in `bad` for the message.
int64_t indexAt(const HostTensor &idx, int64_t i, int64_t size, bool wrapNegative, bool &ok,
                std::optional<int64_t> &bad) {
  int64_t raw = idx.dtype() == DType::I64 ? idx.data<int64_t>()[i] : idx.data<int32_t>()[i];
  int64_t v = raw < 0 && wrapNegative ? raw + size : raw;
  ok = v >= 0 && v < size;
  if (!ok && !bad)
    bad = raw;
  return ok ? v : 0;
}

LogicalResult outOfRange(Operation *op, int64_t index, int64_t size) {
  return op->emitError() << indexOutOfRangeMessage(index, size);
}

FailureOr<HostTensor> indexSelect(IndexSelectOp op, const HostTensor &x,
                                  const HostTensor &idx) {
  HostTensor out = makeResult(op);
  int64_t dim = op.getDim(), n = x.shape()[dim];
  int64_t outer = 1, inner = 1;
  for (int64_t k = 0; k < dim; ++k)
    outer *= x.shape()[k];
  for (int64_t k = dim + 1; k < x.rank(); ++k)
    inner *= x.shape()[k];
  size_t es = sizeOf(x.dtype()), row = inner * es;
  int64_t m = idx.numel();
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t j = 0; j < m; ++j) {
      bool ok;
      std::optional<int64_t> bad;
      int64_t i = indexAt(idx, j, n, op.getWrapNegative(), ok, bad);
      if (!ok)
        return outOfRange(op, *bad, n);
      std::memcpy(out.bytes() + (o * m + j) * row, x.bytes() + (o * n + i) * row, row);
    }
  return out;
}

FailureOr<HostTensor> gather(GatherOp op, const HostTensor &x, const HostTensor &idx) {
  HostTensor out = makeResult(op);
  int64_t dim = op.getDim(), n = x.shape()[dim];
  auto s = stridesOf(x.shape());
  size_t es = sizeOf(x.dtype());
  std::optional<int64_t> bad;
  forEachIndex(idx.shape(), [&](int64_t lin, llvm::ArrayRef<int64_t> pos) {
    bool ok;
    int64_t i = indexAt(idx, lin, n, op.getWrapNegative(), ok, bad);
    int64_t off = 0;
    for (size_t k = 0; k < pos.size(); ++k)
      off += (int64_t(k) == dim ? i : pos[k]) * s[k];
    std::memcpy(out.bytes() + lin * es, x.bytes() + off * es, es);
  });
  if (bad)
    return outOfRange(op, *bad, n);
  return out;
}

FailureOr<HostTensor> scatter(ScatterOp op, const HostTensor &src, const HostTensor &x,
                              const HostTensor &idx) {
  enum class Reduce { None, Add, Mean, Mul, Max, Min };
  std::optional<Reduce> reduce = llvm::StringSwitch<std::optional<Reduce>>(op.getReduce())
                                     .Case("none", Reduce::None)
                                     .Case("add", Reduce::Add)
                                     .Case("mean", Reduce::Mean)
                                     .Case("mul", Reduce::Mul)
                                     .Case("amax", Reduce::Max)
                                     .Case("amin", Reduce::Min)
                                     .Default(std::nullopt);
  if (!reduce)
    return op.emitError() << "unsupported scatter reduction '" << op.getReduce() << "'";
  HostTensor out(x.dtype(), x.shape());
  std::memcpy(out.bytes(), x.bytes(), x.nbytes());
  int64_t dim = op.getDim(), n = x.shape()[dim];
  auto s = stridesOf(x.shape()), ss = stridesOf(src.shape());
  bool includeSelf = op.getIncludeSelf();
  std::vector<int64_t> counts(*reduce == Reduce::Mean ? x.numel() : 0, includeSelf ? 1 : 0);
  std::vector<bool> touched(includeSelf ? 0 : x.numel(), false);
  double identity = *reduce == Reduce::Mul ? 1
                    : *reduce == Reduce::Max ? -INFINITY
                    : *reduce == Reduce::Min ? INFINITY
                                             : 0;
  std::optional<int64_t> bad;
  forEachIndex(idx.shape(), [&](int64_t lin, llvm::ArrayRef<int64_t> pos) {
    bool ok;
    int64_t i = indexAt(idx, lin, n, op.getWrapNegative(), ok, bad);
    if (!ok)
      return;
    int64_t off = 0, soff = 0;
    for (size_t k = 0; k < pos.size(); ++k) {
      off += (int64_t(k) == dim ? i : pos[k]) * s[k];
      soff += pos[k] * ss[k];
    }
    double v = loadAsDouble(src, soff);
    if (*reduce == Reduce::None) {
      storeFromDouble(out, off, v);
      return;
    }
    double cur = loadAsDouble(out, off);
    if (!includeSelf && !touched[off]) {
      touched[off] = true;
      cur = identity;
    }
    switch (*reduce) {
    case Reduce::Add:
    case Reduce::Mean:
      cur += v;
      break;
    case Reduce::Mul:
      cur *= v;
      break;
    case Reduce::Max:
      cur = std::max(cur, v);
      break;
    case Reduce::Min:
      cur = std::min(cur, v);
      break;
    case Reduce::None:
      break;
    }
    if (*reduce == Reduce::Mean)
      ++counts[off];
    storeFromDouble(out, off, cur);
  });
  if (bad)
    return outOfRange(op, *bad, n);
  if (*reduce == Reduce::Mean)
    for (int64_t i = 0; i < out.numel(); ++i)
      if (counts[i] > 1)
        storeFromDouble(out, i, loadAsDouble(out, i) / counts[i]);
  return out;
}

} // namespace

/// Row-major indices of the nonzero elements; the count must be the one
/// the op is specialized to (a shape guard otherwise).
FailureOr<HostTensor> nonzero(NonzeroOp op, const HostTensor &x) {
  int64_t found = 0, rank = x.rank();
  for (int64_t i = 0; i < x.numel(); ++i)
    found += loadAsDouble(x, i) != 0;
  if (found != (int64_t)op.getCount())
    return op.emitError(shapeGuardMessage(op.getSite(), found, op.getCount()));
  HostTensor out = makeResult(op);
  int64_t *o = out.data<int64_t>(), row = 0;
  forEachIndex(x.shape(), [&](int64_t lin, llvm::ArrayRef<int64_t> pos) {
    if (loadAsDouble(x, lin) == 0)
      return;
    for (int64_t d = 0; d < rank; ++d)
      o[row * rank + d] = pos[d];
    ++row;
  });
  return out;
}

/// The input itself, once the size its values give is the specialized one.
FailureOr<HostTensor> sizeGuard(SizeGuardOp op, const HostTensor &x) {
  int64_t found = measureValueSize(op.getMeasure(), op.getAtLeast(), x.numel(), [&](int64_t i) {
    return static_cast<int64_t>(loadAsDouble(x, i));
  });
  if (found != (int64_t)op.getSize())
    return op.emitError(shapeGuardMessage(op.getSite(), found, op.getSize()));
  return x;
}

/// The input itself, once every element of `holds` is true.
FailureOr<HostTensor> check(CheckOp op, const HostTensor &x, const HostTensor &holds) {
  for (int64_t i = 0; i < holds.numel(); ++i)
    if (loadAsDouble(holds, i) == 0)
      return op.emitError(valueCheckMessage(valueCheckNamed(op.getWhat())->code));
  return x;
}

std::optional<LogicalResult> mlir::gn::interp::runDataMovement(Operation *op, Operands in, Results &out) {
  auto done = [&](HostTensor t) {
    out.push_back(std::move(t));
    return std::optional<LogicalResult>(success());
  };
  auto maybe = [&](FailureOr<HostTensor> t) -> std::optional<LogicalResult> {
    if (failed(t))
      return failure();
    out.push_back(std::move(*t));
    return success();
  };
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](ReshapeOp) { return done(in[0].reshaped(resultShape(op))); })
      // Its guard was checked when the symbols were bound (Interpreter::run).
      .Case([&](SpecializeOp) { return done(in[0]); })
      .Case([&](TransposeOp t) { return done(transpose(op, in[0], t.getPermutation())); })
      .Case([&](BroadcastToOp) { return done(broadcastTo(op, in[0])); })
      .Case([&](SliceOp s) -> std::optional<LogicalResult> {
        if (failed(checkSliceWindow(op, in[0].shape(), resultShape(op), s.getStarts(),
                                    s.getSteps())))
          return failure();
        return done(slice(op, in[0], s.getStarts(), s.getSteps()));
      })
      .Case([&](InsertSliceOp s) -> std::optional<LogicalResult> {
        if (failed(checkSliceWindow(op, in[1].shape(), in[0].shape(), s.getStarts(),
                                    s.getSteps())))
          return failure();
        return done(insertSlice(s, in[0], in[1]));
      })
      .Case([&](ConcatOp c) { return done(concat(op, in, c.getDim())); })
      .Case([&](PadOp p) { return done(pad(p, in[0])); })
      .Case([&](TileOp) { return done(tile(op, in[0])); })
      .Case([&](FlipOp f) { return done(flip(f, in[0])); })
      .Case([&](RollOp r) { return done(roll(r, in[0])); })
      .Case([&](TriangularOp t) { return done(triangular(t, in[0])); })
      .Case([&](IndexSelectOp s) { return maybe(indexSelect(s, in[0], in[1])); })
      .Case([&](GatherOp g) { return maybe(gather(g, in[0], in[1])); })
      .Case([&](NonzeroOp n) { return maybe(nonzero(n, in[0])); })
      .Case([&](SizeGuardOp g) { return maybe(sizeGuard(g, in[0])); })
      .Case([&](CheckOp c) { return maybe(check(c, in[0], in[1])); })
      .Case([&](ScatterOp s) { return maybe(scatter(s, in[0], in[1], in[2])); })
      .Default([](Operation *) { return std::nullopt; });
}
