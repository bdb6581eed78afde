//===- Kernels.h - shared machinery of the CPU kernels ---------*- C++ -*-===//
//
// Kernels are grouped by op family (ElementwiseKernels.cpp, ...). Each file
// exposes one `run<Family>` entry that returns std::nullopt for ops it does
// not own, so the dispatcher tries families in turn.
//
// Element types: f16/bf16 are stored as uint16_t bit patterns and computed
// in f32 (as PyTorch's CPU kernels do); f32 in f32, f64 in f64; integers in
// int64_t; i1 as uint8_t 0/1.
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_INTERPRETER_KERNELS_H
#define GN_LIB_INTERPRETER_KERNELS_H

#include "gn/IR/GnOps.h"
#include "gn/Interpreter/HostTensor.h"
#include "mlir/IR/Operation.h"
#include <optional>

#include <memory>
#include <vector>

namespace mlir::gn::interp {

struct Half { uint16_t bits; };
struct BFloat { uint16_t bits; };

/// Storage type -> compute type and conversions.
template <typename T> struct Elem {
  using C = T;
  static C load(T v) { return v; }
  static T store(C v) { return v; }
};
template <> struct Elem<Half> {
  using C = float;
  static float load(Half v) { return halfToFloat(v.bits); }
  static Half store(float v) { return Half{floatToHalf(v)}; }
};
template <> struct Elem<BFloat> {
  using C = float;
  static float load(BFloat v) { return bf16ToFloat(v.bits); }
  static BFloat store(float v) { return BFloat{floatToBf16(v)}; }
};
template <> struct Elem<bool> {
  using C = int64_t;
  static int64_t load(bool v) { return v; }
  static bool store(int64_t v) { return v != 0; }
};

/// Calls `f(T{})` with the storage type of `d` (bool for i1: 1 byte).
template <typename F> auto dispatch(DType d, F &&f) {
  switch (d) {
  case DType::F16: return f(Half{});
  case DType::BF16: return f(BFloat{});
  case DType::F32: return f(float{});
  case DType::F64: return f(double{});
  case DType::I1: return f(bool{});
  case DType::I8: return f(int8_t{});
  case DType::I16: return f(int16_t{});
  case DType::I32: return f(int32_t{});
  case DType::I64: return f(int64_t{});
  case DType::U8: return f(uint8_t{});
  }
  return f(float{});
}

/// Floating kernels compute in f64 for f64 and in f32 for the other types.
inline DType floatCompute(DType d) { return d == DType::F64 ? DType::F64 : DType::F32; }
/// Calls f(float{}) or f(double{}) for a floatCompute type.
template <typename F> auto dispatchFloat(DType computeType, F &&f) {
  if (computeType == DType::F64)
    return f(double{});
  return f(float{});
}

/// Element `i` of `t` as double (any dtype).
double loadAsDouble(const HostTensor &t, int64_t i);
/// Stores `v` into element `i` of `t` (rounded / truncated to its dtype).
void storeFromDouble(HostTensor &t, int64_t i, double v);

/// The DType of an op result.
DType resultDType(Operation *op, unsigned i = 0);
llvm::ArrayRef<int64_t> resultShape(Operation *op, unsigned i = 0);
HostTensor makeResult(Operation *op, unsigned i = 0);

/// Broadcast strides of `shape` aligned right to `outShape` (0 on broadcast dims).
llvm::SmallVector<int64_t, 6> broadcastStrides(llvm::ArrayRef<int64_t> shape,
                                               llvm::ArrayRef<int64_t> outShape);

/// Visits every multi-index of `shape` in row-major order, calling
/// f(linearIndex, index) where index is the current multi-index.
template <typename F> void forEachIndex(llvm::ArrayRef<int64_t> shape, F &&f) {
  int64_t n = 1;
  for (int64_t d : shape)
    n *= d;
  llvm::SmallVector<int64_t, 6> idx(shape.size(), 0);
  for (int64_t lin = 0; lin < n; ++lin) {
    f(lin, llvm::ArrayRef<int64_t>(idx));
    for (int64_t k = (int64_t)shape.size() - 1; k >= 0; --k) {
      if (++idx[k] < shape[k])
        break;
      idx[k] = 0;
    }
  }
}

/// Copies with an arbitrary source offset per output element, for data
/// movement: out[i] = in[srcIndex(i)] (elementwise copy of raw bytes).
void gatherBytes(const HostTensor &in, HostTensor &out,
                 llvm::function_ref<int64_t(llvm::ArrayRef<int64_t>)> srcIndex);

/// Copies element 0 of `t` into every other element (splat fills).
void fillWithFirst(HostTensor &t);

/// out[idx] = in[base + sum(idx[k] * srcStrides[k])] for every out index:
/// transposes, broadcasts, slices and flips are all this affine copy. The
/// innermost dim runs as a tight typed loop.
void affineCopy(const HostTensor &in, HostTensor &out, int64_t base,
                llvm::ArrayRef<int64_t> srcStrides);

/// Converts a tensor to another dtype.
HostTensor convertTo(const HostTensor &t, DType to);


using Operands = llvm::ArrayRef<HostTensor>;
using Results = llvm::SmallVectorImpl<HostTensor>;
/// Family entry points: std::nullopt when the op is not theirs, failure
/// after emitting a diagnostic at the op.
std::optional<LogicalResult> runElementwise(Operation *op, Operands in, Results &out);
std::optional<LogicalResult> runDataMovement(Operation *op, Operands in, Results &out);
std::optional<LogicalResult> runReduction(Operation *op, Operands in, Results &out);
/// Convolution weights in the library's own layout, for weight tensors
/// declared constant by the caller (Backend::setConstants): reordered once,
/// reused by every later call. Entries keep their source tensor alive, so a
/// cached address is never reused by another tensor.
class ReorderedWeights {
public:
  ReorderedWeights();
  ~ReorderedWeights();
  void setConstants(llvm::ArrayRef<HostTensor> constants);
  bool isConstant(const HostTensor &t) const;
  struct Impl;
  std::unique_ptr<Impl> impl;

private:
  std::vector<HostTensor> constants;
};

/// These two write their (single) result into `dest` when it is given and
/// the op supports it.
std::optional<LogicalResult> runContraction(Operation *op, Operands in, Results &out,
                                            const HostTensor *dest = nullptr);
std::optional<LogicalResult> runConvolution(Operation *op, Operands in, Results &out,
                                            const HostTensor *dest = nullptr,
                                            ReorderedWeights *weights = nullptr);
std::optional<LogicalResult> runNormalization(Operation *op, Operands in, Results &out);

} // namespace mlir::gn::interp

#endif // GN_LIB_INTERPRETER_KERNELS_H
