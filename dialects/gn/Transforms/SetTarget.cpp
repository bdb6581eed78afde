//===- SetTarget.cpp - gn-set-target: name the module's target -----------===//
//
// The one place a pipeline says what it compiles for: `gn.target` on the
// module, which gn-schedule reads (and the IR shows).
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Support/PassTrace.h"
#include "gn/Transforms/Passes.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNSETTARGETPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-set-target"

namespace {

struct GnSetTargetPass : mlir::gn::impl::GnSetTargetPassBase<GnSetTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<TargetKind> kind = symbolizeTargetKind(target);
    if (!kind) {
      getOperation().emitError("gn-set-target: unknown target '") << target << "' (cpu | cuda)";
      return signalPassFailure();
    }
    // The compilers lower at one size per dim (docs/symbolic-shapes.md,
    // phases 3 and 4): a symbolic module is refused here, by name, rather
    // than deep inside a pass or specialized to its example in silence.
    if (failed(refuseSymbolicDims(getOperation(), "the " + target + " compiler")))
      return signalPassFailure();
    getOperation()->setAttr(kTargetAttrName, TargetKindAttr::get(&getContext(), *kind));
    GN_DEBUG(traceStream() << "[" DEBUG_TYPE "] target " << target << "\n");
  }
};

} // namespace
