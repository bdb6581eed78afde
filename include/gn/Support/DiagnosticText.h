//===- DiagnosticText.h - one-line diagnostics for logs -------*- C++ -*-===//
#ifndef GN_SUPPORT_DIAGNOSTICTEXT_H
#define GN_SUPPORT_DIAGNOSTICTEXT_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Visitors.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace mlir::gn {

/// "file:LINE:COL" of the first file location inside `loc` (through names,
/// call sites and fused locations), else the location as MLIR prints it.
inline std::string locationText(Location loc) {
  std::string text;
  loc->walk([&](Location l) {
    if (auto f = llvm::dyn_cast<FileLineColLoc>(l)) {
      text = (f.getFilename().strref() + ":" + llvm::Twine(f.getLine()) + ":" +
              llvm::Twine(f.getColumn()))
                 .str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  if (text.empty())
    llvm::raw_string_ostream(text) << loc;
  return text;
}

/// "file:LINE:COL: error: message" (the form the tools print), for results
/// files and reports that keep one line per sample.
inline std::string diagnosticText(Diagnostic &diag) {
  std::string loc;
  if (auto fl = llvm::dyn_cast<FileLineColLoc>(diag.getLocation()))
    loc = (fl.getFilename().strref() + ":" + llvm::Twine(fl.getLine()) + ":" +
           llvm::Twine(fl.getColumn()))
              .str();
  else
    llvm::raw_string_ostream(loc) << diag.getLocation();
  return loc + ": error: " + diag.str();
}

} // namespace mlir::gn

#endif // GN_SUPPORT_DIAGNOSTICTEXT_H
