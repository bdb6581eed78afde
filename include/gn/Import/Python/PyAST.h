//===- PyAST.h - AST for the restricted Python of GraphNet samples -*- C++ -*-===//
//
// GraphNet's model.py (Dynamo/FX codegen), weight_meta.py and input_meta.py
// use a small, regular subset of Python. This AST covers that subset and keeps
// a line/column for every node so that the importer can point at the exact
// construct it cannot handle.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYAST_H
#define GN_IMPORT_PYAST_H

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

namespace mlir::gn::py {

/// 1-based line and column of the first character of a node.
struct SrcLoc {
  unsigned line = 0;
  unsigned col = 0;
};

/// The parser rejects ("expression nested too deeply") any input whose
/// expressions nest deeper than this, and guarantees that every expression
/// tree it returns has Expr::height <= kMaxNestingDepth. Statements nest at
/// most 100 levels (indentation limit). Recursive AST walkers are thus safe.
constexpr unsigned kMaxNestingDepth = 200;

enum class ExprKind {
  Name,      // str = identifier
  Int,       // intVal
  Float,     // floatVal
  Str,       // str = decoded string contents
  Bool,      // boolVal
  None,      //
  Ellipsis,  // `...`
  Attribute, // children[0] = value, str = attribute name
  Call,      // children[0] = callee, args, keywords
  Subscript, // children[0] = value, children[1] = index (a Tuple when `a[i, j]`)
  Slice,     // children = {lower, upper, step}, each may be nullptr
  Tuple,     // children = elements (also parenthesized `(a, b)` and bare `a, b`)
  List,      // children = elements
  Dict,      // children = keys and values interleaved: k0, v0, k1, v1, ...
  BinOp,     // str = operator spelling ("+", "-", "*", "/", "//", "%", "**",
             //   "@", "&", "|", "^", "<<", ">>"), children = {lhs, rhs}
  UnaryOp,   // str = "-", "+", "~", "not"; children = {operand}
  Compare,   // chained: children = {a, b, c...}, compareOps = {"<", "=="...}
             //   ops: "<" "<=" ">" ">=" "==" "!=" "is" "is not" "in" "not in"
  BoolOp,    // str = "and" / "or", children = operands
  IfExp,     // children = {body, test, orelse}  (`body if test else orelse`)
  Starred,   // children = {value}  (`*args` inside a call or tuple)
  Lambda,    // children = {body}, lambdaParams = parameter names
};

struct Expr;
using ExprPtr = std::unique_ptr<Expr>;

struct Keyword {
  std::string name; // empty for `**kwargs`
  ExprPtr value;
  SrcLoc loc;
};

struct Expr {
  ExprKind kind;
  SrcLoc loc;
  std::string str;
  int64_t intVal = 0;
  double floatVal = 0;
  bool boolVal = false;
  std::vector<ExprPtr> children;       // see ExprKind
  std::vector<ExprPtr> args;           // Call positional args
  std::vector<Keyword> keywords;       // Call keyword args
  std::vector<std::string> compareOps; // Compare
  std::vector<std::string> lambdaParams; // Lambda
  /// Height of the tree rooted here (1 for a leaf); set by the parser.
  unsigned height = 1;

  Expr(ExprKind kind, SrcLoc loc) : kind(kind), loc(loc) {}
};

enum class StmtKind {
  Assign,     // targets (one per `=`; each may be a Tuple), value
  AugAssign,  // targets[0], op (e.g. "+"), value
  AnnAssign,  // targets[0], annotation, value (may be nullptr)
  ExprStmt,   // value
  Return,     // value (may be nullptr)
  Pass,       //
  Delete,     // targets
  Import,     // str = dotted module (`import a.b`) or "from a import b": names
  FunctionDef,// name, params, body, decorators
  ClassDef,   // name, bases (in targets), body
};

struct Param {
  std::string name;
  ExprPtr annotation; // may be nullptr
  ExprPtr defaultValue; // may be nullptr
  SrcLoc loc;
  bool isStar = false;     // *args
  bool isDoubleStar = false; // **kwargs
};

struct Stmt;
using StmtPtr = std::unique_ptr<Stmt>;

struct Stmt {
  StmtKind kind;
  SrcLoc loc;
  std::string name;                 // FunctionDef/ClassDef name, Import module
  std::vector<std::string> names;   // Import: imported names (with `as` alias
                                    // stored as "name as alias")
  std::vector<ExprPtr> targets;     // Assign/AugAssign/AnnAssign/Delete, ClassDef bases
  std::string op;                   // AugAssign operator ("+", "*", ...)
  ExprPtr value;                    // Assign/AugAssign/ExprStmt/Return
  ExprPtr annotation;               // AnnAssign
  std::vector<Param> params;        // FunctionDef
  std::vector<ExprPtr> decorators;  // FunctionDef/ClassDef
  std::vector<StmtPtr> body;        // FunctionDef/ClassDef
  ExprPtr returns;                  // FunctionDef `-> annotation` (or nullptr)
  /// Import: false for `import a.b [as c]` (name = "a.b", names empty, or
  /// {"a.b as c"} with an alias; `import a, b` gives one Import per module);
  /// true for `from a import b, c as d` (name = "a", names = {"b", "c as d"};
  /// a relative module keeps its dots, e.g. ".m"; `import *` gives {"*"}).
  bool importFrom = false;

  Stmt(StmtKind kind, SrcLoc loc) : kind(kind), loc(loc) {}
};

/// A parsed file: its top-level statements.
struct Module {
  std::vector<StmtPtr> body;
};

/// A parse error with its position; `message` has no location prefix.
struct ParseError {
  SrcLoc loc;
  std::string message;
};

/// Parses `source`. On success returns true and fills `module`; on failure
/// returns false and fills `error` with the first error. Never throws, never
/// aborts, whatever the input (fuzzed or truncated files included).
bool parseModule(const std::string &source, Module &module, ParseError &error);

/// Debug form of an expression, Python-like (used by tests and diagnostics).
std::string toString(const Expr &expr);

} // namespace mlir::gn::py

#endif // GN_IMPORT_PYAST_H
