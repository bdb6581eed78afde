//===- SymbolicBuild.cpp - building ops in a symbolic import, with guards -===//
//
// In a symbolic import (docs/symbolic-shapes.md, phase 2) handlers build ops
// as they always have, with sizes at the compile example. Two things make
// that one program for every binding of the shape symbols:
//
// - The sizes a reshape, broadcast or slice was given as the example's
//   literals are read as the expressions they stand for: a reshape by
//   groups of dims, a broadcast or a slice limit equal to a symbolic dim's
//   example size as that dim. This reading is a heuristic over the
//   example's sizes; the oracle (gn-eval one-program) checks every variant.
// - Where an op's shape function refuses its symbolic operands (a table of
//   fixed length added to a sequence), guards (gn.specialize) pin the fewest
//   operands to their example sizes, and the op reads the guards. A guard is
//   checked when the symbols are bound, naming this op's line.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnTraits.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Import/Python/ImportContext.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"
#include "llvm/ADT/SmallPtrSet.h"
#include <set>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::import;

namespace {

bool symbolicValue(Value v) { return hasSymbolicDims(v.getType()); }

RankedTensorType rankedOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

/// A static reshape of a symbolic tensor, read as groups of dims: runs of
/// input and output dims whose sizes multiply to the same count at the
/// example. A group with one output dim is the product of its input dims;
/// a group of static input dims stays static; unit dims come and go. A
/// symbolic group split into several output dims has no reading
/// (std::nullopt): the op's shape function refuses it and a guard follows.
std::optional<llvm::SmallVector<SymExpr>> reshapeExprs(RankedTensorType in,
                                                       llvm::ArrayRef<int64_t> out) {
  llvm::SmallVector<SymExpr> inExprs = dimExprs(in), result;
  llvm::ArrayRef<int64_t> inShape = in.getShape();
  size_t i = 0, o = 0;
  while (true) {
    while (i < inShape.size() && inShape[i] == 1)
      ++i;
    if (o < out.size() && out[o] == 1) {
      result.push_back(SymExpr::constant(1));
      ++o;
      continue;
    }
    if (i == inShape.size() || o == out.size())
      break;
    size_t firstIn = i, firstOut = o;
    int64_t inCount = inShape[i++], outCount = out[o++];
    while (inCount != outCount) {
      if (inCount == 0 || outCount == 0)
        return std::nullopt;
      if (inCount < outCount && i < inShape.size()) {
        if (__builtin_mul_overflow(inCount, inShape[i++], &inCount))
          return std::nullopt;
      } else if (outCount < inCount && o < out.size()) {
        if (__builtin_mul_overflow(outCount, out[o++], &outCount))
          return std::nullopt;
      } else {
        return std::nullopt;
      }
    }
    llvm::ArrayRef<SymExpr> group(inExprs.begin() + firstIn, inExprs.begin() + i);
    bool symbolic = llvm::any_of(group, [](const SymExpr &e) { return !e.isConstant(); });
    if (!symbolic) {
      for (size_t k = firstOut; k < o; ++k)
        result.push_back(SymExpr::constant(out[k]));
      continue;
    }
    if (o - firstOut != 1)
      return std::nullopt;
    SymExpr count = SymExpr::constant(1);
    for (const SymExpr &e : group) {
      std::optional<SymExpr> next = SymExpr::mul(count, e);
      if (!next)
        return std::nullopt;
      count = *next;
    }
    result.push_back(count);
  }
  if (i != inShape.size() || o != out.size())
    return std::nullopt;
  return result;
}

/// A broadcast's target sizes: a dim aligned with a symbolic input dim and
/// equal to its example size is that dim.
llvm::SmallVector<SymExpr> broadcastExprs(RankedTensorType in, llvm::ArrayRef<int64_t> target) {
  llvm::SmallVector<SymExpr> inExprs = dimExprs(in), result;
  int64_t lead = static_cast<int64_t>(target.size()) - in.getRank();
  for (auto [d, size] : llvm::enumerate(target)) {
    int64_t k = static_cast<int64_t>(d) - lead;
    if (k >= 0 && !inExprs[k].isConstant() && in.getDimSize(k) == size)
      result.push_back(inExprs[k]);
    else
      result.push_back(SymExpr::constant(size));
  }
  return result;
}

/// A slice's limits: a limit equal to a symbolic dim's example size is the
/// dim's end.
llvm::SmallVector<SymExpr> sliceLimitExprs(RankedTensorType in, llvm::ArrayRef<int64_t> limits) {
  llvm::SmallVector<SymExpr> inExprs = dimExprs(in), result;
  for (auto [d, limit] : llvm::enumerate(limits)) {
    if (d < inExprs.size() && !inExprs[d].isConstant() && in.getDimSize(d) == limit)
      result.push_back(inExprs[d]);
    else
      result.push_back(SymExpr::constant(limit));
  }
  return result;
}

llvm::ArrayRef<int64_t> intsAttr(llvm::ArrayRef<NamedAttribute> attrs, llvm::StringRef name) {
  for (const NamedAttribute &a : attrs)
    if (a.getName() == name)
      if (auto v = llvm::dyn_cast<DenseI64ArrayAttr>(a.getValue()))
        return v.asArrayRef();
  return {};
}

bool hasAttr(llvm::ArrayRef<NamedAttribute> attrs, llvm::StringRef name) {
  return llvm::any_of(attrs, [&](const NamedAttribute &a) { return a.getName() == name; });
}

} // namespace

