//===- PyParserTest.cpp - Tests for the restricted Python parser ----------===//
#include "gn/Import/Python/PyAST.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

using namespace mlir::gn::py;

namespace {

/// Parses `src`, failing the test (with the error) if it does not parse.
Module parseOk(const std::string &src) {
  Module m;
  ParseError e;
  bool ok = parseModule(src, m, e);
  EXPECT_TRUE(ok) << "parse error " << e.loc.line << ":" << e.loc.col << ": "
                  << e.message << "\nin:\n"
                  << src;
  return m;
}

/// "line:col: message" for a source that must fail to parse.
std::string parseErr(const std::string &src) {
  Module m;
  ParseError e;
  if (parseModule(src, m, e))
    return "<parsed>";
  EXPECT_TRUE(m.body.empty());
  return std::to_string(e.loc.line) + ":" + std::to_string(e.loc.col) + ": " +
         e.message;
}

/// Parses a single expression statement and prints its expression.
std::string expr(const std::string &src) {
  Module m = parseOk(src + "\n");
  if (m.body.size() != 1 || m.body[0]->kind != StmtKind::ExprStmt ||
      !m.body[0]->value)
    return "<not one expression statement>";
  return toString(*m.body[0]->value);
}

/// The value of the single assignment statement `x = <src>`.
ExprPtr assignedValue(const std::string &src) {
  Module m = parseOk("x = " + src + "\n");
  if (m.body.size() != 1 || m.body[0]->kind != StmtKind::Assign)
    return nullptr;
  return std::move(m.body[0]->value);
}

std::string loc(SrcLoc l) {
  return std::to_string(l.line) + ":" + std::to_string(l.col);
}

} // namespace

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

TEST(PyParserExpr, Precedence) {
  EXPECT_EQ(expr("a + b * c"), "(a + (b * c))");
  EXPECT_EQ(expr("a * b + c"), "((a * b) + c)");
  EXPECT_EQ(expr("a - b - c"), "((a - b) - c)");
  EXPECT_EQ(expr("(a + b) * c"), "((a + b) * c)");
  EXPECT_EQ(expr("a @ b // c % d / e * f"), "(((((a @ b) // c) % d) / e) * f)");
  EXPECT_EQ(expr("a | b ^ c & d << e + f"), "(a | (b ^ (c & (d << (e + f)))))");
  EXPECT_EQ(expr("a << b >> c"), "((a << b) >> c)");
  EXPECT_EQ(expr("a & b | c ^ d"), "((a & b) | (c ^ d))");
  // ** is right-associative and binds tighter than a unary operator on its
  // left, but not on its right.
  EXPECT_EQ(expr("-a ** 2"), "(-(a ** 2))");
  EXPECT_EQ(expr("a ** -b"), "(a ** (-b))");
  EXPECT_EQ(expr("a ** b ** c"), "(a ** (b ** c))");
  EXPECT_EQ(expr("-a * b"), "((-a) * b)");
  EXPECT_EQ(expr("- -a"), "(-(-a))");
  EXPECT_EQ(expr("~m"), "(~m)");
  EXPECT_EQ(expr("+a"), "(+a)");
  EXPECT_EQ(expr("-x.y[0]"), "(-x.y[0])");
  EXPECT_EQ(expr("2 ** x.y(1)"), "(2 ** x.y(1))");
  // Boolean operators and comparisons.
  EXPECT_EQ(expr("not a == b"), "(not (a == b))");
  EXPECT_EQ(expr("not not a"), "(not (not a))");
  EXPECT_EQ(expr("a and b or c and d"), "((a and b) or (c and d))");
  EXPECT_EQ(expr("a or b or c"), "(a or b or c)");
  EXPECT_EQ(expr("a and not b"), "(a and (not b))");
  EXPECT_EQ(expr("a < b <= c"), "(a < b <= c)");
  EXPECT_EQ(expr("a + 1 > b * 2"), "((a + 1) > (b * 2))");
  EXPECT_EQ(expr("a is not None"), "(a is not None)");
  EXPECT_EQ(expr("a is b"), "(a is b)");
  EXPECT_EQ(expr("a not in b"), "(a not in b)");
  EXPECT_EQ(expr("a in b"), "(a in b)");
  EXPECT_EQ(expr("a != b == c >= d > e"), "(a != b == c >= d > e)");
  EXPECT_EQ(expr("a | b == c"), "((a | b) == c)");
  // Conditional expressions.
  EXPECT_EQ(expr("x if c else y"), "(x if c else y)");
  EXPECT_EQ(expr("x if c else y if d else z"), "(x if c else (y if d else z))");
  EXPECT_EQ(expr("a or b if c and d else e"), "((a or b) if (c and d) else e)");
}

TEST(PyParserExpr, CompareStructure) {
  ExprPtr e = assignedValue("a < b is not c");
  ASSERT_TRUE(e);
  ASSERT_EQ(e->kind, ExprKind::Compare);
  ASSERT_EQ(e->children.size(), 3u);
  EXPECT_EQ(e->compareOps, (std::vector<std::string>{"<", "is not"}));
}

TEST(PyParserExpr, PrimaryChains) {
  EXPECT_EQ(expr("a.b.c(d)[e]"), "a.b.c(d)[e]");
  EXPECT_EQ(expr("f(x)(y)"), "f(x)(y)");
  EXPECT_EQ(expr("a.view(-1, 4)"), "a.view((-1), 4)");
  EXPECT_EQ(expr("x[0][1].t()"), "x[0][1].t()");
  EXPECT_EQ(expr("inf"), "inf");
  EXPECT_EQ(expr("(1).real"), "(1).real");
}

