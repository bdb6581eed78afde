//===- Registry.cpp - targets by name; CompiledModel::compile ------------===//
#include "gn/Target/Target.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"

using namespace mlir;
using namespace mlir::gn;

runtime::CompiledModel::~CompiledModel() = default;

static llvm::ArrayRef<const Target *> allTargets() {
  static const Target *targets[] = {&cpuTarget(), &cudaTarget()};
  return targets;
}

const Target *mlir::gn::lookupTarget(llvm::StringRef name) {
  for (const Target *t : allTargets())
    if (t->name() == name)
      return t;
  return nullptr;
}

std::string mlir::gn::targetNames() {
  std::string names;
  for (const Target *t : allTargets())
    names += (names.empty() ? "" : ", ") + t->name().str();
  return names;
}

FailureOr<std::unique_ptr<runtime::CompiledModel>>
runtime::CompiledModel::compile(ModuleOp module, const CompileOptions &options) {
  const Target *target = lookupTarget(options.target);
  if (!target)
    return module.emitError("unknown target '")
           << options.target << "' (known: " << targetNames() << ")";
  return target->compile(module, options);
}

namespace {
/// Remembers the first pass that failed.
struct FailedPass : PassInstrumentation {
  std::string *name;
  explicit FailedPass(std::string *name) : name(name) {}
  void runAfterPassFailed(Pass *pass, Operation *) override {
    if (name->empty())
      *name = pass->getArgument().empty() ? pass->getName().str() : pass->getArgument().str();
  }
};
} // namespace

LogicalResult mlir::gn::runTargetPipeline(PassManager &pm, ModuleOp module) {
  std::string failedPass;
  bool reported = false;
  pm.addInstrumentation(std::make_unique<FailedPass>(&failedPass));
  LogicalResult result = success();
  {
    // Notes who errors, then lets the handlers before it report them.
    ScopedDiagnosticHandler seen(module.getContext(), [&](Diagnostic &d) {
      reported |= d.getSeverity() == DiagnosticSeverity::Error;
      return failure();
    });
    result = pm.run(module);
  }
  if (succeeded(result) || reported)
    return result;
  return module.emitError("pass '") << (failedPass.empty() ? "?" : failedPass)
                                    << "' failed without a diagnostic";
}
