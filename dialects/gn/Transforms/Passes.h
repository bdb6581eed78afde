//===- Passes.h - passes of the gn dialect --------------------*- C++ -*-===//
#ifndef GN_TRANSFORMS_PASSES_H
#define GN_TRANSFORMS_PASSES_H

#include "gn/IR/GnOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"

namespace mlir::gn {

#define GEN_PASS_DECL
#include "gn/Transforms/Passes.h.inc"

/// gn-form-fusion-groups' launch-saving policies (merge-groups,
/// absorb-broadcast-producers, row-groups, merge-siblings,
/// absorb-wrapped-views), on or off together: gn-cuda-pipeline's
/// merge-launches, and the CPU pipeline's testing option of that name.
inline void setLaunchMerging(GnFormFusionGroupsPassOptions &options, bool on) {
  options.mergeGroups = on;
  options.absorbBroadcastProducers = on;
  options.rowGroups = on;
  options.mergeSiblings = on;
  options.absorbWrappedViews = on;
  options.windowGroups = on;
}

#define GEN_PASS_REGISTRATION
#include "gn/Transforms/Passes.h.inc"

} // namespace mlir::gn

#endif // GN_TRANSFORMS_PASSES_H