TEST(PyParserExpr, Slices) {
  EXPECT_EQ(expr("x[1:2]"), "x[1:2]");
  EXPECT_EQ(expr("x[:]"), "x[:]");
  EXPECT_EQ(expr("x[::2]"), "x[::2]");
  EXPECT_EQ(expr("x[1:]"), "x[1:]");
  EXPECT_EQ(expr("x[:-1]"), "x[:(-1)]");
  EXPECT_EQ(expr("x[a:b:c]"), "x[a:b:c]");
  EXPECT_EQ(expr("x[1::]"), "x[1:]");
  EXPECT_EQ(expr("x[..., None, :2]"), "x[..., None, :2]");
  EXPECT_EQ(expr("x[(slice(None, None, None), 0)]"),
            "x[slice(None, None, None), 0]");
  EXPECT_EQ(expr("x[a,]"), "x[a,]");
  EXPECT_EQ(expr("x[()]"), "x[()]");
  EXPECT_EQ(expr("x[i, j:k, ::2]"), "x[i, j:k, ::2]");
  EXPECT_EQ(expr("x[a + 1 : b * 2]"), "x[(a + 1):(b * 2)]");
  EXPECT_EQ(expr("x[*idx]"), "x[*idx]");

  ExprPtr e = assignedValue("t[..., None, 1:]");
  ASSERT_TRUE(e);
  ASSERT_EQ(e->kind, ExprKind::Subscript);
  ASSERT_EQ(e->children.size(), 2u);
  const Expr &idx = *e->children[1];
  ASSERT_EQ(idx.kind, ExprKind::Tuple);
  ASSERT_EQ(idx.children.size(), 3u);
  EXPECT_EQ(idx.children[0]->kind, ExprKind::Ellipsis);
  EXPECT_EQ(idx.children[1]->kind, ExprKind::None);
  const Expr &sl = *idx.children[2];
  ASSERT_EQ(sl.kind, ExprKind::Slice);
  ASSERT_EQ(sl.children.size(), 3u);
  ASSERT_TRUE(sl.children[0]);
  EXPECT_EQ(sl.children[0]->intVal, 1);
  EXPECT_FALSE(sl.children[1]);
  EXPECT_FALSE(sl.children[2]);
  EXPECT_EQ(loc(sl.loc), "1:18");
  EXPECT_EQ(loc(idx.loc), "1:7");

  ExprPtr s = assignedValue("t[:, ::3]");
  ASSERT_TRUE(s);
  const Expr &s0 = *s->children[1]->children[0];
  ASSERT_EQ(s0.kind, ExprKind::Slice);
  EXPECT_FALSE(s0.children[0]);
  EXPECT_FALSE(s0.children[1]);
  EXPECT_FALSE(s0.children[2]);
  const Expr &s1 = *s->children[1]->children[1];
  ASSERT_TRUE(s1.children[2]);
  EXPECT_EQ(s1.children[2]->intVal, 3);
}

TEST(PyParserExpr, Calls) {
  EXPECT_EQ(expr("torch.conv2d(x, w, None, (2, 2), (3, 3), (1, 1), 1)"),
            "torch.conv2d(x, w, None, (2, 2), (3, 3), (1, 1), 1)");
  EXPECT_EQ(expr("torch.conv2d(x, w, stride=(1, 1))"),
            "torch.conv2d(x, w, stride=(1, 1))");
  EXPECT_EQ(expr("f()"), "f()");
  EXPECT_EQ(expr("f(a, b,)"), "f(a, b)");
  EXPECT_EQ(expr("f(a, *args, k=1, **kw)"), "f(a, *args, k=1, **kw)");
  EXPECT_EQ(expr("f(*a, *b)"), "f(*a, *b)");
  EXPECT_EQ(expr("f(a=1, *b)"), "f(*b, a=1)");
  EXPECT_EQ(expr("f(x, dim = -1,)"), "f(x, dim=(-1))");

  ExprPtr e = assignedValue(
      "torch._C._nn.scaled_dot_product_attention(q, k, v, attn_mask=m, "
      "dropout_p=0.0, is_causal=False, scale=None)");
  ASSERT_TRUE(e);
  ASSERT_EQ(e->kind, ExprKind::Call);
  EXPECT_EQ(toString(*e->children[0]),
            "torch._C._nn.scaled_dot_product_attention");
  ASSERT_EQ(e->args.size(), 3u);
  ASSERT_EQ(e->keywords.size(), 4u);
  EXPECT_EQ(e->keywords[0].name, "attn_mask");
  EXPECT_EQ(loc(e->keywords[0].loc), "1:56");
  EXPECT_EQ(e->keywords[1].name, "dropout_p");
  EXPECT_EQ(e->keywords[1].value->kind, ExprKind::Float);
  EXPECT_EQ(e->keywords[2].value->kind, ExprKind::Bool);
  EXPECT_FALSE(e->keywords[2].value->boolVal);
  EXPECT_EQ(e->keywords[3].value->kind, ExprKind::None);

  ExprPtr k = assignedValue("f(**kw)");
  ASSERT_TRUE(k);
  ASSERT_EQ(k->keywords.size(), 1u);
  EXPECT_TRUE(k->keywords[0].name.empty());
  EXPECT_EQ(loc(k->keywords[0].loc), "1:7");
}

TEST(PyParserExpr, Displays) {
  EXPECT_EQ(expr("()"), "()");
  EXPECT_EQ(expr("(a,)"), "(a,)");
  EXPECT_EQ(expr("(a, b)"), "(a, b)");
  EXPECT_EQ(expr("(a, b,)"), "(a, b)");
  EXPECT_EQ(expr("((a))"), "a");
  EXPECT_EQ(expr("[]"), "[]");
  EXPECT_EQ(expr("[1, 2, 3,]"), "[1, 2, 3]");
  EXPECT_EQ(expr("[*a, b]"), "[*a, b]");
  EXPECT_EQ(expr("{}"), "{}");
  EXPECT_EQ(expr("{S0: 1, 'a': [2]}"), "{S0: 1, 'a': [2]}");
  EXPECT_EQ(expr("(*a, b)"), "(*a, b)");
  EXPECT_EQ(expr("..."), "...");
  EXPECT_EQ(expr("True"), "True");
  EXPECT_EQ(expr("(lambda x, f: f(x))(a, lambda: b)"), "(lambda x, f: f(x))(a, (lambda: b))");
  EXPECT_EQ(expr("lambda out: out if c else (out, None)"),
            "(lambda out: (out if c else (out, None)))");

  ExprPtr t = assignedValue("(a, b)");
  ASSERT_TRUE(t);
  EXPECT_EQ(t->kind, ExprKind::Tuple);
  EXPECT_EQ(loc(t->loc), "1:5");
  ExprPtr d = assignedValue("{k: v}");
  ASSERT_TRUE(d);
  ASSERT_EQ(d->kind, ExprKind::Dict);
  ASSERT_EQ(d->children.size(), 2u);
  EXPECT_EQ(d->children[0]->str, "k");
  EXPECT_EQ(d->children[1]->str, "v");
}

