//===- Decompose.cpp - composite gn ops -> core gn ops (gn-decompose) ---===//
//
// One pattern per composite op. f16/bf16 composites are first widened to
// f32, normalizations to f64 (convert, wide op, convert back), as the
// interpreter's composite kernels compute; the results match them at t = -5 on f32
// (test/Transforms/decompose-numerics.test).
//
//===----------------------------------------------------------------------===//
#include "gn/IR/SymbolicDims.h"
#include "CountedRewrites.h"
#include "gn/Transforms/FusionUtils.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSet.h"
#include <cmath>
#include <functional>

namespace mlir::gn {
#define GEN_PASS_DEF_GNDECOMPOSEPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-decompose"
GN_STATISTIC(numOpsReplaced, "ops replaced or erased by the rewrites");
GN_STATISTIC(numOpsCreated, "ops created by the rewrites");

namespace {

/// Builds gn ops with inferred result types inside a rewrite.
struct Rewrite {
  PatternRewriter &rw;
  Location loc;

  template <typename OpTy>
  Value make(ValueRange operands, llvm::ArrayRef<NamedAttribute> attrs = {}) {
    return createInferredOrDie<OpTy>(rw, loc, "gn-decompose", operands, attrs);
  }
  Value scalar(Value like, double v) {
    Type e = llvm::cast<RankedTensorType>(like.getType()).getElementType();
    auto type = RankedTensorType::get({}, e);
    Attribute a = llvm::isa<FloatType>(e) ? Attribute(rw.getFloatAttr(e, v))
                                          : Attribute(rw.getIntegerAttr(e, (int64_t)v));
    return ConstantOp::create(rw, loc, type, SplatElementsAttr::get(type, a));
  }
  NamedAttribute ints(StringRef n, llvm::ArrayRef<int64_t> v) {
    return rw.getNamedAttr(n, rw.getDenseI64ArrayAttr(v));
  }
  NamedAttribute flag(StringRef n, bool v) { return rw.getNamedAttr(n, rw.getBoolAttr(v)); }
  /// A reshape to `shape` whose dims are `exprs` at every binding (its
  /// sym_shape where any is symbolic).
  Value reshape(Value x, llvm::ArrayRef<int64_t> shape, llvm::ArrayRef<SymExpr> exprs) {
    llvm::SmallVector<NamedAttribute> attrs{ints("shape", shape)};
    if (llvm::any_of(exprs, [](const SymExpr &e) { return !e.isConstant(); })) {
      llvm::SmallVector<StringAttr> texts;
      for (const SymExpr &e : exprs)
        texts.push_back(rw.getStringAttr(e.isConstant() ? "" : e.str()));
      attrs.push_back(rw.getNamedAttr("sym_shape", DimsAttr::get(rw.getContext(), texts)));
    }
    return make<ReshapeOp>({x}, attrs);
  }
  NamedAttribute f64(StringRef n, double v) { return rw.getNamedAttr(n, rw.getF64FloatAttr(v)); }

