//===- InputSynthesisTest.cpp - deterministic input synthesis ------------===//
#include "gn/Eval/HostInputs.h"
#include "gn/Eval/InputSynthesis.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>
#include <set>

using namespace mlir::gn::eval;

namespace {

TensorSpec makeSpec(std::vector<int64_t> shape, DType dtype, std::optional<double> mean = {},
                    std::optional<double> stdev = {}) {
  TensorSpec s;
  s.name = "t";
  s.shape = std::move(shape);
  s.dtype = dtype;
  s.mean = mean;
  s.std = stdev;
  return s;
}

uint64_t loadLE(const std::vector<uint8_t> &b, size_t i, size_t size) {
  uint64_t v = 0;
  for (size_t k = 0; k < size; ++k)
    v |= uint64_t(b[i * size + k]) << (8 * k);
  return v;
}

double halfToDouble(uint16_t h) {
  int sign = h >> 15, exp = (h >> 10) & 0x1F, frac = h & 0x3FF;
  double v;
  if (exp == 0x1F)
    v = frac ? NAN : INFINITY;
  else if (exp == 0)
    v = std::ldexp(frac, -24);
  else
    v = std::ldexp(frac + 1024, exp - 25);
  return sign ? -v : v;
}

double f32BitsToDouble(uint32_t bits) {
  float f;
  std::memcpy(&f, &bits, 4);
  return f;
}

/// Element values of a synthesized float / integer / bool tensor as doubles.
std::vector<double> decode(const std::vector<uint8_t> &bytes, DType t) {
  size_t es = elementSize(t), n = bytes.size() / es;
  std::vector<double> out(n);
  for (size_t i = 0; i < n; ++i) {
    uint64_t b = loadLE(bytes, i, es);
    switch (t) {
    case DType::F16: out[i] = halfToDouble(uint16_t(b)); break;
    case DType::BF16: out[i] = f32BitsToDouble(uint32_t(b) << 16); break;
    case DType::F32: out[i] = f32BitsToDouble(uint32_t(b)); break;
    case DType::F64: std::memcpy(&out[i], &b, 8); break;
    case DType::I8: out[i] = int8_t(b); break;
    case DType::I16: out[i] = int16_t(b); break;
    case DType::I32: out[i] = int32_t(b); break;
    case DType::I64: out[i] = double(int64_t(b)); break;
    case DType::U8:
    case DType::Bool: out[i] = double(b); break;
    }
  }
  return out;
}

void meanStd(const std::vector<double> &v, double &mean, double &sd) {
  double s = 0, s2 = 0;
  for (double x : v)
    s += x;
  mean = s / v.size();
  for (double x : v)
    s2 += (x - mean) * (x - mean);
  sd = std::sqrt(s2 / (v.size() - 1));
}

} // namespace

//===- random stream ----------------------------------------------------===//

TEST(InputSynthesis, SplitMix64ReferenceValues) {
  // SplitMix64 seeded with 0 (Vigna's reference generator).
  EXPECT_EQ(streamWord(0, 0), 0xE220A8397B1DCDAFull);
  EXPECT_EQ(streamWord(0, 1), 0x6E789E6AA1B965F4ull);
}

TEST(InputSynthesis, NormalIsExactAndWellShaped) {
  const uint64_t key = streamWord(123, 0);
  const size_t n = 200000;
  std::vector<double> z(n);
  size_t above = 0;
  for (size_t i = 0; i < n; ++i) {
    z[i] = streamNormal(key, i);
    // Exact multiple of 2^-33 below 6 in magnitude.
    double scaled = z[i] * 0x1p33;
    ASSERT_EQ(scaled, std::trunc(scaled));
    ASSERT_LT(std::fabs(z[i]), 6.0);
    above += z[i] > 0.5;
  }
  double m, sd;
  meanStd(z, m, sd);
  EXPECT_NEAR(m, 0.0, 0.01);
  EXPECT_NEAR(sd, 1.0, 0.01);
  EXPECT_NEAR(double(above) / n, 0.3085, 0.005); // P(N(0,1) > 0.5)
}

//===- determinism ------------------------------------------------------===//

