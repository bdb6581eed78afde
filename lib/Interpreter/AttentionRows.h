//===- AttentionRows.h - vectorized pieces of the CPU attention kernels --*- C++ -*-===//
//
// The f32 inner loops of gn.attention and gn.projected_attention
// (ContractionKernels.cpp) in AVX-512 where the CPU has it
// (AttentionRowsAvx512.cpp), else AVX2: the softmax of a block of score
// rows, and the two products around it when the heads are narrow (q k^T
// with few head dims, p v with few value columns), where oneDNN's sgemm
// spends more on each call than on its few multiply-adds. Callers check
// hasAvx2Fma() first; each has a plain fallback.
//
//===----------------------------------------------------------------------===//
#ifndef GN_INTERPRETER_ATTENTIONROWS_H
#define GN_INTERPRETER_ATTENTIONROWS_H

#include <cstdint>
#include <vector>

namespace mlir::gn::interp {

/// Whether this CPU runs AVX2 and FMA (every function below needs both).
bool hasAvx2Fma();

/// Whether the AVX-512 forms run: this CPU has AVX-512 (F, BW, VL, DQ) and
/// no test turned them off.
bool hasAvx512();

/// Tests: false takes the AVX2 forms on an AVX-512 CPU too (true: back to
/// what the CPU has).
void enableAvx512(bool enable);

/// row[j] = exp(row[j] - max) for j < n; returns the sum (a Cephes-style
/// polynomial, within 2 ulp of expf; AVX2's tail uses std::exp).
float expShiftedSumVector(float *row, int64_t n, float max);

/// row[j] = row[j] * scale, then + maskf[j] (a float mask) or -inf where
/// !maskb[j] (a bool mask); either may be null. Returns the max, skipping
/// NaN as std::max does. Bit for bit the scalar loop's scores.
float scaledMaskedMaxVector(float *row, int64_t n, float scale, const float *maskf,
                            const bool *maskb);

/// The most head dims (q k^T's inner size) and value columns the narrow
/// products below take.
constexpr int64_t kNarrowHead = 16;

/// A narrow product's b transposed (zero padded), kept for the next call
/// with the same b: the row blocks of one attention head transpose its keys
/// and values once. Make a new one where b's memory is rewritten.
struct TransposedOperand {
  std::vector<float> data;
  const float *source = nullptr;
  int64_t rows = 0, cols = 0, ld = 0;
  /// Whether `data` already holds this b; if not, records it as the one held.
  bool holds(const float *b, int64_t bRows, int64_t bCols, int64_t ldb) {
    if (source == b && rows == bRows && cols == bCols && ld == ldb)
      return true;
    source = b, rows = bRows, cols = bCols, ld = ldb;
    return false;
  }
};

/// c[r, j] = sum_e a[r, e] * b[j, e] for r < m, j < n, e < k <= kNarrowHead
/// (rows lda, ldb, ldc apart).
void gemmNarrowInner(int64_t m, int64_t n, int64_t k, const float *a, int64_t lda, const float *b,
                     int64_t ldb, float *c, int64_t ldc, TransposedOperand &bT);

/// c[r, q] = sum_j a[r, j] * b[j, q] (+ c[r, q] when accumulate) for r < m,
/// q < cols <= kNarrowHead, j < k (AVX-512: dot products over 16 keys at a
/// time, from b transposed).
void gemmNarrowCols(int64_t m, int64_t cols, int64_t k, const float *a, int64_t lda, const float *b,
                    int64_t ldb, float *c, int64_t ldc, bool accumulate, TransposedOperand &bT);

// The AVX-512 forms (AttentionRowsAvx512.cpp), called by the functions above
// when hasAvx512(): bT is b transposed, rows ldt (a multiple of 16) apart,
// zero past its columns.
float expShiftedSumAvx512(float *row, int64_t n, float max);
float scaledMaskedMaxAvx512(float *row, int64_t n, float scale, const float *maskf,
                            const bool *maskb);
void gemmNarrowInnerAvx512(int64_t m, int64_t n, int64_t k, const float *a, int64_t lda,
                           const float *bT, int64_t ldt, float *c, int64_t ldc);
void gemmNarrowColsAvx512(int64_t m, int64_t cols, int64_t k, const float *a, int64_t lda,
                          const float *bT, int64_t ldt, float *c, int64_t ldc, bool accumulate);

} // namespace mlir::gn::interp

#endif
