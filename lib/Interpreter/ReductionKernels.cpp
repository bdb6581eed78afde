//===- ReductionKernels.cpp - reductions, scans, softmax ----------------===//
//
// Reductions move the reduced dims last (one strided copy) and then reduce
// contiguous rows, accumulating in double (floats) or int64 (integers).
//
//===----------------------------------------------------------------------===//
#include "Kernels.h"
#include <algorithm>
#include "llvm/ADT/TypeSwitch.h"
#include <cmath>
#include <limits>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::interp;

namespace {

/// `x` with `dims` moved last: returns rows x rowLength.
HostTensor moveDimsLast(const HostTensor &x, llvm::ArrayRef<int64_t> dims, int64_t &rows,
                        int64_t &rowLength) {
  llvm::SmallVector<int64_t, 6> perm, shape;
  for (int64_t i = 0; i < x.rank(); ++i)
    if (!llvm::is_contained(dims, i))
      perm.push_back(i);
  llvm::append_range(perm, dims);
  rowLength = 1;
  for (int64_t d : dims)
    rowLength *= x.shape()[d];
  rows = rowLength ? x.numel() / rowLength : 0;
  bool identity = true;
  for (size_t i = 0; i < perm.size(); ++i)
    identity &= perm[i] == (int64_t)i;
  if (identity)
    return x;
  for (int64_t p : perm)
    shape.push_back(x.shape()[p]);
  HostTensor t(x.dtype(), shape);
  auto s = stridesOf(x.shape());
  llvm::SmallVector<int64_t, 6> ps;
  for (int64_t p : perm)
    ps.push_back(s[p]);
  affineCopy(x, t, 0, ps);
  return t;
}

enum class Kind { Sum, Prod, Max, Min, Any, All, Mean, Var };

HostTensor reduce(Operation *op, const HostTensor &x, llvm::ArrayRef<int64_t> dims, Kind kind,
                  int64_t correction = 0) {
  HostTensor out = makeResult(op);
  int64_t rows, len;
  HostTensor t = moveDimsLast(x, dims, rows, len);
  rows = out.numel(); // also right when a reduced dim is empty (len 0)
  bool isInt = !isFloat(x.dtype());
  HostTensor tf = isInt ? HostTensor() : convertTo(t, floatCompute(t.dtype()));
  for (int64_t r = 0; r < rows; ++r) {
    int64_t base = r * len;
    if (isInt && (kind == Kind::Sum || kind == Kind::Prod || kind == Kind::Max ||
                  kind == Kind::Min)) {
      int64_t acc = kind == Kind::Prod ? 1
                    : kind == Kind::Max ? std::numeric_limits<int64_t>::min()
                    : kind == Kind::Min ? std::numeric_limits<int64_t>::max()
                                        : 0;
      for (int64_t i = 0; i < len; ++i) {
        int64_t v = static_cast<int64_t>(loadAsDouble(t, base + i));
        if (t.dtype() == DType::I64)
          v = t.data<int64_t>()[base + i];
        acc = kind == Kind::Sum ? acc + v : kind == Kind::Prod ? acc * v
              : kind == Kind::Max ? std::max(acc, v) : std::min(acc, v);
      }
      if (out.dtype() == DType::I64)
        out.data<int64_t>()[r] = acc;
      else
        storeFromDouble(out, r, static_cast<double>(acc));
      continue;
    }
    if (!isInt && (kind == Kind::Sum || kind == Kind::Mean || kind == Kind::Max ||
                       kind == Kind::Min)) {
      // Typed fast path for float inputs; accumulates in double.
      double acc2 = kind == Kind::Max ? -INFINITY : kind == Kind::Min ? INFINITY : 0;
      bool nan2 = false;
      dispatchFloat(tf.dtype(), [&](auto tag) {
        using T = decltype(tag);
        const T *p = tf.data<T>() + base;
        if (kind == Kind::Sum || kind == Kind::Mean) {
          for (int64_t i = 0; i < len; ++i)
            acc2 += p[i];
        } else {
          for (int64_t i = 0; i < len; ++i) {
            double v = p[i];
            nan2 |= std::isnan(v);
            acc2 = kind == Kind::Max ? std::max(acc2, v) : std::min(acc2, v);
          }
        }
      });
      if (nan2)
        acc2 = NAN;
      if (kind == Kind::Mean)
        acc2 = len ? acc2 / len : NAN;
      storeFromDouble(out, r, acc2);
      continue;
    }
    double acc = kind == Kind::Prod || kind == Kind::All ? 1
                 : kind == Kind::Max ? -INFINITY
                 : kind == Kind::Min ? INFINITY
                                     : 0;
    bool sawNaN = false;
    for (int64_t i = 0; i < len; ++i) {
      double v = loadAsDouble(t, base + i);
      switch (kind) {
      case Kind::Sum: case Kind::Mean: case Kind::Var: acc += v; break;
      case Kind::Prod: acc *= v; break;
      case Kind::Max: sawNaN |= std::isnan(v); acc = std::max(acc, v); break;
      case Kind::Min: sawNaN |= std::isnan(v); acc = std::min(acc, v); break;
      case Kind::Any: acc = acc || v != 0; break;
      case Kind::All: acc = acc && v != 0; break;
      }
    }
    if (sawNaN)
      acc = NAN;
    if (kind == Kind::Mean)
      acc = len ? acc / len : NAN;
    if (kind == Kind::Var) {
      double mean = len ? acc / len : NAN, ss = 0;
      for (int64_t i = 0; i < len; ++i) {
        double d = loadAsDouble(t, base + i) - mean;
        ss += d * d;
      }
      // torch divides by max(0, len - correction): 0 / 0 is NaN, more is inf.
      acc = ss / double(std::max<int64_t>(0, len - correction));
    }
    storeFromDouble(out, r, acc);
  }
  return out;
}

HostTensor argReduce(Operation *op, const HostTensor &x, int64_t dim, bool isMax) {
  HostTensor out = makeResult(op);
  int64_t rows, len;
  HostTensor t = moveDimsLast(x, {dim}, rows, len);
  for (int64_t r = 0; r < rows; ++r) {
    int64_t best = 0;
    double bv = loadAsDouble(t, r * len);
    for (int64_t i = 1; i < len && !std::isnan(bv); ++i) {
      double v = loadAsDouble(t, r * len + i);
      if (std::isnan(v) || (isMax ? v > bv : v < bv)) {
        bv = v;
        best = i;
      }
    }
    out.data<int64_t>()[r] = best;
  }
  return out;
}

/// Moves the element of rank `kth` (0-based) in the order `before` to
/// position `kth` as PyTorch's kthvalue CPU kernel does, so that among equal
/// values the same index lands there: Sedgewick's quickselect, each round
/// taking the median of the first, middle and last as its pivot (the middle
/// swapped next to the first, the three put in order), then scanning from
/// both ends and swapping pairs on the wrong side, the pivot swapped into
/// place and the side that holds `kth` kept.
template <typename Pair, typename Before>
void quickSelect(std::vector<Pair> &line, int64_t kth, Before before) {
  auto after = [&](const Pair &a, const Pair &b) { return before(b, a); };
  int64_t lo = 0, hi = int64_t(line.size()) - 1;
  while (hi > lo) {
    if (hi == lo + 1) {
      if (after(line[lo], line[hi]))
        std::swap(line[lo], line[hi]);
      return;
    }
    std::swap(line[(lo + hi) >> 1], line[lo + 1]);
    if (after(line[lo + 1], line[hi]))
      std::swap(line[lo + 1], line[hi]);
    if (after(line[lo], line[hi]))
      std::swap(line[lo], line[hi]);
    if (after(line[lo + 1], line[lo]))
      std::swap(line[lo + 1], line[lo]);
    // line[lo + 1] <= pivot <= line[hi]: both scans stop inside.
    Pair pivot = line[lo];
    int64_t i = lo + 1, j = hi;
    while (true) {
      do
        ++i;
      while (after(pivot, line[i]));
      do
        --j;
      while (after(line[j], pivot));
      if (j < i)
        break;
      std::swap(line[i], line[j]);
    }
    std::swap(line[lo], line[j]);
    if (j <= kth)
      lo = i;
    if (j >= kth)
      hi = j - 1;
  }
}

/// Sorted top-k indices along `dim`, NaN above every number, equal values
/// ordered as `ties` says (gn.top_k's description): "index" stable, as
/// torch.sort(stable=True); "sort" as std::sort, the frameworks' sort without
/// stable; "select" / "select-strict" as PyTorch's / PaddlePaddle's topk, a
/// std::partial_sort when k * 64 <= len (< len), else std::nth_element at
/// k - 1 and a std::sort of the k - 1 before it; "quickselect" as
/// PyTorch's kthvalue (quickSelect above). Each is the libraries' algorithm
/// on (value, index) pairs under a comparator on values, so equal values
/// resolve alike.
HostTensor topK(Operation *op, const HostTensor &x, int64_t k, int64_t dim, bool largest,
                std::optional<llvm::StringRef> tiesAttr) {
  HostTensor out = makeResult(op);
  int64_t len = x.shape()[dim], inner = 1, outer = 1;
  for (int64_t d = dim + 1; d < x.rank(); ++d)
    inner *= x.shape()[d];
  for (int64_t d = 0; d < dim; ++d)
    outer *= x.shape()[d];
  llvm::StringRef ties = tiesAttr ? *tiesAttr : k == len ? "index" : "select-strict";
  bool partial = ties == "select" ? k * 64 <= len : k * 64 < len;
  std::vector<std::pair<double, int64_t>> line(len);
  auto before = [largest](const std::pair<double, int64_t> &a,
                          const std::pair<double, int64_t> &b) {
    bool an = std::isnan(a.first), bn = std::isnan(b.first);
    return largest ? (an && !bn) || a.first > b.first : (!an && bn) || a.first < b.first;
  };
  int64_t *o = out.data<int64_t>();
  for (int64_t i = 0; i < outer; ++i)
    for (int64_t j = 0; j < inner; ++j) {
      int64_t base = i * len * inner + j;
      for (int64_t q = 0; q < len; ++q)
        line[q] = {loadAsDouble(x, base + q * inner), q};
      if (k == 0) {
        continue;
      } else if (ties == "index") {
        std::stable_sort(line.begin(), line.end(), before);
      } else if (ties == "sort") {
        std::sort(line.begin(), line.end(), before);
      } else if (ties == "quickselect") {
        quickSelect(line, k - 1, before);
      } else if (partial) {
        std::partial_sort(line.begin(), line.begin() + k, line.end(), before);
      } else {
        std::nth_element(line.begin(), line.begin() + k - 1, line.end(), before);
        std::sort(line.begin(), line.begin() + k - 1, before);
      }
      for (int64_t q = 0; q < k; ++q)
        o[i * k * inner + q * inner + j] = line[q].second;
    }
  return out;
}

/// Applies `rowFn(in, out, len, stride)` along `dim` for every line.
template <typename F>
HostTensor alongDim(Operation *op, const HostTensor &x, int64_t dim, F &&rowFn) {
  HostTensor out = makeResult(op);
  int64_t len = x.shape()[dim], inner = 1, outer = 1;
  for (int64_t k = dim + 1; k < x.rank(); ++k)
    inner *= x.shape()[k];
  for (int64_t k = 0; k < dim; ++k)
    outer *= x.shape()[k];
  std::vector<double> in(len), res(len);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      int64_t base = o * len * inner + i;
      for (int64_t k = 0; k < len; ++k)
        in[k] = loadAsDouble(x, base + k * inner);
      rowFn(in, res);
      for (int64_t k = 0; k < len; ++k)
        storeFromDouble(out, base + k * inner, res[k]);
    }
  return out;
}

