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

/// Whether the CPU compiler lowers `op` with symbolic dims correctly at
/// every binding (docs/symbolic-shapes.md, phase 3): the elementwise
/// family and broadcasts, whose kernels take the symbol values; reshapes
/// (views); matmul, linear and conv (library calls); and reductions over
/// static dims only (a count over a symbolic dim would be the example's).
/// Anything else is refused by name.
bool cpuTakesSymbolic(Operation *op) {
  if (isa<func::FuncOp, func::ReturnOp, ModuleOp, ConstantOp, ConvertOp, WhereOp, BroadcastToOp,
          ClampOp>(op))
    return true;
  // Library calls (sgemm) sized by their operands at run time.
  if (isa<MatmulOp, LinearOp>(op))
    return true;
  // oneDNN convolutions sized by their operands at run time (the window
  // rule's symbolic sizes give the result's).
  if (isa<ConvOp>(op))
    return true;
  // A view of the whole buffer (the runtime's alias at offset 0), sized at
  // the binding by its sym_shape.
  if (isa<ReshapeOp>(op))
    return true;
  // A guard: the runtime checks it when it binds the symbols (CpuTarget.cpp
  // collects every guard before the pipeline, which may erase those nothing
  // reads).
  if (isa<SpecializeOp>(op))
    return true;
  if (op->hasTrait<OpTrait::GnElementwise>())
    return true;
  auto staticDims = [&](Value v, llvm::ArrayRef<int64_t> dims) {
    auto type = llvm::cast<RankedTensorType>(v.getType());
    llvm::SmallVector<SymExpr> exprs = dimExprs(type);
    for (int64_t d : dims) {
      int64_t k = d < 0 ? d + type.getRank() : d;
      if (k < 0 || k >= (int64_t)exprs.size() || !exprs[k].isConstant())
        return false;
    }
    return true;
  };
  if (isa<ReduceSumOp, ReduceProdOp, ReduceMaxOp, ReduceMinOp, ReduceAnyOp, ReduceAllOp,
          ReduceMeanOp>(op))
    return staticDims(op->getOperand(0),
                      llvm::cast<DenseI64ArrayAttr>(op->getAttr("dims")).asArrayRef());
  return false;
}

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
    bool symbolic = false;
    getOperation()->walk([&](Operation *op) {
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (BlockArgument a : b.getArguments())
            symbolic |= hasSymbolicDims(a.getType());
      for (Type t : op->getResultTypes())
        symbolic |= hasSymbolicDims(t);
    });
    if (symbolic && *kind == TargetKind::Cpu) {
      // The CPU compiler takes these ops symbolically: the module is marked,
      // and gn's passes accept it (refuseSymbolicDims). The first op it does
      // not take is named.
      WalkResult refused = getOperation()->walk([&](Operation *op) {
        if (cpuTakesSymbolic(op))
          return WalkResult::advance();
        bool touches = llvm::any_of(op->getOperandTypes(), hasSymbolicDims) ||
                       llvm::any_of(op->getResultTypes(), hasSymbolicDims);
        if (!touches)
          return WalkResult::advance();
        op->emitError() << "the cpu compiler does not take '" << op->getName()
                        << "' with symbolic dims yet (docs/symbolic-shapes.md, phase 3); run "
                           "it eagerly, or import the sample at its concrete sizes";
        return WalkResult::interrupt();
      });
      if (refused.wasInterrupted())
        return signalPassFailure();
      getOperation()->setAttr(kSymbolicAcceptedAttrName, UnitAttr::get(&getContext()));
    } else if (failed(refuseSymbolicDims(getOperation(), "the " + target + " compiler"))) {
      return signalPassFailure();
    }
    getOperation()->setAttr(kTargetAttrName, TargetKindAttr::get(&getContext(), *kind));
    GN_DEBUG(traceStream() << "[" DEBUG_TYPE "] target " << target << "\n");
  }
};

} // namespace
