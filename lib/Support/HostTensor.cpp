//===- HostTensor.cpp - dense tensors in host memory --------------------===//
#include "gn/Support/HostTensor.h"
#include "gn/Support/MemoryLimit.h"
#include "gn/Support/NumericCast.h"
#include <algorithm>
#include <atomic>
#include <climits>
#include <cassert>
#include <cstdlib>
#include <cmath>
#include <cstring>
#include <deque>
#include <malloc.h>
#include <mutex>

using namespace mlir::gn::interp;

size_t mlir::gn::interp::sizeOf(DType d) {
  switch (d) {
  case DType::F16: case DType::BF16: case DType::I16: return 2;
  case DType::F32: case DType::I32: return 4;
  case DType::F64: case DType::I64: return 8;
  case DType::I1: case DType::I8: case DType::U8: return 1;
  }
  return 1;
}

bool mlir::gn::interp::isFloat(DType d) {
  return d == DType::F16 || d == DType::BF16 || d == DType::F32 || d == DType::F64;
}

const char *mlir::gn::interp::name(DType d) {
  switch (d) {
  case DType::F16: return "f16";
  case DType::BF16: return "bf16";
  case DType::F32: return "f32";
  case DType::F64: return "f64";
  case DType::I1: return "i1";
  case DType::I8: return "i8";
  case DType::I16: return "i16";
  case DType::I32: return "i32";
  case DType::I64: return "i64";
  case DType::U8: return "ui8";
  }
  return "?";
}

std::optional<DType> mlir::gn::interp::dtypeNamed(llvm::StringRef n) {
  for (DType d : {DType::F16, DType::BF16, DType::F32, DType::F64, DType::I1, DType::I8,
                  DType::I16, DType::I32, DType::I64, DType::U8})
    if (n == name(d))
      return d;
  return std::nullopt;
}

double mlir::gn::interp::elementAsDouble(const HostTensor &t, int64_t i) {
  switch (t.dtype()) {
  case DType::F16: return halfToFloat(t.data<uint16_t>()[i]);
  case DType::BF16: return bf16ToFloat(t.data<uint16_t>()[i]);
  case DType::F32: return t.data<float>()[i];
  case DType::F64: return t.data<double>()[i];
  case DType::I1: return t.data<uint8_t>()[i] != 0;
  case DType::I8: return t.data<int8_t>()[i];
  case DType::I16: return t.data<int16_t>()[i];
  case DType::I32: return t.data<int32_t>()[i];
  case DType::I64: return double(t.data<int64_t>()[i]);
  case DType::U8: return t.data<uint8_t>()[i];
  }
  return 0;
}

int64_t mlir::gn::interp::elementAsInt64(const HostTensor &t, int64_t i) {
  switch (t.dtype()) {
  case DType::I1: return t.data<uint8_t>()[i] != 0;
  case DType::I8: return t.data<int8_t>()[i];
  case DType::I16: return t.data<int16_t>()[i];
  case DType::I32: return t.data<int32_t>()[i];
  case DType::I64: return t.data<int64_t>()[i];
  case DType::U8: return t.data<uint8_t>()[i];
  default: return convertFloatToInt<int64_t>(elementAsDouble(t, i));
  }
}

static std::atomic<int64_t> liveTensorBytes{0}, peakTensorBytes{0};

namespace {

/// Freed tensor buffers past glibc's largest mmap threshold (32 MiB), kept
/// for reuse by exact size: glibc unmaps each, and the next of that size
/// faults its pages in again, zeroed by the kernel, where a graph allocates
/// the same large sizes layer after layer (a Swin-B at batch 64: most of its
/// eager time was the kernel's). At most kCachedBytes, oldest out; with the
/// live tensors within the memory limit (trimmed before an allocation);
/// emptied when malloc fails.
class LargeBlocks {
public:
  static constexpr size_t kLarge = size_t(32) << 20;
  static constexpr size_t kCachedBytes = size_t(2) << 30;

