//===- SymbolicDims.cpp - #gn.dims and the ops that refuse it -------------===//
//
// The tensor encoding of symbolic sizes (GnAttrs.td, DimsAttr; its parser is in
// GnAttrs.cpp, beside the attribute storage) and the check
// every gn op runs: symbolic dims are taken only by ops whose shape function
// computes them (GnSymbolicShapes), never reinterpreted at the compile
// example's sizes (docs/symbolic-shapes.md).
//
//===----------------------------------------------------------------------===//
#include "gn/IR/SymbolicDims.h"
#include "gn/IR/GnOps.h"
#include "gn/Support/SymExpr.h"
#include "gn/Support/SymbolBinding.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir;
using namespace mlir::gn;

void DimsAttr::print(AsmPrinter &printer) const {
  printer << "<[";
  llvm::interleaveComma(getExprs(), printer, [&](StringAttr e) {
    printer << '"';
    llvm::printEscapedString(e.getValue(), printer.getStream());
    printer << '"';
  });
  printer << "]>";
}

LogicalResult DimsAttr::verify(llvm::function_ref<InFlightDiagnostic()> emitError,
                               llvm::ArrayRef<StringAttr> exprs) {
  bool anySymbolic = false;
  for (auto [d, e] : llvm::enumerate(exprs)) {
    llvm::StringRef text = e.getValue();
    if (text.empty())
      continue;
    anySymbolic = true;
    std::string why;
    std::optional<SymExpr> parsed = SymExpr::parse(text, &why);
    if (!parsed)
      return emitError() << "dim " << d << ": '" << text << "' is not a size expression: " << why;
    if (parsed->isConstant())
      return emitError() << "dim " << d << ": '" << text
                         << "' is a constant; a static dim is written \"\"";
    if (parsed->str() != text)
      return emitError() << "dim " << d << ": '" << text << "' is not in normal form; write '"
                         << parsed->str() << "'";
  }
  if (!anySymbolic)
    return emitError() << "no dim is symbolic; a static tensor has no #gn.dims";
  return success();
}

LogicalResult
DimsAttr::verifyEncoding(llvm::ArrayRef<int64_t> shape, Type,
                         llvm::function_ref<InFlightDiagnostic()> emitError) const {
  if (getExprs().size() != shape.size())
    return emitError() << "#gn.dims has " << getExprs().size() << " dims for a tensor of rank "
                       << shape.size();
  for (auto [d, size] : llvm::enumerate(shape)) {
    if (ShapedType::isDynamic(size))
      return emitError() << "#gn.dims needs the example's static sizes, not '?'";
    // At 0 or 1 a dim looks empty or broadcastable to every pass that reads
    // the example's sizes: the compile example must not put one there.
    if (isSymbolic(d) && size < 2)
      return emitError() << "dim " << d << " (" << getExprs()[d].getValue()
                         << ") is symbolic but " << size
                         << " at the compile example; symbolic dims need an example size >= 2";
  }
  return success();
}

LogicalResult mlir::OpTrait::gn_detail::verifySymbolicDimsAccepted(Operation *op) {
  // Structural ops whose types are their body's or their kernel's (the
  // compilers' fusion groups and launches): nothing to compute.
  llvm::StringRef name = op->getName().getStringRef();
  if (name == "gn.fusion" || name == "gn.launch" || name == "gn.yield")
    return success();
  if (op->hasTrait<OpTrait::GnSymbolicShapes>()) {
    // Types built by shape functions (RankedTensorType::get) skip the
    // encoding's own check; a result symbolic at size 0 or 1 is a shape
    // function's (or an importer's) mistake, caught here.
    for (auto [i, v] : llvm::enumerate(op->getResults())) {
      auto ranked = llvm::dyn_cast<RankedTensorType>(v.getType());
      auto dims = ranked ? llvm::dyn_cast_or_null<DimsAttr>(ranked.getEncoding()) : DimsAttr();
      if (dims && failed(dims.verifyEncoding(ranked.getShape(), ranked.getElementType(), [&] {
            return op->emitOpError() << "result #" << i << ": ";
          })))
        return failure();
    }
    return success();
  }
  auto carries = [](Type t) {
    auto ranked = llvm::dyn_cast<RankedTensorType>(t);
    return ranked && llvm::isa_and_nonnull<DimsAttr>(ranked.getEncoding());
  };
  for (auto [i, v] : llvm::enumerate(op->getOperands()))
    if (carries(v.getType()))
      return op->emitOpError() << "does not take symbolic dims yet: operand #" << i << " is "
                               << v.getType();
  for (auto [i, v] : llvm::enumerate(op->getResults()))
    if (carries(v.getType()))
      return op->emitOpError() << "does not give symbolic dims yet: result #" << i << " is "
                               << v.getType();
  return success();
}

bool mlir::gn::hasSymbolicDims(Type type) {
  auto ranked = llvm::dyn_cast_if_present<RankedTensorType>(type);
  return ranked && llvm::isa_and_nonnull<DimsAttr>(ranked.getEncoding());
}

