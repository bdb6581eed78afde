//===- ContractionKernels.cpp - matmul, linear, einsum, attention -------===//
//
// Floating contractions run in f32 (f16/bf16 are widened; oneDNN sgemm) or
// f64 (OpenBLAS dgemm), one call per batch; integer matmuls use plain loops.
//
//===----------------------------------------------------------------------===//
#include "AttentionRows.h"
#include "Kernels.h"
#include "llvm/ADT/TypeSwitch.h"
#include <cblas.h>
#include <oneapi/dnnl/dnnl.h>
#include <algorithm>
#include <cstring>
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

bool isHalf(DType d) { return d == DType::F16 || d == DType::BF16; }

/// The f32 result of gemmHalfB goes either to `c` (ld n, accumulating with
/// beta) or, rounded panel by panel, to `narrowOut` (f16/bf16 [m, n]) so
/// that the f32 copy of a wide result (a vocabulary projection) never
/// exists. `bias` (n values, or 1 when `biasScalar`) starts each panel.
struct HalfGemmOut {
  float *c = nullptr;
  float beta = 0;
  HostTensor *narrowOut = nullptr;
  const float *bias = nullptr;
  bool biasScalar = false;
};

/// C[m,n] = A[m,k] * op(B) (+ beta * C) in f32, where B is an f16/bf16 matrix
/// at `bOffset` elements into `b`: [n,k] when transB (a linear weight), else
/// [k,n]. B is widened panel by panel (a few hundred columns that stay in L2)
/// on every thread at once, so the f32 copy of a large weight never exists and
/// the widening is not serial; each panel is one single-threaded sgemm.
///
/// `rowMajorPanels`: widen a B stored [n,k] into [k,nb] panels too, so that
/// the sgemm calls are those of the same B stored [k,n] (a half matmul: its
/// compiled form reads a transpose in place that eager materializes, and one
/// f32 ulp of difference can round to one f16 ulp).
void gemmHalfB(bool transB, int64_t m, int64_t n, int64_t k, const float *a, const HostTensor &b,
               int64_t bOffset, const HalfGemmOut &out, bool rowMajorPanels = false) {
  int64_t panel = std::clamp<int64_t>((int64_t(1) << 15) / std::max<int64_t>(k, 1), 16, 512);
  int64_t panels = (n + panel - 1) / panel;
  dispatch(b.dtype(), [&](auto tag) {
    using T = decltype(tag);
    if constexpr (std::is_same_v<T, Half> || std::is_same_v<T, BFloat>) {
      const T *src = b.data<T>() + bOffset;
#pragma omp parallel
      {
        std::vector<float> buf(panel * k), cbuf(out.narrowOut ? m * panel : 0),
            row(rowMajorPanels && transB ? k : 0);
        bool bT = transB && !rowMajorPanels; // the panels' layout: [nb,k] or [k,nb]
#pragma omp for schedule(static)
        for (int64_t p = 0; p < panels; ++p) {
          int64_t n0 = p * panel, nb = std::min(panel, n - n0);
          if (bT) {
            widen(src + n0 * k, buf.data(), nb * k);
          } else if (transB) {
            for (int64_t j = 0; j < nb; ++j) {
              widen(src + (n0 + j) * k, row.data(), k);
              for (int64_t q = 0; q < k; ++q)
                buf[q * nb + j] = row[q];
            }
          } else {
            for (int64_t q = 0; q < k; ++q)
              widen(src + q * n + n0, buf.data() + q * nb, nb);
          }
          if (!out.narrowOut) {
            dnnl_sgemm('N', bT ? 'T' : 'N', m, nb, k, 1.0f, a, k, buf.data(), bT ? k : nb,
                       out.beta, out.c + n0, n);
            continue;
          }
          if (out.bias)
            for (int64_t r = 0; r < m; ++r)
              for (int64_t j = 0; j < nb; ++j)
                cbuf[r * nb + j] = out.bias[out.biasScalar ? 0 : n0 + j];
          dnnl_sgemm('N', bT ? 'T' : 'N', m, nb, k, 1.0f, a, k, buf.data(), bT ? k : nb,
                     out.bias ? 1.0f : 0.0f, cbuf.data(), nb);
          dispatch(out.narrowOut->dtype(), [&](auto otag) {
            using O = decltype(otag);
            if constexpr (std::is_same_v<O, Half> || std::is_same_v<O, BFloat>)
              for (int64_t r = 0; r < m; ++r)
                narrow(cbuf.data() + r * nb, out.narrowOut->data<O>() + r * n + n0, nb);
          });
        }
      }
    }
  });
}

