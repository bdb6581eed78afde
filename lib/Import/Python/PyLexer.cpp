//===- PyLexer.cpp - Tokenizer for the restricted Python subset -----------===//
//
// Single pass over the source; tokens are produced on demand so that the
// parser reports the first error in source order.
//
//===----------------------------------------------------------------------===//
#include "PyLexer.h"

#include <cstdio>
#include <cstring>

namespace mlir::gn::py {

namespace {

struct KwEntry {
  const char *spelling;
  Kw kw;
};

const KwEntry kKeywords[] = {
    {"False", Kw::False},   {"None", Kw::None},         {"True", Kw::True},
    {"and", Kw::And},       {"as", Kw::As},             {"assert", Kw::Assert},
    {"async", Kw::Async},   {"await", Kw::Await},       {"break", Kw::Break},
    {"class", Kw::Class},   {"continue", Kw::Continue}, {"def", Kw::Def},
    {"del", Kw::Del},       {"elif", Kw::Elif},         {"else", Kw::Else},
    {"except", Kw::Except}, {"finally", Kw::Finally},   {"for", Kw::For},
    {"from", Kw::From},     {"global", Kw::Global},     {"if", Kw::If},
    {"import", Kw::Import}, {"in", Kw::In},             {"is", Kw::Is},
    {"lambda", Kw::Lambda}, {"nonlocal", Kw::Nonlocal}, {"not", Kw::Not},
    {"or", Kw::Or},         {"pass", Kw::Pass},         {"raise", Kw::Raise},
    {"return", Kw::Return}, {"try", Kw::Try},           {"while", Kw::While},
    {"with", Kw::With},     {"yield", Kw::Yield},
};

Kw lookupKeyword(std::string_view s) {
  // Keywords are 2..8 characters; identifiers in samples are usually longer
  // or start with letters that no keyword starts with, so this is cheap.
  if (s.size() < 2 || s.size() > 8)
    return Kw::None_;
  for (const KwEntry &e : kKeywords)
    if (e.spelling[0] == s[0] && s == e.spelling)
      return e.kw;
  return Kw::None_;
}

inline bool isIdentStart(unsigned char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' ||
         c >= 0x80;
}
inline bool isIdentChar(unsigned char c) {
  return isIdentStart(c) || (c >= '0' && c <= '9');
}
inline bool isDec(unsigned char c) { return c >= '0' && c <= '9'; }
inline bool isHex(unsigned char c) {
  return isDec(c) || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}
inline bool isOct(unsigned char c) { return c >= '0' && c <= '7'; }
inline bool isBin(unsigned char c) { return c == '0' || c == '1'; }

std::string describeChar(unsigned char c) {
  char buf[48];
  if (c >= 0x21 && c < 0x7f)
    std::snprintf(buf, sizeof buf, "invalid character '%c'", c);
  else
    std::snprintf(buf, sizeof buf, "invalid character '\\x%02x'", c);
  return buf;
}

void appendUtf8(std::string &out, uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0 | (cp >> 6));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0 | (cp >> 12));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  } else {
    out += static_cast<char>(0xF0 | (cp >> 18));
    out += static_cast<char>(0x80 | ((cp >> 12) & 0x3F));
    out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
    out += static_cast<char>(0x80 | (cp & 0x3F));
  }
}

unsigned hexVal(unsigned char c) {
  if (isDec(c))
    return c - '0';
  if (c >= 'a' && c <= 'f')
    return c - 'a' + 10;
  return c - 'A' + 10;
}

} // namespace

