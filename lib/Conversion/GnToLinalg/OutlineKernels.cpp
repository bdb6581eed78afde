//===- OutlineKernels.cpp - gn.fusion -> linalg kernel + gn.launch -------===//
//
// See the pass description in include/gn/Conversion/Passes.td. A kernel's
// loop nest is one linalg.generic over the group's domain, permuted to the
// schedule's loop order. An operand of shape S (right-aligned to the domain,
// numpy broadcasting) reads dim j at loop d(i) or at 0 where it broadcasts.
// With a thread_dim, an scf.for over [lo, hi) takes 1-wide subviews along it
// and the generic runs on those, so the runtime can hand chunks to threads.
//
// A `row` group is stages over the same loops: per reduction, in order, a
// fill and a generic folding it into an accumulator of the rows' shape
// (reading the accumulators before it, each rounded to its result type);
// then one parallel generic over the whole domain computing the results
// from the inputs and every accumulator (a result of the rows' shape is
// written at each point of its row, the same value). On the GPU the
// function is marked gn.row_kernel: gn-map-kernels-to-gpu runs the stages
// of a row in one launch, the totals in registers.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/SymbolicDims.h"
#include "CopyKernels.h"
#include "ScalarOps.h"
#include "gn/Conversion/Passes.h"
#include "gn/IR/GnOps.h"
#include "gn/Support/PassTrace.h"
#include "gn/Transforms/FusionUtils.h"
#include "gn/Transforms/Passes.h"
#include "mlir/Dialect/Utils/StructuredOpsUtils.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/xxhash.h"
#include <cmath>

namespace mlir::gn {
#define GEN_PASS_DEF_GNOUTLINEKERNELSPASS
#include "gn/Conversion/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-outline-kernels"
GN_STATISTIC(numKernels, "kernels outlined");
GN_STATISTIC(numLaunches, "launches of them");
GN_STATISTIC(numCopyKernels, "of the kernels: copy kernels (one op each, with its epilogue)");

namespace {

/// Signless element type of a tensor as stored in a kernel memref.
MemRefType memrefFor(Type tensorType) {
  auto t = llvm::cast<RankedTensorType>(tensorType);
  return MemRefType::get(t.getShape(), t.getElementType());
}

class KernelEmitter {
public:
  /// `modelIsMixed`: the graph holds f16/bf16 values anywhere (see
  /// touchesNarrowFloat).
  KernelEmitter(FusionOp fusion, const KernelLoops &loops, bool modelIsMixed)
      : fusion(fusion), ctx(fusion.getContext()), loops(loops),
        touchesNarrowFloat(modelIsMixed) {
    domain = fusionDomain(fusion, reduced);
    symbolic = llvm::any_of(fusion->getOperandTypes(), hasSymbolicDims) ||
               llvm::any_of(fusion->getResultTypes(), hasSymbolicDims);
    ScheduleAttr s = fusion.getScheduleAttr();
    if (s && s.getLoopOrder().size() != domain.size()) {
      fusion.emitError() << "schedule has " << s.getLoopOrder().size()
                         << " loops for a group of " << domain.size() << " dims";
      status = failure();
      return;
    }
    if (s)
      loopOrder.assign(s.getLoopOrder().begin(), s.getLoopOrder().end());
    else
      for (int64_t d = 0; d < (int64_t)domain.size(); ++d)
        loopOrder.push_back(d);
    if (s && loops.splitsThreadDim())
      threadDim = s.getThreadDim();
    loopOf.assign(domain.size(), 0);
    for (auto [k, d] : llvm::enumerate(loopOrder))
      loopOf[d] = k;
    for (Operation &op : fusion.getBody().front())
      if (isReductionOp(&op))
      {
        if (fusion.getKind() == "row")
          rowReductions.push_back(&op);
        else
          reduction = &op;
      }
    fusion.getBody().walk([&](Operation *op) {
      for (Type t : llvm::concat<const Type>(op->getOperandTypes(), op->getResultTypes()))
        if (auto rt = llvm::dyn_cast<RankedTensorType>(t))
          touchesNarrowFloat |= llvm::isa<Float16Type, BFloat16Type>(rt.getElementType());
    });
    if (fusion.getKind() == "copy") {
      copyOp = copyGroupOp(fusion);
      if (!copyOp) {
        fusion.emitError("copy group without a copy op");
        status = failure();
      }
      // A window op with the ops around it (or any, for the GPU: one
      // launch) is one loop nest over its output: emitWindowGroup.
      windowGroup = copyOp && isWindowKernelOp(copyOp) &&
                    (isa<ConvOp>(copyOp) || loops.pointParallel() ||
                     llvm::any_of(fusion.getBody().front(), [&](Operation &op) {
                       return &op != copyOp && !isa<YieldOp>(op) && !isSplatConstant(&op);
                     }));
      if (windowGroup) {
        threadDim = -1;
        return;
      }
      // A copy kernel splits only a dim its op computes slice by slice, with
      // every input sliced along it too.
      // (Symbolic: the same size at every binding, not just the example's.)
      llvm::SmallVector<SymExpr> domainExprs = fusionDomainExprs(fusion);
      auto slicedAlike = [&](Type t) {
        auto rt = llvm::cast<RankedTensorType>(t);
        return rt.getRank() == (int64_t)domain.size() &&
               rt.getDimSize(threadDim) == domain[threadDim] &&
               dimExprs(rt)[threadDim] == domainExprs[threadDim];
      };
      if (!copyOp || !isCopySliceIndependent(copyOp, threadDim) ||
          !llvm::all_of(fusion.getInputs().getTypes(), slicedAlike))
        threadDim = -1;
      return;
    }
    planReads();
  }

  int64_t getThreadDim() const { return threadDim; }
  bool isSymbolic() const { return symbolic; }
  /// The data-movement op of a copy group, or null.
  Operation *getCopyOp() const { return copyOp; }

  /// Per result, an input read only at the element the result writes, and
  /// that the result's value is computed from (so the result may overwrite
  /// it), or -1; empty when there is none. The dependence matters because
  /// kernel buffers are noalias: LLVM may store a result that does not use
  /// the input before it loads the input at that element.
  llvm::SmallVector<int64_t> inplaceInputs() {
    // An insert_slice may write into its dest (then only its window is
    // copied), unless the source is the same input.
    if (auto insert = llvm::dyn_cast_if_present<InsertSliceOp>(copyOp)) {
      auto dest = llvm::dyn_cast<BlockArgument>(insert.getDest());
      if (dest && insert.getSource() != insert.getDest())
        return {(int64_t)dest.getArgNumber()};
      return {};
    }
    // So may a scatter into its input (it updates only the targets, reading
    // each before it writes it), unless the source or index is that input.
    if (auto scatter = llvm::dyn_cast_if_present<ScatterOp>(copyOp)) {
      auto base = llvm::dyn_cast<BlockArgument>(scatter.getInput());
      if (base && scatterCanWriteOverInput(scatter))
        return {(int64_t)base.getArgNumber()};
      return {};
    }
    if (reduction || copyOp)
      return {};
    Block &body = fusion.getBody().front();
    Operation *yield = body.getTerminator();
    llvm::SmallVector<int64_t> out(fusion.getNumResults(), -1);
    llvm::SmallVector<bool> taken(fusion.getInputs().size(), false);
    bool any = false;
    for (auto [r, type] : llvm::enumerate(fusion.getResultTypes())) {
      auto rt = llvm::cast<RankedTensorType>(type);
      // A result that does not span the loops (a row group's rows, a
      // broadcast value a wider group yields) is written once per index of
      // the loops it lacks: over its input, the second write would read
      // what the first wrote.
      AffineMap m = outMaps[r];
      if (!llvm::all_of(llvm::seq<unsigned>(0, m.getNumDims()),
                        [&](unsigned d) { return m.isFunctionOfDim(d); }))
        continue;
      for (auto [i, in] : llvm::enumerate(fusion.getInputs())) {
        auto it = llvm::cast<RankedTensorType>(in.getType());
        // (Symbolic: the same sizes at every binding, not just the example's.)
        bool sameElement = it.getShape() == rt.getShape() && dimExprs(it) == dimExprs(rt) &&
                           it.getElementTypeBitWidth() == rt.getElementTypeBitWidth();
        bool readAtWrite = llvm::all_of(reads, [&](const Read &rd) {
          return rd.input != i || (!rd.slice && rd.map == outMaps[r] &&
                                   llvm::isa<BlockArgument>(rd.value));
        });
        if (!taken[i] && sameElement && readAtWrite &&
            computedFrom(yield->getOperand(r), body.getArgument(i))) {
          out[r] = i;
          taken[i] = any = true;
          break;
        }
      }
    }
    return any ? out : llvm::SmallVector<int64_t>();
  }
  LogicalResult getStatus() const { return status; }