TEST(PyParserExpr, Numbers) {
  auto num = [](const std::string &src) { return assignedValue(src); };
  ExprPtr e;
  e = num("1e-05");
  ASSERT_EQ(e->kind, ExprKind::Float);
  EXPECT_DOUBLE_EQ(e->floatVal, 1e-05);
  e = num("0.5");
  ASSERT_EQ(e->kind, ExprKind::Float);
  EXPECT_DOUBLE_EQ(e->floatVal, 0.5);
  e = num("1_000");
  ASSERT_EQ(e->kind, ExprKind::Int);
  EXPECT_EQ(e->intVal, 1000);
  e = num("0x1F");
  EXPECT_EQ(e->intVal, 31);
  e = num("0o17");
  EXPECT_EQ(e->intVal, 15);
  e = num("0b101");
  EXPECT_EQ(e->intVal, 5);
  e = num("0xdead_beef");
  EXPECT_EQ(e->intVal, 0xdeadbeef);
  e = num(".5");
  EXPECT_DOUBLE_EQ(e->floatVal, 0.5);
  e = num("1.");
  ASSERT_EQ(e->kind, ExprKind::Float);
  EXPECT_DOUBLE_EQ(e->floatVal, 1.0);
  e = num("1E3");
  ASSERT_EQ(e->kind, ExprKind::Float);
  EXPECT_DOUBLE_EQ(e->floatVal, 1000.0);
  e = num("1_0.2_5e1_0");
  EXPECT_DOUBLE_EQ(e->floatVal, 10.25e10);
  e = num("0");
  EXPECT_EQ(e->intVal, 0);
  e = num("00");
  EXPECT_EQ(e->intVal, 0);
  e = num("9223372036854775807");
  EXPECT_EQ(e->intVal, INT64_MAX);
  e = num("1e400");
  EXPECT_TRUE(e->floatVal > 1e308);
  e = num("1e-400");
  EXPECT_EQ(e->floatVal, 0.0);
  e = num("-0.000");
  ASSERT_EQ(e->kind, ExprKind::UnaryOp);
  EXPECT_EQ(e->str, "-");
  EXPECT_EQ(e->children[0]->kind, ExprKind::Float);

  EXPECT_EQ(expr("0.5"), "0.5");
  EXPECT_EQ(expr("1e-05"), "1e-05");
  EXPECT_EQ(expr("1.0"), "1.0");
  EXPECT_EQ(expr("100."), "100.0");
  EXPECT_EQ(expr("1e16"), "1e+16");
  EXPECT_EQ(expr("1e15"), "1000000000000000.0");
  EXPECT_EQ(expr("0.0001"), "0.0001");
  EXPECT_EQ(expr("0.00001234"), "1.234e-05");
  EXPECT_EQ(expr("0.1"), "0.1");
  EXPECT_EQ(expr("123.456"), "123.456");
  EXPECT_EQ(expr("0.000"), "0.0");
  EXPECT_EQ(expr("1e400"), "inf");
  EXPECT_EQ(expr("float('nan')"), "float('nan')");
}

TEST(PyParserExpr, Strings) {
  auto str = [](const std::string &src) {
    ExprPtr e = assignedValue(src);
    EXPECT_TRUE(e && e->kind == ExprKind::Str) << src;
    return e ? e->str : std::string();
  };
  EXPECT_EQ(str("'abc'"), "abc");
  EXPECT_EQ(str("\"torch.float32\""), "torch.float32");
  EXPECT_EQ(str("''"), "");
  EXPECT_EQ(str("\"\""), "");
  EXPECT_EQ(str("'a\\'b'"), "a'b");
  EXPECT_EQ(str("\"a\\\"b\""), "a\"b");
  EXPECT_EQ(str("'\\n\\t\\\\\\r\\0'"), std::string("\n\t\\\r\0", 5));
  EXPECT_EQ(str("'\\x41\\u00e9\\U0001F600\\101'"), "A\xC3\xA9\xF0\x9F\x98\x80"
                                                  "A");
  EXPECT_EQ(str("'\\d'"), "\\d"); // unknown escapes keep the backslash
  EXPECT_EQ(str("r'\\n\\''"), "\\n\\'");
  EXPECT_EQ(str("b'\\xff'"), "\xff");
  EXPECT_EQ(str("u'x'"), "x");
  EXPECT_EQ(str("'a' \"b\" 'c'"), "abc");
  EXPECT_EQ(str("('a'\n     'b')"), "ab");
  EXPECT_EQ(str("'a\\\nb'"), "ab"); // escaped newline inside a string
  EXPECT_EQ(str("'''a\n'b'\n\"\"'''"), "a\n'b'\n\"\"");
  EXPECT_EQ(str("\"\"\"x\"\"y\"\"\""), "x\"\"y");
  EXPECT_EQ(str("'caf\xC3\xA9'"), "caf\xC3\xA9");

  EXPECT_EQ(expr("'abc'"), "'abc'");
  EXPECT_EQ(expr("\"it's\""), "\"it's\"");
  EXPECT_EQ(expr("'a\\nb\\\\'"), "'a\\nb\\\\'");
  EXPECT_EQ(expr("'\\x01'"), "'\\x01'");
  EXPECT_EQ(expr("'\\'\"'"), "'\\'\"'");
}

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

TEST(PyParserStmt, AssignTargets) {
  Module m = parseOk("x = y = None\n"
                     "a, b = t\n"
                     "(a, b) = t\n"
                     "[a, *b] = t\n"
                     "x[idx] = v\n"
                     "self.w = 1\n"
                     "a, = t\n"
                     "x = a, b\n"
                     "x = 1,\n");
  ASSERT_EQ(m.body.size(), 9u);
  for (const StmtPtr &s : m.body)
    EXPECT_EQ(s->kind, StmtKind::Assign);
  ASSERT_EQ(m.body[0]->targets.size(), 2u);
  EXPECT_EQ(toString(*m.body[0]->targets[0]), "x");
  EXPECT_EQ(toString(*m.body[0]->targets[1]), "y");
  EXPECT_EQ(m.body[0]->value->kind, ExprKind::None);
  ASSERT_EQ(m.body[1]->targets.size(), 1u);
  EXPECT_EQ(m.body[1]->targets[0]->kind, ExprKind::Tuple);
  EXPECT_EQ(toString(*m.body[1]->targets[0]), "(a, b)");
  EXPECT_EQ(loc(m.body[1]->targets[0]->loc), "2:1");
  EXPECT_EQ(toString(*m.body[2]->targets[0]), "(a, b)");
  EXPECT_EQ(toString(*m.body[3]->targets[0]), "[a, *b]");
  EXPECT_EQ(m.body[4]->targets[0]->kind, ExprKind::Subscript);
  EXPECT_EQ(toString(*m.body[4]->targets[0]), "x[idx]");
  EXPECT_EQ(m.body[5]->targets[0]->kind, ExprKind::Attribute);
  EXPECT_EQ(toString(*m.body[6]->targets[0]), "(a,)");
  EXPECT_EQ(toString(*m.body[7]->value), "(a, b)");
  EXPECT_EQ(toString(*m.body[8]->value), "(1,)");
  EXPECT_EQ(loc(m.body[8]->loc), "9:1");
  EXPECT_EQ(loc(m.body[8]->value->loc), "9:5");
}

