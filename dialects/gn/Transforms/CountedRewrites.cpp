//===- CountedRewrites.cpp - greedy rewrites a pass can trace -------------===//
#include "CountedRewrites.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

using namespace mlir;
using namespace mlir::gn;

namespace {
struct CountingListener : RewriterBase::Listener {
  CountingListener(llvm::StringRef debugType, RewriteCounters counters)
      : debugType(debugType), counters(counters) {}
  void notifyOperationInserted(Operation *op, OpBuilder::InsertPoint) override {
    ++counters.created;
    seen.erase(op); // the address of an op erased earlier, reused
  }
  void notifyOperationReplaced(Operation *op, ValueRange) override { gone(op, "replaced"); }
  void notifyOperationErased(Operation *op) override { gone(op, "erased"); }

  void gone(Operation *op, const char *how) {
    // A replaced op is erased next: count it once.
    if (!seen.insert(op).second)
      return;
    ++counters.replaced;
    if (traceEnabled(debugType))
      traceStream() << "[" << debugType << "] " << how << " " << op->getName() << " at "
                    << op->getLoc() << "\n";
  }

  llvm::StringRef debugType;
  RewriteCounters counters;
  llvm::DenseSet<Operation *> seen;
};
} // namespace

LogicalResult mlir::gn::applyCountedPatterns(Operation *op, const FrozenRewritePatternSet &patterns,
                                             llvm::StringRef debugType, RewriteCounters counters) {
  CountingListener listener(debugType, counters);
  GreedyRewriteConfig config;
  config.setListener(&listener);
  return applyPatternsGreedily(op, patterns, config);
}