template <typename T> T expShiftedSum(T *row, int64_t n, T max) {
  if constexpr (std::is_same_v<T, float>)
    if (hasAvx2Fma())
      return expShiftedSumVector(row, n, max);
  T sum = 0;
  for (int64_t j = 0; j < n; ++j) {
    row[j] = std::exp(row[j] - max);
    sum += row[j];
  }
  return sum;
}

/// Large half-precision weights go through gemmHalfB; small ones are cheaper
/// widened whole.
bool useHalfPanels(const HostTensor &b, int64_t matrixElems) {
  return isHalf(b.dtype()) && matrixElems >= (int64_t(1) << 16);
}

/// A matmul operand stored with its last two dims swapped, converted to the
/// compute type `ct` in the logical layout `shape` (rank >= 2): the
/// interpreter's affine copy with the last two source strides swapped.
HostTensor transposedCopy(const HostTensor &t, llvm::ArrayRef<int64_t> shape, DType ct) {
  HostTensor in = convertTo(t, ct), out(ct, shape);
  llvm::SmallVector<int64_t, 6> strides = stridesOf(shape);
  size_t r = shape.size();
  strides[r - 2] = 1;             // a logical row is a stored column
  strides[r - 1] = shape[r - 2];  // and a logical column a stored row
  affineCopy(in, out, 0, strides);
  return out;
}

/// Batched matmul with torch.matmul semantics; returns the result in `outType`.
/// `transA`/`transB`: that operand is stored with its last two dims swapped
/// (gn.matmul's transpose_lhs/transpose_rhs).
HostTensor matmul(const HostTensor &a0, const HostTensor &b0, bool transA, bool transB,
                  DType outType, llvm::ArrayRef<int64_t> outShape, const HostTensor *dest) {
  // Promote vectors to matrices (a transposed operand has rank >= 2).
  llvm::SmallVector<int64_t, 6> sa(a0.shape()), sb(b0.shape());
  if (sa.size() == 1)
    sa.insert(sa.begin(), 1);
  if (sb.size() == 1)
    sb.push_back(1);
  if (transA)
    std::swap(sa[sa.size() - 2], sa.back());
  if (transB)
    std::swap(sb[sb.size() - 2], sb.back());
  // A half matmul with a half result reads a transposed half operand as
  // the transpose materialized first (copied into its logical layout while
  // widened; a large B widened into row-major panels, gemmHalfB), so its
  // GEMM calls are those of the eager graph whose compiled form reads the
  // transpose in place: oneDNN's NT and NN kernels round some sums
  // differently, and one f32 ulp can round to a half ulp that the graph
  // amplifies. An f32 result keeps the flags (an ulp of f32 is harmless, the
  // copy is not free), as does a widening matmul (gn-narrow-matmul's, equal
  // to the f32 product of its converted operands).
  bool halfResult = isHalf(outType);
  std::optional<HostTensor> aT, bT;
  if (transA && halfResult && isHalf(a0.dtype())) {
    aT = transposedCopy(a0, sa, DType::F32);
    transA = false;
  }
  int64_t kb = sb[sb.size() - 2], nbCols = sb.back();
  bool bPanels = !transA && useHalfPanels(b0, kb * nbCols);
  bool rowMajorPanels = bPanels && halfResult;
  if (transB && halfResult && isHalf(b0.dtype()) && !bPanels) {
    bT = transposedCopy(b0, sb, DType::F32);
    transB = false;
  }
  int64_t m = sa[sa.size() - 2], k = sa.back(), n = sb.back();
  int64_t lda = transA ? m : k, ldb = transB ? k : n;
  llvm::SmallVector<int64_t, 6> batchA(sa.begin(), sa.end() - 2), batchB(sb.begin(), sb.end() - 2);
  auto batch = *gn::broadcastShapes(batchA, batchB);
  int64_t nb = 1;
  for (int64_t d : batch)
    nb *= d;
  if (gn::batchFoldsIntoRows(batchA, batchB, nb, transA, /*transposeResult=*/false)) {
    m *= nb;
    batch.clear();
    batchA.clear();
    batchB.clear();
    nb = 1;
  }
  auto stA = broadcastStrides(batchA, batch), stB = broadcastStrides(batchB, batch);
  if (isFloat(a0.dtype())) {
    DType ct = computeType(a0.dtype());
    bool halfPanels = bPanels;
    HostTensor a = aT ? *aT : convertTo(a0, ct),
               b = halfPanels ? b0 : bT ? *bT : convertTo(b0, ct);
    // Written in place when the destination has the compute type.
    HostTensor c = dest && dest->dtype() == ct ? *dest : HostTensor(ct, outShape, /*zero=*/k == 0);
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
          if constexpr (std::is_same_v<T, float>)
            if (halfPanels) {
              gemmHalfB(transB, m, n, k, a.data<T>() + oa * m * k, b, ob * k * n,
                        {c.data<T>() + lin * m * n, 0.0f}, rowMajorPanels);
              return;
            }
          gemm<T>(transA, transB, m, n, k, a.data<T>() + oa * m * k, lda,
                  b.data<T>() + ob * k * n, ldb, c.data<T>() + lin * m * n, n, T(0));
          ++bi;
        });
      }
    });
    if (!dest)
      return convertTo(c, outType).reshaped(outShape);
    HostTensor d = *dest;
    convertInto(c, d);
    return d;
  }
  // Integer matmul.
  HostTensor out(outType, outShape);
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
          s += loadAsDouble(a0, oa * m * k + (transA ? p * m + i : i * k + p)) *
               loadAsDouble(b0, ob * k * n + (transB ? j * k + p : p * n + j));
        storeFromDouble(out, lin * m * n + i * n + j, s);
      }
    ++lin;
  });
  (void)nb;
  return out;
}

