//===- TargetPipelineTest.cpp - a failing pass always says why ------------===//
//
// runTargetPipeline (gn/Target/Target.h) runs a target's pipeline; a pass
// that fails without a diagnostic gets an error naming it, so gn-eval's
// compile_error is never a bare "compilation failed".
//
//===----------------------------------------------------------------------===//
#include "gn/InitAll.h"
#include "gn/Target/Target.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/Pass.h"
#include <gtest/gtest.h>

using namespace mlir;

namespace {

/// Fails, saying why only if `explain`.
struct FailingPass : PassWrapper<FailingPass, OperationPass<ModuleOp>> {
  MLIR_DEFINE_EXPLICIT_INTERNAL_INLINE_TYPE_ID(FailingPass)
  explicit FailingPass(bool explain) : explain(explain) {}
  FailingPass(const FailingPass &other) : PassWrapper(other), explain(other.explain) {}
  llvm::StringRef getArgument() const override { return "test-failing-pass"; }
  void runOnOperation() override {
    if (explain)
      getOperation().emitError("the pass's own reason");
    signalPassFailure();
  }
  bool explain;
};

/// The errors runTargetPipeline reports for a module run through FailingPass.
std::vector<std::string> errorsOf(bool explain) {
  MLIRContext ctx;
  OwningOpRef<ModuleOp> module = parseSourceString<ModuleOp>("module {}", &ctx);
  std::vector<std::string> errors;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error)
      errors.push_back(d.str());
    return success();
  });
  PassManager pm(&ctx);
  pm.addPass(std::make_unique<FailingPass>(explain));
  EXPECT_TRUE(failed(gn::runTargetPipeline(pm, *module)));
  return errors;
}

TEST(TargetPipeline, SilentFailureNamesThePass) {
  std::vector<std::string> errors = errorsOf(/*explain=*/false);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], "pass 'test-failing-pass' failed without a diagnostic");
}

TEST(TargetPipeline, ExplainedFailureIsReportedOnce) {
  std::vector<std::string> errors = errorsOf(/*explain=*/true);
  ASSERT_EQ(errors.size(), 1u);
  EXPECT_EQ(errors[0], "the pass's own reason");
}

} // namespace
