//===- ShapeVariants.cpp - input_tensor_constraints.py and the reifiers --===//
#include "gn/Import/GraphNet/ShapeVariants.h"
#include "gn/Import/Python/PyAST.h"
#include "gn/Support/NestingDepth.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include <algorithm>

using namespace mlir::gn;

namespace {
/// One rule of one of GraphNet's reifiers.
struct ReifierRule {
  const char *reifier;
  const char *symbolicShapes;
  std::vector<const char *> symbols;
  std::vector<std::vector<int64_t>> variants;
};

const std::vector<ReifierRule> &reifierRules() {
  static const std::vector<ReifierRule> rules = {
#define GN_REIFIER(reifier, shapes, symbols, variants)                                            \
  {reifier, shapes, std::vector<const char *> symbols, std::vector<std::vector<int64_t>> variants},
#include "GraphNetReifiers.inc"
#undef GN_REIFIER
  };
  return rules;
}

bool readFile(llvm::StringRef path, std::string &out) {
  auto buf = llvm::MemoryBuffer::getFile(path);
  if (!buf)
    return false;
  out = (*buf)->getBuffer().str();
  return true;
}
} // namespace

int64_t ShapeConstraints::exampleValue(llvm::StringRef symbol) const {
  for (const auto &[s, v] : exampleValues)
    if (s == symbol)
      return v;
  return -1;
}

std::string ShapeConstraints::symbolicShapesKey() const {
  // Python: str(sorted([tuple(shape) for symbolic shapes], key=str)), then
  // the spaces removed; a 1-tuple prints as "(S0,)".
  std::vector<std::string> shapes;
  for (const auto &[shape, name] : inputShapes) {
    if (llvm::none_of(shape, [](const ConstraintDim &d) { return !d.symbol.empty(); }))
      continue;
    std::string s = "(";
    for (size_t i = 0; i < shape.size(); ++i) {
      if (i)
        s += ", ";
      s += shape[i].symbol.empty() ? std::to_string(shape[i].size) : shape[i].symbol;
    }
    s += shape.size() == 1 ? ",)" : ")";
    shapes.push_back(std::move(s));
  }
  std::sort(shapes.begin(), shapes.end());
  std::string key = "[" + llvm::join(shapes, ", ") + "]";
  key.erase(std::remove(key.begin(), key.end(), ' '), key.end());
  return key;
}

bool mlir::gn::parseShapeConstraintsFile(const std::string &source, ShapeConstraints &out,
                                         MetaError &error) {
  py::Module module;
  py::ParseError parseError;
  if (!py::parseModule(source, module, parseError)) {
    error = {parseError.loc.line, parseError.loc.col, parseError.message};
    return false;
  }
  auto fail = [&](const py::SrcLoc &loc, std::string message) {
    error = {loc.line, loc.col, std::move(message)};
    return false;
  };
  std::vector<std::pair<std::string, std::string>> variables; // Python name -> symbol
  auto symbolOf = [&](const py::Expr &e, std::string &symbol) {
    if (e.kind != py::ExprKind::Name)
      return false;
    for (const auto &[var, sym] : variables)
      if (var == e.str) {
        symbol = sym;
        return true;
      }
    return false;
  };
  auto intOf = [](const py::Expr &e, int64_t &v) {
    if (e.kind != py::ExprKind::Int || e.intVal < 0)
      return false;
    v = e.intVal;
    return true;
  };
  for (auto &stmt : module.body) {
    if (stmt->kind == py::StmtKind::Import)
      continue;
    if (stmt->kind != py::StmtKind::Assign || stmt->targets.size() != 1 ||
        stmt->targets[0]->kind != py::ExprKind::Name)
      return fail(stmt->loc, "expected 'name = value' statements in a constraints file");
    const std::string &name = stmt->targets[0]->str;
    const py::Expr &value = *stmt->value;
    auto isList = [&] {
      return value.kind == py::ExprKind::List || value.kind == py::ExprKind::Tuple;
    };
    if (value.kind == py::ExprKind::Call) { // S0 = Symbol("S0")
      if (value.children[0]->kind != py::ExprKind::Name || value.children[0]->str != "Symbol" ||
          value.args.size() != 1 || value.args[0]->kind != py::ExprKind::Str)
        return fail(value.loc, "expected Symbol(\"NAME\") for '" + name + "'");
      variables.emplace_back(name, value.args[0]->str);
    } else if (name == "dynamic_dim_constraint_symbols") {
      if (!isList())
        return fail(value.loc, "'" + name + "' must be a list of symbols");
      for (auto &e : value.children) {
        std::string s;
        if (!symbolOf(*e, s))
          return fail(e->loc, "'" + name + "' must list symbols defined above");
        out.symbols.push_back(s);
      }
    } else if (name == "dynamic_dim_constraint_symbol2example_value") {
      if (value.kind != py::ExprKind::Dict)
        return fail(value.loc, "'" + name + "' must be a dict of symbol: size");
      for (size_t i = 0; i + 1 < value.children.size(); i += 2) {
        std::string s;
        int64_t v;
        if (!symbolOf(*value.children[i], s) || !intOf(*value.children[i + 1], v))
          return fail(value.children[i]->loc, "'" + name + "' must map symbols to sizes");
        out.exampleValues.emplace_back(s, v);
      }
    } else if (name == "dynamic_dim_constraint_relations") {
      if (!isList())
        return fail(value.loc, "'" + name + "' must be a list");
      if (!value.children.empty()) // GraphNet's samples have none yet
        return fail(value.children[0]->loc,
                    "relations between symbols are not implemented in gn's shape channel");
    } else if (name == "dynamic_dim_constraint_input_shapes") {
      if (!isList())
        return fail(value.loc, "'" + name + "' must be a list of (shape, name)");
      for (auto &entry : value.children) {
        if (entry->kind != py::ExprKind::Tuple || entry->children.size() != 2 ||
            (entry->children[0]->kind != py::ExprKind::List &&
             entry->children[0]->kind != py::ExprKind::Tuple) ||
            entry->children[1]->kind != py::ExprKind::Str)
          return fail(entry->loc, "expected ([dims], \"tensor name\") in '" + name + "'");
        std::vector<ConstraintDim> shape;
        for (auto &d : entry->children[0]->children) {
          ConstraintDim dim;
          if (!intOf(*d, dim.size) && !symbolOf(*d, dim.symbol))
            return fail(d->loc, "a dim must be a size or a symbol defined above");
          shape.push_back(std::move(dim));
        }
        out.inputShapes.emplace_back(std::move(shape), entry->children[1]->str);
      }
    }
  }
  for (const std::string &s : out.symbols)
    if (out.exampleValue(s) < 0)
      return fail({1, 1}, "symbol " + s + " has no example value");
  return true;
}

