//===- GnAttrs.cpp - gn dialect attributes --------------------------------===//
#include "gn/IR/GnOps.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::gn;

#include "gn/IR/GnEnums.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "gn/IR/GnAttrs.cpp.inc"

TargetKind mlir::gn::targetOf(Operation *op) {
  for (Operation *p = op; p; p = p->getParentOp())
    if (auto a = p->getAttrOfType<TargetKindAttr>(kTargetAttrName))
      return a.getValue();
  return TargetKind::Cpu;
}

void GnDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "gn/IR/GnAttrs.cpp.inc"
      >();
}

// #gn.schedule<loop_order = [0, 1], thread_dim = 0, block_threads = 256,
//              row_threads = 32>; loop_order first, the rest optional.
Attribute ScheduleAttr::parse(AsmParser &parser, Type) {
  llvm::SmallVector<int64_t> order;
  int64_t threadDim = -1, blockThreads = 0, rowThreads = 1;
  if (parser.parseLess() || parser.parseKeyword("loop_order") || parser.parseEqual() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        return parser.parseInteger(order.emplace_back());
      }))
    return {};
  while (succeeded(parser.parseOptionalComma())) {
    llvm::StringRef key;
    llvm::SMLoc at = parser.getCurrentLocation();
    if (parser.parseKeyword(&key) || parser.parseEqual())
      return {};
    int64_t *field = key == "thread_dim"      ? &threadDim
                     : key == "block_threads" ? &blockThreads
                     : key == "row_threads"   ? &rowThreads
                                              : nullptr;
    if (!field) {
      parser.emitError(at) << "unknown schedule field '" << key << "'";
      return {};
    }
    if (parser.parseInteger(*field))
      return {};
  }
  if (parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); }, parser.getContext(),
                    order, threadDim, blockThreads, rowThreads);
}

void ScheduleAttr::print(AsmPrinter &printer) const {
  printer << "<loop_order = [";
  llvm::interleaveComma(getLoopOrder(), printer);
  printer << "]";
  if (getThreadDim() != -1)
    printer << ", thread_dim = " << getThreadDim();
  if (getBlockThreads() != 0)
    printer << ", block_threads = " << getBlockThreads();
  if (getRowThreads() != 1)
    printer << ", row_threads = " << getRowThreads();
  printer << ">";
}

LogicalResult ScheduleAttr::verify(llvm::function_ref<InFlightDiagnostic()> emitError,
                                   llvm::ArrayRef<int64_t> loopOrder, int64_t threadDim,
                                   int64_t blockThreads, int64_t rowThreads) {
  int64_t rank = loopOrder.size();
  llvm::SmallVector<bool> seen(rank, false);
  for (int64_t d : loopOrder) {
    if (d < 0 || d >= rank || seen[d])
      return emitError() << "loop_order must be a permutation of 0.." << rank - 1;
    seen[d] = true;
  }
  if (threadDim < -1 || threadDim >= rank)
    return emitError() << "thread_dim " << threadDim << " is not -1 or a dim below " << rank;
  if (blockThreads < 0 || blockThreads > 1024)
    return emitError() << "block_threads must be in [0, 1024], got " << blockThreads;
  if (rowThreads < 1 || (blockThreads > 0 && blockThreads % rowThreads != 0))
    return emitError() << "row_threads must be at least 1 and divide block_threads, got "
                       << rowThreads;
  if (blockThreads > 0 && threadDim != -1)
    return emitError() << "a GPU schedule (block_threads > 0) has no thread_dim";
  return success();
}

// #gn.dims<["s0", "", "floordiv(s1, 16)^2 + 1"]>
Attribute DimsAttr::parse(AsmParser &parser, Type) {
  llvm::SmallVector<StringAttr> exprs;
  if (parser.parseLess() ||
      parser.parseCommaSeparatedList(AsmParser::Delimiter::Square, [&] {
        std::string text;
        if (parser.parseString(&text))
          return failure();
        exprs.push_back(StringAttr::get(parser.getContext(), text));
        return success();
      }) ||
      parser.parseGreater())
    return {};
  return getChecked([&] { return parser.emitError(parser.getNameLoc()); }, parser.getContext(),
                    exprs);
}