TEST(InputSynthesis, Deterministic) {
  TensorSpec s = makeSpec({3, 7}, DType::F32, 0.0, 1.0);
  auto a = synthesize(s, 5, 2);
  EXPECT_EQ(a, synthesize(s, 5, 2));
  EXPECT_NE(a, synthesize(s, 6, 2));
  EXPECT_NE(a, synthesize(s, 5, 3));
  s.name = "renamed"; // the stream depends on (seed, argIndex) only
  EXPECT_EQ(a, synthesize(s, 5, 2));
  // A longer tensor starts with the same elements (element i uses its own
  // counters).
  TensorSpec longer = makeSpec({100}, DType::F32, 0.0, 1.0);
  auto b = synthesize(longer, 5, 2);
  EXPECT_TRUE(std::equal(a.begin(), a.end(), b.begin()));
}

TEST(InputSynthesis, GoldenValues) {
  // Pinned so that any change to the stream is deliberate (the numpy mirror
  // python-bindings/gn/inputs.py gives the same numbers).
  auto f = synthesize(makeSpec({4}, DType::F32, 0.0, 5.0), 0, 0);
  const uint32_t wantF[] = {0x3F908CF5, 0x3DBD606E, 0xBE3133C3, 0x3F77BD49};
  for (size_t i = 0; i < 4; ++i)
    EXPECT_EQ(loadLE(f, i, 4), wantF[i]) << i;

  TensorSpec ids = makeSpec({6}, DType::I64);
  ids.minVal = 0;
  ids.maxVal = 999;
  EXPECT_EQ(decode(synthesize(ids, 42, 3), DType::I64),
            (std::vector<double>{802, 730, 188, 336, 711, 254}));

  auto h = synthesize(makeSpec({3}, DType::BF16, 1.0, 1.0), 7, 1);
  const uint16_t wantH[] = {0x3F70, 0x3F77, 0x3F98};
  for (size_t i = 0; i < 3; ++i)
    EXPECT_EQ(loadLE(h, i, 2), wantH[i]) << i;
}

//===- float rules --------------------------------------------------------===//

TEST(InputSynthesis, StatisticsFollowMeanAndStd) {
  // GraphNet: randn * std * 0.2 + mean.
  auto v = decode(synthesize(makeSpec({400, 500}, DType::F64, 1.5, 2.0), 1, 0), DType::F64);
  double m, sd;
  meanStd(v, m, sd);
  EXPECT_NEAR(m, 1.5, 0.01);
  EXPECT_NEAR(sd, 0.4, 0.01);

  auto h = decode(synthesize(makeSpec({10000}, DType::F16, -0.25, 0.5), 1, 1), DType::F16);
  meanStd(h, m, sd);
  EXPECT_NEAR(m, -0.25, 0.01);
  EXPECT_NEAR(sd, 0.1, 0.01);
}

TEST(InputSynthesis, MissingMeanStdUseGraphNetDefaults) {
  auto v = decode(synthesize(makeSpec({50000}, DType::F32), 3, 0), DType::F32);
  double m, sd;
  meanStd(v, m, sd);
  EXPECT_NEAR(m, kDefaultMean, 0.005);
  EXPECT_NEAR(sd, kDefaultStd * 0.2, 0.002);
}

TEST(InputSynthesis, StdZeroGivesMean) {
  for (double x : decode(synthesize(makeSpec({17}, DType::F32, 0.375, 0.0), 0, 0), DType::F32))
    EXPECT_EQ(x, 0.375);
}

TEST(InputSynthesis, MinMaxClamp) {
  TensorSpec s = makeSpec({5000}, DType::F32, 0.0, 10.0);
  s.minVal = -0.5;
  s.maxVal = 0.75;
  auto v = decode(synthesize(s, 0, 0), DType::F32);
  size_t atMin = 0, atMax = 0;
  for (double x : v) {
    EXPECT_GE(x, -0.5);
    EXPECT_LE(x, 0.75);
    atMin += x == -0.5;
    atMax += x == 0.75;
  }
  EXPECT_GT(atMin, 1000u); // std 2 after scaling: most values clamp
  EXPECT_GT(atMax, 1000u);

  TensorSpec lower = makeSpec({1000}, DType::BF16, 0.0, 5.0);
  lower.minVal = 0.0;
  for (double x : decode(synthesize(lower, 0, 1), DType::BF16))
    EXPECT_GE(x, 0.0);
}

