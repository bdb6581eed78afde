//===- gn-opt.cpp - mlir-opt for the gn dialect ---------------------------===//
//
// MLIR's opt driver with gn's dialects and passes. Input (a file, or stdin
// for "-") nested deeper than kMaxIrNesting bracket levels is refused before
// parsing, as gn-eval refuses it: the parser recurses once a level and would
// overflow the stack. So gn-opt reads the input itself, checks it, and hands
// the buffer to MlirOptMain. --gn-debug-only and --gn-pass-statistics
// (gn/Support/PassTrace.h) trace gn's passes.
//
//===----------------------------------------------------------------------===//
#include "gn/InitAll.h"
#include "gn/Support/NestingDepth.h"
#include "gn/Support/PassTrace.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/Pass.h"
#include "mlir/Pass/PassInstrumentation.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

namespace {
/// Tells PassTrace which passes ran, so --gn-pass-statistics prints theirs.
struct NotePassesRan : mlir::PassInstrumentation {
  void runAfterPass(mlir::Pass *pass, mlir::Operation *) override {
    mlir::gn::notePassRan(pass->getArgument());
  }
};
} // namespace

int main(int argc, char **argv) {
  mlir::gn::registerAllPasses();
  mlir::gn::registerPassTraceOptions();
  mlir::DialectRegistry registry;
  mlir::gn::registerAllDialects(registry);
  auto [input, output] =
      mlir::registerAndParseCLIOptions(argc, argv, "gn optimizer driver\n", registry);
  mlir::MlirOptMainConfig config = mlir::MlirOptMainConfig::createFromCLOptions();
  // Listings read no input: MLIR's driver prints them.
  if (config.shouldShowDialects() || config.shouldListPasses())
    return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, input, output, registry));
  std::string error;
  std::unique_ptr<llvm::MemoryBuffer> buffer = mlir::openInputFile(input, &error);
  if (!buffer) {
    llvm::errs() << "error: " << error << "\n";
    return EXIT_FAILURE;
  }
  llvm::StringRef text = buffer->getBuffer();
  if (std::optional<mlir::gn::RefusedText> refused = mlir::gn::refusedBeforeParsing(text)) {
    auto [line, col] = mlir::gn::lineAndColumn(text, refused->offset);
    llvm::errs() << (input == "-" ? std::string("<stdin>") : input) << ":" << line << ":" << col
                 << ": error: " << refused->why << "\n";
    return EXIT_FAILURE;
  }
  if (mlir::gn::passStatisticsRequested()) {
    // The command line's pipeline, then the instrumentation.
    mlir::MlirOptMainConfig cliPipeline = config;
    config.setPassPipelineSetupFn([cliPipeline](mlir::PassManager &pm) {
      if (mlir::failed(cliPipeline.setupPassPipeline(pm)))
        return mlir::failure();
      pm.addInstrumentation(std::make_unique<NotePassesRan>());
      return mlir::success();
    });
  }
  std::unique_ptr<llvm::ToolOutputFile> out = mlir::openOutputFile(output, &error);
  if (!out) {
    llvm::errs() << "error: " << error << "\n";
    return EXIT_FAILURE;
  }
  bool failed = mlir::failed(mlir::MlirOptMain(out->os(), std::move(buffer), registry, config));
  if (mlir::gn::passStatisticsRequested())
    mlir::gn::printPassStatistics(llvm::errs());
  if (failed)
    return EXIT_FAILURE;
  out->keep();
  return EXIT_SUCCESS;
}
