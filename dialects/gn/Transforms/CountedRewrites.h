//===- CountedRewrites.h - greedy rewrites a pass can trace ---*- C++ -*-===//
//
// The pattern-driven passes (decompose, raise attention, hoist views, ...)
// apply their patterns through this, so --gn-pass-statistics counts what
// they changed and --gn-debug-only=PASS lists each op they replaced. (MLIR's
// pattern begin/end hooks run only in an assertions build of MLIR; the
// rewriter's insert/replace/erase notifications run in every build.)
//
//===----------------------------------------------------------------------===//
#ifndef GN_TRANSFORMS_COUNTEDREWRITES_H
#define GN_TRANSFORMS_COUNTEDREWRITES_H

#include "gn/Support/PassTrace.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"

namespace mlir::gn {

/// What one greedy application changed, for the calling pass's counters.
struct RewriteCounters {
  PassStatistic &replaced; // ops replaced or erased (folds and dead ops too)
  PassStatistic &created;  // ops the patterns created
};

/// applyPatternsGreedily on `op`, counting into `counters` and tracing each
/// replaced or erased op under `debugType`.
LogicalResult applyCountedPatterns(Operation *op, const FrozenRewritePatternSet &patterns,
                                   llvm::StringRef debugType, RewriteCounters counters);

} // namespace mlir::gn

#endif // GN_TRANSFORMS_COUNTEDREWRITES_H
