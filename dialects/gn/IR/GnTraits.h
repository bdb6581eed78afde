//===- GnTraits.h - op traits of the gn dialect ---------------*- C++ -*-===//
#ifndef GN_IR_GNTRAITS_H
#define GN_IR_GNTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace mlir::OpTrait {

/// The op has a decomposition into core gn ops (gn-decompose). Backends may
/// keep it whole when they have something better, e.g. a library call.
template <typename ConcreteType>
class GnComposite : public TraitBase<ConcreteType, GnComposite> {};

/// The op is an elementwise map whose operands broadcast to the result.
template <typename ConcreteType>
class GnElementwise : public TraitBase<ConcreteType, GnElementwise> {};

/// The op's shape function computes symbolic dims (#gn.dims): it may take
/// and give tensors that carry them.
template <typename ConcreteType>
class GnSymbolicShapes : public TraitBase<ConcreteType, GnSymbolicShapes> {};

namespace gn_detail {
/// Fails, naming the value, when an op without GnSymbolicShapes has an
/// operand or result whose type carries #gn.dims (gn/IR/SymbolicDims.cpp).
LogicalResult verifySymbolicDimsAccepted(Operation *op);
} // namespace gn_detail

/// On every gn op: refuses symbolic dims unless the op has GnSymbolicShapes.
template <typename ConcreteType>
class GnChecksSymbolicDims : public TraitBase<ConcreteType, GnChecksSymbolicDims> {
public:
  static LogicalResult verifyTrait(Operation *op) {
    return gn_detail::verifySymbolicDimsAccepted(op);
  }
};

} // namespace mlir::OpTrait

#endif // GN_IR_GNTRAITS_H
