//===- Evaluator.h - symbolic evaluation of a model's forward -*- C++ -*-===//
//
// Evaluates the statements of a parsed forward: Python-level values (ints,
// tuples, dtypes, shapes, lambdas) are computed at import time, tensor
// operations go through the frontend's op registry and become gn ops at the
// builder's insertion point. The caller (GraphNet/GraphNetImporter.cpp)
// creates the function, binds the parameters and emits the return.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_EVALUATOR_H
#define GN_IMPORT_PYTHON_EVALUATOR_H

#include "gn/Import/Python/Frontend.h"
#include "gn/Import/Python/PyAST.h"

namespace mlir::gn::import {

class Evaluator {
public:
  Evaluator(ImportContext &ctx, const Frontend &frontend);
  ~Evaluator();

  /// Binds the names that model.py's `import` statements introduce.
  void addImports(const py::Module &module);
  /// Binds a forward parameter.
  void bind(llvm::StringRef name, PyValue value);
  /// Runs a function body; `return` ends it (see returned()).
  mlir::LogicalResult execBody(const std::vector<py::StmtPtr> &body);
  /// Whether a `return` ran, and the tensors it returned (tuples flattened).
  bool hasReturned() const;
  llvm::ArrayRef<mlir::Value> returned() const;

  class Impl;

private:
  std::unique_ptr<Impl> impl;
};

/// The forward method of model.py's module class (or a top-level forward).
const py::Stmt *findForward(const py::Module &module);

} // namespace mlir::gn::import

#endif // GN_IMPORT_PYTHON_EVALUATOR_H
