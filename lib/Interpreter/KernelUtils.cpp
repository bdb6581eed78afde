//===- KernelUtils.cpp - shared machinery of the CPU kernels ------------===//
#include "Kernels.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Support/NumericCast.h"
#include "mlir/IR/BuiltinTypes.h"
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::gn;
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
      // Float -> integer as gn.convert (convertFloatToInt).
      C c = convertFloatToInt<C>(v);
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

llvm::SmallVector<int64_t, 6> mlir::gn::interp::resultShape(Operation *op, unsigned i) {
  auto type = cast<RankedTensorType>(op->getResult(i).getType());
  if (!hasSymbolicDims(type))
    return llvm::SmallVector<int64_t, 6>(type.getShape());
  const SymbolBinding *binding = BindingScope::current();
  if (!binding)
    llvm::report_fatal_error(llvm::Twine("the sizes of a symbolic result of '") +
                             op->getName().getStringRef() +
                             "' were asked outside a binding of the shape symbols");
  std::string why;
  // Interpreter::run checked every result has sizes at the binding.
  std::optional<llvm::SmallVector<int64_t, 6>> shape = shapeAt(type, *binding, why);
  if (!shape)
    llvm::report_fatal_error(llvm::Twine("'") + op->getName().getStringRef() + "': " + why);
  return *shape;
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
