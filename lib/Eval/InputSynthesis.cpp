//===- InputSynthesis.cpp - deterministic GraphNet input replay ----------===//
//
// See InputSynthesis.h for the rules and the random stream;
// python-bindings/gn/inputs.py mirrors every function here, and test/unit/
// synthesis_mirror_check.py checks the two agree byte for byte.
//
//===----------------------------------------------------------------------===//
#include "gn/Eval/InputSynthesis.h"

#include <cmath>
#include <cstring>
#include <limits>

#if defined(__FAST_MATH__)
#error "InputSynthesis.cpp must not be built with -ffast-math (NaN tests, exact rounding)"
#endif

namespace mlir::gn::eval {

namespace {

constexpr uint64_t kGamma = 0x9E3779B97F4A7C15ull;

/// Hides `x` from the optimizer so that a product is rounded to double before
/// it is added (no FMA contraction, whatever -ffp-contract or -march say).
inline double opaque(double x) {
#if defined(__GNUC__) && defined(__x86_64__)
  __asm__("" : "+x"(x));
#elif defined(__GNUC__) && defined(__aarch64__)
  __asm__("" : "+w"(x));
#else
  volatile double y = x;
  x = y;
#endif
  return x;
}

/// ((z * std) * 0.2) + mean, each operation rounded to double.
inline double scaleShift(double z, double stdev, double mean) {
  double p = opaque(z * stdev);
  p = opaque(p * 0.2);
  return p + mean;
}

inline uint64_t doubleBits(double v) {
  uint64_t b;
  std::memcpy(&b, &v, sizeof b);
  return b;
}

/// Round-to-nearest-even of the double with bits `d` to a binary format with
/// `p` fraction bits, minimum normal exponent `emin`, `ebits` exponent bits.
/// Pure integer arithmetic; returns the target's bit pattern.
uint64_t roundDoubleBits(uint64_t d, int p, int emin, int ebits, uint64_t nanBits) {
  const uint64_t sign = d >> 63;
  const uint64_t expField = (d >> 52) & 0x7FF;
  const uint64_t frac = d & ((uint64_t(1) << 52) - 1);
  const uint64_t infBits = ((uint64_t(1) << ebits) - 1) << p;
  if (expField == 0x7FF && frac != 0)
    return nanBits;
  uint64_t m;
  int64_t e;
  if (expField == 0) {
    m = frac;
    e = -1022;
  } else {
    m = frac | (uint64_t(1) << 52);
    e = static_cast<int64_t>(expField) - 1023;
  }
  const int64_t qmin = emin - p; // exponent of the smallest subnormal
  int64_t s = 52 - p;
  if (qmin + 52 - e > s)
    s = qmin + 52 - e;
  if (s > 60)
    s = 60; // m < 2^53: everything shifts out and rounds to zero anyway
  uint64_t k = m >> s;
  const uint64_t rem = m & ((uint64_t(1) << s) - 1);
  const uint64_t half = uint64_t(1) << (s - 1);
  if (rem > half || (rem == half && (k & 1)))
    ++k;
  uint64_t bits = k;
  if (e >= emin)
    bits = (static_cast<uint64_t>(e - emin) << p) + k; // k carries the implicit 1
  if (bits > infBits)
    bits = infBits;
  return (sign << (p + ebits)) | bits;
}

struct IntRange {
  int64_t lo, hi;
};

IntRange dtypeRange(DType t) {
  switch (t) {
  case DType::I8: return {-128, 127};
  case DType::I16: return {-32768, 32767};
  case DType::I32: return {std::numeric_limits<int32_t>::min(), std::numeric_limits<int32_t>::max()};
  case DType::U8: return {0, 255};
  case DType::Bool: return {0, 1};
  default: return {std::numeric_limits<int64_t>::min(), std::numeric_limits<int64_t>::max()};
  }
}

bool isFloat(DType t) {
  return t == DType::F16 || t == DType::BF16 || t == DType::F32 || t == DType::F64;
}

/// Bit pattern of `v` rounded to the float dtype `t`.
uint64_t floatBits(double v, DType t) {
  switch (t) {
  case DType::F16: return roundToF16Bits(v);
  case DType::BF16: return roundToBF16Bits(v);
  case DType::F32: return roundToF32Bits(v);
  default: return f64Bits(v);
  }
}

inline void storeLE(uint8_t *dst, uint64_t bits, size_t size) {
  for (size_t b = 0; b < size; ++b)
    dst[b] = static_cast<uint8_t>(bits >> (8 * b));
}

} // namespace

uint64_t mix64(uint64_t x) {
  x ^= x >> 30;
  x *= 0xBF58476D1CE4E5B9ull;
  x ^= x >> 27;
  x *= 0x94D049BB133111EBull;
  x ^= x >> 31;
  return x;
}

uint64_t streamWord(uint64_t key, uint64_t j) { return mix64(key + (j + 1) * kGamma); }

double streamNormal(uint64_t key, uint64_t i) {
  uint64_t sum = 0;
  for (uint64_t j = 6 * i; j < 6 * i + 6; ++j) {
    uint64_t w = streamWord(key, j);
    sum += (w & 0xFFFFFFFFull) + (w >> 32);
  }
  // 2 * (sum - 6 * (2^32 - 1)) is an integer of magnitude below 2^37: exact.
  int64_t centered = static_cast<int64_t>(2 * sum) - int64_t(12) * int64_t(0xFFFFFFFFll);
  return static_cast<double>(centered) * 0x1p-33;
}

uint32_t roundToF32Bits(double v) {
  return static_cast<uint32_t>(roundDoubleBits(doubleBits(v), 23, -126, 8, 0x7FC00000u));
}

uint16_t roundToF16Bits(double v) {
  return static_cast<uint16_t>(roundDoubleBits(doubleBits(v), 10, -14, 5, 0x7E00u));
}

uint16_t f32BitsToBF16Bits(uint32_t bits) {
  if ((bits & 0x7FFFFFFFu) > 0x7F800000u)
    return 0x7FC0;
  return static_cast<uint16_t>((bits + 0x7FFFu + ((bits >> 16) & 1u)) >> 16);
}

uint16_t roundToBF16Bits(double v) { return f32BitsToBF16Bits(roundToF32Bits(v)); }

uint64_t f64Bits(double v) {
  if (std::isnan(v))
    return 0x7FF8000000000000ull;
  return doubleBits(v);
}

int64_t toIntegerSaturated(double v, DType t) {
  IntRange r = dtypeRange(t);
  if (std::isnan(v))
    return 0;
  if (v <= static_cast<double>(r.lo))
    return r.lo;
  if (v >= static_cast<double>(r.hi)) // for i64, double(hi) is 2^63
    return r.hi;
  return static_cast<int64_t>(v); // truncates toward zero
}

size_t elementSize(DType t) {
  switch (t) {
  case DType::F16:
  case DType::BF16:
  case DType::I16: return 2;
  case DType::F32:
  case DType::I32: return 4;
  case DType::F64:
  case DType::I64: return 8;
  case DType::I8:
  case DType::U8:
  case DType::Bool: return 1;
  }
  return 0;
}

std::optional<DType> parseTorchDType(const std::string &s) {
  std::string n = s.compare(0, 6, "torch.") == 0 ? s.substr(6) : s;
  if (n == "float32" || n == "float") return DType::F32;
  if (n == "float16" || n == "half") return DType::F16;
  if (n == "bfloat16") return DType::BF16;
  if (n == "float64" || n == "double") return DType::F64;
  if (n == "int64" || n == "long") return DType::I64;
  if (n == "int32" || n == "int") return DType::I32;
  if (n == "int16" || n == "short") return DType::I16;
  if (n == "int8") return DType::I8;
  if (n == "uint8") return DType::U8;
  if (n == "bool") return DType::Bool;
  return std::nullopt;
}

const char *torchDTypeName(DType t) {
  switch (t) {
  case DType::F16: return "torch.float16";
  case DType::BF16: return "torch.bfloat16";
  case DType::F32: return "torch.float32";
  case DType::F64: return "torch.float64";
  case DType::I8: return "torch.int8";
  case DType::I16: return "torch.int16";
  case DType::I32: return "torch.int32";
  case DType::I64: return "torch.int64";
  case DType::U8: return "torch.uint8";
  case DType::Bool: return "torch.bool";
  }
  return "unknown";
}

size_t numElements(const std::vector<int64_t> &shape) {
  size_t n = 1;
  for (int64_t d : shape)
    n *= d < 0 ? 1 : static_cast<size_t>(d);
  return n;
}

TensorSpec fanInSpec(TensorSpec spec, bool weight) {
  if (!isFloat(spec.dtype))
    return spec;
  double mean = spec.mean.value_or(0), stdev = spec.std.value_or(0);
  bool hasData = spec.data && !spec.data->empty(); // as synthesize() reads it
  auto draw = [&](double m, double s) {
    spec.mean = m;
    spec.std = 5.0 * s;
    spec.minVal.reset();
    spec.maxVal.reset();
    spec.data.reset();
  };
  size_t rank = spec.shape.size();
  if (rank >= 2 && stdev == 0 && !hasData) {
    // A constant input or weight (GraphNet's meta gives some images as all
    // zeros: mobilevit's pixel values).
    draw(0.0, 1.0);
  } else if (rank >= 2 && weight && !hasData) {
    // He's sqrt(2 / fan-in) keeps the scale through ReLU- and SiLU-like
    // layers.
    double fanIn = 1;
    for (size_t d = 1; d < rank; ++d)
      fanIn *= spec.shape[d] > 1 ? double(spec.shape[d]) : 1.0;
    draw(0.0, std::sqrt(2.0 / fanIn));
  } else if (rank == 1 && weight && stdev > 0 && std::abs(mean) < stdev) {
    // mobilevit's batch-norm scales are std-0.02 draws around 0: every
    // layer would shrink.
    draw(1.0, 0.1);
  }
  return spec;
}

std::vector<uint8_t> synthesize(const TensorSpec &spec, uint64_t seed, size_t argIndex) {
  const size_t n = numElements(spec.shape);
  const DType t = spec.dtype;
  const size_t es = elementSize(t);
  std::vector<uint8_t> out(n * es);
  if (n == 0)
    return out;

  const uint64_t a = static_cast<uint64_t>(argIndex);
  const uint64_t kMain = streamWord(seed, 2 * a);
  const uint64_t kAlt = streamWord(seed, 2 * a + 1);
  const double mean = spec.mean.value_or(kDefaultMean);
  const double stdev = spec.std.value_or(kDefaultStd);
  uint8_t *dst = out.data();

  // `data`, verbatim (repeated cyclically if its length is off).
  if (spec.data && !spec.data->empty()) {
    const std::vector<double> &d = *spec.data;
    for (size_t i = 0; i < n; ++i) {
      double v = d[i % d.size()];
      uint64_t bits;
      if (isFloat(t))
        bits = floatBits(v, t);
      else if (t == DType::Bool)
        bits = v != 0 ? 1 : 0; // NaN != 0
      else
        bits = static_cast<uint64_t>(toIntegerSaturated(v, t));
      storeLE(dst + i * es, bits, es);
    }
    return out;
  }

  if (isFloat(t)) {
    for (size_t i = 0; i < n; ++i) {
      double v = scaleShift(streamNormal(kMain, i), stdev, mean);
      if (spec.minVal && v < *spec.minVal)
        v = *spec.minVal;
      if (spec.maxVal && v > *spec.maxVal)
        v = *spec.maxVal;
      if (!std::isfinite(v))
        v = streamNormal(kAlt, i) * 0.01;
      if (v < -kFloatLimit)
        v = -kFloatLimit;
      if (v > kFloatLimit)
        v = kFloatLimit;
      storeLE(dst + i * es, floatBits(v, t), es);
    }
    return out;
  }

  if (t == DType::Bool) {
    for (size_t i = 0; i < n; ++i)
      dst[i] = streamNormal(kMain, i) > 0.5 ? 1 : 0;
    return out;
  }

  // Integers.
  if (spec.minVal && spec.maxVal) {
    const int64_t lo = toIntegerSaturated(*spec.minVal, t);
    const int64_t hi = toIntegerSaturated(*spec.maxVal, t);
    if (lo >= hi) {
      for (size_t i = 0; i < n; ++i)
        storeLE(dst + i * es, static_cast<uint64_t>(lo), es);
      return out;
    }
    const uint64_t range = static_cast<uint64_t>(hi) - static_cast<uint64_t>(lo) + 1; // 0: 2^64
    for (size_t i = 0; i < n; ++i) {
      uint64_t w = streamWord(kMain, i);
      uint64_t off = range == 0 ? w : w % range;
      storeLE(dst + i * es, static_cast<uint64_t>(lo) + off, es);
    }
    return out;
  }
  for (size_t i = 0; i < n; ++i) {
    double v = scaleShift(std::trunc(streamNormal(kMain, i)), stdev, mean);
    if (spec.minVal && v < *spec.minVal)
      v = *spec.minVal;
    if (spec.maxVal && v > *spec.maxVal)
      v = *spec.maxVal;
    storeLE(dst + i * es, static_cast<uint64_t>(toIntegerSaturated(v, t)), es);
  }
  return out;
}

} // namespace mlir::gn::eval