const char *opSpelling(Op op) {
  switch (op) {
  case Op::None_: return "";
  case Op::LParen: return "(";
  case Op::RParen: return ")";
  case Op::LBracket: return "[";
  case Op::RBracket: return "]";
  case Op::LBrace: return "{";
  case Op::RBrace: return "}";
  case Op::Comma: return ",";
  case Op::Colon: return ":";
  case Op::Semi: return ";";
  case Op::Dot: return ".";
  case Op::Ellipsis: return "...";
  case Op::Arrow: return "->";
  case Op::Assign: return "=";
  case Op::At: return "@";
  case Op::Plus: return "+";
  case Op::Minus: return "-";
  case Op::Star: return "*";
  case Op::DoubleStar: return "**";
  case Op::Slash: return "/";
  case Op::DoubleSlash: return "//";
  case Op::Percent: return "%";
  case Op::Amp: return "&";
  case Op::Pipe: return "|";
  case Op::Caret: return "^";
  case Op::Tilde: return "~";
  case Op::LShift: return "<<";
  case Op::RShift: return ">>";
  case Op::Lt: return "<";
  case Op::Gt: return ">";
  case Op::Le: return "<=";
  case Op::Ge: return ">=";
  case Op::EqEq: return "==";
  case Op::NotEq: return "!=";
  case Op::ColonEq: return ":=";
  case Op::PlusEq: return "+=";
  case Op::MinusEq: return "-=";
  case Op::StarEq: return "*=";
  case Op::DoubleStarEq: return "**=";
  case Op::SlashEq: return "/=";
  case Op::DoubleSlashEq: return "//=";
  case Op::PercentEq: return "%=";
  case Op::AtEq: return "@=";
  case Op::AmpEq: return "&=";
  case Op::PipeEq: return "|=";
  case Op::CaretEq: return "^=";
  case Op::LShiftEq: return "<<=";
  case Op::RShiftEq: return ">>=";
  }
  return "";
}

const char *kwSpelling(Kw kw) {
  for (const KwEntry &e : kKeywords)
    if (e.kw == kw)
      return e.spelling;
  return "";
}

const char *augAssignBinOp(Op op) {
  switch (op) {
  case Op::PlusEq: return "+";
  case Op::MinusEq: return "-";
  case Op::StarEq: return "*";
  case Op::DoubleStarEq: return "**";
  case Op::SlashEq: return "/";
  case Op::DoubleSlashEq: return "//";
  case Op::PercentEq: return "%";
  case Op::AtEq: return "@";
  case Op::AmpEq: return "&";
  case Op::PipeEq: return "|";
  case Op::CaretEq: return "^";
  case Op::LShiftEq: return "<<";
  case Op::RShiftEq: return ">>";
  default: return nullptr;
  }
}

Lexer::Lexer(std::string_view source)
    : cur_(source.data()), end_(source.data() + source.size()),
      lineStart_(source.data()) {
  // A UTF-8 byte order mark is allowed at the very start.
  if (source.size() >= 3 && static_cast<unsigned char>(source[0]) == 0xEF &&
      static_cast<unsigned char>(source[1]) == 0xBB &&
      static_cast<unsigned char>(source[2]) == 0xBF) {
    cur_ += 3;
    lineStart_ = cur_;
  }
}

Token Lexer::makeError(SrcLoc loc, std::string message) {
  failed_ = true;
  errorMessage_ = std::move(message);
  errorToken_ = Token{};
  errorToken_.kind = TokKind::Error;
  errorToken_.loc = loc;
  return errorToken_;
}

Token Lexer::next() {
  if (failed_)
    return errorToken_;
  if (pendingDedents_ > 0) {
    --pendingDedents_;
    Token t;
    t.kind = TokKind::Dedent;
    t.loc = pendingLoc_;
    return t;
  }
  return lexToken();
}

// At the start of a logical line outside brackets: skips blank and
// comment-only lines and measures the indentation of the next real line.
// Returns true when it produced an INDENT/DEDENT (or error) token in
// `pendingIndent_`/`pendingDedents_` for the caller to emit.
bool Lexer::atLineStart() {
  for (;;) {
    const char *p = cur_;
    unsigned col = 0;
    while (p < end_) {
      char c = *p;
      if (c == ' ')
        ++col;
      else if (c == '\t')
        col = (col / 8 + 1) * 8;
      else if (c == '\f')
        col = 0;
      else
        break;
      ++p;
      if (col > 100000) // absurd indentation; keep arithmetic sane
        col = 100000;
    }
    if (p == end_) {
      cur_ = p;
      return false; // EOF: handled by the caller
    }
    char c = *p;
    if (c == '#' || c == '\n' || c == '\r') {
      // Blank or comment-only line: skip it entirely.
      while (p < end_ && *p != '\n' && *p != '\r')
        ++p;
      if (p == end_) {
        cur_ = p;
        return false;
      }
      if (*p == '\r' && p + 1 < end_ && p[1] == '\n')
        ++p;
      ++p;
      newLine(p);
      cur_ = p;
      continue;
    }
    cur_ = p;
    SrcLoc loc = locOf(p);
    if (col > indents_.back()) {
      if (indents_.size() > kMaxIndent) {
        makeError(loc, "too many levels of indentation");
        return true;
      }
      indents_.push_back(col);
      pendingIndent_ = true;
      pendingLoc_ = loc;
      return true;
    }
    if (col < indents_.back()) {
      unsigned n = 0;
      while (indents_.size() > 1 && indents_.back() > col) {
        indents_.pop_back();
        ++n;
      }
      if (indents_.back() != col) {
        makeError(loc, "unindent does not match any outer indentation level");
        return true;
      }
      pendingDedents_ = n;
      pendingLoc_ = loc;
      return true;
    }
    return false;
  }
}

