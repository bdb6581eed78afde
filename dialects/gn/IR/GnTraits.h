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

} // namespace mlir::OpTrait

#endif // GN_IR_GNTRAITS_H