std::string mlir::gn::shapeVariantName(llvm::StringRef path, unsigned index) {
  return (path + "@shape" + llvm::Twine(index)).str();
}

int mlir::gn::splitShapeVariantName(llvm::StringRef name, std::string &path) {
  size_t at = name.rfind("@shape");
  unsigned k = 0;
  if (at == llvm::StringRef::npos || name.substr(at + 6).getAsInteger(10, k)) {
    path = name.str();
    return -1;
  }
  path = name.take_front(at).str();
  return static_cast<int>(k);
}

std::string ShapeVariant::label() const {
  std::string s;
  for (const auto &[sym, v] : values)
    s += (s.empty() ? "" : ",") + sym + "=" + std::to_string(v);
  return s;
}

/// graph_net.json as an object, or none.
static std::optional<llvm::json::Object> graphNetJson(llvm::StringRef sampleDir) {
  llvm::SmallString<256> p(sampleDir);
  llvm::sys::path::append(p, "graph_net.json");
  std::string text;
  if (!readFile(p, text) || tooDeepAt(text, kMaxIrNesting, NestingSyntax::Json))
    return std::nullopt;
  auto json = llvm::json::parse(text);
  if (!json) {
    llvm::consumeError(json.takeError());
    return std::nullopt;
  }
  if (llvm::json::Object *obj = json->getAsObject())
    return std::move(*obj);
  return std::nullopt;
}

bool mlir::gn::readShapeConstraints(llvm::StringRef sampleDir, ShapeConstraints &out,
                                    std::string &error) {
  llvm::SmallString<256> p(sampleDir);
  llvm::sys::path::append(p, "input_tensor_constraints.py");
  std::string text;
  if (!readFile(p, text)) {
    error = "cannot read '" + p.str().str() + "'";
    return false;
  }
  MetaError parseError;
  if (!parseShapeConstraintsFile(text, out, parseError)) {
    error = p.str().str() + ":" + std::to_string(parseError.line) + ":" +
            std::to_string(parseError.col) + ": " + parseError.message;
    return false;
  }
  return true;
}

std::vector<std::string> mlir::gn::sampleDimensionPasses(llvm::StringRef sampleDir) {
  std::vector<std::string> passes;
  if (auto obj = graphNetJson(sampleDir))
    if (const llvm::json::Array *a = obj->getArray("dimension_generalization_passes"))
      for (const llvm::json::Value &v : *a)
        if (auto name = v.getAsString())
          passes.push_back(name->str());
  return passes;
}

std::vector<ShapeVariant> mlir::gn::sampleShapeVariants(llvm::StringRef sampleDir,
                                                        std::string &error) {
  std::string reifier;
  if (auto obj = graphNetJson(sampleDir))
    if (auto r = obj->getString("symbolic_dimension_reifier"))
      reifier = r->str();
  if (reifier.empty()) {
    error = "the sample names no symbolic_dimension_reifier in graph_net.json";
    return {};
  }
  ShapeConstraints constraints;
  if (!readShapeConstraints(sampleDir, constraints, error))
    return {};
  std::string key = constraints.symbolicShapesKey();
  if (key == "[]") {
    error = "the sample's input_tensor_constraints.py makes no input dim symbolic";
    return {};
  }
  const ReifierRule *rule = nullptr;
  for (const ReifierRule &r : reifierRules())
    if (reifier == r.reifier && key == r.symbolicShapes)
      rule = &r;
  if (!rule) {
    error = "GraphNet's " + reifier + " has no rule for the sample's symbolic input shapes " + key;
    return {};
  }
  if (rule->symbols.size() != constraints.symbols.size() ||
      !std::equal(rule->symbols.begin(), rule->symbols.end(), constraints.symbols.begin())) {
    error = "GraphNet's " + reifier + " rule for " + key + " names other symbols than the sample";
    return {};
  }
  std::vector<ShapeVariant> variants;
  for (const std::vector<int64_t> &row : rule->variants) {
    ShapeVariant v;
    v.index = variants.size();
    for (size_t i = 0; i < row.size(); ++i)
      v.values.emplace_back(rule->symbols[i], row[i]);
    for (const auto &[shape, name] : constraints.inputShapes) {
      std::vector<int64_t> dims;
      for (const ConstraintDim &d : shape) {
        if (d.symbol.empty()) {
          dims.push_back(d.size);
          continue;
        }
        auto it = llvm::find_if(v.values, [&](auto &p) { return p.first == d.symbol; });
        dims.push_back(it->second); // every symbol is the rule's (checked above)
      }
      v.shapes.emplace_back(name, std::move(dims));
    }
    variants.push_back(std::move(v));
  }
  return variants;
}
