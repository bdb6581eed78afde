//===- PyParser.cpp - Parser for the restricted Python subset -------------===//
//
// Recursive descent over the on-demand token stream of PyLexer. Errors are
// propagated by return value (nullptr / false) and the first one is recorded;
// no exceptions. Recursion is bounded by kMaxNestingDepth and so is the
// height of every expression tree built (which keeps the recursive
// destructors and walkers of the AST safe).
//
//===----------------------------------------------------------------------===//
#include "PyLexer.h"

#include "gn/Import/Python/PyAST.h"

#include <charconv>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <limits>

namespace mlir::gn::py {

namespace {

std::string locString(SrcLoc loc) {
  return std::to_string(loc.line) + ":" + std::to_string(loc.col);
}

/// Short description of a token for "expected X, got Y" messages.
std::string describe(const Token &t) {
  switch (t.kind) {
  case TokKind::Eof: return "end of file";
  case TokKind::Newline: return "newline";
  case TokKind::Indent: return "indent";
  case TokKind::Dedent: return "dedent";
  case TokKind::String: return "string literal";
  case TokKind::Error: return "invalid token";
  default: break;
  }
  std::string s = "'";
  if (t.text.size() > 32) {
    s.append(t.text.substr(0, 32));
    s += "...";
  } else {
    s.append(t.text);
  }
  s += "'";
  return s;
}

const char *closerFor(Op open) {
  switch (open) {
  case Op::LParen: return ")";
  case Op::LBracket: return "]";
  default: return "}";
  }
}

class Parser {
public:
  Parser(const std::string &source, ParseError &error)
      : lex_(source), error_(error) {
    tok_ = lex_.next();
  }

  bool parseFile(Module &module);

private:
  //===--- Token helpers ----------------------------------------------===//
  void advance() {
    if (tok_.kind == TokKind::Error || tok_.kind == TokKind::Eof)
      return;
    tok_ = lex_.next();
  }
  bool isOp(Op op) const { return tok_.kind == TokKind::Op && tok_.op == op; }
  bool isKw(Kw kw) const { return tok_.kind == TokKind::Keyword && tok_.kw == kw; }
  bool consumeOp(Op op) {
    if (!isOp(op))
      return false;
    advance();
    return true;
  }
  bool atStmtEnd() const {
    return tok_.kind == TokKind::Newline || tok_.kind == TokKind::Eof ||
           isOp(Op::Semi);
  }

  //===--- Errors -----------------------------------------------------===//
  bool fail(SrcLoc loc, std::string message) {
    if (!failed_) {
      failed_ = true;
      error_.loc = loc;
      error_.message = std::move(message);
    }
    return false;
  }
  /// Error at the current token; a lexer error token reports its own cause.
  bool failAtTok(std::string message) {
    if (tok_.kind == TokKind::Error)
      return fail(tok_.loc, lex_.errorMessage());
    return fail(tok_.loc, std::move(message));
  }
  bool expected(const char *what) {
    return failAtTok(std::string("expected ") + what + ", got " + describe(tok_));
  }
  bool expectOp(Op op) {
    if (consumeOp(op))
      return true;
    return expected((std::string("'") + opSpelling(op) + "'").c_str());
  }
  bool expectClose(Op open, SrcLoc openLoc) {
    Op close = open == Op::LParen     ? Op::RParen
               : open == Op::LBracket ? Op::RBracket
                                      : Op::RBrace;
    if (consumeOp(close))
      return true;
    return failAtTok(std::string("expected '") + closerFor(open) +
                     "' to close '" + opSpelling(open) + "' at " +
                     locString(openLoc));
  }

  /// RAII recursion counter.
  struct DepthGuard {
    Parser &p;
    bool ok;
    DepthGuard(Parser &p, SrcLoc loc) : p(p) {
      ok = ++p.depth_ <= kMaxNestingDepth;
      if (!ok)
        p.fail(loc, "expression nested too deeply");
    }
    ~DepthGuard() { --p.depth_; }
  };

  //===--- AST helpers ------------------------------------------------===//
  static ExprPtr make(ExprKind kind, SrcLoc loc) {
    return std::make_unique<Expr>(kind, loc);
  }
  /// Computes `e.height` from its children; fails when too deep.
  bool seal(Expr &e) {
    unsigned h = 0;
    for (const ExprPtr &c : e.children)
      if (c && c->height > h)
        h = c->height;
    for (const ExprPtr &c : e.args)
      if (c && c->height > h)
        h = c->height;
    for (const Keyword &k : e.keywords)
      if (k.value && k.value->height > h)
        h = k.value->height;
    e.height = h + 1;
    if (e.height > kMaxNestingDepth)
      return fail(e.loc, "expression nested too deeply");
    return true;
  }

  //===--- Statements -------------------------------------------------===//
  bool parseStatement(std::vector<StmtPtr> &out);
  bool parseSimpleStatements(std::vector<StmtPtr> &out);
  bool parseSmallStatement(std::vector<StmtPtr> &out);
  bool parseExprStatement(std::vector<StmtPtr> &out);
  bool parseImport(std::vector<StmtPtr> &out);
  bool parseFromImport(std::vector<StmtPtr> &out);
  bool parseDel(std::vector<StmtPtr> &out);
  bool parseFunctionDef(std::vector<ExprPtr> decorators, std::vector<StmtPtr> &out);
  bool parseClassDef(std::vector<ExprPtr> decorators, std::vector<StmtPtr> &out);
  bool parseParams(std::vector<Param> &params);
  ExprPtr parseLambda();
  bool parseSuite(std::vector<StmtPtr> &body);
  bool parseDottedName(std::string &name);
  bool checkTarget(const Expr &e, bool allowStar);

  //===--- Expressions ------------------------------------------------===//
  ExprPtr parseTestListStarExpr();
  ExprPtr parseStarOrTest();
  ExprPtr parseTest();
  ExprPtr parseOrTest();
  ExprPtr parseAndTest();
  ExprPtr parseNotTest();
  ExprPtr parseComparison();
  ExprPtr parseBinary(int minPrec);
  ExprPtr parseFactor();
  ExprPtr parsePower();
  ExprPtr parseAtom();
  ExprPtr parseParenthesized();
  ExprPtr parseList();
  ExprPtr parseBraces();
  bool parseCallArgs(Expr &call, SrcLoc openLoc);
  ExprPtr parseSubscriptList(SrcLoc openLoc);
  ExprPtr parseSubscriptItem();
  ExprPtr parseNumber();
  ExprPtr parseStrings();

