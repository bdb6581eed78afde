//===- NestingDepth.h - refuse text nested past a limit ---------*- C++ -*-===//
//
// MLIR's parser and LLVM's JSON parser descend once per bracket level, so
// deep enough text overflows the stack instead of failing (found by
// gn-fuzz-ir: 1000 open parentheses crash under AddressSanitizer). gn's
// readers check the depth first and refuse such text with an error at the
// bracket that goes too deep; likewise the one construct MLIR 22's parser
// crashes on (a dense array of index, refusedBeforeParsing).
//
// The count must read the text as the parser's lexer does, or an attacker
// hides brackets from it: in MLIR, a `"` inside a `//` comment starts no
// string (the lexer skips the comment), a string ends at its closing quote
// or at the end of its line, and the `>` of `->` or `>=` closes nothing.
// In JSON there are no comments and strings take backslash escapes.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_NESTINGDEPTH_H
#define GN_SUPPORT_NESTINGDEPTH_H

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringRef.h"
#include <optional>
#include <string>
#include <utility>

namespace mlir::gn {

/// Deeper than any IR or JSON gn reads (a few levels of regions, types,
/// objects) and far from the parsers' stack limits.
inline constexpr unsigned kMaxIrNesting = 256;

/// The lexical rules the depth count follows.
enum class NestingSyntax {
  Mlir, ///< `//` comments, strings end at `"` or a newline, `->` and `>=` are tokens
  Json, ///< no comments, strings end at an unescaped `"`; only ( [ { count
};

/// Walks `text` as `syntax`'s lexer reads it, calling `visit(i)` at each
/// offset outside comments and strings. `visit` returns how many more
/// characters to skip (a two-character token), or -1 to stop there, whose
/// offset is then returned.
template <typename Visit>
std::optional<size_t> scanCode(llvm::StringRef text, NestingSyntax syntax, Visit visit) {
  bool mlir = syntax == NestingSyntax::Mlir;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    if (mlir && c == '/' && next == '/') {
      // A comment runs to the end of its line, whatever it holds.
      while (i + 1 < text.size() && text[i + 1] != '\n')
        ++i;
      continue;
    }
    if (c == '"') {
      // A string: a backslash escapes the next character; MLIR's lexer
      // also ends it (as an error) at a newline.
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (mlir && (text[i] == '\n' || text[i] == '\v' || text[i] == '\f'))
          break;
        if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] != '\n')
          ++i;
      }
      continue;
    }
    int skip = visit(i);
    if (skip < 0)
      return i;
    i += skip;
  }
  return std::nullopt;
}

/// The offset of the first bracket that opens level `maxDepth` + 1,
/// counting as `syntax`'s lexer reads the text (outside comments and
/// strings); none if there is none. MLIR counts ( [ { <, JSON [ {.
inline std::optional<size_t> tooDeepAt(llvm::StringRef text, unsigned maxDepth = kMaxIrNesting,
                                       NestingSyntax syntax = NestingSyntax::Mlir) {
  bool mlir = syntax == NestingSyntax::Mlir;
  unsigned depth = 0;
  return scanCode(text, syntax, [&](size_t i) -> int {
    char c = text[i];
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    switch (c) {
    case '-':
      return mlir && next == '>' ? 1 : 0; // `->`, not a closing `>`
    case '(':
    case '[':
    case '{':
    case '<':
      return (mlir || c == '[' || c == '{') && ++depth > maxDepth ? -1 : 0;
    case '>':
      if (mlir && next == '=')
        return 1; // `>=` in an integer set
      [[fallthrough]];
    case ')':
    case ']':
    case '}':
      if ((mlir || c == ']' || c == '}') && depth)
        --depth;
      return 0;
    default:
      return 0;
    }
  });
}

/// The offset of a dense array of `index` elements (`array<index ...>`),
/// outside comments and strings: MLIR 22's parser crashes on it (it asks
/// the index type for a float width; found by gn-fuzz-ir), so gn's readers
/// refuse it before parsing. gn never writes one.
inline std::optional<size_t> indexArrayAt(llvm::StringRef text) {
  return scanCode(text, NestingSyntax::Mlir, [&](size_t i) -> int {
    if (!text.substr(i).starts_with("array") || (i > 0 && (llvm::isAlnum(text[i - 1]) ||
                                                           text[i - 1] == '_' || text[i - 1] == '.')))
      return 0;
    llvm::StringRef rest = text.substr(i + 5).ltrim();
    if (!rest.consume_front("<"))
      return 0;
    rest = rest.ltrim();
    bool index = rest.starts_with("index") &&
                 (rest.size() == 5 || !(llvm::isAlnum(rest[5]) || rest[5] == '_'));
    return index ? -1 : 0;
  });
}

/// Why gn's readers refuse `text` before MLIR parses it, and where: brackets
/// nested too deep (the parser recurses once a level and would overflow the
/// stack), or a dense array of `index` (MLIR 22's parser crashes on it).
struct RefusedText {
  size_t offset;
  std::string why;
};
inline std::optional<RefusedText> refusedBeforeParsing(llvm::StringRef text) {
  if (std::optional<size_t> at = tooDeepAt(text))
    return RefusedText{*at, "brackets nested deeper than " + std::to_string(kMaxIrNesting) +
                                " levels; refused before parsing (the parser recurses once a "
                                "level)"};
  if (std::optional<size_t> at = indexArrayAt(text))
    return RefusedText{*at, "a dense array of index elements (array<index ...>); refused before "
                            "parsing (MLIR's parser crashes on it)"};
  return std::nullopt;
}

/// The 1-based line and column of `offset` in `text`, for the error.
inline std::pair<unsigned, unsigned> lineAndColumn(llvm::StringRef text, size_t offset) {
  llvm::StringRef before = text.take_front(offset);
  size_t lineStart = before.rfind('\n');
  unsigned col = offset - (lineStart == llvm::StringRef::npos ? 0 : lineStart + 1) + 1;
  return {unsigned(before.count('\n') + 1), col};
}

} // namespace mlir::gn

#endif
