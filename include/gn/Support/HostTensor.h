//===- HostTensor.h - dense tensors in host memory -------------*- C++ -*-===//
//
// The values of the interpreter, the CPU runtime and the CUDA runtime's host
// side: a dtype, a static shape and a reference-counted row-major buffer
// (64-byte aligned). Reshapes share the buffer. No MLIR here: the small CUDA
// runner (tools/gn-cuda-run) links this without MLIR or LLVM's dylib.
// dtypeOf(mlir::Type) is in gn/IR/DTypes.h.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_HOSTTENSOR_H
#define GN_SUPPORT_HOSTTENSOR_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/SmallVector.h"
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace mlir::gn::interp {

enum class DType : uint8_t { F16, BF16, F32, F64, I1, I8, I16, I32, I64, U8 };

size_t sizeOf(DType dtype);
bool isFloat(DType dtype);
/// "f32", "i64", ... for messages.
const char *name(DType dtype);
/// The DType named "f32", "i64", ... (as name() writes it), if any.
std::optional<DType> dtypeNamed(llvm::StringRef name);

/// A tensor's name (an argument's, "" for a result), dtype and shape.
struct TensorSignature {
  std::string name;
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
};

class HostTensor {
public:
  HostTensor() = default;
  /// A new tensor; zero-initialized unless `zero` is false (kernels that
  /// write every element skip the memset).
  HostTensor(DType dtype, llvm::ArrayRef<int64_t> shape, bool zero = true);

  DType dtype() const { return dt; }
  llvm::ArrayRef<int64_t> shape() const { return shp; }
  int64_t rank() const { return shp.size(); }
  int64_t numel() const { return count; }
  size_t nbytes() const { return count * sizeOf(dt); }
  bool valid() const { return buffer != nullptr || count == 0; }

  uint8_t *bytes() { return buffer.get(); }
  const uint8_t *bytes() const { return buffer.get(); }
  template <typename T> T *data() { return reinterpret_cast<T *>(buffer.get()); }
  template <typename T> const T *data() const { return reinterpret_cast<const T *>(buffer.get()); }

  /// A tensor stored at `bytes` inside memory kept alive by `owner` (the
  /// compiled runtime's arena); no copy, no ownership of its own.
  static HostTensor view(DType dtype, llvm::ArrayRef<int64_t> shape,
                         const std::shared_ptr<uint8_t> &owner, uint8_t *bytes);

  /// Same buffer, new shape with the same element count.
  HostTensor reshaped(llvm::ArrayRef<int64_t> shape) const;
  /// Elements [first, first + elements of `shape`) of the same buffer, as a
  /// tensor of `shape` (a contiguous slice, or a reshape when first is 0).
  HostTensor window(int64_t first, llvm::ArrayRef<int64_t> shape) const;

private:
  DType dt = DType::F32;
  llvm::SmallVector<int64_t, 4> shp;
  int64_t count = 0;
  std::shared_ptr<uint8_t> buffer;
};

/// Element `i` of `t` as a double (f16/bf16 widened exactly, bools 0/1).
double elementAsDouble(const HostTensor &t, int64_t i);

/// Element `i` of `t` as an int64: integers exactly (a double cannot hold
/// every int64), floats as gn.convert makes them integers (convertFloatToInt).
int64_t elementAsInt64(const HostTensor &t, int64_t i);


/// Bytes of tensor memory allocated by HostTensor (views excluded), now and
/// at most since the last resetPeak(): what a run really held, transient
/// kernel temporaries included. Process-wide.
struct TensorMemory {
  static int64_t live();
  static int64_t peak();
  static void resetPeak();
};

/// Row-major strides of `shape`.
llvm::SmallVector<int64_t, 4> stridesOf(llvm::ArrayRef<int64_t> shape);

// 16-bit float conversions (round to nearest even).
float halfToFloat(uint16_t h);

/// Makes freed tensor memory stay in the process (glibc: no mmap per large
/// tensor, no trimming), so a tensor allocated after a free of the same size
/// does not fault in fresh zeroed pages. Both the interpreter and compiled
/// runs allocate per op; without this, page faults were a fifth of a graph
/// net's eager time. Call once at startup of a tool that runs graphs.
void keepFreedMemory();
uint16_t floatToHalf(float f);
float bf16ToFloat(uint16_t b);
uint16_t floatToBf16(float f);

} // namespace mlir::gn::interp

#endif // GN_SUPPORT_HOSTTENSOR_H