HostTensor linear(Operation *op, const HostTensor &x, const HostTensor &w, const HostTensor *b,
                  const HostTensor *dest) {
  DType ct = computeType(x.dtype()), outType = resultDType(op);
  llvm::SmallVector<int64_t, 6> outShape = resultShape(op);
  int64_t k = x.shape().back(), rows = k ? x.numel() / k : 0;
  int64_t n = w.rank() == 2 ? w.shape()[0] : 1;
  bool halfPanels = useHalfPanels(w, n * k);
  HostTensor xc = convertTo(x, ct), wc = halfPanels ? w : convertTo(w, ct);
  if (halfPanels && isHalf(outType) && (!dest || dest->dtype() == outType)) {
    // Half in, half out: panels are rounded straight into the result.
    HostTensor res = dest ? *dest : HostTensor(outType, outShape, /*zero=*/k == 0);
    HostTensor bc = b ? convertTo(*b, DType::F32) : HostTensor();
    HalfGemmOut to;
    to.narrowOut = &res;
    to.bias = b ? bc.data<float>() : nullptr;
    to.biasScalar = b && bc.numel() == 1;
    gemmHalfB(true, rows, n, k, xc.data<float>(), w, 0, to);
    return res;
  }
  // Written in place when the destination has the compute type.
  HostTensor c = dest && dest->dtype() == ct ? dest->reshaped({rows, n})
                                              : HostTensor(ct, {rows, n}, /*zero=*/k == 0);
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
    if constexpr (std::is_same_v<T, float>)
      if (halfPanels)
        return gemmHalfB(true, rows, n, k, xc.data<T>(), w, 0, {c.data<T>(), b ? 1.0f : 0.0f});
    if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>)
      gemm<T>(false, true, rows, n, k, xc.data<T>(), k, wc.data<T>(), k, c.data<T>(), n,
              b ? T(1) : T(0));
  });
  if (!dest)
    return convertTo(c, outType).reshaped(outShape);
  HostTensor d = *dest;
  convertInto(c.reshaped(outShape), d);
  return d;
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
  // Each operand's and the result's stride per label (0 where a label is
  // not among its dims or is a broadcast 1), and the operands as doubles,
  // made once: looking the labels up and converting per element made
  // CvT-21's attention einsums take minutes.
  size_t nl = labels.size();
  auto stridesPerLabel = [&](llvm::StringRef term, llvm::ArrayRef<int64_t> shape) {
    std::vector<int64_t> per(nl, 0);
    auto strides = stridesOf(shape);
    for (size_t q = 0; q < term.size(); ++q)
      if (shape[q] != 1)
        per[labels.find(term[q])] += strides[q];
    return per;
  };
  std::vector<std::vector<int64_t>> inPer;
  std::vector<HostTensor> wide;
  for (auto [term, t] : llvm::zip(terms, in)) {
    inPer.push_back(stridesPerLabel(term, t.shape()));
    wide.push_back(convertTo(t, DType::F64));
  }
  std::vector<int64_t> outPer(nl, 0);
  {
    auto strides = stridesOf(out.shape());
    for (size_t q = 0; q < rhs.size(); ++q)
      outPer[labels.find(rhs[q])] += strides[q];
  }
  std::vector<double> acc(out.numel(), 0.0);
  forEachIndex(dims, [&](int64_t, llvm::ArrayRef<int64_t> idx) {
    double prod = 1;
    for (size_t o = 0; o < wide.size(); ++o) {
      int64_t off = 0;
      for (size_t l = 0; l < nl; ++l)
        off += idx[l] * inPer[o][l];
      prod *= wide[o].data<double>()[off];
    }
    int64_t off = 0;
    for (size_t l = 0; l < nl; ++l)
      off += idx[l] * outPer[l];
    acc[off] += prod;
  });
  for (int64_t i = 0; i < out.numel(); ++i)
    storeFromDouble(out, i, acc[i]);
  return out;
}