  /// Whether the kernel is a concatenation of its inputs, each once and in
  /// order, along a dim with only 1s before it: its slabs are then contiguous
  /// and the result is the inputs end to end.
  bool concatenatesInputs() {
    auto concat = llvm::dyn_cast_if_present<ConcatOp>(copyOp);
    if (!concat || concat->getNumOperands() != fusion.getInputs().size())
      return false;
    for (auto [k, v] : llvm::enumerate(concat->getOperands())) {
      auto arg = llvm::dyn_cast<BlockArgument>(v);
      if (!arg || arg.getArgNumber() != k)
        return false;
    }
    auto shape = concat.getType().getShape();
    return llvm::all_of(shape.take_front(concat.getDim()), [](int64_t d) { return d == 1; });
  }

  /// Whether `v` is computed (through ops of the fusion body) from `arg`.
  static bool computedFrom(Value v, Value arg) {
    llvm::SmallVector<Value> work{v};
    llvm::SmallPtrSet<Operation *, 16> seen;
    while (!work.empty()) {
      Value x = work.pop_back_val();
      if (x == arg)
        return true;
      Operation *def = x.getDefiningOp();
      if (def && seen.insert(def).second)
        llvm::append_range(work, def->getOperands());
    }
    return false;
  }
  int64_t getExtent() const { return threadDim >= 0 ? domain[threadDim] : 1; }
  /// A symbolic kernel's thread extent where it follows the symbols (the
  /// runtime evaluates it at the binding); null otherwise.
  StringAttr getSymbolicExtent() const {
    if (!symbolic || threadDim < 0)
      return {};
    // The domain dim's size, from the value the domain is the shape of (not
    // an operand's dim of the same size: a transpose's input has its dims
    // elsewhere, and a static dim may equal a symbol's example size).
    SymExpr e = fusionDomainExprs(fusion)[threadDim];
    return e.isConstant() ? StringAttr() : StringAttr::get(ctx, e.str());
  }

  /// Emits the kernel function `name` at the end of `kernels`.
  FailureOr<func::FuncOp> emit(ModuleOp kernelModule, StringRef name) {
    kernels = kernelModule;
    OpBuilder b = OpBuilder::atBlockEnd(kernels.getBody());
    Location loc = fusion.getLoc();
    // CPU kernels take the thread loop's [lo, hi) first; GPU kernels only
    // buffers (every parallel dim goes on the grid).
    unsigned first = loops.numRangeArgs();
    // A symbolic kernel then takes the sizes of its buffers' symbolic dims
    // (each buffer's in dim order, inputs then results: the runtime
    // evaluates them at the binding), and each such buffer as a bare
    // pointer (memref<1xT>) seen at those sizes.
    llvm::SmallVector<Type> bufferTypes;
    for (Type t : llvm::concat<const Type>(fusion.getInputs().getTypes(), fusion.getResultTypes()))
      bufferTypes.push_back(t);
    if (symbolic && failed(checkSymbolicKernel()))
      return failure();
    unsigned numSizes = 0;
    for (Type t : bufferTypes)
      if (hasSymbolicDims(t))
        for (const SymExpr &e : dimExprs(llvm::cast<RankedTensorType>(t)))
          numSizes += !e.isConstant();
    first += numSizes;
    llvm::SmallVector<Type> argTypes(first, b.getIndexType());
    for (Type t : bufferTypes)
      argTypes.push_back(hasSymbolicDims(t)
                             ? MemRefType::get({1}, llvm::cast<RankedTensorType>(t).getElementType())
                             : memrefFor(t));
    auto func = func::FuncOp::create(b, loc, name, b.getFunctionType(argTypes, {}));
    // Buffers never overlap, except a result written over its `inplace`
    // input, which the kernel reads only at the element it writes and
    // computes that element from: in a one-loop kernel the store then waits
    // for the load under any reordering. Without noalias, the vectorizer's
    // runtime overlap check sends every in-place kernel to its scalar loop.
    // A kernel of several loops (a reduction's statistics, then the map over
    // them) reads the input again in a loop before the one that overwrites
    // it, which noalias lets LLVM reorder: an f16 softmax kept in place came
    // out 0.78x at -O1 and above (test/fuzz/fuzz_diff.py, graph seed
    // 203475). Such a kernel's in-place buffers stay without noalias.
    bool severalLoops = reduction || !rowReductions.empty();
    llvm::SmallVector<int64_t> inplace = severalLoops ? inplaceInputs() : llvm::SmallVector<int64_t>();
    unsigned numIn = fusion.getInputs().size();
    for (unsigned i = first; i < argTypes.size(); ++i) {
      int64_t k = i - first; // operand index: inputs, then results
      bool overlaps = k < numIn ? llvm::is_contained(inplace, k)
                                : (size_t)(k - numIn) < inplace.size() && inplace[k - numIn] >= 0;
      if (!overlaps)
        func.setArgAttr(i, "llvm.noalias", b.getUnitAttr());
    }
    Block *entry = func.addEntryBlock();
    b.setInsertionPointToStart(entry);
    auto ret = func::ReturnOp::create(b, loc);
    b.setInsertionPoint(ret);
    unsigned numInputs = fusion.getInputs().size();
    llvm::SmallVector<Value> ins(entry->args_begin() + first,
                                 entry->args_begin() + first + numInputs);
    llvm::SmallVector<Value> outs(entry->args_begin() + first + numInputs, entry->args_end());
    if (numSizes) {
      unsigned nextSize = first - numSizes;
      auto view = [&](Value &buffer, Type tensorType) {
        if (!hasSymbolicDims(tensorType))
          return;
        auto t = llvm::cast<RankedTensorType>(tensorType);
        llvm::SmallVector<Value> sizes;
        for (const SymExpr &e : dimExprs(t)) {
          if (e.isConstant()) {
            sizes.push_back(arith::ConstantIndexOp::create(b, loc, *e.constantValue()));
            continue;
          }
          sizes.push_back(entry->getArgument(nextSize++));
          symbolicSizes.try_emplace(e.str(), sizes.back());
        }
        buffer = contiguousView(b, loc, buffer, t, sizes);
      };
      for (auto [k, v] : llvm::enumerate(ins))
        view(v, bufferTypes[k]);
      for (auto [k, v] : llvm::enumerate(outs))
        view(v, bufferTypes[numInputs + k]);
    }
    if (loops.mapsToGpu())
      func->setAttr(kScheduleAttrName, fusion.getScheduleAttr());
    if (loops.mapsToGpu() && !rowReductions.empty())
      func->setAttr(kRowKernelAttrName, b.getUnitAttr());
    if (windowGroup) {
      if (failed(emitWindowGroup(b, loc, ins, outs)))
        return failure();
      return func;
    }
    if (fusion.getKind() == "copy") {
      Value out = outs[0];
      if (threadDim >= 0) {
        // The op on one slice along the thread dim per iteration.
        Value one = arith::ConstantIndexOp::create(b, loc, 1);
        auto loop = scf::ForOp::create(b, loc, entry->getArgument(0), entry->getArgument(1), one);
        b.setInsertionPoint(loop.getBody()->getTerminator());
        Value iv = loop.getInductionVar();
        for (Value &in : ins)
          in = sliceAlong(b, loc, in, threadDim, iv);
        out = sliceAlong(b, loc, out, threadDim, iv);
      }
      if (failed(emitCopyKernel(b, loc, copyOp, kernels, ins, out, loops)))
        return failure();
      return func;
    }
    if (threadDim < 0) {
      if (failed(emitCore(b, loc, ins, outs, nullptr)))
        return failure();
      return func;
    }
    Value one = arith::ConstantIndexOp::create(b, loc, 1);
    auto loop = scf::ForOp::create(b, loc, entry->getArgument(0), entry->getArgument(1), one);
    b.setInsertionPoint(loop.getBody()->getTerminator());
    if (failed(emitCore(b, loc, ins, outs, loop.getInductionVar())))
      return failure();
    return func;
  }

private:
  /// `buffer` (a bare pointer) seen as a row-major memref of `t`'s element
  /// type at `sizes`: strides static where every dim after them is.
  static Value contiguousView(OpBuilder &b, Location loc, Value buffer, RankedTensorType t,
                              llvm::ArrayRef<Value> sizes) {
    llvm::SmallVector<int64_t> shape;
    for (auto [d, e] : llvm::enumerate(dimExprs(t)))
      shape.push_back(e.isConstant() ? t.getDimSize(d) : ShapedType::kDynamic);
    llvm::SmallVector<OpFoldResult> sizeFolds, strideFolds(shape.size());
    for (auto [d, v] : llvm::enumerate(sizes))
      sizeFolds.push_back(shape[d] == ShapedType::kDynamic ? OpFoldResult(v)
                                                           : OpFoldResult(b.getIndexAttr(shape[d])));
    int64_t staticStride = 1;
    Value stride;
    for (int64_t d = (int64_t)shape.size() - 1; d >= 0; --d) {
      strideFolds[d] = stride ? OpFoldResult(stride) : OpFoldResult(b.getIndexAttr(staticStride));
      if (shape[d] == ShapedType::kDynamic || stride) {
        Value prev = stride ? stride : Value(arith::ConstantIndexOp::create(b, loc, staticStride));
        stride = arith::MulIOp::create(b, loc, prev, sizes[d]);
      } else {
        staticStride *= shape[d];
      }
    }
    auto type = MemRefType::get(shape, t.getElementType());
    return memref::ReinterpretCastOp::create(b, loc, type, buffer, b.getIndexAttr(0), sizeFolds,
                                             strideFolds);
  }

