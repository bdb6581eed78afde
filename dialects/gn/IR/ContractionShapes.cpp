//===- ContractionShapes.cpp - matmul, linear, einsum, attention --------===//
#include "ShapeUtils.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/IR/SymbolicSizes.h"
#include "llvm/ADT/StringExtras.h"
#include <map>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::shapes;

LogicalResult gn::inferMatmul(MLIRContext *, OptLoc loc, Value lhs, Value rhs, bool transposeLhs,
                              bool transposeRhs, bool widen, bool transposeResult,
                              TypeList &types) {
  auto a = tensorType(lhs), b = tensorType(rhs);
  if (a.getRank() == 0 || b.getRank() == 0)
    return fail(loc, "matmul operands must have rank >= 1");
  if ((transposeLhs && a.getRank() < 2) || (transposeRhs && b.getRank() < 2))
    return fail(loc, "a transposed matmul operand must have rank >= 2");
  if (a.getElementType() != b.getElementType())
    return fail(loc, "matmul operands have different element types " +
                         typeStr(a.getElementType()) + " and " + typeStr(b.getElementType()));
  if (widen && !a.getElementType().isF16() && !a.getElementType().isBF16())
    return fail(loc, "a widening matmul takes f16 or bf16 operands, not " +
                         typeStr(a.getElementType()));
  // torch.matmul: 1-d lhs gets a leading 1, 1-d rhs a trailing 1; both are
  // dropped from the result again.
  // The sizes at the example and for every binding of the shape symbols go
  // through the same steps side by side.
  llvm::SmallVector<int64_t> sa(a.getShape()), sb(b.getShape());
  llvm::SmallVector<SymExpr> ea = dimExprs(a), eb = dimExprs(b);
  if (transposeLhs) {
    std::swap(sa[sa.size() - 2], sa.back());
    std::swap(ea[ea.size() - 2], ea.back());
  }
  if (transposeRhs) {
    std::swap(sb[sb.size() - 2], sb.back());
    std::swap(eb[eb.size() - 2], eb.back());
  }
  bool lhsVector = sa.size() == 1, rhsVector = sb.size() == 1;
  if (lhsVector) {
    sa.insert(sa.begin(), 1);
    ea.insert(ea.begin(), SymExpr::constant(1));
  }
  if (rhsVector) {
    sb.push_back(1);
    eb.push_back(SymExpr::constant(1));
  }
  int64_t m = sa[sa.size() - 2], k = sa.back(), k2 = sb[sb.size() - 2], n = sb.back();
  if (k != k2)
    return fail(loc, "matmul contraction sizes differ: " + shapeStr(a.getShape()) + " @ " +
                         shapeStr(b.getShape()));
  if (ea.back() != eb[eb.size() - 2])
    return fail(loc, "matmul contraction sizes " + ea.back().str() + " and " +
                         eb[eb.size() - 2].str() + " may differ at some binding: " + typeStr(a) +
                         " @ " + typeStr(b));
  auto batch = broadcastShapes(llvm::ArrayRef<int64_t>(sa).drop_back(2),
                               llvm::ArrayRef<int64_t>(sb).drop_back(2));
  if (!batch)
    return fail(loc, "matmul batch dims do not broadcast: " + shapeStr(a.getShape()) + " @ " +
                         shapeStr(b.getShape()));
  llvm::SmallVector<int64_t> shape(*batch);
  llvm::SmallVector<SymExpr> exprs;
  size_t batchRank = batch->size(), aBatch = ea.size() - 2, bBatch = eb.size() - 2;
  for (size_t i = 0; i < batchRank; ++i) {
    SymExpr x = i < batchRank - aBatch ? SymExpr::constant(1) : ea[i - (batchRank - aBatch)];
    SymExpr y = i < batchRank - bBatch ? SymExpr::constant(1) : eb[i - (batchRank - bBatch)];
    std::string why;
    std::optional<SymExpr> r = sym::broadcastSizes(x, y, why);
    if (!r)
      return fail(loc, "matmul batch dim " + llvm::Twine(i) + " of " + typeStr(a) + " @ " +
                           typeStr(b) + ": " + why);
    exprs.push_back(*r);
  }
  if (!lhsVector) {
    shape.push_back(m);
    exprs.push_back(ea[ea.size() - 2]);
  }
  if (!rhsVector) {
    shape.push_back(n);
    exprs.push_back(eb.back());
  }
  if (transposeResult) {
    if (shape.size() < 3 || lhsVector || rhsVector)
      return fail(loc, "a matmul with a transposed result needs a batch dim and matrix operands");
    std::swap(shape[shape.size() - 3], shape[shape.size() - 2]);
    std::swap(exprs[exprs.size() - 3], exprs[exprs.size() - 2]);
  }
  Type element = widen ? Float32Type::get(a.getContext()) : a.getElementType();
  types.push_back(symbolicTensorType(shape, element, exprs));
  return success();
}

