//===- AttentionRows.cpp - vectorized pieces of the CPU attention kernels -===//
#include "AttentionRows.h"
#include <algorithm>
#include <cmath>
#include <immintrin.h>

using namespace mlir::gn::interp;

bool mlir::gn::interp::hasAvx2Fma() {
  static const bool has = __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  return has;
}

static bool avx512Enabled = true;

bool mlir::gn::interp::hasAvx512() {
  static const bool has = hasAvx2Fma() && __builtin_cpu_supports("avx512f") &&
                          __builtin_cpu_supports("avx512bw") &&
                          __builtin_cpu_supports("avx512vl") && __builtin_cpu_supports("avx512dq");
  return has && avx512Enabled;
}

void mlir::gn::interp::enableAvx512(bool enable) { avx512Enabled = enable; }

namespace {

__attribute__((target("avx2,fma"))) float expShiftedSumAvx2(float *row, int64_t n, float max) {
  const __m256 vmax = _mm256_set1_ps(max), log2e = _mm256_set1_ps(1.44269504088896341f),
               c1 = _mm256_set1_ps(0.693359375f), c2 = _mm256_set1_ps(-2.12194440e-4f),
               lo = _mm256_set1_ps(-87.33654f), hi = _mm256_set1_ps(88.72283f),
               one = _mm256_set1_ps(1.0f);
  const float p[] = {1.9875691500E-4f, 1.3981999507E-3f, 8.3334519073E-3f,
                     4.1665795894E-2f, 1.6666665459E-1f, 5.0000001201E-1f};
  __m256 acc = _mm256_setzero_ps();
  int64_t j = 0;
  for (; j + 8 <= n; j += 8) {
    __m256 x = _mm256_sub_ps(_mm256_loadu_ps(row + j), vmax);
    __m256 underflow = _mm256_cmp_ps(x, lo, _CMP_LT_OQ);
    x = _mm256_min_ps(hi, _mm256_max_ps(lo, x)); // x second: a NaN x stays NaN
    __m256 k = _mm256_round_ps(_mm256_mul_ps(x, log2e), _MM_FROUND_TO_NEAREST_INT | _MM_FROUND_NO_EXC);
    __m256 r = _mm256_fnmadd_ps(k, c1, x);
    r = _mm256_fnmadd_ps(k, c2, r);
    __m256 y = _mm256_set1_ps(p[0]);
    for (int q = 1; q < 6; ++q)
      y = _mm256_fmadd_ps(y, r, _mm256_set1_ps(p[q]));
    y = _mm256_fmadd_ps(y, _mm256_mul_ps(r, r), _mm256_add_ps(r, one));
    __m256i e = _mm256_slli_epi32(_mm256_add_epi32(_mm256_cvtps_epi32(k), _mm256_set1_epi32(127)), 23);
    y = _mm256_mul_ps(y, _mm256_castsi256_ps(e));
    y = _mm256_andnot_ps(underflow, y); // exp(-inf) and deep underflow are 0
    _mm256_storeu_ps(row + j, y);
    acc = _mm256_add_ps(acc, y);
  }
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, acc);
  float sum = 0;
  for (float l : lanes)
    sum += l;
  for (; j < n; ++j) {
    row[j] = std::exp(row[j] - max);
    sum += row[j];
  }
  return sum;
}