TEST(PyParserStmt, AugAssign) {
  const char *ops[] = {"+", "-", "*", "/", "//", "%", "**", "@",
                       "&", "|", "^", "<<", ">>"};
  for (const char *op : ops) {
    Module m = parseOk(std::string("x ") + op + "= y + 1\n");
    ASSERT_EQ(m.body.size(), 1u) << op;
    const Stmt &s = *m.body[0];
    EXPECT_EQ(s.kind, StmtKind::AugAssign) << op;
    EXPECT_EQ(s.op, op);
    ASSERT_EQ(s.targets.size(), 1u);
    EXPECT_EQ(toString(*s.targets[0]), "x");
    EXPECT_EQ(toString(*s.value), "(y + 1)");
  }
  Module m = parseOk("x[0] += 1\nself.n += 1\n");
  ASSERT_EQ(m.body.size(), 2u);
  EXPECT_EQ(m.body[0]->kind, StmtKind::AugAssign);
  EXPECT_EQ(m.body[0]->targets[0]->kind, ExprKind::Subscript);
  EXPECT_EQ(m.body[1]->targets[0]->kind, ExprKind::Attribute);
}

TEST(PyParserStmt, SimpleStatements) {
  Module m = parseOk("pass\n"
                     "del a, b[0]\n"
                     "x: int = 5\n"
                     "y: torch.Tensor\n"
                     "a = 1; b = 2;\n"
                     "return\n"
                     "return a, b\n"
                     "return (a, b)\n"
                     "f(x)\n"
                     "x = 1 + \\\n    2\n");
  ASSERT_EQ(m.body.size(), 11u);
  EXPECT_EQ(m.body[0]->kind, StmtKind::Pass);
  EXPECT_EQ(m.body[1]->kind, StmtKind::Delete);
  ASSERT_EQ(m.body[1]->targets.size(), 2u);
  EXPECT_EQ(toString(*m.body[1]->targets[1]), "b[0]");
  EXPECT_EQ(m.body[2]->kind, StmtKind::AnnAssign);
  EXPECT_EQ(toString(*m.body[2]->annotation), "int");
  EXPECT_EQ(toString(*m.body[2]->value), "5");
  EXPECT_EQ(m.body[3]->kind, StmtKind::AnnAssign);
  EXPECT_FALSE(m.body[3]->value);
  EXPECT_EQ(toString(*m.body[3]->annotation), "torch.Tensor");
  EXPECT_EQ(m.body[4]->kind, StmtKind::Assign);
  EXPECT_EQ(m.body[5]->kind, StmtKind::Assign);
  EXPECT_EQ(loc(m.body[5]->loc), "5:8");
  EXPECT_EQ(m.body[6]->kind, StmtKind::Return);
  EXPECT_FALSE(m.body[6]->value);
  EXPECT_EQ(toString(*m.body[7]->value), "(a, b)");
  EXPECT_EQ(toString(*m.body[8]->value), "(a, b)");
  EXPECT_EQ(m.body[9]->kind, StmtKind::ExprStmt);
  EXPECT_EQ(toString(*m.body[10]->value), "(1 + 2)");
  EXPECT_EQ(loc(m.body[10]->value->children[1]->loc), "11:5");
}

TEST(PyParserStmt, Imports) {
  Module m = parseOk("import torch\n"
                     "from torch import device\n"
                     "from sympy import Symbol, Expr, Rel, Eq\n"
                     "import a.b as c, d\n"
                     "from . import x\n"
                     "from ..p.q import (r as s, t,)\n"
                     "from m import *\n");
  ASSERT_EQ(m.body.size(), 8u);
  for (const StmtPtr &s : m.body)
    EXPECT_EQ(s->kind, StmtKind::Import);
  EXPECT_EQ(m.body[0]->name, "torch");
  EXPECT_FALSE(m.body[0]->importFrom);
  EXPECT_TRUE(m.body[0]->names.empty());
  EXPECT_EQ(m.body[1]->name, "torch");
  EXPECT_TRUE(m.body[1]->importFrom);
  EXPECT_EQ(m.body[1]->names, std::vector<std::string>{"device"});
  EXPECT_EQ(m.body[2]->names,
            (std::vector<std::string>{"Symbol", "Expr", "Rel", "Eq"}));
  EXPECT_EQ(m.body[3]->name, "a.b");
  EXPECT_EQ(m.body[3]->names, std::vector<std::string>{"a.b as c"});
  EXPECT_EQ(m.body[4]->name, "d");
  EXPECT_EQ(loc(m.body[4]->loc), "4:18");
  EXPECT_EQ(m.body[5]->name, ".");
  EXPECT_EQ(m.body[6]->name, "..p.q");
  EXPECT_EQ(m.body[6]->names, (std::vector<std::string>{"r as s", "t"}));
  EXPECT_EQ(m.body[7]->names, std::vector<std::string>{"*"});
}

