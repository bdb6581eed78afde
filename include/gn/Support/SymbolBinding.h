//===- SymbolBinding.h - shape symbols bound from argument sizes -*- C++ -*-===//
//
// A program with symbolic dims is run at sizes its caller's arguments give.
// Before anything runs, the symbols are bound from those sizes and every
// symbolic dim is checked against them, so a mismatch is one sentence naming
// both places ("argument #2 dim 0 is 6, but s0 = 5 from argument #0 dim 0"),
// never a kernel reading past a buffer (docs/symbolic-shapes.md).
//
// A dim whose size is a bare symbol binds that symbol (the first one met);
// every other dim is then evaluated at the binding and compared. A symbol no
// bare dim binds is an error: GraphNet's symbolic dims are input dims, each
// one symbol.
//
//===----------------------------------------------------------------------===//

#ifndef GN_SUPPORT_SYMBOLBINDING_H
#define GN_SUPPORT_SYMBOLBINDING_H

#include "gn/Support/SymExpr.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>
#include <map>
#include <optional>
#include <string>

namespace mlir::gn {

/// One dim of the caller's arguments: where it is ("argument #0 dim 1"), its
/// size as an expression, and the size the caller gave.
struct DimUse {
  std::string where;
  SymExpr size;
  int64_t actual = 0;
};

class SymbolBinding {
public:
  /// Binds the symbols from `uses` and checks every use. On failure returns
  /// std::nullopt with the first disagreement in `error`.
  static std::optional<SymbolBinding> bind(llvm::ArrayRef<DimUse> uses, std::string &error);

  /// The value of `symbol`, if bound.
  std::optional<int64_t> lookup(llvm::StringRef symbol) const;
  /// `size` at this binding: std::nullopt when it uses an unbound symbol,
  /// overflows or is negative.
  std::optional<int64_t> evaluate(const SymExpr &size) const;
  /// "s0 = 5, s1 = 64", sorted by name.
  std::string str() const;

private:
  /// `size` at this binding, negative values included.
  std::optional<int64_t> rawValue(const SymExpr &size) const;

  struct Bound {
    int64_t value;
    std::string where;
  };
  std::map<std::string, Bound> symbols;
};

/// A guard (gn.specialize) on dim `dim` of size `size` that must be
/// `needed`: empty where it holds at `binding`, else the sentence saying it
/// does not ("the model needs dim 1 (s1) at its size 6 here, but it is 7 at
/// s0 = 2, s1 = 7").
std::string guardFailure(int64_t dim, const SymExpr &size, int64_t needed,
                         const SymbolBinding &binding);

/// A dim `dim` of size `size` that `what` ("the slice reads") needs to be
/// at least `least`: empty where it is at `binding` (or `size` is
/// constant), else the sentence saying it is not ("the slice reads dim 1
/// (s1), which must be at least 5, but it is 3 at s1 = 3").
std::string tooSmall(int64_t dim, const SymExpr &size, int64_t least,
                     const SymbolBinding &binding, llvm::StringRef what);

} // namespace mlir::gn

#endif // GN_SUPPORT_SYMBOLBINDING_H
