//===- SetTarget.cpp - gn-set-target: name the module's target -----------===//
//
// The one place a pipeline says what it compiles for: `gn.target` on the
// module, which gn-schedule reads (and the IR shows).
//
//===----------------------------------------------------------------------===//
#include "gn/IR/GnOps.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/Support/PassTrace.h"
#include "gn/Transforms/FusionUtils.h"
#include "gn/Transforms/Passes.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNSETTARGETPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-set-target"

namespace {

/// Whether dims `dims` of `v` (negative: from the end) are static at every
/// binding.
bool staticDims(Value v, llvm::ArrayRef<int64_t> dims) {
  auto type = llvm::cast<RankedTensorType>(v.getType());
  llvm::SmallVector<SymExpr> exprs = dimExprs(type);
  return llvm::all_of(dims, [&](int64_t d) {
    int64_t k = d < 0 ? d + type.getRank() : d;
    return k >= 0 && k < type.getRank() && exprs[k].isConstant();
  });
}

/// Whether a layer norm normalizes static dims only.
bool normalizesStaticDims(LayerNormOp norm) {
  int64_t rank = llvm::cast<RankedTensorType>(norm.getInput().getType()).getRank();
  llvm::SmallVector<int64_t> dims;
  for (int64_t d = rank - norm.getNormalizedRank(); d < rank; ++d)
    dims.push_back(d);
  return staticDims(norm.getInput(), dims);
}

/// Whether the CPU compiler lowers `op` with symbolic dims correctly at
/// every binding (docs/symbolic-shapes.md, phase 3): the elementwise
/// family and broadcasts, whose kernels take the symbol values; reshapes
/// (views); matmul, linear and conv (library calls); reductions, a mean
/// dividing by the sizes it reads at run time; copy kernels that read their
/// sizes (cumsum, concat, max pooling, resize, pad, tile, tril/triu);
/// softmax. A decomposition that wrote a
/// symbolic dim's example size into a constant would be wrong elsewhere:
/// the ops here have none (the oracle, gn-eval one-program --compiled,
/// checks). Anything else is refused by name.
bool cpuTakesSymbolic(Operation *op) {
  if (isa<func::FuncOp, func::ReturnOp, ModuleOp, ConstantOp, ConvertOp, WhereOp, BroadcastToOp,
          ClampOp>(op))
    return true;
  // Library calls (sgemm, the row-blocked attention) sized by their
  // operands at run time.
  if (isa<MatmulOp, LinearOp, AttentionOp>(op))
    return true;
  // oneDNN convolutions and transposed convolutions sized by their
  // operands at run time (the window rules' symbolic sizes give the
  // result's).
  if (isa<ConvOp, ConvTransposeOp>(op))
    return true;
  // Inference batch norm decomposes to elementwise ops over static
  // channels; a transpose becomes a kernel's read map. What lowers to a
  // kernel the CPU cannot size yet (batch statistics: a reduction over the
  // batch; a transpose copied on its own) is refused by gn-outline-kernels.
  if (isa<BatchNormOp, TransposeOp>(op))
    return true;
  // Gathers: an embedding's rows, or any index_select or torch.gather, at
  // indices of any size, each bounds-checked against the input's size at
  // run time.
  if (isa<IndexSelectOp, GatherOp>(op))
    return true;
  // A view of the whole buffer (the runtime's alias at offset 0), sized at
  // the binding by its sym_shape; a slice that is one run of its input from
  // its start (a prefix: position_ids[:, :s1]) likewise. Other slices lower
  // to copy kernels or kernel reads, which gn-outline-kernels refuses.
  if (isa<ReshapeOp, SliceOp>(op))
    return true;
  // A guard: the runtime checks it when it binds the symbols (CpuTarget.cpp
  // collects every guard before the pipeline, which may erase those nothing
  // reads).
  if (isa<SpecializeOp>(op))
    return true;
  if (op->hasTrait<OpTrait::GnElementwise>())
    return true;
  // Copy kernels that read their loops' sizes from their buffers at run
  // time (CopyKernels' dimSizes): a prefix sum along any dim, a
  // concatenation (each slab starting where the one before ends), max
  // pooling (the padded copy sized at run time; alone or with the ops
  // around it, a window group).
  if (isa<CumSumOp, CumProdOp, ConcatOp, MaxPoolOp>(op))
    return true;
  // Likewise padding (every mode: the input's window, mirrored, clamped or
  // wrapped positions at its run-time sizes), tile, tril/triu (positions
  // only).
  if (isa<PadOp, TileOp, TriangularOp>(op))
    return true;
  // Resizes whose kernels (nearest, linear, bicubic) take their sizes and
  // step (in / out, divided at run time) from their buffers.
  if (auto resize = dyn_cast<ResizeOp>(op))
    return resize.getMode() != "area";
  // Writing a window into a tensor (x[:, 1::3] = y): along each symbolic dim
  // the window must be the whole dim (start 0, step 1, source and dest the
  // same size at every binding), so it fits at every binding; the kernel
  // copies the source at its run-time sizes.
  if (auto insert = dyn_cast<InsertSliceOp>(op)) {
    llvm::SmallVector<SymExpr> src = dimExprs(insert.getSource().getType()),
                               dest = dimExprs(insert.getDest().getType());
    for (auto [d, e] : llvm::enumerate(dest))
      if ((!e.isConstant() || !src[d].isConstant()) &&
          (insert.getStarts()[d] != 0 || insert.getSteps()[d] != 1 || src[d] != e))
        return false;
    return true;
  }

  // Reductions need no count except a mean, which the kernel divides by
  // the reduced sizes it reads at run time (gn-decompose keeps a mean over
  // a symbolic dim whole); global average pooling is such a mean.
  if (isa<ReduceSumOp, ReduceProdOp, ReduceMaxOp, ReduceMinOp, ReduceAnyOp, ReduceAllOp,
          ReduceMeanOp>(op))
    return true;
  // Average pooling and adaptive pools: their kernels read the input's
  // sizes at run time (an adaptive window's taps loop to ceil(in / out)
  // + 1, skipping the taps past the window); global average pooling is a
  // mean.
  if (isa<AvgPoolOp, AdaptiveAvgPoolOp, AdaptiveMaxPoolOp>(op))
    return true;
  // Normalizations over static dims: their counts are the static sizes
  // (the rows they run over may be any number).
  // Softmax needs no count: its row kernel's loops run over the row's
  // size read at run time, symbolic or not.
  if (isa<SoftmaxOp, LogSoftmaxOp>(op))
    return true;
  // Group norm over static channels: gn-decompose reshapes it to
  // [N, G, C / G * spatial] with the group's size an expression, whose
  // mean the kernel divides at run time.
  if (auto norm = dyn_cast<GroupNormOp>(op))
    return staticDims(norm.getInput(), {1});
  // Top-k along a static dim (yolov10's 300 best of 8400 anchors, over a
  // symbolic batch): a host step that sizes its result at the binding.
  if (auto topK = dyn_cast<TopKOp>(op))
    return staticDims(topK.getInput(), {static_cast<int64_t>(topK.getDim())});
  // einsum as gn-decompose writes it: permuted operands (kernel read maps),
  // reshapes carrying their dims' expressions, a broadcast product and a
  // sum, each of which the kernels size at run time.
  if (auto einsum = dyn_cast<EinsumOp>(op))
    return isProductSumEinsum(einsum);
  if (auto norm = dyn_cast<LayerNormOp>(op))
    return normalizesStaticDims(norm);
  return false;
}

/// Whether the CUDA compiler takes `op` with symbolic dims (docs/
/// symbolic-shapes.md, phase 4): what the CPU compiler takes, whose kernels
/// outline alike, with loops that run to sizes passed at launch and grids
/// computed from them (gn-map-kernels-to-gpu: one thread per point, or
/// threads per row over rows counted at launch, of any length), GEMMs and
/// convolutions set up for each binding; not top-k, a host step on the CPU
/// that CUDA has no kernel for. Anything else is refused by name.
bool cudaTakesSymbolic(Operation *op) {
  return !isa<TopKOp>(op) && cpuTakesSymbolic(op);
}

struct GnSetTargetPass : mlir::gn::impl::GnSetTargetPassBase<GnSetTargetPass> {
  using Base::Base;

