//===- FusionUtils.cpp - which gn ops a compiled kernel can hold ---------===//
#include "gn/Transforms/FusionUtils.h"
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/Interfaces/FunctionInterfaces.h"

using namespace mlir;
using namespace mlir::gn;

bool mlir::gn::isKernelElementType(Type type) {
  if (auto t = llvm::dyn_cast<RankedTensorType>(type))
    type = t.getElementType();
  if (llvm::isa<Float16Type, BFloat16Type, Float32Type, Float64Type>(type))
    return true;
  auto i = llvm::dyn_cast<IntegerType>(type);
  return i && i.isSignless();
}

/// An unsigned integer element type (GraphNet's uint8). Kernels carry such
/// values as signless integers of their width (ScalarOps' carryType) and
/// emit the ops whose results differ (compares, division, max and min,
/// widening) in their unsigned forms: elementwise ops, views and copies
/// take them; reductions and the copy kernels that compute with values do
/// not yet.
static bool isUnsignedElement(Type type) {
  if (auto t = llvm::dyn_cast<RankedTensorType>(type))
    type = t.getElementType();
  auto i = llvm::dyn_cast<IntegerType>(type);
  return i && i.isUnsigned();
}

/// Kernel element types (unsigned ones too where `unsignedOk`), and no
/// empty tensor (nothing to compute; the bare-pointer calling convention
/// has no pointer to pass for it).
static bool allKernelTypes(Operation *op, bool unsignedOk = false) {
  auto ok = [unsignedOk](Type t) {
    auto rt = llvm::dyn_cast<RankedTensorType>(t);
    return (isKernelElementType(t) || (unsignedOk && isUnsignedElement(t))) && rt &&
           rt.getNumElements() > 0;
  };
  return llvm::all_of(op->getOperandTypes(), ok) && llvm::all_of(op->getResultTypes(), ok);
}

bool mlir::gn::isFusibleElementwise(Operation *op) {
  if (!op->hasTrait<OpTrait::GnElementwise>() || op->getNumOperands() == 0 ||
      op->getNumResults() != 1 || !allKernelTypes(op, /*unsignedOk=*/true))
    return false;
  bool isFloat = llvm::isa<FloatType>(
      llvm::cast<RankedTensorType>(op->getOperand(0).getType()).getElementType());
  // Ops whose scalar semantics the emitter implements for every kernel type.
  if (isa<NegOp, AbsOp, AddOp, SubOp, MulOp, MaximumOp, MinimumOp, EqOp, NeOp, LtOp, LeOp, GtOp,
          GeOp, WhereOp, ConvertOp, ClampOp, SignOp>(op))
    return true;
  // Float-only maps (the op verifiers already require float operands).
  if (isa<ExpOp, LogOp, Log1pOp, SqrtOp, RsqrtOp, SinOp, CosOp, TanhOp, ErfOp, FloorOp, CeilOp,
          RoundOp, TruncOp, ReciprocalOp, SigmoidOp>(op))
    return true;
  // Python remainder and division (true and floor): floats and integers
  // (x % 0 and x / 0 are 0), not bools.
  if (isa<RemOp, DivOp, FloorDivOp>(op))
    return !llvm::cast<RankedTensorType>(op->getOperand(0).getType()).getElementType().isInteger(1);
  // Power: floats, and integers by square and multiply (ScalarOps'
  // integerPower). atan2: floats only.
  if (isa<PowOp>(op))
    return true;
  if (isa<Atan2Op>(op))
    return isFloat;
  // Bitwise ops: integers and bools.
  if (isa<AndOp, OrOp, XorOp, NotOp>(op))
    return !isFloat;
  return false;
}

bool mlir::gn::isReductionOp(Operation *op) {
  // reduce_mean reaches the kernels only over symbolic dims (gn-decompose
  // turns every other into a sum and a division).
  return isa<ReduceSumOp, ReduceProdOp, ReduceMaxOp, ReduceMinOp, ReduceAnyOp, ReduceAllOp,
             ReduceMeanOp>(op);
}