TEST(PyParserStmt, ClassAndDef) {
  const char *src = R"(import torch
from torch import device


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, s1: torch.SymInt, k: int = 3, *args, **kwargs) -> None:
        l_x_ = L_x_
        conv2d = torch.conv2d(l_x_, w, None, (2, 2), (3, 3), (1, 1), 1);  l_x_ = None
        getitem = conv2d[(slice(None, None, None), 0)]
        return (getitem,)

    @staticmethod
    @torch.no_grad()
    def helper(a, *, b=1):
        pass

    class Inner: pass
)";
  Module m = parseOk(src);
  ASSERT_EQ(m.body.size(), 3u);
  const Stmt &cls = *m.body[2];
  ASSERT_EQ(cls.kind, StmtKind::ClassDef);
  EXPECT_EQ(cls.name, "GraphModule");
  EXPECT_EQ(loc(cls.loc), "5:1");
  ASSERT_EQ(cls.targets.size(), 1u);
  EXPECT_EQ(toString(*cls.targets[0]), "torch.nn.Module");
  ASSERT_EQ(cls.body.size(), 3u);

  const Stmt &fwd = *cls.body[0];
  ASSERT_EQ(fwd.kind, StmtKind::FunctionDef);
  EXPECT_EQ(fwd.name, "forward");
  EXPECT_EQ(loc(fwd.loc), "6:5");
  ASSERT_EQ(fwd.params.size(), 6u);
  EXPECT_EQ(fwd.params[0].name, "self");
  EXPECT_FALSE(fwd.params[0].annotation);
  EXPECT_EQ(fwd.params[1].name, "L_x_");
  EXPECT_EQ(toString(*fwd.params[1].annotation), "torch.Tensor");
  EXPECT_EQ(loc(fwd.params[1].loc), "6:23");
  EXPECT_EQ(toString(*fwd.params[2].annotation), "torch.SymInt");
  EXPECT_EQ(fwd.params[3].name, "k");
  EXPECT_EQ(toString(*fwd.params[3].defaultValue), "3");
  EXPECT_TRUE(fwd.params[4].isStar);
  EXPECT_EQ(fwd.params[4].name, "args");
  EXPECT_TRUE(fwd.params[5].isDoubleStar);
  EXPECT_EQ(fwd.params[5].name, "kwargs");
  ASSERT_TRUE(fwd.returns);
  EXPECT_EQ(fwd.returns->kind, ExprKind::None);
  ASSERT_EQ(fwd.body.size(), 5u);
  EXPECT_EQ(toString(*fwd.body[1]->value),
            "torch.conv2d(l_x_, w, None, (2, 2), (3, 3), (1, 1), 1)");
  EXPECT_EQ(loc(fwd.body[2]->loc), "8:75");
  EXPECT_EQ(toString(*fwd.body[3]->value),
            "conv2d[slice(None, None, None), 0]");
  EXPECT_EQ(fwd.body[4]->kind, StmtKind::Return);
  EXPECT_EQ(toString(*fwd.body[4]->value), "(getitem,)");

  const Stmt &helper = *cls.body[1];
  ASSERT_EQ(helper.kind, StmtKind::FunctionDef);
  ASSERT_EQ(helper.decorators.size(), 2u);
  EXPECT_EQ(toString(*helper.decorators[0]), "staticmethod");
  EXPECT_EQ(toString(*helper.decorators[1]), "torch.no_grad()");
  EXPECT_EQ(loc(helper.loc), "14:5");
  ASSERT_EQ(helper.params.size(), 3u);
  EXPECT_TRUE(helper.params[1].isStar);
  EXPECT_TRUE(helper.params[1].name.empty());
  EXPECT_EQ(toString(*helper.params[2].defaultValue), "1");
  ASSERT_EQ(helper.body.size(), 1u);
  EXPECT_EQ(helper.body[0]->kind, StmtKind::Pass);

  const Stmt &inner = *cls.body[2];
  EXPECT_EQ(inner.kind, StmtKind::ClassDef);
  EXPECT_TRUE(inner.targets.empty());
  ASSERT_EQ(inner.body.size(), 1u);
}

TEST(PyParserStmt, MetaFiles) {
  const char *src = R"(class Program_weight_tensor_meta_L_x_:
    name = "L_x_"
    shape = [1, 3, 224, 224]
    dtype = "torch.float32"
    device = "cuda:0"
    mean = -0.000
    std = None
    data = [
        1,
        -2.5,
        3e-05,
    ]
    min_val = 0


class Program_weight_tensor_meta_L_y_:
    name = "L_y_"
    std = float("nan")
)";
  Module m = parseOk(src);
  ASSERT_EQ(m.body.size(), 2u);
  const Stmt &c = *m.body[0];
  ASSERT_EQ(c.kind, StmtKind::ClassDef);
  ASSERT_EQ(c.body.size(), 8u);
  EXPECT_EQ(toString(*c.body[1]->value), "[1, 3, 224, 224]");
  EXPECT_EQ(toString(*c.body[4]->value), "(-0.0)");
  const Expr &data = *c.body[6]->value;
  ASSERT_EQ(data.kind, ExprKind::List);
  ASSERT_EQ(data.children.size(), 3u);
  EXPECT_EQ(toString(data), "[1, (-2.5), 3e-05]");
  EXPECT_EQ(loc(data.children[1]->loc), "10:9");
  EXPECT_EQ(loc(c.body[7]->loc), "13:5");
  EXPECT_EQ(m.body[1]->body.size(), 2u);
}

TEST(PyParserStmt, LayoutCommentsAndLineJoining) {
  const char *src = "# leading comment\n"
                    "\n"
                    "class A:  # trailing\n"
                    "        # comment at another indentation\n"
                    "\n"
                    "    x = foo(\n"
                    "        a,  # inside parens\n"
                    "\n"
                    "  b,\n"
                    "    )\n"
                    "    y = [1,\n"
                    "2]\n"
                    "    \"\"\"docstring\n"
                    "    spanning lines\"\"\"\n"
                    "    z = {\n"
                    "      'k': 1}\n"
                    "# comment at column 0 inside the class\n"
                    "    w = 1 \\\n"
                    "        + 2\n"
                    "v = 1";
  Module m = parseOk(src);
  ASSERT_EQ(m.body.size(), 2u);
  const Stmt &c = *m.body[0];
  ASSERT_EQ(c.body.size(), 5u);
  EXPECT_EQ(toString(*c.body[0]->value), "foo(a, b)");
  EXPECT_EQ(loc(c.body[0]->value->args[1]->loc), "9:3");
  EXPECT_EQ(toString(*c.body[1]->value), "[1, 2]");
  EXPECT_EQ(c.body[2]->kind, StmtKind::ExprStmt);
  EXPECT_EQ(c.body[2]->value->str, "docstring\n    spanning lines");
  EXPECT_EQ(toString(*c.body[3]->value), "{'k': 1}");
  EXPECT_EQ(loc(c.body[4]->loc), "18:5");
  EXPECT_EQ(loc(m.body[1]->loc), "20:1");
}

