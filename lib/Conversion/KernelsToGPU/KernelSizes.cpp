//===- KernelSizes.cpp - a GPU kernel's sizes as expressions -------------===//
#include "gn/Conversion/KernelSizes.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace mlir::gn;

unsigned mlir::gn::numSizeArguments(func::FuncOp fn) {
  unsigned n = 0;
  while (n < fn.getNumArguments() && fn.getArgument(n).getType().isIndex())
    ++n;
  return n;
}

std::optional<SymExpr> mlir::gn::kernelSizeExpr(Value v, func::FuncOp fn) {
  if (auto arg = llvm::dyn_cast<BlockArgument>(v)) {
    if (arg.getOwner() != &fn.getBody().front() || !arg.getType().isIndex())
      return std::nullopt;
    return SymExpr::symbol("a" + std::to_string(arg.getArgNumber()));
  }
  Operation *def = v.getDefiningOp();
  if (!def)
    return std::nullopt;
  if (auto c = llvm::dyn_cast<arith::ConstantIndexOp>(def))
    return SymExpr::constant(c.value());
  if (auto dim = llvm::dyn_cast<memref::DimOp>(def)) {
    std::optional<int64_t> d = getConstantIntValue(dim.getIndex());
    if (!d)
      return std::nullopt;
    if (auto view = dim.getSource().getDefiningOp<memref::ReinterpretCastOp>()) {
      OpFoldResult size = view.getMixedSizes()[*d];
      if (std::optional<int64_t> c = getConstantIntValue(size))
        return SymExpr::constant(*c);
      return kernelSizeExpr(llvm::cast<Value>(size), fn);
    }
    auto type = llvm::dyn_cast<MemRefType>(dim.getSource().getType());
    if (type && *d < type.getRank() && !type.isDynamicDim(*d))
      return SymExpr::constant(type.getDimSize(*d));
    return std::nullopt;
  }
  auto operand = [&](unsigned i) { return kernelSizeExpr(def->getOperand(i), fn); };
  auto divisor = [&]() -> std::optional<int64_t> {
    std::optional<SymExpr> d = operand(1);
    std::optional<int64_t> c = d ? d->constantValue() : std::nullopt;
    return c && *c > 0 ? c : std::nullopt;
  };
  if (isa<arith::MulIOp, arith::AddIOp, arith::SubIOp>(def)) {
    std::optional<SymExpr> a = operand(0), b = operand(1);
    if (!a || !b)
      return std::nullopt;
    return isa<arith::MulIOp>(def)   ? SymExpr::mul(*a, *b)
           : isa<arith::AddIOp>(def) ? SymExpr::add(*a, *b)
                                     : SymExpr::sub(*a, *b);
  }
  if (isa<arith::CeilDivUIOp, arith::DivUIOp>(def)) {
    std::optional<SymExpr> a = operand(0);
    std::optional<int64_t> d = divisor();
    if (!a || !d)
      return std::nullopt;
    if (isa<arith::DivUIOp>(def))
      return SymExpr::floorDiv(*a, *d);
    std::optional<SymExpr> up = SymExpr::add(*a, SymExpr::constant(*d - 1));
    return up ? SymExpr::floorDiv(*up, *d) : std::nullopt;
  }
  return std::nullopt;
}
