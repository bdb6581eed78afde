//===- DiagnosticText.h - one-line diagnostics for logs -------*- C++ -*-===//
#ifndef GN_SUPPORT_DIAGNOSTICTEXT_H
#define GN_SUPPORT_DIAGNOSTICTEXT_H

#include "mlir/IR/Diagnostics.h"
#include "llvm/Support/raw_ostream.h"
#include <string>

namespace mlir::gn {

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