  uint8_t *take(size_t n) {
    std::lock_guard<std::mutex> lock(m);
    for (auto it = blocks.rbegin(); it != blocks.rend(); ++it)
      if (it->first == n) {
        uint8_t *p = it->second;
        blocks.erase(std::next(it).base());
        setBytes(bytes - n);
        return p;
      }
    return nullptr;
  }
  /// Keeps `p` while the cache stays within `room` bytes (what the memory
  /// limit leaves beside the live tensors) and kCachedBytes; frees it else.
  void put(size_t n, uint8_t *p, int64_t room) {
    std::lock_guard<std::mutex> lock(m);
    size_t cap = std::min<size_t>(kCachedBytes, static_cast<size_t>(std::max<int64_t>(room, 0)));
    if (n > cap) {
      std::free(p);
      return;
    }
    blocks.emplace_back(n, p);
    setBytes(bytes + n);
    freeOldestUntil(cap);
  }
  /// Frees the oldest blocks until the cache holds at most `room` bytes.
  void trimTo(int64_t room) {
    size_t cap = static_cast<size_t>(std::max<int64_t>(room, 0));
    if (static_cast<size_t>(held.load(std::memory_order_relaxed)) <= cap)
      return; // without the lock: most allocations find the cache small
    std::lock_guard<std::mutex> lock(m);
    freeOldestUntil(cap);
  }
  void clear() {
    std::lock_guard<std::mutex> lock(m);
    freeOldestUntil(0);
  }

private:
  void setBytes(size_t b) {
    bytes = b;
    held.store(static_cast<int64_t>(b), std::memory_order_relaxed);
  }
  void freeOldestUntil(size_t cap) { // with the lock held
    while (!blocks.empty() && bytes > cap) {
      setBytes(bytes - blocks.front().first);
      std::free(blocks.front().second);
      blocks.pop_front();
    }
  }

  std::mutex m;
  std::deque<std::pair<size_t, uint8_t *>> blocks; // oldest first
  size_t bytes = 0;
  std::atomic<int64_t> held{0}; // bytes, readable without the lock
};

/// Never destroyed: tensors freed during static destruction still return here.
LargeBlocks &largeBlocks() {
  static LargeBlocks *blocks = new LargeBlocks;
  return *blocks;
}

} // namespace

HostTensor::HostTensor(DType dtype, llvm::ArrayRef<int64_t> shape, bool zero)
    : dt(dtype), shp(shape.begin(), shape.end()) {
  count = 1;
  bool overflow = false;
  for (int64_t d : shape)
    overflow |= __builtin_mul_overflow(count, d, &count);
  int64_t bytes = 0;
  overflow |= __builtin_mul_overflow(count, static_cast<int64_t>(sizeOf(dt)), &bytes) ||
              bytes > (int64_t(1) << 60);
  if (overflow)
    outOfMemory("a tensor whose size overflows", ~size_t(0));
  size_t n = std::max<size_t>(64, (bytes + 63) / 64 * 64);
  if (int64_t limit = tensorMemoryLimit();
      limit > 0 && liveTensorBytes.load() + static_cast<int64_t>(n) > limit)
    outOfMemory("a tensor", n);
  bool large = n >= LargeBlocks::kLarge;
  uint8_t *p = large ? largeBlocks().take(n) : nullptr;
  // The cache and the live tensors together stay within the limit.
  if (int64_t limit = tensorMemoryLimit(); limit > 0 && !p)
    largeBlocks().trimTo(limit - liveTensorBytes.load() - static_cast<int64_t>(n));
  if (!p)
    p = static_cast<uint8_t *>(std::aligned_alloc(64, n));
  if (!p && large) { // the cache's memory back to the system, and once more
    largeBlocks().clear();
    p = static_cast<uint8_t *>(std::aligned_alloc(64, n));
  }
  if (!p)
    outOfMemory("a tensor (malloc failed)", n);
  if (zero)
    std::memset(p, 0, n);
  int64_t now = liveTensorBytes.fetch_add(n) + n;
  for (int64_t peak = peakTensorBytes.load(); now > peak;)
    if (peakTensorBytes.compare_exchange_weak(peak, now))
      break;
  buffer = std::shared_ptr<uint8_t>(p, [n](uint8_t *q) {
    liveTensorBytes.fetch_sub(n);
    if (n >= LargeBlocks::kLarge) {
      int64_t limit = tensorMemoryLimit();
      largeBlocks().put(n, q, limit > 0 ? limit - liveTensorBytes.load() : INT64_MAX);
    } else
      std::free(q);
  });
}

