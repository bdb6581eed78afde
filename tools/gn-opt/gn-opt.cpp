//===- gn-opt.cpp - mlir-opt for the gn dialect ---------------------------===//
//
// MLIR's opt driver with gn's dialects and passes. An input file nested
// deeper than kMaxIrNesting bracket levels is refused before parsing, as
// gn-eval refuses it (the parser recurses once a level and would overflow
// the stack); text read from stdin is not checked.
//
//===----------------------------------------------------------------------===//
#include "gn/InitAll.h"
#include "gn/Support/NestingDepth.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

int main(int argc, char **argv) {
  mlir::gn::registerAllPasses();
  mlir::DialectRegistry registry;
  mlir::gn::registerAllDialects(registry);
  auto [input, output] =
      mlir::registerAndParseCLIOptions(argc, argv, "gn optimizer driver\n", registry);
  if (input != "-") {
    // A file that cannot be read is reported by MlirOptMain below.
    if (auto buffer = llvm::MemoryBuffer::getFile(input)) {
      llvm::StringRef text = (*buffer)->getBuffer();
      if (std::optional<size_t> at = mlir::gn::tooDeepAt(text)) {
        auto [line, col] = mlir::gn::lineAndColumn(text, *at);
        llvm::errs() << input << ":" << line << ":" << col
                     << ": error: brackets nested deeper than " << mlir::gn::kMaxIrNesting
                     << " levels; refused before parsing (the parser recurses once a level)\n";
        return EXIT_FAILURE;
      }
    }
  }
  return mlir::asMainReturnCode(mlir::MlirOptMain(argc, argv, input, output, registry));
}
