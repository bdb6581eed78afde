//===- HostInputs.h - synthesized inputs as host tensors; batch records -*- C++ -*-===//
//
// Shared by gn-eval and the MLIR-free runner gn-cuda-run: a meta-file spec
// synthesized into a HostTensor, and the result line of a sample whose
// child process died.
//
//===----------------------------------------------------------------------===//
#ifndef GN_EVAL_HOSTINPUTS_H
#define GN_EVAL_HOSTINPUTS_H

#include "gn/Eval/InputSynthesis.h"
#include "gn/Support/HostTensor.h"
#include <optional>
#include <string>

namespace mlir::gn::eval {

/// The host dtype of a meta-file dtype.
interp::DType hostDType(DType d);

/// Argument `argIndex` synthesized under `seed` (InputSynthesis.h's rules),
/// as a tensor of `spec.shape`; nullopt with `error` if the bytes do not fit.
std::optional<interp::HostTensor> synthesizeTensor(const TensorSpec &spec, uint64_t seed,
                                                   size_t argIndex, std::string &error);

/// The JSON result line of a sample whose child process ended without one:
/// status runtime_error, and the signal, timeout or exit status. `record`,
/// when a JSON object, is the sample's record so far (its fields are kept).
std::string deathRecord(const std::string &sample, const std::string &record, int waitStatus,
                        unsigned timeoutSeconds);

} // namespace mlir::gn::eval

#endif // GN_EVAL_HOSTINPUTS_H