TEST(InputSynthesis, HundredLimit) {
  auto v = decode(synthesize(makeSpec({1000}, DType::F32, 1e6, 1e7), 0, 0), DType::F32);
  size_t hi = 0, lo = 0;
  for (double x : v) {
    EXPECT_LE(std::fabs(x), 100.0);
    hi += x == 100.0;
    lo += x == -100.0;
  }
  EXPECT_GT(hi, 0u);
  EXPECT_GT(lo, 0u);
}

TEST(InputSynthesis, NonFiniteReplaced) {
  for (auto [mean, sd] : {std::pair<double, double>{NAN, 1.0}, {0.0, INFINITY}, {INFINITY, 1.0},
                          {-INFINITY, 0.0}}) {
    for (DType t : {DType::F16, DType::BF16, DType::F32, DType::F64}) {
      auto v = decode(synthesize(makeSpec({300}, t, mean, sd), 9, 4), t);
      std::set<double> distinct;
      for (double x : v) {
        ASSERT_TRUE(std::isfinite(x));
        EXPECT_LT(std::fabs(x), 0.061); // z' * 0.01, |z'| < 6
        distinct.insert(x);
      }
      EXPECT_GT(distinct.size(), 50u); // random, not a constant
    }
  }
}

//===- data ---------------------------------------------------------------===//

TEST(InputSynthesis, DataVerbatim) {
  TensorSpec s = makeSpec({2, 3}, DType::F64, 100.0, 1.0);
  s.minVal = 0.0; // GraphNet returns data before clamping
  s.data = std::vector<double>{0.1, -2.5, 1e300, -0.0, NAN, -INFINITY};
  auto b = synthesize(s, 0, 0);
  auto v = decode(b, DType::F64);
  EXPECT_EQ(v[0], 0.1);
  EXPECT_EQ(v[1], -2.5);
  EXPECT_EQ(v[2], 1e300);
  EXPECT_EQ(loadLE(b, 3, 8), 0x8000000000000000ull); // -0.0 kept
  EXPECT_EQ(loadLE(b, 4, 8), 0x7FF8000000000000ull); // canonical NaN
  EXPECT_EQ(v[5], -INFINITY);

  s.dtype = DType::F32;
  auto f = synthesize(s, 0, 0);
  EXPECT_EQ(loadLE(f, 0, 4), 0x3DCCCCCDu);
  EXPECT_EQ(loadLE(f, 2, 4), 0x7F800000u); // overflow -> Inf
  EXPECT_EQ(loadLE(f, 4, 4), 0x7FC00000u);

  // Cyclic repetition when the length is off; the same for every seed.
  TensorSpec c = makeSpec({7}, DType::I32);
  c.data = std::vector<double>{1, 2, 3};
  EXPECT_EQ(decode(synthesize(c, 1, 0), DType::I32), (std::vector<double>{1, 2, 3, 1, 2, 3, 1}));
  EXPECT_EQ(synthesize(c, 1, 0), synthesize(c, 2, 5));

  // 0-d tensor with data.
  TensorSpec scalar = makeSpec({}, DType::I64);
  scalar.data = std::vector<double>{42};
  EXPECT_EQ(decode(synthesize(scalar, 0, 0), DType::I64), (std::vector<double>{42}));
}

TEST(InputSynthesis, IntegerAndBoolData) {
  TensorSpec s = makeSpec({6}, DType::I8);
  s.data = std::vector<double>{1, -1, 127, 300, -300, -2.9};
  EXPECT_EQ(decode(synthesize(s, 0, 0), DType::I8), (std::vector<double>{1, -1, 127, 127, -128, -2}));
  s.dtype = DType::U8;
  s.data = std::vector<double>{0, 255, -3, NAN, 256, 7.9};
  EXPECT_EQ(decode(synthesize(s, 0, 0), DType::U8), (std::vector<double>{0, 255, 0, 0, 255, 7}));
  s.dtype = DType::Bool;
  s.data = std::vector<double>{0, 1, 2.5, -0.0, NAN, -1};
  EXPECT_EQ(decode(synthesize(s, 0, 0), DType::Bool), (std::vector<double>{0, 1, 1, 0, 1, 1}));
}

