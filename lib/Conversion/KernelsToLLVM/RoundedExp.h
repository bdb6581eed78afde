//===- RoundedExp.h - f32 exp computed in f64, rounded once -----*- C++ -*-===//
#ifndef GN_CONVERSION_KERNELSTOLLVM_ROUNDEDEXP_H
#define GN_CONVERSION_KERNELSTOLLVM_ROUNDEDEXP_H

#include "mlir/IR/PatternMatch.h"

namespace mlir::gn {

/// math.exp on f32 (scalar or vector) as f64 arithmetic rounded once to
/// f32: the same bits as glibc's expf but for rare inputs, and vectorizable.
void populateRoundedExpPatterns(RewritePatternSet &patterns);

/// math.tanh on f32 the same way: within about half an f32 ulp of tanh(x)
/// (glibc's tanhf, which the interpreter calls, is within one), where MLIR's
/// polynomial was up to 4 ulps off.
void populateRoundedTanhPatterns(RewritePatternSet &patterns);

} // namespace mlir::gn

#endif