  /// The kernels this slice of phase 3 emits with symbolic dims: one
  /// linalg.generic over the group (elementwise, or a reduction of static
  /// dims). Anything else says so by name.
  LogicalResult checkSymbolicKernel() {
    auto refuse = [&](const llvm::Twine &what) {
      return fusion.emitError() << "gn-outline-kernels: " << what
                                << " is not supported with symbolic dims yet (docs/"
                                   "symbolic-shapes.md, phase 3)";
    };
    // Copy kernels that read their sizes from their buffers (dimSizes):
    // gathers (indices checked against the input's run-time size), cumsum,
    // concat, resize, pad, tile, tril/triu, average, adaptive and max
    // pooling (max pooling and depthwise convolutions as window groups
    // too, their loops and extents from the kernel's size arguments), the
    // attention kernel (its rows and keys; one chunk of every key).
    // Others (scatter, top-k, roi_align, ...) read static shapes.
    bool alone = llvm::all_of(fusion.getBody().front(), [&](Operation &op) {
      return &op == copyOp || isa<YieldOp>(op);
    });
    bool sizedByBuffers = isa_and_present<CumSumOp, CumProdOp, ConcatOp, MaxPoolOp, ResizeOp, PadOp, TileOp,
                                          TriangularOp, AvgPoolOp, AdaptiveAvgPoolOp,
                                          AdaptiveMaxPoolOp, IndexSelectOp, GatherOp,
                                          InsertSliceOp, AttentionOp>(copyOp) &&
                          (alone || windowGroup);
    if (windowGroup && isa<ConvOp>(copyOp))
      sizedByBuffers = true;
    if ((windowGroup || fusion.getKind() == "copy") && !sizedByBuffers)
      return refuse("a copy kernel" + (copyOp ? " (" + copyOp->getName().getStringRef().str() +
                                                   ")"
                                              : std::string()));
    // A row kernel's divisions are ops of its own (decomposed means over
    // static dims); a mean kept whole would need the count in its stage.
    if (llvm::any_of(rowReductions, [](Operation *r) { return isa<ReduceMeanOp>(r); }))
      return refuse("a row kernel with a mean over a symbolic dim");
    // A slice read inside a kernel is a subview: a symbolic dim of it must
    // run to the end of its input's dim (its size is then read at run time).
    for (const Read &r : reads)
      if (r.slice && !symbolicSliceSizes(r.slice))
        return refuse("a slice read inside a kernel whose limit on a symbolic dim is not its input's size less a constant");
    if (needsCarrier)
      return refuse("a kernel whose loop no operand reads");
    return success();
  }

  /// The map of an operand of `shape` broadcast (right-aligned) to the domain.
  AffineMap broadcastMap(llvm::ArrayRef<int64_t> shape) {
    int64_t offset = domain.size() - shape.size();
    llvm::SmallVector<AffineExpr> exprs;
    for (auto [j, s] : llvm::enumerate(shape)) {
      int64_t i = j + offset;
      exprs.push_back(s == 1 && domain[i] != 1 ? getAffineConstantExpr(0, ctx)
                                               : getAffineDimExpr(loopOf[i], ctx));
    }
    return AffineMap::get(domain.size(), 0, exprs, ctx);
  }

  /// The map of the reduction result (reduced dims dropped or kept as 0).
  AffineMap reducedMap(bool keepdim) {
    llvm::SmallVector<AffineExpr> exprs;
    for (int64_t i = 0; i < (int64_t)domain.size(); ++i) {
      if (!reduced[i])
        exprs.push_back(getAffineDimExpr(loopOf[i], ctx));
      else if (keepdim)
        exprs.push_back(getAffineConstantExpr(0, ctx));
    }
    return AffineMap::get(domain.size(), 0, exprs, ctx);
  }

  /// The 1-wide subview of `m` at `iv` along `dim`.
  static Value sliceAlong(OpBuilder &b, Location loc, Value m, int64_t dim, Value iv) {
    auto type = llvm::cast<MemRefType>(m.getType());
    llvm::SmallVector<OpFoldResult> offsets(type.getRank(), b.getIndexAttr(0));
    llvm::SmallVector<OpFoldResult> sizes, strides(type.getRank(), b.getIndexAttr(1));
    for (auto [d, s] : llvm::enumerate(type.getShape()))
      sizes.push_back(ShapedType::isDynamic(s)
                          ? OpFoldResult(memref::DimOp::create(b, loc, m, d).getResult())
                          : OpFoldResult(b.getIndexAttr(s)));
    offsets[dim] = iv;
    sizes[dim] = b.getIndexAttr(1);
    return memref::SubViewOp::create(b, loc, m, offsets, sizes, strides);
  }

  /// A 1-wide subview of `m` at `iv` along the memref dim read at the
  /// thread loop, or `m` itself when it broadcasts along it.
  Value threadSlice(OpBuilder &b, Location loc, Value m, AffineMap map, Value iv) {
    if (!iv)
      return m;
    for (auto [j, e] : llvm::enumerate(map.getResults())) {
      auto d = llvm::dyn_cast<AffineDimExpr>(e);
      if (d && d.getPosition() == loopOf[threadDim])
        return sliceAlong(b, loc, m, j, iv);
    }
    return m;
  }

  /// One linalg input: kernel input `input` read through `map`, giving the
  /// scalar of `value` (the block argument itself, or a view op's result).
  struct Read {
    unsigned input;
    AffineMap map;
    Value value;
    SliceOp slice = nullptr; // read a strided subview of the input
  };

  /// The map reading the source of view op `view` when its result is read
  /// through `resultMap` (transpose permutes, slice scales and offsets,
  /// broadcast_to pins broadcast dims to 0, roll reads (p + n - shift) mod n
  /// and flip n - 1 - p along their dims).
  AffineMap composeView(Operation *view, AffineMap resultMap) {
    llvm::ArrayRef<AffineExpr> e = resultMap.getResults();
    auto srcShape = llvm::cast<RankedTensorType>(view->getOperand(0).getType()).getShape();
    auto resShape = llvm::cast<RankedTensorType>(view->getResult(0).getType()).getShape();
    llvm::SmallVector<AffineExpr> exprs(srcShape.size());
    if (auto t = dyn_cast<TransposeOp>(view)) {
      for (auto [k, p] : llvm::enumerate(t.getPermutation()))
        exprs[p] = e[k];
    } else if (auto roll = dyn_cast<RollOp>(view)) {
      llvm::SmallVector<int64_t> offset(srcShape.size(), 0);
      for (auto [sh, d] : llvm::zip(roll.getShifts(), roll.getDims()))
        if (int64_t n = srcShape[d])
          offset[d] = (((offset[d] - sh) % n) + n) % n;
      for (auto [d, n] : llvm::enumerate(srcShape))
        exprs[d] = offset[d] ? (e[d] + offset[d]) % n : e[d];
    } else if (auto flip = dyn_cast<FlipOp>(view)) {
      for (auto [d, n] : llvm::enumerate(srcShape))
        exprs[d] = llvm::is_contained(flip.getDims(), (int64_t)d) && n > 1
                       ? getAffineConstantExpr(n - 1, ctx) - e[d]
                       : e[d];
    } else if (isa<SliceOp>(view)) {
      // Read as a subview (see Read::slice): linalg infers loop extents from
      // operand shapes, so the read itself stays a plain broadcast map.
      return resultMap;
    } else {
      size_t off = resShape.size() - srcShape.size();
      for (size_t m = 0; m < srcShape.size(); ++m)
        exprs[m] = srcShape[m] == 1 && resShape[m + off] != 1 ? getAffineConstantExpr(0, ctx)
                                                              : e[m + off];
    }
    return AffineMap::get(domain.size(), 0, exprs, ctx);
  }