/// Softmax along a dim of length `len` with element stride `inner`.
HostTensor softmax(Operation *op, const HostTensor &x0, int64_t dim, bool log) {
  DType ct = floatCompute(x0.dtype());
  HostTensor x = convertTo(x0, ct), y(ct, x0.shape(), false);
  int64_t len = x.shape()[dim], inner = 1, outer = 1;
  for (int64_t k = dim + 1; k < x.rank(); ++k)
    inner *= x.shape()[k];
  for (int64_t k = 0; k < dim; ++k)
    outer *= x.shape()[k];
  dispatchFloat(ct, [&](auto tag) {
    using T = decltype(tag);
    const T *px = x.data<T>();
    T *py = y.data<T>();
    for (int64_t o = 0; o < outer; ++o)
      for (int64_t i = 0; i < inner; ++i) {
        const T *src = px + o * len * inner + i;
        T *dst = py + o * len * inner + i;
        T m = -INFINITY;
        for (int64_t k = 0; k < len; ++k)
          m = std::max(m, src[k * inner]);
        double sum = 0;
        for (int64_t k = 0; k < len; ++k)
          sum += expRounded(src[k * inner] - m);
        if (log) {
          T ls = static_cast<T>(std::log(sum));
          for (int64_t k = 0; k < len; ++k)
            dst[k * inner] = src[k * inner] - m - ls;
        } else {
          // The sum in the compute type, then its reciprocal (gn-decompose's
          // softmax, so compiled kernels round alike).
          T inv = T(1) / static_cast<T>(sum);
          for (int64_t k = 0; k < len; ++k)
            dst[k * inner] = expRounded(src[k * inner] - m) * inv;
        }
      }
  });
  return convertTo(y, resultDType(op));
}

} // namespace

