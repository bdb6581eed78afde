//===- AttentionRowsAvx512.cpp - AttentionRows' loops at 16 lanes ---------===//
//
// The AVX-512 forms of AttentionRows.cpp's loops, taken where the CPU has
// AVX-512 (AttentionRows.cpp dispatches). The softmax pieces compute each
// element with the AVX2 forms' operations (scores bit for bit, exp lane for
// lane); only sums are ordered differently. Tails use AVX-512's masks.
//
//===----------------------------------------------------------------------===//
#include "AttentionRows.h"
#include <algorithm>
#include <cmath>
// GCC 12's AVX-512 reductions start from _mm512_undefined_*: false warnings.
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>

using namespace mlir::gn::interp;

#define GN_AVX512 __attribute__((target("avx512f,avx512bw,avx512vl,avx512dq,fma")))

namespace {

/// The first `count` of 16 lanes (count clamped to 0..16).
GN_AVX512 __mmask16 firstLanes16(int64_t count) {
  return (__mmask16)((1u << std::clamp<int64_t>(count, 0, 16)) - 1);
}

/// exp(x) for x <= 0 (a shifted score), as expShiftedSumAvx2 computes it.
GN_AVX512 __m512 expNonPositive(__m512 x) {
  const __m512 log2e = _mm512_set1_ps(1.44269504088896341f), c1 = _mm512_set1_ps(0.693359375f),
               c2 = _mm512_set1_ps(-2.12194440e-4f), lo = _mm512_set1_ps(-87.33654f),
               hi = _mm512_set1_ps(88.72283f), one = _mm512_set1_ps(1.0f);
  __mmask16 underflow = _mm512_cmp_ps_mask(x, lo, _CMP_LT_OQ);
  x = _mm512_min_ps(hi, _mm512_max_ps(lo, x)); // x second: a NaN x stays NaN
  __m512 k = _mm512_roundscale_ps(_mm512_mul_ps(x, log2e), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
  __m512 r = _mm512_fnmadd_ps(k, c1, x);
  r = _mm512_fnmadd_ps(k, c2, r);
  __m512 y = _mm512_set1_ps(1.9875691500E-4f);
  y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(1.3981999507E-3f));
  y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(8.3334519073E-3f));
  y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(4.1665795894E-2f));
  y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(1.6666665459E-1f));
  y = _mm512_fmadd_ps(y, r, _mm512_set1_ps(5.0000001201E-1f));
  y = _mm512_fmadd_ps(y, _mm512_mul_ps(r, r), _mm512_add_ps(r, one));
  __m512i e = _mm512_slli_epi32(_mm512_add_epi32(_mm512_cvtps_epi32(k), _mm512_set1_epi32(127)), 23);
  y = _mm512_mul_ps(y, _mm512_castsi512_ps(e));
  return _mm512_maskz_mov_ps(~underflow, y); // exp(-inf) and deep underflow are 0
}

} // namespace

GN_AVX512 float mlir::gn::interp::expShiftedSumAvx512(float *row, int64_t n, float max) {
  const __m512 vmax = _mm512_set1_ps(max);
  __m512 acc = _mm512_setzero_ps();
  for (int64_t j = 0; j < n; j += 16) {
    __mmask16 m = firstLanes16(n - j);
    __m512 y = expNonPositive(_mm512_sub_ps(_mm512_maskz_loadu_ps(m, row + j), vmax));
    _mm512_mask_storeu_ps(row + j, m, y);
    acc = _mm512_mask_add_ps(acc, m, acc, y);
  }
  return _mm512_reduce_add_ps(acc);
}

// Unfused (no FMA contraction), as the scalar loop: the same scores.
GN_AVX512 __attribute__((optimize("fp-contract=off"))) float
mlir::gn::interp::scaledMaskedMaxAvx512(float *row, int64_t n, float scale, const float *maskf,
                                        const bool *maskb) {
  const __m512 vscale = _mm512_set1_ps(scale), ninf = _mm512_set1_ps(-INFINITY);
  __m512 vmax = ninf;
  for (int64_t j = 0; j < n; j += 16) {
    __mmask16 m = firstLanes16(n - j);
    __m512 x = _mm512_mul_ps(_mm512_maskz_loadu_ps(m, row + j), vscale);
    if (maskf) {
      x = _mm512_add_ps(x, _mm512_maskz_loadu_ps(m, maskf + j));
    } else if (maskb) {
      __m128i bytes = _mm_maskz_loadu_epi8(m, maskb + j);
      x = _mm512_mask_blend_ps(_mm_test_epi8_mask(bytes, bytes), ninf, x);
    }
    _mm512_mask_storeu_ps(row + j, m, x);
    vmax = _mm512_mask_max_ps(vmax, m, x, vmax); // a NaN x leaves vmax as it was
  }
  return _mm512_reduce_max_ps(vmax);
}

