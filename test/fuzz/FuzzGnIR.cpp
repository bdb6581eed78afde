//===- FuzzGnIR.cpp - libFuzzer: the gn dialect's textual IR ---------------===//
//
// Any bytes parsed as a module of func and gn ops, then verified: parsers,
// custom assembly formats, shape inference and verifiers either accept or
// report, never crash. Text nested past kMaxIrNesting is what gn's readers
// refuse before parsing (LoadedSample::parseIrFile), so it is skipped here.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnDialect.h"
#include "gn/Support/NestingDepth.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include <cstdint>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static mlir::MLIRContext *context = [] {
    auto *c = new mlir::MLIRContext;
    c->loadDialect<mlir::gn::GnDialect, mlir::func::FuncDialect>();
    c->allowUnregisteredDialects(false);
    c->disableMultithreading();
    return c;
  }();
  mlir::ScopedDiagnosticHandler handler(context, [](mlir::Diagnostic &) { return mlir::success(); });
  std::string text(reinterpret_cast<const char *>(data), size);
  // gn's readers refuse text nested past kMaxIrNesting before parsing
  // (MLIR's parser would overflow the stack on it).
  if (mlir::gn::refusedBeforeParsing(text))
    return 0;
  mlir::ParserConfig config(context, /*verifyAfterParse=*/true);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, config, "fuzz.mlir");
  if (module)
    (void)mlir::verify(*module);
  return 0;
}
