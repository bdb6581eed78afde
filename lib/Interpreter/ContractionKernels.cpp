//===- ContractionKernels.cpp - matmul, linear, einsum, attention -------===//
//
// Floating contractions run in f32 (f16/bf16 are widened; oneDNN sgemm) or
// f64 (OpenBLAS dgemm), one call per batch; integer matmuls use plain loops.
//
//===----------------------------------------------------------------------===//
#include "Kernels.h"
#include "llvm/ADT/TypeSwitch.h"
#include <cblas.h>
#include <oneapi/dnnl/dnnl.h>
#include <cmath>
#include <map>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::interp;

namespace {

/// C[m,n] = A[m,k] * B[k,n] (+ C when accumulate), row-major, for float/double.
template <typename T>
void gemm(bool transA, bool transB, int64_t m, int64_t n, int64_t k, const T *a, int64_t lda,
          const T *b, int64_t ldb, T *c, int64_t ldc, T beta) {
  if constexpr (std::is_same_v<T, float>) {
    // oneDNN's row-major sgemm shares the OpenMP thread pool with the
    // convolutions (OpenBLAS's own pthreads would fight it for the cores).
    dnnl_sgemm(transA ? 'T' : 'N', transB ? 'T' : 'N', m, n, k, 1.0f, a, lda, b, ldb, beta, c,
               ldc);
  } else {
    auto ta = transA ? CblasTrans : CblasNoTrans, tb = transB ? CblasTrans : CblasNoTrans;
    cblas_dgemm(CblasRowMajor, ta, tb, m, n, k, 1.0, a, lda, b, ldb, beta, c, ldc);
  }
}

/// The compute dtype of a floating contraction: f64 stays, the rest -> f32.
DType computeType(DType d) { return d == DType::F64 ? DType::F64 : DType::F32; }

/// Batched matmul with torch.matmul semantics; returns the result in `outType`.
HostTensor matmul(const HostTensor &a0, const HostTensor &b0, DType outType,
                  llvm::ArrayRef<int64_t> outShape) {
  // Promote vectors to matrices.
  llvm::SmallVector<int64_t, 6> sa(a0.shape()), sb(b0.shape());
  if (sa.size() == 1)
    sa.insert(sa.begin(), 1);
  if (sb.size() == 1)
    sb.push_back(1);
  int64_t m = sa[sa.size() - 2], k = sa.back(), n = sb.back();
  llvm::SmallVector<int64_t, 6> batchA(sa.begin(), sa.end() - 2), batchB(sb.begin(), sb.end() - 2);
  auto batch = *gn::broadcastShapes(batchA, batchB);
  int64_t nb = 1;
  for (int64_t d : batch)
    nb *= d;
  auto stA = broadcastStrides(batchA, batch), stB = broadcastStrides(batchB, batch);
  HostTensor out(outType, outShape);
  if (isFloat(a0.dtype())) {
    DType ct = computeType(a0.dtype());
    HostTensor a = convertTo(a0, ct), b = convertTo(b0, ct);
    HostTensor c = ct == outType ? HostTensor(ct, outShape) : HostTensor(ct, outShape);
    dispatch(ct, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        int64_t bi = 0;
        forEachIndex(batch, [&](int64_t lin, llvm::ArrayRef<int64_t> idx) {
          int64_t oa = 0, ob = 0;
          for (size_t q = 0; q < idx.size(); ++q) {
            oa += idx[q] * stA[q];
            ob += idx[q] * stB[q];
          }
          // batch strides are in units of whole matrices
          gemm<T>(false, false, m, n, k, a.data<T>() + oa * m * k, k, b.data<T>() + ob * k * n,
                  n, c.data<T>() + lin * m * n, n, T(0));
          ++bi;
        });
      }
    });
    return convertTo(c, outType).reshaped(outShape);
  }
  // Integer matmul.
  int64_t lin = 0;
  forEachIndex(batch, [&](int64_t, llvm::ArrayRef<int64_t> idx) {
    int64_t oa = 0, ob = 0;
    for (size_t q = 0; q < idx.size(); ++q) {
      oa += idx[q] * stA[q];
      ob += idx[q] * stB[q];
    }
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        double s = 0;
        for (int64_t p = 0; p < k; ++p)
          s += loadAsDouble(a0, oa * m * k + i * k + p) * loadAsDouble(b0, ob * k * n + p * n + j);
        storeFromDouble(out, lin * m * n + i * n + j, s);
      }
    ++lin;
  });
  (void)nb;
  return out;
}

