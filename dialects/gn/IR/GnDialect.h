//===- GnDialect.h - the gn dialect ---------------------------*- C++ -*-===//
#ifndef GN_IR_GNDIALECT_H
#define GN_IR_GNDIALECT_H

#include "mlir/IR/Dialect.h"

#include "gn/IR/GnOpsDialect.h.inc"

#endif // GN_IR_GNDIALECT_H
