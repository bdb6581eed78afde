//===- GroupMatmuls.cpp - sibling GEMMs on one input as one (gn-group-matmuls) -===//
//
// Attention's q, k and v projections (and any GEMMs alike) read one input
// x with weights of one shape: three GEMM calls. With the weights side by
// side in memory they are one batched GEMM, x read for every batch item:
//
//   y_i = matmul(x, W_i)                        i = 1..G, W_i [N, K] arguments
//     =>  W = reshape(concat(W_1, ..., W_G, dim 0), [G, N, K])
//         y = matmul(reshape(x, [1, R, K]), W)   [G, R, N]  (R: x's rows)
//         y_i = reshape(slice(y, i), y_i's shape)
//
// The slices of y are contiguous views. The concat of whole arguments is
// free on a target that places them side by side as it uploads them
// (planBuffers' argument packs, the CUDA target); elsewhere it is a copy.
// So each argument joins at most one such concat, which is put at the top
// of the function and shared by every group of the same weights (ALBERT's
// layers share theirs). Grouped: matmuls in the function's body with the
// same lhs, no transpose of the lhs or of the result, a rank-2 function
// argument of one type as rhs, the same attributes and result type, within
// kMaxSpan ops of the group's first. For the CUDA pipeline (merge-launches).
// In a symbolic module the lhs may have symbolic dims (a batch of S0 x S1
// tokens): the weights, and so their pack, stay static; the rows R are the
// product of the lhs's leading dims as an expression, carried by the
// reshapes' sym_shape and the slices' sym_limits.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/IR/SymbolicSizes.h"
#include "gn/Support/PassTrace.h"
#include "gn/Transforms/Passes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNGROUPMATMULSPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-group-matmuls"
GN_STATISTIC(numGroups, "groups of matmuls made one");
GN_STATISTIC(numMatmulsGrouped, "matmuls in them");

namespace {

/// The weight of `mm` when it can join a group: a rank-2 argument of the
/// function, the lhs not transposed, the result not transposed.
BlockArgument groupableWeight(MatmulOp mm, Block &body) {
  auto w = llvm::dyn_cast<BlockArgument>(mm.getRhs());
  if (!w || w.getOwner() != &body || mm.getTransposeLhs() || mm.getTransposeResult())
    return {};
  auto wt = llvm::cast<RankedTensorType>(w.getType());
  auto lt = llvm::cast<RankedTensorType>(mm.getLhs().getType());
  auto rt = llvm::cast<RankedTensorType>(mm.getType());
  if (wt.getRank() != 2 || lt.getRank() < 2 || rt.getRank() != lt.getRank() ||
      !wt.hasStaticShape() || !dimExprs(lt).back().isConstant())
    return {};
  return w;
}

/// The sizes' texts as a #gn.dims attribute named `name`, or nothing when
/// every size is a constant (a static op needs none).
std::optional<NamedAttribute> dimsNamed(OpBuilder &b, StringRef name,
                                        llvm::ArrayRef<SymExpr> exprs) {
  if (llvm::all_of(exprs, [](const SymExpr &e) { return e.isConstant(); }))
    return std::nullopt;
  llvm::SmallVector<StringAttr> texts;
  for (const SymExpr &e : exprs)
    texts.push_back(b.getStringAttr(e.isConstant() ? "" : e.str()));
  return b.getNamedAttr(name, DimsAttr::get(b.getContext(), texts));
}

/// gn.reshape of `x` to `shape` (the example's sizes), `exprs` at every binding.
Value reshapeTo(OpBuilder &b, Location loc, Value x, llvm::ArrayRef<int64_t> shape,
                llvm::ArrayRef<SymExpr> exprs) {
  llvm::SmallVector<NamedAttribute> attrs{b.getNamedAttr("shape", b.getDenseI64ArrayAttr(shape))};
  if (auto dims = dimsNamed(b, "sym_shape", exprs))
    attrs.push_back(*dims);
  return createInferredOrDie<ReshapeOp>(b, loc, "gn-group-matmuls", {x}, attrs);
}

struct GnGroupMatmulsPass : gn::impl::GnGroupMatmulsPassBase<GnGroupMatmulsPass> {
  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    func::FuncOp fn = getOperation();
    if (fn.getBody().empty())
      return;
    Block &body = fn.getBody().front();
    // Candidates by (lhs, weight type, attributes, result type), in order.
    struct Key {
      Value lhs;
      Type weight, result;
      DictionaryAttr attrs;
      bool operator==(const Key &o) const {
        return lhs == o.lhs && weight == o.weight && result == o.result && attrs == o.attrs;
      }
    };
    struct KeyInfo {
      static Key getEmptyKey() {
        return {llvm::DenseMapInfo<Value>::getEmptyKey(), {}, {}, {}};
      }
      static Key getTombstoneKey() {
        return {llvm::DenseMapInfo<Value>::getTombstoneKey(), {}, {}, {}};
      }
      static unsigned getHashValue(const Key &k) {
        return llvm::hash_combine(k.lhs, k.weight, k.result, k.attrs);
      }
      static bool isEqual(const Key &a, const Key &b) { return a == b; }
    };
    // A group spans at most kMaxSpan ops from its first member: its result
    // lives from there until its last slice is read, so products computed
    // far apart stay apart (a decoder's cross-attention keys and values,
    // layer after layer, all read the encoder's output: as one group they
    // would all be held from the first layer on, whisper-base's arena 6 ->
    // 37 MB).
    constexpr int64_t kMaxSpan = 16;
    llvm::DenseMap<Key, unsigned, KeyInfo> open; // key -> index in `groups`
    std::vector<llvm::SmallVector<MatmulOp, 4>> groups;
    std::vector<int64_t> firstAt;
    int64_t position = 0;
    for (Operation &op : body) {
      ++position;
      auto mm = dyn_cast<MatmulOp>(op);
      BlockArgument w = mm ? groupableWeight(mm, body) : BlockArgument();
      if (!w)
        continue;
      Key key{mm.getLhs(), w.getType(), mm.getType(), op.getAttrDictionary()};
      auto it = open.find(key);
      // One weight once in a group (CSE leaves no two equal products).
      if (it == open.end() || position - firstAt[it->second] > kMaxSpan ||
          llvm::any_of(groups[it->second], [&](MatmulOp m) { return m.getRhs() == w; })) {
        open[key] = groups.size();
        groups.push_back({});
        firstAt.push_back(position);
        it = open.find(key);
      }
      groups[it->second].push_back(mm);
    }