  void planReads() {
    Block &body = fusion.getBody().front();
    for (BlockArgument a : body.getArguments()) {
      auto shape = llvm::cast<RankedTensorType>(a.getType()).getShape();
      bool direct = llvm::any_of(a.getUsers(), [](Operation *u) { return !isKernelView(u); });
      if (direct)
        reads.push_back({a.getArgNumber(), broadcastMap(shape), a});
      for (Operation *u : a.getUsers()) {
        if (!isKernelView(u))
          continue;
        // A slice read through a transpose or broadcast (gn-form-fusion-
        // groups' absorbViews): a strided subview read through its map.
        auto slice = dyn_cast<SliceOp>(u);
        bool chained = slice && !u->use_empty() && llvm::all_of(u->getUsers(), [](Operation *v) {
          return isKernelView(v) && !isa<SliceOp>(v);
        });
        for (Operation *v : chained ? llvm::to_vector(u->getUsers())
                                    : llvm::SmallVector<Operation *>{u}) {
          auto shape = llvm::cast<RankedTensorType>(v->getResult(0).getType()).getShape();
          reads.push_back({a.getArgNumber(), composeView(v, broadcastMap(shape)), v->getResult(0),
                           slice});
        }
      }
    }
    if (reduction)
      outMaps.push_back(reducedMap(llvm::cast<BoolAttr>(reduction->getAttr("keepdim")).getValue()));
    else
      for (Type t : fusion.getResultTypes())
        outMaps.push_back(broadcastMap(llvm::cast<RankedTensorType>(t).getShape()));
    // Every loop must be read as a plain dim by some operand, or linalg
    // cannot infer its extent.
    auto allMaps = [&] {
      llvm::SmallVector<AffineMap> m;
      for (const Read &r : reads)
        m.push_back(r.map);
      m.append(outMaps);
      return m;
    }();
    for (int64_t i = 0; i < (int64_t)domain.size(); ++i) {
      AffineExpr d = getAffineDimExpr(loopOf[i], ctx);
      bool seen = llvm::any_of(allMaps, [&](AffineMap m) { return llvm::is_contained(m.getResults(), d); });
      // A loop no operand reads (a reduction of constants, or of a value
      // broadcast along the reduced dim: sum(broadcast_to(x), dims [0]))
      // gets a zero-stride carrier input, so its extent is known.
      if (!seen)
        needsCarrier = true;
    }
    // Threads take 1-wide subviews along the thread loop, which is only
    // right when every operand reads that loop as a plain dim (or not at all).
    if (threadDim >= 0) {
      AffineExpr t = getAffineDimExpr(loopOf[threadDim], ctx);
      for (AffineMap m : allMaps)
        for (AffineExpr e : m.getResults())
          if (e != t && e.isFunctionOfDim(loopOf[threadDim]))
            threadDim = -1;
    }
  }

  /// The buffers the generics read (each input through its read's view,
  /// the carrier where needed), sliced at the thread loop's `iv`.
  void readViews(OpBuilder &b, Location loc, llvm::ArrayRef<Value> ins, Value iv,
                 llvm::SmallVectorImpl<Value> &inViews, llvm::SmallVectorImpl<AffineMap> &inMaps) {
    for (const Read &r : reads) {
      Value m = ins[r.input];
      if (SliceOp sl = r.slice) {
        if (symbolic && hasSymbolicDims(sl.getType())) {
          // Dims that stop at the input's end, or a constant before it:
          // ceil((size + (limit - size) - start) / step).
          llvm::SmallVector<OpFoldResult> offsets, sizes, strides;
          llvm::SmallVector<SymExpr> exprs = dimExprs(sl.getType());
          for (auto [d, e] : llvm::enumerate(exprs)) {
            int64_t start = sl.getStarts()[d], step = sl.getSteps()[d];
            offsets.push_back(b.getIndexAttr(start));
            strides.push_back(b.getIndexAttr(step));
            if (e.isConstant()) {
              sizes.push_back(b.getIndexAttr(sl.getType().getDimSize(d)));
              continue;
            }
            Value n = memref::DimOp::create(b, loc, m, d);
            int64_t fromEnd = *limitFromEnd(sl, d);
            Value left = arith::SubIOp::create(
                b, loc, n, arith::ConstantIndexOp::create(b, loc, start - fromEnd));
            sizes.push_back(Value(arith::CeilDivUIOp::create(
                b, loc, left, arith::ConstantIndexOp::create(b, loc, step))));
          }
          m = memref::SubViewOp::create(b, loc, m, offsets, sizes, strides);
        } else {
          m = stridedSubview(b, loc, m, sl.getStarts(), sl.getType().getShape(), sl.getSteps());
        }
      }
      inViews.push_back(threadSlice(b, loc, m, r.map, iv));
      inMaps.push_back(r.map);
    }
    if (needsCarrier) {
      // One byte seen as the whole loop domain (every stride 0); the body
      // never reads it.
      llvm::SmallVector<int64_t> sizes(loopOrder.size());
      for (auto [k, d] : llvm::enumerate(loopOrder))
        sizes[k] = domain[d];
      Type i8 = b.getI8Type();
      Value one = memref::AllocaOp::create(b, loc, MemRefType::get({1}, i8));
      auto layout = StridedLayoutAttr::get(ctx, 0, llvm::SmallVector<int64_t>(sizes.size(), 0));
      auto type = MemRefType::get(sizes, i8, layout);
      llvm::SmallVector<OpFoldResult> sizeAttrs, strideAttrs;
      for (int64_t n : sizes) {
        sizeAttrs.push_back(b.getIndexAttr(n));
        strideAttrs.push_back(b.getIndexAttr(0));
      }
      Value carrier = memref::ReinterpretCastOp::create(b, loc, type, one, b.getIndexAttr(0),
                                                        sizeAttrs, strideAttrs);
      auto id = AffineMap::getMultiDimIdentityMap(sizes.size(), ctx);
      inViews.push_back(threadSlice(b, loc, carrier, id, iv));
      inMaps.push_back(id);
    }
  }