/// Scales `n` attention scores, applies their mask (read from element
/// `at`, every `step`: a bool mask keeps where true, a float mask, already
/// in the compute type as `maskf`, is added) and returns their max.
template <typename T>
T maskedScoresMax(T *row, int64_t n, T scale, const HostTensor *mask, const HostTensor &maskf,
                  int64_t at, int64_t step) {
  if constexpr (std::is_same_v<T, float>) {
    if (hasAvx2Fma() && (!mask || step == 1)) {
      bool boolMask = mask && mask->dtype() == DType::I1;
      return scaledMaskedMaxVector(row, n, scale,
                                   mask && !boolMask ? maskf.data<float>() + at : nullptr,
                                   boolMask ? mask->data<bool>() + at : nullptr);
    }
  }
  for (int64_t j = 0; j < n; ++j)
    row[j] *= scale;
  if (mask && mask->dtype() == DType::I1) {
    const bool *mp = mask->data<bool>() + at;
    for (int64_t j = 0; j < n; ++j)
      row[j] = mp[j * step] ? row[j] : T(-INFINITY);
  } else if (mask) {
    const T *mp = maskf.data<T>() + at;
    for (int64_t j = 0; j < n; ++j)
      row[j] += mp[j * step];
  }
  T m = -INFINITY;
  for (int64_t j = 0; j < n; ++j)
    m = std::max(m, row[j]);
  return m;
}

/// An attention kernel's output `o` (in the compute type) as `op`'s
/// result: converted to its dtype, or written into `dest` (nothing to do
/// when `o` already holds dest's bytes).
HostTensor deliver(const HostTensor &o, Operation *op, const HostTensor *dest) {
  if (!dest)
    return convertTo(o, resultDType(op));
  HostTensor d = *dest;
  if (d.bytes() != o.bytes())
    convertInto(o, d);
  return d;
}

/// `kernel(T())` with T = double for f64 inputs, float for the rest.
template <typename Kernel> HostTensor inComputeType(DType d, Kernel &&kernel) {
  return d == DType::F64 ? kernel(double()) : kernel(float());
}

/// Attention's q k^T: c[m, n] = a[m, k] b[n, k]^T (rows lda, ldb, ldc
/// apart). Narrow heads take the AVX2 loops: oneDNN's sgemm spends more per
/// call than on a few head dims of multiply-adds.
template <typename T>
void scoresProduct(int64_t m, int64_t n, int64_t k, const T *a, int64_t lda, const T *b,
                   int64_t ldb, T *c, int64_t ldc, TransposedOperand &bT) {
  if constexpr (std::is_same_v<T, float>)
    if (k <= kNarrowHead && hasAvx2Fma())
      return gemmNarrowInner(m, n, k, a, lda, b, ldb, c, ldc, bT);
  gemm<T>(false, true, m, n, k, a, lda, b, ldb, c, ldc, T(0));
}

/// Attention's p v: c[m, cols] (+ c when accumulate) = a[m, k] b[k, cols].
template <typename T>
void valuesProduct(int64_t m, int64_t cols, int64_t k, const T *a, int64_t lda, const T *b,
                   int64_t ldb, T *c, int64_t ldc, bool accumulate, TransposedOperand &bT) {
  if constexpr (std::is_same_v<T, float>)
    if (cols <= kNarrowHead && hasAvx2Fma())
      return gemmNarrowCols(m, cols, k, a, lda, b, ldb, c, ldc, accumulate, bT);
  gemm<T>(false, false, m, cols, k, a, lda, b, ldb, c, ldc, accumulate ? T(1) : T(0));
}

