//===- TensorMeta.h - GraphNet weight_meta.py / input_meta.py -*- C++ -*-===//
#ifndef GN_IMPORT_TENSORMETA_H
#define GN_IMPORT_TENSORMETA_H

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::gn {

/// What a meta file says about one tensor (one `class Program_..._meta_X:`).
struct TensorMeta {
  std::string name;
  std::vector<int64_t> shape;
  std::string dtype;  // as written, e.g. "torch.float32"
  std::string device; // e.g. "cuda:0"
  std::optional<double> mean, std, minVal, maxVal;
  std::optional<std::vector<double>> data; // verbatim values when given
  unsigned line = 0;                       // of the class, for diagnostics
  std::string file;                        // the meta file it came from
};

/// Parses a meta file's text. On error returns false and sets `line`, `col`
/// and `message` (lower-case, no location prefix).
struct MetaError {
  unsigned line = 0, col = 0;
  std::string message;
};
bool parseTensorMetaFile(const std::string &file, const std::string &source,
                         std::vector<TensorMeta> &out, MetaError &error);

} // namespace mlir::gn

#endif // GN_IMPORT_TENSORMETA_H
