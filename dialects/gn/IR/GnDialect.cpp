//===- GnDialect.cpp - the gn dialect -------------------------------------===//
#include "gn/IR/GnDialect.h"
#include "gn/IR/GnOps.h"

using namespace mlir;
using namespace mlir::gn;

#include "gn/IR/GnOpsDialect.cpp.inc"

void GnDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "gn/IR/GnOps.cpp.inc"
      >();
  registerAttributes();
}

Operation *GnDialect::materializeConstant(OpBuilder &builder, Attribute value, Type type,
                                          Location loc) {
  auto elements = llvm::dyn_cast<ElementsAttr>(value);
  if (!elements || elements.getType() != type)
    return nullptr;
  return ConstantOp::create(builder, loc, type, elements);
}
