//===- RandomStream.h - gn's counter-based random stream --------*- C++ -*-===//
//
// Values of gn.random. Element i of an op with seed s is a pure function of
// (s, i), so the interpreter and every kernel (CPU and GPU, any thread
// split) draw the same values, and two ops with different seeds draw
// independent ones. The stream is SplitMix64's output function applied to
// a Weyl sequence started at a hash of the seed:
//
//   bits(s, i)  = mix(mix(s ^ kSeedSalt) + (i + 1) * kGolden)
//   uniform     = (bits(s, i) >> (64 - m)) * 2^-m                 in [0, 1)
//   normal      = sqrt(-2 log(1 - u53(s, 2i))) * cos(2 pi u53(s, 2i + 1))
//
// where m is the element type's significand width (24 for f32, 11 for f16,
// 8 for bf16, 53 for f64), so a uniform draw is exact in its type and never
// rounds up to 1 (as torch.rand); u53 is the uniform draw with m = 53. Both
// are computed in double and stored into the element type. Kernels emit the
// same integer and double operations in the same order (CopyKernels/Generators.cpp,
// emitRandom); log and cos are libm's on the CPU, so results are bit for
// bit the interpreter's. The numbers cannot match another framework's
// stream: outputs that depend on them are compared by shape and dtype only.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_RANDOMSTREAM_H
#define GN_SUPPORT_RANDOMSTREAM_H

#include <cmath>
#include <cstdint>

namespace mlir::gn::random {

constexpr uint64_t kGolden = 0x9E3779B97F4A7C15ull;
constexpr uint64_t kSeedSalt = 0x5851F42D4C957F2Dull;
constexpr uint64_t kMix1 = 0xBF58476D1CE4E5B9ull;
constexpr uint64_t kMix2 = 0x94D049BB133111EBull;
constexpr double kTwoPi = 6.283185307179586476925286766559;

/// SplitMix64's output function (a bijection of 64-bit words).
constexpr uint64_t mix(uint64_t z) {
  z = (z ^ (z >> 30)) * kMix1;
  z = (z ^ (z >> 27)) * kMix2;
  return z ^ (z >> 31);
}

/// Start of the Weyl sequence of an op's seed.
constexpr uint64_t streamBase(uint64_t seed) { return mix(seed ^ kSeedSalt); }

/// The 64 random bits at `counter`.
constexpr uint64_t bits(uint64_t base, uint64_t counter) {
  return mix(base + (counter + 1) * kGolden);
}

/// In [0, 1), on the grid of 2^-significand (exact in a type of that
/// significand width, 1 <= significand <= 53).
inline double uniform(uint64_t base, uint64_t i, unsigned significand = 53) {
  return double(bits(base, i) >> (64 - significand)) * std::ldexp(1.0, -int(significand));
}

/// Standard normal by Box-Muller from counters 2i and 2i + 1.
inline double normal(uint64_t base, uint64_t i) {
  double u1 = 1.0 - uniform(base, 2 * i); // in (0, 1]: log is finite
  double u2 = uniform(base, 2 * i + 1);
  return std::sqrt(-2.0 * std::log(u1)) * std::cos(kTwoPi * u2);
}

} // namespace mlir::gn::random

#endif // GN_SUPPORT_RANDOMSTREAM_H
