//===- Registry.cpp - targets by name; CompiledModel::compile ------------===//
#include "gn/Target/Target.h"

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