bool mlir::gn::isFusibleReduction(Operation *op) {
  // Max and min compare unsigned bits (uint8, bools) unsigned; sums and
  // products of unsigned values are not kernels yet.
  bool maxOrMin = isa<ReduceMaxOp, ReduceMinOp>(op);
  if (!isReductionOp(op) || !allKernelTypes(op, /*unsignedOk=*/maxOrMin))
    return false;
  // Results keep the input's element type: any/all on bools only, max and
  // min on anything, the arithmetic ones on numbers only.
  bool isBool = llvm::cast<RankedTensorType>(op->getOperand(0).getType()).getElementType()
                    .isInteger(1);
  if (isa<ReduceAnyOp, ReduceAllOp>(op))
    return isBool;
  return maxOrMin || !isBool;
}

bool mlir::gn::isKernelView(Operation *op) {
  return isa<TransposeOp, SliceOp, BroadcastToOp, RollOp, FlipOp>(op) &&
         allKernelTypes(op, /*unsignedOk=*/true);
}

bool mlir::gn::scatterCanWriteOverInput(ScatterOp scatter) {
  return scatter.getSource() != scatter.getInput() && scatter.getIndex() != scatter.getInput();
}

BroadcastToOp mlir::gn::scatterIndexView(ScatterOp scatter) {
  auto view = scatter.getIndex().getDefiningOp<BroadcastToOp>();
  return view && isKernelView(view) ? view : BroadcastToOp();
}

std::optional<int64_t> mlir::gn::contiguousSliceOffset(Operation *op) {
  auto slice = llvm::dyn_cast<SliceOp>(op);
  if (!slice)
    return std::nullopt;
  auto inType = llvm::cast<RankedTensorType>(slice.getInput().getType());
  auto in = inType.getShape();
  auto out = slice.getType().getShape();
  llvm::ArrayRef<int64_t> steps = slice.getSteps();
  // With symbolic dims the run must be one at every binding: a dim it
  // keeps whole has the input's size expression (x[:, :5] of [2, s1] at
  // s1 = 5 is one run there only: read as a view, it came out wrong at
  // s1 = 7), and one before the last it cuts is a static 1.
  llvm::SmallVector<SymExpr> inDims = dimExprs(inType), outDims = dimExprs(slice.getType());
  int64_t last = -1; // the last dim the slice cuts
  for (int64_t d = 0; d < (int64_t)in.size(); ++d)
    if (out[d] != in[d] || outDims[d] != inDims[d])
      last = d;
  for (int64_t d = (int64_t)in.size() - 1; d >= 0; --d) {
    bool ok = d > last ? out[d] == in[d] && (in[d] <= 1 || steps[d] == 1)
                       : (out[d] <= 1 && outDims[d].isConstant()) || (d == last && steps[d] == 1);
    if (!ok)
      return std::nullopt;
  }
  return sliceStartOffset(slice, in);
}

int64_t mlir::gn::sliceStartOffset(SliceOp slice, llvm::ArrayRef<int64_t> inShape) {
  int64_t offset = 0, stride = 1;
  for (int64_t d = (int64_t)inShape.size() - 1; d >= 0; --d) {
    offset += slice.getStarts()[d] * stride;
    stride *= inShape[d];
  }
  return offset;
}

std::optional<SymExpr> mlir::gn::sliceStartOffsetExpr(SliceOp slice, int64_t elementBytes) {
  auto in = llvm::cast<RankedTensorType>(slice.getInput().getType());
  llvm::SmallVector<SymExpr> dims = dimExprs(in);
  SymExpr offset = SymExpr::constant(0), stride = SymExpr::constant(elementBytes);
  for (int64_t d = in.getRank() - 1; d >= 0; --d) {
    std::optional<SymExpr> term = SymExpr::mul(stride, SymExpr::constant(slice.getStarts()[d]));
    std::optional<SymExpr> sum = term ? SymExpr::add(offset, *term) : std::nullopt;
    std::optional<SymExpr> next = SymExpr::mul(stride, dims[d]);
    if (!sum || !next)
      return std::nullopt;
    offset = *sum;
    stride = *next;
  }
  return offset;
}

