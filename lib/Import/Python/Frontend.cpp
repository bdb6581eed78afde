//===- Frontend.cpp - what every framework's Frontend shares ---------------===//
//
// The defaults of Frontend's optional hooks that say more than "no": a
// framework that does not subscript tensors refuses by name.
//
//===----------------------------------------------------------------------===//
#include "gn/Import/Python/Frontend.h"

using namespace mlir;
using namespace mlir::gn::import;

FailureOr<PyValue> Frontend::subscript(ImportContext &ctx, const PyValue &base,
                                       const PyValue &index) const {
  return ctx.error("subscripting a tensor is not supported in " + name() + " models");
}
FailureOr<PyValue> Frontend::setSubscript(ImportContext &ctx, const PyValue &base,
                                          const PyValue &index, const PyValue &value) const {
  return ctx.error("item assignment into a tensor is not supported in " + name() + " models");
}
