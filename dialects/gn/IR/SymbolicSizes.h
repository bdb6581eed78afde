//===- SymbolicSizes.h - size rules of the shape functions, symbolic -*- C++ -*-===//
//
// The size arithmetic of gn's shape functions (GnShapes.h) over SymExpr, for
// dims that follow GraphNet's shape symbols (docs/symbolic-shapes.md). Each
// rule either gives the size for every binding or says why it cannot, so
// the importer can pin that dim with a guard instead of guessing. Sizes are
// not checked positive here: that needs the binding, and SymbolBinding
// checks every size before a program runs.
//
//===----------------------------------------------------------------------===//

#ifndef GN_IR_SYMBOLICSIZES_H
#define GN_IR_SYMBOLICSIZES_H

#include "gn/Support/SymExpr.h"

#include "llvm/ADT/ArrayRef.h"

#include <optional>
#include <string>
#include <vector>

namespace mlir::gn::sym {

/// A convolution's or pooling window's output size along one dim, as
/// slidingWindowOutputSize computes it at one size. With ceil_mode, exact
/// for every size only when no window can start in the trailing padding,
/// which holds for every input size when stride <= (window extent) - padding;
/// otherwise std::nullopt with `why`.
std::optional<SymExpr> slidingWindowOutput(const SymExpr &in, int64_t kernel, int64_t stride,
                                           int64_t padding, int64_t dilation, bool ceilMode,
                                           std::string &why);

/// A transposed convolution's output size along one dim:
/// (in - 1) * stride - 2 * padding + dilation * (kernel - 1) + outputPadding + 1.
std::optional<SymExpr> transposedWindowOutput(const SymExpr &in, int64_t kernel, int64_t stride,
                                              int64_t padding, int64_t dilation,
                                              int64_t outputPadding, std::string &why);

/// The broadcast of two dims: equal sizes, or one of them the constant 1.
/// Two different expressions are refused: they may differ at some binding.
std::optional<SymExpr> broadcastSizes(const SymExpr &a, const SymExpr &b, std::string &why);

/// The product of sizes (a reshape's merged dims, an element count).
std::optional<SymExpr> product(llvm::ArrayRef<SymExpr> sizes, std::string &why);

/// The length of a slice [start, limit) with a positive step: ceil((limit -
/// start) / step). Whether 0 <= start <= limit <= the dim holds is a check at
/// the binding (the interpreter checks every slice's bounds there), not here.
std::optional<SymExpr> sliceSize(const SymExpr &start, const SymExpr &limit, int64_t step,
                                 std::string &why);

/// a / b when b divides a at every binding: b a nonzero constant dividing
/// every coefficient, or one monomial dividing every term. Otherwise
/// std::nullopt with `why` (the division may be inexact at some sizes).
std::optional<SymExpr> divideExactly(const SymExpr &a, const SymExpr &b, std::string &why);

/// A reshape's target sizes, at most one of them -1 (std::nullopt here): the
/// -1 becomes the element count divided by the other sizes, exactly, and
/// without one the sizes must multiply to the element count at every size.
/// Otherwise std::nullopt with `why`.
std::optional<std::vector<SymExpr>>
reshapeSizes(llvm::ArrayRef<SymExpr> from, llvm::ArrayRef<std::optional<SymExpr>> to,
             std::string &why);

} // namespace mlir::gn::sym

#endif // GN_IR_SYMBOLICSIZES_H
