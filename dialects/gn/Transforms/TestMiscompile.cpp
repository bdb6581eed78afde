//===- TestMiscompile.cpp - a known fault for gn-eval bisect -------------===//
//
// Testing only. `gn-eval bisect` is checked by planting a fault: the ops
// marked `gn.test.miscompile` compute result + 1 once this pass has run
// (gn-cpu-pipeline's `test-miscompile=true`). The interpreter never runs
// it, so eager and compiled disagree exactly at the marked ops.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/Builders.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNTESTMISCOMPILEPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

namespace {

struct GnTestMiscompilePass
    : mlir::gn::impl::GnTestMiscompilePassBase<GnTestMiscompilePass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    llvm::SmallVector<Operation *> marked;
    getOperation().walk([&](Operation *op) {
      if (op->hasAttr("gn.test.miscompile"))
        marked.push_back(op);
    });
    for (Operation *op : marked) {
      OpBuilder b(op->getContext());
      b.setInsertionPointAfter(op);
      for (Value r : op->getResults()) {
        auto type = dyn_cast<RankedTensorType>(r.getType());
        if (!type || !isa<FloatType>(type.getElementType()))
          continue;
        auto scalar = RankedTensorType::get({}, type.getElementType());
        Value one = ConstantOp::create(
            b, op->getLoc(), scalar,
            SplatElementsAttr::get(scalar, b.getFloatAttr(type.getElementType(), 1.0)));
        Value wrong = AddOp::create(b, op->getLoc(), type, r, one);
        r.replaceAllUsesExcept(wrong, wrong.getDefiningOp());
      }
    }
  }
};

} // namespace
