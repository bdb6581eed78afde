//===- KernelUtils.cpp - shared machinery of the CPU kernels ------------===//
#include "Kernels.h"
#include "gn/Support/NumericCast.h"
#include "mlir/IR/BuiltinTypes.h"
#include <cmath>
#include <cstring>
#include <immintrin.h>

using namespace mlir;
using namespace mlir::gn::interp;

double mlir::gn::interp::loadAsDouble(const HostTensor &t, int64_t i) {
  return dispatch(t.dtype(), [&](auto tag) -> double {
    using T = decltype(tag);
    return static_cast<double>(Elem<T>::load(t.data<T>()[i]));
  });
}

void mlir::gn::interp::storeFromDouble(HostTensor &t, int64_t i, double v) {
  dispatch(t.dtype(), [&](auto tag) {
    using T = decltype(tag);
    using C = typename Elem<T>::C;
    if constexpr (std::is_integral_v<C>) {
      // Float -> integer truncates toward zero, saturated (NaN -> 0).
      C c = saturatingCast<C>(v);
      if constexpr (std::is_same_v<T, bool>)
        t.data<bool>()[i] = v != 0;
      else
        t.data<T>()[i] = Elem<T>::store(c);
    } else {
      t.data<T>()[i] = Elem<T>::store(static_cast<C>(v));
    }
  });
}

DType mlir::gn::interp::resultDType(Operation *op, unsigned i) {
  return *dtypeOf(cast<RankedTensorType>(op->getResult(i).getType()).getElementType());
}

llvm::ArrayRef<int64_t> mlir::gn::interp::resultShape(Operation *op, unsigned i) {
  return cast<RankedTensorType>(op->getResult(i).getType()).getShape();
}

HostTensor mlir::gn::interp::makeResult(Operation *op, unsigned i) {
  // Every kernel that uses makeResult writes all elements.
  return HostTensor(resultDType(op, i), resultShape(op, i), /*zero=*/false);
}

llvm::SmallVector<int64_t, 6> mlir::gn::interp::broadcastStrides(llvm::ArrayRef<int64_t> shape,
                                                       llvm::ArrayRef<int64_t> outShape) {
  llvm::SmallVector<int64_t, 6> out(outShape.size(), 0);
  auto s = stridesOf(shape);
  int64_t off = outShape.size() - shape.size();
  for (size_t i = 0; i < shape.size(); ++i)
    out[off + i] = shape[i] == 1 ? 0 : s[i];
  return out;
}

void mlir::gn::interp::gatherBytes(const HostTensor &in, HostTensor &out,
                         llvm::function_ref<int64_t(llvm::ArrayRef<int64_t>)> srcIndex) {
  size_t es = sizeOf(in.dtype());
  const uint8_t *src = in.bytes();
  uint8_t *dst = out.bytes();
  forEachIndex(out.shape(), [&](int64_t lin, llvm::ArrayRef<int64_t> idx) {
    std::memcpy(dst + lin * es, src + srcIndex(idx) * es, es);
  });
}

template <typename T>
static void affineCopyTyped(const T *src, T *dst, llvm::ArrayRef<int64_t> shape, int64_t base,
                            llvm::ArrayRef<int64_t> strides) {
  int64_t rank = shape.size();
  if (rank == 0) {
    dst[0] = src[base];
    return;
  }
  int64_t inner = shape[rank - 1], innerStride = strides[rank - 1];
  // Transposes of large activations are memory-bound gathers: rows on all
  // threads.
  forEachRow<1>(shape, {strides}, [&](int64_t o, std::array<int64_t, 1> off) {
    const T *s = src + base + off[0];
    T *d = dst + o * inner;
    if (innerStride == 1)
      std::memcpy(d, s, inner * sizeof(T));
    else if (innerStride == 0)
      std::fill_n(d, inner, *s);
    else
      for (int64_t i = 0; i < inner; ++i)
        d[i] = s[i * innerStride];
  });
}

void mlir::gn::interp::fillWithFirst(HostTensor &t) {
  int64_t n = t.numel();
  auto fill = [&](auto *p) { std::fill(p + 1, p + n, p[0]); };
  switch (sizeOf(t.dtype())) {
  case 1:
    return fill(t.data<uint8_t>());
  case 2:
    return fill(t.data<uint16_t>());
  case 4:
    return fill(t.data<uint32_t>());
  default:
    return fill(t.data<uint64_t>());
  }
}

void mlir::gn::interp::affineCopy(const HostTensor &in, HostTensor &out, int64_t base,
                                  llvm::ArrayRef<int64_t> srcStrides) {
  switch (sizeOf(in.dtype())) {
  case 1:
    return affineCopyTyped(in.data<uint8_t>(), out.data<uint8_t>(), out.shape(), base, srcStrides);
  case 2:
    return affineCopyTyped(in.data<uint16_t>(), out.data<uint16_t>(), out.shape(), base,
                           srcStrides);
  case 4:
    return affineCopyTyped(in.data<uint32_t>(), out.data<uint32_t>(), out.shape(), base,
                           srcStrides);
  default:
    return affineCopyTyped(in.data<uint64_t>(), out.data<uint64_t>(), out.shape(), base,
                           srcStrides);
  }
}

/// dst[i] = float(src[i]) for f16 (F16C when the CPU has it) or bf16 bits.
static __attribute__((target("f16c"))) void widenHalfF16C(const uint16_t *src, float *dst, int64_t n) {
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
static __attribute__((target("f16c"))) void narrowHalfF16C(const float *src, uint16_t *dst, int64_t n) {
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
          dst[i] = Elem<B>::store(saturatingCast<CB>(static_cast<double>(v)));
        } else {
          dst[i] = Elem<B>::store(static_cast<CB>(v));
        }
      }
    });
  });
}
