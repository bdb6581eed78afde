//===- SymExpr.cpp - sizes as expressions over shape symbols ---------------===//

#include "gn/Support/SymExpr.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>

namespace mlir::gn {
namespace {

unsigned degree(const SymExpr::Monomial &m) {
  unsigned d = 0;
  for (const auto &[atom, exp] : m)
    d += exp;
  return d;
}

// The order terms are kept and printed in: higher degree first, then by the
// atoms' text; the constant term last.
bool monomialLess(const SymExpr::Monomial &a, const SymExpr::Monomial &b) {
  unsigned da = degree(a), db = degree(b);
  if (da != db)
    return da > db;
  return std::lexicographical_compare(
      a.begin(), a.end(), b.begin(), b.end(), [](const auto &x, const auto &y) {
        if (x.first.text != y.first.text)
          return x.first.text < y.first.text;
        return x.second > y.second;
      });
}

SymExpr::Monomial multiply(const SymExpr::Monomial &a, const SymExpr::Monomial &b) {
  SymExpr::Monomial out;
  size_t i = 0, j = 0;
  while (i < a.size() || j < b.size()) {
    if (j == b.size() || (i < a.size() && a[i].first < b[j].first)) {
      out.push_back(a[i++]);
    } else if (i == a.size() || b[j].first < a[i].first) {
      out.push_back(b[j++]);
    } else {
      out.emplace_back(a[i].first, a[i].second + b[j].second);
      ++i, ++j;
    }
  }
  return out;
}

std::optional<int64_t> floorDivide(int64_t a, int64_t c) {
  if (c <= 0 || (a == INT64_MIN && c == -1))
    return std::nullopt;
  int64_t q = a / c;
  if (a % c != 0 && a < 0)
    --q;
  return q;
}

std::optional<int64_t> power(int64_t base, unsigned exp) {
  int64_t out = 1;
  for (unsigned k = 0; k < exp; ++k)
    if (llvm::MulOverflow(out, base, out))
      return std::nullopt;
  return out;
}

void printMagnitude(std::string &out, int64_t coef) {
  uint64_t mag = coef < 0 ? 0 - static_cast<uint64_t>(coef) : static_cast<uint64_t>(coef);
  out += llvm::utostr(mag);
}

} // namespace

SymExpr SymExpr::constant(int64_t value) {
  SymExpr e;
  if (value != 0)
    e.terms.push_back({Monomial{}, value});
  return e;
}

std::optional<SymExpr> SymExpr::symbol(llvm::StringRef name) {
  if (name.empty() || name == "floordiv" || name == "mod" ||
      !(llvm::isAlpha(name.front()) || name.front() == '_') ||
      !llvm::all_of(name, [](char c) { return llvm::isAlnum(c) || c == '_'; }))
    return std::nullopt;
  Atom atom;
  atom.text = name.str();
  atom.symbol = name.str();
  return fromAtom(std::move(atom));
}

std::optional<SymExpr> SymExpr::fromAtom(Atom atom) {
  SymExpr e;
  e.terms.push_back({Monomial{{std::move(atom), 1u}}, 1});
  return e;
}

std::optional<SymExpr> SymExpr::fromTerms(std::vector<Term> in) {
  std::stable_sort(in.begin(), in.end(),
                   [](const Term &a, const Term &b) { return monomialLess(a.first, b.first); });
  SymExpr e;
  for (Term &t : in) {
    if (!e.terms.empty() && e.terms.back().first == t.first) {
      if (llvm::AddOverflow(e.terms.back().second, t.second, e.terms.back().second))
        return std::nullopt;
    } else {
      e.terms.push_back(std::move(t));
    }
  }
  llvm::erase_if(e.terms, [](const Term &t) { return t.second == 0; });
  if (e.terms.size() > kMaxTerms)
    return std::nullopt;
  for (const Term &t : e.terms)
    if (degree(t.first) > kMaxDegree)
      return std::nullopt;
  return e;
}

std::optional<SymExpr> SymExpr::add(const SymExpr &a, const SymExpr &b) {
  std::vector<Term> all(a.terms);
  all.insert(all.end(), b.terms.begin(), b.terms.end());
  return fromTerms(std::move(all));
}

std::optional<SymExpr> SymExpr::sub(const SymExpr &a, const SymExpr &b) {
  std::optional<SymExpr> negated = mul(b, constant(-1));
  if (!negated)
    return std::nullopt;
  return add(a, *negated);
}

std::optional<SymExpr> SymExpr::mul(const SymExpr &a, const SymExpr &b) {
  if (a.terms.size() * b.terms.size() > kMaxTerms * kMaxTerms)
    return std::nullopt;
  std::vector<Term> all;
  for (const Term &x : a.terms)
    for (const Term &y : b.terms) {
      int64_t coef;
      if (llvm::MulOverflow(x.second, y.second, coef))
        return std::nullopt;
      Monomial m = multiply(x.first, y.first);
      if (degree(m) > kMaxDegree)
        return std::nullopt;
      all.push_back({std::move(m), coef});
    }
  return fromTerms(std::move(all));
}

std::optional<SymExpr> SymExpr::floorDiv(const SymExpr &a, int64_t divisor) {
  if (divisor <= 0)
    return std::nullopt;
  if (divisor == 1)
    return a;
  // a = divisor * exact + rest, each coefficient of rest in [0, divisor):
  // floor(a / divisor) = exact + floor(rest / divisor), exact being an
  // integer at every binding.
  std::vector<Term> exact, rest;
  for (const Term &t : a.terms) {
    int64_t q = *floorDivide(t.second, divisor);
    int64_t r = t.second - q * divisor;
    if (q != 0)
      exact.push_back({t.first, q});
    if (r != 0)
      rest.push_back({t.first, r});
  }
  std::optional<SymExpr> quotient = fromTerms(std::move(exact));
  std::optional<SymExpr> remainder = fromTerms(std::move(rest));
  if (!quotient || !remainder)
    return std::nullopt;
  // A constant remainder lies in [0, divisor): its quotient is 0.
  if (remainder->isConstant())
    return quotient;
  Atom atom;
  const Term *only = remainder->terms.size() == 1 ? &remainder->terms.front() : nullptr;
  if (only && only->second == 1 && only->first.size() == 1 && only->first[0].second == 1 &&
      only->first[0].first.inner) {
    // floor(floor(x / d) / c) = floor(x / (d * c)) for positive d and c.
    const Atom &innerDiv = only->first[0].first;
    int64_t combined;
    if (llvm::MulOverflow(innerDiv.divisor, divisor, combined))
      return std::nullopt;
    atom.inner = innerDiv.inner;
    atom.divisor = combined;
    atom.nesting = innerDiv.nesting;
  } else {
    atom.inner = std::make_shared<const SymExpr>(std::move(*remainder));
    atom.divisor = divisor;
    atom.nesting = atom.inner->nesting() + 1;
  }
  if (atom.nesting > kMaxNesting)
    return std::nullopt;
  atom.text = "floordiv(" + atom.inner->str() + ", " + std::to_string(atom.divisor) + ")";
  std::optional<SymExpr> fraction = fromAtom(std::move(atom));
  return add(*quotient, *fraction);
}

std::optional<SymExpr> SymExpr::mod(const SymExpr &a, int64_t divisor) {
  std::optional<SymExpr> q = floorDiv(a, divisor);
  if (!q)
    return std::nullopt;
  std::optional<SymExpr> multiple = mul(*q, constant(divisor));
  if (!multiple)
    return std::nullopt;
  return sub(a, *multiple);
}

std::optional<SymExpr> SymExpr::divideByTerm(const SymExpr &a, const SymExpr &b) {
  if (b.terms.size() != 1)
    return std::nullopt;
  const auto &[divisorMonomial, divisorCoef] = b.terms.front();
  std::vector<Term> out;
  for (const auto &[monomial, coef] : a.terms) {
    if (coef % divisorCoef != 0 || (coef == INT64_MIN && divisorCoef == -1))
      return std::nullopt;
    // The monomial less the divisor's atoms, each of them present often enough.
    Monomial rest = monomial;
    for (const auto &[atom, exp] : divisorMonomial) {
      auto it = llvm::find_if(rest, [&](const auto &x) { return x.first == atom; });
      if (it == rest.end() || it->second < exp)
        return std::nullopt;
      if ((it->second -= exp) == 0)
        rest.erase(it);
    }
    out.push_back({std::move(rest), coef / divisorCoef});
  }
  return fromTerms(std::move(out));
}

bool SymExpr::isConstant() const {
  return terms.empty() || (terms.size() == 1 && terms.front().first.empty());
}

std::optional<int64_t> SymExpr::constantValue() const {
  if (!isConstant())
    return std::nullopt;
  return terms.empty() ? 0 : terms.front().second;
}

unsigned SymExpr::nesting() const {
  unsigned n = 0;
  for (const Term &t : terms)
    for (const auto &[atom, exp] : t.first)
      n = std::max(n, atom.nesting);
  return n;
}

std::optional<int64_t>
SymExpr::evaluate(llvm::function_ref<std::optional<int64_t>(llvm::StringRef)> lookup) const {
  int64_t sum = 0;
  for (const Term &t : terms) {
    int64_t product = t.second;
    for (const auto &[atom, exp] : t.first) {
      std::optional<int64_t> value;
      if (atom.inner) {
        std::optional<int64_t> inner = atom.inner->evaluate(lookup);
        if (!inner)
          return std::nullopt;
        value = floorDivide(*inner, atom.divisor);
      } else {
        value = lookup(atom.symbol);
      }
      if (!value)
        return std::nullopt;
      std::optional<int64_t> raised = power(*value, exp);
      if (!raised || llvm::MulOverflow(product, *raised, product))
        return std::nullopt;
    }
    if (llvm::AddOverflow(sum, product, sum))
      return std::nullopt;
  }
  return sum;
}

std::optional<SymExpr>
SymExpr::substitute(llvm::function_ref<std::optional<SymExpr>(llvm::StringRef)> replace) const {
  SymExpr sum;
  for (const Term &t : terms) {
    std::optional<SymExpr> product = constant(t.second);
    for (const auto &[atom, exp] : t.first) {
      std::optional<SymExpr> value;
      if (atom.inner) {
        std::optional<SymExpr> inner = atom.inner->substitute(replace);
        value = inner ? floorDiv(*inner, atom.divisor) : std::nullopt;
      } else {
        value = replace(atom.symbol);
      }
      for (unsigned i = 0; value && product && i < exp; ++i)
        product = mul(*product, *value);
      if (!value || !product)
        return std::nullopt;
    }
    std::optional<SymExpr> next = add(sum, *product);
    if (!next)
      return std::nullopt;
    sum = std::move(*next);
  }
  return sum;
}

std::set<std::string> SymExpr::symbols() const {
  std::set<std::string> out;
  for (const Term &t : terms)
    for (const auto &[atom, exp] : t.first) {
      if (atom.inner) {
        std::set<std::string> inner = atom.inner->symbols();
        out.insert(inner.begin(), inner.end());
      } else {
        out.insert(atom.symbol);
      }
    }
  return out;
}

std::string SymExpr::str() const {
  if (terms.empty())
    return "0";
  std::string out;
  for (size_t i = 0; i < terms.size(); ++i) {
    const auto &[monomial, coef] = terms[i];
    if (i == 0)
      out += coef < 0 ? "-" : "";
    else
      out += coef < 0 ? " - " : " + ";
    bool unit = coef == 1 || coef == -1;
    if (monomial.empty() || !unit) {
      printMagnitude(out, coef);
      if (!monomial.empty())
        out += "*";
    }
    for (size_t k = 0; k < monomial.size(); ++k) {
      if (k)
        out += "*";
      out += monomial[k].first.text;
      if (monomial[k].second > 1)
        out += "^" + std::to_string(monomial[k].second);
    }
  }
  return out;
}

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {

class Parser {
public:
  explicit Parser(llvm::StringRef text) : text(text) {}

  std::optional<SymExpr> parseAll() {
    std::optional<SymExpr> e = parseSum();
    skipSpace();
    if (e && pos != text.size())
      return fail("expected '+', '-', '*' or the end");
    return e;
  }

  std::string error;

private:
  static constexpr unsigned kMaxDepth = 32;

  std::optional<SymExpr> fail(const std::string &what) {
    if (error.empty())
      error = "at column " + std::to_string(pos + 1) + ": " + what;
    return std::nullopt;
  }
  std::optional<SymExpr> tooBig() {
    return fail("the size expression overflows int64 or exceeds the bounds on its terms, "
                "degree or nesting");
  }

  void skipSpace() {
    while (pos < text.size() && text[pos] == ' ')
      ++pos;
  }
  bool consume(char c) {
    skipSpace();
    if (pos < text.size() && text[pos] == c) {
      ++pos;
      return true;
    }
    return false;
  }
  std::optional<int64_t> parseInt() {
    skipSpace();
    size_t start = pos;
    while (pos < text.size() && llvm::isDigit(text[pos]))
      ++pos;
    int64_t value;
    if (start == pos) {
      fail("expected an integer");
      return std::nullopt;
    }
    if (text.slice(start, pos).getAsInteger(10, value)) {
      pos = start;
      fail("integer out of range");
      return std::nullopt;
    }
    return value;
  }

  std::optional<SymExpr> parseSum() {
    if (++depth > kMaxDepth)
      return fail("nested deeper than " + std::to_string(kMaxDepth) + " levels");
    std::optional<SymExpr> sum = parseProduct();
    while (sum) {
      bool plus = consume('+');
      if (!plus && !consume('-'))
        break;
      std::optional<SymExpr> rhs = parseProduct();
      if (!rhs)
        return std::nullopt;
      sum = plus ? SymExpr::add(*sum, *rhs) : SymExpr::sub(*sum, *rhs);
      if (!sum)
        return tooBig();
    }
    --depth;
    return sum;
  }

  std::optional<SymExpr> parseProduct() {
    bool negate = consume('-');
    std::optional<SymExpr> product = parsePower();
    while (product && consume('*')) {
      std::optional<SymExpr> rhs = parsePower();
      if (!rhs)
        return std::nullopt;
      if (!(product = SymExpr::mul(*product, *rhs)))
        return tooBig();
    }
    if (product && negate && !(product = SymExpr::mul(*product, SymExpr::constant(-1))))
      return tooBig();
    return product;
  }

  std::optional<SymExpr> parsePower() {
    std::optional<SymExpr> base = parseAtom();
    if (!base || !consume('^'))
      return base;
    std::optional<int64_t> exp = parseInt();
    if (!exp)
      return std::nullopt;
    if (*exp > SymExpr::kMaxDegree)
      return tooBig();
    SymExpr out = SymExpr::constant(1);
    for (int64_t k = 0; k < *exp; ++k) {
      std::optional<SymExpr> next = SymExpr::mul(out, *base);
      if (!next)
        return tooBig();
      out = std::move(*next);
    }
    return out;
  }

  std::optional<SymExpr> parseAtom() {
    skipSpace();
    if (pos == text.size())
      return fail("expected an integer, a symbol, floordiv, mod or '('");
    if (llvm::isDigit(text[pos])) {
      std::optional<int64_t> value = parseInt();
      if (!value)
        return std::nullopt;
      return SymExpr::constant(*value);
    }
    if (consume('(')) {
      std::optional<SymExpr> inner = parseSum();
      if (inner && !consume(')'))
        return fail("expected ')'");
      return inner;
    }
    size_t start = pos;
    while (pos < text.size() && (llvm::isAlnum(text[pos]) || text[pos] == '_'))
      ++pos;
    llvm::StringRef name = text.slice(start, pos);
    if (name.empty() || llvm::isDigit(name.front())) {
      pos = start;
      return fail("expected an integer, a symbol, floordiv, mod or '('");
    }
    if (name != "floordiv" && name != "mod")
      return SymExpr::symbol(name);
    if (!consume('('))
      return fail("expected '(' after " + name.str());
    std::optional<SymExpr> inner = parseSum();
    if (!inner)
      return std::nullopt;
    if (!consume(','))
      return fail("expected ',' and the divisor");
    std::optional<int64_t> divisor = parseInt();
    if (!divisor)
      return std::nullopt;
    if (*divisor <= 0)
      return fail("the divisor of " + name.str() + " must be positive");
    if (!consume(')'))
      return fail("expected ')'");
    std::optional<SymExpr> out =
        name == "floordiv" ? SymExpr::floorDiv(*inner, *divisor) : SymExpr::mod(*inner, *divisor);
    if (!out)
      return tooBig();
    return out;
  }

  llvm::StringRef text;
  size_t pos = 0;
  unsigned depth = 0;
};

} // namespace

std::optional<SymExpr> SymExpr::parse(llvm::StringRef text, std::string *error) {
  Parser parser(text);
  std::optional<SymExpr> e = parser.parseAll();
  if (!e && error)
    *error = parser.error.empty() ? "invalid size expression" : parser.error;
  return e;
}

} // namespace mlir::gn
