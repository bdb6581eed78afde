//===- HostInputs.h - synthesized inputs as host tensors -------*- C++ -*-===//
//
// Shared by gn-eval and the MLIR-free runner gn-cuda-run: a meta-file spec
// synthesized into a HostTensor.
//
//===----------------------------------------------------------------------===//
#ifndef GN_EVAL_HOSTINPUTS_H
#define GN_EVAL_HOSTINPUTS_H

#include "gn/Eval/InputSynthesis.h"
#include "gn/Support/ArgumentMeta.h"
#include "gn/Support/HostTensor.h"
#include <optional>
#include <string>
#include <vector>

namespace mlir::gn::eval {

/// The host dtype of a meta-file dtype.
interp::DType hostDType(DType d);

/// Argument `argIndex` synthesized under `seed` (InputSynthesis.h's rules),
/// as a tensor of `spec.shape`; nullopt with `error` if the bytes do not fit.
std::optional<interp::HostTensor> synthesizeTensor(const TensorSpec &spec, uint64_t seed,
                                                   size_t argIndex, std::string &error);

/// How arguments are drawn.
enum class Synthesis {
  /// As GraphNet replays them: each tensor from its meta (mean, std, ...).
  GraphNet,
  /// Scale-keeping draws (InputSynthesis.h's fanInSpec), so that outputs
  /// depend on the computation where GraphNet's inputs make them vanish
  /// (mobilevit-xx-small's are exactly 0: its image is all zeros in the
  /// meta, and its weights, std 0.02 times GraphNet's 0.2, shrink every
  /// layer).
  FanIn,
};

/// "graphnet" / "fan-in" (null for anything else), and back.
std::optional<Synthesis> parseSynthesis(const std::string &name);
const char *synthesisName(Synthesis how);

/// Argument `argIndex` of shape `shape` synthesized from `meta` under
/// `seed`; nullopt with `error` when its dtype is not `expected` or the
/// bytes do not fit.
std::optional<interp::HostTensor> synthesizeArgument(const ArgumentMeta &meta,
                                                     const std::vector<int64_t> &shape,
                                                     interp::DType expected, uint64_t seed,
                                                     size_t argIndex, std::string &error,
                                                     Synthesis how = Synthesis::GraphNet);

} // namespace mlir::gn::eval

#endif // GN_EVAL_HOSTINPUTS_H