//===- integers and bools without data ------------------------------------===//

TEST(InputSynthesis, IntegerRange) {
  TensorSpec s = makeSpec({4000}, DType::I32);
  s.minVal = -5;
  s.maxVal = 5;
  std::set<double> seen;
  for (double x : decode(synthesize(s, 0, 0), DType::I32)) {
    EXPECT_GE(x, -5);
    EXPECT_LE(x, 5);
    seen.insert(x);
  }
  EXPECT_EQ(seen.size(), 11u); // inclusive on both ends

  TensorSpec sat = makeSpec({2000}, DType::I8);
  sat.minVal = -1000;
  sat.maxVal = 1000;
  seen.clear();
  for (double x : decode(synthesize(sat, 0, 1), DType::I8))
    seen.insert(x);
  EXPECT_EQ(*seen.begin(), -128);
  EXPECT_EQ(*seen.rbegin(), 127);

  TensorSpec u8 = makeSpec({3, 4, 5}, DType::U8);
  u8.minVal = 10;
  u8.maxVal = 250;
  for (double x : decode(synthesize(u8, 0, 2), DType::U8)) {
    EXPECT_GE(x, 10);
    EXPECT_LE(x, 250);
  }

  TensorSpec one = makeSpec({9}, DType::I16);
  one.minVal = 7;
  one.maxVal = 7;
  for (double x : decode(synthesize(one, 0, 3), DType::I16))
    EXPECT_EQ(x, 7);
  one.minVal = 9; // min > max: min everywhere
  for (double x : decode(synthesize(one, 0, 3), DType::I16))
    EXPECT_EQ(x, 9);

  TensorSpec full = makeSpec({64}, DType::I64);
  full.minVal = -9223372036854775808.0;
  full.maxVal = 9223372036854775807.0; // 2^63 as a double: saturates
  auto fb = synthesize(full, 0, 4);
  bool neg = false, pos = false;
  for (size_t i = 0; i < 64; ++i) {
    int64_t x = int64_t(loadLE(fb, i, 8));
    neg |= x < 0;
    pos |= x > 0;
  }
  EXPECT_TRUE(neg && pos);
}

TEST(InputSynthesis, IntegerWithoutRangeFollowsGraphNet) {
  // GraphNet's meta files give integer tensors mean = std = None: all zeros.
  for (double x : decode(synthesize(makeSpec({500}, DType::I64), 0, 0), DType::I64))
    EXPECT_EQ(x, 0);
  // trunc(z) * std * 0.2 + mean, truncated: with mean 5 and std 10 the
  // values are 5 + 2 * trunc(z) (truncation of an integer-valued double).
  std::set<double> seen;
  for (double x : decode(synthesize(makeSpec({2000}, DType::I32, 5.0, 10.0), 0, 1), DType::I32)) {
    seen.insert(x);
    EXPECT_EQ(std::fmod(x - 5, 2), 0);
  }
  EXPECT_TRUE(seen.count(5) && seen.count(3) && seen.count(7));
  // One bound alone clamps.
  TensorSpec s = makeSpec({2000}, DType::I32, 5.0, 10.0);
  s.minVal = 5;
  for (double x : decode(synthesize(s, 0, 1), DType::I32))
    EXPECT_GE(x, 5);
}

TEST(InputSynthesis, BoolRandom) {
  TensorSpec s = makeSpec({1, 1, 100, 100}, DType::Bool, 100.0, 1.0); // mean ignored
  auto b = synthesize(s, 0, 0);
  ASSERT_EQ(b.size(), 10000u);
  size_t ones = 0;
  for (uint8_t x : b) {
    ASSERT_LE(x, 1);
    ones += x;
  }
  EXPECT_NEAR(ones / 10000.0, 0.3085, 0.02); // GraphNet: randn > 0.5
}

//===- shapes and dtypes ----------------------------------------------------===//

