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

} // namespace mlir::gn

#endif // GN_SUPPORT_RUNTIMEERRORS_H