// The same operations as the scalar loop, unfused (no FMA contraction), so
// the scores are bit for bit those of the scalar path.
__attribute__((target("avx2,fma"), optimize("fp-contract=off"))) float
scaledMaskedMaxAvx2(float *row, int64_t n, float scale, const float *maskf, const bool *maskb) {
  const __m256 vscale = _mm256_set1_ps(scale), ninf = _mm256_set1_ps(-INFINITY);
  __m256 vmax = ninf;
  int64_t j = 0;
  for (; j + 8 <= n; j += 8) {
    __m256 x = _mm256_mul_ps(_mm256_loadu_ps(row + j), vscale);
    if (maskf) {
      x = _mm256_add_ps(x, _mm256_loadu_ps(maskf + j));
    } else if (maskb) {
      __m256i keep = _mm256_cvtepu8_epi32(_mm_loadl_epi64((const __m128i *)(maskb + j)));
      __m256 off = _mm256_castsi256_ps(_mm256_cmpeq_epi32(keep, _mm256_setzero_si256()));
      x = _mm256_blendv_ps(x, ninf, off);
    }
    _mm256_storeu_ps(row + j, x);
    vmax = _mm256_max_ps(x, vmax); // a NaN x leaves vmax as it was
  }
  alignas(32) float lanes[8];
  _mm256_store_ps(lanes, vmax);
  float m = -INFINITY;
  for (float l : lanes)
    m = std::max(m, l);
  for (; j < n; ++j) {
    float x = row[j] * scale;
    if (maskf)
      x = x + maskf[j];
    else if (maskb && !maskb[j])
      x = -INFINITY;
    row[j] = x;
    m = std::max(m, x);
  }
  return m;
}

/// The lanes of a partial vector: the first `count` of 8 (count in 0..8).
__attribute__((target("avx2,fma"))) __m256i firstLanes(int64_t count) {
  static const int32_t table[16] = {-1, -1, -1, -1, -1, -1, -1, -1, 0, 0, 0, 0, 0, 0, 0, 0};
  return _mm256_loadu_si256((const __m256i *)(table + 8 - std::clamp<int64_t>(count, 0, 8)));
}

/// R rows of c = a * bT, 16 columns at a time; bT is [k, ldt] with columns
/// past n zero (read, never stored).
template <int R>
__attribute__((target("avx2,fma"))) void innerRows(int64_t n, int64_t k, const float *a,
                                                  int64_t lda, const float *bT, int64_t ldt,
                                                  float *c, int64_t ldc) {
  for (int64_t j0 = 0; j0 < n; j0 += 16) {
    __m256 acc[R][2];
    for (int r = 0; r < R; ++r)
      acc[r][0] = acc[r][1] = _mm256_setzero_ps();
    for (int64_t e = 0; e < k; ++e) {
      __m256 b0 = _mm256_loadu_ps(bT + e * ldt + j0), b1 = _mm256_loadu_ps(bT + e * ldt + j0 + 8);
      for (int r = 0; r < R; ++r) {
        __m256 x = _mm256_broadcast_ss(a + r * lda + e);
        acc[r][0] = _mm256_fmadd_ps(x, b0, acc[r][0]);
        acc[r][1] = _mm256_fmadd_ps(x, b1, acc[r][1]);
      }
    }
    if (j0 + 16 <= n) {
      for (int r = 0; r < R; ++r) {
        _mm256_storeu_ps(c + r * ldc + j0, acc[r][0]);
        _mm256_storeu_ps(c + r * ldc + j0 + 8, acc[r][1]);
      }
    } else {
      __m256i m0 = firstLanes(n - j0), m1 = firstLanes(n - j0 - 8);
      for (int r = 0; r < R; ++r) {
        _mm256_maskstore_ps(c + r * ldc + j0, m0, acc[r][0]);
        _mm256_maskstore_ps(c + r * ldc + j0 + 8, m1, acc[r][1]);
      }
    }
  }
}

/// R rows of c (+)= a * b for at most 16 columns of b (NV vectors of 8).
template <int R, int NV>
__attribute__((target("avx2,fma"))) void colsRows(int64_t cols, int64_t k, const float *a,
                                                 int64_t lda, const float *b, int64_t ldb,
                                                 float *c, int64_t ldc, bool accumulate) {
  __m256i mask[2] = {firstLanes(cols), firstLanes(cols - 8)};
  bool full = cols == 8 * NV;
  __m256 acc[R][NV];
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < NV; ++v)
      acc[r][v] = accumulate ? _mm256_maskload_ps(c + r * ldc + 8 * v, mask[v]) : _mm256_setzero_ps();
  for (int64_t j = 0; j < k; ++j) {
    __m256 bv[NV];
    for (int v = 0; v < NV; ++v)
      bv[v] = full ? _mm256_loadu_ps(b + j * ldb + 8 * v)
                   : _mm256_maskload_ps(b + j * ldb + 8 * v, mask[v]);
    for (int r = 0; r < R; ++r) {
      __m256 x = _mm256_broadcast_ss(a + r * lda + j);
      for (int v = 0; v < NV; ++v)
        acc[r][v] = _mm256_fmadd_ps(x, bv[v], acc[r][v]);
    }
  }
  for (int r = 0; r < R; ++r)
    for (int v = 0; v < NV; ++v)
      _mm256_maskstore_ps(c + r * ldc + 8 * v, mask[v], acc[r][v]);
}

