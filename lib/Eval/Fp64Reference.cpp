//===- Fp64Reference.cpp - the function computed in f64 ------------------===//
#include "gn/Eval/Fp64Reference.h"
#include "gn/Eval/Tolerance.h"
#include "gn/Interpreter/Interpreter.h"
#include "gn/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"

using namespace mlir;
using namespace mlir::gn;
using json = nlohmann::json;

FailureOr<std::vector<interp::HostTensor>>
eval::runFp64Reference(ModuleOp module, llvm::ArrayRef<interp::HostTensor> args,
                       llvm::ArrayRef<interp::HostTensor> like, std::string &error) {
  OwningOpRef<ModuleOp> wide(cast<ModuleOp>(module->clone()));
  PassManager pm(module->getContext());
  pm.addNestedPass<func::FuncOp>(createGnPromoteToF64Pass());
  if (failed(pm.run(*wide))) {
    error = "the function does not promote to f64";
    return failure();
  }
  auto forward = wide->lookupSymbol<func::FuncOp>("forward");
  interp::Interpreter interpreter(forward);
  if (failed(interpreter.verifySupported())) {
    error = "the interpreter cannot run the f64 function";
    return failure();
  }
  std::vector<interp::HostTensor> wideArgs;
  for (auto [i, a] : llvm::enumerate(args)) {
    auto type = cast<RankedTensorType>(forward.getArgument(i).getType());
    interp::HostTensor t(*interp::dtypeOf(type.getElementType()), a.shape(), /*zero=*/false);
    interp::convertInto(a, t);
    wideArgs.push_back(std::move(t));
  }
  auto outs = interpreter.run(wideArgs);
  if (failed(outs)) {
    error = "the f64 run failed";
    return failure();
  }
  for (auto [i, t] : llvm::enumerate(*outs))
    if (i < like.size() && t.dtype() != like[i].dtype()) {
      interp::HostTensor narrow(like[i].dtype(), t.shape(), /*zero=*/false);
      interp::convertInto(t, narrow);
      t = std::move(narrow);
    }
  return outs;
}