HostTensor linear(Operation *op, const HostTensor &x, const HostTensor &w, const HostTensor *b) {
  HostTensor out = makeResult(op);
  DType ct = computeType(x.dtype());
  HostTensor xc = convertTo(x, ct), wc = convertTo(w, ct);
  int64_t k = x.shape().back(), rows = k ? x.numel() / k : 0;
  int64_t n = w.rank() == 2 ? w.shape()[0] : 1;
  HostTensor c(ct, {rows, n});
  if (b) {
    HostTensor bc = convertTo(*b, ct);
    // Broadcast the bias into every row first, then accumulate.
    dispatch(ct, [&](auto tag) {
      using T = decltype(tag);
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) {
        const T *pb = bc.data<T>();
        T *pc = c.data<T>();
        for (int64_t r = 0; r < rows; ++r)
          for (int64_t j = 0; j < n; ++j)
            pc[r * n + j] = pb[bc.numel() == 1 ? 0 : j];
      }
    });
  }
  dispatch(ct, [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
      gemm<T>(false, true, rows, n, k, xc.data<T>(), k, wc.data<T>(), k, c.data<T>(), n,
              b ? T(1) : T(0));
  });
  return convertTo(c, out.dtype()).reshaped(out.shape());
}

/// einsum by direct summation over all labels (small operands in practice).
HostTensor einsum(EinsumOp op, Operands in) {
  HostTensor out = makeResult(op);
  auto [lhs, rhs] = op.getEquation().split("->");
  llvm::SmallVector<llvm::StringRef> terms;
  lhs.split(terms, ',');
  std::map<char, int64_t> sizes;
  for (auto [term, t] : llvm::zip(terms, in))
    for (auto [c, d] : llvm::zip(term, t.shape()))
      sizes[c] = std::max(sizes[c], d);
  std::string labels;
  llvm::SmallVector<int64_t> dims;
  for (auto [c, d] : sizes) {
    labels += c;
    dims.push_back(d);
  }
  auto pos = [&](char c) { return labels.find(c); };
  std::vector<double> acc(out.numel(), 0.0);
  auto outStrides = stridesOf(out.shape());
  std::vector<llvm::SmallVector<int64_t, 6>> inStrides;
  for (const HostTensor &t : in)
    inStrides.push_back(stridesOf(t.shape()));
  forEachIndex(dims, [&](int64_t, llvm::ArrayRef<int64_t> idx) {
    double prod = 1;
    for (size_t o = 0; o < in.size(); ++o) {
      int64_t off = 0;
      for (size_t q = 0; q < terms[o].size(); ++q) {
        int64_t i = idx[pos(terms[o][q])];
        off += (in[o].shape()[q] == 1 ? 0 : i) * inStrides[o][q];
      }
      prod *= loadAsDouble(in[o], off);
    }
    int64_t off = 0;
    for (size_t q = 0; q < rhs.size(); ++q)
      off += idx[pos(rhs[q])] * outStrides[q];
    acc[off] += prod;
  });
  for (int64_t i = 0; i < out.numel(); ++i)
    storeFromDouble(out, i, acc[i]);
  return out;
}

