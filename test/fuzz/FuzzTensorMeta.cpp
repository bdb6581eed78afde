//===- FuzzTensorMeta.cpp - libFuzzer: weight_meta.py / input_meta.py -----===//
//
// Any bytes: parseTensorMetaFile accepts them or names a line inside the
// text; shapes it accepts have no negative dims.
//
//===----------------------------------------------------------------------===//
#include "gn/Import/GraphNet/TensorMeta.h"
#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string source(reinterpret_cast<const char *>(data), size);
  std::vector<mlir::gn::TensorMeta> metas;
  mlir::gn::MetaError error;
  if (!mlir::gn::parseTensorMetaFile("weight_meta.py", source, metas, error)) {
    // Python ends lines at \n, \r\n and a lone \r: at most one per byte.
    size_t lines = std::count(source.begin(), source.end(), '\n') +
                   std::count(source.begin(), source.end(), '\r') + 1;
    if (error.message.empty() || error.line > lines + 1)
      std::abort();
  }
  return 0;
}
