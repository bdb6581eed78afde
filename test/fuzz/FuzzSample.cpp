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
#include <cerrno>
#include <cstdint>
#include <cstdlib>
#include <fstream>
#include <string>
#include <sys/stat.h>
#include <unistd.h>

namespace {

const char *const kPartNames[] = {"model.py", "weight_meta.py", "input_meta.py",
                                  "graph_net.json"};

// Every input rewrites four files. On a disk-backed /tmp the target then
// waits on the file system's journal (about 0.3 of a core measured, 0.9 with
// the folder on tmpfs), so memory-backed /dev/shm comes first, then $TMPDIR,
// then /tmp.
std::string scratchRoot() {
  const char *candidates[] = {"/dev/shm", std::getenv("TMPDIR"), "/tmp"};
  for (const char *dir : candidates)
    if (dir && *dir && access(dir, W_OK | X_OK) == 0)
      return dir;
  return ".";
}

const std::string &sampleDir() {
  // Never destroyed, so the exit handler below may still read it.
  static const std::string *dir = [] {
    auto *d = new std::string(scratchRoot() + "/gn-fuzz-sample-" + std::to_string(getpid()));
    if (mkdir(d->c_str(), 0700) != 0 && errno != EEXIST)
      std::abort();
    // The folder is this process's own: removed when it exits normally.
    std::atexit([] {
      for (const char *name : kPartNames)
        unlink((sampleDir() + "/" + name).c_str());
      rmdir(sampleDir().c_str());
    });
    return d;
  }();
  return *dir;
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text(reinterpret_cast<const char *>(data), size);
  const std::string separator = "\n#~~~~\n";
  size_t at = 0;
  for (const char *name : kPartNames) {
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
