//===- PromoteToF64.cpp - compute every floating tensor in f64 ------------===//
//
// The reference of `gn-eval run --reference fp64`: the same function with
// f16/bf16/f32 replaced by f64 everywhere, run by the interpreter (which
// computes f64 in f64). A compiled f32 result that misses the interpreter's
// at t = -5 can then be attributed: which of the two is farther from it.
//
// Types change in place (every gn op infers or checks its result type from
// its operands, so a function whose floats are all f64 verifies again).
// Values that come from data rather than arithmetic (constants, random
// draws) keep their own type and are widened right after, so the f64
// function reads exactly the numbers the f32 one reads.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Support/PassTrace.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/Builders.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNPROMOTETOF64PASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-promote-to-f64"
GN_STATISTIC(numOpsPromoted, "ops computing in f64 now");
GN_STATISTIC(numSourcesConverted, "constants and random draws converted to f64 after them");

namespace {

bool isNarrowFloat(Type t) { return isa<FloatType>(t) && !t.isF64(); }

/// `t` with f64 for a narrower float (scalar or tensor element); else `t`.
Type promote(Type t) {
  Type f64 = Float64Type::get(t.getContext());
  if (isNarrowFloat(t))
    return f64;
  if (auto rt = dyn_cast<RankedTensorType>(t); rt && isNarrowFloat(rt.getElementType()))
    return rt.clone(f64);
  return t;
}

struct GnPromoteToF64Pass : mlir::gn::impl::GnPromoteToF64PassBase<GnPromoteToF64Pass> {
  using Base::Base;

  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    func::FuncOp func = getOperation();
    auto promoteAll = [](TypeRange types) {
      return llvm::map_to_vector(types, [](Type t) { return promote(t); });
    };
    func.setFunctionType(FunctionType::get(&getContext(),
                                           promoteAll(func.getArgumentTypes()),
                                           promoteAll(func.getResultTypes())));

    llvm::SmallVector<Operation *> sources, computed;
    func.walk([&](Operation *op) {
      if (isa<ConstantOp, RandomOp>(op))
        sources.push_back(op);
      else if (op != func.getOperation())
        computed.push_back(op);
    });
    func.walk([](Block *block) {
      for (BlockArgument a : block->getArguments())
        a.setType(promote(a.getType()));
    });
    numOpsPromoted += computed.size();
    for (Operation *op : computed) {
      for (OpResult r : op->getResults())
        r.setType(promote(r.getType()));
      for (NamedAttribute a : op->getAttrs())
        if (auto type = dyn_cast<TypeAttr>(a.getValue()); type && isNarrowFloat(type.getValue()))
          op->setAttr(a.getName(), TypeAttr::get(promote(type.getValue())));
    }
    for (Operation *op : sources) {
      Value v = op->getResult(0);
      Type wide = promote(v.getType());
      if (wide == v.getType())
        continue;
      OpBuilder b(op->getContext());
      b.setInsertionPointAfter(op);
      auto convert = ConvertOp::create(b, op->getLoc(), wide, v,
                                       TypeAttr::get(cast<RankedTensorType>(wide).getElementType()));
      v.replaceAllUsesExcept(convert.getResult(), convert);
      ++numSourcesConverted;
    }
  }
};

} // namespace