  LogicalResult emitCore(OpBuilder &b, Location loc, llvm::ArrayRef<Value> ins,
                         llvm::ArrayRef<Value> outs, Value iv) {
    if (!rowReductions.empty())
      return emitRowStages(b, loc, ins, outs, iv);
    llvm::SmallVector<Value> inViews, outViews;
    llvm::SmallVector<AffineMap> inMaps;
    readViews(b, loc, ins, iv, inViews, inMaps);
    for (auto [m, map] : llvm::zip(outs, outMaps))
      outViews.push_back(threadSlice(b, loc, m, map, iv));

    llvm::SmallVector<utils::IteratorType> iterators = reductionIterators();
    llvm::SmallVector<AffineMap> maps(inMaps);
    maps.append(outMaps);

    // Reductions accumulate in a wider buffer when the result type is narrow.
    Value acc;
    Type accType;
    if (reduction) {
      auto outType = llvm::cast<MemRefType>(outViews[0].getType());
      accType = accumulatorType(reduction, outType.getElementType());
      Value target = outViews[0];
      // A mean (kept whole only in symbolic kernels, where its count is a
      // run-time size) always sums into a buffer, divided at the end.
      if (accType != outType.getElementType() || isa<ReduceMeanOp>(reduction)) {
        auto bufType = MemRefType::get(outType.getShape(), accType);
        // A symbolic kernel's dynamic dims: the result's sizes.
        llvm::SmallVector<Value> dynamicSizes;
        for (int64_t d = 0; d < outType.getRank(); ++d)
          if (outType.isDynamicDim(d))
            dynamicSizes.push_back(memref::DimOp::create(b, loc, outViews[0], d));
        acc = memref::AllocOp::create(b, loc, bufType, dynamicSizes);
        target = acc;
      }
      linalg::FillOp::create(b, loc, initValue(b, loc, accType, reduction), target);
      outViews[0] = target;
    }
    bool ok = true;
    linalg::GenericOp::create(
        b, loc, inViews, outViews, maps, iterators,
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          ok = succeeded(emitBody(nb, nloc, args));
        });
    if (!ok)
      return failure();
    // A mean's count: the product of the reduced loops' sizes, read from
    // an input that spans each (its dim at run time).
    Value count;
    if (isa_and_nonnull<ReduceMeanOp>(reduction)) {
      count = arith::ConstantIndexOp::create(b, loc, 1);
      for (int64_t i = 0; i < (int64_t)domain.size(); ++i) {
        if (!reduced[i])
          continue;
        Value size = loopSize(b, loc, i, inViews, inMaps);
        if (!size)
          return fusion.emitError("gn-outline-kernels: no input spans a reduced dim of a mean");
        count = arith::MulIOp::create(b, loc, count, size);
      }
      count = arith::IndexCastOp::create(b, loc, b.getI64Type(), count);
      count = arith::SIToFPOp::create(b, loc, accType, count);
    }
    if (acc) {
      // out = acc, converted to the result type (a mean divided first).
      auto outType = llvm::cast<MemRefType>(outs[0].getType());
      Value target = threadSlice(b, loc, outs[0], outMaps[0], iv);
      unsigned rank = outType.getRank();
      auto id = AffineMap::getMultiDimIdentityMap(rank, ctx);
      linalg::GenericOp::create(
          b, loc, ValueRange{acc}, ValueRange{target}, llvm::ArrayRef<AffineMap>{id, id},
          llvm::SmallVector<utils::IteratorType>(rank, utils::IteratorType::parallel),
          [&](OpBuilder &nb, Location nloc, ValueRange args) {
            Value v = args[0];
            if (count)
              v = arith::DivFOp::create(nb, nloc, v, count);
            linalg::YieldOp::create(nb, nloc, accToElement(nb, nloc, v, outType.getElementType()));
          });
      memref::DeallocOp::create(b, loc, acc);
    }
    return success();
  }

  /// Whether every symbolic dim of `slice`'s result runs to the end of its
  /// input's dim (the limit is the dim's own size), so a kernel can size it
  /// from the input at run time.
  static bool symbolicSliceSizes(SliceOp slice) {
    // A static dim cut from a symbolic one reads up to its literal limit:
    // the runtime checks the dim reaches it when it binds the symbols
    // (CpuTarget.cpp, the slices' minimum sizes).
    for (auto [d, e] : llvm::enumerate(dimExprs(slice.getType())))
      if (!e.isConstant() && !limitFromEnd(slice, d))
        return false;
    return true;
  }

  /// Where slice dim `d`'s limit is its input's size plus a constant (0 up
  /// to the end, -1 for x[:, :-1]): that constant, which the kernel adds to
  /// the input's run-time size. std::nullopt for any other limit.
  static std::optional<int64_t> limitFromEnd(SliceOp slice, int64_t d) {
    SymExpr in = dimExprs(llvm::cast<RankedTensorType>(slice.getInput().getType()))[d];
    SymExpr limit = dimExprs(slice.getLimits(), slice.getSymLimitsAttr())[d];
    std::optional<SymExpr> diff = SymExpr::sub(limit, in);
    std::optional<int64_t> c = diff ? diff->constantValue() : std::nullopt;
    if (!c || *c > 0)
      return std::nullopt;
    return c;
  }

  /// Whether domain dim `i` follows the symbols: some operand or result
  /// spans it with a symbolic size.
  bool domainIsSymbolic(int64_t i) const {
    int64_t rank = domain.size();
    for (Type t : llvm::concat<const Type>(fusion->getOperandTypes(), fusion->getResultTypes())) {
      auto rt = llvm::cast<RankedTensorType>(t);
      int64_t j = i - (rank - rt.getRank());
      if (j >= 0 && j < rt.getRank() && !dimExprs(rt)[j].isConstant())
        return true;
    }
    return false;
  }

  /// Domain dim `i`'s size at run time: the dim of an input view that reads
  /// it as a plain loop; null when none does.
  Value loopSize(OpBuilder &b, Location loc, int64_t i, llvm::ArrayRef<Value> inViews,
                 llvm::ArrayRef<AffineMap> inMaps) {
    AffineExpr d = getAffineDimExpr(loopOf[i], ctx);
    for (auto [k, map] : llvm::enumerate(inMaps))
      for (auto [j, e] : llvm::enumerate(map.getResults()))
        if (e == d)
          return memref::DimOp::create(b, loc, inViews[k], j);
    return {};
  }

  /// The loops' iterators: reduction where the domain dim is reduced.
  llvm::SmallVector<utils::IteratorType> reductionIterators() {
    llvm::SmallVector<utils::IteratorType> iterators;
    for (int64_t d : loopOrder)
      iterators.push_back(reduced[d] ? utils::IteratorType::reduction
                                     : utils::IteratorType::parallel);
    return iterators;
  }

  /// An accumulator's value as element type `t` (the reduction's result).
  static Value accToElement(OpBuilder &b, Location loc, Value v, Type t) {
    if (v.getType() == t)
      return v;
    if (llvm::isa<FloatType>(t)) {
      // f64 -> bf16 would need a libcall: go through f32.
      if (v.getType().isF64() && t.getIntOrFloatBitWidth() < 32)
        v = arith::TruncFOp::create(b, loc, b.getF32Type(), v);
      return arith::TruncFOp::create(b, loc, t, v);
    }
    // An unsigned result (uint8 max / min) takes the carried bits as they are,
    // a wider accumulator truncated first.
    if (t.isUnsignedInteger()) {
      Type bits = carryType(t);
      if (v.getType() != bits)
        v = arith::TruncIOp::create(b, loc, bits, v);
      return fromCarry(b, loc, v, t);
    }
    return arith::TruncIOp::create(b, loc, t, v);
  }