  /// `v` with element type `elem`.
  Value convert(Value v, Type elem) {
    return make<ConvertOp>({v}, {rw.getNamedAttr("dtype", TypeAttr::get(elem))});
  }
  Value add(Value a, Value b) { return make<AddOp>({a, b}); }
  Value sub(Value a, Value b) { return make<SubOp>({a, b}); }
  Value mul(Value a, Value b) { return make<MulOp>({a, b}); }
  Value div(Value a, Value b) { return make<DivOp>({a, b}); }
  Value sum(Value x, llvm::ArrayRef<int64_t> dims, bool keep) {
    return make<ReduceSumOp>({x}, {ints("dims", dims), flag("keepdim", keep)});
  }
  Value mean(Value x, llvm::ArrayRef<int64_t> dims, bool keep) {
    auto t = llvm::cast<RankedTensorType>(x.getType());
    // Over a symbolic dim the count is a run-time size: the mean stays
    // whole, for the kernel to divide (phase 3).
    llvm::SmallVector<SymExpr> exprs = dimExprs(t);
    if (llvm::any_of(dims, [&](int64_t d) { return !exprs[d].isConstant(); }))
      return make<ReduceMeanOp>({x}, {ints("dims", dims), flag("keepdim", keep)});
    int64_t n = 1;
    for (int64_t d : dims)
      n *= t.getDimSize(d);
    return div(sum(x, dims, keep), scalar(x, double(n)));
  }
};

bool isNarrowFloat(Type t) {
  auto rt = llvm::dyn_cast<RankedTensorType>(t);
  return rt && llvm::isa<Float16Type, BFloat16Type>(rt.getElementType());
}

/// The function around `op` holds f16/bf16 values (holdsHalfFloats).
bool inMixedGraph(Operation *op) {
  auto fn = op->getParentOfType<func::FuncOp>();
  return fn && holdsHalfFloats(fn);
}

bool isLowPrecision(Operation *op) {
  return llvm::any_of(op->getResultTypes(), isNarrowFloat);
}

/// f16/bf16 composites compute in f32 (normalizations in f64) and round
/// once, as the interpreter's kernels and PyTorch's do: the op is re-created
/// on wide operands between converts, and the wide copy is then decomposed.
/// With `f32ToF64`: an f32 op of a graph with half values (inMixedGraph)
/// widened to f64 the same way.
LogicalResult widen(Operation *op, PatternRewriter &rw, bool f32ToF64 = false) {
  Location loc = op->getLoc();
  // Normalizations widen to f64: the interpreter computes them in double, and
  // an f32 last-bit difference would flip f16 roundings.
  Type wideType = f32ToF64 || isa<BatchNormOp, LayerNormOp, GroupNormOp>(op)
                      ? Type(rw.getF64Type())
                      : Type(rw.getF32Type());
  auto narrow = [&](Type t) {
    if (!f32ToF64)
      return isNarrowFloat(t);
    auto rt = llvm::dyn_cast<RankedTensorType>(t);
    return rt && rt.getElementType().isF32();
  };
  Rewrite b{rw, loc};
  llvm::SmallVector<Value> operands;
  for (Value v : op->getOperands())
    operands.push_back(narrow(v.getType()) ? b.convert(v, wideType) : v);
  Operation *wide = rw.clone(*op);
  wide->setOperands(operands);
  for (Value r : wide->getResults())
    if (narrow(r.getType()))
      r.setType(llvm::cast<RankedTensorType>(r.getType()).clone(wideType));
  llvm::SmallVector<Value> results;
  for (auto [orig, w] : llvm::zip(op->getResults(), wide->getResults()))
    results.push_back(orig.getType() == w.getType()
                          ? Value(w)
                          : b.convert(w, llvm::cast<RankedTensorType>(orig.getType()).getElementType()));
  rw.replaceOp(op, results);
  return success();
}

/// Which ops a target keeps whole beyond legal-ops (null: none).
using KeepWhole = std::function<bool(Operation *)>;

/// Base for one-op patterns: a rewrite function on a Rewrite.
template <typename OpTy>
struct DecomposeOp : OpRewritePattern<OpTy> {
  using Fn = std::function<Value(Rewrite &, OpTy)>;
  DecomposeOp(MLIRContext *ctx, Fn fn, const KeepWhole &keep)
      : OpRewritePattern<OpTy>(ctx), fn(std::move(fn)), keep(keep) {}
  LogicalResult matchAndRewrite(OpTy op, PatternRewriter &rw) const override {
    if (keep && keep(op))
      return rw.notifyMatchFailure(op, "kept whole for the target's kernel");
    if (isLowPrecision(op))
      return widen(op, rw);
    // f32 means and normalizations of a graph with half values in f64,
    // rounded once, as the interpreter computes them (a T5's RMS norm and a
    // BERT's f32 layer norms between f16 GEMMs missed t = -5 by an f16 ulp).
    if (isa<LayerNormOp, GroupNormOp, ReduceMeanOp>(op.getOperation()) &&
        llvm::cast<RankedTensorType>(op->getResult(0).getType()).getElementType().isF32() &&
        inMixedGraph(op))
      return widen(op, rw, /*f32ToF64=*/true);
    Rewrite b{rw, op.getLoc()};
    Value r = fn(b, op);
    if (!r)
      return rw.notifyMatchFailure(op, "no decomposition for this form");
    rw.replaceOp(op, r);
    return success();
  }
  Fn fn;
  KeepWhole keep;
};

llvm::SmallVector<int64_t> trailingDims(int64_t rank, int64_t count) {
  llvm::SmallVector<int64_t> d;
  for (int64_t i = rank - count; i < rank; ++i)
    d.push_back(i);
  return d;
}

/// x's deviations from its mean over `dims`, as d - c with d = x - m, m
/// the mean rounded to x's type and c what that rounding left over (the
/// mean summed in f64, minus m: exact, then rounded at its own, small,
/// scale). With x - m alone every deviation carried m's rounding (half an
/// ulp of the mean) and where the spread is small against the mean a
/// normalization amplified it (SOLOv2's group norms over conv outputs, a
/// group norm of the differential fuzzer: t = -3 where the interpreter
/// holds); d - c is rounded at the deviations' own scale. The f64 mean
/// reads x once, converting as it sums (the reduction kernel takes the
/// convert), so this costs no pass over x more than x - m.
Value deviations(Rewrite &b, Value x, llvm::ArrayRef<int64_t> dims) {
  Type elem = llvm::cast<RankedTensorType>(x.getType()).getElementType();
  if (elem.isF64())
    return b.sub(x, b.mean(x, dims, true));
  Value wideMean = b.mean(b.convert(x, b.rw.getF64Type()), dims, true);
  Value m = b.convert(wideMean, elem);
  Value c = b.convert(b.sub(wideMean, b.convert(m, b.rw.getF64Type())), elem);
  return b.sub(b.sub(x, m), c);
}

/// x normalized over `dims`: (x - mean) * rsqrt(var + eps) (rms: no mean).
Value normalize(Rewrite &b, Value x, llvm::ArrayRef<int64_t> dims, double eps, bool rms) {
  if (rms) {
    Value inv = b.make<RsqrtOp>({b.add(b.mean(b.mul(x, x), dims, true), b.scalar(x, eps))});
    return b.mul(x, inv);
  }
  Value centered = deviations(b, x, dims);
  Value var = b.mean(b.mul(centered, centered), dims, true);
  Value inv = b.make<RsqrtOp>({b.add(var, b.scalar(x, eps))});
  return b.mul(centered, inv);
}

/// [C] -> [C, 1, ..., 1] to broadcast along dim 1 of a rank-`rank` tensor.
Value perChannel(Rewrite &b, Value p, int64_t rank) {
  int64_t c = llvm::cast<RankedTensorType>(p.getType()).getDimSize(0);
  llvm::SmallVector<int64_t> shape{c};
  shape.append(rank - 2, 1);
  return b.make<ReshapeOp>({p}, {b.ints("shape", shape)});
}

} // namespace

/// `attentionChunkBytes`: the largest score matrix an attention decomposes
/// into at once (0: any); larger ones are done in chunks of query rows.
/// `v` with each label repeated in `term` taken once, along the diagonal
/// ("ii" -> "i"), `term` updated to match: the two dims moved last,
/// flattened, and every (n + 1)-th element sliced out (n n elements, the
/// diagonal's at 0, n + 1, ...). Static shapes (isProductSumEinsum).
Value takeDiagonal(Rewrite &b, Value v, std::string &term) {
  // Each step takes one repeated pair (a label thrice, "iii", takes two).
  for (;;) {
    size_t p = 0, q = std::string::npos;
    for (; p < term.size() && q == std::string::npos; ++p)
      q = term.find(term[p], p + 1);
    if (q == std::string::npos)
      return v;
    --p;
    auto shape = llvm::cast<RankedTensorType>(v.getType()).getShape();
    int64_t n = shape[p], rank = shape.size();
    llvm::SmallVector<int64_t> perm, flat;
    std::string rest;
    for (int64_t d = 0; d < rank; ++d)
      if (d != (int64_t)p && d != (int64_t)q) {
        perm.push_back(d);
        flat.push_back(shape[d]);
        rest += term[d];
      }
    llvm::SmallVector<int64_t> starts(flat.size() + 1, 0), steps(flat.size() + 1, 1), limits(flat);
    perm.append({(int64_t)p, (int64_t)q});
    flat.push_back(n * n);
    limits.push_back(n * n);
    steps.back() = n + 1;
    v = b.make<TransposeOp>({v}, {b.ints("permutation", perm)});
    v = b.make<ReshapeOp>({v}, {b.ints("shape", flat)});
    v = b.make<SliceOp>({v}, {b.ints("starts", starts), b.ints("limits", limits),
                              b.ints("steps", steps)});
    term = rest + term[p];
  }
}

/// An integer matmul as a product and a sum ([..., M, K, 1] x [..., 1, K,
/// N] summed over K), for a target without integer GEMMs (cuBLAS has
/// none for int64): one reduction kernel, the product never stored. A 1-D
/// operand is [1, K] or [K, 1] and its dim dropped from the result.
Value integerMatmulAsSum(Rewrite &b, MatmulOp op) {
  Value x = op.getLhs(), y = op.getRhs();
  auto xt = llvm::cast<RankedTensorType>(x.getType()), yt = llvm::cast<RankedTensorType>(y.getType());
  if (!xt.hasStaticShape() || !yt.hasStaticShape() || op.getTransposeResult())
    return nullptr;
  auto expand = [&](Value v, llvm::ArrayRef<int64_t> shape) {
    return b.make<ReshapeOp>({v}, {b.ints("shape", shape)});
  };
  // An operand stored transposed (the folded flags): read as stored, then
  // swapped.
  auto swapLast = [&](Value v) {
    auto perm = llvm::to_vector(llvm::seq<int64_t>(0, llvm::cast<RankedTensorType>(v.getType()).getRank()));
    std::swap(perm[perm.size() - 2], perm.back());
    return b.make<TransposeOp>({v}, {b.ints("permutation", perm)});
  };
  if (op.getTransposeLhs())
    x = swapLast(x);
  if (op.getTransposeRhs())
    y = swapLast(y);
  xt = llvm::cast<RankedTensorType>(x.getType());
  yt = llvm::cast<RankedTensorType>(y.getType());
  // x [..., M, K] -> [..., M, K, 1]; y [..., K, N] -> [..., 1, K, N]
  llvm::SmallVector<int64_t> xs(xt.getShape()), ys(yt.getShape());
  if (xs.size() == 1)
    xs.insert(xs.begin(), 1);
  if (ys.size() == 1)
    ys.push_back(1);
  xs.push_back(1);
  ys.insert(ys.end() - 2, 1);
  int64_t rank = std::max(xs.size(), ys.size());
  Value sum = b.sum(b.mul(expand(x, xs), expand(y, ys)), {rank - 2}, false);
  auto result = llvm::cast<RankedTensorType>(op.getType());
  if (llvm::cast<RankedTensorType>(sum.getType()).getShape() != result.getShape())
    sum = expand(sum, result.getShape());
  return sum;
}

static void populateDecompositions(RewritePatternSet &p, const llvm::StringSet<> &legal,
                                   const KeepWhole &keep, int64_t attentionChunkBytes) {
  MLIRContext *ctx = p.getContext();
  auto add = [&](auto tag, auto fn) {
    using OpTy = decltype(tag);
    if (!legal.contains(OpTy::getOperationName().drop_front(3))) // drop "gn."
      p.add<DecomposeOp<OpTy>>(ctx, typename DecomposeOp<OpTy>::Fn(fn), keep);
  };
  add(ReluOp(), [](Rewrite &b, ReluOp op) {
    return b.make<MaximumOp>({op.getInput(), b.scalar(op.getInput(), 0)});
  });
  add(SiluOp(), [](Rewrite &b, SiluOp op) {
    return b.mul(op.getInput(), b.make<SigmoidOp>({op.getInput()}));
  });
  add(HardsigmoidOp(), [](Rewrite &b, HardsigmoidOp op) {
    Value x = op.getInput();
    Value r6 = b.make<ClampOp>({b.add(x, b.scalar(x, 3))}, {b.f64("min", 0), b.f64("max", 6)});
    return b.div(r6, b.scalar(x, 6));
  });
  add(HardswishOp(), [](Rewrite &b, HardswishOp op) {
    Value x = op.getInput();
    Value r6 = b.make<ClampOp>({b.add(x, b.scalar(x, 3))}, {b.f64("min", 0), b.f64("max", 6)});
    return b.div(b.mul(x, r6), b.scalar(x, 6));
  });
  add(GeluOp(), [](Rewrite &b, GeluOp op) {
    Value x = op.getInput(), half = b.mul(x, b.scalar(x, 0.5));
    if (op.getApproximate() == "tanh") {
      Value cube = b.mul(b.mul(x, x), x);
      Value inner = b.mul(b.add(x, b.mul(cube, b.scalar(x, 0.044715))),
                          b.scalar(x, std::sqrt(2.0 / M_PI)));
      return b.mul(half, b.add(b.make<TanhOp>({inner}), b.scalar(x, 1)));
    }
    Value e = b.make<ErfOp>({b.mul(x, b.scalar(x, M_SQRT1_2))});
    return b.mul(half, b.add(e, b.scalar(x, 1)));
  });
  add(LeakyReluOp(), [](Rewrite &b, LeakyReluOp op) {
    Value x = op.getInput();
    Value pos = b.make<GeOp>({x, b.scalar(x, 0)});
    Value neg = b.mul(x, b.scalar(x, op.getNegativeSlope().convertToDouble()));
    return b.make<WhereOp>({pos, x, neg});
  });
  add(EluOp(), [](Rewrite &b, EluOp op) {
    Value x = op.getInput();
    Value pos = b.make<GtOp>({x, b.scalar(x, 0)});
    Value neg = b.mul(b.sub(b.make<ExpOp>({x}), b.scalar(x, 1)),
                      b.scalar(x, op.getAlpha().convertToDouble()));
    return b.make<WhereOp>({pos, x, neg});
  });
  add(SoftplusOp(), [](Rewrite &b, SoftplusOp op) {
    Value x = op.getInput();
    double beta = op.getBeta().convertToDouble();
    Value bx = b.mul(x, b.scalar(x, beta));
    Value soft = b.div(b.make<Log1pOp>({b.make<ExpOp>({bx})}), b.scalar(x, beta));
    Value linear = b.make<GtOp>({bx, b.scalar(x, op.getThreshold().convertToDouble())});
    return b.make<WhereOp>({linear, x, soft});
  });
  add(MishOp(), [](Rewrite &b, MishOp op) {
    Value x = op.getInput();
    Value sp = b.make<Log1pOp>({b.make<ExpOp>({x})});
    Value big = b.make<GtOp>({x, b.scalar(x, 20)});
    sp = b.make<WhereOp>({big, x, sp}); // softplus threshold 20, as torch
    return b.mul(x, b.make<TanhOp>({sp}));
  });
  add(ReduceMeanOp(), [](Rewrite &b, ReduceMeanOp op) -> Value {
    llvm::SmallVector<SymExpr> exprs =
        dimExprs(llvm::cast<RankedTensorType>(op.getInput().getType()));
    if (llvm::any_of(op.getDims(), [&](int64_t d) { return !exprs[d].isConstant(); }))
      return nullptr; // kept whole (Rewrite::mean)
    return b.mean(op.getInput(), op.getDims(), op.getKeepdim());
  });
  // Global average pooling is a mean over the spatial dims.
  add(AdaptiveAvgPoolOp(), [](Rewrite &b, AdaptiveAvgPoolOp op) -> Value {
    if (!llvm::all_of(op.getOutputSize(), [](int64_t s) { return s == 1; }))
      return nullptr;
    int64_t rank = llvm::cast<RankedTensorType>(op.getInput().getType()).getRank();
    return b.mean(op.getInput(), trailingDims(rank, op.getOutputSize().size()), true);
  });
  add(VarianceOp(), [](Rewrite &b, VarianceOp op) {
    Value x = op.getInput();
    auto t = llvm::cast<RankedTensorType>(x.getType());
    int64_t n = 1;
    for (int64_t d : op.getDims())
      n *= t.getDimSize(d);
    // The mean's rounding moves sum(d^2) by n times its square only (no
    // normalization amplifies it): the one-pass form is kept.
    Value d = b.sub(x, b.mean(x, op.getDims(), true));
    Value ss = b.sum(b.mul(d, d), op.getDims(), op.getKeepdim());
    // torch divides by max(0, n - correction): 0 / 0 is NaN, more is inf.
    return b.div(ss, b.scalar(x, double(std::max<int64_t>(0, n - (int64_t)op.getCorrection()))));
  });
  add(SoftmaxOp(), [](Rewrite &b, SoftmaxOp op) {
    Value x = op.getInput();
    int64_t dim = op.getDim();
    Value m = b.make<ReduceMaxOp>({x}, {b.ints("dims", {dim}), b.flag("keepdim", true)});
    Value e = b.make<ExpOp>({b.sub(x, m)});
    // e times the sum's reciprocal, as the interpreter and PyTorch's CPU
    // kernel compute it (e / sum rounds otherwise: an f16 bit flipped after
    // a convert).
    return b.mul(e, b.div(b.scalar(x, 1.0), b.sum(e, {dim}, true)));
  });
  add(LogSoftmaxOp(), [](Rewrite &b, LogSoftmaxOp op) {
    Value x = op.getInput();
    int64_t dim = op.getDim();
    Value m = b.make<ReduceMaxOp>({x}, {b.ints("dims", {dim}), b.flag("keepdim", true)});
    Value shifted = b.sub(x, m);
    Value lse = b.make<LogOp>({b.sum(b.make<ExpOp>({shifted}), {dim}, true)});
    return b.sub(shifted, lse);
  });
  add(LinearOp(), [](Rewrite &b, LinearOp op) -> Value {
    Value w = op.getWeight();
    auto wt = llvm::cast<RankedTensorType>(w.getType());
    if (wt.getRank() == 2)
      w = b.make<TransposeOp>({w}, {b.ints("permutation", {1, 0})});
    Value y = b.make<MatmulOp>({op.getInput(), w});
    return op.getBias() ? b.add(y, op.getBias()) : y;
  });
  add(LayerNormOp(), [](Rewrite &b, LayerNormOp op) {
    Value x = op.getInput();
    int64_t rank = llvm::cast<RankedTensorType>(x.getType()).getRank();
    Value n = normalize(b, x, trailingDims(rank, op.getNormalizedRank()),
                        op.getEpsilon().convertToDouble(), op.getRms());
    return b.add(b.mul(n, op.getWeight()), op.getBias());
  });
  add(BatchNormOp(), [](Rewrite &b, BatchNormOp op) -> Value {
    Value x = op.getInput();
    int64_t rank = llvm::cast<RankedTensorType>(x.getType()).getRank();
    double eps = op.getEpsilon().convertToDouble();
    Value w = perChannel(b, op.getWeight(), rank), bias = perChannel(b, op.getBias(), rank);
    Type xType = llvm::cast<RankedTensorType>(x.getType()).getElementType();
    Type f64 = b.rw.getF64Type();
    if (op.getTraining()) {
      // Batch statistics, scale and shift in f64 and y = x * scale + shift
      // rounded once, as the interpreter computes them. In f32, x - mean
      // loses the low bits of channels whose spread is small against their
      // mean (the conv outputs of GraphNet's clamped inputs), and the
      // normalization amplifies that (gn-eval bisect: PicoDet-XS/6).
      llvm::SmallVector<int64_t> dims{0};
      for (int64_t d = 2; d < rank; ++d)
        dims.push_back(d);
      Value wide = b.convert(x, f64);
      Value mean = b.mean(wide, dims, true);
      Value centered = b.sub(wide, mean);
      Value var = b.mean(b.mul(centered, centered), dims, true);
      Value scale = b.mul(b.convert(w, f64), b.make<RsqrtOp>({b.add(var, b.scalar(var, eps))}));
      Value shift = b.sub(b.convert(bias, f64), b.mul(mean, scale));
      return b.convert(b.add(b.mul(wide, scale), shift), xType);
    }
    // y = x * scale + shift, with scale = w / sqrt(var + eps) and
    // shift = b - mean * scale per channel in f64, rounded to x's type:
    // two roundings and two ops per element instead of four, which deep
    // CNNs (mnasnet) amplified.
    Value var = b.convert(perChannel(b, op.getRunningVar(), rank), f64);
    Value mean = b.convert(perChannel(b, op.getRunningMean(), rank), f64);
    Value scale = b.mul(b.convert(w, f64), b.make<RsqrtOp>({b.add(var, b.scalar(var, eps))}));
    Value shift = b.sub(b.convert(bias, f64), b.mul(mean, scale));
    // The interpreter computes this same form on f32 data (batchNorm's
    // f32Affine), so compiled equals eager bit for bit (ERFNet's f32 batch
    // norm between f16 convs, GraphNet's f16 pass, missed t = -5 by an f16
    // ulp; an RSN's first batch norm grew to t = -2 in f32).
    return b.add(b.mul(x, b.convert(scale, xType)), b.convert(shift, xType));
  });
  // einsum over floats and integers (diagonals taken first): every operand
  // permuted to the label order (output labels, then summed ones) and
  // reshaped to full rank with 1 for its missing labels, the broadcast
  // product, and a sum over the summed labels. (Fusion runs the product and
  // the sum as one reduction kernel: the product is never stored.)
  // A label repeated within a term ("ii->i", "ii->", "bii->bi") first
  // takes that operand's diagonal (takeDiagonal).
  add(EinsumOp(), [](Rewrite &b, EinsumOp op) -> Value {
    if (!isProductSumEinsum(op))
      return nullptr;
    auto [lhs, rhs] = op.getEquation().split("->");
    llvm::SmallVector<StringRef> termRefs;
    lhs.split(termRefs, ',');
    llvm::SmallVector<std::string> terms;
    llvm::SmallVector<Value> inputs;
    for (auto [t, v] : llvm::zip(termRefs, op.getInputs())) {
      terms.push_back(t.str());
      inputs.push_back(takeDiagonal(b, v, terms.back()));
    }
    std::string labels = rhs.str();
    for (StringRef t : terms)
      for (char c : t)
        if (labels.find(c) == std::string::npos)
          labels += c;
    int64_t rank = labels.size();
    Value product;
    for (auto [termString, v] : llvm::zip(terms, inputs)) {
      StringRef term = termString;
      auto type = llvm::cast<RankedTensorType>(v.getType());
      llvm::SmallVector<SymExpr> exprs = dimExprs(type);
      // This operand's dims in label order, and its full-rank shape (with
      // each dim's expression over the shape symbols).
      llvm::SmallVector<int64_t> perm, full(rank, 1);
      llvm::SmallVector<SymExpr> fullExprs(rank, SymExpr::constant(1));
      for (auto [k, c] : llvm::enumerate(labels)) {
        size_t at = term.find(c);
        if (at == StringRef::npos)
          continue;
        perm.push_back(at);
        full[k] = type.getShape()[at];
        fullExprs[k] = exprs[at];
      }
      if (!llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
        v = b.make<TransposeOp>({v}, {b.ints("permutation", perm)});
      v = b.reshape(v, full, fullExprs);
      product = product ? b.mul(product, v) : v;
    }
    int64_t kept = rhs.size();
    if (kept == rank)
      return product.getType() == op.getType() ? product : nullptr;
    return b.sum(product, llvm::to_vector(llvm::seq<int64_t>(kept, rank)), false);
  });
  // softmax(q k^T * scale + mask) v as GEMMs around a softmax (the CPU
  // keeps gn.attention whole for its row-blocked kernel: legal-ops). Keys
  // and values must broadcast over the batch dims (no grouped-query heads).
  add(AttentionOp(), [attentionChunkBytes](Rewrite &b, AttentionOp op) -> Value {
    Value q = op.getQuery(), k = op.getKey(), v = op.getValue();
    auto qt = llvm::cast<RankedTensorType>(q.getType());
    int64_t r = qt.getRank();
    if (r < 2 || (op.getSeqFirst() && r < 3))
      return nullptr;
    // A causal mask is a constant of the scores' sizes: with symbolic dims
    // it would hold only at the example (a gn.where of it was ill-typed, a
    // fatal error), so such an attention stays whole, for the attention
    // kernel or the CPU's library call.
    if (op.getIsCausal() &&
        llvm::any_of(op->getOperandTypes(), [](Type t) { return hasSymbolicDims(t); }))
      return nullptr;
    // Keys and values must match the query's batch dims ([..., H] for
    // seq_first) or broadcast from 1: checked before any op is created, so
    // a form left alone leaves the IR as it was (else the greedy driver
    // never converges).
    auto batchOf = [&](Value x) {
      llvm::SmallVector<int64_t> dims(llvm::cast<RankedTensorType>(x.getType()).getShape());
      dims.erase(dims.begin() + (op.getSeqFirst() ? r - 3 : r - 2));
      dims.pop_back();
      return dims;
    };
    for (Value kv : {k, v})
      for (auto [a, c] : llvm::zip(batchOf(q), batchOf(kv)))
        if (a != c && c != 1)
          return nullptr;
    llvm::SmallVector<int64_t> swap;
    if (op.getSeqFirst()) { // [..., L, H, E] -> [..., H, L, E]
      swap = llvm::to_vector(llvm::seq<int64_t>(0, r));
      std::swap(swap[r - 3], swap[r - 2]);
      q = b.make<TransposeOp>({q}, {b.ints("permutation", swap)});
      k = b.make<TransposeOp>({k}, {b.ints("permutation", swap)});
      v = b.make<TransposeOp>({v}, {b.ints("permutation", swap)});
    }
    int64_t e = qt.getShape().back();
    double scale = op.getScale() ? op.getScale()->convertToDouble() : 1.0 / std::sqrt(double(e));
    Value mask = op.getMask();
    auto qs = llvm::cast<RankedTensorType>(q.getType()).getShape(); // [..., L, E]
    int64_t L = qs[qs.size() - 2];
    // Rows [first, first + rows) of the queries, as GEMMs around a softmax.
    auto chain = [&](Value qRows, Value maskRows, int64_t first) {
      Value scores = b.make<MatmulOp>({qRows, k}, {b.rw.getNamedAttr("transpose_rhs", b.rw.getUnitAttr())});
      scores = b.mul(scores, b.scalar(scores, scale));
      auto st = llvm::cast<RankedTensorType>(scores.getType());
      int64_t rows = st.getShape()[st.getRank() - 2], S = st.getShape().back();
      Value negInf = b.scalar(scores, -INFINITY);
      if (maskRows) {
        Type me = llvm::cast<RankedTensorType>(maskRows.getType()).getElementType();
        if (me.isInteger(1))
          scores = b.make<WhereOp>({maskRows, scores, negInf});
        else
          scores = b.add(scores, me == st.getElementType() ? maskRows
                                                          : b.convert(maskRows, st.getElementType()));
      }
      if (op.getIsCausal()) {
        auto boolType = RankedTensorType::get({rows, S}, b.rw.getI1Type());
        llvm::SmallVector<bool> keep(rows * S);
        for (int64_t i = 0; i < rows; ++i)
          for (int64_t j = 0; j < S; ++j)
            keep[i * S + j] = j <= first + i;
        Value tril = ConstantOp::create(b.rw, b.loc, boolType, DenseElementsAttr::get(boolType, keep));
        scores = b.make<WhereOp>({tril, scores, negInf});
      }
      Value probs = b.make<SoftmaxOp>({scores}, {b.rw.getNamedAttr("dim", b.rw.getI64IntegerAttr(st.getRank() - 1))});
      return b.make<MatmulOp>({probs, v});
    };
    // A score matrix over the target's budget is made a chunk of query rows
    // at a time (each chunk's scores dead before the next one's), so the
    // memory plan holds one chunk, where the attention kernel would hold
    // none but runs on CUDA cores, every key once per column group.
    int64_t chunks = 1;
    int64_t scoreBytes = attentionScoreBytes(op);
    if (attentionChunkBytes > 0 && scoreBytes > attentionChunkBytes &&
        llvm::none_of(op->getOperandTypes(), [](Type t) { return hasSymbolicDims(t); }))
      chunks = std::min<int64_t>(L, llvm::divideCeil(scoreBytes, attentionChunkBytes));
    Value out;
    if (chunks == 1) {
      out = chain(q, mask, 0);
    } else {
      int64_t rowsPerChunk = llvm::divideCeil(L, chunks);
      // The rows of q, or of the mask where it has the queries' dim (a
      // mask right-aligned against [..., L, S] may broadcast it from 1).
      auto rowsOf = [&](Value x, int64_t first, int64_t end) {
        auto shape = llvm::cast<RankedTensorType>(x.getType()).getShape();
        int64_t d = shape.size() - 2;
        if (shape.size() < 2 || shape[d] != L)
          return x;
        llvm::SmallVector<int64_t> starts(shape.size(), 0), limits(shape), steps(shape.size(), 1);
        starts[d] = first;
        limits[d] = end;
        return b.make<SliceOp>({x}, {b.ints("starts", starts), b.ints("limits", limits),
                                     b.ints("steps", steps)});
      };
      llvm::SmallVector<Value> parts;
      for (int64_t first = 0; first < L; first += rowsPerChunk) {
        int64_t end = std::min(L, first + rowsPerChunk);
        parts.push_back(chain(rowsOf(q, first, end), mask ? rowsOf(mask, first, end) : Value(), first));
      }
      out = b.make<ConcatOp>(parts, {b.rw.getNamedAttr("dim", b.rw.getI64IntegerAttr(qs.size() - 2))});
    }
    if (op.getSeqFirst())
      out = b.make<TransposeOp>({out}, {b.ints("permutation", swap)});
    return out.getType() == op.getType() ? out : nullptr;
  });
  // A transposed convolution as the convolution it is the gradient of, for
  // a target whose library has only forward convolutions (CUDA's cuDNN
  // path; the CPU keeps it whole for oneDNN: legal-ops): the input with
  // stride - 1 zeros between its elements, padded by dilation (k - 1) -
  // padding on each side (cut where that is negative; output_padding more
  // at the end), convolved at stride 1 with the weight flipped and its in
  // and out channels swapped within each group.
  add(ConvTransposeOp(), [](Rewrite &b, ConvTransposeOp op) -> Value {
    Value x = op.getInput(), w = op.getWeight();
    auto xt = llvm::cast<RankedTensorType>(x.getType());
    auto wt = llvm::cast<RankedTensorType>(w.getType());
    int64_t rank = xt.getRank(), sp = rank - 2, g = op.getGroups();
    auto stride = op.getStride(), padding = op.getPadding(), outPad = op.getOutputPadding(),
         dilation = op.getDilation();
    if ((int64_t)stride.size() != sp || (int64_t)padding.size() != sp ||
        (int64_t)outPad.size() != sp || (int64_t)dilation.size() != sp)
      return nullptr;
    // Sizes checked before any op is made: a form left alone must leave the
    // IR as it was (else the greedy driver never converges).
    auto outShape = llvm::cast<RankedTensorType>(op.getType()).getShape();
    for (int64_t d = 0; d < sp; ++d) {
      int64_t k = dilation[d] * (wt.getDimSize(d + 2) - 1);
      int64_t padded = (xt.getDimSize(d + 2) - 1) * stride[d] + 1 + 2 * (k - padding[d]) + outPad[d];
      if (xt.getDimSize(d + 2) < 1 || padded - k != outShape[d + 2] || padded - k < 1)
        return nullptr;
    }
    Type e = xt.getElementType();
    for (int64_t d = 0; d < sp; ++d) {
      int64_t axis = d + 2, s = stride[d];
      if (s > 1) { // s - 1 zeros after each element, then the last ones cut
        auto shape = llvm::to_vector(llvm::cast<RankedTensorType>(x.getType()).getShape());
        int64_t n = shape[axis];
        llvm::SmallVector<int64_t> one(shape), zeros(shape);
        one.insert(one.begin() + axis + 1, 1);
        zeros.insert(zeros.begin() + axis + 1, s - 1);
        Value col = b.make<ReshapeOp>({x}, {b.ints("shape", one)});
        auto zt = RankedTensorType::get(zeros, e);
        Value z = ConstantOp::create(b.rw, b.loc, zt,
                                     SplatElementsAttr::get(zt, b.rw.getFloatAttr(e, 0.0)));
        Value both = b.make<ConcatOp>({col, z}, {b.rw.getNamedAttr(
                                                   "dim", b.rw.getI64IntegerAttr(axis + 1))});
        shape[axis] = n * s;
        x = b.make<ReshapeOp>({both}, {b.ints("shape", shape)});
        llvm::SmallVector<int64_t> starts(rank, 0), limits(shape), steps(rank, 1);
        limits[axis] = (n - 1) * s + 1;
        x = b.make<SliceOp>({x}, {b.ints("starts", starts), b.ints("limits", limits),
                                  b.ints("steps", steps)});
      }
      int64_t edge = dilation[d] * (wt.getDimSize(d + 2) - 1) - padding[d];
      int64_t lo = edge, hi = edge + outPad[d];
      auto shape = llvm::to_vector(llvm::cast<RankedTensorType>(x.getType()).getShape());
      if (lo < 0 || hi < 0) { // cut what the padding takes off
        llvm::SmallVector<int64_t> starts(rank, 0), limits(shape), steps(rank, 1);
        starts[axis] = std::max<int64_t>(0, -lo);
        limits[axis] = shape[axis] - std::max<int64_t>(0, -hi);
        x = b.make<SliceOp>({x}, {b.ints("starts", starts), b.ints("limits", limits),
                                  b.ints("steps", steps)});
        lo = std::max<int64_t>(0, lo);
        hi = std::max<int64_t>(0, hi);
      }
      if (lo > 0 || hi > 0) {
        llvm::SmallVector<int64_t> low(rank, 0), high(rank, 0);
        low[axis] = lo;
        high[axis] = hi;
        x = b.make<PadOp>({x}, {b.ints("low", low), b.ints("high", high),
                                b.rw.getNamedAttr("mode", b.rw.getStringAttr("constant")),
                                b.f64("value", 0)});
      }
    }
    // weight [C, O/g, k...] -> [g, C/g, O/g, k...] -> [g, O/g, C/g, k...]
    // -> [O, C/g, k...], flipped along k.
    auto ws = wt.getShape();
    int64_t c = ws[0], og = ws[1];
    llvm::SmallVector<int64_t> grouped{g, c / g, og}, perm{0, 2, 1}, out{g * og, c / g};
    for (int64_t d = 0; d < sp; ++d) {
      grouped.push_back(ws[d + 2]);
      perm.push_back(d + 3);
      out.push_back(ws[d + 2]);
    }
    Value wg = b.make<ReshapeOp>({w}, {b.ints("shape", grouped)});
    wg = b.make<TransposeOp>({wg}, {b.ints("permutation", perm)});
    wg = b.make<ReshapeOp>({wg}, {b.ints("shape", out)});
    wg = b.make<FlipOp>({wg}, {b.ints("dims", llvm::to_vector(llvm::seq<int64_t>(2, rank)))});
    llvm::SmallVector<Value> operands{x, wg};
    if (Value bias = op.getBias())
      operands.push_back(bias);
    Value r = b.make<ConvOp>(operands, {b.ints("stride", llvm::SmallVector<int64_t>(sp, 1)),
                                        b.ints("padding", llvm::SmallVector<int64_t>(sp, 0)),
                                        b.ints("dilation", dilation),
                                        b.rw.getNamedAttr("groups", b.rw.getI64IntegerAttr(g))});
    return r;
  });
  add(GroupNormOp(), [](Rewrite &b, GroupNormOp op) -> Value {
    Value x = op.getInput();
    auto t = llvm::cast<RankedTensorType>(x.getType());
    int64_t n = t.getDimSize(0), g = op.getNumGroups();
    // [N, G, C / G * spatial...]: with symbolic dims the group's size is
    // an expression (its mean kept whole, divided at run time).
    llvm::SmallVector<SymExpr> exprs = dimExprs(t);
    if (!exprs[1].isConstant())
      return nullptr; // channels follow a symbol: gn-set-target refuses it
    std::optional<SymExpr> rest = SymExpr::constant(t.getDimSize(1) / g);
    for (size_t d = 2; d < exprs.size() && rest; ++d)
      rest = SymExpr::mul(*rest, exprs[d]);
    if (!rest)
      return nullptr;
    Value grouped = b.reshape(x, {n, g, t.getNumElements() / (n * g)},
                              {exprs[0], SymExpr::constant(g), *rest});
    Value norm = normalize(b, grouped, {2}, op.getEpsilon().convertToDouble(), false);
    Value back = b.reshape(norm, t.getShape(), exprs);
    int64_t rank = t.getRank();
    return b.add(b.mul(back, perChannel(b, op.getWeight(), rank)),
                 perChannel(b, op.getBias(), rank));
  });
}

/// A max pool over a large window as one max pool per spatial dim, last
/// dim first: the maximum of a box is the maximum of its rows' maxima, with
/// each dim's stride, padding (-inf), dilation and ceil mode applied to that
/// dim alone, so the output is the same element for element (max is exact
/// in every type). SPP blocks pool 5 x 5, 9 x 9 and 13 x 13 windows at
/// stride 1 (rtmpose, the YOLOs): 10, 18 and 26 comparisons an output
/// instead of 25, 81 and 169, for one more pass over the data.
struct SeparableMaxPool : OpRewritePattern<MaxPoolOp> {
  SeparableMaxPool(MLIRContext *ctx, int64_t minWindow)
      : OpRewritePattern<MaxPoolOp>(ctx), minWindow(minWindow) {}
  LogicalResult matchAndRewrite(MaxPoolOp op, PatternRewriter &rw) const override {
    llvm::ArrayRef<int64_t> kernel = op.getKernel();
    int64_t window = 1, pooled = 0;
    for (int64_t k : kernel) {
      window *= k;
      pooled += k > 1;
    }
    if (pooled < 2 || window < minWindow)
      return rw.notifyMatchFailure(op, "a small or one-dim window");
    size_t n = kernel.size();
    Value x = op.getInput();
    for (size_t step = 0; step < n; ++step) {
      size_t d = n - 1 - step;
      if (kernel[d] == 1 && op.getStride()[d] == 1 && op.getPadding()[d] == 0)
        continue;
      llvm::SmallVector<int64_t> k(n, 1), s(n, 1), p(n, 0), dil(n, 1);
      k[d] = kernel[d];
      s[d] = op.getStride()[d];
      p[d] = op.getPadding()[d];
      dil[d] = op.getDilation()[d];
      x = createInferredOrDie<MaxPoolOp>(
          rw, op.getLoc(), "gn-decompose", ValueRange{x},
          {rw.getNamedAttr("kernel", rw.getDenseI64ArrayAttr(k)),
           rw.getNamedAttr("stride", rw.getDenseI64ArrayAttr(s)),
           rw.getNamedAttr("padding", rw.getDenseI64ArrayAttr(p)),
           rw.getNamedAttr("dilation", rw.getDenseI64ArrayAttr(dil)),
           rw.getNamedAttr("ceil_mode", rw.getBoolAttr(op.getCeilMode()))});
    }
    if (x.getType() != op.getType())
      return rw.notifyMatchFailure(op, "the passes' shape differs (not expected)");
    rw.replaceOp(op, x);
    return success();
  }
  int64_t minWindow;
};

namespace {
/// A matmul whose operand's batch dims broadcast against the other's but
/// are neither all 1 nor the result's batch dims: that operand broadcast to
/// them (a copy), so one strided-batched GEMM computes the product (a
/// batch stride cannot repeat an item for 4 heads and then move on).
/// Static shapes, untransposed results only.
struct BroadcastGemmBatches : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MatmulOp op, PatternRewriter &rw) const override {
    auto type = llvm::cast<RankedTensorType>(op.getType());
    if (op.getTransposeResult() || type.getRank() < 3 || hasSymbolicDims(type))
      return rw.notifyMatchFailure(op, "a transposed, symbolic or unbatched result");
    llvm::ArrayRef<int64_t> batch = type.getShape().drop_back(2);
    int64_t full = 1;
    for (int64_t d : batch)
      full *= d;
    Rewrite b{rw, op.getLoc()};
    bool changed = false;
    llvm::SmallVector<Value, 2> operands{op.getLhs(), op.getRhs()};
    for (Value &v : operands) {
      auto t = llvm::cast<RankedTensorType>(v.getType());
      if (t.getRank() < 3 || hasSymbolicDims(t))
        continue;
      int64_t items = 1;
      for (int64_t d : t.getShape().drop_back(2))
        items *= d;
      if (items == 1 || items == full)
        continue;
      llvm::SmallVector<int64_t> shape(batch);
      shape.append(t.getShape().end() - 2, t.getShape().end());
      v = b.make<BroadcastToOp>({v}, {b.ints("shape", shape)});
      changed = true;
    }
    if (!changed)
      return rw.notifyMatchFailure(op, "each operand's batch is 1 or the result's");
    rw.modifyOpInPlace(op, [&] { op->setOperands(operands); });
    return success();
  }
};

/// integer-matmul-sums: integerMatmulAsSum on every integer matmul.
struct IntegerMatmulAsSum : OpRewritePattern<MatmulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(MatmulOp op, PatternRewriter &rw) const override {
    // Signless integers (int32, int64), as integer einsums; not bools or
    // uint8, whose sums the framework wraps in their own type.
    auto i = llvm::dyn_cast<IntegerType>(op.getType().getElementType());
    if (!i || !i.isSignless() || i.getWidth() == 1)
      return rw.notifyMatchFailure(op, "not an int32 / int64 matmul");
    Rewrite b{rw, op.getLoc()};
    Value r = integerMatmulAsSum(b, op);
    if (!r)
      return rw.notifyMatchFailure(op, "symbolic dims or a transposed result");
    rw.replaceOp(op, r);
    return success();
  }
};

