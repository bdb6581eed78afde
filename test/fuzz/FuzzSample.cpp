//===- FuzzSample.cpp - libFuzzer: the whole GraphNet importer -------------===//
//
// The input is a sample folder: model.py, weight_meta.py, input_meta.py and
// graph_net.json, separated by lines "#~~~~" (missing parts: empty files).
// They are written to a folder of this process and imported as gn-eval
// would (framework from graph_net.json or model.py): the importer returns a
// verified module or an error diagnostic, never crashes or hangs.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnDialect.h"
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <unistd.h>

namespace {

const std::string &sampleDir() {
  static const std::string dir = [] {
    std::string d = "/tmp/gn-fuzz-sample-" + std::to_string(getpid());
    std::string cmd = "mkdir -p " + d;
    if (std::system(cmd.c_str()) != 0)
      std::abort();
    return d;
  }();
  return dir;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  const char *names[] = {"model.py", "weight_meta.py", "input_meta.py", "graph_net.json"};
  const std::string separator = "\n#~~~~\n";
  size_t at = 0;
  for (const char *name : names) {
    size_t end = std::min(text.size(), text.find(separator, at));
    std::ofstream(sampleDir() + "/" + name, std::ios::trunc) << text.substr(at, end - at);
    at = std::min(text.size(), end + separator.size());
  }
  static mlir::MLIRContext *context = [] {
    auto *c = new mlir::MLIRContext;
    c->loadDialect<mlir::gn::GnDialect, mlir::func::FuncDialect>();
    c->printOpOnDiagnostic(false);
    c->disableMultithreading();
    return c;
  }();
  bool reported = false;
  mlir::ScopedDiagnosticHandler handler(context, [&](mlir::Diagnostic &) {
    reported = true;
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::gn::importGraphNetSample(*context, sampleDir());
  if (!module && !reported)
    std::abort(); // a refused sample must say why
  if (module && mlir::failed(mlir::verify(*module)))
    std::abort(); // the importer hands out verified IR only
  return 0;
}