Token Lexer::lexToken() {
  for (;;) {
    if (atBol_ && parenDepth_ == 0) {
      atBol_ = false;
      if (atLineStart()) {
        if (failed_)
          return errorToken_;
        Token t;
        t.loc = pendingLoc_;
        if (pendingIndent_) {
          pendingIndent_ = false;
          t.kind = TokKind::Indent;
          return t;
        }
        --pendingDedents_;
        t.kind = TokKind::Dedent;
        return t;
      }
    }
    // Skip horizontal whitespace.
    while (cur_ < end_ && (*cur_ == ' ' || *cur_ == '\t' || *cur_ == '\f'))
      ++cur_;
    if (cur_ == end_) {
      Token t;
      t.loc = locOf(cur_);
      if (lineHasTokens_) {
        lineHasTokens_ = false;
        t.kind = TokKind::Newline;
        return t;
      }
      if (indents_.size() > 1) {
        pendingDedents_ = static_cast<unsigned>(indents_.size() - 2);
        pendingLoc_ = t.loc;
        indents_.resize(1);
        t.kind = TokKind::Dedent;
        return t;
      }
      t.kind = TokKind::Eof;
      return t;
    }
    const char *start = cur_;
    unsigned char c = static_cast<unsigned char>(*cur_);
    if (c == '#') {
      while (cur_ < end_ && *cur_ != '\n' && *cur_ != '\r')
        ++cur_;
      continue;
    }
    if (c == '\n' || c == '\r') {
      SrcLoc loc = locOf(cur_);
      if (c == '\r' && cur_ + 1 < end_ && cur_[1] == '\n')
        ++cur_;
      ++cur_;
      newLine(cur_);
      if (parenDepth_ > 0)
        continue; // implicit line joining
      if (!lineHasTokens_) {
        atBol_ = true;
        continue;
      }
      lineHasTokens_ = false;
      atBol_ = true;
      Token t;
      t.kind = TokKind::Newline;
      t.loc = loc;
      return t;
    }
    if (c == '\\') {
      const char *p = cur_ + 1;
      if (p < end_ && (*p == '\n' || *p == '\r')) {
        if (*p == '\r' && p + 1 < end_ && p[1] == '\n')
          ++p;
        ++p;
        newLine(p);
        cur_ = p;
        if (cur_ == end_)
          return makeError(locOf(cur_),
                           "unexpected end of file after line continuation");
        continue;
      }
      return makeError(locOf(cur_),
                       "unexpected character after line continuation character");
    }

    lineHasTokens_ = true;
    SrcLoc loc = locOf(cur_);
    Token t;
    t.loc = loc;

    if (isIdentStart(c)) {
      const char *p = cur_ + 1;
      while (p < end_ && isIdentChar(static_cast<unsigned char>(*p)))
        ++p;
      size_t len = static_cast<size_t>(p - cur_);
      // String prefix?
      if (len <= 2 && p < end_ && (*p == '\'' || *p == '"')) {
        bool isPrefix = true, isF = false;
        for (const char *q = cur_; q < p; ++q) {
          char l = static_cast<char>(*q | 0x20);
          if (l == 'f')
            isF = true;
          else if (l != 'r' && l != 'b' && l != 'u')
            isPrefix = false;
        }
        if (len == 2) {
          char a = static_cast<char>(cur_[0] | 0x20);
          char b = static_cast<char>(cur_[1] | 0x20);
          if (a == b || a == 'u' || b == 'u')
            isPrefix = false;
          if ((a == 'f' && b == 'b') || (a == 'b' && b == 'f'))
            isPrefix = false;
        }
        if (isPrefix) {
          if (isF)
            return makeError(loc, "f-strings are not supported");
          return lexString(start, p, loc);
        }
      }
      cur_ = p;
      t.text = std::string_view(start, len);
      t.kw = lookupKeyword(t.text);
      t.kind = t.kw == Kw::None_ ? TokKind::Name : TokKind::Keyword;
      return t;
    }
    if (isDec(c) || (c == '.' && cur_ + 1 < end_ && isDec(cur_[1])))
      return lexNumber(start, loc);
    if (c == '\'' || c == '"')
      return lexString(start, start, loc);

    // Operators and delimiters, longest match first.
    auto peek = [&](size_t i) -> char {
      return cur_ + i < end_ ? cur_[i] : '\0';
    };
    char c1 = peek(1), c2 = peek(2);
    Op op = Op::None_;
    size_t len = 1;
    switch (c) {
    case '(': op = Op::LParen; ++parenDepth_; break;
    case '[': op = Op::LBracket; ++parenDepth_; break;
    case '{': op = Op::LBrace; ++parenDepth_; break;
    case ')': op = Op::RParen; if (parenDepth_) --parenDepth_; break;
    case ']': op = Op::RBracket; if (parenDepth_) --parenDepth_; break;
    case '}': op = Op::RBrace; if (parenDepth_) --parenDepth_; break;
    case ',': op = Op::Comma; break;
    case ';': op = Op::Semi; break;
    case '~': op = Op::Tilde; break;
    case ':':
      if (c1 == '=') op = Op::ColonEq, len = 2;
      else op = Op::Colon;
      break;
    case '.':
      if (c1 == '.' && c2 == '.') op = Op::Ellipsis, len = 3;
      else op = Op::Dot;
      break;
    case '=':
      if (c1 == '=') op = Op::EqEq, len = 2;
      else op = Op::Assign;
      break;
    case '!':
      if (c1 == '=') op = Op::NotEq, len = 2;
      break;
    case '@':
      if (c1 == '=') op = Op::AtEq, len = 2;
      else op = Op::At;
      break;
    case '+':
      if (c1 == '=') op = Op::PlusEq, len = 2;
      else op = Op::Plus;
      break;
    case '-':
      if (c1 == '=') op = Op::MinusEq, len = 2;
      else if (c1 == '>') op = Op::Arrow, len = 2;
      else op = Op::Minus;
      break;
    case '*':
      if (c1 == '*') {
        if (c2 == '=') op = Op::DoubleStarEq, len = 3;
        else op = Op::DoubleStar, len = 2;
      } else if (c1 == '=') op = Op::StarEq, len = 2;
      else op = Op::Star;
      break;
    case '/':
      if (c1 == '/') {
        if (c2 == '=') op = Op::DoubleSlashEq, len = 3;
        else op = Op::DoubleSlash, len = 2;
      } else if (c1 == '=') op = Op::SlashEq, len = 2;
      else op = Op::Slash;
      break;
    case '%':
      if (c1 == '=') op = Op::PercentEq, len = 2;
      else op = Op::Percent;
      break;
    case '&':
      if (c1 == '=') op = Op::AmpEq, len = 2;
      else op = Op::Amp;
      break;
    case '|':
      if (c1 == '=') op = Op::PipeEq, len = 2;
      else op = Op::Pipe;
      break;
    case '^':
      if (c1 == '=') op = Op::CaretEq, len = 2;
      else op = Op::Caret;
      break;
    case '<':
      if (c1 == '<') {
        if (c2 == '=') op = Op::LShiftEq, len = 3;
        else op = Op::LShift, len = 2;
      } else if (c1 == '=') op = Op::Le, len = 2;
      else op = Op::Lt;
      break;
    case '>':
      if (c1 == '>') {
        if (c2 == '=') op = Op::RShiftEq, len = 3;
        else op = Op::RShift, len = 2;
      } else if (c1 == '=') op = Op::Ge, len = 2;
      else op = Op::Gt;
      break;
    default:
      break;
    }
    if (op == Op::None_)
      return makeError(loc, describeChar(c));
    cur_ += len;
    t.kind = TokKind::Op;
    t.op = op;
    t.text = std::string_view(start, len);
    return t;
  }
}