struct GnDecomposePass : mlir::gn::impl::GnDecomposePassBase<GnDecomposePass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    llvm::StringSet<> legal;
    for (const std::string &op : legalOps)
      legal.insert(op);
    // Attention whose score matrix would weigh on the memory plan, for a
    // target that compiles it as one kernel (gn-form-fusion-groups'
    // attention-kernels).
    // Past attention-kernel-max-scores score elements the kernel is slower
    // than GEMMs around a softmax (it recomputes each score once per group of
    // value columns, on CUDA cores: OWLv2's forward, 12 layers of 12 x 3601 x
    // 3601 scores, took 664 ms on an H200 (CUDA eager 687, so about 55 ms a
    // layer in the kernel), PyTorch eager's 42 ms), so such
    // an attention decomposes a chunk of query rows at a time, each chunk's
    // scores within the same share.
    KeepWhole keep;
    int64_t chunkBytes = 0;
    if (keepAttentionMinShare >= 0) {
      auto minScoreBytes =
          (int64_t)(keepAttentionMinShare * argumentAndResultBytes(getOperation()));
      chunkBytes = std::max<int64_t>({minScoreBytes, attentionChunkMinBytes, 1});
      int64_t maxScores = attentionKernelMaxScores;
      keep = [minScoreBytes, maxScores](Operation *op) {
        auto attention = dyn_cast<AttentionOp>(op);
        if (!attention || !fitsAttentionKernel(attention))
          return false;
        int64_t scoreBytes = attentionScoreBytes(attention);
        int64_t elementBytes = attention.getType().getElementType().isF64() ? 8 : 4;
        return scoreBytes >= minScoreBytes &&
               scoreBytes / elementBytes <= maxScores;
      };
    }
    RewritePatternSet patterns(&getContext());
    populateDecompositions(patterns, legal, keep, chunkBytes);
    if (broadcastGemmBatches)
      patterns.add<BroadcastGemmBatches>(&getContext());
    if (integerMatmulSums)
      patterns.add<IntegerMatmulAsSum>(&getContext());
    if (separableMaxPoolMinWindow > 0)
      patterns.add<SeparableMaxPool>(&getContext(), separableMaxPoolMinWindow);
    if (failed(applyCountedPatterns(getOperation(), std::move(patterns), DEBUG_TYPE,
                                    {numOpsReplaced, numOpsCreated}))) {
      getOperation().emitError("gn-decompose: the decompositions did not converge");
      signalPassFailure();
    }
  }
};
} // namespace
