//===- NestingDepth.h - refuse text nested past a limit ---------*- C++ -*-===//
//
// MLIR's parser and LLVM's JSON parser descend once per bracket level, so
// deep enough text overflows the stack instead of failing (found by
// gn-fuzz-ir: 1000 open parentheses crash under AddressSanitizer). gn's
// readers check the depth first and refuse such text with an error at the
// bracket that goes too deep.
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

#include "llvm/ADT/StringRef.h"
#include <optional>
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

/// The offset of the first bracket that opens level `maxDepth` + 1,
/// counting as `syntax`'s lexer reads the text (outside comments and
/// strings); none if there is none. MLIR counts ( [ { <, JSON [ {.
inline std::optional<size_t> tooDeepAt(llvm::StringRef text, unsigned maxDepth = kMaxIrNesting,
                                       NestingSyntax syntax = NestingSyntax::Mlir) {
  bool mlir = syntax == NestingSyntax::Mlir;
  unsigned depth = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    char next = i + 1 < text.size() ? text[i + 1] : '\0';
    switch (c) {
    case '/':
      // A comment runs to the end of its line, whatever it holds.
      if (mlir && next == '/')
        while (i + 1 < text.size() && text[i + 1] != '\n')
          ++i;
      break;
    case '"':
      // A string: a backslash escapes the next character; MLIR's lexer
      // also ends it (as an error) at a newline.
      for (++i; i < text.size() && text[i] != '"'; ++i) {
        if (mlir && (text[i] == '\n' || text[i] == '\v' || text[i] == '\f'))
          break;
        if (text[i] == '\\' && i + 1 < text.size() && text[i + 1] != '\n')
          ++i;
      }
      break;
    case '-':
      if (mlir && next == '>')
        ++i; // `->`, not a closing `>`
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      if ((mlir || c == '[' || c == '{') && ++depth > maxDepth)
        return i;
      break;
    case '>':
      if (mlir && next == '=') {
        ++i; // `>=` in an integer set
        break;
      }
      [[fallthrough]];
    case ')':
    case ']':
    case '}':
      if ((mlir || c == ']' || c == '}') && depth)
        --depth;
      break;
    default:
      break;
    }
  }
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
