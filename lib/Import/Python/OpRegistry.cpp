//===- OpRegistry.cpp - op signatures and shared handler helpers --------===//
#include "gn/Import/Python/OpRegistry.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir::gn::import;

/// Parses a default value of a signature: None, True, False, ints, floats,
/// quoted strings.
static PyValue parseDefault(llvm::StringRef text) {
  text = text.trim();
  if (text == "None")
    return PyValue::none();
  if (text == "True" || text == "False")
    return PyValue::boolean(text == "True");
  if (text.size() >= 2 && (text.front() == '"' || text.front() == '\''))
    return PyValue::str(text.drop_front().drop_back().str());
  int64_t i;
  if (!text.getAsInteger(10, i))
    return PyValue::integer(i);
  double d;
  if (!text.getAsDouble(d))
    return PyValue::real(d);
  llvm::report_fatal_error("bad default in op signature: " + text);
}

void OpRegistry::add(llvm::StringRef names, llvm::StringRef signature, Handler fn) {
  auto entry = std::make_shared<OpEntry>();
  entry->signature = signature.str();
  entry->fn = fn;
  bool keywordOnly = false;
  llvm::SmallVector<llvm::StringRef> parts;
  signature.split(parts, ',', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef part : parts) {
    part = part.trim();
    if (part == "*") {
      keywordOnly = true;
      continue;
    }
    Param p;
    if (part.consume_front("*")) {
      p.isVarargs = true;
      keywordOnly = true;
    }
    auto [name, def] = part.split('=');
    p.name = name.trim().str();
    if (part.contains('=')) {
      p.hasDefault = true;
      p.defaultValue = parseDefault(def);
    }
    p.keywordOnly = keywordOnly && !p.isVarargs;
    entry->params.push_back(std::move(p));
  }
  llvm::SmallVector<llvm::StringRef> aliases;
  names.split(aliases, '|');
  for (llvm::StringRef n : aliases) {
    if (!entries.insert({n.trim(), entry}).second)
      llvm::report_fatal_error("op registered twice: " + n);
  }
}

const OpEntry *OpRegistry::lookup(llvm::StringRef name) const {
  auto it = entries.find(name);
  return it == entries.end() ? nullptr : it->second.get();
}

std::vector<std::string> OpRegistry::names() const {
  std::vector<std::string> out;
  for (auto &e : entries)
    out.push_back(e.getKey().str());
  llvm::sort(out);
  return out;
}

mlir::FailureOr<std::pair<mlir::Value, int64_t>>
mlir::gn::import::tensorAndDim(ImportContext &ctx, Args &a, llvm::StringRef dimName) {
  auto x = a.tensor("input");
  auto d = a.integer(dimName);
  if (mlir::failed(x) || mlir::failed(d))
    return mlir::failure();
  auto dim = ctx.dim(*d, typeOf(*x).getRank());
  if (mlir::failed(dim))
    return mlir::failure();
  return std::make_pair(*x, *dim);
}

mlir::FailureOr<PyValue> mlir::gn::import::runWidened(ImportContext &ctx, Args &a, Handler fn) {
  mlir::Type narrow;
  for (auto &[name, v] : a.bound) {
    if (!v.isTensor())
      continue;
    mlir::Type e = v.type().getElementType();
    if (!e.isF16() && !e.isBF16())
      continue;
    narrow = narrow && narrow != e ? ctx.f32() : e;
    auto w = ctx.convert(v.tensor, ctx.f32());
    if (mlir::failed(w))
      return mlir::failure();
    bool scalarLike = v.wrappedScalar;
    v = PyValue::of(*w);
    v.wrappedScalar = scalarLike;
  }
  auto r = fn(ctx, a);
  if (mlir::failed(r) || !narrow || !r->isTensor() || r->type().getElementType() != ctx.f32())
    return r;
  return wrap(ctx.convert(r->tensor, narrow));
}
