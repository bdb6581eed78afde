//===- GraphNetImporter.h - GraphNet sample -> gn dialect -----*- C++ -*-===//
//
// Imports a GraphNet sample folder (model.py, weight_meta.py, input_meta.py,
// graph_net.json) into a module holding `func.func @forward` in the gn
// dialect. The framework (torch, paddle) is graph_net.json's `framework`;
// its frontend evaluates model.py. Errors are emitted through the context's
// diagnostic engine at `model.py:LINE:COL` (or the meta file's position) and
// the import returns null.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_GRAPHNET_GRAPHNETIMPORTER_H
#define GN_IMPORT_GRAPHNET_GRAPHNETIMPORTER_H

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "llvm/ADT/StringRef.h"
#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "gn/Import/Python/GraphTrace.h"

namespace mlir::gn {

/// The start of an import error that is GraphNet's, not gn's: the sample
/// lacks what every sample must have (its meta files, an entry for a
/// parameter of forward). Coverage counts such samples apart; a record's
/// error class says "graphnet data gap".
inline constexpr const char *kDataGap = "GraphNet data gap: ";

/// How an import specializes a sample.
struct ImportOptions {
  /// The size found at each data-dependent site (gn/Support/ShapeGuard.h),
  /// by site; the sites past the end, and those at a negative size, take
  /// their upper bound (every element).
  std::vector<int64_t> dataSizes;
  /// Learning them: at the first site past dataSizes the import stops and
  /// @forward returns the tensor that site reads, its count of nonzero
  /// elements being the site's size (or, for a gn.size_guard, the measure
  /// kSizeProbeMeasure names); the module is marked kSizeProbe (the site). Else such a site takes its upper bound (every element).
  bool learnSizes = false;
  /// GraphNet's dtype channel: "float16" or "bfloat16" imports the sample as
  /// its dtype generalization pass rewrites it (torch samples that list the
  /// pass in graph_net.json): float32 inputs and weights in that type, but
  /// the batch and layer norm parameters the pass keeps; the float32
  /// tensor arguments of matmul, mm, bmm, linear, conv, attention, addmm
  /// and einsum converted to it. "": the sample as extracted.
  std::string dtypeVariant;
  /// GraphNet's shape channel: the index of one of the sample's shape
  /// variants (sampleShapeVariants in ShapeVariants.h); -1: the shapes as
  /// extracted.
  int shapeVariant = -1;
  /// The variant's shape of each constrained tensor, filled from
  /// shapeVariant by importGraphNetSample (importGraphNetSource takes them
  /// as given); a meta's `data` is repeated to fill its new shape, as
  /// GraphNet's dimension generalizer does.
  std::vector<std::pair<std::string, std::vector<int64_t>>> reifiedShapes;
  /// GraphNet's size rewrites for those shapes (DimensionRewrites.h), also
  /// filled by importGraphNetSample.
  std::vector<import::SizeRewrite> sizeRewrites;
  /// When set, the graph the import evaluates is recorded here.
  import::GraphTrace *trace = nullptr;
  /// One program for all shapes (docs/symbolic-shapes.md, phase 2): the
  /// input dims input_tensor_constraints.py names by a symbol (S0, S1, ...)
  /// are symbolic (s0, s1, ...), at the compile example: the extracted
  /// shapes, or shapeVariant's when it is set. Torch samples only.
  bool symbolic = false;
  /// A symbolic import assuming a symbol is a multiple of a factor (by gn's
  /// name: {"s1", 32}): its dims are `32*s1`, s1 being GraphNet's S1 / 32.
  /// gn-eval one-program gives the factor every variant shares where the
  /// plain symbolic import needs guards; a binding whose size is not a
  /// multiple is refused when the symbols are bound.
  std::map<std::string, int64_t> symbolFactors;
  /// Filled by importGraphNetSample for a symbolic import: each constrained
  /// tensor's dims, their size (a SymExpr's text: "s1", "32*s1") or "" for a
  /// static one.
  std::vector<std::pair<std::string, std::vector<std::string>>> symbolicDims;
};

/// The module attribute of a symbolic import: how many guards
/// (gn.specialize) it holds, an i64.
inline constexpr const char *kGuardCount = "gn.guards";

/// The dtype variants GraphNet lists for `sampleDir` (graph_net.json's
/// data_type_generalization_passes: "float16", "bfloat16"); none when the
/// file or the field is absent.
std::vector<std::string> sampleDtypeVariants(llvm::StringRef sampleDir);

/// The module attribute of an import that stopped at a data-dependent site
/// (ImportOptions::learnSizes): the site, an i64.
inline constexpr const char *kSizeProbe = "gn.size_probe";
/// On a probe module whose site reads a size from values (gn.size_guard):
/// the measure ("sum", "max_plus_one") and its floor; absent for a count of
/// nonzero elements.
inline constexpr const char *kSizeProbeMeasure = "gn.size_probe_measure";
inline constexpr const char *kSizeProbeAtLeast = "gn.size_probe_at_least";

/// The start of the error for a variant GraphNet does not define for the
/// sample (a dtype pass its graph_net.json does not list, a shape variant
/// its reifier does not give).
inline constexpr const char *kVariantNotListed = "no such GraphNet variant: ";

/// Imports the sample in `sampleDir`. Returns null after emitting an error.
mlir::OwningOpRef<mlir::ModuleOp> importGraphNetSample(mlir::MLIRContext &context,
                                                       llvm::StringRef sampleDir,
                                                       const ImportOptions &options = {});

/// Imports from in-memory sources (tests); `modelPath` names model.py in
/// diagnostics, the meta files are named after it.
mlir::OwningOpRef<mlir::ModuleOp>
importGraphNetSource(mlir::MLIRContext &context, llvm::StringRef modelPath,
                     llvm::StringRef modelSource, llvm::StringRef weightMetaSource,
                     llvm::StringRef inputMetaSource, llvm::StringRef framework = "torch",
                     const ImportOptions &options = {});

/// The frameworks with a frontend ("paddle", "torch").
std::vector<std::string> frameworkNames();

/// The op names `framework`'s frontend registers, sorted (canonical names:
/// `paddle._C_ops.relu` and `torch.relu` are "relu"; "Tensor.view" a method
/// only); empty for an unknown framework. For API coverage reports.
std::vector<std::string> frameworkOpNames(llvm::StringRef framework);

/// The `framework` of `sampleDir`/graph_net.json; "torch" when the file is
/// absent (early torch samples have none). On a malformed file or an
/// unknown framework sets `error` and returns "".
std::string sampleFramework(llvm::StringRef sampleDir, std::string &error);

} // namespace mlir::gn

#endif // GN_IMPORT_GRAPHNET_GRAPHNETIMPORTER_H