LogicalResult gn::inferLinear(MLIRContext *, OptLoc loc, Value input, Value weight, Value bias,
                              TypeList &types) {
  auto x = tensorType(input), w = tensorType(weight);
  if (w.getRank() != 2 && w.getRank() != 1)
    return fail(loc, "expected weight of rank 1 or 2, got rank " + llvm::Twine(w.getRank()));
  if (x.getRank() < 1)
    return fail(loc, "expected input of rank >= 1");
  if (x.getElementType() != w.getElementType())
    return fail(loc, "input and weight element types differ");
  if (x.getShape().back() != w.getShape().back())
    return fail(loc, "input features " + llvm::Twine(x.getShape().back()) +
                         " do not match weight " + shapeStr(w.getShape()));
  // The weight and bias are parameters: static. The input's features must
  // be static too; its other dims may follow the shape symbols.
  if (hasSymbolicDims(w) || hasSymbolicDims(tensorType(bias)))
    return fail(loc, "linear takes a static weight and bias");
  llvm::SmallVector<SymExpr> exprs = dimExprs(x);
  if (!exprs.back().isConstant())
    return fail(loc, "input features " + exprs.back().str() + " of " + typeStr(x) +
                         " are not static");
  exprs.pop_back();
  llvm::SmallVector<int64_t> shape(x.getShape().drop_back());
  if (w.getRank() == 2) {
    shape.push_back(w.getDimSize(0));
    exprs.push_back(SymExpr::constant(w.getDimSize(0)));
  }
  if (auto b = tensorType(bias)) {
    if (!broadcastShapes(shape, b.getShape()) ||
        *broadcastShapes(shape, b.getShape()) != llvm::ArrayRef<int64_t>(shape))
      return fail(loc, "bias shape " + shapeStr(b.getShape()) + " does not broadcast to " +
                           shapeStr(shape));
    // A bias that spans a symbolic dim would be symbolic itself (refused).
    for (int64_t i = 0; i < b.getRank(); ++i)
      if (b.getDimSize(b.getRank() - 1 - i) != 1 && !exprs[exprs.size() - 1 - i].isConstant())
        return fail(loc, "static bias " + shapeStr(b.getShape()) +
                             " spans the symbolic dim " + exprs[exprs.size() - 1 - i].str());
  }
  types.push_back(symbolicTensorType(shape, x.getElementType(), exprs));
  return success();
}

LogicalResult gn::inferEinsum(MLIRContext *, OptLoc loc, ValueRange inputs,
                              llvm::StringRef equation, TypeList &types) {
  auto [lhs, out] = equation.split("->");
  if (!equation.contains("->"))
    return fail(loc, "einsum equation '" + equation + "' needs an explicit '->' output");
  llvm::SmallVector<llvm::StringRef> terms;
  lhs.split(terms, ',');
  if (terms.size() != inputs.size())
    return fail(loc, "einsum equation has " + llvm::Twine(terms.size()) + " operands, got " +
                         llvm::Twine(inputs.size()));
  std::map<char, int64_t> sizes;
  std::map<char, SymExpr> exprs; // each label's size at every binding
  Type element;
  for (auto [term, value] : llvm::zip(terms, inputs)) {
    auto t = tensorType(value);
    term = term.trim();
    if ((int64_t)term.size() != t.getRank())
      return fail(loc, "einsum term '" + term + "' does not match operand rank " +
                           llvm::Twine(t.getRank()));
    if (element && element != t.getElementType())
      return fail(loc, "einsum operands have different element types");
    element = t.getElementType();
    for (auto [c, d, e] : llvm::zip(term, t.getShape(), dimExprs(t))) {
      if (!llvm::isAlpha(c))
        return fail(loc, "einsum label '" + llvm::Twine(c) + "' is not a letter");
      // A label's sizes agree at every binding, or one is a broadcast 1.
      auto [at, fresh] = exprs.insert({c, e});
      if (!fresh && at->second != e) {
        if (at->second.constantValue() == 1)
          at->second = e;
        else if (e.constantValue() != 1)
          return fail(loc, "einsum label '" + llvm::Twine(c) + "' has sizes " +
                               at->second.str() + " and " + e.str() +
                               ", which may differ at some binding of the shape symbols");
      }
      auto [it, inserted] = sizes.insert({c, d});
      if (!inserted && it->second != d) {
        if (it->second == 1)
          it->second = d;
        else if (d != 1)
          return fail(loc, "einsum label '" + llvm::Twine(c) + "' has sizes " +
                               llvm::Twine(it->second) + " and " + llvm::Twine(d));
      }
    }
  }
  llvm::SmallVector<int64_t> shape;
  llvm::SmallVector<SymExpr> outExprs;
  for (char c : out.trim()) {
    auto it = sizes.find(c);
    if (it == sizes.end())
      return fail(loc, "einsum output label '" + llvm::Twine(c) + "' not among the inputs");
    shape.push_back(it->second);
    outExprs.push_back(exprs.at(c));
  }
  types.push_back(symbolicTensorType(shape, element, outExprs));
  return success();
}