template <typename T> HostTensor attentionTyped(AttentionOp op, Operands in) {
  HostTensor out = makeResult(op);
  DType ct = std::is_same_v<T, double> ? DType::F64 : DType::F32;
  const HostTensor &q = in[0], &k = in[1], &v = in[2];
  const HostTensor *mask = in.size() > 3 ? &in[3] : nullptr;
  int64_t r = q.rank(), L = q.shape()[r - 2], E = q.shape()[r - 1], S = k.shape()[r - 2],
          Ev = v.shape()[r - 1];
  double scale = op.getScale() ? op.getScale()->convertToDouble() : 1.0 / std::sqrt(double(E));
  bool causal = op.getIsCausal();
  HostTensor qf = convertTo(q, ct), kf = convertTo(k, ct), vf = convertTo(v, ct);
  llvm::SmallVector<int64_t, 6> batch(out.shape().drop_back(2));
  llvm::SmallVector<int64_t, 6> scoreShape(batch);
  scoreShape.push_back(L);
  scoreShape.push_back(S);
  auto maskStrides = mask ? broadcastStrides(mask->shape(), scoreShape)
                          : llvm::SmallVector<int64_t, 6>();
  HostTensor o(ct, out.shape());
  std::vector<T> scores(L * S);
  // A float mask in the compute type (bool masks are read as they are).
  HostTensor maskf = mask && mask->dtype() != DType::I1 ? convertTo(*mask, ct) : HostTensor();
  forEachIndex(batch, [&](int64_t lin, llvm::ArrayRef<int64_t> idx) {
    // Batch offsets with broadcasting / head grouping.
    auto offset = [&](const HostTensor &t) {
      int64_t off = 0, stride = 1;
      for (int64_t d = (int64_t)batch.size() - 1; d >= 0; --d) {
        int64_t size = t.shape()[d];
        int64_t i = size == batch[d] ? idx[d] : size == 1 ? 0 : idx[d] / (batch[d] / size);
        off += i * stride;
        stride *= size;
      }
      return off;
    };
    const T *qp = qf.data<T>() + lin * L * E;
    const T *kp = kf.data<T>() + offset(k) * S * E;
    const T *vp = vf.data<T>() + offset(v) * S * Ev;
    gemm<T>(false, true, L, S, E, qp, E, kp, E, scores.data(), S, T(0));
    int64_t maskBase = 0;
    if (mask)
      for (size_t d = 0; d < idx.size(); ++d)
        maskBase += idx[d] * maskStrides[d];
    for (int64_t i = 0; i < L; ++i) {
      T m = -INFINITY;
      int64_t maskRow = mask ? maskBase + i * maskStrides[batch.size()] : 0;
      for (int64_t j = 0; j < S; ++j) {
        T s = scores[i * S + j] * T(scale);
        if (causal && j > i)
          s = -INFINITY;
        if (mask) {
          int64_t moff = maskRow + j * maskStrides[batch.size() + 1];
          if (mask->dtype() == DType::I1)
            s = mask->data<bool>()[moff] ? s : T(-INFINITY);
          else
            s += maskf.data<T>()[moff];
        }
        scores[i * S + j] = s;
        m = std::max(m, s);
      }
      T sum = 0;
      for (int64_t j = 0; j < S; ++j) {
        T e = m == -INFINITY ? T(0) : std::exp(scores[i * S + j] - m);
        scores[i * S + j] = e;
        sum += e;
      }
      for (int64_t j = 0; j < S; ++j)
        scores[i * S + j] = sum > 0 ? scores[i * S + j] / sum : T(NAN);
    }
    gemm<T>(false, false, L, Ev, S, scores.data(), S, vp, Ev, o.data<T>() + lin * L * Ev, Ev,
            T(0));
  });
  return convertTo(o, out.dtype());
}

/// softmax(q k^T * scale + mask) v over the last two dims, batch dims
/// broadcast (key/value heads repeat for grouped-query attention); f64 in
/// f64, everything else in f32.
HostTensor attention(AttentionOp op, Operands in) {
  if (in[0].dtype() == DType::F64)
    return attentionTyped<double>(op, in);
  return attentionTyped<float>(op, in);
}

} // namespace

std::optional<LogicalResult> mlir::gn::interp::runContraction(Operation *op, Operands in, Results &out) {
  auto done = [&](HostTensor t) {
    out.push_back(std::move(t));
    return std::optional<LogicalResult>(success());
  };
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](MatmulOp) {
        return done(matmul(in[0], in[1], resultDType(op), resultShape(op)));
      })
      .Case([&](LinearOp) {
        return done(linear(op, in[0], in[1], in.size() > 2 ? &in[2] : nullptr));
      })
      .Case([&](EinsumOp e) { return done(einsum(e, in)); })
      .Case([&](AttentionOp a) { return done(attention(a, in)); })
      .Default([](Operation *) { return std::nullopt; });
}