  Lexer lex_;
  ParseError &error_;
  Token tok_;
  bool failed_ = false;
  unsigned depth_ = 0;
  struct Prefix {
    const char *op;
    SrcLoc loc;
  };
  std::vector<Prefix> prefixes_; // pending unary prefixes, see parseFactor
};

//===----------------------------------------------------------------------===//
// Statements
//===----------------------------------------------------------------------===//

bool Parser::parseFile(Module &module) {
  while (tok_.kind != TokKind::Eof) {
    if (tok_.kind == TokKind::Newline) {
      advance();
      continue;
    }
    if (!parseStatement(module.body))
      return false;
  }
  return !failed_;
}

bool Parser::parseStatement(std::vector<StmtPtr> &out) {
  switch (tok_.kind) {
  case TokKind::Error:
    return failAtTok("");
  case TokKind::Indent:
    return fail(tok_.loc, "unexpected indent");
  case TokKind::Dedent:
    return fail(tok_.loc, "unexpected dedent");
  default:
    break;
  }
  if (isOp(Op::At)) {
    std::vector<ExprPtr> decorators;
    while (isOp(Op::At)) {
      advance();
      ExprPtr d = parseTest();
      if (!d)
        return false;
      decorators.push_back(std::move(d));
      if (tok_.kind != TokKind::Newline)
        return expected("newline after decorator");
      advance();
    }
    if (isKw(Kw::Def))
      return parseFunctionDef(std::move(decorators), out);
    if (isKw(Kw::Class))
      return parseClassDef(std::move(decorators), out);
    return expected("'def' or 'class' after decorator");
  }
  if (tok_.kind == TokKind::Keyword) {
    switch (tok_.kw) {
    case Kw::Def:
      return parseFunctionDef({}, out);
    case Kw::Class:
      return parseClassDef({}, out);
    case Kw::If: case Kw::Elif: case Kw::Else: case Kw::For: case Kw::While:
    case Kw::With: case Kw::Try: case Kw::Except: case Kw::Finally:
    case Kw::Async:
      return fail(tok_.loc, std::string("unsupported statement '") +
                                kwSpelling(tok_.kw) + "'");
    default:
      break;
    }
  }
  return parseSimpleStatements(out);
}

bool Parser::parseSimpleStatements(std::vector<StmtPtr> &out) {
  for (;;) {
    if (!parseSmallStatement(out))
      return false;
    if (consumeOp(Op::Semi)) {
      if (tok_.kind == TokKind::Newline || tok_.kind == TokKind::Eof)
        break;
      continue;
    }
    break;
  }
  if (tok_.kind == TokKind::Eof)
    return true;
  if (tok_.kind != TokKind::Newline)
    return expected("newline");
  advance();
  return true;
}

bool Parser::parseSmallStatement(std::vector<StmtPtr> &out) {
  if (tok_.kind == TokKind::Keyword) {
    SrcLoc loc = tok_.loc;
    switch (tok_.kw) {
    case Kw::Pass:
      advance();
      out.push_back(std::make_unique<Stmt>(StmtKind::Pass, loc));
      return true;
    case Kw::Return: {
      advance();
      auto s = std::make_unique<Stmt>(StmtKind::Return, loc);
      if (!atStmtEnd()) {
        s->value = parseTestListStarExpr();
        if (!s->value)
          return false;
        if (s->value->kind == ExprKind::Starred)
          return fail(s->value->loc, "can't use starred expression here");
      }
      out.push_back(std::move(s));
      return true;
    }
    case Kw::Del:
      return parseDel(out);
    case Kw::Import:
      return parseImport(out);
    case Kw::From:
      return parseFromImport(out);
    case Kw::Assert: case Kw::Raise: case Kw::Global: case Kw::Nonlocal:
    case Kw::Break: case Kw::Continue: case Kw::Yield:
    case Kw::If: case Kw::Elif: case Kw::Else: case Kw::For: case Kw::While:
    case Kw::With: case Kw::Try: case Kw::Except: case Kw::Finally:
    case Kw::Async: case Kw::Def: case Kw::Class:
      return fail(loc, std::string("unsupported statement '") +
                           kwSpelling(tok_.kw) + "'");
    default:
      break;
    }
  }
  return parseExprStatement(out);
}

bool Parser::checkTarget(const Expr &e, bool allowStar) {
  switch (e.kind) {
  case ExprKind::Name:
  case ExprKind::Attribute:
  case ExprKind::Subscript:
    return true;
  case ExprKind::Tuple:
  case ExprKind::List:
    for (const ExprPtr &c : e.children)
      if (!checkTarget(*c, true))
        return false;
    return true;
  case ExprKind::Starred:
    if (!allowStar)
      return fail(e.loc, "starred assignment target must be in a list or tuple");
    return checkTarget(*e.children[0], false);
  case ExprKind::Call:
    return fail(e.loc, "cannot assign to function call");
  case ExprKind::Int: case ExprKind::Float: case ExprKind::Str:
  case ExprKind::Ellipsis:
    return fail(e.loc, "cannot assign to literal");
  case ExprKind::Bool:
    return fail(e.loc, e.boolVal ? "cannot assign to True" : "cannot assign to False");
  case ExprKind::None:
    return fail(e.loc, "cannot assign to None");
  case ExprKind::Compare:
    return fail(e.loc, "cannot assign to comparison");
  case ExprKind::IfExp:
    return fail(e.loc, "cannot assign to conditional expression");
  case ExprKind::Dict:
    return fail(e.loc, "cannot assign to dict literal");
  default:
    return fail(e.loc, "cannot assign to expression");
  }
}

bool Parser::parseExprStatement(std::vector<StmtPtr> &out) {
  SrcLoc loc = tok_.loc;
  ExprPtr first = parseTestListStarExpr();
  if (!first)
    return false;

  if (isOp(Op::Colon)) {
    if (first->kind == ExprKind::Tuple)
      return fail(first->loc, "only single target (not tuple) can be annotated");
    if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute &&
        first->kind != ExprKind::Subscript)
      return fail(first->loc, "illegal target for annotation");
    advance();
    auto s = std::make_unique<Stmt>(StmtKind::AnnAssign, loc);
    s->annotation = parseTest();
    if (!s->annotation)
      return false;
    if (consumeOp(Op::Assign)) {
      s->value = parseTestListStarExpr();
      if (!s->value)
        return false;
    }
    s->targets.push_back(std::move(first));
    out.push_back(std::move(s));
    return true;
  }

  if (tok_.kind == TokKind::Op) {
    if (const char *bin = augAssignBinOp(tok_.op)) {
      if (first->kind != ExprKind::Name && first->kind != ExprKind::Attribute &&
          first->kind != ExprKind::Subscript)
        return fail(first->loc, "illegal expression for augmented assignment");
      advance();
      auto s = std::make_unique<Stmt>(StmtKind::AugAssign, loc);
      s->op = bin;
      s->value = parseTestListStarExpr();
      if (!s->value)
        return false;
      if (s->value->kind == ExprKind::Starred)
        return fail(s->value->loc, "can't use starred expression here");
      s->targets.push_back(std::move(first));
      out.push_back(std::move(s));
      return true;
    }
  }