TEST(InputSynthesis, Shapes) {
  EXPECT_EQ(synthesize(makeSpec({}, DType::F32, 3.0, 0.0), 0, 0).size(), 4u); // 0-d
  EXPECT_TRUE(synthesize(makeSpec({0, 8}, DType::F32, 0.0, 1.0), 0, 0).empty());
  EXPECT_TRUE(synthesize(makeSpec({3, 0}, DType::I64), 0, 0).empty());
  EXPECT_EQ(synthesize(makeSpec({-1, 4}, DType::F16, 0.0, 1.0), 0, 0).size(), 8u); // dynamic -> 1
  EXPECT_EQ(numElements({2, 3, 4}), 24u);
  EXPECT_EQ(numElements({}), 1u);
}

TEST(InputSynthesis, ParseDType) {
  EXPECT_EQ(parseTorchDType("torch.float32"), DType::F32);
  EXPECT_EQ(parseTorchDType("torch.float"), DType::F32);
  EXPECT_EQ(parseTorchDType("float32"), DType::F32);
  EXPECT_EQ(parseTorchDType("torch.half"), DType::F16);
  EXPECT_EQ(parseTorchDType("torch.bfloat16"), DType::BF16);
  EXPECT_EQ(parseTorchDType("torch.double"), DType::F64);
  EXPECT_EQ(parseTorchDType("torch.long"), DType::I64);
  EXPECT_EQ(parseTorchDType("torch.int"), DType::I32);
  EXPECT_EQ(parseTorchDType("torch.short"), DType::I16);
  EXPECT_EQ(parseTorchDType("torch.int8"), DType::I8);
  EXPECT_EQ(parseTorchDType("torch.uint8"), DType::U8);
  EXPECT_EQ(parseTorchDType("torch.bool"), DType::Bool);
  EXPECT_FALSE(parseTorchDType("torch.complex64"));
  EXPECT_FALSE(parseTorchDType("torch.float8_e4m3fn"));
  EXPECT_STREQ(torchDTypeName(DType::BF16), "torch.bfloat16");
  for (DType t : {DType::F16, DType::BF16, DType::F32, DType::F64, DType::I8, DType::I16,
                  DType::I32, DType::I64, DType::U8, DType::Bool})
    EXPECT_EQ(parseTorchDType(torchDTypeName(t)), t);
  EXPECT_EQ(elementSize(DType::BF16), 2u);
  EXPECT_EQ(elementSize(DType::F64), 8u);
  EXPECT_EQ(elementSize(DType::Bool), 1u);
}

//===- rounding -------------------------------------------------------------===//

TEST(InputSynthesis, RoundToF16) {
  EXPECT_EQ(roundToF16Bits(1.0), 0x3C00);
  EXPECT_EQ(roundToF16Bits(0.1), 0x2E66);
  EXPECT_EQ(roundToF16Bits(-2.0), 0xC000);
  EXPECT_EQ(roundToF16Bits(-0.0), 0x8000);
  EXPECT_EQ(roundToF16Bits(65504.0), 0x7BFF);
  EXPECT_EQ(roundToF16Bits(65519.99), 0x7BFF);
  EXPECT_EQ(roundToF16Bits(65520.0), 0x7C00); // tie, odd max -> Inf
  EXPECT_EQ(roundToF16Bits(-1e10), 0xFC00);
  EXPECT_EQ(roundToF16Bits(std::ldexp(1.0, -24)), 0x0001); // smallest subnormal
  EXPECT_EQ(roundToF16Bits(std::ldexp(1.0, -25)), 0x0000); // tie -> even (0)
  EXPECT_EQ(roundToF16Bits(std::ldexp(1.0000001, -25)), 0x0001);
  EXPECT_EQ(roundToF16Bits(std::ldexp(3.0, -25)), 0x0002); // tie 1.5 -> 2
  EXPECT_EQ(roundToF16Bits(6.103515625e-05), 0x0400);      // smallest normal
  EXPECT_EQ(roundToF16Bits(6.1e-05), 0x03FF);
  EXPECT_EQ(roundToF16Bits(1 + std::ldexp(1.0, -11)), 0x3C00);     // tie -> even
  EXPECT_EQ(roundToF16Bits(1 + 3 * std::ldexp(1.0, -11)), 0x3C02); // tie -> even
  // One rounding from double: via float32 this would be a tie -> 0x3C00.
  EXPECT_EQ(roundToF16Bits(1 + std::ldexp(1.0, -11) + std::ldexp(1.0, -40)), 0x3C01);
  EXPECT_EQ(roundToF16Bits(INFINITY), 0x7C00);
  EXPECT_EQ(roundToF16Bits(NAN), 0x7E00);
  EXPECT_EQ(roundToF16Bits(-NAN), 0x7E00);
  EXPECT_EQ(roundToF16Bits(1e-300), 0x0000);
  EXPECT_EQ(roundToF16Bits(std::numeric_limits<double>::denorm_min()), 0x0000);
  // Every f16 value round-trips.
  for (uint32_t h = 0; h < 0x10000; ++h) {
    if ((h & 0x7C00) == 0x7C00 && (h & 0x3FF))
      continue; // NaN
    ASSERT_EQ(roundToF16Bits(halfToDouble(uint16_t(h))), h);
  }
}

