//===- SymExpr.h - sizes as expressions over shape symbols -------*- C++ -*-===//
//
// A SymExpr is the size of a tensor dimension for every binding of GraphNet's
// shape symbols (s0, s1, ...): a polynomial with integer coefficients over the
// symbols and over floor divisions of such polynomials by positive constants,
// e.g. `floordiv(s1, 16)^2 + 1` (the tokens of a ViT whose image side is s1).
// It is the building block of symbolic dims (docs/symbolic-shapes.md).
//
// Every value is kept in one normal form: terms sorted, like terms merged,
// zero terms dropped, and a floor division split into its exact part and a
// remainder whose coefficients lie in [0, c). So two expressions with equal
// text are equal for every binding, and the arithmetic shape functions do
// (sums, products, floor divisions of polynomials) always meets the same
// text for the same size. The converse is not promised for every identity of
// floor division (floordiv(s0, 2) + floordiv(s0 + 1, 2) is s0 but prints
// otherwise); the symbolic import never relies on it.
//
// Arithmetic returns std::nullopt instead of overflowing int64 or growing
// past the limits below, so hostile IR meets a diagnostic, never undefined
// behaviour or an unbounded expression.
//
//===----------------------------------------------------------------------===//

#ifndef GN_SUPPORT_SYMEXPR_H
#define GN_SUPPORT_SYMEXPR_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

#include <cstdint>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace mlir::gn {

class SymExpr {
public:
  /// Bounds on one expression: sizes of real graphs need a handful of terms
  /// of low degree; the bounds keep hostile input from growing without end.
  static constexpr size_t kMaxTerms = 64;
  static constexpr unsigned kMaxDegree = 8;
  static constexpr unsigned kMaxNesting = 16; // floordiv inside floordiv

  /// The constant 0.
  SymExpr() = default;
  static SymExpr constant(int64_t value);
  /// A symbol: an identifier ([A-Za-z_][A-Za-z0-9_]*) other than `floordiv`
  /// and `mod`. std::nullopt for any other name.
  static std::optional<SymExpr> symbol(llvm::StringRef name);

  static std::optional<SymExpr> add(const SymExpr &a, const SymExpr &b);
  static std::optional<SymExpr> sub(const SymExpr &a, const SymExpr &b);
  static std::optional<SymExpr> mul(const SymExpr &a, const SymExpr &b);
  /// floor(a / divisor); divisor must be positive.
  static std::optional<SymExpr> floorDiv(const SymExpr &a, int64_t divisor);
  /// a - divisor * floor(a / divisor), in [0, divisor); divisor positive.
  static std::optional<SymExpr> mod(const SymExpr &a, int64_t divisor);
  /// a / b when b is one nonzero term (a coefficient times a product of
  /// atoms) that divides every term of a: exact at every binding. Otherwise
  /// std::nullopt.
  static std::optional<SymExpr> divideByTerm(const SymExpr &a, const SymExpr &b);

  bool isConstant() const;
  /// The value when the expression is a constant.
  std::optional<int64_t> constantValue() const;
  /// The value at a binding; std::nullopt when `lookup` has no value for a
  /// symbol it uses or the arithmetic overflows int64.
  std::optional<int64_t>
  evaluate(llvm::function_ref<std::optional<int64_t>(llvm::StringRef)> lookup) const;
  /// Each symbol replaced by the expression `replace` gives for it, in
  /// normal form; std::nullopt when `replace` has none for a symbol or a
  /// bound is exceeded.
  std::optional<SymExpr>
  substitute(llvm::function_ref<std::optional<SymExpr>(llvm::StringRef)> replace) const;
  /// The symbols the expression uses.
  std::set<std::string> symbols() const;

  /// The normal form's text, which parse() reads back.
  std::string str() const;
  /// Reads `s0*s1 + 2*floordiv(s1 - 1, 16)^2 - 3`: integers, symbols, + - *,
  /// ^ with a non-negative integer exponent, parentheses, and
  /// floordiv(EXPR, INT) / mod(EXPR, INT) with a positive INT. On failure
  /// returns std::nullopt and, with `error`, says what and where.
  static std::optional<SymExpr> parse(llvm::StringRef text, std::string *error = nullptr);

  friend bool operator==(const SymExpr &a, const SymExpr &b) { return a.terms == b.terms; }
  friend bool operator!=(const SymExpr &a, const SymExpr &b) { return !(a == b); }

  /// A factor of a monomial: a symbol, or floordiv(inner, divisor) whose
  /// inner expression is in normal form and not a constant. Compared by
  /// text, which is a total order consistent with equality.
  struct Atom {
    std::string text;
    std::string symbol;                    // when a symbol
    std::shared_ptr<const SymExpr> inner;  // when a floor division
    int64_t divisor = 0;
    unsigned nesting = 0;                  // floordivs inside, this one included
    friend bool operator<(const Atom &a, const Atom &b) { return a.text < b.text; }
    friend bool operator==(const Atom &a, const Atom &b) { return a.text == b.text; }
  };
  /// Atoms with their exponents, sorted by atom; empty for the constant term.
  using Monomial = std::vector<std::pair<Atom, unsigned>>;
  /// Coefficient and monomial; kept sorted by monomial, no zero coefficient.
  using Term = std::pair<Monomial, int64_t>;

private:
  static std::optional<SymExpr> fromTerms(std::vector<Term> terms);
  static std::optional<SymExpr> fromAtom(Atom atom);
  unsigned nesting() const;

  std::vector<Term> terms;
};

} // namespace mlir::gn

#endif // GN_SUPPORT_SYMEXPR_H
