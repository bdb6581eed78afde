//===- Interpreter.cpp - eager execution of gn functions ----------------===//
#include "gn/Interpreter/Interpreter.h"
#include "Kernels.h"
#include "gn/IR/SymbolicDims.h"
#include "mlir/IR/BuiltinTypes.h"
#include "llvm/ADT/DenseMap.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::interp;

namespace {
class CpuBackend : public Backend {
public:
  LogicalResult execute(Operation *op, llvm::ArrayRef<HostTensor> in,
                        llvm::SmallVectorImpl<HostTensor> &out,
                        llvm::ArrayRef<HostTensor> destinations) override {
    // Only contractions and convolutions write into destinations: they are
    // the large outputs the runtime plans in its arena.
    const HostTensor *dest = destinations.empty() ? nullptr : &destinations[0];
    if (std::optional<LogicalResult> r = runContraction(op, in, out, dest))
      return *r;
    if (std::optional<LogicalResult> r = runConvolution(op, in, out, dest, &weights))
      return *r;
    for (auto *family : {runElementwise, runDataMovement, runReduction, runNormalization,
                          runDetection})
      if (std::optional<LogicalResult> r = family(op, in, out))
        return *r;
    return op->emitError() << "unsupported op '" << op->getName()
                           << "' in the interpreter";
  }
  bool supports(Operation *op) const override {
    return isa<gn::GnDialect>(op->getDialect());
  }
  void setConstants(llvm::ArrayRef<HostTensor> constants) override {
    weights.setConstants(constants);
  }

private:
  ReorderedWeights weights;
};
} // namespace

std::unique_ptr<Backend> mlir::gn::interp::createCpuBackend() { return std::make_unique<CpuBackend>(); }

namespace {
thread_local const SymbolBinding *currentBinding = nullptr;
} // namespace

BindingScope::BindingScope(const SymbolBinding *binding) : saved(currentBinding) {
  currentBinding = binding;
}
BindingScope::~BindingScope() { currentBinding = saved; }
const SymbolBinding *BindingScope::current() { return currentBinding; }

Interpreter::Interpreter(func::FuncOp func, std::unique_ptr<Backend> backend)
    : func(func), backend(std::move(backend)) {}

LogicalResult Interpreter::verifySupported() {
  WalkResult r = func.walk([&](Operation *op) {
    if (isa<func::FuncOp, func::ReturnOp>(op))
      return WalkResult::advance();
    if (!backend->supports(op)) {
      op->emitError() << "unsupported op '" << op->getName() << "' in the interpreter";
      return WalkResult::interrupt();
    }
    for (Type t : op->getResultTypes()) {
      auto rt = dyn_cast<RankedTensorType>(t);
      if (!rt || !dtypeOf(rt.getElementType())) {
        op->emitError() << "unsupported result type " << t << " in the interpreter";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  return failure(r.wasInterrupted());
}

FailureOr<std::vector<HostTensor>> Interpreter::run(llvm::ArrayRef<HostTensor> args) {
  Block &body = func.getBody().front();
  if (args.size() != body.getNumArguments())
    return func.emitError() << "expected " << body.getNumArguments() << " arguments, got "
                            << args.size();
  // Last use of each value, to free intermediate buffers early (computed
  // once per interpreter).
  if (lastUse.empty())
    for (Operation &op : body)
      for (Value v : op.getOperands())
        lastUse[v] = &op;
  if (!symbolic) {
    bool any = false;
    func.walk([&](Operation *op) {
      for (Type t : op->getResultTypes())
        any |= hasSymbolicDims(t);
    });
    for (Type t : func.getArgumentTypes())
      any |= hasSymbolicDims(t);
    symbolic = any;
  }
  if (*symbolic && failed(bindSymbols(args)))
    return failure();
  BindingScope scope(lastBinding());
  llvm::DenseMap<Value, HostTensor> env;
  for (auto [i, a] : llvm::enumerate(body.getArguments())) {
    auto type = cast<RankedTensorType>(a.getType());
    if ((!*symbolic && args[i].shape() != type.getShape()) ||
        dtypeOf(type.getElementType()) != args[i].dtype())
      return func.emitError() << "argument #" << i << " does not match " << type;
    env[a] = args[i];
  }
  llvm::SmallVector<HostTensor, 4> operands, results;
  for (Operation &op : body) {
    if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      std::vector<HostTensor> outs;
      for (Value v : ret.getOperands())
        outs.push_back(env.lookup(v));
      return outs;
    }
    operands.clear();
    results.clear();
    for (Value v : op.getOperands())
      operands.push_back(env.lookup(v));
    auto begin = profile.start();
    if (failed(backend->execute(&op, operands, results)))
      return failure();
    profile.stop(op.getName().getStringRef(), begin);
    for (auto [v, t] : llvm::zip(op.getResults(), results))
      env[v] = std::move(t);
    for (Value v : op.getOperands())
      if (lastUse.lookup(v) == &op && !isa<BlockArgument>(v))
        env.erase(v);
  }
  return func.emitError("function has no return");
}

LogicalResult Interpreter::bindSymbols(llvm::ArrayRef<HostTensor> args) {
  binding.reset();
  llvm::SmallVector<RankedTensorType> types;
  llvm::SmallVector<llvm::ArrayRef<int64_t>> shapes;
  for (auto [i, a] : llvm::enumerate(func.getArguments())) {
    auto type = cast<RankedTensorType>(a.getType());
    if (args[i].rank() != type.getRank())
      return func.emitError() << "argument #" << i << " has rank " << args[i].rank()
                              << ", but its type is " << type;
    types.push_back(type);
    shapes.push_back(args[i].shape());
  }
  std::string error;
  std::optional<SymbolBinding> bound = bindArguments(types, shapes, error);
  if (!bound)
    return func.emitError() << error;
  // Every result must have sizes at this binding before anything runs: a
  // size that goes negative is the model's limit, said once, here.
  WalkResult r = func.walk([&](Operation *op) {
    // A guard holds when its dims have their example's sizes here too.
    if (auto guard = dyn_cast<SpecializeOp>(op)) {
      auto type = cast<RankedTensorType>(guard.getInput().getType());
      llvm::SmallVector<SymExpr> exprs = dimExprs(type);
      for (int64_t d : guard.getDims()) {
        std::string failure = guardFailure(d, exprs[d], type.getDimSize(d), *bound);
        if (!failure.empty()) {
          op->emitError() << failure;
          return WalkResult::interrupt();
        }
      }
    }
    // Padding that reads its input needs its dims at least so large.
    if (auto pad = dyn_cast<PadOp>(op)) {
      llvm::SmallVector<SymExpr> exprs = dimExprs(pad.getInput().getType());
      for (auto [d, e] : llvm::enumerate(exprs)) {
        std::string failure = tooSmall(d, e, pad.minInputSize(d), *bound, "the padding reads");
        if (!failure.empty()) {
          op->emitError() << failure;
          return WalkResult::interrupt();
        }
      }
    }
    for (auto [k, t] : llvm::enumerate(op->getResultTypes())) {
      auto ranked = dyn_cast<RankedTensorType>(t);
      std::string why;
      if (ranked && hasSymbolicDims(ranked) && !shapeAt(ranked, *bound, why)) {
        op->emitError() << "result #" << k << " " << t << ": " << why;
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  if (r.wasInterrupted())
    return failure();
  binding = std::move(bound);
  return success();
}
