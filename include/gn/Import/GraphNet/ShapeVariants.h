//===- ShapeVariants.h - GraphNet's shape channel ------------*- C++ -*-===//
//
// A torch sample's input_tensor_constraints.py names the input dims that are
// symbolic (S0, S1, ...) and the sizes it was extracted at; graph_net.json's
// symbolic_dimension_reifier names the GraphNet table that gives the
// symbols' values for each shape variant, keyed by the sample's symbolic
// input shapes. GraphNet's tables are compiled in (GraphNetReifiers.inc,
// made by dev/export_graphnet_reifiers.py); a variant's index is its
// position in GraphNet's list.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_GRAPHNET_SHAPEVARIANTS_H
#define GN_IMPORT_GRAPHNET_SHAPEVARIANTS_H

#include "gn/Import/GraphNet/TensorMeta.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace mlir::gn {

/// One dim of a constrained input shape: a size, or a symbol.
struct ConstraintDim {
  int64_t size = 0;
  std::string symbol; // empty for a size
};

/// What input_tensor_constraints.py says.
struct ShapeConstraints {
  std::vector<std::string> symbols;
  std::vector<std::pair<std::string, int64_t>> exampleValues; // symbol -> size
  /// (shape, tensor name), in the file's order.
  std::vector<std::pair<std::vector<ConstraintDim>, std::string>> inputShapes;

  /// The shapes with a symbol, as GraphNet serializes them to pick a
  /// reifier's rule: sorted by their Python str, then spaces removed,
  /// e.g. "[(S0,3,S1,S1)]".
  std::string symbolicShapesKey() const;
  /// The example value of `symbol`, or -1.
  int64_t exampleValue(llvm::StringRef symbol) const;
};

/// Parses the file's text (only what GraphNet writes: `Symbol("S0")`
/// assignments and the four dynamic_dim_constraint_* lists and dicts).
/// On error returns false and fills `error`.
bool parseShapeConstraintsFile(const std::string &source, ShapeConstraints &out,
                               MetaError &error);

/// One shape variant: the symbols' values, and every constrained tensor's
/// shape under them.
struct ShapeVariant {
  unsigned index = 0;
  std::vector<std::pair<std::string, int64_t>> values; // symbol -> size
  std::vector<std::pair<std::string, std::vector<int64_t>>> shapes; // tensor -> shape
  /// "S0=4,S1=256".
  std::string label() const;
};

/// Reads `sampleDir`/input_tensor_constraints.py; false with `error` (a
/// parse error prefixed "file:line:col: ") when it is missing or malformed.
bool readShapeConstraints(llvm::StringRef sampleDir, ShapeConstraints &out, std::string &error);

/// graph_net.json's dimension_generalization_passes (none when absent).
std::vector<std::string> sampleDimensionPasses(llvm::StringRef sampleDir);

/// The name of sample `path` at shape variant `index`: "<path>@shape<index>"
/// (a record's sample, gn-eval's job); splitShapeVariantName inverts it,
/// returning the index and setting `path`, or -1 with `path` = `name`.
std::string shapeVariantName(llvm::StringRef path, unsigned index);
int splitShapeVariantName(llvm::StringRef name, std::string &path);

/// GraphNet's shape variants of `sampleDir`. Empty with `error` set when the
/// sample defines none (no reifier named, no constraints file, no rule of
/// the reifier for its symbolic shapes, or a malformed file: `error` says
/// which, prefixed "file:line:col: " for a parse error).
std::vector<ShapeVariant> sampleShapeVariants(llvm::StringRef sampleDir, std::string &error);

} // namespace mlir::gn

#endif // GN_IMPORT_GRAPHNET_SHAPEVARIANTS_H
