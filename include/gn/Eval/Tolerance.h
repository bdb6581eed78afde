//===- Tolerance.h - GraphNet's tolerance-parameterized compare -*- C++ -*-===//
#ifndef GN_EVAL_TOLERANCE_H
#define GN_EVAL_TOLERANCE_H

#include "gn/Support/HostTensor.h"
#include <map>
#include <string>
#include <vector>

namespace mlir::gn::eval {

struct Tolerance {
  double atol, rtol;
};

/// GraphNet's table: f16 10^t / 10^(3t/5); bf16 10^t / 10^(1.796t/5);
/// f32 10^t / 10^(5.886t/5); f64 10^(7t/5) for both. Integers and bools
/// must match exactly (atol = rtol = 0).
Tolerance toleranceFor(interp::DType dtype, int t);

/// The tolerance exponents GraphNet evaluates: t from kMinT (the tightest)
/// to kMaxScoredT (S(t)/ES(t) rows: samples_statistics.determine_tolerances
/// is range(-10, errno values + 2)); outputs are compared up to
/// kMaxComparedT (GraphNet freezes each sample's state at t = 1 for ES(t >
/// 0)).
constexpr int kMinT = -10, kMaxScoredT = 4, kMaxComparedT = 1;

/// GraphNet's harness logs allclose for t = -10..5 under each float dtype's
/// tolerance pair, whatever the output's dtype (test_compiler_util.py's
/// calculate_tolerance_pair(-10, 5)): the families in its order.
constexpr int kLogMinT = -10, kLogMaxT = 5;
constexpr interp::DType kLogFamilies[] = {interp::DType::F16, interp::DType::BF16,
                                          interp::DType::F32, interp::DType::F64};
/// "float16", "bfloat16", "float32", "float64", "int64", "bool", ...: the
/// dtype names GraphNet's logs use.
std::string graphNetDtypeName(interp::DType dtype);

/// Comparison of one output pair.
struct OutputDiff {
  bool shapeAndDtypeMatch = true;
  double maxAbs = 0, maxRel = 0; // over finite elements
  /// The tightest t in [-10, 1] at which |a - b| <= atol + rtol * |b| holds
  /// for every element (b = reference), or 2 when even t = 1 fails.
  /// Positions where both are NaN, or both the same infinity, count as equal.
  int tightestT = 1;
  double meanAbs = 0; // over finite elements
  /// Every element equal (NaN positions as above).
  bool equal = true;
  /// Per kLogFamilies entry, the tightest t in [kLogMinT, kLogMaxT] at which
  /// every element is within that family's tolerance pair, or kLogMaxT + 1.
  int familyT[4] = {kLogMinT, kLogMinT, kLogMinT, kLogMinT};
  /// The reference's largest finite magnitude, and whether its finite
  /// elements (two or more) are all one value: an output near zero or
  /// constant passes a tolerance check whatever computed it.
  double refMaxAbs = 0;
  bool refConstant = false;
  /// ||actual - reference|| / ||reference|| over finite elements (L2): the
  /// check that still fails on outputs near zero; infinity when the
  /// reference is all zeros and the actual is not.
  double relL2 = 0;
  /// GraphNet's mismatch kinds: "shape_mismatch", "type_mismatch", "nan"
  /// (a NaN where the reference has none), "inf" (an infinity where the
  /// reference has another value); "" when none.
  std::string mismatch;
};

OutputDiff compareOutputs(const interp::HostTensor &actual, const interp::HostTensor &expected);

/// An output of at most this magnitude (10x the f32 atol at t = -5) passes
/// t = -5 with any error of its own size: reported as degenerate.
constexpr double kNearZeroOutput = 1e-4;

/// Why a reference output cannot show a wrong computation under a tolerance
/// check: "near_zero" (a float output), "constant" (from the diff's
/// reference statistics), or none; `insensitive` adds "input_insensitive"
/// (unchanged when every input changed).
std::vector<std::string> degenerateReasons(const OutputDiff &d, interp::DType dtype,
                                           bool insensitive = false);

} // namespace mlir::gn::eval

#endif // GN_EVAL_TOLERANCE_H
