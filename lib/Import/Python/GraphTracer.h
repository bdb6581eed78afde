//===- GraphTracer.h - the evaluator's side of GraphTrace.h -*- C++ -*-===//
#ifndef GN_IMPORT_PYTHON_GRAPHTRACER_H
#define GN_IMPORT_PYTHON_GRAPHTRACER_H

#include "gn/Import/Python/GraphTrace.h"
#include "gn/Import/Python/ImportContext.h"
#include "llvm/ADT/DenseMap.h"

namespace mlir::gn::import {

/// Records the nodes an import evaluates into ctx.trace and applies
/// ctx.sizeRewrites to the traced ops' arguments. Inert when the context
/// asks for neither.
class GraphTracer {
public:
  explicit GraphTracer(ImportContext &ctx) : ctx(ctx) {}
  bool active() const { return ctx.trace != nullptr; }

  /// A forward parameter (a placeholder): the `position`-th.
  void parameter(int position, const PyValue &v);
  /// The op a traced call site is (view, torch.arange, ...), or "" for one
  /// that GraphNet's passes do not read.
  static std::string tracedOp(const PyValue &callee);
  /// An argument as written at `e`, evaluated to `v` (may be null).
  /// A tensor whose node is unknown (made outside the expressions traced,
  /// such as an alias an in-place update rebound) is recorded where it is
  /// first read, so GraphNet's passes still see its shape.
  TraceArg arg(const py::Expr &e, const PyValue *v);
  TraceArg nodeArg(const PyValue &v);
  /// `x += y` at `loc`: FX's iadd node, `result`; `rebound`, the value the
  /// variable holds after the update, is the same node.
  void inPlace(py::SrcLoc loc, const PyValue &result, const PyValue &rebound);
  /// Applies the rewrites of the traced op about to be recorded at `loc`:
  /// `args` are its FX arguments' values, `offset` the FX index of
  /// args[0] (1 for a method, whose receiver is FX's args[0]).
  LogicalResult rewrite(py::SrcLoc loc, std::vector<PyValue> &args, int offset);
  /// Records the value of expression `e` when it is a tensor (a traced op
  /// with its arguments), unless `e` was just recorded.
  void node(const py::Expr &e, const PyValue &result, std::string op = "",
            std::vector<TraceArg> args = {});

private:
  void record(TraceLoc loc, const PyValue &result, std::string op, std::vector<TraceArg> args);
  ImportContext &ctx;
  llvm::DenseMap<Value, int> nodeOf;
  std::vector<Value> values; // each node's tensor
  const py::Expr *last = nullptr;
};

} // namespace mlir::gn::import

#endif // GN_IMPORT_PYTHON_GRAPHTRACER_H