  /// A row group's stages (see the file comment). The accumulators have
  /// the domain's shape with reduced dims 1, in the kernel's workspace.
  LogicalResult emitRowStages(OpBuilder &b, Location loc, llvm::ArrayRef<Value> ins,
                              llvm::ArrayRef<Value> outs, Value iv) {
    llvm::SmallVector<Value> inViews;
    llvm::SmallVector<AffineMap> inMaps;
    readViews(b, loc, ins, iv, inViews, inMaps);
    AffineMap rowMap = reducedMap(/*keepdim=*/true);
    llvm::SmallVector<int64_t> rowShape(domain);
    for (auto [d, r] : llvm::enumerate(reduced))
      if (r)
        rowShape[d] = 1;
    // A symbolic kernel's rows: each loop's size read from an input that
    // spans it, at run time.
    llvm::SmallVector<Value> rowSizes;
    if (symbolic)
      for (auto [d, r] : llvm::enumerate(reduced)) {
        if (r || !domainIsSymbolic(d))
          continue;
        // The thread dim: the views hold this thread's one index of it,
        // and the accumulators are sliced at that index (threadSlice), so
        // they reach the thread loop's end. (Its views' size, 1, put a
        // row group's accumulators out of bounds at every index past 0.)
        Value size;
        if ((int64_t)d == threadDim && iv)
          if (auto loop = scf::getForInductionVarOwner(iv))
            size = loop.getUpperBound();
        if (!size)
          size = loopSize(b, loc, d, inViews, inMaps);
        if (!size)
          return fusion.emitError("gn-outline-kernels: no input spans a row dim");
        rowShape[d] = ShapedType::kDynamic;
        rowSizes.push_back(size);
      }
    llvm::SmallVector<Value> buffers, accs;
    bool ok = true;
    for (Operation *r : rowReductions) {
      Type elem = llvm::cast<RankedTensorType>(r->getResult(0).getType()).getElementType();
      Type accType = accumulatorType(r, elem);
      Value buffer =
          memref::AllocOp::create(b, loc, MemRefType::get(rowShape, accType), rowSizes);
      buffers.push_back(buffer);
      Value acc = threadSlice(b, loc, buffer, rowMap, iv);
      linalg::FillOp::create(b, loc, initValue(b, loc, accType, r), acc);
      llvm::SmallVector<Value> stageIns(inViews);
      stageIns.append(accs);
      llvm::SmallVector<AffineMap> maps(inMaps);
      maps.append(accs.size() + 1, rowMap);
      RowStage stage{llvm::ArrayRef(rowReductions).take_front(accs.size()), r,
                     (unsigned)inViews.size()};
      linalg::GenericOp::create(b, loc, stageIns, ValueRange{acc}, maps, reductionIterators(),
                                [&](OpBuilder &nb, Location nloc, ValueRange args) {
                                  ok &= succeeded(emitBody(nb, nloc, args, &stage));
                                });
      accs.push_back(acc);
    }
    llvm::SmallVector<Value> stageIns(inViews), outViews;
    stageIns.append(accs);
    llvm::SmallVector<AffineMap> maps(inMaps);
    maps.append(accs.size(), rowMap);
    for (auto [m, map] : llvm::zip(outs, outMaps)) {
      outViews.push_back(threadSlice(b, loc, m, map, iv));
      maps.push_back(map);
    }
    RowStage last{rowReductions, nullptr, (unsigned)inViews.size()};
    linalg::GenericOp::create(
        b, loc, stageIns, outViews, maps,
        llvm::SmallVector<utils::IteratorType>(loopOrder.size(), utils::IteratorType::parallel),
        [&](OpBuilder &nb, Location nloc, ValueRange args) {
          ok &= succeeded(emitBody(nb, nloc, args, &last));
        });
    for (Value buffer : buffers)
      memref::DeallocOp::create(b, loc, buffer);
    return success(ok);
  }

  /// Sums and products of floats accumulate in f64 (as the interpreter
  /// does), of integers in i64; f16/bf16 max/min in their f32 carry type.
  Type accumulatorType(Operation *reduction, Type outElem) {
    if (!isa<ReduceSumOp, ReduceProdOp, ReduceMeanOp>(reduction))
      return carryType(outElem);
    if (llvm::isa<FloatType>(outElem))
      return Float64Type::get(ctx);
    return IntegerType::get(ctx, 64);
  }

  /// A reduction over unsigned bits (uint8, bool): compares and widening
  /// take their unsigned forms (the carried values are signless).
  static bool reducesUnsigned(Operation *reduction) {
    auto e = llvm::dyn_cast<IntegerType>(
        llvm::cast<RankedTensorType>(reduction->getOperand(0).getType()).getElementType());
    return e && (e.isUnsigned() || e.getWidth() == 1);
  }

  static Value initValue(OpBuilder &b, Location loc, Type t, Operation *reduction) {
    bool isMax = isa<ReduceMaxOp>(reduction), isMin = isa<ReduceMinOp>(reduction);
    if (auto f = llvm::dyn_cast<FloatType>(t)) {
      double v = isa<ReduceProdOp>(reduction) ? 1.0
                 : isMax                      ? -INFINITY
                 : isMin                      ? INFINITY
                                              : 0.0;
      return arith::ConstantOp::create(b, loc, t, b.getFloatAttr(t, v));
    }
    unsigned w = t.getIntOrFloatBitWidth();
    bool uns = reducesUnsigned(reduction);
    APInt v = isa<ReduceProdOp>(reduction) ? APInt(w, 1)
              : isa<ReduceAllOp>(reduction) ? APInt::getAllOnes(w)
              : isMax ? (uns ? APInt::getMinValue(w) : APInt::getSignedMinValue(w))
              : isMin ? (uns ? APInt::getMaxValue(w) : APInt::getSignedMaxValue(w))
                      : APInt::getZero(w);
    return arith::ConstantOp::create(b, loc, t, b.getIntegerAttr(t, v));
  }

  Value combine(OpBuilder &b, Location loc, Value acc, Value x, Operation *reduction) {
    Type t = acc.getType();
    bool isFloat = llvm::isa<FloatType>(t);
    if (isa<ReduceAnyOp, ReduceAllOp>(reduction)) {
      Value zero = isFloat ? Value(arith::ConstantOp::create(b, loc, x.getType(), b.getFloatAttr(x.getType(), 0)))
                           : Value(arith::ConstantOp::create(b, loc, x.getType(), b.getIntegerAttr(x.getType(), 0)));
      Value nz = llvm::isa<FloatType>(x.getType())
                     ? Value(arith::CmpFOp::create(b, loc, arith::CmpFPredicate::UNE, x, zero))
                     : Value(arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, x, zero));
      if (isa<ReduceAnyOp>(reduction))
        return arith::OrIOp::create(b, loc, acc, nz);
      return arith::AndIOp::create(b, loc, acc, nz);
    }
    bool uns = reducesUnsigned(reduction);
    if (x.getType() != t) // widen to the accumulator
      x = isFloat ? Value(arith::ExtFOp::create(b, loc, t, x))
          : uns   ? Value(arith::ExtUIOp::create(b, loc, t, x))
                  : Value(arith::ExtSIOp::create(b, loc, t, x));
    // Float sums and products may be reassociated so LLVM vectorizes them
    // (partial sums per lane); they accumulate in f64, so the order costs
    // nothing measurable.
    auto reassoc = arith::FastMathFlagsAttr::get(ctx, arith::FastMathFlags::reassoc);
    if (isa<ReduceSumOp, ReduceMeanOp>(reduction))
      return isFloat ? Value(arith::AddFOp::create(b, loc, acc, x, reassoc))
                     : Value(arith::AddIOp::create(b, loc, acc, x));
    if (isa<ReduceProdOp>(reduction))
      return isFloat ? Value(arith::MulFOp::create(b, loc, acc, x, reassoc))
                     : Value(arith::MulIOp::create(b, loc, acc, x));
    bool isMax = isa<ReduceMaxOp>(reduction);
    if (isFloat)
      return isMax ? Value(arith::MaximumFOp::create(b, loc, acc, x))
                   : Value(arith::MinimumFOp::create(b, loc, acc, x));
    if (uns)
      return isMax ? Value(arith::MaxUIOp::create(b, loc, acc, x))
                   : Value(arith::MinUIOp::create(b, loc, acc, x));
    return isMax ? Value(arith::MaxSIOp::create(b, loc, acc, x))
                 : Value(arith::MinSIOp::create(b, loc, acc, x));
  }

  /// Groups that touch f16/bf16 round to them, so a last-bit difference in
  /// f32 can show up as a whole f16 ulp (the f16 tolerance at t = -5 is
  /// about one ulp). In those, erf calls libm as the interpreter does,
  /// instead of the vectorizable polynomial used for f32 groups. (tanh is
  /// f64 rounded once everywhere, in the interpreter too: KernelsToLLVM.)
  Value libmCallForNarrowFloat(OpBuilder &b, Operation *op, llvm::ArrayRef<Value> operands) {
    if (!loops.hasLibm() || !touchesNarrowFloat || !isa<ErfOp>(op) ||
        !llvm::isa<Float32Type>(operands[0].getType()))
      return nullptr;
    StringRef name = "erff";
    auto f32 = b.getF32Type();
    auto type = b.getFunctionType({f32}, {f32});
    if (!kernels.lookupSymbol<func::FuncOp>(name)) {
      OpBuilder mb = OpBuilder::atBlockBegin(kernels.getBody());
      func::FuncOp::create(mb, op->getLoc(), name, type).setPrivate();
    }
    return func::CallOp::create(b, op->getLoc(), name, TypeRange{f32}, operands[0]).getResult(0);
  }

  /// A row group's stage: the reductions folded before it (their totals
  /// are the generic's arguments from `firstAcc` on) and the one it folds
  /// (null: the last stage, which yields the results).
  struct RowStage {
    llvm::ArrayRef<Operation *> done;
    Operation *folds;
    unsigned firstAcc;
  };

