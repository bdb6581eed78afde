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
#include "gn/Interpreter/DTypeConversion.h"
#include "mlir/IR/Operation.h"
#include <cmath>
#include <optional>

#include <array>
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
/// exp of an f32 through f64, rounded once: correctly rounded but for
/// near-ties, as the compiled kernels of graphs with half data compute it
/// (KernelsToLLVM's rounded exp). glibc's expf misrounds 4e-5 of f32 inputs,
/// and in a half graph the next convert turns such an ulp into an f16 ulp
/// now and then (maxvit_t float16: one softmax, then the whole net, t = -3).
/// Every interpreter exp that a compiled kernel computes as math.exp uses
/// it: gn.exp, softmax, sigmoid (silu), elu, softplus, mish.
template <typename C> C expRounded(C x) {
  if constexpr (std::is_same_v<C, float>)
    return float(std::exp(double(x)));
  else
    return std::exp(x);
}

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
/// The sizes of an op result in the run in progress: its type's sizes, its
/// symbolic dims (#gn.dims) evaluated at the run's binding (BindingScope).
llvm::SmallVector<int64_t, 6> resultShape(Operation *op, unsigned i = 0);
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

/// Calls `f(row, offsets)` for every row of the innermost dim of `shape`
/// (one call for rank 0), where offsets[s] is the sum over the outer dims of
/// index * strides[s][dim]: the start of that row in each of N operands.
/// Rows run on all threads (OpenMP) above 2^15 elements. The loops that
/// broadcast, transpose, select and pad are this walk plus a tight inner loop.
template <size_t N, typename F>
void forEachRow(llvm::ArrayRef<int64_t> shape,
                const std::array<llvm::ArrayRef<int64_t>, N> &strides, F &&f) {
  int64_t rank = shape.size(), inner = rank ? shape.back() : 1, n = 1;
  for (int64_t d : shape)
    n *= d;
  int64_t rows = inner ? n / inner : 0;
#ifdef _OPENMP // (lib/Eval includes this header without OpenMP)
#pragma omp parallel for if (n > (int64_t(1) << 15))
#endif
  for (int64_t r = 0; r < rows; ++r) {
    std::array<int64_t, N> offsets{};
    int64_t rest = r;
    for (int64_t k = rank - 2; k >= 0; --k) {
      int64_t i = rest % shape[k];
      rest /= shape[k];
      for (size_t s = 0; s < N; ++s)
        offsets[s] += i * strides[s][k];
    }
    f(r, offsets);
  }
}

/// Copies element 0 of `t` into every other element (splat fills).
void fillWithFirst(HostTensor &t);

/// out[idx] = in[base + sum(idx[k] * srcStrides[k])] for every out index:
/// transposes, broadcasts, slices and flips are all this affine copy. The
/// innermost dim runs as a tight typed loop.
void affineCopy(const HostTensor &in, HostTensor &out, int64_t base,
                llvm::ArrayRef<int64_t> srcStrides);

/// dst[i] = float(src[i]) (F16C for f16 when the CPU has it; bf16 is a
/// shift), and back with round-to-nearest-even: the vectorized forms of
/// Elem<Half/BFloat>::load/store, used by convertTo and the half GEMMs.
void widen(const Half *src, float *dst, int64_t n);
void widen(const BFloat *src, float *dst, int64_t n);
void narrow(const float *src, Half *dst, int64_t n);
void narrow(const float *src, BFloat *dst, int64_t n);

/// Converts a tensor to another dtype.
HostTensor convertTo(const HostTensor &t, DType to);


using Operands = llvm::ArrayRef<HostTensor>;
using Results = llvm::SmallVectorImpl<HostTensor>;
/// Family entry points: std::nullopt when the op is not theirs, failure
/// after emitting a diagnostic at the op.
std::optional<LogicalResult> runElementwise(Operation *op, Operands in, Results &out);
std::optional<LogicalResult> runDataMovement(Operation *op, Operands in, Results &out);
/// roi_align and nms (DetectionKernels.cpp).
std::optional<LogicalResult> runDetection(Operation *op, Operands in, Results &out);
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
