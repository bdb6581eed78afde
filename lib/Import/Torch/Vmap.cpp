//===- Vmap.cpp - functorch batch dims (torch.vmap in traced code) ------===//
//
// HF mask builders trace torch.vmap as _add_batch_dim / _remove_batch_dim
// around a few elementwise ops. A batched value is a tensor whose leading
// physical dims belong to vmap levels (PyValue::levels, ascending); the rest
// are its logical dims. Only ops whose batching rule is plain broadcasting
// (elementwise maps, comparisons, conversions, advanced indexing of an
// unbatched tensor) accept batched operands; anything else is reported as
// unsupported rather than guessed.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "llvm/ADT/StringSet.h"
#include <map>

using namespace mlir;
using namespace mlir::gn::import;


/// Moves physical dim `from` to position `to`.
static FailureOr<Value> moveDim(ImportContext &ctx, Value x, int64_t from, int64_t to) {
  if (from == to)
    return x;
  int64_t rank = typeOf(x).getRank();
  llvm::SmallVector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    if (i != from)
      perm.push_back(i);
  perm.insert(perm.begin() + to, from);
  return ctx.build<gn::TransposeOp>({x}, {ctx.ints("permutation", perm)});
}

FailureOr<PyValue> mlir::gn::import::addBatchDim(ImportContext &ctx, const PyValue &x,
                                                 int64_t inDim, int64_t level) {
  if (!x.isTensor())
    return ctx.error("_add_batch_dim expects a tensor");
  int64_t nl = x.levels.size(), logicalRank = x.type().getRank() - nl;
  auto d = ctx.dim(inDim, logicalRank);
  if (failed(d))
    return failure();
  if (llvm::is_contained(x.levels, level))
    return ctx.error("vmap level " + llvm::Twine(level) + " added twice");
  int64_t pos = llvm::count_if(x.levels, [&](int64_t l) { return l < level; });
  auto moved = moveDim(ctx, x.tensor, nl + *d, pos);
  if (failed(moved))
    return failure();
  PyValue out = PyValue::of(*moved);
  out.levels = x.levels;
  out.levels.insert(out.levels.begin() + pos, level);
  return out;
}

FailureOr<PyValue> mlir::gn::import::removeBatchDim(ImportContext &ctx, const PyValue &x,
                                                    int64_t level, int64_t batchSize,
                                                    int64_t outDim) {
  if (!x.isTensor())
    return ctx.error("_remove_batch_dim expects a tensor");
  auto it = llvm::find(x.levels, level);
  int64_t nl = x.levels.size();
  Value v = x.tensor;
  llvm::SmallVector<int64_t> levels(x.levels.begin(), x.levels.end());
  int64_t pos;
  if (it == x.levels.end()) {
    // Not batched along this level: the result repeats it batchSize times.
    llvm::SmallVector<int64_t> shape(typeOf(v).getShape());
    shape.insert(shape.begin() + nl, 1);
    auto r = ctx.reshape(v, shape);
    if (failed(r))
      return failure();
    v = *r;
    pos = nl;
  } else {
    pos = it - x.levels.begin();
    levels.erase(levels.begin() + pos);
  }
  int64_t remaining = levels.size();
  int64_t logicalRank = typeOf(v).getRank() - remaining - 1;
  if (outDim < 0)
    outDim += logicalRank + 1;
  if (outDim < 0 || outDim > logicalRank)
    return ctx.error("_remove_batch_dim out_dim out of range");
  auto moved = moveDim(ctx, v, pos, remaining + outDim);
  if (failed(moved))
    return failure();
  v = *moved;
  auto type = typeOf(v);
  if (type.getDimSize(remaining + outDim) != batchSize) {
    llvm::SmallVector<int64_t> shape(type.getShape());
    shape[remaining + outDim] = batchSize;
    auto b = ctx.build<gn::BroadcastToOp>({v}, {ctx.ints("shape", shape)});
    if (failed(b))
      return failure();
    v = *b;
  }
  PyValue out = PyValue::of(v);
  out.levels.assign(levels.begin(), levels.end());
  return out;
}

static bool isBatched(const PyValue &v) {
  if (v.isTensor())
    return !v.levels.empty();
  if (v.isSequence())
    return llvm::any_of(v.elts, isBatched);
  return false;
}

