//===- PyLexer.h - Tokenizer for the restricted Python subset -----*- C++ -*-===//
//
// Private to lib/Import. A single-pass, on-demand tokenizer producing the
// Python token stream (NEWLINE / INDENT / DEDENT included) for the parser in
// PyParser.cpp. Tokens refer to the source text by pointer; the source must
// outlive the lexer and its tokens. No exceptions, no allocation per token.
//
//===----------------------------------------------------------------------===//
#ifndef GN_LIB_IMPORT_PYLEXER_H
#define GN_LIB_IMPORT_PYLEXER_H

#include "gn/Import/Python/PyAST.h"

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace mlir::gn::py {

enum class TokKind : uint8_t {
  Eof,
  Newline,
  Indent,
  Dedent,
  Name,   // identifier (not a keyword)
  Keyword,
  Number, // integer or float literal; see Token::isFloat
  String, // one string literal, prefix and quotes included in `text`
  Op,     // operator or delimiter; see Token::op
  Error,  // lexing failed; Lexer::errorMessage() says why
};

enum class Kw : uint8_t {
  None_ = 0, // not a keyword
  False,
  None,
  True,
  And,
  As,
  Assert,
  Async,
  Await,
  Break,
  Class,
  Continue,
  Def,
  Del,
  Elif,
  Else,
  Except,
  Finally,
  For,
  From,
  Global,
  If,
  Import,
  In,
  Is,
  Lambda,
  Nonlocal,
  Not,
  Or,
  Pass,
  Raise,
  Return,
  Try,
  While,
  With,
  Yield,
};

enum class Op : uint8_t {
  None_ = 0,
  LParen,
  RParen,
  LBracket,
  RBracket,
  LBrace,
  RBrace,
  Comma,
  Colon,
  Semi,
  Dot,
  Ellipsis, // ...
  Arrow,    // ->
  Assign,   // =
  At,       // @
  Plus,
  Minus,
  Star,
  DoubleStar,
  Slash,
  DoubleSlash,
  Percent,
  Amp,
  Pipe,
  Caret,
  Tilde,
  LShift,
  RShift,
  Lt,
  Gt,
  Le,
  Ge,
  EqEq,
  NotEq,
  ColonEq, // :=
  // Augmented assignments.
  PlusEq,
  MinusEq,
  StarEq,
  DoubleStarEq,
  SlashEq,
  DoubleSlashEq,
  PercentEq,
  AtEq,
  AmpEq,
  PipeEq,
  CaretEq,
  LShiftEq,
  RShiftEq,
};

struct Token {
  TokKind kind = TokKind::Eof;
  Op op = Op::None_;
  Kw kw = Kw::None_;
  bool isFloat = false; // Number: has '.', exponent (or is otherwise a float)
  SrcLoc loc;
  std::string_view text; // exact source spelling (empty for synthetic tokens)
};

/// Spelling of an operator token, e.g. "**=" (for diagnostics and the AST).
const char *opSpelling(Op op);
/// Spelling of a keyword, e.g. "lambda".
const char *kwSpelling(Kw kw);
/// For an augmented-assignment operator, the binary operator spelling ("+"
/// for "+="); nullptr otherwise.
const char *augAssignBinOp(Op op);

class Lexer {
public:
  /// Maximum indentation depth (as CPython).
  static constexpr unsigned kMaxIndent = 100;

  explicit Lexer(std::string_view source);

  /// Returns the next token. After an Error or Eof token, keeps returning the
  /// same kind of token.
  Token next();

  /// Message of the last Error token.
  const std::string &errorMessage() const { return errorMessage_; }

private:
  Token makeError(SrcLoc loc, std::string message);
  Token lexToken();
  bool atLineStart();
  Token lexNumber(const char *start, SrcLoc loc);
  Token lexString(const char *start, const char *quote, SrcLoc loc);
  SrcLoc locOf(const char *p) const {
    return SrcLoc{line_, static_cast<unsigned>(p - lineStart_) + 1};
  }
  void newLine(const char *nextLineStart) {
    ++line_;
    lineStart_ = nextLineStart;
  }

  const char *cur_;
  const char *end_;
  const char *lineStart_;
  unsigned line_ = 1;
  unsigned parenDepth_ = 0;
  bool lineHasTokens_ = false; // the current logical line produced tokens
  bool atBol_ = true;          // indentation of the next line not yet measured
  bool failed_ = false;
  unsigned pendingDedents_ = 0;
  bool pendingIndent_ = false;
  SrcLoc pendingLoc_;
  std::vector<unsigned> indents_{0};
  std::string errorMessage_;
  Token errorToken_;
};

/// Decodes one string literal token's spelling (prefix and quotes included)
/// into `out` (appended). Returns false with `message` set (and `offset`, the
/// byte offset in `text` of the offending escape) on an invalid escape.
bool decodeStringLiteral(std::string_view text, std::string &out,
                         std::string &message, size_t &offset);

} // namespace mlir::gn::py

#endif // GN_LIB_IMPORT_PYLEXER_H
