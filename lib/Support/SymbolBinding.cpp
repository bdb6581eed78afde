//===- SymbolBinding.cpp - shape symbols bound from argument sizes ---------===//

#include "gn/Support/SymbolBinding.h"

namespace mlir::gn {

std::optional<SymbolBinding> SymbolBinding::bind(llvm::ArrayRef<DimUse> uses,
                                                 std::string &error) {
  SymbolBinding binding;
  // Bare symbols first, so that the check below can name where each came from.
  for (const DimUse &use : uses) {
    if (use.actual < 0) {
      error = use.where + " has the negative size " + std::to_string(use.actual);
      return std::nullopt;
    }
    std::set<std::string> used = use.size.symbols();
    if (used.size() != 1)
      continue;
    // A symbol alone, or a multiple of it (`32*s1`: a factor every variant
    // shares, docs/symbolic-shapes.md): the size divided by the factor.
    const std::string &name = *used.begin();
    std::optional<int64_t> factor =
        use.size.evaluate([](llvm::StringRef) { return std::optional<int64_t>(1); });
    std::optional<SymExpr> multiple =
        factor && *factor > 0 ? SymExpr::mul(SymExpr::constant(*factor), *SymExpr::symbol(name))
                              : std::nullopt;
    if (!multiple || use.size != *multiple)
      continue;
    if (use.actual % *factor != 0) {
      error = use.where + " is " + std::to_string(use.actual) + ", but the program takes a " +
              "multiple of " + std::to_string(*factor) + " there (" + use.size.str() + ")";
      return std::nullopt;
    }
    auto [it, inserted] =
        binding.symbols.try_emplace(name, Bound{use.actual / *factor, use.where});
    if (!inserted && it->second.value != use.actual / *factor) {
      error = use.where + " is " + std::to_string(use.actual) + ", but " + name + " = " +
              std::to_string(it->second.value) + " from " + it->second.where;
      return std::nullopt;
    }
  }
  for (const DimUse &use : uses) {
    for (const std::string &name : use.size.symbols())
      if (!binding.symbols.count(name)) {
        error = use.where + " has the size " + use.size.str() + ", but no argument dim is " +
                name + " alone, so " + name + " cannot be bound";
        return std::nullopt;
      }
    std::optional<int64_t> expected = binding.rawValue(use.size);
    if (!expected || *expected < 0) {
      error = use.where + ": its size " + use.size.str() + " at " + binding.str() +
              (expected ? " is negative (" + std::to_string(*expected) + ")" : " overflows int64");
      return std::nullopt;
    }
    if (*expected != use.actual) {
      error = use.where + " is " + std::to_string(use.actual) +
              (use.size.isConstant()
                   ? ", but the program takes " + std::to_string(*expected) + " there"
                   : ", but its size " + use.size.str() + " is " + std::to_string(*expected) +
                         " at " + binding.str());
      return std::nullopt;
    }
  }
  return binding;
}

std::optional<int64_t> SymbolBinding::lookup(llvm::StringRef symbol) const {
  auto it = symbols.find(symbol.str());
  if (it == symbols.end())
    return std::nullopt;
  return it->second.value;
}

std::optional<int64_t> SymbolBinding::rawValue(const SymExpr &size) const {
  return size.evaluate([&](llvm::StringRef name) { return lookup(name); });
}

std::optional<int64_t> SymbolBinding::evaluate(const SymExpr &size) const {
  std::optional<int64_t> value = rawValue(size);
  if (!value || *value < 0)
    return std::nullopt;
  return value;
}

std::string SymbolBinding::str() const {
  std::string out;
  for (const auto &[name, bound] : symbols)
    out += (out.empty() ? "" : ", ") + name + " = " + std::to_string(bound.value);
  return out.empty() ? "no symbols" : out;
}

} // namespace mlir::gn

std::string mlir::gn::guardFailure(int64_t dim, const SymExpr &size, int64_t needed,
                                   const SymbolBinding &binding) {
  std::optional<int64_t> actual = binding.evaluate(size);
  if (actual == needed)
    return {};
  return "the model needs dim " + std::to_string(dim) + " (" + size.str() + ") at its size " +
         std::to_string(needed) + " here, but it is " +
         (actual ? std::to_string(*actual) : std::string("undefined")) + " at " + binding.str();
}

std::string mlir::gn::tooSmall(int64_t dim, const SymExpr &size, int64_t least,
                               const SymbolBinding &binding, llvm::StringRef what) {
  if (size.isConstant() || least <= 0)
    return {};
  std::optional<int64_t> actual = binding.evaluate(size);
  if (actual && *actual >= least)
    return {};
  return what.str() + " dim " + std::to_string(dim) + " (" + size.str() +
         "), which must be at least " + std::to_string(least) + ", but it is " +
         (actual ? std::to_string(*actual) : std::string("undefined")) + " at " + binding.str();
}