TEST(InputSynthesis, RoundToBF16) {
  EXPECT_EQ(roundToBF16Bits(1.0), 0x3F80);
  EXPECT_EQ(roundToBF16Bits(3.14159265358979), 0x4049);
  EXPECT_EQ(roundToBF16Bits(1.00390625), 0x3F80); // 1 + 2^-8: tie -> even
  EXPECT_EQ(roundToBF16Bits(1.01171875), 0x3F82); // 1 + 3 * 2^-8: tie -> even
  EXPECT_EQ(roundToBF16Bits(-0.0), 0x8000);
  EXPECT_EQ(roundToBF16Bits(3.4e38), 0x7F80); // f32 0x7F7FC99E rounds up to Inf
  EXPECT_EQ(roundToBF16Bits(-1e-45), 0x8000);
  EXPECT_EQ(roundToBF16Bits(NAN), 0x7FC0);
  EXPECT_EQ(roundToBF16Bits(-INFINITY), 0xFF80);
  // Documented double rounding (double -> f32 -> bf16, as torch's
  // float32 -> bfloat16): 1 + 2^-8 + 2^-30 becomes the tie 1 + 2^-8 in f32.
  EXPECT_EQ(roundToBF16Bits(1 + std::ldexp(1.0, -8) + std::ldexp(1.0, -30)), 0x3F80);
  EXPECT_EQ(f32BitsToBF16Bits(0x7F7FFFFF), 0x7F80);
  EXPECT_EQ(f32BitsToBF16Bits(0x7F7F7FFF), 0x7F7F);
  EXPECT_EQ(f32BitsToBF16Bits(0x7F800001), 0x7FC0); // signalling NaN stays NaN
  EXPECT_EQ(f32BitsToBF16Bits(0x00008000), 0x0000); // subnormal tie -> even
  EXPECT_EQ(f32BitsToBF16Bits(0x00018000), 0x0002);
}

TEST(InputSynthesis, RoundToF32) {
  auto asF32 = [](double d) {
    float f = static_cast<float>(d); // the host's RNE conversion
    uint32_t b;
    std::memcpy(&b, &f, 4);
    return b;
  };
  EXPECT_EQ(roundToF32Bits(0.1), 0x3DCCCCCDu);
  EXPECT_EQ(roundToF32Bits(1e-45), 0x00000001u);
  EXPECT_EQ(roundToF32Bits(7.006492321624085e-46), 0x00000000u); // tie -> 0
  EXPECT_EQ(roundToF32Bits(3.4028234663852886e38), 0x7F7FFFFFu);
  EXPECT_EQ(roundToF32Bits(3.4028235677973366e38), 0x7F800000u); // tie, odd max -> Inf
  EXPECT_EQ(roundToF32Bits(NAN), 0x7FC00000u);
  EXPECT_EQ(roundToF32Bits(-INFINITY), 0xFF800000u);
  // Agreement with the host conversion over many doubles (no FTZ here).
  uint64_t key = streamWord(99, 0);
  for (uint64_t i = 0; i < 200000; ++i) {
    uint64_t w = streamWord(key, i);
    // Exponents spread around the f32 range, random sign and fraction.
    uint64_t exp = 1023 - 160 + (w >> 52) % 300;
    uint64_t bits = (w & 0x800FFFFFFFFFFFFFull) | (exp << 52);
    if (i % 4 == 1) // force halfway cases
      bits = (bits & ~((uint64_t(1) << 29) - 1)) | (uint64_t(1) << 28);
    double d;
    std::memcpy(&d, &bits, 8);
    ASSERT_EQ(roundToF32Bits(d), asF32(d)) << std::hexfloat << d;
  }
}