int64_t TensorMemory::live() { return liveTensorBytes.load(); }
int64_t TensorMemory::peak() { return peakTensorBytes.load(); }
void TensorMemory::resetPeak() { peakTensorBytes.store(liveTensorBytes.load()); }

HostTensor HostTensor::view(DType dtype, llvm::ArrayRef<int64_t> shape,
                            const std::shared_ptr<uint8_t> &owner, uint8_t *bytes) {
  HostTensor t;
  t.dt = dtype;
  t.shp.assign(shape.begin(), shape.end());
  t.count = 1;
  for (int64_t d : shape)
    t.count *= d;
  t.buffer = std::shared_ptr<uint8_t>(owner, bytes);
  return t;
}

HostTensor HostTensor::reshaped(llvm::ArrayRef<int64_t> shape) const {
  HostTensor t = *this;
  t.shp.assign(shape.begin(), shape.end());
  return t;
}

HostTensor HostTensor::window(int64_t first, llvm::ArrayRef<int64_t> shape) const {
  HostTensor t = reshaped(shape);
  t.count = 1;
  for (int64_t d : shape)
    t.count *= d;
  assert(first >= 0 && first + t.count <= count && "window outside the tensor");
  if (first != 0)
    t.buffer = std::shared_ptr<uint8_t>(buffer, buffer.get() + first * sizeOf(dt));
  return t;
}

llvm::SmallVector<int64_t, 4> mlir::gn::interp::stridesOf(llvm::ArrayRef<int64_t> shape) {
  llvm::SmallVector<int64_t, 4> s(shape.size(), 1);
  for (int64_t i = (int64_t)shape.size() - 2; i >= 0; --i)
    s[i] = s[i + 1] * shape[i + 1];
  return s;
}

float mlir::gn::interp::halfToFloat(uint16_t h) {
  uint32_t sign = (h & 0x8000u) << 16, exp = (h >> 10) & 0x1f, mant = h & 0x3ff, bits;
  if (exp == 0) {
    if (mant == 0) {
      bits = sign;
    } else { // subnormal: normalize
      exp = 127 - 15 + 1;
      while (!(mant & 0x400)) {
        mant <<= 1;
        --exp;
      }
      bits = sign | (exp << 23) | ((mant & 0x3ff) << 13);
    }
  } else if (exp == 0x1f) {
    bits = sign | 0x7f800000u | (mant << 13);
  } else {
    bits = sign | ((exp + 127 - 15) << 23) | (mant << 13);
  }
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t mlir::gn::interp::floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000u;
  uint32_t absx = x & 0x7fffffffu;
  if (absx >= 0x7f800000u) // inf or nan
    return sign | 0x7c00u | (absx > 0x7f800000u ? 0x200u : 0);
  if (absx >= 0x477ff000u) // rounds to >= 65520: inf
    return sign | 0x7c00u;
  if (absx < 0x38800000u) { // below the smallest normal half: subnormal or 0
    float a;
    std::memcpy(&a, &absx, 4);
    // a * 2^24 rounded to nearest even gives the subnormal mantissa.
    float scaled = a * 16777216.0f;
    uint32_t m = static_cast<uint32_t>(std::nearbyint(scaled));
    return sign | m;
  }
  uint32_t mant = absx & 0x7fffffu, exp = (absx >> 23) - 127 + 15;
  uint32_t h = (exp << 10) | (mant >> 13);
  uint32_t rest = mant & 0x1fffu;
  if (rest > 0x1000u || (rest == 0x1000u && (h & 1)))
    ++h;
  return sign | h;
}

float mlir::gn::interp::bf16ToFloat(uint16_t b) {
  uint32_t bits = static_cast<uint32_t>(b) << 16;
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

uint16_t mlir::gn::interp::floatToBf16(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  if ((x & 0x7fffffffu) > 0x7f800000u)
    return static_cast<uint16_t>((x >> 16) | 0x40);
  uint32_t rounding = 0x7fffu + ((x >> 16) & 1);
  return static_cast<uint16_t>((x + rounding) >> 16);
}

void mlir::gn::interp::keepFreedMemory() {
  mallopt(M_MMAP_THRESHOLD, 32 << 20); // the largest glibc accepts
  mallopt(M_TRIM_THRESHOLD, 1 << 30);
}
