//===- FirstDifference.cpp - where two programs stop being the same --------===//

#include "gn/IR/FirstDifference.h"

#include "mlir/IR/Operation.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

namespace mlir::gn {
namespace {

template <typename T> std::string text(const T &x) {
  std::string s;
  llvm::raw_string_ostream os(s);
  os << x;
  return s;
}

// Values are named by the order of their definitions, so operands compare
// by what they refer to, not by pointer.
struct Numbering {
  llvm::DenseMap<Value, unsigned> ids;
  unsigned next = 0;
  unsigned id(Value v) { return ids.lookup(v); }
  void define(Value v) { ids[v] = ++next; }
};

class Comparer {
public:
  std::optional<std::string> regions(Region &a, Region &b, const std::string &where) {
    if (a.getBlocks().size() != b.getBlocks().size())
      return where + " has " + std::to_string(a.getBlocks().size()) + " blocks here, " +
             std::to_string(b.getBlocks().size()) + " there";
    for (auto [ba, bb] : llvm::zip(a, b)) {
      if (ba.getNumArguments() != bb.getNumArguments())
        return where + " has a block of " + std::to_string(ba.getNumArguments()) +
               " arguments here, " + std::to_string(bb.getNumArguments()) + " there";
      for (unsigned i = 0; i < ba.getNumArguments(); ++i) {
        if (ba.getArgument(i).getType() != bb.getArgument(i).getType())
          return where + ": argument #" + std::to_string(i) + " is " +
                 text(ba.getArgument(i).getType()) + " here, " +
                 text(bb.getArgument(i).getType()) + " there";
        left.define(ba.getArgument(i));
        right.define(bb.getArgument(i));
      }
      auto ia = ba.begin(), ib = bb.begin();
      for (; ia != ba.end() && ib != bb.end(); ++ia, ++ib)
        if (std::optional<std::string> d = ops(*ia, *ib))
          return d;
      if (ia != ba.end())
        return describe(&*ia, opIndex) + " has no counterpart there";
      if (ib != bb.end())
        return "there, " + describe(&*ib, opIndex) + " has no counterpart here";
    }
    return std::nullopt;
  }

private:
  static std::string describe(Operation *op, unsigned index) {
    return "op #" + std::to_string(index) + " (" + op->getName().getStringRef().str() + " at " +
           text(op->getLoc()) + ")";
  }

  std::optional<std::string> ops(Operation &a, Operation &b) {
    unsigned index = opIndex++;
    std::string here = describe(&a, index);
    if (a.getName() != b.getName())
      return here + " is " + b.getName().getStringRef().str() + " there";
    if (a.getNumOperands() != b.getNumOperands())
      return here + " has " + std::to_string(a.getNumOperands()) + " operands here, " +
             std::to_string(b.getNumOperands()) + " there";
    for (unsigned i = 0; i < a.getNumOperands(); ++i) {
      unsigned x = left.id(a.getOperand(i)), y = right.id(b.getOperand(i));
      if (x != y)
        return here + ": operand #" + std::to_string(i) + " is %" + std::to_string(x) +
               " here, %" + std::to_string(y) + " there (values numbered as defined)";
    }
    if (a.getNumResults() != b.getNumResults())
      return here + " has " + std::to_string(a.getNumResults()) + " results here, " +
             std::to_string(b.getNumResults()) + " there";
    for (unsigned i = 0; i < a.getNumResults(); ++i)
      if (a.getResult(i).getType() != b.getResult(i).getType())
        return here + ": result #" + std::to_string(i) + " is " + text(a.getResult(i).getType()) +
               " here, " + text(b.getResult(i).getType()) + " there";
    if (a.getAttrDictionary() != b.getAttrDictionary()) {
      for (NamedAttribute attr : a.getAttrDictionary()) {
        Attribute other = b.getAttrDictionary().get(attr.getName());
        if (other != attr.getValue())
          return here + ": attribute " + attr.getName().str() + " is " + text(attr.getValue()) +
                 " here, " + (other ? text(other) : std::string("absent")) + " there";
      }
      for (NamedAttribute attr : b.getAttrDictionary())
        if (!a.getAttrDictionary().get(attr.getName()))
          return here + ": attribute " + attr.getName().str() + " is absent here, " +
                 text(attr.getValue()) + " there";
    }
    if (a.getNumRegions() != b.getNumRegions())
      return here + " has " + std::to_string(a.getNumRegions()) + " regions here, " +
             std::to_string(b.getNumRegions()) + " there";
    for (unsigned i = 0; i < a.getNumRegions(); ++i)
      if (std::optional<std::string> d =
              regions(a.getRegion(i), b.getRegion(i), here + ", region #" + std::to_string(i)))
        return d;
    for (unsigned i = 0; i < a.getNumResults(); ++i) {
      left.define(a.getResult(i));
      right.define(b.getResult(i));
    }
    return std::nullopt;
  }

  Numbering left, right;
  unsigned opIndex = 0;
};

} // namespace

std::optional<std::string> firstDifference(Region &a, Region &b) {
  return Comparer().regions(a, b, "the function");
}

} // namespace mlir::gn
