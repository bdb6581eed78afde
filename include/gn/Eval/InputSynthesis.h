//===- InputSynthesis.h - deterministic GraphNet input replay --*- C++ -*-===//
//
// Builds the bytes of a sample's inputs and weights from what its meta files
// say (shape, dtype, mean, std, min_val, max_val, data), following GraphNet's
// `replay_tensor` (graph_net/torch/utils.py) but with a random stream that is
// deterministic, documented and reproduced bit for bit by the numpy mirror
// python-bindings/gn/inputs.py. Plain C++17: no MLIR, no exceptions.
//
// GraphNet's rules, as gn applies them (element i of a tensor):
//
//  * `data` present: used verbatim (GraphNet returns it before any clamping
//    or NaN handling), converted to the dtype as below. A data list whose
//    length is not the element count is repeated cyclically (GraphNet would
//    fail to reshape it); an empty list counts as no data.
//  * floating point (f16, bf16, f32, f64) without data:
//      v = ((z * std) * 0.2) + mean         (double, in this order, no FMA)
//      v = max(v, min_val) if given; v = min(v, max_val) if given
//                                           (NaN passes through, as in torch)
//      v = z' * 0.01 if v is NaN or +-Inf   (GraphNet: randn_like * 0.01)
//      v = clamp(v, -100, 100)
//      then rounded once to the dtype.
//    `std == 0` needs no special case: the formula gives `mean` (GraphNet
//    uses torch.full(mean)).
//  * integer (i8, i16, i32, i64, u8) with both min_val and max_val and no
//    data: uniform in [min_val, max_val] inclusive (GraphNet: torch.randint(
//    min_val, max_val + 1)); bounds are saturated to the dtype's range first,
//    and min_val > max_val gives min_val everywhere.
//  * integer without data and without both bounds: GraphNet's torch path,
//    cast back to the declared dtype: v = ((trunc(z) * std) * 0.2) + mean
//    (GraphNet converts randn to the integer dtype before scaling), then the
//    bound that is present clamps, then the conversion below. With GraphNet's
//    meta files (mean = std = None for integer tensors) this is all zeros.
//  * bool without data: z > 0.5 (GraphNet: torch.randn(shape) > 0.5, so about
//    30.9% true). min_val / max_val / mean / std are ignored.
//  * missing mean / std (nullopt, i.e. `None` in the meta file or absent):
//    mean 0, std 0.1, the defaults of GraphNet's replay_tensor for None.
//  * a negative dimension (dynamic, `None`) counts as 1, as GraphNet's Paddle
//    replay does; a zero dimension gives an empty tensor; shape [] is 0-d
//    (one element).
//
// Differences from GraphNet, all deliberate: the random numbers (see below);
// arithmetic in double with one final rounding (torch computes in the
// dtype); `data` wins over min_val/max_val for integer tensors (GraphNet's
// extractor never writes both); u8 is treated like the other integer dtypes
// (GraphNet's randint list omits it).
//
// Random stream (all arithmetic on uint64 modulo 2^64):
//
//   GAMMA    = 0x9E3779B97F4A7C15
//   mix64(x) = x ^= x >> 30; x *= 0xBF58476D1CE4E5B9;
//              x ^= x >> 27; x *= 0x94D049BB133111EB; x ^= x >> 31
//   word(K, j) = mix64(K + (j + 1) * GAMMA)   (output j of SplitMix64(K))
//   for the tensor at position a (argIndex) under `seed`:
//     Kmain = word(seed, 2a), Kalt = word(seed, 2a + 1)
//   normal(K, i): the 12 32-bit halves of word(K, 6i) .. word(K, 6i + 5),
//     summed exactly as integers (S < 2^36), then
//     z = double(int64(2S - 12 * (2^32 - 1))) * 2^-33
//     (Irwin-Hall: sum of 12 uniforms minus 6; mean 0, variance 1 to within
//     2^-64, support (-6, 6)).
//   z  = normal(Kmain, i)  for floats, bools and integers without bounds;
//   z' = normal(Kalt, i)   for the NaN/Inf replacement;
//   integers with bounds: lo + (word(Kmain, i) mod (hi - lo + 1)) (modulo
//     2^64; a full 2^64 range takes the word itself). Modulo bias is at most
//     (hi - lo + 1) / 2^64.
//
// Why it is bit-exact in numpy: z is computed without any rounding (integer
// sum, exact conversion of an integer below 2^53, exact scaling by a power of
// two); the float formula uses only IEEE-754 double `*`, `+` and comparisons,
// which are correctly rounded everywhere; no libm function is used (log/cos
// from libm and numpy may differ in the last bit, which is why Box-Muller
// was not used). The C++ side stops the compiler from fusing `* 0.2` and
// `+ mean` into an FMA. Conversions to the dtype are done on bit patterns
// with integer arithmetic, not with the FPU, so FTZ/DAZ modes or a
// float16 conversion path that goes through float32 cannot change them.
//
// Rounding to the dtype (bit patterns, little-endian in the output):
//   f64: the double's bits; f32: round-to-nearest-even from the double
//   (subnormals kept, overflow to Inf); f16: round-to-nearest-even directly
//   from the double (one rounding); bf16: round-to-nearest-even from the f32
//   value above (double -> f32 -> bf16, as torch's float32 -> bfloat16).
//   Any NaN becomes the positive canonical quiet NaN (f64 0x7FF8000000000000,
//   f32 0x7FC00000, f16 0x7E00, bf16 0x7FC0); -0.0 is kept.
//   Integers: NaN -> 0, otherwise truncation toward zero saturated to the
//   dtype's range. Bool: 1 if the value != 0 (NaN counts as true), else 0.
//
//===----------------------------------------------------------------------===//
#ifndef GN_EVAL_INPUTSYNTHESIS_H
#define GN_EVAL_INPUTSYNTHESIS_H

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::gn::eval {

enum class DType { F16, BF16, F32, F64, I8, I16, I32, I64, U8, Bool };

/// What a meta file says about one tensor.
struct TensorSpec {
  std::string name;
  std::vector<int64_t> shape;
  DType dtype = DType::F32;
  std::optional<double> mean, std, minVal, maxVal;
  std::optional<std::vector<double>> data;
};

/// Defaults for a missing mean / std (GraphNet's replay_tensor for None).
constexpr double kDefaultMean = 0.0;
constexpr double kDefaultStd = 0.1;
/// GraphNet's final clamp of floating-point tensors.
constexpr double kFloatLimit = 100.0;

/// Raw little-endian bytes of the synthesized tensor (elementSize(dtype) bytes
/// per element, row-major).
std::vector<uint8_t> synthesize(const TensorSpec &spec, uint64_t seed, size_t argIndex);

/// The spec of a tensor drawn to keep the scale (gn-eval --inputs fan-in,
/// and the degenerate-output recheck; `weight`: the meta lists it as a
/// weight), from the spec its meta gives; float tensors only, others
/// unchanged. Weights of rank >= 2: mean 0, He's std sqrt(2 / fan-in)
/// (fan-in: all dims but the first). Constant tensors of rank >= 2 (std 0,
/// no data): standard normal. Centered random rank-1 weights (|mean| < std:
/// an untrained normalization's scale): mean 1, std 0.1. The draws keep
/// synthesize()'s z * std * 0.2 + mean, so std is given 5 times over, and
/// the meta's range and data are dropped where the draw changes.
/// Mirrored by python-bindings/gn/inputs.py's fan_in_spec.
TensorSpec fanInSpec(TensorSpec spec, bool weight);

/// "torch.float32", "float32", "torch.float", "torch.half", "torch.long", ...
std::optional<DType> parseTorchDType(const std::string &s);

/// "torch.float32", "torch.bfloat16", ... (the canonical torch name).
const char *torchDTypeName(DType);

size_t elementSize(DType);

/// Number of elements of `shape` (negative dimensions count as 1).
size_t numElements(const std::vector<int64_t> &shape);

//===- building blocks, exposed for tests -------------------------------===//

/// SplitMix64's output function.
uint64_t mix64(uint64_t x);
/// Output j of SplitMix64 started at state `key`.
uint64_t streamWord(uint64_t key, uint64_t j);
/// The exact Irwin-Hall normal number i of stream `key`.
double streamNormal(uint64_t key, uint64_t i);

/// Round-to-nearest-even conversions on bit patterns (see above).
uint32_t roundToF32Bits(double v);
uint16_t roundToF16Bits(double v);
uint16_t roundToBF16Bits(double v); // via f32
uint16_t f32BitsToBF16Bits(uint32_t bits);
uint64_t f64Bits(double v); // canonicalizes NaN

/// Saturating truncation of `v` to the integer dtype `t` (NaN -> 0).
int64_t toIntegerSaturated(double v, DType t);

} // namespace mlir::gn::eval

#endif // GN_EVAL_INPUTSYNTHESIS_H