/// `attrs` with the expressions the example's literal sizes stand for, for
/// the ops whose attributes hold sizes (when the handler gave none).
static llvm::SmallVector<NamedAttribute> symbolicSizeAttrs(ImportContext &ctx,
                                                          llvm::StringRef name,
                                                          ValueRange operands,
                                                          llvm::ArrayRef<NamedAttribute> attrs) {
  llvm::SmallVector<NamedAttribute> out(attrs);
  auto add = [&](llvm::StringRef attr, llvm::ArrayRef<SymExpr> exprs) {
    if (Attribute dims = ctx.dimsAttr(exprs))
      out.push_back(ctx.attr(attr, dims));
  };
  if ((name == "gn.reshape" || name == "gn.broadcast_to") && !hasAttr(attrs, "sym_shape") &&
      !operands.empty() && symbolicValue(operands[0])) {
    llvm::ArrayRef<int64_t> shape = intsAttr(attrs, "shape");
    if (name == "gn.broadcast_to") {
      add("sym_shape", broadcastExprs(rankedOf(operands[0]), shape));
    } else if (auto exprs = reshapeExprs(rankedOf(operands[0]), shape)) {
      add("sym_shape", *exprs);
    }
  }
  // A slice reads operand 0, an insert_slice writes into operand 1.
  unsigned sliced = name == "gn.insert_slice" ? 1 : 0;
  if ((name == "gn.slice" || name == "gn.insert_slice") && !hasAttr(attrs, "sym_limits") &&
      operands.size() > sliced && symbolicValue(operands[sliced]))
    add("sym_limits", sliceLimitExprs(rankedOf(operands[sliced]), intsAttr(attrs, "limits")));
  return out;
}

FailureOr<Value> ImportContext::guard(Value v, llvm::ArrayRef<int64_t> dims) {
  std::vector<int64_t> pinned(dims.begin(), dims.end());
  if (pinned.empty())
    for (auto [d, e] : llvm::enumerate(dimExprs(rankedOf(v))))
      if (!e.isConstant())
        pinned.push_back(static_cast<int64_t>(d));
  auto key = std::make_pair(v, pinned);
  auto found = guardOf.find(key);
  if (found != guardOf.end() && found->second.getParentBlock() == builder.getInsertionBlock())
    return found->second;
  auto g = createInferred<gn::SpecializeOp>(builder, loc, {v}, {ints("dims", pinned)});
  if (succeeded(g))
    guardOf[key] = *g;
  return g;
}