  if (isOp(Op::Assign)) {
    auto s = std::make_unique<Stmt>(StmtKind::Assign, loc);
    ExprPtr last = std::move(first);
    while (consumeOp(Op::Assign)) {
      if (!checkTarget(*last, false))
        return false;
      s->targets.push_back(std::move(last));
      last = parseTestListStarExpr();
      if (!last)
        return false;
    }
    if (last->kind == ExprKind::Starred)
      return fail(last->loc, "can't use starred expression here");
    s->value = std::move(last);
    out.push_back(std::move(s));
    return true;
  }

  if (first->kind == ExprKind::Starred)
    return fail(first->loc, "can't use starred expression here");
  auto s = std::make_unique<Stmt>(StmtKind::ExprStmt, loc);
  s->value = std::move(first);
  out.push_back(std::move(s));
  return true;
}

bool Parser::parseDel(std::vector<StmtPtr> &out) {
  auto s = std::make_unique<Stmt>(StmtKind::Delete, tok_.loc);
  advance();
  for (;;) {
    ExprPtr t = parseBinary(1);
    if (!t)
      return false;
    if (t->kind != ExprKind::Name && t->kind != ExprKind::Attribute &&
        t->kind != ExprKind::Subscript && t->kind != ExprKind::Tuple &&
        t->kind != ExprKind::List)
      return fail(t->loc, "cannot delete expression");
    s->targets.push_back(std::move(t));
    if (!consumeOp(Op::Comma) || atStmtEnd())
      break;
  }
  out.push_back(std::move(s));
  return true;
}

bool Parser::parseDottedName(std::string &name) {
  if (tok_.kind != TokKind::Name)
    return expected("module name");
  name.append(tok_.text);
  advance();
  while (isOp(Op::Dot)) {
    advance();
    if (tok_.kind != TokKind::Name)
      return expected("name after '.'");
    name += '.';
    name.append(tok_.text);
    advance();
  }
  return true;
}

bool Parser::parseImport(std::vector<StmtPtr> &out) {
  // `import a, b` gives one Import per module: the first one located at the
  // `import` keyword, the others at their module name.
  SrcLoc loc = tok_.loc;
  advance(); // import
  for (;;) {
    auto s = std::make_unique<Stmt>(StmtKind::Import, loc);
    if (!parseDottedName(s->name))
      return false;
    if (isKw(Kw::As)) {
      advance();
      if (tok_.kind != TokKind::Name)
        return expected("name after 'as'");
      s->names.push_back(s->name + " as " + std::string(tok_.text));
      advance();
    }
    out.push_back(std::move(s));
    if (!consumeOp(Op::Comma))
      return true;
    loc = tok_.loc;
  }
}

bool Parser::parseFromImport(std::vector<StmtPtr> &out) {
  auto s = std::make_unique<Stmt>(StmtKind::Import, tok_.loc);
  s->importFrom = true;
  advance(); // from
  bool relative = false;
  while (isOp(Op::Dot) || isOp(Op::Ellipsis)) {
    s->name += isOp(Op::Dot) ? "." : "...";
    relative = true;
    advance();
  }
  if (!(relative && isKw(Kw::Import)))
    if (!parseDottedName(s->name))
      return false;
  if (!isKw(Kw::Import))
    return expected("'import'");
  advance();
  if (isOp(Op::Star)) {
    advance();
    s->names.push_back("*");
    out.push_back(std::move(s));
    return true;
  }
  bool paren = false;
  SrcLoc openLoc = tok_.loc;
  if (isOp(Op::LParen)) {
    paren = true;
    advance();
  }
  for (;;) {
    if (tok_.kind != TokKind::Name)
      return expected("name to import");
    std::string n(tok_.text);
    advance();
    if (isKw(Kw::As)) {
      advance();
      if (tok_.kind != TokKind::Name)
        return expected("name after 'as'");
      n += " as ";
      n.append(tok_.text);
      advance();
    }
    s->names.push_back(std::move(n));
    if (!consumeOp(Op::Comma))
      break;
    if (paren && isOp(Op::RParen))
      break;
  }
  if (paren && !expectClose(Op::LParen, openLoc))
    return false;
  out.push_back(std::move(s));
  return true;
}

bool Parser::parseSuite(std::vector<StmtPtr> &body) {
  if (!expectOp(Op::Colon))
    return false;
  if (tok_.kind != TokKind::Newline)
    return parseSimpleStatements(body);
  advance();
  if (tok_.kind != TokKind::Indent)
    return failAtTok("expected an indented block");
  // Blocks nest only through INDENT, which the lexer caps at
  // Lexer::kMaxIndent levels, so this recursion is bounded.
  advance();
  while (tok_.kind != TokKind::Dedent) {
    if (tok_.kind == TokKind::Eof)
      return true; // cannot happen: the lexer closes every block
    if (!parseStatement(body))
      return false;
  }
  advance();
  return true;
}

bool Parser::parseParams(std::vector<Param> &params) {
  bool sawDefault = false, sawStar = false;
  while (!isOp(Op::RParen)) {
    Param p;
    p.loc = tok_.loc;
    if (isOp(Op::Slash)) {
      advance(); // positional-only marker: no AST representation needed
    } else {
      if (isOp(Op::Star)) {
        p.isStar = true;
        sawStar = true;
        advance();
      } else if (isOp(Op::DoubleStar)) {
        p.isDoubleStar = true;
        advance();
      }
      bool bareStar = p.isStar && (isOp(Op::Comma) || isOp(Op::RParen));
      if (!bareStar) {
        if (tok_.kind != TokKind::Name)
          return expected("parameter name");
        p.name = std::string(tok_.text);
        advance();
        if (consumeOp(Op::Colon)) {
          p.annotation = parseTest();
          if (!p.annotation)
            return false;
        }
        if (!p.isStar && !p.isDoubleStar && isOp(Op::Assign)) {
          advance();
          p.defaultValue = parseTest();
          if (!p.defaultValue)
            return false;
          sawDefault = true;
        } else if (!p.isStar && !p.isDoubleStar && sawDefault && !sawStar) {
          return fail(p.loc, "non-default argument follows default argument");
        }
      }
      params.push_back(std::move(p));
    }
    if (!consumeOp(Op::Comma))
      break;
  }
  return true;
}

bool Parser::parseFunctionDef(std::vector<ExprPtr> decorators,
                              std::vector<StmtPtr> &out) {
  auto s = std::make_unique<Stmt>(StmtKind::FunctionDef, tok_.loc);
  s->decorators = std::move(decorators);
  advance(); // def
  if (tok_.kind != TokKind::Name)
    return expected("function name");
  s->name = std::string(tok_.text);
  advance();
  SrcLoc openLoc = tok_.loc;
  if (!expectOp(Op::LParen))
    return false;
  if (!parseParams(s->params))
    return false;
  if (!expectClose(Op::LParen, openLoc))
    return false;
  if (consumeOp(Op::Arrow)) {
    s->returns = parseTest();
    if (!s->returns)
      return false;
  }
  if (!parseSuite(s->body))
    return false;
  out.push_back(std::move(s));
  return true;
}

bool Parser::parseClassDef(std::vector<ExprPtr> decorators,
                           std::vector<StmtPtr> &out) {
  auto s = std::make_unique<Stmt>(StmtKind::ClassDef, tok_.loc);
  s->decorators = std::move(decorators);
  advance(); // class
  if (tok_.kind != TokKind::Name)
    return expected("class name");
  s->name = std::string(tok_.text);
  advance();
  if (isOp(Op::LParen)) {
    SrcLoc openLoc = tok_.loc;
    advance();
    Expr call(ExprKind::Call, openLoc);
    if (!parseCallArgs(call, openLoc))
      return false;
    if (!call.keywords.empty())
      return fail(call.keywords.front().loc,
                  "class keyword arguments are not supported");
    s->targets = std::move(call.args);
  }
  if (!parseSuite(s->body))
    return false;
  out.push_back(std::move(s));
  return true;
}

//===----------------------------------------------------------------------===//
// Expressions
//===----------------------------------------------------------------------===//

// star_expressions: a bare comma list becomes a Tuple.
ExprPtr Parser::parseTestListStarExpr() {
  ExprPtr first = parseStarOrTest();
  if (!first || !isOp(Op::Comma))
    return first;
  ExprPtr tuple = make(ExprKind::Tuple, first->loc);
  tuple->children.push_back(std::move(first));
  while (consumeOp(Op::Comma)) {
    if (atStmtEnd() || isOp(Op::Assign) || isOp(Op::Colon) ||
        isOp(Op::RParen) ||
        (tok_.kind == TokKind::Op && augAssignBinOp(tok_.op)))
      break;
    ExprPtr e = parseStarOrTest();
    if (!e)
      return nullptr;
    tuple->children.push_back(std::move(e));
  }
  if (!seal(*tuple))
    return nullptr;
  return tuple;
}

ExprPtr Parser::parseStarOrTest() {
  if (isOp(Op::Star)) {
    SrcLoc loc = tok_.loc;
    advance();
    ExprPtr v = parseBinary(1);
    if (!v)
      return nullptr;
    ExprPtr s = make(ExprKind::Starred, loc);
    s->children.push_back(std::move(v));
    if (!seal(*s))
      return nullptr;
    return s;
  }
  return parseTest();
}

/// `lambda a, b: body` with plain positional parameters (Paddle's
/// multi-output wrappers); defaults and star parameters are refused.
ExprPtr Parser::parseLambda() {
  ExprPtr e = make(ExprKind::Lambda, tok_.loc);
  advance(); // lambda
  while (!isOp(Op::Colon)) {
    if (tok_.kind != TokKind::Name) {
      failAtTok("lambda parameters other than plain names are not supported");
      return nullptr;
    }
    e->lambdaParams.push_back(std::string(tok_.text));
    advance();
    if (!consumeOp(Op::Comma))
      break;
  }
  if (!isOp(Op::Colon)) {
    expected("':' after lambda parameters");
    return nullptr;
  }
  advance();
  ExprPtr body = parseTest();
  if (!body)
    return nullptr;
  e->children.push_back(std::move(body));
  if (!seal(*e))
    return nullptr;
  return e;
}

ExprPtr Parser::parseTest() {
  if (isKw(Kw::Lambda))
    return parseLambda();
  ExprPtr body = parseOrTest();
  if (!body || !isKw(Kw::If))
    return body;
  advance();
  ExprPtr test = parseOrTest();
  if (!test)
    return nullptr;
  if (!isKw(Kw::Else)) {
    expected("'else' in conditional expression");
    return nullptr;
  }
  advance();
  ExprPtr orelse = parseTest();
  if (!orelse)
    return nullptr;
  ExprPtr e = make(ExprKind::IfExp, body->loc);
  e->children.push_back(std::move(body));
  e->children.push_back(std::move(test));
  e->children.push_back(std::move(orelse));
  if (!seal(*e))
    return nullptr;
  return e;
}

ExprPtr Parser::parseOrTest() {
  ExprPtr first = parseAndTest();
  if (!first || !isKw(Kw::Or))
    return first;
  ExprPtr e = make(ExprKind::BoolOp, first->loc);
  e->str = "or";
  e->children.push_back(std::move(first));
  while (isKw(Kw::Or)) {
    advance();
    ExprPtr next = parseAndTest();
    if (!next)
      return nullptr;
    e->children.push_back(std::move(next));
  }
  if (!seal(*e))
    return nullptr;
  return e;
}

ExprPtr Parser::parseAndTest() {
  ExprPtr first = parseNotTest();
  if (!first || !isKw(Kw::And))
    return first;
  ExprPtr e = make(ExprKind::BoolOp, first->loc);
  e->str = "and";
  e->children.push_back(std::move(first));
  while (isKw(Kw::And)) {
    advance();
    ExprPtr next = parseNotTest();
    if (!next)
      return nullptr;
    e->children.push_back(std::move(next));
  }
  if (!seal(*e))
    return nullptr;
  return e;
}

ExprPtr Parser::parseNotTest() {
  // `not not x`: collect the prefix iteratively (no recursion).
  if (!isKw(Kw::Not))
    return parseComparison();
  std::vector<SrcLoc> nots;
  while (isKw(Kw::Not)) {
    nots.push_back(tok_.loc);
    if (nots.size() > kMaxNestingDepth) {
      fail(tok_.loc, "expression nested too deeply");
      return nullptr;
    }
    advance();
  }
  ExprPtr e = parseComparison();
  if (!e)
    return nullptr;
  for (size_t i = nots.size(); i-- > 0;) {
    ExprPtr u = make(ExprKind::UnaryOp, nots[i]);
    u->str = "not";
    u->children.push_back(std::move(e));
    if (!seal(*u))
      return nullptr;
    e = std::move(u);
  }
  return e;
}

ExprPtr Parser::parseComparison() {
  ExprPtr first = parseBinary(1);
  if (!first)
    return nullptr;
  ExprPtr cmp;
  for (;;) {
    const char *op = nullptr;
    if (tok_.kind == TokKind::Op) {
      switch (tok_.op) {
      case Op::Lt: op = "<"; break;
      case Op::Gt: op = ">"; break;
      case Op::Le: op = "<="; break;
      case Op::Ge: op = ">="; break;
      case Op::EqEq: op = "=="; break;
      case Op::NotEq: op = "!="; break;
      default: break;
      }
      if (op)
        advance();
    } else if (isKw(Kw::In)) {
      op = "in";
      advance();
    } else if (isKw(Kw::Is)) {
      advance();
      op = "is";
      if (isKw(Kw::Not)) {
        advance();
        op = "is not";
      }
    } else if (isKw(Kw::Not)) {
      advance();
      if (!isKw(Kw::In)) {
        expected("'in' after 'not'");
        return nullptr;
      }
      advance();
      op = "not in";
    }
    if (!op)
      break;
    if (!cmp) {
      cmp = make(ExprKind::Compare, first->loc);
      cmp->children.push_back(std::move(first));
    }
    cmp->compareOps.push_back(op);
    ExprPtr rhs = parseBinary(1);
    if (!rhs)
      return nullptr;
    cmp->children.push_back(std::move(rhs));
  }
  if (!cmp)
    return first;
  if (!seal(*cmp))
    return nullptr;
  return cmp;
}

namespace {
/// Binary operator precedence (higher binds tighter); 0 if not a binary op.
int binaryPrec(const Token &t, const char *&spelling) {
  if (t.kind != TokKind::Op)
    return 0;
  switch (t.op) {
  case Op::Pipe: spelling = "|"; return 1;
  case Op::Caret: spelling = "^"; return 2;
  case Op::Amp: spelling = "&"; return 3;
  case Op::LShift: spelling = "<<"; return 4;
  case Op::RShift: spelling = ">>"; return 4;
  case Op::Plus: spelling = "+"; return 5;
  case Op::Minus: spelling = "-"; return 5;
  case Op::Star: spelling = "*"; return 6;
  case Op::Slash: spelling = "/"; return 6;
  case Op::DoubleSlash: spelling = "//"; return 6;
  case Op::Percent: spelling = "%"; return 6;
  case Op::At: spelling = "@"; return 6;
  default: return 0;
  }
}
} // namespace

// Precedence climbing over the left-associative binary operators
// | ^ & << >> + - * / // % @.
ExprPtr Parser::parseBinary(int minPrec) {
  ExprPtr lhs = parseFactor();
  if (!lhs)
    return nullptr;
  for (;;) {
    const char *spelling = nullptr;
    int prec = binaryPrec(tok_, spelling);
    if (prec == 0 || prec < minPrec)
      return lhs;
    advance();
    ExprPtr rhs = prec == 6 ? parseFactor() : parseBinary(prec + 1);
    if (!rhs)
      return nullptr;
    ExprPtr e = make(ExprKind::BinOp, lhs->loc);
    e->str = spelling;
    e->children.push_back(std::move(lhs));
    e->children.push_back(std::move(rhs));
    if (!seal(*e))
      return nullptr;
    lhs = std::move(e);
  }
}

// Every recursive path through the expression grammar (brackets, call
// arguments, subscripts, `**`, conditional expressions) passes here once per
// nesting level, so this is where recursion is bounded.
ExprPtr Parser::parseFactor() {
  DepthGuard guard(*this, tok_.loc);
  if (!guard.ok)
    return nullptr;
  // Prefix operators - + ~, collected iteratively on a stack shared by all
  // nesting levels (no allocation per operand).
  size_t base = prefixes_.size();
  while (tok_.kind == TokKind::Op &&
         (tok_.op == Op::Minus || tok_.op == Op::Plus || tok_.op == Op::Tilde)) {
    prefixes_.push_back({tok_.op == Op::Minus  ? "-"
                         : tok_.op == Op::Plus ? "+"
                                               : "~",
                         tok_.loc});
    if (prefixes_.size() - base > kMaxNestingDepth) {
      fail(tok_.loc, "expression nested too deeply");
      return nullptr;
    }
    advance();
  }
  ExprPtr e = parsePower();
  if (!e)
    return nullptr;
  while (prefixes_.size() > base) {
    Prefix p = prefixes_.back();
    prefixes_.pop_back();
    ExprPtr u = make(ExprKind::UnaryOp, p.loc);
    u->str = p.op;
    u->children.push_back(std::move(e));
    if (!seal(*u))
      return nullptr;
    e = std::move(u);
  }
  return e;
}

ExprPtr Parser::parsePower() {
  // primary (trailers)* ['**' factor]
  ExprPtr e = parseAtom();
  if (!e)
    return nullptr;
  for (;;) {
    if (isOp(Op::Dot)) {
      advance();
      if (tok_.kind != TokKind::Name) {
        expected("attribute name after '.'");
        return nullptr;
      }
      ExprPtr a = make(ExprKind::Attribute, e->loc);
      a->str = std::string(tok_.text);
      advance();
      a->children.push_back(std::move(e));
      if (!seal(*a))
        return nullptr;
      e = std::move(a);
    } else if (isOp(Op::LParen)) {
      SrcLoc openLoc = tok_.loc;
      advance();
      ExprPtr c = make(ExprKind::Call, e->loc);
      c->children.push_back(std::move(e));
      if (!parseCallArgs(*c, openLoc) || !seal(*c))
        return nullptr;
      e = std::move(c);
    } else if (isOp(Op::LBracket)) {
      SrcLoc openLoc = tok_.loc;
      advance();
      ExprPtr index = parseSubscriptList(openLoc);
      if (!index)
        return nullptr;
      ExprPtr s = make(ExprKind::Subscript, e->loc);
      s->children.push_back(std::move(e));
      s->children.push_back(std::move(index));
      if (!seal(*s))
        return nullptr;
      e = std::move(s);
    } else {
      break;
    }
  }
  if (isOp(Op::DoubleStar)) {
    advance();
    ExprPtr rhs = parseFactor(); // right-associative; `a ** -b` allowed
    if (!rhs)
      return nullptr;
    ExprPtr b = make(ExprKind::BinOp, e->loc);
    b->str = "**";
    b->children.push_back(std::move(e));
    b->children.push_back(std::move(rhs));
    if (!seal(*b))
      return nullptr;
    e = std::move(b);
  }
  return e;
}

bool Parser::parseCallArgs(Expr &call, SrcLoc openLoc) {
  // The '(' has been consumed.
  bool sawKeyword = false, sawDoubleStar = false;
  while (!isOp(Op::RParen)) {
    if (isOp(Op::Star)) {
      SrcLoc loc = tok_.loc;
      advance();
      if (sawDoubleStar)
        return fail(loc, "iterable argument unpacking follows keyword argument unpacking");
      ExprPtr v = parseTest();
      if (!v)
        return false;
      ExprPtr s = make(ExprKind::Starred, loc);
      s->children.push_back(std::move(v));
      if (!seal(*s))
        return false;
      call.args.push_back(std::move(s));
    } else if (isOp(Op::DoubleStar)) {
      Keyword k;
      k.loc = tok_.loc;
      advance();
      k.value = parseTest();
      if (!k.value)
        return false;
      sawDoubleStar = true;
      call.keywords.push_back(std::move(k));
    } else {
      ExprPtr v = parseTest();
      if (!v)
        return false;
      if (isOp(Op::Assign)) {
        if (v->kind != ExprKind::Name)
          return fail(v->loc, "expected argument name before '='");
        advance();
        Keyword k;
        k.loc = v->loc;
        k.name = std::move(v->str);
        k.value = parseTest();
        if (!k.value)
          return false;
        sawKeyword = true;
        call.keywords.push_back(std::move(k));
      } else {
        if (isKw(Kw::For))
          return failAtTok("comprehensions are not supported");
        if (sawDoubleStar)
          return fail(v->loc,
                      "positional argument follows keyword argument unpacking");
        if (sawKeyword)
          return fail(v->loc, "positional argument follows keyword argument");
        call.args.push_back(std::move(v));
      }
    }
    if (!consumeOp(Op::Comma))
      break;
  }
  return expectClose(Op::LParen, openLoc);
}

ExprPtr Parser::parseSubscriptItem() {
  SrcLoc loc = tok_.loc;
  ExprPtr lower;
  if (isOp(Op::Star))
    return parseStarOrTest();
  if (!isOp(Op::Colon)) {
    lower = parseTest();
    if (!lower)
      return nullptr;
    if (!isOp(Op::Colon))
      return lower;
  }
  advance(); // ':'
  ExprPtr s = make(ExprKind::Slice, loc);
  ExprPtr upper, step;
  auto endOfPart = [&] {
    return isOp(Op::Colon) || isOp(Op::Comma) || isOp(Op::RBracket);
  };
  if (!endOfPart()) {
    upper = parseTest();
    if (!upper)
      return nullptr;
  }
  if (consumeOp(Op::Colon)) {
    if (!isOp(Op::Comma) && !isOp(Op::RBracket)) {
      step = parseTest();
      if (!step)
        return nullptr;
    }
  }
  s->children.push_back(std::move(lower));
  s->children.push_back(std::move(upper));
  s->children.push_back(std::move(step));
  if (!seal(*s))
    return nullptr;
  return s;
}

ExprPtr Parser::parseSubscriptList(SrcLoc openLoc) {
  // The '[' has been consumed.
  ExprPtr first = parseSubscriptItem();
  if (!first)
    return nullptr;
  if (isOp(Op::Comma)) {
    ExprPtr tuple = make(ExprKind::Tuple, first->loc);
    tuple->children.push_back(std::move(first));
    while (consumeOp(Op::Comma)) {
      if (isOp(Op::RBracket))
        break;
      ExprPtr e = parseSubscriptItem();
      if (!e)
        return nullptr;
      tuple->children.push_back(std::move(e));
    }
    if (!seal(*tuple))
      return nullptr;
    first = std::move(tuple);
  }
  if (!expectClose(Op::LBracket, openLoc))
    return nullptr;
  return first;
}

ExprPtr Parser::parseParenthesized() {
  SrcLoc openLoc = tok_.loc;
  advance(); // '('
  if (isOp(Op::RParen)) {
    advance();
    return make(ExprKind::Tuple, openLoc);
  }
  if (isKw(Kw::Yield)) {
    failAtTok("yield expressions are not supported");
    return nullptr;
  }
  ExprPtr first = parseStarOrTest();
  if (!first)
    return nullptr;
  if (isKw(Kw::For)) {
    failAtTok("comprehensions are not supported");
    return nullptr;
  }
  if (!isOp(Op::Comma)) {
    if (first->kind == ExprKind::Starred) {
      fail(first->loc, "can't use starred expression here");
      return nullptr;
    }
    if (!expectClose(Op::LParen, openLoc))
      return nullptr;
    return first;
  }
  ExprPtr tuple = make(ExprKind::Tuple, openLoc);
  tuple->children.push_back(std::move(first));
  while (consumeOp(Op::Comma)) {
    if (isOp(Op::RParen))
      break;
    ExprPtr e = parseStarOrTest();
    if (!e)
      return nullptr;
    tuple->children.push_back(std::move(e));
  }
  if (!expectClose(Op::LParen, openLoc) || !seal(*tuple))
    return nullptr;
  return tuple;
}

ExprPtr Parser::parseList() {
  SrcLoc openLoc = tok_.loc;
  advance(); // '['
  ExprPtr list = make(ExprKind::List, openLoc);
  while (!isOp(Op::RBracket)) {
    ExprPtr e = parseStarOrTest();
    if (!e)
      return nullptr;
    if (isKw(Kw::For)) {
      failAtTok("comprehensions are not supported");
      return nullptr;
    }
    list->children.push_back(std::move(e));
    if (!consumeOp(Op::Comma))
      break;
  }
  if (!expectClose(Op::LBracket, openLoc) || !seal(*list))
    return nullptr;
  return list;
}

ExprPtr Parser::parseBraces() {
  SrcLoc openLoc = tok_.loc;
  advance(); // '{'
  ExprPtr dict = make(ExprKind::Dict, openLoc);
  while (!isOp(Op::RBrace)) {
    if (isOp(Op::DoubleStar)) {
      failAtTok("dict unpacking is not supported");
      return nullptr;
    }
    ExprPtr k = parseStarOrTest();
    if (!k)
      return nullptr;
    if (!isOp(Op::Colon)) {
      if (isKw(Kw::For))
        failAtTok("comprehensions are not supported");
      else if (dict->children.empty() &&
               (isOp(Op::Comma) || isOp(Op::RBrace)))
        fail(openLoc, "set displays are not supported");
      else
        expected("':'");
      return nullptr;
    }
    if (k->kind == ExprKind::Starred) {
      fail(k->loc, "can't use starred expression here");
      return nullptr;
    }
    advance();
    ExprPtr v = parseTest();
    if (!v)
      return nullptr;
    if (isKw(Kw::For)) {
      failAtTok("comprehensions are not supported");
      return nullptr;
    }
    dict->children.push_back(std::move(k));
    dict->children.push_back(std::move(v));
    if (!consumeOp(Op::Comma))
      break;
  }
  if (!expectClose(Op::LBrace, openLoc) || !seal(*dict))
    return nullptr;
  return dict;
}

ExprPtr Parser::parseNumber() {
  std::string_view text = tok_.text;
  SrcLoc loc = tok_.loc;
  // Strip underscores into a small buffer only when present.
  char small[128];
  std::string big;
  const char *digits = text.data();
  size_t n = text.size();
  if (text.find('_') != std::string_view::npos) {
    char *dst = small;
    if (text.size() >= sizeof small) {
      big.resize(text.size());
      dst = &big[0];
    }
    size_t k = 0;
    for (char c : text)
      if (c != '_')
        dst[k++] = c;
    digits = dst;
    n = k;
  }
  if (tok_.isFloat) {
    double v = 0;
    auto res = std::from_chars(digits, digits + n, v);
    if (res.ec == std::errc::result_out_of_range) {
      // Overflow gives inf, underflow 0 (as Python). Decide by the decimal
      // exponent of the first significant digit.
      long exp10 = 0;
      const char *p = digits, *e = digits + n;
      long intDigits = 0, leadingFracZeros = 0;
      bool seenNonZero = false, inFrac = false;
      for (; p < e && *p != 'e' && *p != 'E'; ++p) {
        if (*p == '.') {
          inFrac = true;
          continue;
        }
        if (!inFrac) {
          if (seenNonZero || *p != '0') {
            seenNonZero = true;
            ++intDigits;
          }
        } else if (!seenNonZero) {
          if (*p == '0')
            ++leadingFracZeros;
          else
            seenNonZero = true;
        }
      }
      if (p < e) {
        ++p;
        bool neg = false;
        if (p < e && (*p == '+' || *p == '-'))
          neg = *p++ == '-';
        for (; p < e; ++p)
          if (exp10 < 100000)
            exp10 = exp10 * 10 + (*p - '0');
        if (neg)
          exp10 = -exp10;
      }
      long mag = intDigits > 0 ? exp10 + intDigits : exp10 - leadingFracZeros;
      v = mag > 0 ? std::numeric_limits<double>::infinity() : 0.0;
    } else if (res.ec != std::errc() || res.ptr != digits + n) {
      fail(loc, "invalid float literal");
      return nullptr;
    }
    advance();
    ExprPtr f = make(ExprKind::Float, loc);
    f->floatVal = v;
    return f;
  }
  int base = 10;
  size_t i = 0;
  if (n > 2 && digits[0] == '0') {
    char b = static_cast<char>(digits[1] | 0x20);
    if (b == 'x')
      base = 16, i = 2;
    else if (b == 'o')
      base = 8, i = 2;
    else if (b == 'b')
      base = 2, i = 2;
  }
  uint64_t v = 0;
  const uint64_t limit = static_cast<uint64_t>(std::numeric_limits<int64_t>::max());
  for (; i < n; ++i) {
    char c = digits[i];
    unsigned d = c >= '0' && c <= '9' ? unsigned(c - '0')
                                      : unsigned((c | 0x20) - 'a' + 10);
    if (v > (limit - d) / static_cast<uint64_t>(base)) {
      fail(loc, "integer literal too large");
      return nullptr;
    }
    v = v * static_cast<uint64_t>(base) + d;
  }
  advance();
  ExprPtr e = make(ExprKind::Int, loc);
  e->intVal = static_cast<int64_t>(v);
  return e;
}

ExprPtr Parser::parseStrings() {
  ExprPtr s = make(ExprKind::Str, tok_.loc);
  std::string message;
  while (tok_.kind == TokKind::String) {
    size_t offset = 0;
    if (!decodeStringLiteral(tok_.text, s->str, message, offset)) {
      // Locate the offending escape (the literal may span lines).
      SrcLoc loc = tok_.loc;
      for (size_t i = 0; i < offset && i < tok_.text.size(); ++i) {
        char c = tok_.text[i];
        if (c == '\n' || (c == '\r' && (i + 1 >= tok_.text.size() ||
                                        tok_.text[i + 1] != '\n'))) {
          ++loc.line;
          loc.col = 1;
        } else {
          ++loc.col;
        }
      }
      fail(loc, message);
      return nullptr;
    }
    advance();
  }
  return s;
}

ExprPtr Parser::parseAtom() {
  SrcLoc loc = tok_.loc;
  switch (tok_.kind) {
  case TokKind::Name: {
    ExprPtr e = make(ExprKind::Name, loc);
    e->str = std::string(tok_.text);
    advance();
    return e;
  }
  case TokKind::Number:
    return parseNumber();
  case TokKind::String:
    return parseStrings();
  case TokKind::Keyword:
    switch (tok_.kw) {
    case Kw::None:
      advance();
      return make(ExprKind::None, loc);
    case Kw::True:
    case Kw::False: {
      ExprPtr e = make(ExprKind::Bool, loc);
      e->boolVal = tok_.kw == Kw::True;
      advance();
      return e;
    }
    case Kw::Lambda:
      return parseLambda();
    default:
      break;
    }
    break;
  case TokKind::Op:
    switch (tok_.op) {
    case Op::LParen:
      return parseParenthesized();
    case Op::LBracket:
      return parseList();
    case Op::LBrace:
      return parseBraces();
    case Op::Ellipsis:
      advance();
      return make(ExprKind::Ellipsis, loc);
    default:
      break;
    }
    break;
  default:
    break;
  }
  expected("expression");
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Printing
//===----------------------------------------------------------------------===//

void appendFloat(std::string &out, double v) {
  if (std::isnan(v)) {
    out += "nan";
    return;
  }
  if (std::isinf(v)) {
    out += v < 0 ? "-inf" : "inf";
    return;
  }
  // Python's repr: shortest round-trip digits; fixed notation when the
  // decimal exponent is in [-4, 16), scientific otherwise.
  char buf[64];
  auto res = std::to_chars(buf, buf + sizeof buf, v, std::chars_format::scientific);
  std::string_view sci(buf, static_cast<size_t>(res.ptr - buf));
  size_t epos = sci.find('e');
  std::string_view mant = sci.substr(0, epos);
  int exp = std::atoi(std::string(sci.substr(epos + 1)).c_str());
  bool neg = !mant.empty() && mant[0] == '-';
  if (neg)
    mant.remove_prefix(1);
  std::string digits;
  for (char c : mant)
    if (c != '.')
      digits += c;
  if (neg)
    out += '-';
  if (exp >= -4 && exp < 16) {
    if (exp < 0) {
      out += "0.";
      out.append(static_cast<size_t>(-exp - 1), '0');
      out += digits;
    } else {
      size_t intLen = static_cast<size_t>(exp) + 1;
      if (digits.size() <= intLen) {
        out += digits;
        out.append(intLen - digits.size(), '0');
        out += ".0";
      } else {
        out.append(digits, 0, intLen);
        out += '.';
        out.append(digits, intLen, std::string::npos);
      }
    }
    return;
  }
  out += digits[0];
  if (digits.size() > 1) {
    out += '.';
    out.append(digits, 1, std::string::npos);
  }
  char e[16];
  std::snprintf(e, sizeof e, "e%c%02d", exp < 0 ? '-' : '+', exp < 0 ? -exp : exp);
  out += e;
}

void appendStr(std::string &out, const std::string &s) {
  char q = '\'';
  if (s.find('\'') != std::string::npos && s.find('"') == std::string::npos)
    q = '"';
  out += q;
  for (char ch : s) {
    unsigned char c = static_cast<unsigned char>(ch);
    switch (c) {
    case '\\': out += "\\\\"; break;
    case '\n': out += "\\n"; break;
    case '\r': out += "\\r"; break;
    case '\t': out += "\\t"; break;
    default:
      if (c == static_cast<unsigned char>(q)) {
        out += '\\';
        out += ch;
      } else if (c < 0x20 || c == 0x7f) {
        char b[8];
        std::snprintf(b, sizeof b, "\\x%02x", c);
        out += b;
      } else {
        out += ch;
      }
    }
  }
  out += q;
}

void print(std::string &out, const Expr &e);

void printSeq(std::string &out, const std::vector<ExprPtr> &v) {
  for (size_t i = 0; i < v.size(); ++i) {
    if (i)
      out += ", ";
    if (v[i])
      print(out, *v[i]);
  }
}

void printSubscriptIndex(std::string &out, const Expr &e) {
  if (e.kind == ExprKind::Tuple && !e.children.empty()) {
    printSeq(out, e.children);
    if (e.children.size() == 1)
      out += ',';
    return;
  }
  print(out, e);
}

void print(std::string &out, const Expr &e) {
  switch (e.kind) {
  case ExprKind::Name:
    out += e.str;
    return;
  case ExprKind::Int:
    out += std::to_string(e.intVal);
    return;
  case ExprKind::Float:
    appendFloat(out, e.floatVal);
    return;
  case ExprKind::Str:
    appendStr(out, e.str);
    return;
  case ExprKind::Bool:
    out += e.boolVal ? "True" : "False";
    return;
  case ExprKind::None:
    out += "None";
    return;
  case ExprKind::Ellipsis:
    out += "...";
    return;
  case ExprKind::Attribute: {
    const Expr *v = e.children.empty() ? nullptr : e.children[0].get();
    bool paren = v && (v->kind == ExprKind::Int || v->kind == ExprKind::Float);
    if (paren)
      out += '(';
    if (v)
      print(out, *v);
    if (paren)
      out += ')';
    out += '.';
    out += e.str;
    return;
  }
  case ExprKind::Call: {
    if (!e.children.empty() && e.children[0])
      print(out, *e.children[0]);
    out += '(';
    bool firstArg = true;
    for (const ExprPtr &a : e.args) {
      if (!firstArg)
        out += ", ";
      firstArg = false;
      if (a)
        print(out, *a);
    }
    for (const Keyword &k : e.keywords) {
      if (!firstArg)
        out += ", ";
      firstArg = false;
      if (k.name.empty())
        out += "**";
      else {
        out += k.name;
        out += '=';
      }
      if (k.value)
        print(out, *k.value);
    }
    out += ')';
    return;
  }
  case ExprKind::Subscript:
    if (e.children.size() >= 1 && e.children[0])
      print(out, *e.children[0]);
    out += '[';
    if (e.children.size() >= 2 && e.children[1])
      printSubscriptIndex(out, *e.children[1]);
    out += ']';
    return;
  case ExprKind::Slice:
    if (e.children.size() >= 1 && e.children[0])
      print(out, *e.children[0]);
    out += ':';
    if (e.children.size() >= 2 && e.children[1])
      print(out, *e.children[1]);
    if (e.children.size() >= 3 && e.children[2]) {
      out += ':';
      print(out, *e.children[2]);
    }
    return;
  case ExprKind::Tuple:
    out += '(';
    printSeq(out, e.children);
    if (e.children.size() == 1)
      out += ',';
    out += ')';
    return;
  case ExprKind::List:
    out += '[';
    printSeq(out, e.children);
    out += ']';
    return;
  case ExprKind::Dict:
    out += '{';
    for (size_t i = 0; i + 1 < e.children.size(); i += 2) {
      if (i)
        out += ", ";
      if (e.children[i])
        print(out, *e.children[i]);
      out += ": ";
      if (e.children[i + 1])
        print(out, *e.children[i + 1]);
    }
    out += '}';
    return;
  case ExprKind::BinOp:
    out += '(';
    if (e.children.size() >= 1 && e.children[0])
      print(out, *e.children[0]);
    out += ' ';
    out += e.str;
    out += ' ';
    if (e.children.size() >= 2 && e.children[1])
      print(out, *e.children[1]);
    out += ')';
    return;
  case ExprKind::UnaryOp:
    out += '(';
    out += e.str;
    if (e.str == "not")
      out += ' ';
    if (!e.children.empty() && e.children[0])
      print(out, *e.children[0]);
    out += ')';
    return;
  case ExprKind::Compare:
    out += '(';
    for (size_t i = 0; i < e.children.size(); ++i) {
      if (i) {
        out += ' ';
        if (i - 1 < e.compareOps.size())
          out += e.compareOps[i - 1];
        out += ' ';
      }
      if (e.children[i])
        print(out, *e.children[i]);
    }
    out += ')';
    return;
  case ExprKind::BoolOp:
    out += '(';
    for (size_t i = 0; i < e.children.size(); ++i) {
      if (i) {
        out += ' ';
        out += e.str;
        out += ' ';
      }
      if (e.children[i])
        print(out, *e.children[i]);
    }
    out += ')';
    return;
  case ExprKind::IfExp:
    out += '(';
    if (e.children.size() == 3 && e.children[0] && e.children[1] &&
        e.children[2]) {
      print(out, *e.children[0]);
      out += " if ";
      print(out, *e.children[1]);
      out += " else ";
      print(out, *e.children[2]);
    }
    out += ')';
    return;
  case ExprKind::Starred:
    out += '*';
    if (!e.children.empty() && e.children[0])
      print(out, *e.children[0]);
    return;
  case ExprKind::Lambda:
    out += "(lambda";
    for (size_t i = 0; i < e.lambdaParams.size(); ++i)
      out += (i ? ", " : " ") + e.lambdaParams[i];
    out += ": ";
    print(out, *e.children[0]);
    out += ')';
    return;
  }
}

} // namespace

bool parseModule(const std::string &source, Module &module, ParseError &error) {
  module.body.clear();
  error = ParseError{};
  Parser parser(source, error);
  if (!parser.parseFile(module)) {
    module.body.clear();
    return false;
  }
  return true;
}

std::string toString(const Expr &expr) {
  std::string out;
  print(out, expr);
  return out;
}

} // namespace mlir::gn::py
