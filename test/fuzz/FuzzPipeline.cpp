//===- FuzzPipeline.cpp - libFuzzer: gn's compile pipelines ---------------===//
//
// Any bytes parsed as a module of func and gn ops; one that verifies is
// compiled by gn-cpu-pipeline (to the LLVM dialect) and by gn-cuda-pipeline
// (to PTX where the CUDA toolkit's libdevice is at hand, else to
// gpu.launch), each on a copy: a pass either succeeds or reports, never
// crashes, asserts or hangs (issue 44). Seeds: the IR of the shipped
// samples and test fixtures (make_corpus.py). Text nested past
// kMaxIrNesting is refused by gn's readers before parsing, so skipped here.
//
//===----------------------------------------------------------------------===//
#include "gn/InitAll.h"
#include "gn/Pipelines/Pipelines.h"
#include "gn/Support/NestingDepth.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/Support/FileSystem.h"
#include <cstdint>
#include <string>

namespace {

mlir::MLIRContext &context() {
  static mlir::MLIRContext *c = [] {
    mlir::DialectRegistry registry;
    mlir::gn::registerAllDialects(registry);
    auto *ctx = new mlir::MLIRContext(registry);
    ctx->loadAllAvailableDialects();
    ctx->disableMultithreading();
    return ctx;
  }();
  return *c;
}

/// PTX where libdevice is at hand (the CUDA pipeline links it), else the
/// pipeline up to gpu.launch.
bool canEmitPtx() {
  static bool can = llvm::sys::fs::exists(
      mlir::gn::libdevicePath(mlir::gn::cudaToolkitPath("")));
  return can;
}

void compile(mlir::ModuleOp module, bool cuda) {
  mlir::OwningOpRef<mlir::ModuleOp> copy = module.clone();
  mlir::PassManager pm(&context());
  if (cuda) {
    mlir::gn::CudaPipelineOptions options;
    options.lowerToBinary = canEmitPtx();
    mlir::gn::buildCudaPipeline(pm, options);
  } else {
    mlir::gn::buildCpuPipeline(pm, mlir::gn::CpuPipelineOptions());
  }
  (void)pm.run(*copy);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  mlir::MLIRContext &ctx = context();
  mlir::ScopedDiagnosticHandler handler(&ctx, [](mlir::Diagnostic &) { return mlir::success(); });
  std::string text(reinterpret_cast<const char *>(data), size);
  if (mlir::gn::refusedBeforeParsing(text))
    return 0;
  mlir::ParserConfig config(&ctx, /*verifyAfterParse=*/true);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, config, "fuzz.mlir");
  if (!module || mlir::failed(mlir::verify(*module)))
    return 0;
  compile(*module, /*cuda=*/false);
  compile(*module, /*cuda=*/true);
  return 0;
}