    // Each argument in one concat at most: the weights' tuple -> its concat.
    llvm::DenseMap<BlockArgument, unsigned> packOf;
    std::map<llvm::SmallVector<unsigned>, Value> packs;
    OpBuilder top(&getContext());
    for (auto &group : groups) {
      // The weights' concats go first in the body, set afresh per group: a
      // group rewritten before may have erased the op the builder stood
      // before (the function's first op a grouped matmul; found by
      // fuzz_diff, cuda-forms seed 11008: a dangling insertion point).
      top.setInsertionPointToStart(&body);
      if (group.size() < 2)
        continue;
      llvm::SmallVector<unsigned> args;
      for (MatmulOp mm : group)
        args.push_back(llvm::cast<BlockArgument>(mm.getRhs()).getArgNumber());
      Value packed;
      if (auto it = packs.find(args); it != packs.end()) {
        packed = it->second;
      } else {
        if (llvm::any_of(args, [&](unsigned a) { return packOf.count(body.getArgument(a)); }))
          continue; // an argument already side by side with others
        auto wt = llvm::cast<RankedTensorType>(group.front().getRhs().getType());
        int64_t g = group.size();
        llvm::SmallVector<Value> weights;
        for (unsigned a : args) {
          weights.push_back(body.getArgument(a));
          packOf[body.getArgument(a)] = packs.size();
        }
        Location loc = group.front().getLoc();
        Value rows = ConcatOp::create(
            top, loc,
            RankedTensorType::get({g * wt.getDimSize(0), wt.getDimSize(1)}, wt.getElementType()),
            weights, top.getI64IntegerAttr(0));
        llvm::SmallVector<int64_t> stacked{g, wt.getDimSize(0), wt.getDimSize(1)};
        packed = ReshapeOp::create(top, loc, RankedTensorType::get(stacked, wt.getElementType()),
                                   rows, top.getDenseI64ArrayAttr(stacked));
        packs[args] = packed;
      }
      rewriteGroup(group, packed);
    }
  }

  /// The group's products as one matmul of its lhs (as one batch of rows)
  /// and the stacked weights, each old product a view of the result.
  void rewriteGroup(llvm::SmallVector<MatmulOp, 4> group, Value packed) {
    MatmulOp first = group.front();
    ++numGroups;
    numMatmulsGrouped += group.size();
    GN_DEBUG(traceStream() << "[" DEBUG_TYPE "] " << group.size() << " matmuls of one lhs at "
                           << first.getLoc() << "\n");
    OpBuilder b(first);
    Location loc = first.getLoc();
    auto lt = llvm::cast<RankedTensorType>(first.getLhs().getType());
    auto rt = llvm::cast<RankedTensorType>(first.getType());
    llvm::SmallVector<SymExpr> lhsDims = dimExprs(lt);
    int64_t k = lt.getShape().back(), n = rt.getShape().back();
    int64_t rows = lt.getNumElements() / k;
    std::string why;
    std::optional<SymExpr> rowsExpr =
        sym::product(llvm::ArrayRef<SymExpr>(lhsDims).drop_back(), why);
    if (!rowsExpr) {
      first.emitError("gn-group-matmuls: the rows of the lhs have no size expression: ") << why;
      return signalPassFailure();
    }
    Value lhs = reshapeTo(b, loc, first.getLhs(), {1, rows, k},
                          {SymExpr::constant(1), *rowsExpr, SymExpr::constant(k)});
    Value product = createInferredOrDie<MatmulOp>(b, loc, "gn-group-matmuls", {lhs, packed},
                                                  first->getAttrs());
    llvm::SmallVector<SymExpr> limitDims{SymExpr::constant(1), *rowsExpr, SymExpr::constant(n)};
    for (auto [i, op] : llvm::enumerate(group)) {
      MatmulOp mm = op;
      OpBuilder at(mm);
      llvm::SmallVector<NamedAttribute> attrs{
          at.getNamedAttr("starts", at.getDenseI64ArrayAttr({(int64_t)i, 0, 0})),
          at.getNamedAttr("limits", at.getDenseI64ArrayAttr({(int64_t)i + 1, rows, n})),
          at.getNamedAttr("steps", at.getDenseI64ArrayAttr({1, 1, 1}))};
      if (auto dims = dimsNamed(at, "sym_limits", limitDims))
        attrs.push_back(*dims);
      Value slice = createInferredOrDie<SliceOp>(at, loc, "gn-group-matmuls", {product}, attrs);
      Value view = reshapeTo(at, mm.getLoc(), slice, rt.getShape(), dimExprs(rt));
      mm.getResult().replaceAllUsesWith(view);
    }
    for (MatmulOp mm : group)
      mm->erase();
  }
};

} // namespace
