//===- AttentionRows.h - vectorized pieces of the CPU attention kernels --*- C++ -*-===//
//
// The f32 inner loops of gn.attention and gn.projected_attention
// (ContractionKernels.cpp) in AVX2: the softmax of a block of score rows,
// and the two products around it when the heads are narrow (q k^T with few
// head dims, p v with few value columns), where oneDNN's sgemm spends more
// on each call than on its few multiply-adds. Callers check hasAvx2Fma()
// first; each has a plain fallback.
//
//===----------------------------------------------------------------------===//
#ifndef GN_INTERPRETER_ATTENTIONROWS_H
#define GN_INTERPRETER_ATTENTIONROWS_H

#include <cstdint>
#include <vector>

namespace mlir::gn::interp {

/// Whether this CPU runs AVX2 and FMA (every function below needs both).
bool hasAvx2Fma();

/// row[j] = exp(row[j] - max) for j < n; returns the sum (a Cephes-style
/// polynomial, within 2 ulp of expf; the tail uses std::exp).
float expShiftedSumAvx2(float *row, int64_t n, float max);

/// row[j] = row[j] * scale, then + maskf[j] (a float mask) or -inf where
/// !maskb[j] (a bool mask); either may be null. Returns the max, skipping
/// NaN as std::max does. Bit for bit the scalar loop's scores.
float scaledMaskedMaxAvx2(float *row, int64_t n, float scale, const float *maskf,
                          const bool *maskb);

/// The most head dims (q k^T's inner size) and value columns the narrow
/// products below take.
constexpr int64_t kNarrowHead = 16;

/// c[r, j] = sum_e a[r, e] * b[j, e] for r < m, j < n, e < k <= kNarrowHead
/// (rows lda, ldb, ldc apart). `scratch` holds b transposed.
void gemmNarrowInner(int64_t m, int64_t n, int64_t k, const float *a, int64_t lda, const float *b,
                     int64_t ldb, float *c, int64_t ldc, std::vector<float> &scratch);

/// c[r, q] = sum_j a[r, j] * b[j, q] (+ c[r, q] when accumulate) for r < m,
/// q < cols <= kNarrowHead, j < k.
void gemmNarrowCols(int64_t m, int64_t cols, int64_t k, const float *a, int64_t lda, const float *b,
                    int64_t ldb, float *c, int64_t ldc, bool accumulate);

} // namespace mlir::gn::interp

#endif
