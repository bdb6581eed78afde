//===- StepList.cpp - a compiled host function as steps over slots -------===//
#include "gn/Runtime/StepList.h"
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Support/MemoryPlan.h"
#include "gn/Support/GeneralSwitches.h"
#include "gn/Transforms/FusionUtils.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"
#include <algorithm>
#include <cstdlib>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::runtime;

int64_t SlotType::bytes() const {
  int64_t n = interp::sizeOf(dtype);
  for (int64_t d : shape)
    n *= d;
  return n;
}

/// A result with no elements: nothing to compute, whatever the op.
static bool producesNothing(Value v) {
  auto t = llvm::dyn_cast<RankedTensorType>(v.getType());
  return t && t.hasStaticShape() && t.getNumElements() == 0;
}

FailureOr<StepList> runtime::buildStepList(func::FuncOp func, llvm::StringRef targetName,
                                           llvm::function_ref<HostOpKind(Operation *)> classify,
                                           CompileStats &stats) {
  StepList list;
  Block &body = func.getBody().front();
  llvm::DenseMap<Value, int> slotOf;
  auto newSlot = [&](Value v) -> FailureOr<int> {
    auto t = llvm::dyn_cast<RankedTensorType>(v.getType());
    auto dt = t ? interp::dtypeOf(t.getElementType()) : std::nullopt;
    if (!dt)
      return emitError(v.getLoc()) << "unsupported type " << v.getType() << " in the runtime";
    int id = list.types.size();
    list.types.push_back({*dt, llvm::SmallVector<int64_t, 4>(t.getShape())});
    list.constants.push_back(nullptr);
    slotOf[v] = id;
    return id;
  };
  for (BlockArgument a : body.getArguments())
    if (failed(newSlot(a)))
      return failure();
  list.numArgs = body.getNumArguments();
  for (unsigned i = 0; i < list.numArgs; ++i)
    if (auto kind = func.getArgAttrOfType<StringAttr>(i, "gn.kind"); kind && kind == "weight")
      list.weightArgs.push_back(i);
  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value v : ret.getOperands())
        list.results.push_back(slotOf.lookup(v));
      continue;
    }
    Step step;
    step.op = &op;
    for (Value v : op.getOperands())
      step.in.push_back(slotOf.lookup(v));
    for (Value r : op.getResults()) {
      auto id = newSlot(r);
      if (failed(id))
        return failure();
      step.out.push_back(*id);
    }
    if (auto l = dyn_cast<LaunchOp>(op)) {
      step.kind = Step::Kind::Launch;
      step.kernel = l.getKernel().getLeafReference().getValue();
      step.threadDim = l.getThreadDim();
      step.extent = l.getExtent();
      if (std::optional<llvm::ArrayRef<int64_t>> inplace = l.getInplace())
        step.inplace.assign(inplace->begin(), inplace->end());
      step.concatenates = l.getConcatenates();
      ++stats.launches;
    } else if (std::optional<int64_t> viewAt = isa<ReshapeOp, SpecializeOp>(op)
                                                   ? 0
                                                   : contiguousSliceOffset(&op)) {
      // A reshape, a guard (its dims checked when the symbols are bound),
      // or a slice that is one run of its input: a view.
      step.kind = Step::Kind::Alias;
      step.aliasOffset = *viewAt;
      ++stats.aliases;
    } else if (op.getNumResults() == 1 && producesNothing(op.getResult(0)) && isPure(&op)) {
      // An empty result (an arange of size 0, a slice past the end): a
      // constant with no bytes, whatever op makes it.
      list.constants[step.out[0]] = &op;
      ++stats.constants;
      continue;
    } else {
      switch (classify(&op)) {
      case HostOpKind::Unsupported:
        return op.emitError() << "unsupported op '" << op.getName() << "' in the " << targetName
                              << " runtime";
      case HostOpKind::Constant:
        list.constants[step.out[0]] = &op;
        ++stats.constants;
        continue;
      case HostOpKind::Library:
        step.library = true;
        ++stats.libraryCalls;
        break;
      case HostOpKind::Fallback:
        ++stats.fallbackOps;
        ++stats.fallbackByOp[op.getName().getStringRef().str()];
        break;
      }
      step.kind = Step::Kind::Host;
    }
    list.steps.push_back(std::move(step));
  }
  return list;
}

FailureOr<interp::HostTensor> runtime::materializeConstant(Operation *op) {
  if (op->getNumResults() == 1 && producesNothing(op->getResult(0))) {
    auto t = llvm::cast<RankedTensorType>(op->getResult(0).getType());
    auto dt = interp::dtypeOf(t.getElementType());
    if (!dt)
      return op->emitError() << "unsupported type " << t << " in the runtime";
    return interp::HostTensor(*dt, t.getShape());
  }
  auto backend = interp::createCpuBackend();
  llvm::SmallVector<interp::HostTensor, 1> out;
  if (failed(backend->execute(op, {}, out)))
    return failure();
  return out[0];
}

std::string SymbolicGuard::failure(const SymbolBinding &binding) const {
  return atLeast ? tooSmall(dim, size, needed, binding, reads)
                 : guardFailure(dim, size, needed, binding);
}

std::vector<SymbolicGuard> mlir::gn::runtime::collectSymbolicGuards(ModuleOp module) {
  std::vector<SymbolicGuard> guards;
  module->walk([&](SpecializeOp guard) {
    auto type = llvm::cast<RankedTensorType>(guard.getInput().getType());
    llvm::SmallVector<SymExpr> exprs = dimExprs(type);
    for (int64_t d : guard.getDims())
      guards.push_back({exprs[d], type.getDimSize(d), d, guard.getLoc()});
  });
  // A slice with a literal stop on a symbolic dim needs the dim to reach it.
  module->walk([&](SliceOp slice) {
    auto in = llvm::cast<RankedTensorType>(slice.getInput().getType());
    llvm::SmallVector<SymExpr> exprs = dimExprs(in);
    llvm::SmallVector<SymExpr> limits = dimExprs(slice.getLimits(), slice.getSymLimitsAttr());
    for (auto [d, e] : llvm::enumerate(exprs))
      if (!e.isConstant() && limits[d].isConstant() && slice.getSteps()[d] > 0)
        guards.push_back(
            {e, *limits[d].constantValue(), (int64_t)d, slice.getLoc(), /*atLeast=*/true});
  });
  // Padding that reads its input (reflect, replicate, circular) needs its
  // dims at least PadOp::minInputSize.
  module->walk([&](PadOp pad) {
    for (auto [d, e] : llvm::enumerate(dimExprs(pad.getInput().getType())))
      if (!e.isConstant() && pad.minInputSize(d) > 0)
        guards.push_back({e, pad.minInputSize(d), (int64_t)d, pad.getLoc(), /*atLeast=*/true,
                          "the padding reads"});
  });
  return guards;
}