FailureOr<Value> ImportContext::buildSymbolic(llvm::StringRef name, ValueRange operands,
                                              llvm::ArrayRef<NamedAttribute> attrs,
                                              Creator create) {
  if (llvm::none_of(operands, symbolicValue))
    return create(operands, attrs);
  llvm::SmallVector<Value> ops(operands.begin(), operands.end());
  // An op whose shape function is not symbolic yet (nonzero, scatter,
  // grid_sample, ...) takes its operands pinned whole: its result is the
  // example's.
  std::optional<RegisteredOperationName> registered =
      RegisteredOperationName::lookup(name, &mlirContext);
  if (registered && !registered->hasTrait<OpTrait::GnSymbolicShapes>()) {
    for (Value &v : ops) {
      if (!symbolicValue(v))
        continue;
      auto g = guard(v);
      if (failed(g))
        return failure();
      v = *g;
    }
    return create(ops, attrs);
  }
  // A slice a handler built from the example's sizes (split, chunk,
  // narrow, ...) over part of a symbolic dim: its literals may have come
  // from that size, so the dim is pinned; only a whole dim follows it.
  unsigned sliced = name == "gn.insert_slice" ? 1 : 0;
  if ((name == "gn.slice" || name == "gn.insert_slice") && !hasAttr(attrs, "sym_limits") &&
      ops.size() > sliced && symbolicValue(ops[sliced])) {
    auto type = rankedOf(ops[sliced]);
    llvm::ArrayRef<int64_t> starts = intsAttr(attrs, "starts"), limits = intsAttr(attrs, "limits"),
                            steps = intsAttr(attrs, "steps");
    llvm::SmallVector<int64_t> pinned;
    for (auto [d, e] : llvm::enumerate(dimExprs(type)))
      if (!e.isConstant() && d < starts.size() && d < limits.size() && d < steps.size() &&
          (starts[d] != 0 || limits[d] != type.getDimSize(d) || steps[d] != 1))
        pinned.push_back(static_cast<int64_t>(d));
    if (!pinned.empty()) {
      auto g = guard(ops[sliced], pinned);
      if (failed(g))
        return failure();
      ops[sliced] = *g;
      operands = ops;
    }
  }
  llvm::SmallVector<NamedAttribute> withSizes = symbolicSizeAttrs(*this, name, operands, attrs);
  {
    // Quiet trials: the op as it is, then with the fewest guards (the
    // candidates below).
    ScopedDiagnosticHandler quiet(&mlirContext, [](Diagnostic &) { return success(); });
    if (auto r = create(operands, withSizes); succeeded(r))
      return r;
    llvm::SmallVector<Value> tried;
    using Pins = llvm::SmallVector<std::pair<unsigned, llvm::SmallVector<int64_t>>>;
    auto guarded = [&](const Pins &pins) -> FailureOr<Value> {
      llvm::SmallVector<Value> ops(operands.begin(), operands.end());
      for (const auto &[k, dims] : pins) {
        auto g = guard(ops[k], dims);
        if (failed(g))
          return failure();
        tried.push_back(*g);
        ops[k] = *g;
      }
      return create(ops, symbolicSizeAttrs(*this, name, ops, attrs));
    };
    // The candidates, fewest pins first: one dim of one operand; the dims
    // that use one symbol, in one operand, then in every operand; one whole
    // operand; every operand whole.
    llvm::SmallVector<Pins> candidates;
    Pins everyOperand;
    std::set<std::string> symbols;
    for (unsigned k = 0; k < operands.size(); ++k) {
      if (!symbolicValue(operands[k]))
        continue;
      for (auto [d, e] : llvm::enumerate(dimExprs(rankedOf(operands[k])))) {
        if (!e.isConstant())
          candidates.push_back({{k, {static_cast<int64_t>(d)}}});
        for (const std::string &symbol : e.symbols())
          symbols.insert(symbol);
      }
      everyOperand.push_back({k, {}});
    }
    for (const std::string &symbol : symbols) {
      Pins all;
      for (const auto &[k, unused] : everyOperand) {
        llvm::SmallVector<int64_t> dims;
        for (auto [d, e] : llvm::enumerate(dimExprs(rankedOf(operands[k]))))
          if (e.symbols().count(symbol))
            dims.push_back(static_cast<int64_t>(d));
        if (dims.empty())
          continue;
        candidates.push_back({{k, dims}});
        all.push_back({k, dims});
      }
      if (all.size() > 1)
        candidates.push_back(all);
    }
    for (const auto &[k, dims] : everyOperand)
      candidates.push_back({{k, {}}});
    if (everyOperand.size() > 1)
      candidates.push_back(everyOperand);
    FailureOr<Value> r = failure();
    for (const Pins &pins : candidates)
      if (succeeded(r = guarded(pins)))
        break;
    // Guards no op reads (trials that failed) go; the new ones are counted.
    llvm::SmallPtrSet<Operation *, 8> seen;
    for (Value g : tried) {
      Operation *op = g.getDefiningOp();
      if (!seen.insert(op).second)
        continue;
      if (g.use_empty() && !pins.contains(op)) {
        llvm::ArrayRef<int64_t> dims = cast<gn::SpecializeOp>(op).getDims();
        guardOf.erase({op->getOperand(0), std::vector<int64_t>(dims.begin(), dims.end())});
        op->erase();
      }
    }
    if (succeeded(r))
      return r;
  }
  // No guard lifts the refusal: report the op's own.
  return create(operands, withSizes);
}

FailureOr<int64_t> ImportContext::pinned(const PyValue &v, const llvm::Twine &what) {
  if (!v.isSymbolic())
    return v.i;
  for (const std::string &symbol : v.sym->symbols()) {
    auto source = symbolSources.find(symbol);
    if (source == symbolSources.end())
      return error(what + " takes the size " + v.sym->str() +
                   " as a fixed int, and the symbol " + symbol +
                   " has no argument to pin: not symbolic yet (docs/symbolic-shapes.md)");
    // The guard is read by nothing: the interpreter checks every guard when
    // it binds the symbols (docs/symbolic-shapes.md, "Guards").
    auto g = guard(source->second.first, {source->second.second});
    if (failed(g))
      return failure();
    pins.insert(g->getDefiningOp());
  }
  return v.i;
}

void ImportContext::eraseDeadOps(Block &body) {
  bool changed = true;
  while (changed) {
    changed = false;
    for (Operation &op : llvm::make_early_inc_range(llvm::reverse(body))) {
      if (!op.use_empty() || op.hasTrait<OpTrait::IsTerminator>() || pins.contains(&op) ||
          !isMemoryEffectFree(&op) || op.getNumRegions() != 0)
        continue;
      for (auto &[key, g] : guardOf)
        if (g.getDefiningOp() == &op)
          g = Value();
      op.erase();
      changed = true;
    }
  }
  for (auto it = guardOf.begin(); it != guardOf.end();)
    it = it->second ? std::next(it) : guardOf.erase(it);
}
