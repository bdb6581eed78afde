//===- Autocast.h - torch.autocast regions at import -------------*- C++ -*-===//
//
// Inside an enabled autocast region PyTorch casts the floating-point tensor
// arguments of some ops before running them, by a per-device policy: to the
// region's low-precision type (matmuls, convolutions), to float32 (losses,
// some reductions), or to the widest type among them (cat, stack). float64
// tensors and everything else pass unchanged. The importer keeps the
// regions open at each point of forward (ImportContext::autocast) and casts
// each call's arguments as the frontend's op lists say
// (Frontend::autocastCast); an op whose internals PyTorch would cast in ways
// gn's single op cannot follow is refused by name.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_AUTOCAST_H
#define GN_IMPORT_PYTHON_AUTOCAST_H

#include "mlir/IR/Types.h"
#include "mlir/Support/LogicalResult.h"
#include "llvm/ADT/StringRef.h"
#include <string>
#include <utility>
#include <vector>

namespace mlir::gn::import {

struct PyValue;
class ImportContext;
class Frontend;
using KwArgs = std::vector<std::pair<std::string, PyValue>>;

/// What an enabled region does to a call's floating-point tensor arguments.
enum class AutocastCast {
  None,         // nothing: the op runs in its arguments' types
  LowPrecision, // to the region's type (float16, bfloat16)
  Float32,      // to float32 (ops with a dtype= argument: unless it is given)
  Widest,       // to the widest type among them and the region's
  Refused,      // not supported inside a region: refused by name
};

/// One `with torch.autocast(...)` open at a point of forward.
struct AutocastRegion {
  std::string device; // "cpu", "cuda"
  mlir::Type lowType; // the region's type; null for a disabled region
};

/// Casts `args` and `kwargs` of a call of `op` as the innermost region
/// open in `ctx` says (nothing when none is, or it is disabled).
mlir::LogicalResult applyAutocast(ImportContext &ctx, const Frontend &frontend,
                                  llvm::StringRef op, bool isMethod, std::vector<PyValue> &args,
                                  KwArgs &kwargs);

} // namespace mlir::gn::import

#endif // GN_IMPORT_PYTHON_AUTOCAST_H