Token Lexer::lexNumber(const char *start, SrcLoc loc) {
  const char *p = start;
  Token t;
  t.kind = TokKind::Number;
  t.loc = loc;

  // Scans digits accepted by `isDigit`, allowing single underscores between
  // digits. Returns false on a misplaced underscore.
  auto scanDigits = [&](bool (*isDigit)(unsigned char), bool allowLeadingUnderscore) {
    bool prevDigit = allowLeadingUnderscore;
    while (p < end_) {
      unsigned char ch = static_cast<unsigned char>(*p);
      if (isDigit(ch)) {
        prevDigit = true;
        ++p;
      } else if (ch == '_') {
        if (!prevDigit || p + 1 >= end_ ||
            !isDigit(static_cast<unsigned char>(p[1])))
          return false;
        prevDigit = false;
        ++p;
      } else {
        break;
      }
    }
    return true;
  };

  if (*p == '0' && p + 1 < end_ &&
      (p[1] == 'x' || p[1] == 'X' || p[1] == 'o' || p[1] == 'O' ||
       p[1] == 'b' || p[1] == 'B')) {
    char base = static_cast<char>(p[1] | 0x20);
    bool (*isDigit)(unsigned char) =
        base == 'x' ? isHex : base == 'o' ? isOct : isBin;
    const char *kind = base == 'x'   ? "invalid hexadecimal literal"
                       : base == 'o' ? "invalid octal literal"
                                     : "invalid binary literal";
    p += 2;
    const char *digitsStart = p;
    if (!scanDigits(isDigit, true))
      return makeError(loc, kind);
    bool anyDigit = false;
    for (const char *q = digitsStart; q < p; ++q)
      if (*q != '_')
        anyDigit = true;
    if (!anyDigit ||
        (p < end_ && isIdentChar(static_cast<unsigned char>(*p))) ||
        (p < end_ && isDec(static_cast<unsigned char>(*p))))
      return makeError(loc, kind);
    cur_ = p;
    t.text = std::string_view(start, static_cast<size_t>(p - start));
    return t;
  }

  bool isFloat = false;
  if (!scanDigits(isDec, false))
    return makeError(loc, "invalid decimal literal");
  const char *intEnd = p;
  if (p < end_ && *p == '.') {
    isFloat = true;
    ++p;
    if (p < end_ && *p == '_')
      return makeError(loc, "invalid decimal literal");
    if (!scanDigits(isDec, false))
      return makeError(loc, "invalid decimal literal");
  }
  if (p < end_ && (*p == 'e' || *p == 'E')) {
    const char *q = p + 1;
    if (q < end_ && (*q == '+' || *q == '-'))
      ++q;
    if (q < end_ && isDec(static_cast<unsigned char>(*q))) {
      p = q;
      if (!scanDigits(isDec, false))
        return makeError(loc, "invalid decimal literal");
      isFloat = true;
    } else {
      return makeError(loc, "invalid decimal literal");
    }
  }
  if (p < end_ && (*p == 'j' || *p == 'J'))
    return makeError(loc, "complex literals are not supported");
  if (p < end_ && isIdentChar(static_cast<unsigned char>(*p)))
    return makeError(loc, "invalid decimal literal");
  if (!isFloat && intEnd - start > 1 && *start == '0') {
    for (const char *q = start; q < intEnd; ++q)
      if (*q != '0' && *q != '_')
        return makeError(
            loc, "leading zeros in decimal integer literals are not permitted");
  }
  cur_ = p;
  t.isFloat = isFloat;
  t.text = std::string_view(start, static_cast<size_t>(p - start));
  return t;
}