  LogicalResult emitBody(OpBuilder &b, Location loc, ValueRange args,
                         const RowStage *stage = nullptr) {
    Block &body = fusion.getBody().front();
    llvm::DenseMap<Value, Value> scalar;
    for (auto [r, v] : llvm::zip(reads, args))
      scalar[r.value] = toCarry(b, loc, v);
    if (stage)
      for (auto [k, r] : llvm::enumerate(stage->done)) {
        Value total = r->getResult(0);
        Type elem = llvm::cast<RankedTensorType>(total.getType()).getElementType();
        scalar[total] = toCarry(b, loc, accToElement(b, loc, args[stage->firstAcc + k], elem));
      }
    for (Operation &op : body) {
      if (isKernelView(&op)) {
        // Read through its source's map; a view of a splat is that splat
        // (a broadcast of a constant to a symbolic size: a group of its own).
        if (Operation *src = op.getOperand(0).getDefiningOp(); src && isSplatConstant(src))
          scalar[op.getResult(0)] = scalar.lookup(op.getOperand(0));
        continue;
      }
      if (stage && isReductionOp(&op)) {
        if (&op != stage->folds)
          continue; // a total read from its accumulator
        Value x = scalar.lookup(op.getOperand(0));
        linalg::YieldOp::create(b, loc, combine(b, loc, args.back(), x, &op));
        return success();
      }
      if (auto yield = dyn_cast<YieldOp>(op)) {
        llvm::SmallVector<Value> results;
        if (reduction) {
          results.push_back(scalar.lookup(yield.getValues()[0]));
        } else {
          for (Value v : yield.getValues())
            results.push_back(fromCarry(b, loc, scalar.lookup(v), v.getType()));
        }
        linalg::YieldOp::create(b, loc, results);
        return success();
      }
      if (isSplatConstant(&op)) {
        scalar[op.getResult(0)] = carryConstant(b, loc, &op);
        continue;
      }
      llvm::SmallVector<Value> operands;
      for (Value v : op.getOperands())
        operands.push_back(scalar.lookup(v));
      if (&op == reduction) {
        scalar[op.getResult(0)] = combine(b, loc, args.back(), operands[0], reduction);
        continue;
      }
      if (!isFusibleElementwise(&op))
        return op.emitError("op cannot be emitted in a compiled kernel");
      if (failed(scalarOp(b, loc, op, operands, scalar)))
        return failure();
    }
    return fusion.emitError("fusion body has no gn.yield");
  }

  /// A window op's group (gn-form-fusion-groups' epilogue groups: a
  /// depthwise convolution, a max pooling): one loop nest over the op's
  /// output. Each point's value (emitDepthwiseConvAt, emitMaxPoolAt) is
  /// carried through the ops after it (a batch norm, an activation;
  /// producers absorbed over broadcast shapes) as an elementwise kernel
  /// computes them, rounded per op, and each result stored there: the
  /// op's output is stored only if read outside. The ops before it (its
  /// prologue: the batch norm and activation computing its input) are
  /// evaluated at every tap it reads, so that input is never stored. Group
  /// inputs are read broadcast right-aligned at the point (or tap).
  LogicalResult emitWindowGroup(OpBuilder &b, Location loc, llvm::ArrayRef<Value> ins,
                                llvm::ArrayRef<Value> outs) {
    Value result = copyOp->getResult(0);
    auto resultType = llvm::cast<RankedTensorType>(result.getType());
    auto inputType = llvm::cast<RankedTensorType>(copyOp->getOperand(0).getType());
    FailureOr<llvm::SmallVector<Value>> resultSizes = sizesOf(b, loc, resultType);
    FailureOr<llvm::SmallVector<Value>> inputSizes = sizesOf(b, loc, inputType);
    if (failed(resultSizes) || failed(inputSizes))
      return failure();
    // The window op reads its input's spatial dims (after batch and channel
    // for a convolution, the leading dims for a pool) up to their extents.
    int64_t spatial = isa<ConvOp>(copyOp)
                          ? inputType.getRank() - 2
                          : (int64_t)cast<MaxPoolOp>(copyOp).getKernel().size();
    llvm::SmallVector<Value> extents(inputSizes->end() - spatial, inputSizes->end());
    auto [lb, ivs] = loops.pointLoops(b, loc, *resultSizes);
    Block &body = fusion.getBody().front();
    llvm::SmallVector<Operation *> prologue;
    for (Operation &op : body) {
      if (&op == copyOp)
        break;
      prologue.push_back(&op);
    }
    auto memrefOf = [&](Value v) {
      auto arg = llvm::dyn_cast<BlockArgument>(v);
      return arg && arg.getOwner() == &body ? ins[arg.getArgNumber()] : Value();
    };
    auto conv = dyn_cast<ConvOp>(copyOp);
    if (conv && (!memrefOf(conv.getWeight()) || (conv.getBias() && !memrefOf(conv.getBias()))))
      return conv.emitError("a depthwise convolution's weight and bias must be kernel inputs");
    // The op's input at a tap: loaded, or its prologue evaluated there (its
    // carry type is the compute type: f32, f64 for f64).
    LogicalResult status = success();
    auto loadInput = [&](OpBuilder &pb, ValueRange at) -> Value {
      llvm::DenseMap<Value, Value> scalar;
      for (Operation *op : prologue)
        if (failed(pointOp(pb, loc, *op, at, ins, scalar)))
          status = failure();
      Value x = succeeded(status) ? operandAt(pb, loc, copyOp->getOperand(0), at, ins, scalar)
                                  : Value();
      if (!x) {
        status = failure();
        return arith::ConstantOp::create(pb, loc, pb.getF32Type(), pb.getF32FloatAttr(0));
      }
      return x;
    };
    Value acc = conv ? emitDepthwiseConvAt(lb, loc, conv, loadInput, memrefOf(conv.getWeight()),
                                           conv.getBias() ? memrefOf(conv.getBias()) : Value(),
                                           extents, ivs)
                     : emitMaxPoolAt(lb, loc, cast<MaxPoolOp>(copyOp), loadInput, extents, ivs);
    if (failed(status))
      return failure();
    llvm::DenseMap<Value, Value> scalar;
    scalar[result] = roundThrough(lb, loc, acc, result.getType());
    for (Operation &op : llvm::make_range(std::next(Block::iterator(copyOp)), body.end())) {
      if (auto yield = dyn_cast<YieldOp>(op)) {
        for (auto [v, out] : llvm::zip(yield.getValues(), outs)) {
          Value s = scalar.lookup(v);
          if (!s)
            return yield.emitError("a window group yields a value it computes before its "
                                   "window op");
          memref::StoreOp::create(lb, loc, fromCarry(lb, loc, s, v.getType()), out, ivs);
        }
        return success();
      }
      if (failed(pointOp(lb, loc, op, ivs, ins, scalar)))
        return failure();
    }
    return fusion.emitError("fusion body has no gn.yield");
  }

  /// The sizes of a value of type `t` in this kernel: constants where
  /// static, a symbolic kernel's size arguments (by the dim's expression)
  /// elsewhere. A symbolic dim no buffer of the kernel carries is an error.
  FailureOr<llvm::SmallVector<Value>> sizesOf(OpBuilder &b, Location loc, RankedTensorType t) {
    llvm::SmallVector<Value> sizes;
    for (const SymExpr &e : dimExprs(t)) {
      if (e.isConstant()) {
        sizes.push_back(arith::ConstantIndexOp::create(b, loc, *e.constantValue()));
        continue;
      }
      Value v = symbolicSizes.lookup(e.str());
      if (!v)
        return fusion.emitError() << "gn-outline-kernels: no buffer of the kernel has a dim of "
                                     "size "
                                  << e.str() << ", which its loops need (docs/symbolic-shapes.md, "
                                                "phase 3)";
      sizes.push_back(v);
    }
    return sizes;
  }