TEST(PyParserStmt, LineEndingsAndEmptyFiles) {
  EXPECT_TRUE(parseOk("").body.empty());
  EXPECT_TRUE(parseOk("\n\n# only a comment").body.empty());
  EXPECT_TRUE(parseOk("   \n\t\n").body.empty());
  Module m = parseOk("class A:\r\n    x = (1,\r\n  2)\r\n\r\ny = 'a'\r\n");
  ASSERT_EQ(m.body.size(), 2u);
  EXPECT_EQ(loc(m.body[1]->loc), "5:1");
  Module m2 = parseOk("class A:\n    class B:\n        x = 1"); // no final newline
  ASSERT_EQ(m2.body.size(), 1u);
  ASSERT_EQ(m2.body[0]->body.size(), 1u);
  ASSERT_EQ(m2.body[0]->body[0]->body.size(), 1u);
  Module m3 = parseOk("\xEF\xBB\xBFx = 1\n"); // UTF-8 BOM
  ASSERT_EQ(m3.body.size(), 1u);
  EXPECT_EQ(loc(m3.body[0]->loc), "1:1");
  Module m4 = parseOk("class A:\n\tx = 1\n\ty = 2\n"); // tab indentation
  ASSERT_EQ(m4.body.size(), 1u);
  EXPECT_EQ(m4.body[0]->body.size(), 2u);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(PyParserErrors, Messages) {
  // Brackets.
  EXPECT_EQ(parseErr("x = (1, 2\ny = 3\n"),
            "2:1: expected ')' to close '(' at 1:5");
  EXPECT_EQ(parseErr("x = [1, 2\n"), "2:1: expected ']' to close '[' at 1:5");
  EXPECT_EQ(parseErr("x = {1: 2\n"), "2:1: expected '}' to close '{' at 1:5");
  EXPECT_EQ(parseErr("f(a b)\n"), "1:5: expected ')' to close '(' at 1:2");
  EXPECT_EQ(parseErr("x[1 2]\n"), "1:5: expected ']' to close '[' at 1:2");
  EXPECT_EQ(parseErr("x = (a]\n"), "1:7: expected ')' to close '(' at 1:5");
  EXPECT_EQ(parseErr("from m import (a, b\n"),
            "2:1: expected ')' to close '(' at 1:15");
  // Indentation.
  EXPECT_EQ(parseErr("  x = 1\n"), "1:3: unexpected indent");
  EXPECT_EQ(parseErr("x = 1\n    y = 2\n"), "2:5: unexpected indent");
  EXPECT_EQ(parseErr("class A:\n    x = 1\n  y = 2\n"),
            "3:3: unindent does not match any outer indentation level");
  EXPECT_EQ(parseErr("class A:\nx = 1\n"), "2:1: expected an indented block");
  EXPECT_EQ(parseErr("class A:\n"), "2:1: expected an indented block");
  {
    std::string deep;
    for (int i = 0; i < 120; ++i)
      deep += std::string(i, ' ') + "class A:\n";
    EXPECT_EQ(parseErr(deep), "102:102: too many levels of indentation");
  }
  // Lexical errors.
  EXPECT_EQ(parseErr("x = 'abc\n"), "1:5: unterminated string literal");
  EXPECT_EQ(parseErr("x = 'abc"), "1:5: unterminated string literal");
  EXPECT_EQ(parseErr("x = 1\ny = \"\"\"abc\n\n"),
            "2:5: unterminated triple-quoted string literal");
  EXPECT_EQ(parseErr("x = $\n"), "1:5: invalid character '$'");
  EXPECT_EQ(parseErr("x = a ? b\n"), "1:7: invalid character '?'");
  EXPECT_EQ(parseErr("x = !a\n"), "1:5: invalid character '!'");
  EXPECT_EQ(parseErr("x = \x01\n"), "1:5: invalid character '\\x01'");
  EXPECT_EQ(parseErr("x = 1 + \\ 2\n"),
            "1:9: unexpected character after line continuation character");
  EXPECT_EQ(parseErr("x = 1 + \\\n"),
            "2:1: unexpected end of file after line continuation");
  EXPECT_EQ(parseErr("x = 1e\n"), "1:5: invalid decimal literal");
  EXPECT_EQ(parseErr("x = 1abc\n"), "1:5: invalid decimal literal");
  EXPECT_EQ(parseErr("x = 1__0\n"), "1:5: invalid decimal literal");
  EXPECT_EQ(parseErr("x = 1_\n"), "1:5: invalid decimal literal");
  EXPECT_EQ(parseErr("x = 0x\n"), "1:5: invalid hexadecimal literal");
  EXPECT_EQ(parseErr("x = 0o8\n"), "1:5: invalid octal literal");
  EXPECT_EQ(parseErr("x = 0b2\n"), "1:5: invalid binary literal");
  EXPECT_EQ(parseErr("x = 012\n"),
            "1:5: leading zeros in decimal integer literals are not permitted");
  EXPECT_EQ(parseErr("x = 1j\n"), "1:5: complex literals are not supported");
  EXPECT_EQ(parseErr("x = f'{a}'\n"), "1:5: f-strings are not supported");
  EXPECT_EQ(parseErr("x = 'ab\\x4'\n"), "1:8: invalid \\x escape");
  EXPECT_EQ(parseErr("x = '''a\nb\\u12'''\n"), "2:2: invalid \\u escape");
  EXPECT_EQ(parseErr("x = 99999999999999999999\n"),
            "1:5: integer literal too large");
  // Syntax errors.
  EXPECT_EQ(parseErr("x = 1 +\n"), "1:8: expected expression, got newline");
  EXPECT_EQ(parseErr("x = 1 +"), "1:8: expected expression, got newline");
  EXPECT_EQ(parseErr("x = )\n"), "1:5: expected expression, got ')'");
  EXPECT_EQ(parseErr("x = 1 2\n"), "1:7: expected newline, got '2'");
  EXPECT_EQ(parseErr("x = import\n"), "1:5: expected expression, got 'import'");
  EXPECT_EQ(parseErr("x.1\n"), "1:2: expected newline, got '.1'");
  EXPECT_EQ(parseErr("x = a.\n"),
            "1:7: expected attribute name after '.', got newline");
  EXPECT_EQ(parseErr("x = a.if\n"),
            "1:7: expected attribute name after '.', got 'if'");
  EXPECT_EQ(parseErr("x = 1 if y\n"),
            "1:11: expected 'else' in conditional expression, got newline");
  EXPECT_EQ(parseErr("x = a not b\n"), "1:11: expected 'in' after 'not', got 'b'");
  EXPECT_EQ(parseErr("f(a=1, b)\n"),
            "1:8: positional argument follows keyword argument");
  EXPECT_EQ(parseErr("f(**k, b)\n"),
            "1:8: positional argument follows keyword argument unpacking");
  EXPECT_EQ(parseErr("f(**k, *b)\n"),
            "1:8: iterable argument unpacking follows keyword argument unpacking");
  EXPECT_EQ(parseErr("f(a.b=1)\n"), "1:3: expected argument name before '='");
  EXPECT_EQ(parseErr("f() = 1\n"), "1:1: cannot assign to function call");
  EXPECT_EQ(parseErr("1 = x\n"), "1:1: cannot assign to literal");
  EXPECT_EQ(parseErr("a + b = x\n"), "1:1: cannot assign to expression");
  EXPECT_EQ(parseErr("None = x\n"), "1:1: cannot assign to None");
  EXPECT_EQ(parseErr("a, f() = x\n"), "1:4: cannot assign to function call");
  EXPECT_EQ(parseErr("*a = x\n"),
            "1:1: starred assignment target must be in a list or tuple");
  EXPECT_EQ(parseErr("x = *a\n"), "1:5: can't use starred expression here");
  EXPECT_EQ(parseErr("x = (*a)\n"), "1:6: can't use starred expression here");
  EXPECT_EQ(parseErr("a, b += 1\n"),
            "1:1: illegal expression for augmented assignment");
  EXPECT_EQ(parseErr("a, b: int\n"),
            "1:1: only single target (not tuple) can be annotated");
  EXPECT_EQ(parseErr("for x in y:\n    pass\n"), "1:1: unsupported statement 'for'");
  EXPECT_EQ(parseErr("class A:\n    if x:\n        pass\n"),
            "2:5: unsupported statement 'if'");
  EXPECT_EQ(parseErr("assert x\n"), "1:1: unsupported statement 'assert'");
  EXPECT_EQ(parseErr("f = lambda *a: 0\n"),
            "1:12: lambda parameters other than plain names are not supported");
  EXPECT_EQ(parseErr("f = lambda x=1: 0\n"), "1:13: expected ':' after lambda parameters, got '='");
  EXPECT_EQ(parseErr("x = [i for i in y]\n"), "1:8: comprehensions are not supported");
  EXPECT_EQ(parseErr("f(i for i in y)\n"), "1:5: comprehensions are not supported");
  EXPECT_EQ(parseErr("x = {1, 2}\n"), "1:5: set displays are not supported");
  EXPECT_EQ(parseErr("x = {**a}\n"), "1:6: dict unpacking is not supported");
  EXPECT_EQ(parseErr("def f(a=1, b): pass\n"),
            "1:12: non-default argument follows default argument");
  EXPECT_EQ(parseErr("def f(1): pass\n"), "1:7: expected parameter name, got '1'");
  EXPECT_EQ(parseErr("def (x): pass\n"), "1:5: expected function name, got '('");
  EXPECT_EQ(parseErr("def f(x) pass\n"), "1:10: expected ':', got 'pass'");
  EXPECT_EQ(parseErr("class A(metaclass=M): pass\n"),
            "1:9: class keyword arguments are not supported");
  EXPECT_EQ(parseErr("@dec\nx = 1\n"),
            "2:1: expected 'def' or 'class' after decorator, got 'x'");
  EXPECT_EQ(parseErr("import\n"), "1:7: expected module name, got newline");
  EXPECT_EQ(parseErr("from a b\n"), "1:8: expected 'import', got 'b'");
  EXPECT_EQ(parseErr("x = 1\n\n  \n)\n"), "4:1: expected expression, got ')'");
}

TEST(PyParserErrors, NestingLimits) {
  // 200 levels of nesting (the innermost atom included) are accepted.
  std::string ok = "x = " + std::string(199, '(') + "1" + std::string(199, ')');
  EXPECT_EQ(toString(*parseOk(ok + "\n").body[0]->value), "1");
  // The same limit applies inside nested blocks (up to 100 levels).
  std::string blocks;
  for (int i = 0; i < 100; ++i)
    blocks += std::string(i, ' ') + "class A:\n";
  blocks += std::string(100, ' ') + ok + "\n";
  Module nested = parseOk(blocks);
  ASSERT_EQ(nested.body.size(), 1u);
  std::string deep = "x = " + std::string(300, '(') + "1" + std::string(300, ')');
  EXPECT_EQ(parseErr(deep), "1:205: expression nested too deeply");
  std::string calls;
  for (int i = 0; i < 1000; ++i)
    calls += "f(";
  EXPECT_EQ(parseErr(calls), "1:401: expression nested too deeply");
  std::string subs = "x = a" + std::string(1000, '[');
  EXPECT_EQ(parseErr(subs), "1:206: expression nested too deeply");
  EXPECT_EQ(parseErr("x = " + std::string(100000, '[')),
            "1:205: expression nested too deeply");
  std::string stars;
  for (int i = 0; i < 1000; ++i)
    stars += "(*";
  EXPECT_EQ(parseErr("x = " + stars), "1:405: expression nested too deeply");
  // Prefix operators and right-recursive chains.
  EXPECT_EQ(parseErr("x = " + std::string(300, '-') + "1"),
            "1:205: expression nested too deeply");
  std::string nots;
  for (int i = 0; i < 300; ++i)
    nots += "not ";
  EXPECT_EQ(parseErr("x = " + nots + "a"), "1:805: expression nested too deeply");
  std::string pow = "x = a";
  for (int i = 0; i < 300; ++i)
    pow += "**a";
  EXPECT_EQ(parseErr(pow), "1:605: expression nested too deeply");
  std::string ifs = "x = a";
  for (int i = 0; i < 300; ++i)
    ifs += " if a else a";
  EXPECT_EQ(parseErr(ifs).substr(parseErr(ifs).find(' ') + 1),
            "expression nested too deeply");
  // Trees built iteratively are bounded too (so recursive destructors and
  // walkers stay safe).
  std::string sum = "x = a";
  for (int i = 0; i < 100000; ++i)
    sum += " + a";
  EXPECT_EQ(parseErr(sum), "1:5: expression nested too deeply");
  std::string attrs = "x = a";
  for (int i = 0; i < 100000; ++i)
    attrs += ".b";
  EXPECT_EQ(parseErr(attrs), "1:5: expression nested too deeply");
  std::string callChain = "x = f";
  for (int i = 0; i < 100000; ++i)
    callChain += "()";
  EXPECT_EQ(parseErr(callChain), "1:5: expression nested too deeply");
  // Long flat lists are fine.
  std::string list = "data = [";
  for (int i = 0; i < 50000; ++i)
    list += std::to_string(i % 7 - 3) + ".5, ";
  list += "]\n";
  Module m = parseOk(list);
  ASSERT_EQ(m.body.size(), 1u);
  EXPECT_EQ(m.body[0]->value->children.size(), 50000u);
  EXPECT_LE(m.body[0]->value->height, 3u);
}

namespace {
uint64_t rngState = 0x9E3779B97F4A7C15ull;
uint64_t nextRandom() {
  rngState ^= rngState << 13;
  rngState ^= rngState >> 7;
  rngState ^= rngState << 17;
  return rngState;
}

const char *kFuzzSeed = R"(import torch
from torch import device

class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, s1: torch.SymInt = 2):
        a = torch.conv2d(L_x_, w, None, (2, 2), (3, 3), (1, 1), 1)
        b = a[(slice(None, None, None), 0)][..., None, :2]
        c = -a ** 2 // 3 @ b if a is not None else ~m  # comment
        d, e = t;  x += 1; x[idx] = 'str\n' "x" '''tri
ple''' + 1e-05 + 0x1F + 1_000
        f = g(*args, k=[1, -2.5], **kw)
        return (a, b)
class Program_weight_tensor_meta_L_x_:
    data = [1, 2, 3, -4.0, {'a': (1,)}]
)";
} // namespace