TEST(InputSynthesis, IntegerSaturation) {
  EXPECT_EQ(toIntegerSaturated(-2.9, DType::I32), -2);
  EXPECT_EQ(toIntegerSaturated(2.9, DType::I32), 2);
  EXPECT_EQ(toIntegerSaturated(NAN, DType::I64), 0);
  EXPECT_EQ(toIntegerSaturated(1e300, DType::I64), std::numeric_limits<int64_t>::max());
  EXPECT_EQ(toIntegerSaturated(-1e300, DType::I64), std::numeric_limits<int64_t>::min());
  EXPECT_EQ(toIntegerSaturated(9223372036854775807.0, DType::I64),
            std::numeric_limits<int64_t>::max());
  EXPECT_EQ(toIntegerSaturated(9.2e18, DType::I64), int64_t(9200000000000000000));
  EXPECT_EQ(toIntegerSaturated(40000, DType::I16), 32767);
  EXPECT_EQ(toIntegerSaturated(-1, DType::U8), 0);
  EXPECT_EQ(toIntegerSaturated(INFINITY, DType::I8), 127);
}

// Synthesis::FanIn (gn-eval --inputs fan-in, and the degenerate-output
// recheck): weights of rank >= 2 at He's std, constant rank >= 2 tensors
// standard normal, centered random rank-1 weights around 1; the rest, and
// every GraphNet draw, as the meta says.
TEST(InputSynthesis, FanInKeepsTheScale) {
  auto stats = [](const mlir::gn::interp::HostTensor &t) {
    double sum = 0, sq = 0;
    const float *v = t.data<float>();
    for (int64_t i = 0; i < t.numel(); ++i)
      sum += v[i], sq += double(v[i]) * v[i];
    double mean = sum / t.numel();
    return std::make_pair(mean, std::sqrt(sq / t.numel() - mean * mean));
  };
  auto draw = [](mlir::gn::ArgumentMeta meta, std::vector<int64_t> shape, Synthesis how) {
    meta.torchDtype = "torch.float32";
    std::string error;
    auto t = synthesizeArgument(meta, shape, mlir::gn::interp::DType::F32, 7, 0, error, how);
    EXPECT_TRUE(t.has_value()) << error;
    return *t;
  };
  using mlir::gn::ArgumentMeta;
  ArgumentMeta weight{"w", "", "weight", 0.0, 0.02, -0.1, 0.1, std::nullopt};
  auto [m0, s0] = stats(draw(weight, {256, 32, 3, 3}, Synthesis::GraphNet));
  EXPECT_NEAR(s0, 0.02 * 0.2, 0.0005);
  auto [m1, s1] = stats(draw(weight, {256, 32, 3, 3}, Synthesis::FanIn));
  EXPECT_NEAR(m1, 0.0, 0.01);
  EXPECT_NEAR(s1, std::sqrt(2.0 / (32 * 9)), 0.005);
  ArgumentMeta image{"pixel_values", "", "input", 0.0, 0.0, std::nullopt, std::nullopt,
                     std::nullopt};
  auto [m2, s2] = stats(draw(image, {1, 3, 64, 64}, Synthesis::GraphNet));
  EXPECT_EQ(s2, 0.0);
  auto [m3, s3] = stats(draw(image, {1, 3, 64, 64}, Synthesis::FanIn));
  EXPECT_NEAR(s3, 1.0, 0.03);
  ArgumentMeta scale{"bn.weight", "", "weight", 0.001, 0.02, std::nullopt, std::nullopt,
                     std::vector<double>(4096, 0.01)};
  auto [m4, s4] = stats(draw(scale, {4096}, Synthesis::FanIn));
  EXPECT_NEAR(m4, 1.0, 0.01);
  EXPECT_NEAR(s4, 0.1, 0.01);
  ArgumentMeta bias{"bias", "", "weight", 0.0, 0.0, std::nullopt, std::nullopt, std::nullopt};
  auto [m5, s5] = stats(draw(bias, {64}, Synthesis::FanIn));
  EXPECT_EQ(m5, 0.0);
  EXPECT_EQ(s5, 0.0);
}