namespace {

/// R rows of c = a * bT, 32 columns (two vectors) at a time, then 16; bT is
/// [k, ldt], ldt a multiple of 16, columns past n zero (read, never stored).
template <int R>
GN_AVX512 void innerRows16(int64_t n, int64_t k, const float *a, int64_t lda, const float *bT,
                           int64_t ldt, float *c, int64_t ldc) {
  int64_t j0 = 0;
  for (; j0 + 32 <= ldt; j0 += 32) {
    __m512 acc[R][2];
    for (int r = 0; r < R; ++r)
      acc[r][0] = acc[r][1] = _mm512_setzero_ps();
    for (int64_t e = 0; e < k; ++e) {
      __m512 b0 = _mm512_loadu_ps(bT + e * ldt + j0), b1 = _mm512_loadu_ps(bT + e * ldt + j0 + 16);
      for (int r = 0; r < R; ++r) {
        __m512 x = _mm512_set1_ps(a[r * lda + e]);
        acc[r][0] = _mm512_fmadd_ps(x, b0, acc[r][0]);
        acc[r][1] = _mm512_fmadd_ps(x, b1, acc[r][1]);
      }
    }
    __mmask16 m0 = firstLanes16(n - j0), m1 = firstLanes16(n - j0 - 16);
    for (int r = 0; r < R; ++r) {
      _mm512_mask_storeu_ps(c + r * ldc + j0, m0, acc[r][0]);
      _mm512_mask_storeu_ps(c + r * ldc + j0 + 16, m1, acc[r][1]);
    }
  }
  if (j0 < ldt) { // the last 16 columns
    __m512 acc[R];
    for (int r = 0; r < R; ++r)
      acc[r] = _mm512_setzero_ps();
    for (int64_t e = 0; e < k; ++e) {
      __m512 b0 = _mm512_loadu_ps(bT + e * ldt + j0);
      for (int r = 0; r < R; ++r)
        acc[r] = _mm512_fmadd_ps(_mm512_set1_ps(a[r * lda + e]), b0, acc[r]);
    }
    __mmask16 m0 = firstLanes16(n - j0);
    for (int r = 0; r < R; ++r)
      _mm512_mask_storeu_ps(c + r * ldc + j0, m0, acc[r]);
  }
}

/// R rows x 8 columns of c (+)= a * b as dot products over k: bT is b
/// transposed, [8, ldt] (columns past `cols` zero rows), 16 keys per step;
/// the 8 R sums reduced across lanes at the end.
template <int R>
GN_AVX512 void dotRows16(int64_t cols, int64_t k, const float *a, int64_t lda, const float *bT,
                         int64_t ldt, float *c, int64_t ldc, bool accumulate) {
  __m512 acc[R][8];
  for (int r = 0; r < R; ++r)
    for (int q = 0; q < 8; ++q)
      acc[r][q] = _mm512_setzero_ps();
  for (int64_t j = 0; j < k; j += 16) {
    __mmask16 m = firstLanes16(k - j);
    __m512 x[R];
    for (int r = 0; r < R; ++r)
      x[r] = _mm512_maskz_loadu_ps(m, a + r * lda + j);
    for (int q = 0; q < 8; ++q) {
      __m512 b = _mm512_loadu_ps(bT + q * ldt + j); // zero past k
      for (int r = 0; r < R; ++r)
        acc[r][q] = _mm512_fmadd_ps(x[r], b, acc[r][q]);
    }
  }
  for (int r = 0; r < R; ++r)
    for (int q = 0; q < cols; ++q) {
      float s = _mm512_reduce_add_ps(acc[r][q]);
      c[r * ldc + q] = accumulate ? c[r * ldc + q] + s : s;
    }
}

/// Runs rows [0, m) of `block<R>(rowOffset)` R0 at a time, then one at a time.
template <int R0, typename Block> void byRows(int64_t m, Block &&block) {
  int64_t r = 0;
  for (; r + R0 <= m; r += R0)
    block(std::integral_constant<int, R0>(), r);
  for (; r < m; ++r)
    block(std::integral_constant<int, 1>(), r);
}

} // namespace

GN_AVX512 void mlir::gn::interp::gemmNarrowInnerAvx512(int64_t m, int64_t n, int64_t k,
                                                       const float *a, int64_t lda,
                                                       const float *bT, int64_t ldt, float *c,
                                                       int64_t ldc) {
  byRows<4>(m, [&](auto rows, int64_t r) {
    innerRows16<decltype(rows)::value>(n, k, a + r * lda, lda, bT, ldt, c + r * ldc, ldc);
  });
}

GN_AVX512 void mlir::gn::interp::gemmNarrowColsAvx512(int64_t m, int64_t cols, int64_t k,
                                                      const float *a, int64_t lda,
                                                      const float *bT, int64_t ldt, float *c,
                                                      int64_t ldc, bool accumulate) {
  for (int64_t q0 = 0; q0 < cols; q0 += 8) {
    int64_t groupCols = std::min<int64_t>(8, cols - q0);
    byRows<2>(m, [&](auto rows, int64_t r) {
      dotRows16<decltype(rows)::value>(groupCols, k, a + r * lda, lda, bT + q0 * ldt, ldt,
                                       c + r * ldc + q0, ldc, accumulate);
    });
  }
}