  void runOnOperation() override {
    std::optional<TargetKind> kind = symbolizeTargetKind(target);
    if (!kind) {
      getOperation().emitError("gn-set-target: unknown target '") << target << "' (cpu | cuda)";
      return signalPassFailure();
    }
    // The compilers lower at one size per dim (docs/symbolic-shapes.md,
    // phases 3 and 4): a symbolic module is refused here, by name, rather
    // than deep inside a pass or specialized to its example in silence.
    bool symbolic = false;
    getOperation()->walk([&](Operation *op) {
      for (Region &r : op->getRegions())
        for (Block &b : r)
          for (BlockArgument a : b.getArguments())
            symbolic |= hasSymbolicDims(a.getType());
      for (Type t : op->getResultTypes())
        symbolic |= hasSymbolicDims(t);
    });
    if (symbolic) {
      // The compilers take these ops symbolically: the module is marked,
      // and gn's passes accept it (refuseSymbolicDims). The first op the
      // target does not take is named.
      bool cpu = *kind == TargetKind::Cpu;
      WalkResult refused = getOperation()->walk([&](Operation *op) {
        if (cpu ? cpuTakesSymbolic(op) : cudaTakesSymbolic(op))
          return WalkResult::advance();
        bool touches = llvm::any_of(op->getOperandTypes(), hasSymbolicDims) ||
                       llvm::any_of(op->getResultTypes(), hasSymbolicDims);
        if (!touches)
          return WalkResult::advance();
        op->emitError() << "the " << target << " compiler does not take '" << op->getName()
                        << "' with symbolic dims yet (docs/symbolic-shapes.md, phase "
                        << (cpu ? 3 : 4)
                        << "); run it eagerly, or import the sample at its concrete sizes";
        return WalkResult::interrupt();
      });
      if (refused.wasInterrupted())
        return signalPassFailure();
      getOperation()->setAttr(kSymbolicAcceptedAttrName, UnitAttr::get(&getContext()));
    }
    getOperation()->setAttr(kTargetAttrName, TargetKindAttr::get(&getContext(), *kind));
    GN_DEBUG(traceStream() << "[" DEBUG_TYPE "] target " << target << "\n");
  }
};

} // namespace
