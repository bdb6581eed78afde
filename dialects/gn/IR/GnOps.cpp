//===- GnOps.cpp - op verifiers of the gn dialect -------------------------===//
//
// Shapes are checked by the shape functions (GnShapes.h) through
// InferTypeOpInterface; the verifiers here check what shapes cannot say.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnOps.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::gn;

/// Fails with "<attr> must be one of ..." when `value` is not in `allowed`.
static LogicalResult checkOneOf(Operation *op, llvm::StringRef attr, llvm::StringRef value,
                                llvm::ArrayRef<llvm::StringRef> allowed) {
  if (llvm::is_contained(allowed, value))
    return success();
  std::string list;
  for (llvm::StringRef a : allowed)
    list += (list.empty() ? "'" : ", '") + a.str() + "'";
  return op->emitOpError() << attr << " must be one of " << list << ", got '" << value << "'";
}

LogicalResult RandomOp::verify() {
  return checkOneOf(*this, "distribution", getDistribution(), {"uniform", "normal", "empty"});
}

LogicalResult GeluOp::verify() {
  return checkOneOf(*this, "approximate", getApproximate(), {"none", "tanh"});
}

LogicalResult ClampOp::verify() {
  if (!getMin() && !getMax())
    return emitOpError("expected at least one of min and max");
  if (getMin() && getMax() && getMin()->convertToDouble() > getMax()->convertToDouble())
    return emitOpError() << "min " << getMin()->convertToDouble() << " exceeds max "
                         << getMax()->convertToDouble();
  return success();
}

LogicalResult PadOp::verify() {
  return checkOneOf(*this, "mode", getMode(), {"constant", "reflect", "replicate", "circular"});
}

LogicalResult ScatterOp::verify() {
  return checkOneOf(*this, "reduce", getReduce(), {"none", "add", "mul", "amax", "amin", "mean"});
}

LogicalResult ResizeOp::verify() {
  return checkOneOf(*this, "mode", getMode(), {"nearest", "linear", "bicubic", "area"});
}

#define GET_OP_CLASSES
#include "gn/IR/GnOps.cpp.inc"