/// Runs rows [0, m) of `block<R>(rowOffset)` four at a time, then the rest.
template <typename Block> void byFourRows(int64_t m, Block &&block) {
  int64_t r = 0;
  for (; r + 4 <= m; r += 4)
    block(std::integral_constant<int, 4>(), r);
  switch (m - r) {
  case 3:
    return block(std::integral_constant<int, 3>(), r);
  case 2:
    return block(std::integral_constant<int, 2>(), r);
  case 1:
    return block(std::integral_constant<int, 1>(), r);
  default:
    return;
  }
}

} // namespace

float mlir::gn::interp::expShiftedSumVector(float *row, int64_t n, float max) {
  return hasAvx512() ? expShiftedSumAvx512(row, n, max) : expShiftedSumAvx2(row, n, max);
}

float mlir::gn::interp::scaledMaskedMaxVector(float *row, int64_t n, float scale,
                                              const float *maskf, const bool *maskb) {
  return hasAvx512() ? scaledMaskedMaxAvx512(row, n, scale, maskf, maskb)
                     : scaledMaskedMaxAvx2(row, n, scale, maskf, maskb);
}

void mlir::gn::interp::gemmNarrowInner(int64_t m, int64_t n, int64_t k, const float *a,
                                       int64_t lda, const float *b, int64_t ldb, float *c,
                                       int64_t ldc, TransposedOperand &bT) {
  int64_t ldt = (n + 15) / 16 * 16;
  if (!bT.holds(b, n, k, ldb)) {
    bT.data.assign(k * ldt, 0.0f);
    for (int64_t j = 0; j < n; ++j)
      for (int64_t e = 0; e < k; ++e)
        bT.data[e * ldt + j] = b[j * ldb + e];
  }
  const float *scratch = bT.data.data();
  if (hasAvx512())
    return gemmNarrowInnerAvx512(m, n, k, a, lda, scratch, ldt, c, ldc);
  byFourRows(m, [&](auto rows, int64_t r) {
    innerRows<decltype(rows)::value>(n, k, a + r * lda, lda, scratch, ldt, c + r * ldc, ldc);
  });
}

void mlir::gn::interp::gemmNarrowCols(int64_t m, int64_t cols, int64_t k, const float *a,
                                      int64_t lda, const float *b, int64_t ldb, float *c,
                                      int64_t ldc, bool accumulate, TransposedOperand &bT) {
  if (hasAvx512()) { // b transposed: [cols rounded up to 8, k rounded up to 16], zero padded
    int64_t ldt = (k + 15) / 16 * 16;
    if (!bT.holds(b, k, cols, ldb)) {
      bT.data.assign((cols + 7) / 8 * 8 * ldt, 0.0f);
      for (int64_t j = 0; j < k; ++j)
        for (int64_t q = 0; q < cols; ++q)
          bT.data[q * ldt + j] = b[j * ldb + q];
    }
    return gemmNarrowColsAvx512(m, cols, k, a, lda, bT.data.data(), ldt, c, ldc, accumulate);
  }
  byFourRows(m, [&](auto rows, int64_t r) {
    constexpr int R = decltype(rows)::value;
    if (cols > 8)
      colsRows<R, 2>(cols, k, a + r * lda, lda, b, ldb, c + r * ldc, ldc, accumulate);
    else
      colsRows<R, 1>(cols, k, a + r * lda, lda, b, ldb, c + r * ldc, ldc, accumulate);
  });
}