bool mlir::gn::isCopyKernelOp(Operation *op) {
  // Max pooling: a window reduction over a -inf padded copy of the input
  // (half types held in f32 and rounded once).
  if (auto pool = llvm::dyn_cast<MaxPoolOp>(op))
    return allKernelTypes(op) && llvm::isa<FloatType>(pool.getType().getElementType());
  // Padding: constant fills; reflect, replicate and circular read mirrored,
  // clamped or wrapped positions.
  if (llvm::isa<PadOp>(op))
    return allKernelTypes(op, /*unsignedOk=*/true);
  // Scatters as the interpreter runs them, in f64 (a mean with a count per
  // target), on floats and integers (uint8 too); a plain one (overwrite) and
  // a sum (index_add, scatter_add: stored as != 0, a logical or) on bools.
  if (auto scatter = llvm::dyn_cast<ScatterOp>(op)) {
    bool isBool = scatter.getType().getElementType().isInteger(1);
    llvm::StringRef reduce = scatter.getReduce();
    return allKernelTypes(op, /*unsignedOk=*/true) &&
           (reduce == "none" || reduce == "add" ||
            (!isBool && llvm::is_contained({"mean", "mul", "amax", "amin"}, reduce)));
  }
  // Gathers read their input at indices loaded from a tensor; tile at
  // wrapped positions (roll and flip are kernel views), nearest resize at
  // scaled ones; arange and
  // triangular compute each element from its position; cumsum, argmax and
  // argmin run lines.
  // Average pooling, fixed and adaptive windows: f64 window sums.
  if (isa<AvgPoolOp, AdaptiveAvgPoolOp>(op))
    return allKernelTypes(op);
  // Adaptive max pooling: the same windows, an f64 max (floats).
  if (auto pool = llvm::dyn_cast<AdaptiveMaxPoolOp>(op))
    return allKernelTypes(op) && llvm::isa<FloatType>(pool.getType().getElementType());
  // Random draws: each element from its position (gn's counter-based
  // stream), floats only.
  if (auto r = llvm::dyn_cast<RandomOp>(op))
    return allKernelTypes(op) && llvm::isa<FloatType>(r.getType().getElementType());
  if (auto resize = llvm::dyn_cast<ResizeOp>(op))
    return (resize.getMode() == "nearest" || resize.getMode() == "nearest-exact" ||
            resize.getMode() == "linear" ||
            resize.getMode() == "bicubic") &&
           allKernelTypes(op);
  // Grid sampling: each output reads taps at its grid point, in f64; the
  // kernel has every mode and padding the verifier allows (reflection for
  // bicubic only: the importers reflect the other modes' grid themselves).
  if (llvm::isa<GridSampleOp>(op))
    return allKernelTypes(op);
  // RoIAlign: each output averages its bin's bilinear samples, in f64.
  // NMS: one thread walks the boxes in order.
  if (llvm::isa<RoiAlignOp, NmsOp>(op))
    return allKernelTypes(op);
  // Nonzero: one thread scans (FormFusionGroups takes it only with
  // rank-kernels: the CPU calls the interpreter's scan). Specialized to no
  // element, it writes nothing but still checks its guard: its empty
  // result is passed and never touched.
  if (auto nonzero = llvm::dyn_cast<NonzeroOp>(op))
    return isKernelElementType(nonzero.getInput().getType()) &&
           llvm::cast<RankedTensorType>(nonzero.getInput().getType()).getNumElements() > 0;
  // A size guard: one thread copies and measures its i64 values (with
  // rank-kernels, as gn.nonzero; an empty one is not imported).
  if (auto guard = llvm::dyn_cast<SizeGuardOp>(op))
    return llvm::cast<RankedTensorType>(guard.getInput().getType()).getNumElements() > 0;
  // A value check: one thread copies its input and ands its condition.
  if (auto check = llvm::dyn_cast<CheckOp>(op))
    return isKernelElementType(check.getInput().getType()) &&
           llvm::cast<RankedTensorType>(check.getInput().getType()).getNumElements() > 0 &&
           llvm::cast<RankedTensorType>(check.getHolds().getType()).getNumElements() > 0;
  // Attention: partial softmax sums per chunk of keys, then merged; no
  // score matrix stored (CopyKernels' emitAttention).
  if (auto attention = llvm::dyn_cast<AttentionOp>(op))
    return fitsAttentionKernel(attention);
  // Depthwise convolution: a thread per output element over its taps.
  if (auto conv = llvm::dyn_cast<ConvOp>(op))
    return fitsDepthwiseKernel(conv);
  // Copies: loads and stores of the elements (and zeros), so unsigned ones too.
  if (isa<ConcatOp, InsertSliceOp, IndexSelectOp, GatherOp, TileOp, TriangularOp>(op))
    return allKernelTypes(op, /*unsignedOk=*/true);
  // Arg reductions and top-k read values as f64 (uint8 too); arange makes
  // each element from its position (in any type).
  if (isa<ArgMaxOp, ArgMinOp, TopKOp, ArangeOp>(op))
    return allKernelTypes(op, /*unsignedOk=*/true);
  return isa<CumSumOp, CumProdOp>(op) && allKernelTypes(op);
}

