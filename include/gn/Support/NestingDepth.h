//===- NestingDepth.h - refuse IR text nested past a limit ----------------===//
//
// MLIR's parser descends once per bracket level ((((...) in a type, nested
// regions), so deep enough text overflows the stack instead of failing
// (found by gn-fuzz-ir: 1000 open parentheses crash under AddressSanitizer).
// gn's readers of .mlir files (gn-eval, and gn-opt for a file it is given)
// check the depth first and refuse such text with an error at the bracket
// that goes too deep.
//
//===----------------------------------------------------------------------===//
#ifndef GN_SUPPORT_NESTINGDEPTH_H
#define GN_SUPPORT_NESTINGDEPTH_H

#include "llvm/ADT/StringRef.h"
#include <optional>
#include <utility>

namespace mlir::gn {

/// Deeper than any IR gn writes (a few levels of regions and types) and far
/// from the parser's stack limit.
inline constexpr unsigned kMaxIrNesting = 256;

/// The offset of the first bracket ((, [, { or <) that opens level
/// `maxDepth` + 1, counting outside string literals; none if there is none.
inline std::optional<size_t> tooDeepAt(llvm::StringRef text, unsigned maxDepth = kMaxIrNesting) {
  unsigned depth = 0;
  bool inString = false;
  for (size_t i = 0; i < text.size(); ++i) {
    char c = text[i];
    if (inString) {
      if (c == '\\')
        ++i; // an escaped character
      else if (c == '"')
        inString = false;
      continue;
    }
    switch (c) {
    case '"':
      inString = true;
      break;
    case '(':
    case '[':
    case '{':
    case '<':
      if (++depth > maxDepth)
        return i;
      break;
    case ')':
    case ']':
    case '}':
    case '>':
      if (depth)
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
