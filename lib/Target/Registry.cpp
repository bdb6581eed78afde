//===- Registry.cpp - targets by name, and what every target shares ------===//
#include "gn/Target/Target.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"

using namespace mlir;
using namespace mlir::gn;

runtime::CompiledModel::~CompiledModel() = default;
TargetProgram::~TargetProgram() = default;

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

FailureOr<std::unique_ptr<TargetProgram>>
Target::compileProgram(ModuleOp module, const CompileOptions &, runtime::CompileStats &) const {
  return module.emitError("the ") << name() << " target writes no programs that stand alone";
}

FailureOr<std::unique_ptr<runtime::CompiledModel>>
Target::loadProgram(const std::string &, const CompileOptions &, Location loc) const {
  return emitError(loc) << "the " << name() << " target writes no programs that stand alone";
}

std::shared_ptr<const Switches> mlir::gn::switchesFor(const Target &target,
                                                      const CompileOptions &options,
                                                      std::string &error) {
  if (options.switches) {
    if (target.name() == options.switches->owner())
      return options.switches;
    error = "the " + target.name().str() + " target was given " + options.switches->owner() +
            " switches";
    return nullptr;
  }
  std::shared_ptr<Switches> switches = target.makeSwitches();
  if (!switches->readEnvironment(error))
    return nullptr;
  return switches;
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
