//===- GnOps.h - operations of the gn dialect -----------------*- C++ -*-===//
#ifndef GN_IR_GNOPS_H
#define GN_IR_GNOPS_H

#include "gn/IR/GnDialect.h"
#include "gn/IR/GnShapes.h"
#include "gn/IR/GnTraits.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/OpDefinition.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TensorEncoding.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/InferTypeOpInterface.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/Support/ErrorHandling.h"

#include "gn/IR/GnEnums.h.inc"

#define GET_ATTRDEF_CLASSES
#include "gn/IR/GnAttrs.h.inc"

#define GET_OP_CLASSES
#include "gn/IR/GnOps.h.inc"

namespace mlir::gn {

/// The module attribute naming the target (#gn.target<cuda>).
inline constexpr llvm::StringLiteral kTargetAttrName = "gn.target";
/// The target `op`'s enclosing module is compiled for (gn.target on it or
/// on a module around it); the CPU when none says.
TargetKind targetOf(Operation *op);

/// Creates a gn op whose result types come from its shape function. When the
/// operands or attributes are ill-formed the shape function reports why at
/// `loc` and this returns failure instead of building an invalid op.
template <typename OpTy>
FailureOr<Value> createInferred(OpBuilder &builder, Location loc, ValueRange operands,
                                llvm::ArrayRef<NamedAttribute> attrs = {}) {
  llvm::SmallVector<Type, 1> types;
  // Default-valued attributes the caller left out are filled in: the shape
  // function reads them from the dictionary, where a missing one is null.
  NamedAttrList all(attrs);
  if (auto name = RegisteredOperationName::lookup(OpTy::getOperationName(), builder.getContext()))
    name->populateDefaultAttrs(all);
  auto dict = all.getDictionary(builder.getContext());
  // The attributes first (a missing or mistyped one is an error, not a
  // crash inside the shape function that reads it).
  if (failed(typename OpTy::Adaptor(operands, dict).verify(loc)))
    return failure();
  if (failed(OpTy::inferReturnTypes(builder.getContext(), loc, operands, dict, nullptr, {},
                                    types)))
    return failure();
  return OpTy::create(builder, loc, TypeRange(types), operands, all.getAttrs())->getResult(0);
}

/// createInferred for rewrites whose operands come from verified ops with the
/// shapes already checked, so inference cannot fail; if it does anyway, that
/// is a bug in the rewrite `who`, reported as such rather than a crash later.
template <typename OpTy>
Value createInferredOrDie(OpBuilder &builder, Location loc, llvm::StringRef who,
                          ValueRange operands, llvm::ArrayRef<NamedAttribute> attrs = {}) {
  FailureOr<Value> r = createInferred<OpTy>(builder, loc, operands, attrs);
  if (failed(r))
    llvm::report_fatal_error(llvm::Twine(who) + " built an ill-typed " + OpTy::getOperationName());
  return *r;
}

/// Bytes a ranked tensor of this type holds (sub-byte elements count as
/// one byte each, as the runtime stores them).
inline int64_t tensorBytes(Type type) {
  auto t = llvm::cast<RankedTensorType>(type);
  return t.getNumElements() * std::max<int64_t>(1, t.getElementTypeBitWidth() / 8);
}

} // namespace mlir::gn

#endif // GN_IR_GNOPS_H