TEST(PyParserErrors, NeverCrashesOnMutatedInput) {
  const std::string seed = kFuzzSeed;
  // Every prefix of a valid file.
  for (size_t n = 0; n <= seed.size(); ++n) {
    Module m;
    ParseError e;
    bool ok = parseModule(seed.substr(0, n), m, e);
    if (!ok) {
      EXPECT_FALSE(e.message.empty());
      EXPECT_GE(e.loc.line, 1u);
      EXPECT_GE(e.loc.col, 1u);
    }
  }
  // Random byte mutations.
  const char alphabet[] = "()[]{}:,.;'\"\\#=+-*/%@&|^~<>! \t\n\r0123456789aeEjx_";
  for (int iter = 0; iter < 5000; ++iter) {
    std::string s = seed;
    int edits = 1 + static_cast<int>(nextRandom() % 8);
    for (int k = 0; k < edits && !s.empty(); ++k) {
      size_t pos = nextRandom() % s.size();
      char c = (nextRandom() % 4 == 0)
                   ? static_cast<char>(nextRandom() & 0xFF)
                   : alphabet[nextRandom() % (sizeof(alphabet) - 1)];
      switch (nextRandom() % 3) {
      case 0: s[pos] = c; break;
      case 1: s.insert(pos, 1, c); break;
      default: s.erase(pos, 1); break;
      }
    }
    Module m;
    ParseError e;
    if (!parseModule(s, m, e)) {
      EXPECT_FALSE(e.message.empty());
      EXPECT_GE(e.loc.line, 1u);
      EXPECT_GE(e.loc.col, 1u);
    }
  }
  // Random garbage.
  for (int iter = 0; iter < 500; ++iter) {
    std::string s(static_cast<size_t>(nextRandom() % 200), '\0');
    for (char &c : s)
      c = alphabet[nextRandom() % (sizeof(alphabet) - 1)];
    Module m;
    ParseError e;
    parseModule(s, m, e);
  }
}