/// An attention mask (if any) broadcasts to the scores' shape, at the
/// example and at every binding of the shape symbols (`scoreExprs`).
static LogicalResult maskBroadcasts(OptLoc loc, Value mask, llvm::ArrayRef<int64_t> scores,
                                    llvm::ArrayRef<SymExpr> scoreExprs = {}) {
  auto tm = tensorType(mask);
  if (!tm)
    return success();
  auto b = broadcastShapes(scores, tm.getShape());
  if (!b || llvm::ArrayRef<int64_t>(*b) != scores)
    return fail(loc, "mask shape " + shapeStr(tm.getShape()) + " does not broadcast to scores " +
                         shapeStr(scores));
  if (scoreExprs.empty())
    return success();
  llvm::SmallVector<SymExpr> e = dimExprs(tm);
  size_t lead = scoreExprs.size() - e.size();
  for (size_t i = 0; i < e.size(); ++i)
    if (e[i] != scoreExprs[lead + i] && e[i].constantValue() != 1)
      return fail(loc, "mask " + typeStr(tm) + " dim " + llvm::Twine(i) + " is " + e[i].str() +
                           ", the scores' " + scoreExprs[lead + i].str() +
                           " (they may differ at some binding of the shape symbols)");
  return success();
}

LogicalResult gn::inferAttention(MLIRContext *, OptLoc loc, Value q, Value k, Value v,
                                 Value mask, bool seqFirst, TypeList &types) {
  auto tq = tensorType(q), tk = tensorType(k), tv = tensorType(v);
  if (tq.getRank() < (seqFirst ? 3 : 2) || tk.getRank() != tq.getRank() ||
      tv.getRank() != tq.getRank())
    return fail(loc, seqFirst ? "seq_first query, key and value must have the same rank >= 3"
                              : "query, key and value must have the same rank >= 2");
  int64_t r = tq.getRank();
  // seq_first: checked as the [..., H, L, E] layout it stands for; the sizes
  // at the example and for every binding side by side.
  struct Dims {
    llvm::SmallVector<int64_t> size;
    llvm::SmallVector<SymExpr> expr;
  };
  auto headsFirst = [&](RankedTensorType t) {
    Dims d{llvm::SmallVector<int64_t>(t.getShape()), dimExprs(t)};
    if (seqFirst) {
      std::swap(d.size[r - 3], d.size[r - 2]);
      std::swap(d.expr[r - 3], d.expr[r - 2]);
    }
    return d;
  };
  Dims dq = headsFirst(tq), dk = headsFirst(tk), dv = headsFirst(tv);
  if (dq.size[r - 1] != dk.size[r - 1])
    return fail(loc, "query and key head sizes differ: " + shapeStr(dq.size) + " vs " +
                         shapeStr(dk.size));
  if (dk.size[r - 2] != dv.size[r - 2])
    return fail(loc, "key and value sequence lengths differ: " + shapeStr(dk.size) + " vs " +
                         shapeStr(dv.size));
  if (dq.expr[r - 1] != dk.expr[r - 1] || dk.expr[r - 2] != dv.expr[r - 2])
    return fail(loc, "query, key and value sizes " + typeStr(tq) + ", " + typeStr(tk) + ", " +
                         typeStr(tv) + " may disagree at some binding of the shape symbols");
  // Batch dims broadcast; grouped-query attention repeats key/value heads.
  llvm::SmallVector<int64_t> shape(dq.size.begin(), dq.size.end() - 1);
  llvm::SmallVector<SymExpr> exprs(dq.expr.begin(), dq.expr.end() - 1);
  shape.push_back(dv.size[r - 1]);
  exprs.push_back(dv.expr[r - 1]);
  for (int64_t i = 0; i + 2 < r; ++i) {
    int64_t a = dq.size[i], b = dk.size[i];
    // Equal, broadcast from 1 (also onto 0), or key heads that divide the
    // query's (a key dim of 0 divides nothing).
    if (a == b || b == 1)
      shape[i] = a;
    else if (a == 1)
      shape[i] = b;
    else if (b != 0 && a % b == 0)
      shape[i] = a;
    else
      return fail(loc, "query and key batch dims do not match: " + shapeStr(dq.size) +
                           " vs " + shapeStr(dk.size));
    const SymExpr &ea = dq.expr[i], &eb = dk.expr[i];
    if (ea.isConstant() && eb.isConstant())
      continue;
    // Symbolic: the same size, or broadcast from the constant 1.
    std::string why;
    std::optional<SymExpr> e = sym::broadcastSizes(ea, eb, why);
    if (!e)
      return fail(loc, "attention batch dim " + llvm::Twine(i) + ": " + why);
    exprs[i] = *e;
  }
  llvm::SmallVector<int64_t> scores(shape.begin(), shape.end() - 1);
  llvm::SmallVector<SymExpr> scoreExprs(exprs.begin(), exprs.end() - 1);
  scores.push_back(dk.size[r - 2]);
  scoreExprs.push_back(dk.expr[r - 2]);
  if (failed(maskBroadcasts(loc, mask, scores, scoreExprs)))
    return failure();
  if (seqFirst) {
    std::swap(shape[r - 3], shape[r - 2]);
    std::swap(exprs[r - 3], exprs[r - 2]);
  }
  types.push_back(symbolicTensorType(shape, tq.getElementType(), exprs));
  return success();
}

