//===- FuzzPythonParser.cpp - libFuzzer: the restricted-Python parser -----===//
//
// Any bytes: parseModule returns true or false with an error position inside
// the text; it never crashes, hangs or reads out of bounds.
//
//===----------------------------------------------------------------------===//
#include "gn/Import/Python/PyAST.h"
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string source(reinterpret_cast<const char *>(data), size);
  mlir::gn::py::Module module;
  mlir::gn::py::ParseError error;
  if (!mlir::gn::py::parseModule(source, module, error)) {
    if (error.message.empty())
      std::abort(); // a failure must say why
  } else {
    for (const auto &stmt : module.body)
      if (!stmt)
        std::abort();
  }
  return 0;
}
