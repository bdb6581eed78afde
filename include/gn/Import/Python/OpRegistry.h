//===- OpRegistry.h - a framework's callables, by canonical name -*- C++ -*-===//
//
// Each frontend owns one registry; each of its op families registers its
// handlers in its own file (Torch/ElementwiseOps.cpp, Paddle/NNOps.cpp, ...).
// A handler has a Python-style signature ("input, dim=None, keepdim=False")
// that the evaluator binds call arguments to. Names are canonical, as the
// frontend's canonicalOpName makes them: `torch.relu`,
// `torch.nn.functional.relu` and `x.relu()` all look up "relu"; a name
// registered as "Tensor.view" is a method only, and is tried first for
// method calls.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_OPREGISTRY_H
#define GN_IMPORT_PYTHON_OPREGISTRY_H

#include "gn/Import/Python/ImportContext.h"
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
  /// Registers `fn` under each of the '|'-separated `names` (a name
  /// registered twice in one registry is a bug in gn: fatal).
  void add(llvm::StringRef names, llvm::StringRef signature, Handler fn);
  const OpEntry *lookup(llvm::StringRef name) const;
  /// Every registered name (coverage reports, tests).
  std::vector<std::string> names() const;

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

} // namespace mlir::gn::import

#endif // GN_IMPORT_PYTHON_OPREGISTRY_H
