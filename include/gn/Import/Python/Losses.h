//===- Losses.h - loss functions built from gn ops, for both frontends -*- C++ -*-===//
//
// The losses torch.nn.functional and paddle._C_ops share, with the
// reductions both frameworks name alike ("none", "mean", "sum",
// "batchmean"). Each is built from gn ops, so every target runs it.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_LOSSES_H
#define GN_IMPORT_PYTHON_LOSSES_H

#include "gn/Import/Python/ImportContext.h"

namespace mlir::gn::import::loss {

/// "none" keeps `loss`; "sum" sums it; "mean" averages it (divided by the
/// element count); "batchmean" sums and divides by dim 0's size. An error
/// names any other.
FailureOr<Value> reduce(ImportContext &ctx, Value loss, llvm::StringRef reduction);

/// nll_loss: input [N, C, d1..] (or [C]) of log-probabilities, target
/// [N, d1..] (or []) of class indices; each element's loss is
/// -w[t] * input[n, t, d..], w the class weights (1 when absent) and 0
/// where t == ignoreIndex. "mean" divides by the sum of the weights used.
/// Returns (loss, total weight): the weight is Paddle's second result.
FailureOr<std::pair<Value, Value>> nll(ImportContext &ctx, Value input, Value target,
                                       Value weight, int64_t ignoreIndex,
                                       llvm::StringRef reduction);

/// kl_div: target * (log(target) - input) elementwise, 0 where target is 0
/// (xlogy); with logTarget, exp(target) * (target - input).
FailureOr<Value> klDiv(ImportContext &ctx, Value input, Value target, bool logTarget,
                       llvm::StringRef reduction);

} // namespace mlir::gn::import::loss

#endif // GN_IMPORT_PYTHON_LOSSES_H