llvm::SmallVector<SymExpr> mlir::gn::dimExprs(RankedTensorType type) {
  return dimExprs(type.getShape(), llvm::dyn_cast_or_null<DimsAttr>(type.getEncoding()));
}

llvm::SmallVector<SymExpr> mlir::gn::dimExprs(llvm::ArrayRef<int64_t> sizes, DimsAttr dims) {
  llvm::SmallVector<SymExpr> out;
  for (auto [d, size] : llvm::enumerate(sizes)) {
    std::optional<SymExpr> e;
    if (dims && d < dims.getExprs().size() && dims.isSymbolic(d))
      e = SymExpr::parse(dims.getExprs()[d].getValue()); // the verifier read it already
    out.push_back(e ? *e : SymExpr::constant(size));
  }
  return out;
}

RankedTensorType mlir::gn::symbolicTensorType(llvm::ArrayRef<int64_t> shape, Type element,
                                              llvm::ArrayRef<SymExpr> exprs) {
  bool symbolic = llvm::any_of(exprs, [](const SymExpr &e) { return !e.isConstant(); });
  if (!symbolic)
    return RankedTensorType::get(shape, element);
  llvm::SmallVector<StringAttr> texts;
  for (const SymExpr &e : exprs)
    texts.push_back(StringAttr::get(element.getContext(), e.isConstant() ? "" : e.str()));
  return RankedTensorType::get(shape, element, DimsAttr::get(element.getContext(), texts));
}

std::optional<llvm::SmallVector<int64_t, 6>>
mlir::gn::shapeAt(RankedTensorType type, const SymbolBinding &binding, std::string &why) {
  llvm::SmallVector<int64_t, 6> shape(type.getShape());
  auto dims = llvm::dyn_cast_or_null<DimsAttr>(type.getEncoding());
  if (!dims)
    return shape;
  for (auto [d, e] : llvm::enumerate(dimExprs(type))) {
    if (e.isConstant())
      continue;
    std::optional<int64_t> size = binding.evaluate(e);
    if (!size) {
      why = "dim " + std::to_string(d) + " = " + e.str() + " has no size at " + binding.str() +
            " (negative, overflowing or naming an unbound symbol)";
      return std::nullopt;
    }
    shape[d] = *size;
  }
  return shape;
}

std::optional<SymbolBinding>
mlir::gn::bindArguments(llvm::ArrayRef<RankedTensorType> types,
                        llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes, std::string &error) {
  std::vector<DimUse> uses;
  for (auto [i, type] : llvm::enumerate(types))
    for (auto [d, e] : llvm::enumerate(dimExprs(type)))
      uses.push_back({"argument #" + std::to_string(i) + " dim " + std::to_string(d), e,
                      shapes[i][d]});
  std::optional<SymbolBinding> bound = SymbolBinding::bind(uses, error);
  if (!bound)
    error = "the arguments do not fit the program's symbolic sizes: " + error;
  return bound;
}

LogicalResult mlir::gn::refuseSymbolicDims(Operation *root, llvm::StringRef who) {
  // gn-set-target checked every op against what the target's compiler
  // takes symbolically.
  Operation *module = root;
  while (module && !isa<ModuleOp>(module))
    module = module->getParentOp();
  if (module && module->hasAttr(kSymbolicAcceptedAttrName))
    return success();
  WalkResult found = root->walk<WalkOrder::PreOrder>([&](Operation *op) {
    auto named = [&](Type t, const std::string &what) {
      if (!hasSymbolicDims(t))
        return false;
      op->emitError() << who << " does not take symbolic dims yet (" << what << " is " << t
                      << "); run it eagerly, or import the sample at its concrete sizes";
      return true;
    };
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (auto [i, arg] : llvm::enumerate(block.getArguments()))
          if (named(arg.getType(), "argument #" + std::to_string(i)))
            return WalkResult::interrupt();
    for (auto [i, t] : llvm::enumerate(op->getResultTypes()))
      if (named(t, "result #" + std::to_string(i)))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return failure(found.wasInterrupted());
}

bool mlir::gn::inSymbolicModule(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (p->hasAttr(kSymbolicAcceptedAttrName))
      return true;
  return false;
}

RankedTensorType mlir::gn::permutedTensorType(RankedTensorType type,
                                              llvm::ArrayRef<int64_t> perm) {
  llvm::SmallVector<SymExpr> in = dimExprs(type), exprs;
  llvm::SmallVector<int64_t> shape;
  for (int64_t p : perm) {
    shape.push_back(type.getDimSize(p));
    exprs.push_back(in[p]);
  }
  return symbolicTensorType(shape, type.getElementType(), exprs);
}

llvm::SmallVector<int64_t> mlir::gn::toChannelsLast(int64_t rank) {
  llvm::SmallVector<int64_t> p{0};
  for (int64_t d = 2; d < rank; ++d)
    p.push_back(d);
  p.push_back(1);
  return p;
}

llvm::SmallVector<int64_t> mlir::gn::toChannelsFirst(int64_t rank) {
  llvm::SmallVector<int64_t> p{0, rank - 1};
  for (int64_t d = 1; d < rank - 1; ++d)
    p.push_back(d);
  return p;
}