  /// A window group's value `v` at point `at`: computed (in `scalar`),
  /// or a group input loaded there broadcast right-aligned (then kept in
  /// `scalar`); null after an error.
  Value operandAt(OpBuilder &b, Location loc, Value v, ValueRange at, llvm::ArrayRef<Value> ins,
                  llvm::DenseMap<Value, Value> &scalar) {
    if (Value s = scalar.lookup(v))
      return s;
    // A splat the prologue and the epilogue share sits before the window op.
    if (Operation *d = v.getDefiningOp(); d && isSplatConstant(d))
      return scalar[v] = carryConstant(b, loc, d);
    // An elementwise op of the group before the window op that the window
    // op does not read (a small broadcast producer merge-launches absorbed:
    // where(c, depthwise_conv(x), a * b)), computed here at the point.
    // Found by test/fuzz/fuzz_diff.py (graph seed 201305).
    if (Operation *d = v.getDefiningOp();
        d && d->getBlock() == &fusion.getBody().front() && d != copyOp &&
        d->isBeforeInBlock(copyOp) && isFusibleElementwise(d)) {
      if (failed(pointOp(b, loc, *d, at, ins, scalar)))
        return Value();
      return scalar.lookup(v);
    }
    auto arg = llvm::dyn_cast<BlockArgument>(v);
    if (!arg || arg.getOwner() != &fusion.getBody().front()) {
      fusion.emitError("a window group reads a value neither an input nor computed before");
      return Value();
    }
    Value m = ins[arg.getArgNumber()];
    auto shape = llvm::cast<MemRefType>(m.getType()).getShape();
    int64_t rank = at.size();
    if ((int64_t)shape.size() > rank) {
      fusion.emitError("a window group's input does not broadcast to its domain");
      return Value();
    }
    Value zero = arith::ConstantIndexOp::create(b, loc, 0);
    llvm::SmallVector<Value> idx;
    for (auto [j, n] : llvm::enumerate(shape))
      idx.push_back(n == 1 ? zero : at[rank - shape.size() + j]);
    return scalar[v] = toCarry(b, loc, memref::LoadOp::create(b, loc, m, idx));
  }

  /// Elementwise or splat op `op` of a window group at point `at`, its
  /// result into `scalar`.
  LogicalResult pointOp(OpBuilder &b, Location loc, Operation &op, ValueRange at,
                        llvm::ArrayRef<Value> ins, llvm::DenseMap<Value, Value> &scalar) {
    if (isSplatConstant(&op)) {
      scalar[op.getResult(0)] = carryConstant(b, loc, &op);
      return success();
    }
    if (!isFusibleElementwise(&op))
      return op.emitError("op cannot be emitted in a window op's kernel");
    llvm::SmallVector<Value> operands;
    for (Value v : op.getOperands()) {
      Value s = operandAt(b, loc, v, at, ins, scalar);
      if (!s)
        return failure();
      operands.push_back(s);
    }
    return scalarOp(b, loc, op, operands, scalar);
  }

  /// Elementwise `op` on carry `operands` (libm for f16 math where the
  /// interpreter calls it), its result rounded to its type, into `scalar`.
  LogicalResult scalarOp(OpBuilder &b, Location loc, Operation &op, llvm::ArrayRef<Value> operands,
                         llvm::DenseMap<Value, Value> &scalar) {
    Value r = libmCallForNarrowFloat(b, &op, operands);
    if (!r)
      r = emitScalar(b, &op, operands, kernels);
    if (!r)
      return failure();
    scalar[op.getResult(0)] = roundThrough(b, loc, r, op.getResult(0).getType());
    return success();
  }

  FusionOp fusion;
  MLIRContext *ctx;
  llvm::SmallVector<int64_t> domain;
  llvm::SmallVector<bool> reduced;
  llvm::SmallVector<int64_t> loopOrder;
  llvm::SmallVector<unsigned> loopOf; // domain dim -> loop position
  int64_t threadDim = -1;
  Operation *reduction = nullptr;
  llvm::SmallVector<Operation *> rowReductions; // of a row group, in order
  Operation *copyOp = nullptr;
  /// The group, or the graph it is in, holds f16/bf16 values: erf calls
  /// libm as the interpreter does (libmCallForNarrowFloat).
  bool touchesNarrowFloat = false;
  const KernelLoops &loops;
  bool windowGroup = false;        // emitWindowGroup
  /// A symbolic kernel's size arguments by the dim's expression (emit).
  llvm::StringMap<Value> symbolicSizes;
  ModuleOp kernels;
  llvm::SmallVector<Read> reads;
  llvm::SmallVector<AffineMap> outMaps;
  bool needsCarrier = false;
  bool symbolic = false; // a buffer has symbolic dims: sizes passed in
  LogicalResult status = success();
};

/// A key equal for groups that compute the same thing on the same types
/// and schedule (the printed op, with block-local value names).
std::string groupKey(FusionOp fusion) {
  std::string text;
  llvm::raw_string_ostream os(text);
  fusion->print(os, OpPrintingFlags().useLocalScope().printGenericOpForm());
  // Drop the operand names before the region: they differ between groups.
  size_t start = text.find('(');
  size_t regionStart = text.find("({");
  if (start != std::string::npos && regionStart != std::string::npos)
    text.erase(start, regionStart - start);
  return text;
}

ModuleOp getOrCreateKernelModule(ModuleOp top) {
  if (ModuleOp m = lookupKernelModule(top))
    return m;
  OpBuilder b = OpBuilder::atBlockEnd(top.getBody());
  return ModuleOp::create(b, top.getLoc(), kKernelModuleName);
}

struct GnOutlineKernelsPass : mlir::gn::impl::GnOutlineKernelsPassBase<GnOutlineKernelsPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    ModuleOp top = getOperation();
    llvm::SmallVector<FusionOp> fusions;
    for (auto func : top.getOps<func::FuncOp>())
      func.walk([&](FusionOp f) { fusions.push_back(f); });
    if (fusions.empty())
      return;
    ModuleOp kernels = getOrCreateKernelModule(top);
    llvm::StringMap<std::string> byKey; // group key -> kernel name
    unsigned next = 0;
    std::unique_ptr<KernelLoops> loops = KernelLoops::forTarget(targetOf(top), parallelCopyLoops);
    // A graph with half values anywhere computes its f32 ops as eager does
    // too: an f32 softmax rounded to f16 by a later convert flips an f16
    // bit when its exp is one f32 ulp off (GraphNet's f16 pass leaves such
    // chains: a BERT's f32 softmax between f16 matmuls).
    bool mixed = llvm::any_of(top.getOps<func::FuncOp>(),
                              [](func::FuncOp f) { return holdsHalfFloats(f); });
    for (FusionOp fusion : fusions) {
      // (A GPU module takes a schedule without a block size: the GPU
      // mapping's default.)
      if (ScheduleAttr s = fusion.getScheduleAttr(); s && s.isGpu() && !loops->mapsToGpu()) {
        fusion.emitError("a GPU schedule in a module compiled for the CPU (gn.target)");
        return signalPassFailure();
      }
      KernelEmitter emitter(fusion, *loops, mixed);
      if (failed(emitter.getStatus()))
        return signalPassFailure();
      std::string key = groupKey(fusion);
      std::string &name = byKey[key];
      if (name.empty()) {
        // A copy kernel's name says what it copies (k3_max_pool_1A2B3C4D), so
        // GN_PROFILE=kernels times read as ops.
        std::string what = emitter.getCopyOp()
                               ? emitter.getCopyOp()->getName().stripDialect().str() + "_"
                               : "";
        name = "k" + std::to_string(next++) + "_" + what +
               llvm::utohexstr(llvm::xxh3_64bits(key) & 0xffffffff);
        if (failed(emitter.emit(kernels, name)))
          return signalPassFailure();
        ++numKernels;
        if (emitter.getCopyOp())
          ++numCopyKernels;
      }
      ++numLaunches;
      GN_DEBUG(traceStream() << "[" DEBUG_TYPE "] launch " << name << " (thread dim "
                             << emitter.getThreadDim() << ") at " << fusion.getLoc() << "\n");
      OpBuilder b(fusion);
      auto ref = SymbolRefAttr::get(b.getStringAttr(kKernelModuleName),
                                    {FlatSymbolRefAttr::get(b.getStringAttr(name))});
      auto launch = LaunchOp::create(b, fusion.getLoc(), fusion.getResultTypes(), ref,
                                     fusion.getInputs(), emitter.getThreadDim(),
                                     emitter.getExtent(), DenseI64ArrayAttr());
      if (llvm::SmallVector<int64_t> inplace = emitter.inplaceInputs(); !inplace.empty())
        launch.setInplace(inplace);
      if (StringAttr extent = emitter.getSymbolicExtent())
        launch->setAttr(kSymbolicExtentAttrName, extent);
      launch.setConcatenates(emitter.concatenatesInputs());
      fusion.replaceAllUsesWith(launch.getResults());
      fusion.erase();
    }
  }
};

} // namespace