//===----------------------------------------------------------------------===//
// Optional: every GraphNet sample (set GN_GRAPHNET_SAMPLES to the samples dir).
//===----------------------------------------------------------------------===//

TEST(RealSamples, ParseAll) {
  const char *dir = std::getenv("GN_GRAPHNET_SAMPLES");
  if (!dir || !*dir)
    GTEST_SKIP() << "set GN_GRAPHNET_SAMPLES to the GraphNet samples directory";
  namespace fs = std::filesystem;
  std::error_code ec;
  std::vector<fs::path> files;
  for (fs::recursive_directory_iterator it(dir, ec), end; !ec && it != end;
       it.increment(ec)) {
    std::error_code fec;
    if (!it->is_regular_file(fec))
      continue;
    std::string name = it->path().filename().string();
    if (name == "model.py" || name == "weight_meta.py" || name == "input_meta.py")
      files.push_back(it->path());
  }
  ASSERT_FALSE(ec) << "cannot walk " << dir << ": " << ec.message();
  ASSERT_FALSE(files.empty()) << "no sample files under " << dir;
  std::sort(files.begin(), files.end());

  size_t failures = 0, models = 0;
  double worstMs = 0, largestMs = 0;
  size_t largestSize = 0;
  std::string worstFile, largestFile;
  for (const fs::path &p : files) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    std::string src = ss.str();
    Module m;
    ParseError e;
    auto t0 = std::chrono::steady_clock::now();
    bool ok = parseModule(src, m, e);
    double ms = std::chrono::duration<double, std::milli>(
                    std::chrono::steady_clock::now() - t0)
                    .count();
    if (p.filename() == "model.py")
      ++models;
    if (!ok) {
      ++failures;
      ADD_FAILURE() << p.string() << ":" << e.loc.line << ":" << e.loc.col
                    << ": " << e.message;
      continue;
    }
    if (ms > worstMs) {
      worstMs = ms;
      worstFile = p.string();
    }
    if (p.filename() == "model.py" && src.size() > largestSize) {
      largestSize = src.size();
      largestMs = ms;
      largestFile = p.string();
    }
  }
  std::printf("[ RealSamples ] %zu files (%zu model.py), %zu failed\n",
              files.size(), models, failures);
  std::printf("[ RealSamples ] slowest: %s (%.1f ms)\n", worstFile.c_str(),
              worstMs);
  std::printf("[ RealSamples ] largest model.py: %s (%zu bytes, %.1f ms)\n",
              largestFile.c_str(), largestSize, largestMs);
  EXPECT_EQ(failures, 0u);
}
