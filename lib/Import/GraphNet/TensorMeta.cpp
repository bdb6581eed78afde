//===- TensorMeta.cpp - reader for weight_meta.py / input_meta.py -------===//
//
// A meta file is a sequence of classes, each a list of `field = literal`
// assignments. Unknown fields are ignored (GraphNet adds some over time);
// a known field with a value of the wrong kind is an error.
//
//===----------------------------------------------------------------------===//
#include "gn/Import/Python/PyAST.h"
#include "gn/Import/GraphNet/TensorMeta.h"
#include "gn/Import/GraphNet/GraphNetImporter.h"
#include "gn/Support/NumericCast.h"
#include "llvm/ADT/StringRef.h"
#include <cmath>

using namespace mlir::gn;

namespace {
/// Evaluates a numeric literal, allowing unary minus and `float("inf")`-free
/// forms GraphNet writes; returns false for anything else.
bool evalNumber(const py::Expr &e, double &out) {
  switch (e.kind) {
  case py::ExprKind::Int: out = static_cast<double>(e.intVal); return true;
  case py::ExprKind::Float: out = e.floatVal; return true;
  case py::ExprKind::Bool: out = e.boolVal ? 1 : 0; return true;
  case py::ExprKind::UnaryOp:
    if ((e.str == "-" || e.str == "+") && e.children.size() == 1 &&
        evalNumber(*e.children[0], out)) {
      if (e.str == "-")
        out = -out;
      return true;
    }
    return false;
  case py::ExprKind::Call: // float("nan"), float("inf"), Paddle's float("0.9")
    if (e.children.size() == 1 && e.children[0]->kind == py::ExprKind::Name &&
        e.children[0]->str == "float" && e.args.size() == 1 && e.keywords.empty()) {
      if (e.args[0]->kind != py::ExprKind::Str)
        return evalNumber(*e.args[0], out);
      llvm::StringRef s = llvm::StringRef(e.args[0]->str).trim();
      if (s.equals_insensitive("nan") || s.equals_insensitive("+nan") ||
          s.equals_insensitive("-nan")) {
        out = NAN;
        return true;
      }
      bool negative = s.consume_front("-");
      if (!negative)
        s.consume_front("+");
      if (s.equals_insensitive("inf") || s.equals_insensitive("infinity")) {
        out = negative ? -INFINITY : INFINITY;
        return true;
      }
      double d;
      if (s.empty() || s.getAsDouble(d)) // getAsDouble: true on error
        return false;
      out = negative ? -d : d;
      return true;
    }
    return false;
  case py::ExprKind::Name:
    if (e.str == "inf") { out = INFINITY; return true; }
    if (e.str == "nan") { out = NAN; return true; }
    return false;
  default:
    return false;
  }
}

bool evalNumberList(const py::Expr &e, std::vector<double> &out) {
  if (e.kind != py::ExprKind::List && e.kind != py::ExprKind::Tuple) {
    double d;
    if (!evalNumber(e, d))
      return false;
    out.push_back(d);
    return true;
  }
  for (auto &c : e.children)
    if (!evalNumberList(*c, out)) // nested lists are flattened row-major
      return false;
  return true;
}
} // namespace

bool mlir::gn::parseTensorMetaFile(const std::string &file, const std::string &source,
                             std::vector<TensorMeta> &out, MetaError &error) {
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
  for (auto &stmt : module.body) {
    if (stmt->kind == py::StmtKind::Import)
      continue;
    if (stmt->kind != py::StmtKind::ClassDef)
      return fail(stmt->loc, std::string(kDataGap) +
                                 "expected only tensor meta classes in a meta file (GraphNet's "
                                 "format); this statement is not one");
    TensorMeta meta;
    meta.file = file;
    meta.line = stmt->loc.line;
    bool hasName = false, hasShape = false, hasDtype = false;
    for (auto &field : stmt->body) {
      if (field->kind == py::StmtKind::Pass)
        continue;
      if (field->kind != py::StmtKind::Assign || field->targets.size() != 1 ||
          field->targets[0]->kind != py::ExprKind::Name)
        return fail(field->loc, "expected 'field = value' in meta class " + stmt->name);
      const std::string &key = field->targets[0]->str;
      const py::Expr &value = *field->value;
      bool isNone = value.kind == py::ExprKind::None;
      auto str = [&](std::string &dst) {
        if (value.kind != py::ExprKind::Str)
          return fail(value.loc, "field '" + key + "' of " + stmt->name + " must be a string");
        dst = value.str;
        return true;
      };
      auto number = [&](std::optional<double> &dst) {
        if (isNone)
          return true;
        double d;
        if (!evalNumber(value, d))
          return fail(value.loc, "field '" + key + "' of " + stmt->name +
                                     " must be a number or None");
        dst = d;
        return true;
      };
      if (key == "name") {
        hasName = true;
        if (!str(meta.name))
          return false;
      } else if (key == "dtype") {
        hasDtype = true;
        if (!str(meta.dtype))
          return false;
      } else if (key == "device") {
        if (!isNone && !str(meta.device))
          return false;
      } else if (key == "shape") {
        hasShape = true;
        std::vector<double> dims;
        if ((value.kind != py::ExprKind::List && value.kind != py::ExprKind::Tuple) ||
            !evalNumberList(value, dims))
          return fail(value.loc, "field 'shape' of " + stmt->name + " must be a list of ints");
        for (double d : dims) {
          if (d < 0 || d != std::floor(d))
            return fail(value.loc, "field 'shape' of " + stmt->name +
                                       " must hold non-negative ints");
          // 2^53: every such dim is an exact double; anything larger is
          // absurd long before it reaches the memory limit.
          if (d > 9007199254740992.0)
            return fail(value.loc, "field 'shape' of " + stmt->name + " has a dim too large");
          meta.shape.push_back(static_cast<int64_t>(d));
        }
        if (!checkedProduct(meta.shape))
          return fail(value.loc, "field 'shape' of " + stmt->name +
                                     " has more elements than an int64 holds");
      } else if (key == "mean") {
        if (!number(meta.mean)) return false;
      } else if (key == "std") {
        if (!number(meta.std)) return false;
      } else if (key == "min_val") {
        if (!number(meta.minVal)) return false;
      } else if (key == "max_val") {
        if (!number(meta.maxVal)) return false;
      } else if (key == "data") {
        if (isNone)
          continue;
        std::vector<double> data;
        if (!evalNumberList(value, data))
          return fail(value.loc, "field 'data' of " + stmt->name +
                                     " must be None or a list of numbers");
        meta.data = std::move(data);
      }
    }
    if (!hasName || !hasShape || !hasDtype)
      return fail(stmt->loc, "meta class " + stmt->name + " lacks " +
                                 (!hasName ? "'name'" : !hasShape ? "'shape'" : "'dtype'"));
    out.push_back(std::move(meta));
  }
  return true;
}