/// One thread's buffers in an attention kernel: a block of scores, and the
/// keys and values transposed for the narrow loops of scoresProduct and
/// valuesProduct (kept across the row blocks of a head; one scratch per
/// region in which the keys and values stay unchanged).
template <typename T> struct AttentionScratch {
  std::vector<T> scores;
  TransposedOperand keysT, valuesT;
};

/// The most query rows one attention work item takes (rows whose scores
/// stay in L2 together).
constexpr int64_t kMaxRowBlock = 1024;

template <typename T>
HostTensor attentionTyped(AttentionOp op, Operands in, const HostTensor *dest) {
  llvm::SmallVector<int64_t, 6> outShape = resultShape(op);
  DType ct = std::is_same_v<T, double> ? DType::F64 : DType::F32;
  const HostTensor &q = in[0], &k = in[1], &v = in[2];
  const HostTensor *mask = in.size() > 3 ? &in[3] : nullptr;
  // seq_first: [..., L, H, E]; the batch dims are [..., H] and a row of q
  // (k, v, the result) is H rows of the heads-first layout apart.
  bool seqFirst = op.getSeqFirst();
  int64_t r = q.rank(), seqDim = seqFirst ? r - 3 : r - 2;
  int64_t L = q.shape()[seqDim], E = q.shape()[r - 1], S = k.shape()[seqDim],
          Ev = v.shape()[r - 1];
  double scale = op.getScale() ? op.getScale()->convertToDouble() : 1.0 / std::sqrt(double(E));
  bool causal = op.getIsCausal();
  HostTensor qf = convertTo(q, ct), kf = convertTo(k, ct), vf = convertTo(v, ct);
  auto batchDims = [&](llvm::ArrayRef<int64_t> shape) {
    llvm::SmallVector<int64_t, 6> b(shape.take_front(seqDim));
    if (seqFirst)
      b.push_back(shape[r - 2]);
    return b;
  };
  llvm::SmallVector<int64_t, 6> batch = batchDims(outShape);
  // Rows of t are heads(t) heads-first rows apart; batch item `lin` (of t's
  // own batch dims) of `rows` rows of `cols` starts at itemStart.
  auto heads = [&](const HostTensor &t) { return seqFirst ? t.shape()[r - 2] : 1; };
  auto itemStart = [&](const HostTensor &t, int64_t lin, int64_t rows, int64_t cols) {
    int64_t h = heads(t);
    return ((lin / h) * rows * h + lin % h) * cols;
  };
  llvm::SmallVector<int64_t, 6> scoreShape(batch);
  scoreShape.push_back(L);
  scoreShape.push_back(S);
  auto maskStrides = mask ? broadcastStrides(mask->shape(), scoreShape)
                          : llvm::SmallVector<int64_t, 6>();
  // Written in place when the destination has the compute type.
  HostTensor o = dest && dest->dtype() == ct ? *dest : HostTensor(ct, outShape);
  // A float mask in the compute type (bool masks are read as they are).
  HostTensor maskf = mask && mask->dtype() != DType::I1 ? convertTo(*mask, ct) : HostTensor();
  // Batch offsets with broadcasting / head grouping, gathered first so that
  // (batch, row block) items can run on all threads.
  struct Item {
    int64_t lin, k, v, mask;
  };
  std::vector<Item> items;
  forEachIndex(batch, [&](int64_t lin, llvm::ArrayRef<int64_t> idx) {
    auto offset = [&](const HostTensor &t) {
      llvm::SmallVector<int64_t, 6> tb = batchDims(t.shape());
      int64_t off = 0, stride = 1;
      for (int64_t d = (int64_t)batch.size() - 1; d >= 0; --d) {
        int64_t size = tb[d];
        int64_t i = size == batch[d] ? idx[d] : size == 1 ? 0 : idx[d] / (batch[d] / size);
        off += i * stride;
        stride *= size;
      }
      return off;
    };
    int64_t maskBase = 0;
    if (mask)
      for (size_t d = 0; d < idx.size(); ++d)
        maskBase += idx[d] * maskStrides[d];
    items.push_back({lin, offset(k), offset(v), maskBase});
  });
  // Rows per work item: a block of scores stays in L2 (four times more
  // rows with narrow heads, which transpose the keys once per item).
  int64_t scoreBudget = E <= kNarrowHead ? int64_t(1) << 16 : int64_t(1) << 14;
  int64_t rowBlock =
      std::clamp<int64_t>(scoreBudget / std::max<int64_t>(S, 1), 1, std::min(L, kMaxRowBlock));
  int64_t blocks = (L + rowBlock - 1) / rowBlock, work = (int64_t)items.size() * blocks;
  auto runItem = [&](int64_t w, AttentionScratch<T> &scratch) {
    std::vector<T> &scores = scratch.scores;
    const Item &it = items[w / blocks];
    int64_t i0 = (w % blocks) * rowBlock, rows = std::min(rowBlock, L - i0);
    int64_t qRow = heads(qf) * E, kRow = heads(kf) * E, vRow = heads(vf) * Ev, oRow = heads(o) * Ev;
    const T *qp = qf.data<T>() + itemStart(qf, it.lin, L, E) + i0 * qRow;
    const T *kp = kf.data<T>() + itemStart(kf, it.k, S, E);
    const T *vp = vf.data<T>() + itemStart(vf, it.v, S, Ev);
    scoresProduct<T>(rows, S, E, qp, qRow, kp, kRow, scores.data(), S, scratch.keysT);
    // Each row's 1 / sum scales its Ev outputs after the second GEMM, not
    // its S probabilities before it (a pass over the scores saved).
    T rowInv[kMaxRowBlock];
    for (int64_t r = 0; r < rows; ++r) {
      int64_t i = i0 + r;
      T *row = scores.data() + r * S;
      int64_t maskRow = mask ? it.mask + i * maskStrides[batch.size()] : 0;
      int64_t maskStep = mask ? maskStrides[batch.size() + 1] : 0;
      // Causal rows see keys 0..i; the rest stay at exp(-inf) = 0.
      int64_t visible = causal ? std::min(S, i + 1) : S;
      T m = maskedScoresMax<T>(row, visible, T(scale), mask, maskf, maskRow, maskStep);
      if (m == -INFINITY) { // nothing visible: the row is NaN, as in torch
        std::fill(row, row + S, T(0));
        rowInv[r] = T(NAN);
        continue;
      }
      rowInv[r] = T(1) / expShiftedSum(row, visible, m);
      std::fill(row + visible, row + S, T(0));
    }
    T *out = o.data<T>() + itemStart(o, it.lin, L, Ev) + i0 * oRow;
    valuesProduct<T>(rows, Ev, S, scores.data(), S, vp, vRow, out, oRow, false, scratch.valuesT);
    for (int64_t r = 0; r < rows; ++r)
      for (int64_t c = 0; c < Ev; ++c)
        out[r * oRow + c] *= rowInv[r];
  };
  // Not `omp parallel if (...)`: a GEMM inside a serialized region starts a
  // nested team of fresh threads on every call (libgomp pools threads for
  // the top level only), which cost whisper's cross-attention ~12 ms a call.
  int64_t flops = 2 * L * S * (E + Ev) * (int64_t)items.size();
  if (work > 1 && flops > (int64_t(1) << 20)) {
#pragma omp parallel
    {
      AttentionScratch<T> scratch{std::vector<T>(rowBlock * S), {}, {}};
#pragma omp for schedule(static)
      for (int64_t w = 0; w < work; ++w)
        runItem(w, scratch);
    }
  } else {
    AttentionScratch<T> scratch{std::vector<T>(rowBlock * S), {}, {}};
    for (int64_t w = 0; w < work; ++w)
      runItem(w, scratch);
  }
  return deliver(o, op, dest);
}