Token Lexer::lexString(const char *start, const char *quote, SrcLoc loc) {
  char q = *quote;
  const char *p = quote + 1;
  bool triple = p + 1 < end_ && p[0] == q && p[1] == q;
  if (triple) {
    p += 2;
    for (;;) {
      if (p >= end_)
        return makeError(loc, "unterminated triple-quoted string literal");
      char c = *p;
      if (c == '\\') {
        ++p;
        if (p >= end_)
          continue;
        if (*p == '\r' && p + 1 < end_ && p[1] == '\n')
          ++p;
        if (*p == '\n' || *p == '\r') {
          ++p;
          newLine(p);
          continue;
        }
        ++p;
        continue;
      }
      if (c == '\n' || c == '\r') {
        if (c == '\r' && p + 1 < end_ && p[1] == '\n')
          ++p;
        ++p;
        newLine(p);
        continue;
      }
      if (c == q && p + 2 < end_ && p[1] == q && p[2] == q) {
        p += 3;
        break;
      }
      ++p;
    }
  } else {
    for (;;) {
      if (p >= end_)
        return makeError(loc, "unterminated string literal");
      char c = *p;
      if (c == '\n' || c == '\r')
        return makeError(loc, "unterminated string literal");
      if (c == '\\') {
        ++p;
        if (p >= end_)
          return makeError(loc, "unterminated string literal");
        if (*p == '\r' && p + 1 < end_ && p[1] == '\n')
          ++p;
        if (*p == '\n' || *p == '\r') {
          ++p;
          newLine(p);
          continue;
        }
        ++p;
        continue;
      }
      ++p;
      if (c == q)
        break;
    }
  }
  cur_ = p;
  Token t;
  t.kind = TokKind::String;
  t.loc = loc;
  t.text = std::string_view(start, static_cast<size_t>(p - start));
  return t;
}

