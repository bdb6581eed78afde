//===- Interpreter.h - eager execution of gn functions ---------*- C++ -*-===//
//
// Executes a func.func of gn ops op by op on the CPU. This is the baseline
// the compiler is checked and timed against. Kernels are grouped by op
// family behind the Backend interface so a GPU backend can plug in.
//
//===----------------------------------------------------------------------===//
#ifndef GN_INTERPRETER_INTERPRETER_H
#define GN_INTERPRETER_INTERPRETER_H

#include "gn/Support/SymbolBinding.h"
#include "gn/Interpreter/DTypeConversion.h"
#include "gn/Support/StepProfile.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/DenseMap.h"
#include <memory>
#include <optional>
#include <vector>

namespace mlir::gn::interp {

/// Executes one op on host tensors. Implementations emit a diagnostic at the
/// op and fail for ops (or dtypes) they do not support.
class Backend {
public:
  virtual ~Backend() = default;
  /// `destinations`, when given, holds one preallocated tensor per result
  /// of the result's type (the compiled runtime's arena slots). Kernels that
  /// can write into it do, and return it; the others return a new tensor
  /// and the caller copies.
  virtual LogicalResult execute(Operation *op, llvm::ArrayRef<HostTensor> operands,
                                llvm::SmallVectorImpl<HostTensor> &results,
                                llvm::ArrayRef<HostTensor> destinations = {}) = 0;
  /// True when `op` can be executed (checked before running anything).
  virtual bool supports(Operation *op) const = 0;
  /// Declares tensors (weights) that will not change while this backend
  /// lives, so kernels may keep work derived from them (reordered
  /// convolution weights). Replaces the previous set.
  virtual void setConstants(llvm::ArrayRef<HostTensor> constants) {}
};

/// The reference CPU backend (oneDNN / OpenBLAS for conv and matmul).
std::unique_ptr<Backend> createCpuBackend();

/// The binding of the shape symbols of the program running on this thread,
/// while a scope lives: kernels size results with symbolic dims (#gn.dims)
/// by it. Asking a symbolic result's sizes outside a binding is a fatal
/// error, never the compile example's sizes in silence.
class BindingScope {
public:
  explicit BindingScope(const SymbolBinding *binding);
  ~BindingScope();
  BindingScope(const BindingScope &) = delete;
  BindingScope &operator=(const BindingScope &) = delete;
  /// The innermost scope's binding, or null.
  static const SymbolBinding *current();

private:
  const SymbolBinding *saved;
};

class Interpreter {
public:
  explicit Interpreter(func::FuncOp func, std::unique_ptr<Backend> backend = createCpuBackend());

  /// Fails (with a diagnostic at the op) when an op is not supported.
  LogicalResult verifySupported();
  /// Runs the function; `args` must match its argument types. Where they
  /// have symbolic dims (#gn.dims), the shape symbols are bound from the
  /// arguments' sizes and every result of the function must have a size
  /// there, checked before anything runs; each disagreement is an error
  /// naming the argument, dim and symbol (SymbolBinding).
  FailureOr<std::vector<HostTensor>> run(llvm::ArrayRef<HostTensor> args);
  /// The binding of the last run (null when the function has no symbolic
  /// dims).
  const SymbolBinding *lastBinding() const { return binding ? &*binding : nullptr; }

private:
  /// Binds the shape symbols from `args` and checks every op's results have
  /// sizes there.
  LogicalResult bindSymbols(llvm::ArrayRef<HostTensor> args);

  func::FuncOp func;
  std::unique_ptr<Backend> backend;
  llvm::DenseMap<Value, Operation *> lastUse;
  /// Whether any value of the function has symbolic dims (computed once).
  std::optional<bool> symbolic;
  std::optional<SymbolBinding> binding;
  StepProfile profile{"eager"};
};

} // namespace mlir::gn::interp

#endif // GN_INTERPRETER_INTERPRETER_H