LogicalResult gn::inferProjectedAttention(MLIRContext *, OptLoc loc, Value q, Value input,
                                          Value keyWeight, Value keyBias, Value valueWeight,
                                          Value valueBias, Value mask, TypeList &types) {
  auto tq = tensorType(q), tx = tensorType(input);
  auto wk = tensorType(keyWeight), bk = tensorType(keyBias), wv = tensorType(valueWeight),
       bv = tensorType(valueBias);
  Type et = tq.getElementType();
  if (tx.getElementType() != et || wk.getElementType() != et || bk.getElementType() != et ||
      wv.getElementType() != et || bv.getElementType() != et)
    return fail(loc, "query, input, weights and biases must have one element type");
  int64_t r = tq.getRank();
  if (r < 3 || tx.getRank() != r - 1)
    return fail(loc, "query must be [..., L, H, E] and input [..., S, D] with the same batch dims");
  if (tq.getShape().take_front(r - 3) != tx.getShape().take_front(r - 3))
    return fail(loc, "query and input batch dims differ: " + shapeStr(tq.getShape()) + " vs " +
                         shapeStr(tx.getShape()));
  int64_t heads = tq.getDimSize(r - 2), e = tq.getDimSize(r - 1), d = tx.getDimSize(r - 2),
          s = tx.getDimSize(r - 3);
  if (wk.getRank() != 2 || wv.getRank() != 2 || bk.getRank() != 1 || bv.getRank() != 1 ||
      wk.getDimSize(1) != d || wv.getDimSize(1) != d || bk.getDimSize(0) != wk.getDimSize(0) ||
      bv.getDimSize(0) != wv.getDimSize(0))
    return fail(loc, "key / value weights must be [rows, " + std::to_string(d) +
                         "] with biases [rows]: " + shapeStr(wk.getShape()) + ", " +
                         shapeStr(wv.getShape()));
  int64_t kvHeads = e > 0 ? wk.getDimSize(0) / e : 0;
  if (e <= 0 || wk.getDimSize(0) % e != 0 || kvHeads == 0 || heads % kvHeads != 0 ||
      wv.getDimSize(0) % kvHeads != 0)
    return fail(loc, "key weight rows " + std::to_string(wk.getDimSize(0)) +
                         " are not a number of key heads of size " + std::to_string(e) +
                         " that divides the " + std::to_string(heads) + " query heads");
  int64_t ev = wv.getDimSize(0) / kvHeads;
  llvm::SmallVector<int64_t> shape(tq.getShape());
  shape.back() = ev;
  llvm::SmallVector<int64_t> scores(tq.getShape().take_front(r - 3));
  scores.append({heads, tq.getDimSize(r - 3), s});
  if (failed(maskBroadcasts(loc, mask, scores)))
    return failure();
  types.push_back(tq.clone(shape));
  return success();
}