bool decodeStringLiteral(std::string_view text, std::string &out,
                         std::string &message, size_t &offset) {
  size_t i = 0;
  bool raw = false, bytes = false;
  while (i < text.size() && text[i] != '\'' && text[i] != '"') {
    char l = static_cast<char>(text[i] | 0x20);
    if (l == 'r')
      raw = true;
    else if (l == 'b')
      bytes = true;
    ++i;
  }
  if (i >= text.size()) {
    message = "malformed string literal";
    offset = 0;
    return false;
  }
  char q = text[i];
  size_t qlen = 1;
  if (text.size() >= i + 6 && text[i + 1] == q && text[i + 2] == q)
    qlen = 3;
  if (text.size() < i + 2 * qlen) {
    message = "malformed string literal";
    offset = 0;
    return false;
  }
  size_t b = i + qlen, e = text.size() - qlen;
  out.reserve(out.size() + (e - b));
  for (size_t k = b; k < e;) {
    char c = text[k];
    if (c == '\r') {
      // Newlines inside (triple-quoted or continued) strings read as '\n'.
      out += '\n';
      k += (k + 1 < e && text[k + 1] == '\n') ? 2 : 1;
      continue;
    }
    if (c != '\\') {
      out += c;
      ++k;
      continue;
    }
    if (k + 1 >= e) { // cannot happen for a lexed literal
      out += c;
      ++k;
      continue;
    }
    char n = text[k + 1];
    if (raw) {
      // Raw strings keep the backslash; it only protects the next character.
      out += c;
      if (n == '\r') {
        out += '\n';
        k += (k + 2 < e && text[k + 2] == '\n') ? 3 : 2;
      } else {
        out += n;
        k += 2;
      }
      continue;
    }
    size_t escStart = k;
    k += 2;
    switch (n) {
    case '\n': break;
    case '\r':
      if (k < e && text[k] == '\n')
        ++k;
      break;
    case '\\': out += '\\'; break;
    case '\'': out += '\''; break;
    case '"': out += '"'; break;
    case 'a': out += '\a'; break;
    case 'b': out += '\b'; break;
    case 'f': out += '\f'; break;
    case 'n': out += '\n'; break;
    case 'r': out += '\r'; break;
    case 't': out += '\t'; break;
    case 'v': out += '\v'; break;
    case '0': case '1': case '2': case '3':
    case '4': case '5': case '6': case '7': {
      uint32_t v = static_cast<uint32_t>(n - '0');
      for (int d = 0; d < 2 && k < e && isOct(static_cast<unsigned char>(text[k])); ++d)
        v = v * 8 + static_cast<uint32_t>(text[k++] - '0');
      if (bytes)
        out += static_cast<char>(v & 0xFF);
      else
        appendUtf8(out, v);
      break;
    }
    case 'x':
    case 'u':
    case 'U': {
      if (bytes && n != 'x') {
        out += '\\';
        out += n;
        break;
      }
      int digits = n == 'x' ? 2 : n == 'u' ? 4 : 8;
      uint32_t v = 0;
      for (int d = 0; d < digits; ++d) {
        if (k >= e || !isHex(static_cast<unsigned char>(text[k]))) {
          message = n == 'x' ? "invalid \\x escape"
                  : n == 'u' ? "invalid \\u escape"
                             : "invalid \\U escape";
          offset = escStart;
          return false;
        }
        v = v * 16 + hexVal(static_cast<unsigned char>(text[k++]));
      }
      if (bytes) {
        out += static_cast<char>(v);
      } else {
        if (v > 0x10FFFF) {
          message = "illegal unicode character in \\U escape";
          offset = escStart;
          return false;
        }
        appendUtf8(out, v);
      }
      break;
    }
    case 'N':
      if (!bytes) {
        message = "\\N{...} escapes are not supported";
        offset = escStart;
        return false;
      }
      out += '\\';
      out += n;
      break;
    default:
      // Unknown escapes keep their backslash (as Python does).
      out += '\\';
      out += n;
      break;
    }
  }
  return true;
}

} // namespace mlir::gn::py