bool mlir::gn::fitsAttentionKernel(AttentionOp op) {
  if (!allKernelTypes(op))
    return false;
  if (Value mask = op.getMask()) {
    Type e = llvm::cast<RankedTensorType>(mask.getType()).getElementType();
    if (!e.isInteger(1) && !llvm::isa<FloatType>(e))
      return false;
  }
  return llvm::cast<RankedTensorType>(op.getValue().getType()).getShape().back() <=
         kAttentionKernelMaxHead;
}

bool mlir::gn::fitsDepthwiseKernel(ConvOp op) {
  if (op.getChannelsLast() || !allKernelTypes(op) || !llvm::isa<FloatType>(op.getType().getElementType()))
    return false;
  auto x = llvm::cast<RankedTensorType>(op.getInput().getType());
  auto w = llvm::cast<RankedTensorType>(op.getWeight().getType());
  int64_t spatial = w.getRank() - 2, taps = 1;
  for (int64_t d = 0; d < spatial; ++d)
    taps *= w.getDimSize(2 + d);
  int64_t c = x.getDimSize(1);
  return spatial >= 1 && spatial <= 3 && x.getRank() == spatial + 2 && c > 1 &&
         op.getGroups() == c && w.getDimSize(0) == c && w.getDimSize(1) == 1 &&
         taps <= kDepthwiseKernelMaxTaps;
}

bool mlir::gn::isWindowKernelOp(Operation *op, int64_t *taps) {
  int64_t n = 1;
  if (auto conv = llvm::dyn_cast<ConvOp>(op)) {
    if (!fitsDepthwiseKernel(conv))
      return false;
    auto w = llvm::cast<RankedTensorType>(conv.getWeight().getType());
    for (int64_t d = 2; d < w.getRank(); ++d)
      n *= w.getDimSize(d);
  } else if (auto pool = llvm::dyn_cast<MaxPoolOp>(op)) {
    if (!isCopyKernelOp(op))
      return false;
    for (int64_t k : pool.getKernel())
      n *= k;
    if (n > kDepthwiseKernelMaxTaps)
      return false;
  } else {
    return false;
  }
  if (taps)
    *taps = n;
  return true;
}

int64_t mlir::gn::attentionScoreBytes(AttentionOp op) {
  auto out = op.getType();
  auto key = llvm::cast<RankedTensorType>(op.getKey().getType());
  int64_t rank = key.getRank(), s = key.getDimSize(op.getSeqFirst() ? rank - 3 : rank - 2);
  int64_t ev = out.getShape().back();
  int64_t rows = ev == 0 ? 0 : out.getNumElements() / ev;
  return rows * s * (out.getElementType().isF64() ? 8 : 4);
}

int64_t mlir::gn::argumentAndResultBytes(Operation *func) {
  auto f = llvm::cast<FunctionOpInterface>(func);
  int64_t bytes = 0;
  for (Type t : llvm::concat<const Type>(f.getArgumentTypes(), f.getResultTypes()))
    if (auto rt = llvm::dyn_cast<RankedTensorType>(t))
      bytes += tensorBytes(rt);
  return bytes;
}

bool mlir::gn::isCopySliceIndependent(Operation *op, int64_t dim) {
  if (!isCopyKernelOp(op) || op->getNumResults() != 1)
    return false;
  int64_t rank = llvm::cast<RankedTensorType>(op->getResult(0).getType()).getRank();
  if (dim < 0 || dim >= rank)
    return false;
  // Windows and resampling act on the trailing (spatial) dims only.
  if (auto pool = llvm::dyn_cast<MaxPoolOp>(op))
    return dim < rank - (int64_t)pool.getKernel().size();
  if (auto pool = llvm::dyn_cast<AvgPoolOp>(op))
    return dim < rank - (int64_t)pool.getKernel().size();
  if (auto pool = llvm::dyn_cast<AdaptiveAvgPoolOp>(op))
    return dim < rank - (int64_t)pool.getOutputSize().size();
  if (auto pool = llvm::dyn_cast<AdaptiveMaxPoolOp>(op))
    return dim < rank - (int64_t)pool.getOutputSize().size();
  if (auto resize = llvm::dyn_cast<ResizeOp>(op))
    return dim < rank - (int64_t)resize.getSize().size();
  if (auto pad = llvm::dyn_cast<PadOp>(op))
    return pad.getLow()[dim] == 0 && pad.getHigh()[dim] == 0;
  if (auto concat = llvm::dyn_cast<ConcatOp>(op))
    return dim != concat.getDim();
  return false;
}