/// Ops whose batching rule is broadcasting over the level dims.
static bool broadcastsOverLevels(llvm::StringRef op) {
  static const llvm::StringSet<> ops = {
      "add", "sub", "mul", "neg", "bitwise_and", "__and__", "bitwise_or", "__or__",
      "logical_and", "logical_or", "logical_not", "bitwise_not", "eq", "ne", "lt", "le",
      "gt", "ge", "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__", "to", "where",
      "__add__", "__sub__", "__mul__", "__rsub__", "rsub", "__radd__", "__rmul__"};
  return ops.contains(op);
}

/// Aligns batched tensors in `values` to the union of levels and a common
/// logical rank: [levels (size or 1)..., 1..., logical dims].
static LogicalResult alignAll(ImportContext &ctx, std::vector<PyValue *> &values,
                              llvm::SmallVectorImpl<int64_t> &unionLevels) {
  std::map<int64_t, int64_t> sizes;
  int64_t maxLogical = 0;
  for (PyValue *v : values) {
    if (!v->isTensor())
      continue;
    for (auto [k, l] : llvm::enumerate(v->levels)) {
      int64_t s = v->type().getDimSize(k);
      auto [it, inserted] = sizes.insert({l, s});
      if (!inserted && it->second != s && s != 1 && it->second != 1)
        return ctx.error("vmap level " + llvm::Twine(l) + " has sizes " +
                         llvm::Twine(it->second) + " and " + llvm::Twine(s));
      if (!inserted && it->second == 1)
        it->second = s;
    }
    maxLogical = std::max<int64_t>(maxLogical, v->type().getRank() - v->levels.size());
  }
  for (auto &[l, s] : sizes)
    unionLevels.push_back(l);
  for (PyValue *v : values) {
    if (!v->isTensor())
      continue;
    auto type = v->type();
    int64_t nl = v->levels.size();
    llvm::SmallVector<int64_t> shape;
    for (int64_t l : unionLevels) {
      auto it = llvm::find(v->levels, l);
      shape.push_back(it == v->levels.end() ? 1 : type.getDimSize(it - v->levels.begin()));
    }
    for (int64_t k = type.getRank() - nl; k < maxLogical; ++k)
      shape.push_back(1);
    llvm::append_range(shape, type.getShape().drop_front(nl));
    auto r = ctx.reshape(v->tensor, shape);
    if (failed(r))
      return failure();
    bool scalarLike = v->wrappedScalar;
    *v = PyValue::of(*r);
    v->wrappedScalar = scalarLike;
    v->levels.assign(unionLevels.begin(), unionLevels.end());
  }
  return success();
}

FailureOr<bool> mlir::gn::import::prepareBatchedCall(
    ImportContext &ctx, llvm::StringRef op, std::vector<PyValue> &args,
    std::vector<std::pair<std::string, PyValue>> &kwargs, llvm::SmallVectorImpl<int64_t> &levels,
    bool &resultBatched) {
  bool any = llvm::any_of(args, isBatched) ||
             llvm::any_of(kwargs, [](auto &kv) { return isBatched(kv.second); });
  resultBatched = false;
  if (!any)
    return false;
  llvm::StringRef base = op;
  if (base.ends_with("_") && !base.ends_with("__"))
    base = base.drop_back();
  // new_ones / new_zeros read only the receiver's dtype: unbatched result.
  if (base == "new_ones" || base == "new_zeros" || base == "new_full" || base == "new_empty") {
    for (PyValue &a : args)
      if (a.isTensor() && !a.levels.empty())
        a.levels.clear();
    return true;
  }
  if (base == "index") {
    // Advanced indexing of an unbatched tensor by batched indices: the
    // broadcast index dims lead the result, so the levels stay in front.
    if (args.size() < 2 || isBatched(args[0]) || !args[1].isSequence() ||
        args[1].elts.empty() || args[1].elts[0].isNone())
      return ctx.error("vmap: only indexing an unbatched tensor from dim 0 with batched "
                       "indices is supported");
    std::vector<PyValue *> indices;
    for (PyValue &e : args[1].elts)
      if (e.isTensor())
        indices.push_back(&e);
    if (failed(alignAll(ctx, indices, levels)))
      return failure();
    for (PyValue *e : indices)
      e->levels.clear();
    resultBatched = true;
    return true;
  }
  if (!broadcastsOverLevels(base))
    return ctx.error("vmap: '" + op + "' on a batched tensor is not supported");
  std::vector<PyValue *> values;
  for (PyValue &a : args)
    values.push_back(&a);
  for (auto &kv : kwargs)
    values.push_back(&kv.second);
  if (failed(alignAll(ctx, values, levels)))
    return failure();
  for (PyValue *v : values)
    v->levels.clear();
  resultBatched = true;
  return true;
}
