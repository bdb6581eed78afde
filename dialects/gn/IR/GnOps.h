//===- GnOps.h - operations of the gn dialect -----------------*- C++ -*-===//
#ifndef GN_IR_GNOPS_H
#define GN_IR_GNOPS_H

#include "gn/IR/GnDialect.h"
#include "gn/IR/GnShapes.h"
#include "gn/IR/GnTraits.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#define GET_OP_CLASSES
#include "gn/IR/GnOps.h.inc"

#endif // GN_IR_GNOPS_H