Operation *mlir::gn::copyGroupOp(FusionOp fusion) {
  if (fusion.getKind() != "copy")
    return nullptr;
  for (Operation &op : fusion.getBody().front())
    if (isCopyKernelOp(&op))
      return &op;
  return nullptr;
}

bool mlir::gn::isSplatConstant(Operation *op) {
  auto c = llvm::dyn_cast<ConstantOp>(op);
  if (!c)
    return false;
  auto dense = llvm::dyn_cast<DenseElementsAttr>(c.getValue());
  return dense && dense.isSplat() &&
         (isKernelElementType(dense.getElementType()) || isUnsignedElement(dense.getElementType()));
}

llvm::SmallVector<int64_t> mlir::gn::fusionDomain(FusionOp fusion,
                                                  llvm::SmallVectorImpl<bool> &reduced) {
  Block &body = fusion.getBody().front();
  llvm::SmallVector<int64_t> domain;
  for (Operation &op : body) {
    if (isReductionOp(&op)) {
      auto shape = llvm::cast<RankedTensorType>(op.getOperand(0).getType()).getShape();
      domain.assign(shape.begin(), shape.end());
      reduced.assign(domain.size(), false);
      for (int64_t d : llvm::cast<DenseI64ArrayAttr>(op.getAttr("dims")).asArrayRef())
        reduced[d] = true;
      return domain;
    }
  }
  auto yield = cast<YieldOp>(body.getTerminator());
  auto shape = llvm::cast<RankedTensorType>(yield.getValues()[0].getType()).getShape();
  domain.assign(shape.begin(), shape.end());
  reduced.assign(domain.size(), false);
  return domain;
}

llvm::SmallVector<SymExpr> mlir::gn::fusionDomainExprs(FusionOp fusion) {
  Block &body = fusion.getBody().front();
  for (Operation &op : body)
    if (isReductionOp(&op))
      return dimExprs(llvm::cast<RankedTensorType>(op.getOperand(0).getType()));
  auto yield = cast<YieldOp>(body.getTerminator());
  return dimExprs(llvm::cast<RankedTensorType>(yield.getValues()[0].getType()));
}

bool mlir::gn::isProductSumEinsum(EinsumOp op) {
  // Floats and signless integers (int32 / int64 einsum: an integer product
  // and sum, as the interpreter computes them); not bools or uint8.
  Type e = op.getType().getElementType();
  auto i = llvm::dyn_cast<IntegerType>(e);
  bool numeric = llvm::isa<FloatType>(e) || (i && i.isSignless() && i.getWidth() > 1);
  if (!numeric || op.getEquation().contains('.'))
    return false;
  auto [lhs, rhs] = op.getEquation().split("->");
  llvm::SmallVector<StringRef> terms;
  lhs.split(terms, ',');
  if (terms.size() != op.getInputs().size())
    return false;
  // A label repeated within a term ("ii"): gn-decompose takes that
  // operand's diagonal first, by a reshape and a strided slice of its
  // static shape.
  for (auto [t, v] : llvm::zip(terms, op.getInputs()))
    for (size_t i = 0; i < t.size(); ++i)
      if (t.find(t[i], i + 1) != StringRef::npos &&
          !llvm::cast<RankedTensorType>(v.getType()).hasStaticShape())
        return false;
  return true;
}

bool mlir::gn::holdsHalfFloats(Operation *root) {
  WalkResult found = root->walk([](Operation *op) {
    for (Type t : llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
      if (auto rt = llvm::dyn_cast<RankedTensorType>(t);
          rt && llvm::isa<Float16Type, BFloat16Type>(rt.getElementType()))
        return WalkResult::interrupt();
    return WalkResult::advance();
  });
  return found.wasInterrupted();
}
