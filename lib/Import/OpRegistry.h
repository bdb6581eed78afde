//===- OpRegistry.h - torch callables the importer understands -*- C++ -*-===//
//
// Each op family registers its handlers in its own file (ElementwiseOps.cpp,
// ShapeOps.cpp, ...). A handler has a Python-style signature
// ("input, dim=None, keepdim=False") that the evaluator binds call arguments
// to. Names are canonical: `torch.relu`, `torch.nn.functional.relu`,
// `torch._C._nn.relu` and `x.relu()` all look up "relu"; a name registered
// as "Tensor.view" is a method only, and is tried first for method calls.
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_IMPORT_OPREGISTRY_H
#define GN_LIB_IMPORT_OPREGISTRY_H

#include "ImportContext.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::gn::import {

using Handler = mlir::FailureOr<PyValue> (*)(ImportContext &, Args &);

struct Param {
  std::string name;
  bool hasDefault = false;
  PyValue defaultValue;
  bool keywordOnly = false;
  bool isVarargs = false;
};

struct OpEntry {
  std::string signature;
  std::vector<Param> params;
  Handler fn;
};

class OpRegistry {
public:
  /// Registers `fn` under each of the '|'-separated `names`.
  void add(llvm::StringRef names, llvm::StringRef signature, Handler fn);
  const OpEntry *lookup(llvm::StringRef name) const;
  /// The registry with every family registered (built once).
  static const OpRegistry &get();

private:
  llvm::StringMap<std::shared_ptr<OpEntry>> entries;
};

// Helpers shared by the op handlers.
inline mlir::RankedTensorType typeOf(mlir::Value v) {
  return llvm::cast<mlir::RankedTensorType>(v.getType());
}
inline mlir::FailureOr<PyValue> wrap(mlir::FailureOr<mlir::Value> v) {
  if (mlir::failed(v))
    return mlir::failure();
  return PyValue::of(*v);
}
/// The tensor argument `input` and its normalized `dimName` argument.
mlir::FailureOr<std::pair<mlir::Value, int64_t>> tensorAndDim(ImportContext &ctx, Args &a,
                                                              llvm::StringRef dimName = "dim");

/// Runs `fn` with f16/bf16 tensor arguments widened to f32 and narrows a
/// tensor result back once, as PyTorch computes such composites in f32.
mlir::FailureOr<PyValue> runWidened(ImportContext &ctx, Args &a, Handler fn);

/// Maps a dotted callee (`torch.nn.functional.relu`) to its canonical name
/// ("relu"), or "" when the prefix is not a torch namespace.
std::string canonicalOpName(llvm::StringRef dotted);

void registerElementwiseOps(OpRegistry &registry);
void registerShapeOps(OpRegistry &registry);
void registerReductionOps(OpRegistry &registry);
void registerNNOps(OpRegistry &registry);
void registerFactoryOps(OpRegistry &registry);
void registerIndexingOps(OpRegistry &registry);
void registerAttentionOps(OpRegistry &registry);

/// Tensor subscripting `x[...]` (basic and single-tensor advanced indexing).
mlir::FailureOr<PyValue> indexTensor(ImportContext &ctx, const PyValue &base,
                                     const PyValue &index);
/// `x[...] = v`: returns the updated tensor.
mlir::FailureOr<PyValue> setIndexTensor(ImportContext &ctx, const PyValue &base,
                                        const PyValue &index, const PyValue &value);

// functorch batching (Vmap.cpp).
mlir::FailureOr<PyValue> addBatchDim(ImportContext &ctx, const PyValue &x, int64_t inDim,
                                     int64_t level);
mlir::FailureOr<PyValue> removeBatchDim(ImportContext &ctx, const PyValue &x, int64_t level,
                                        int64_t batchSize, int64_t outDim);
/// When an argument is batched: checks the op has a broadcasting batch rule
/// and aligns the arguments; `levels` and `resultBatched` say how to mark
/// the result. Returns false when nothing is batched.
mlir::FailureOr<bool> prepareBatchedCall(ImportContext &ctx, llvm::StringRef op,
                                         std::vector<PyValue> &args,
                                         std::vector<std::pair<std::string, PyValue>> &kwargs,
                                         llvm::SmallVectorImpl<int64_t> &levels,
                                         bool &resultBatched);

} // namespace mlir::gn::import

#endif // GN_LIB_IMPORT_OPREGISTRY_H
