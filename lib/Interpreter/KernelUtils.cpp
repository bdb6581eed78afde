//===- KernelUtils.cpp - shared machinery of the CPU kernels ------------===//
#include "Kernels.h"
#include "mlir/IR/BuiltinTypes.h"
#include <cmath>
#include <cstring>

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
      // Float -> integer truncates toward zero (NaN -> 0).
      C c = std::isnan(v) ? 0 : static_cast<C>(static_cast<int64_t>(v));
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
  return HostTensor(resultDType(op, i), resultShape(op, i));
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

HostTensor mlir::gn::interp::convertTo(const HostTensor &t, DType to) {
  if (t.dtype() == to)
    return t;
  HostTensor out(to, t.shape());
  dispatch(t.dtype(), [&](auto a) {
    using A = decltype(a);
    dispatch(to, [&](auto b) {
      using B = decltype(b);
      const A *src = t.data<A>();
      B *dst = out.data<B>();
      using CA = typename Elem<A>::C;
      using CB = typename Elem<B>::C;
      for (int64_t i = 0, n = t.numel(); i < n; ++i) {
        CA v = Elem<A>::load(src[i]);
        if constexpr (std::is_same_v<B, bool>) {
          dst[i] = v != 0;
        } else if constexpr (std::is_integral_v<CB> && !std::is_integral_v<CA>) {
          dst[i] = Elem<B>::store(std::isnan(v) ? 0 : static_cast<CB>(static_cast<int64_t>(v)));
        } else {
          dst[i] = Elem<B>::store(static_cast<CB>(v));
        }
      }
    });
  });
  return out;
}