std::optional<LogicalResult> mlir::gn::interp::runReduction(Operation *op, Operands in, Results &out) {
  auto done = [&](HostTensor t) {
    out.push_back(std::move(t));
    return std::optional<LogicalResult>(success());
  };
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](ReduceSumOp r) { return done(reduce(op, in[0], r.getDims(), Kind::Sum)); })
      .Case([&](ReduceProdOp r) { return done(reduce(op, in[0], r.getDims(), Kind::Prod)); })
      .Case([&](ReduceMaxOp r) { return done(reduce(op, in[0], r.getDims(), Kind::Max)); })
      .Case([&](ReduceMinOp r) { return done(reduce(op, in[0], r.getDims(), Kind::Min)); })
      .Case([&](ReduceAnyOp r) { return done(reduce(op, in[0], r.getDims(), Kind::Any)); })
      .Case([&](ReduceAllOp r) { return done(reduce(op, in[0], r.getDims(), Kind::All)); })
      .Case([&](ReduceMeanOp r) { return done(reduce(op, in[0], r.getDims(), Kind::Mean)); })
      .Case([&](VarianceOp r) {
        return done(reduce(op, in[0], r.getDims(), Kind::Var, r.getCorrection()));
      })
      .Case([&](ArgMaxOp r) { return done(argReduce(op, in[0], r.getDim(), true)); })
      .Case([&](ArgMinOp r) { return done(argReduce(op, in[0], r.getDim(), false)); })
      .Case([&](TopKOp t) {
        return done(topK(op, in[0], t.getK(), t.getDim(), t.getLargest(), t.getTies()));
      })
      .Case([&](CumSumOp c) {
        return done(alongDim(op, in[0], c.getDim(), [](auto &a, auto &b) {
          double s = 0;
          for (size_t k = 0; k < a.size(); ++k)
            b[k] = s += a[k];
        }));
      })
      .Case([&](CumProdOp c) {
        // Without accumulate_f64 each step rounds to the element type.
        HostTensor step(in[0].dtype(), {1});
        bool wide = c.getAccumulateF64();
        return done(alongDim(op, in[0], c.getDim(), [&](auto &a, auto &b) {
          double p = 1;
          for (size_t k = 0; k < a.size(); ++k) {
            p *= a[k];
            if (!wide) {
              storeFromDouble(step, 0, p);
              p = loadAsDouble(step, 0);
            }
            b[k] = p;
          }
        }));
      })
      .Case([&](SoftmaxOp s) { return done(softmax(op, in[0], s.getDim(), false)); })
      .Case([&](LogSoftmaxOp s) { return done(softmax(op, in[0], s.getDim(), true)); })
      .Default([](Operation *) { return std::nullopt; });
}
