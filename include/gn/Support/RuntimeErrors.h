//===- RuntimeErrors.h - errors a program finds while it runs --*- C++ -*-===//
//
// Some errors are only known from the values a run reads: an index out of
// range, an integer divided by zero (PyTorch and PaddlePaddle raise on
// both). The interpreter reports them at the op; compiled kernels call an
// external (gn/Conversion/Passes.h) or, on CUDA, set their module's error
// word, and the runtime fails the run naming the step. The messages are
// the same on every path. (A failed shape guard is one more: ShapeGuard.h.)
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_RUNTIMEERRORS_H
#define GN_SUPPORT_RUNTIMEERRORS_H

#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>

namespace mlir::gn {

/// "index -1 out of range for size 4".
inline std::string indexOutOfRangeMessage(int64_t index, int64_t size) {
  return "index " + std::to_string(index) + " out of range for size " + std::to_string(size);
}

/// An integer x / 0, x // 0 or x % 0.
inline constexpr llvm::StringLiteral kDivisionByZeroMessage = "integer division by zero";

/// The kind a CUDA kernel writes into its module's error word
/// (kIndexErrorGlobal) for an integer division by zero; 1 is an index out
/// of range, 2 + site a failed shape guard.
inline constexpr int64_t kDivisionByZeroKind = -1;

/// The value checks gn.check makes, each where PyTorch raises: its `what`,
/// a code for kernels to report (kCheckFailedCallback's argument; on CUDA
/// the error word's kind is kFailedCheckKindBase - code), and the message.
struct ValueCheck {
  llvm::StringLiteral what;
  int64_t code;
  llvm::StringLiteral message;
};
inline constexpr ValueCheck kValueChecks[] = {
    {"singular_matrix", 1,
     "the matrix is singular: its inverse (or a solve with it) cannot be computed"},
    {"window_envelope", 2,
     "istft: the window's squared overlap-add is (nearly) zero somewhere (PyTorch raises "
     "'window overlap add min')"},
};
inline constexpr int64_t kFailedCheckKindBase = -2;

/// The check named `what`, or null.
inline const ValueCheck *valueCheckNamed(llvm::StringRef what) {
  for (const ValueCheck &c : kValueChecks)
    if (c.what == what)
      return &c;
  return nullptr;
}

/// The message of the check with `code` (a kernel's report).
inline std::string valueCheckMessage(int64_t code) {
  for (const ValueCheck &c : kValueChecks)
    if (c.code == code)
      return c.message.str();
  return "a value check failed (code " + std::to_string(code) + ")";
}

} // namespace mlir::gn

#endif // GN_SUPPORT_RUNTIMEERRORS_H
