//===- Cost.cpp - FLOPs and bytes of a gn function -----------------------===//
#include "gn/Eval/Cost.h"
#include "gn/IR/GnOps.h"

using namespace mlir;
using namespace mlir::gn;

static double numel(Type t) {
  double n = 1;
  for (int64_t d : llvm::cast<RankedTensorType>(t).getShape())
    n *= d;
  return n;
}

static int64_t bytesOf(Type t) {
  auto rt = llvm::cast<RankedTensorType>(t);
  unsigned bits = rt.getElementType().getIntOrFloatBitWidth();
  return static_cast<int64_t>(numel(t)) * std::max(1u, bits / 8);
}

/// Product of dims [from, rank) of a tensor type.
static double trailing(Type t, unsigned from) {
  double n = 1;
  auto shape = llvm::cast<RankedTensorType>(t).getShape();
  for (unsigned i = from; i < shape.size(); ++i)
    n *= shape[i];
  return n;
}

static double dim(Type t, int64_t i) {
  auto shape = llvm::cast<RankedTensorType>(t).getShape();
  if (shape.empty())
    return 1;
  return shape[i < 0 ? shape.size() + i : i];
}

eval::GraphCost eval::graphCost(func::FuncOp func) {
  GraphCost c;
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    auto kind = func.getArgAttrOfType<StringAttr>(i, "gn.kind");
    int64_t b = bytesOf(func.getArgument(i).getType());
    (kind && kind.getValue() == "weight" ? c.weightBytes : c.inputBytes) += b;
  }
  for (Type t : func.getResultTypes())
    c.outputBytes += bytesOf(t);
  func.walk([&](Operation *op) {
    if (auto conv = dyn_cast<ConvOp>(op))
      c.flops += 2 * numel(conv.getType()) * trailing(conv.getWeight().getType(), 1);
    else if (auto t = dyn_cast<ConvTransposeOp>(op))
      c.flops += 2 * numel(t.getInput().getType()) * trailing(t.getWeight().getType(), 1);
    else if (auto mm = dyn_cast<MatmulOp>(op))
      c.flops += 2 * numel(mm.getType()) * dim(mm.getLhs().getType(), mm.getTransposeLhs() ? -2 : -1);
    else if (auto lin = dyn_cast<LinearOp>(op))
      c.flops += 2 * numel(lin.getType()) * dim(lin.getWeight().getType(), -1);
    else if (auto a = dyn_cast<AttentionOp>(op)) {
      // QK^T then PV: 2*L*S*E + 2*L*S*Ev per batch-head.
      Type q = a.getQuery().getType(), k = a.getKey().getType(), v = a.getValue().getType();
      double bl = numel(q) / dim(q, -1); // batch * heads * L
      c.flops += 2 * bl * dim(k, a.getSeqFirst() ? -3 : -2) * (dim(q, -1) + dim(v, -1));
    } else if (auto a = dyn_cast<ProjectedAttentionOp>(op)) {
      // The key / value projections once, then attention as above.
      Type q = a.getQuery().getType(), x = a.getInput().getType();
      double bl = numel(q) / dim(q, -1), s = dim(x, -2);
      double kvCols = dim(a.getKeyWeight().getType(), -2) + dim(a.getValueWeight().getType(), -2);
      c.flops += 2 * numel(x) * kvCols +
                 2 * bl * s * (dim(q, -1) + dim(a.getType(), -1));
    }
  });
  return c;
}
