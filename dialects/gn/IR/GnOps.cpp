//===- GnOps.cpp - op verifiers of the gn dialect -------------------------===//
//
// Shapes are checked by the shape functions (GnShapes.h) through
// InferTypeOpInterface; the verifiers here check what shapes cannot say.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnOps.h"
#include "gn/Support/RuntimeErrors.h"
#include <cmath>
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

LogicalResult TopKOp::verify() {
  if (auto ties = getTies())
    return checkOneOf(*this, "ties", *ties,
                      {"index", "sort", "select", "select-strict", "quickselect"});
  return success();
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

int64_t PadOp::minInputSize(unsigned d) {
  int64_t most = std::max(getLow()[d], getHigh()[d]);
  if (getMode() == "constant" || most == 0)
    return 0;
  return getMode() == "reflect" ? most + 1 : 1;
}

LogicalResult PadOp::verify() {
  if (failed(checkOneOf(*this, "mode", getMode(), {"constant", "reflect", "replicate", "circular"})))
    return failure();
  auto shape = llvm::cast<ShapedType>(getInput().getType()).getShape();
  if (getLow().size() != shape.size() || getHigh().size() != shape.size())
    return success(); // inferPad reports it
  for (auto [d, n] : llvm::enumerate(shape)) {
    int64_t least = minInputSize(d);
    if (n >= least)
      continue;
    if (n == 0)
      return emitOpError() << getMode() << " padding of dim " << d << ", which is empty";
    return emitOpError() << "reflect padding " << least - 1 << " of dim " << d
                         << " must be less than its size " << n;
  }
  return success();
}

LogicalResult ScatterOp::verify() {
  return checkOneOf(*this, "reduce", getReduce(), {"none", "add", "mul", "amax", "amin", "mean"});
}

LogicalResult SizeGuardOp::verify() {
  if (getSize() < getAtLeast())
    return emitOpError() << "size " << getSize() << " is below its floor " << getAtLeast();
  return checkOneOf(*this, "measure", getMeasure(), {"sum", "max_plus_one"});
}

LogicalResult CheckOp::verify() {
  if (!valueCheckNamed(getWhat()))
    return emitOpError() << "knows no check named '" << getWhat() << "'";
  return success();
}

LogicalResult ResizeOp::verify() {
  if (std::optional<llvm::ArrayRef<double>> scales = getScales()) {
    int64_t spatial = getInput().getType().getRank() - 2;
    if ((int64_t)scales->size() != spatial)
      return emitOpError() << "expects " << spatial << " scales, one per spatial dim, got "
                           << scales->size();
    for (double s : *scales)
      if (!(s >= 0) || !std::isfinite(s))
        return emitOpError() << "scales must be non-negative and finite, got " << s;
  }
  return checkOneOf(*this, "mode", getMode(), {"nearest", "nearest-exact", "linear", "bicubic", "area"});
}

double ResizeOp::inputStep(unsigned d) {
  return inputStep(d, getInput().getType().getDimSize(2 + d), getType().getDimSize(2 + d));
}

double ResizeOp::inputStep(unsigned d, int64_t in, int64_t out) {
  if (std::optional<llvm::ArrayRef<double>> scales = getScales())
    return (*scales)[d];
  return double(in) / out;
}

#define GET_OP_CLASSES
#include "gn/IR/GnOps.cpp.inc"

//===----------------------------------------------------------------------===//
// Compiler structure ops
//===----------------------------------------------------------------------===//

void FusionOp::build(OpBuilder &builder, OperationState &state, TypeRange results,
                     ValueRange inputs, llvm::StringRef kind) {
  state.addOperands(inputs);
  state.addTypes(results);
  state.addAttribute(getKindAttrName(state.name), builder.getStringAttr(kind));
  Region *body = state.addRegion();
  Block *block = new Block();
  body->push_back(block);
  for (Value v : inputs)
    block->addArgument(v.getType(), v.getLoc());
}

LogicalResult FusionOp::verify() {
  if (getKind() != "elementwise" && getKind() != "reduction" && getKind() != "row" &&
      getKind() != "copy")
    return emitOpError() << "kind must be 'elementwise', 'reduction', 'row' or 'copy', got '"
                         << getKind() << "'";
  Block &block = getBody().front();
  if (block.getArgumentTypes() != getInputs().getTypes())
    return emitOpError("block argument types must match the input types");
  auto yield = dyn_cast<YieldOp>(block.getTerminator());
  if (!yield)
    return emitOpError("body must end with gn.yield");
  if (yield.getValues().getTypes() != getResultTypes())
    return emitOpError("gn.yield types must match the result types");
  return success();
}

bool TransposeOp::swapsLastTwoDims() {
  llvm::ArrayRef<int64_t> perm = getPermutation();
  int64_t rank = perm.size();
  if (rank < 2 || perm[rank - 2] != rank - 1 || perm[rank - 1] != rank - 2)
    return false;
  for (int64_t d = 0; d + 2 < rank; ++d)
    if (perm[d] != d)
      return false;
  return true;
}

LogicalResult LaunchOp::verify() {
  if (getConcatenates()) {
    if (getNumResults() != 1 || getInplace())
      return emitOpError("concatenates needs exactly one result and no inplace");
    auto out = llvm::cast<RankedTensorType>(getResult(0).getType());
    int64_t elements = 0;
    for (Value in : getInputs()) {
      auto t = llvm::cast<RankedTensorType>(in.getType());
      if (t.getElementType() != out.getElementType())
        return emitOpError() << "concatenates an input of type " << t << " into " << out;
      elements += t.getNumElements();
    }
    if (elements != out.getNumElements())
      return emitOpError() << "concatenates " << elements << " input elements into "
                           << out.getNumElements();
  }
  std::optional<llvm::ArrayRef<int64_t>> inplace = getInplace();
  if (!inplace)
    return success();
  if (inplace->size() != getNumResults())
    return emitOpError() << "inplace has " << inplace->size() << " entries for "
                         << getNumResults() << " results";
  for (auto [r, i] : llvm::enumerate(*inplace)) {
    if (i == -1)
      continue;
    if (i < 0 || i >= (int64_t)getInputs().size())
      return emitOpError() << "inplace entry " << i << " is not an input index";
    auto in = llvm::cast<RankedTensorType>(getInputs()[i].getType());
    auto out = llvm::cast<RankedTensorType>(getResult(r).getType());
    if (in.getShape() != out.getShape() ||
        in.getElementTypeBitWidth() != out.getElementTypeBitWidth())
      return emitOpError() << "result #" << r << " cannot share the buffer of input #" << i
                           << ": " << out << " vs " << in;
  }
  return success();
}

LogicalResult LaunchOp::verifySymbolUses(SymbolTableCollection &symbols) {
  Operation *kernel = symbols.lookupNearestSymbolFrom(*this, getKernel());
  if (!kernel)
    return emitOpError() << "kernel " << getKernel() << " not found";
  return success();
}

LogicalResult GridSampleOp::verify() {
  if (getMode() != "bilinear" && getMode() != "nearest" && getMode() != "bicubic")
    return emitOpError("mode must be bilinear, nearest or bicubic, got '") << getMode() << "'";
  bool reflection = getPaddingMode() == "reflection";
  if (getPaddingMode() != "zeros" && getPaddingMode() != "border" && !reflection)
    return emitOpError("padding_mode must be zeros, border or reflection, got '")
           << getPaddingMode() << "'";
  if (reflection && getMode() != "bicubic")
    return emitOpError("reflection padding is for bicubic only (the importer reflects the grid "
                       "of the other modes)");
  return success();
}
