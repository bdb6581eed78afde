//===- Npy.h - NumPy .npy files --------------------------------*- C++ -*-===//
#ifndef GN_EVAL_NPY_H
#define GN_EVAL_NPY_H

#include "gn/Support/HostTensor.h"
#include <optional>
#include <string>

namespace mlir::gn::eval {

/// Writes `t` as a version-1.0 .npy file (bf16 as '<u2' bit patterns, the
/// only faithful numpy form). Returns false and sets `error` on I/O errors.
bool writeNpy(const std::string &path, const interp::HostTensor &t, std::string &error);

/// Reads a .npy written by writeNpy or numpy (C order, little endian).
std::optional<interp::HostTensor> readNpy(const std::string &path, std::string &error);

} // namespace mlir::gn::eval

#endif // GN_EVAL_NPY_H
