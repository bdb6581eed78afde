//===- DTypeConversion.cpp - the interpreter's conversion between dtypes --===//
//
// Every dtype to every dtype, elementwise: half types through F16C where the
// CPU has it, float to integer as the frameworks' CPU kernels (convertFloatToInt in
// gn/Support/NumericCast.h).
//
//===----------------------------------------------------------------------===//
#include "gn/Interpreter/DTypeConversion.h"
#include "Kernels.h"
#include "gn/Support/NumericCast.h"
#include <cstring>
#include <immintrin.h>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::interp;

/// dst[i] = float(src[i]) for f16 (F16C when the CPU has it) or bf16 bits.
static __attribute__((target("f16c"))) void widenHalfF16C(const uint16_t *src, float *dst,
                                                          int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm256_storeu_ps(dst + i, _mm256_cvtph_ps(_mm_loadu_si128((const __m128i *)(src + i))));
  for (; i < n; ++i)
    dst[i] = halfToFloat(src[i]);
}
void mlir::gn::interp::widen(const Half *src, float *dst, int64_t n) {
  static const bool hasF16C = __builtin_cpu_supports("f16c");
  if (hasF16C)
    return widenHalfF16C(reinterpret_cast<const uint16_t *>(src), dst, n);
  for (int64_t i = 0; i < n; ++i)
    dst[i] = halfToFloat(src[i].bits);
}
void mlir::gn::interp::widen(const BFloat *src, float *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    uint32_t bits = uint32_t(src[i].bits) << 16;
    std::memcpy(dst + i, &bits, 4);
  }
}

/// dst[i] = round(src[i]) to f16 (F16C when the CPU has it) or bf16.
static __attribute__((target("f16c"))) void narrowHalfF16C(const float *src, uint16_t *dst,
                                                           int64_t n) {
  int64_t i = 0;
  for (; i + 8 <= n; i += 8)
    _mm_storeu_si128((__m128i *)(dst + i),
                     _mm256_cvtps_ph(_mm256_loadu_ps(src + i), _MM_FROUND_TO_NEAREST_INT));
  for (; i < n; ++i)
    dst[i] = floatToHalf(src[i]);
}
void mlir::gn::interp::narrow(const float *src, Half *dst, int64_t n) {
  static const bool hasF16C = __builtin_cpu_supports("f16c");
  if (hasF16C)
    return narrowHalfF16C(src, reinterpret_cast<uint16_t *>(dst), n);
  for (int64_t i = 0; i < n; ++i)
    dst[i] = Elem<Half>::store(src[i]);
}
void mlir::gn::interp::narrow(const float *src, BFloat *dst, int64_t n) {
  for (int64_t i = 0; i < n; ++i)
    dst[i] = Elem<BFloat>::store(src[i]);
}

HostTensor mlir::gn::interp::convertTo(const HostTensor &t, DType to) {
  if (t.dtype() == to)
    return t;
  HostTensor out(to, t.shape(), /*zero=*/false);
  convertInto(t, out);
  return out;
}

void mlir::gn::interp::convertInto(const HostTensor &t, HostTensor &out) {
  if (t.dtype() == out.dtype()) {
    if (t.bytes() != out.bytes())
      std::memcpy(out.bytes(), t.bytes(), t.nbytes());
    return;
  }
  DType to = out.dtype();
  dispatch(t.dtype(), [&](auto a) {
    using A = decltype(a);
    dispatch(to, [&](auto b) {
      using B = decltype(b);
      const A *src = t.data<A>();
      B *dst = out.data<B>();
      constexpr bool halfA = std::is_same_v<A, Half> || std::is_same_v<A, BFloat>;
      constexpr bool halfB = std::is_same_v<B, Half> || std::is_same_v<B, BFloat>;
      if constexpr (halfA && std::is_same_v<B, float>) {
        return widen(src, dst, t.numel());
      } else if constexpr (std::is_same_v<A, float> && halfB) {
        return narrow(src, dst, t.numel());
      }
      using CA = typename Elem<A>::C;
      using CB = typename Elem<B>::C;
      for (int64_t i = 0, n = t.numel(); i < n; ++i) {
        CA v = Elem<A>::load(src[i]);
        if constexpr (std::is_same_v<B, bool>) {
          dst[i] = v != 0;
        } else if constexpr (std::is_integral_v<CB> && !std::is_integral_v<CA>) {
          dst[i] = Elem<B>::store(convertFloatToInt<CB>(static_cast<double>(v)));
        } else {
          dst[i] = Elem<B>::store(static_cast<CB>(v));
        }
      }
    });
  });
}