/// softmax(q k^T * scale + mask) v over the last two dims (seq_first: the
/// third and the last), batch dims broadcast (key/value heads repeat for
/// grouped-query attention); f64 in f64, everything else in f32.
HostTensor attention(AttentionOp op, Operands in, const HostTensor *dest) {
  return inComputeType(in[0].dtype(), [&](auto t) {
    return attentionTyped<decltype(t)>(op, in, dest);
  });
}

/// gn.projected_attention. Keys and values are projected a block of
/// `keyBlock` input rows at a time; every (batch, head, query row block)
/// item then folds the block into its output rows with an online softmax:
/// a running max m and sum l per row, the rows rescaled by exp(m_old -
/// m_new) before p v is added, divided by l at the end. k and v are never
/// stored whole (see the op's description).
template <typename T>
HostTensor projectedAttentionTyped(ProjectedAttentionOp op, Operands in, const HostTensor *dest) {
  llvm::SmallVector<int64_t, 6> outShape = resultShape(op);
  DType ct = std::is_same_v<T, double> ? DType::F64 : DType::F32;
  HostTensor qf = convertTo(in[0], ct), xf = convertTo(in[1], ct), wk = convertTo(in[2], ct),
             bk = convertTo(in[3], ct), wv = convertTo(in[4], ct), bv = convertTo(in[5], ct);
  const HostTensor *mask = in.size() > 6 ? &in[6] : nullptr;
  int64_t r = qf.rank(), L = qf.shape()[r - 3], H = qf.shape()[r - 2], E = qf.shape()[r - 1];
  int64_t S = xf.shape()[r - 3], D = xf.shape()[r - 2];
  int64_t Hk = wk.shape()[0] / E, Ev = wv.shape()[0] / Hk, group = H / Hk;
  llvm::ArrayRef<int64_t> batch = qf.shape().take_front(r - 3);
  int64_t B = 1;
  for (int64_t b : batch)
    B *= b;
  double scale = op.getScale() ? op.getScale()->convertToDouble() : 1.0 / std::sqrt(double(E));
  // Mask offsets of each (batch, head) and its row / column strides.
  llvm::SmallVector<int64_t, 6> scoreShape(batch);
  scoreShape.append({H, L, S});
  llvm::SmallVector<int64_t, 6> maskStrides;
  std::vector<int64_t> maskBase(B * H, 0);
  HostTensor maskf;
  if (mask) {
    maskStrides = broadcastStrides(mask->shape(), scoreShape);
    forEachIndex(llvm::ArrayRef<int64_t>(scoreShape).drop_back(2),
                 [&](int64_t lin, llvm::ArrayRef<int64_t> idx) {
                   for (size_t d = 0; d < idx.size(); ++d)
                     maskBase[lin] += idx[d] * maskStrides[d];
                 });
    if (mask->dtype() != DType::I1)
      maskf = convertTo(*mask, ct);
  }
  int64_t maskRowStride = mask ? maskStrides[r - 2] : 0, maskColStride = mask ? maskStrides[r - 1] : 0;
  HostTensor o = dest && dest->dtype() == ct ? *dest : HostTensor(ct, outShape, /*zero=*/false);
  T *op_ = o.data<T>();
  std::fill(op_, op_ + o.numel(), T(0));
  std::vector<T> rowMax(B * L * H, T(-INFINITY)), rowSum(B * L * H, T(0));
  int64_t keyBlock = std::min<int64_t>(S, 512), rowBlock = std::min<int64_t>(L, 64);
  int64_t rowBlocks = (L + rowBlock - 1) / rowBlock, work = H * rowBlocks;
  std::vector<T> kBuf(keyBlock * Hk * E), vBuf(keyBlock * Hk * Ev);
  const T *qp = qf.data<T>(), *xp = xf.data<T>();
  // k and v rounded to x's dtype, as the linear layers this op stands for
  // round their results (a half x: its projections are half tensors;
  // keeping them in f32 made the compiled f16 ViTs differ from eager).
  DType kvType = in[1].dtype();
  auto roundTo = [kvType](T v) -> T {
    if constexpr (std::is_same_v<T, float>) {
      if (kvType == DType::F16)
        return halfToFloat(floatToHalf(v));
      if (kvType == DType::BF16)
        return bf16ToFloat(floatToBf16(v));
    }
    return v;
  };
  // Fold keys [j0, j0 + n) of batch item b into query rows of item w.
  auto foldBlock = [&](int64_t b, int64_t j0, int64_t n, int64_t w, AttentionScratch<T> &scratch) {
    std::vector<T> &scores = scratch.scores;
    int64_t h = w / rowBlocks, hk = h / group, i0 = (w % rowBlocks) * rowBlock;
    int64_t rows = std::min(rowBlock, L - i0);
    scoresProduct<T>(rows, n, E, qp + ((b * L + i0) * H + h) * E, H * E, kBuf.data() + hk * E,
                     Hk * E, scores.data(), n, scratch.keysT);
    T *out = op_ + ((b * L + i0) * H + h) * Ev;
    for (int64_t ri = 0; ri < rows; ++ri) {
      int64_t i = i0 + ri, state = (b * L + i) * H + h;
      T *row = scores.data() + ri * n;
      int64_t maskAt = mask ? maskBase[b * H + h] + i * maskRowStride + j0 * maskColStride : 0;
      T blockMax = maskedScoresMax<T>(row, n, T(scale), mask, maskf, maskAt, maskColStride);
      T newMax = std::max(rowMax[state], blockMax);
      if (newMax == -INFINITY) { // nothing visible yet: this block adds nothing
        std::fill(row, row + n, T(0));
        continue;
      }
      T correction = std::exp(rowMax[state] - newMax); // 0 for the first visible block
      rowSum[state] = rowSum[state] * correction + expShiftedSum(row, n, newMax);
      rowMax[state] = newMax;
      T *orow = out + ri * H * Ev;
      for (int64_t c = 0; c < Ev; ++c)
        orow[c] *= correction;
    }
    valuesProduct<T>(rows, Ev, n, scores.data(), n, vBuf.data() + hk * Ev, Hk * Ev, out, H * Ev,
                     true, scratch.valuesT);
  };
  int64_t flops = 2 * B * L * S * H * (E + Ev);
  for (int64_t b = 0; b < B; ++b)
    for (int64_t j0 = 0; j0 < S; j0 += keyBlock) {
      int64_t n = std::min(keyBlock, S - j0);
      const T *xb = xp + (b * S + j0) * D;
      // The block's keys and values: [n, Hk * E] and [n, Hk * Ev].
      gemm<T>(false, true, n, Hk * E, D, xb, D, wk.data<T>(), D, kBuf.data(), Hk * E, T(0));
      gemm<T>(false, true, n, Hk * Ev, D, xb, D, wv.data<T>(), D, vBuf.data(), Hk * Ev, T(0));
      for (int64_t j = 0; j < n; ++j) {
        for (int64_t c = 0; c < Hk * E; ++c)
          kBuf[j * Hk * E + c] = roundTo(kBuf[j * Hk * E + c] + bk.data<T>()[c]);
        for (int64_t c = 0; c < Hk * Ev; ++c)
          vBuf[j * Hk * Ev + c] = roundTo(vBuf[j * Hk * Ev + c] + bv.data<T>()[c]);
      }
      if (work > 1 && flops > (int64_t(1) << 20)) {
#pragma omp parallel
        {
          AttentionScratch<T> scratch{std::vector<T>(rowBlock * n), {}, {}};
#pragma omp for schedule(static)
          for (int64_t w = 0; w < work; ++w)
            foldBlock(b, j0, n, w, scratch);
        }
      } else {
        AttentionScratch<T> scratch{std::vector<T>(rowBlock * n), {}, {}};
        for (int64_t w = 0; w < work; ++w)
          foldBlock(b, j0, n, w, scratch);
      }
    }
  // Normalize; a row that saw no key is NaN, as in torch.
  for (int64_t state = 0; state < B * L * H; ++state) {
    T *orow = op_ + state * Ev;
    T inv = rowSum[state] > T(0) ? T(1) / rowSum[state] : T(NAN);
    for (int64_t c = 0; c < Ev; ++c)
      orow[c] = rowSum[state] > T(0) ? orow[c] * inv : T(NAN);
  }
  return deliver(o, op, dest);
}

