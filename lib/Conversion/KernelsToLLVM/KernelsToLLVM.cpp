//===- KernelsToLLVM.cpp - the @gn_kernels module -> LLVM dialect --------===//
#include "gn/Conversion/Passes.h"
#include "mlir/Conversion/Passes.h"
#include "mlir/Dialect/Arith/Transforms/Passes.h"
#include "mlir/Dialect/Linalg/Passes.h"
#include "mlir/Dialect/Math/Transforms/Passes.h"
#include "mlir/Dialect/MemRef/Transforms/Passes.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNLOWERKERNELSTOLLVMPASS
#include "gn/Conversion/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

namespace {

struct GnLowerKernelsToLLVMPass
    : mlir::gn::impl::GnLowerKernelsToLLVMPassBase<GnLowerKernelsToLLVMPass> {
  using Base::Base;

  void getDependentDialects(DialectRegistry &registry) const override {
    OpPassManager pm("builtin.module");
    buildPipeline(pm);
    pm.getDependentDialects(registry);
  }

  static void buildPipeline(OpPassManager &pm) {
    pm.addNestedPass<func::FuncOp>(createConvertLinalgToLoopsPass());
    pm.addPass(memref::createExpandStridedMetadataPass());
    pm.addPass(createLowerAffinePass());
    pm.addPass(createSCFToControlFlowPass());
    pm.addPass(createConvertMathToLLVMPass());
    pm.addPass(createConvertMathToLibmPass());
    pm.addPass(createFinalizeMemRefToLLVMConversionPass());
    pm.addPass(createArithToLLVMConversionPass());
    pm.addPass(createConvertIndexToLLVMPass());
    pm.addPass(createConvertControlFlowToLLVMPass());
    ConvertFuncToLLVMPassOptions funcOptions;
    funcOptions.useBarePtrCallConv = true;
    pm.addPass(createConvertFuncToLLVMPass(funcOptions));
    pm.addPass(createReconcileUnrealizedCastsPass());
  }

  void runOnOperation() override {
    ModuleOp kernels;
    for (auto m : getOperation().getOps<ModuleOp>())
      if (m.getSymName() == kKernelModuleName)
        kernels = m;
    if (!kernels)
      return;
    // tanh and erf as polynomials (they vectorize; libm calls do not).
    RewritePatternSet patterns(&getContext());
    populatePolynomialApproximateTanhPattern(patterns);
    populatePolynomialApproximateErfPattern(patterns);
    // bf16 <-> f32 as integer ops (LLVM would call __truncsfbf2, which the
    // JIT cannot resolve on Debian 12).
    arith::populateExpandBFloat16Patterns(patterns);
    if (failed(applyPatternsGreedily(kernels, std::move(patterns))))
      return signalPassFailure();
    OpPassManager pm("builtin.module");
    buildPipeline(pm);
    if (failed(runPipeline(pm, kernels)))
      return signalPassFailure();
  }
};

} // namespace