HostTensor projectedAttention(ProjectedAttentionOp op, Operands in, const HostTensor *dest) {
  return inComputeType(in[0].dtype(), [&](auto t) {
    return projectedAttentionTyped<decltype(t)>(op, in, dest);
  });
}

} // namespace

std::optional<LogicalResult> mlir::gn::interp::runContraction(Operation *op, Operands in,
                                                              Results &out, const HostTensor *dest) {
  auto done = [&](HostTensor t) {
    out.push_back(std::move(t));
    return std::optional<LogicalResult>(success());
  };
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](MatmulOp mm) {
        if (!mm.getTransposeResult())
          return done(matmul(in[0], in[1], mm.getTransposeLhs(), mm.getTransposeRhs(),
                             resultDType(op), resultShape(op), dest));
        // [.., B, M, N] computed, then given as [.., M, B, N].
        llvm::SmallVector<int64_t, 6> shape(resultShape(op));
        size_t r = shape.size();
        std::swap(shape[r - 3], shape[r - 2]);
        HostTensor c = matmul(in[0], in[1], mm.getTransposeLhs(), mm.getTransposeRhs(),
                              resultDType(op), shape, nullptr);
        auto strides = stridesOf(shape);
        std::swap(strides[r - 3], strides[r - 2]);
        HostTensor t = dest ? *dest : HostTensor(resultDType(op), resultShape(op));
        affineCopy(c, t, 0, strides);
        return done(t);
      })
      .Case([&](LinearOp) {
        return done(linear(op, in[0], in[1], in.size() > 2 ? &in[2] : nullptr, dest));
      })
      .Case([&](EinsumOp e) { return done(einsum(e, in)); })
      .Case([&](AttentionOp a) { return done(attention(a, in, dest)); })
      .Case([&](ProjectedAttentionOp a) { return done(projectedAttention(a, in, dest)); })
      .Default([](Operation *) { return std::nullopt; });
}
