//===- Passes.td - passes of the gn dialect ------------------*- tablegen -*-===//
#ifndef GN_TRANSFORMS_PASSES_TD
#define GN_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

def GnDecomposePass : Pass<"gn-decompose", "func::FuncOp"> {
  let summary = "Decompose composite gn ops into core gn ops";
  let description = [{
    One pattern per composite op (activations, mean/variance, softmax,
    linear, layer/batch/group norm). Ops named in `legal-ops` (by mnemonic,
    e.g. `layer_norm`) are kept whole, for backends with something better.
    Composites without a pattern yet are left alone and remain composite.
  }];
  let options = [
    ListOption<"legalOps", "legal-ops", "std::string",
               "Composite ops (mnemonics) to keep whole">,
    Option<"keepAttentionMinShare", "keep-attention-min-share", "double", "-1",
           "Keep gn.attention whole where the attention kernel takes it "
           "(fitsAttentionKernel), its score matrix would hold at least "
           "this share of the function's arguments and results, and it has "
           "at most attention-kernel-max-scores scores; a larger one decomposes a chunk of query "
           "rows at a time, each chunk's scores within that share (at least "
           "16 MiB); negative: never keep, never chunk (legal-ops keeps "
           "every attention whole)">,
    Option<"attentionKernelMaxScores", "attention-kernel-max-scores", "int64_t", "4194304",
           "The most scores an attention kept whole for the attention kernel "
           "may have (past it: GEMMs around a softmax, in chunks)">,
    Option<"attentionChunkMinBytes", "attention-chunk-min-bytes", "int64_t", "16777216",
           "The smallest chunk of scores an attention past the kernel's limit "
           "is decomposed by (with keep-attention-min-share)">,
    Option<"broadcastGemmBatches", "broadcast-gemm-batches", "bool", "false",
           "Broadcast a matmul operand's batch dims to the result's with "
           "gn.broadcast_to where they are neither all 1 nor the result's "
           "(a key shared by 4 query heads: [64, 1, 64, 49] against "
           "[64, 4, 196, 64]), so the product is one strided-batched GEMM "
           "(the CUDA target's only form)">,
    Option<"integerMatmulSums", "integer-matmul-sums", "bool", "false",
           "An integer matmul as a broadcast product summed over K (one "
           "reduction kernel), for a target without integer GEMMs (CUDA: "
           "cuBLAS has none for int64)">,
    Option<"separableMaxPoolMinWindow", "separable-max-pool-min-window", "int64_t", "25",
           "A max pool whose window holds at least this many elements, over "
           "two or more dims, becomes one max pool per dim (a 13 x 13 window: "
           "26 comparisons an output, not 169; the maximum is the same, ties "
           "and NaN too); 0: never">,
  ];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnRaiseAttentionPass : Pass<"gn-raise-attention", "func::FuncOp"> {
  let summary = "Raise softmax(q k^T * s) v written as ops to gn.attention";
  let description = [{
    matmul(softmax(matmul(q, k^T) [* or / scalar], last dim), v) becomes one
    `gn.attention` (see RaiseAttention.cpp for the exact conditions), whose
    kernel never stores the score matrix. The channels-first form
    (v @ softmax(q^T k)^T) costs three transposed copies, so it is raised
    only where its score matrix is a large share of the memory at stake.
    Attention on q, k, v transposed from [..., L, H, E] to [..., H, L, E]
    reads them untransposed (`seq_first`), without the copies. Seq_first
    attention whose keys and values are projections of one input becomes
    `gn.projected_attention` where k and v are a large share of the memory
    at stake: its kernel projects a block of keys at a time.
  }];
  let options = [
    Option<"channelsFirstMinShare", "channels-first-min-share", "double", "0.125",
           "Raise the channels-first form only when its score matrix holds at "
           "least this share of the function's arguments and results (an "
           "eighth: a quarter of the default 1.5x memory budget's room for "
           "intermediates); 0 always raises it">,
    Option<"keyValueMinShare", "key-value-min-share", "double", "0.25",
           "Fold the key and value projections into the attention only when "
           "k and v together hold at least this share of the function's "
           "arguments and results (a quarter: half the default 1.5x memory "
           "budget's room for intermediates); 0 always folds them">,
    Option<"foldProjections", "fold-projections", "bool", "true",
           "Form gn.projected_attention at all (a target without its kernel "
           "sets false)">,
  ];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnNarrowMatmulPass : Pass<"gn-narrow-matmul", "func::FuncOp"> {
  let summary = "Keep widened half-precision GEMMs half when rounded straight back";
  let description = [{
    `convert(matmul(convert(a : T -> f32), convert(b : T -> f32)) -> T)`,
    T f16 or bf16, becomes `matmul(a, b) : T`: the same arithmetic on a
    target whose GEMM accumulates half operands in f32 and rounds once
    (cuBLAS), without the f32 copies of the operands and of the product.
    For the CUDA pipeline. See NarrowMatmul.cpp.
  }];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnGroupMatmulsPass : Pass<"gn-group-matmuls", "func::FuncOp"> {
  let summary = "GEMMs of one input with weights of one shape as one batched GEMM";
  let description = [{
    Matmuls `x @ W_i` (q, k and v's projections) with the same lhs, each
    W_i a rank-2 function argument of one type, become one matmul of x's
    rows and `reshape(concat(W_1, ..., W_G), [G, N, K])`, each product a
    contiguous slice of it. The concat of whole arguments is free where the
    target places them side by side (the CUDA target's argument packs);
    each argument joins one concat at most. For the CUDA pipeline
    (merge-launches). See GroupMatmuls.cpp.
  }];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnSplitConvBiasPass : Pass<"gn-split-conv-bias", "func::FuncOp"> {
  let summary = "A convolution's bias as a gn.add that fuses into the next kernel";
  let description = [{
    `conv(x, w, b)` becomes `add(conv(x, w), reshape(b, [O, 1, ...]))`: on
    a target whose convolution library adds a bias with a call of its own
    (cuDNN), the add fuses into the elementwise kernel that reads the
    convolution next instead, with the same roundings. For the CUDA
    pipeline. See SplitConvBias.cpp.
  }];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnChannelsLastPass : Pass<"gn-channels-last", "func::FuncOp"> {
  let summary = "Convolutions on channels-last data, the transposes moved until they cancel";
  let description = [{
    `conv(x)` becomes `to_first(conv{channels_last}(to_last(x)))` (oneDNN's
    kernels read and write channels last: no reorder per call), and each
    `to_first` transpose moves below the elementwise ops (small operands
    moved too), slices, pads, reductions and concats that read it, until it meets the
    next convolution's `to_last` and the two cancel. Static shapes. For the
    CPU pipeline. See ChannelsLast.cpp.
  }];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnHoistViewsPass : Pass<"gn-hoist-views", "func::FuncOp"> {
  let summary = "Move transposes and slices of elementwise results onto the ops' operands";
  let description = [{
    `transpose(reshape?(elementwise(a, b)))`, the elementwise result read by
    nothing else, becomes `elementwise(transpose(reshape?(a)),
    transpose(reshape?(b)))`: the op's kernel reads its inputs through the
    views and writes the permuted result, instead of a copy kernel after it
    (attention's head split after a projection's bias). Likewise an
    elementwise result read only by disjoint slices (q, k and v cut from
    one projection) becomes one op per slice over slices of its operands,
    and `reshape(slice(x))` becomes `slice(reshape(x))` where the cut falls
    on whole rows, so the slices are views a kernel reads, not copies; and
    a reshape of a bias add that an elementwise op reads moves onto the
    add's operands, so the add joins that op's kernel. Three rewrites of
    attention's views: rotary embeddings' rotate_half becomes a roll times
    a sign (a view the embedding's kernel reads); a product with grouped-
    query attention's repeated key or value heads reads the heads as they
    are, each group's query heads as rows; P @ V's transpose to [rows,
    heads, cols] becomes the matmul's transpose_result (a GEMM library's
    output strides). For the CUDA pipeline (merge-launches). See
    HoistViews.cpp.
  }];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnReorderAggregationPass : Pass<"gn-reorder-aggregation", "func::FuncOp"> {
  let summary = "Apply linear maps to messages before a row scatter-add aggregates them";
  let description = [{
    `linear(scatter_add(0, i, s) [/ c], W, b)`, a sum or mean of message
    rows s [E, F] into N target rows (i broadcast along features, c one
    divisor per row), becomes `scatter_add(b, i, linear(s, W) [/ c[i]])`
    where E < N: the map runs on E rows instead of N, and the [N, F]
    aggregate is never stored. Then `scatter_add(base, i, s) + a`, base
    zeros or a broadcast, becomes `scatter_add(base + a, i, s)`, which the
    runtime runs in place over a (graph layers: lin_l(mean) + lin_r(x)),
    and `linear(x, W) + broadcast(b)` becomes `linear(x, W, b)`.
    See ReorderAggregation.cpp.
  }];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnFormFusionGroupsPass : Pass<"gn-form-fusion-groups", "func::FuncOp"> {
  let summary = "Group elementwise chains and reductions with their producers into gn.fusion";
  let description = [{
    Decides fusion groups (see FormFusionGroups.cpp): elementwise and
    broadcast chains over one shape, and a reduction with the elementwise
    ops producing its input (softmax's exp-sum, layer_norm's statistics,
    global pooling after an epilogue). Each group becomes a `gn.fusion`
    region op; splat constants are cloned into it. Ops kernels cannot hold
    (convolution, matmul, gather, ...) stay outside as host ops.
  }];
  let options = [
    Option<"maxOps", "max-ops", "unsigned", "64", "Largest group, in ops">,
    Option<"fuseReductions", "fuse-reductions", "bool", "true",
           "Fuse a reduction with the elementwise group producing its input">,
    Option<"attentionKernels", "attention-kernels", "bool", "false",
           "gn.attention that the attention kernel takes becomes a copy "
           "kernel (a target without an attention library call)">,
    Option<"depthwiseKernels", "depthwise-kernels", "bool", "false",
           "A depthwise gn.conv (a filter per channel) becomes a copy "
           "kernel, a thread per output element over its taps, not a "
           "library call (a target whose library's f32 depthwise "
           "convolutions are slow: PyTorch runs its own on CUDA)">,
    Option<"rankKernels", "rank-kernels", "bool", "false",
           "gn.top_k becomes a copy kernel that ranks each element against "
           "its line (O(n) work per element, a thread each), not a host "
           "sort, and gn.nonzero and gn.size_guard one-thread scans that check "
           "their shape guards (a target with many threads and no library call for them)">,
    Option<"windowGroups", "window-groups", "bool", "false",
           "Max pooling, as a depthwise convolution always does, takes the "
           "elementwise ops over its output that follow it and the "
           "elementwise group computing its input, read by it alone, which "
           "its kernel evaluates at each tap: one kernel, neither stored "
           "(ResNet's batch norm and ReLU before its max pooling), for a "
           "target where a launch costs (a GPU)">,
    Option<"mergeGroups", "merge-groups", "bool", "false",
           "An elementwise op that reads several groups over its shape "
           "merges them into the one it joins (where no cycle results): "
           "fewer, larger kernels, for a target where each launch costs "
           "(a GPU)">,
    Option<"absorbBroadcastProducers", "absorb-broadcast-producers", "bool", "false",
           "A small elementwise group over a shape that broadcasts to an op's "
           "(a batch norm's per-channel scale, a layer norm's per-row mean), "
           "read by that op alone, joins the op's group and is recomputed at "
           "each point: one launch fewer, for a target where a launch costs "
           "more than the recomputation (a GPU)">,
    Option<"rowGroups", "row-groups", "bool", "false",
           "Reductions over the same rows (at most 8192 elements each, "
           "keepdim) and the elementwise groups around them over the same "
           "shape or its rows (a layer norm's two statistics and its "
           "normalization, a softmax's max, sum and division) become one "
           "gn.fusion of kind `row`: one kernel that keeps each row's "
           "statistics in registers, for a target where a launch costs (a GPU)">,
    Option<"mergeSiblings", "merge-siblings", "bool", "false",
           "An elementwise group merges into the next one over the same shape "
           "that does not depend on it (attention's q, k and v bias kernels), "
           "where the peak memory does not grow: one launch instead of two, "
           "for a target where a launch costs (a GPU)">,
    Option<"absorbWrappedViews", "absorb-wrapped-views", "bool", "false",
           "A roll or a flip read by an elementwise op joins its group (the "
           "kernel reads through a map with a mod or a negated dim) instead "
           "of being a kernel of its own: one launch fewer, for a target "
           "where a launch costs more than the consumer's indexing (a GPU; "
           "on the CPU the mod in the consumer's loop costs more)">,
  ];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnSetTargetPass : Pass<"gn-set-target", "ModuleOp"> {
  let summary = "Name the target the module is compiled for";
  let description = [{
    Sets `gn.target = #gn.target<...>` on the module: the one place a
    pipeline chooses its target. Passes whose decisions depend on it
    (`gn-schedule`) read it from there; a module without it is compiled for
    the CPU. Each target's pipeline starts with this pass.
  }];
  let options = [
    Option<"target", "target", "std::string", "\"cpu\"", "cpu | cuda">,
  ];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnSchedulePass : Pass<"gn-schedule", "func::FuncOp"> {
  let summary = "Record a loop schedule on each gn.fusion";
  let description = [{
    Sets a `#gn.schedule` on every `gn.fusion` (see Schedule.cpp) for the
    module's target (`gn.target`, set by `gn-set-target`; the CPU without
    it): on the CPU, a loop order and the dim split across host threads; on
    CUDA, a loop order with every reduced dim innermost, the block size and
    the threads that share a reduced row. `gn-outline-kernels` expands it.
  }];
  let options = [
    Option<"minParallelElements", "min-parallel-elements", "int64_t", "32768",
           "CPU: groups with fewer iteration points run on one thread">,
    Option<"threadCopies", "thread-copies", "bool", "true",
           "CPU: split copy groups across threads along a dim their op computes slice by slice">,
    Option<"blockThreads", "block-threads", "int64_t", "256", "CUDA: threads per block">,
  ];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnStreamBandsPass : Pass<"gn-stream-bands", "func::FuncOp"> {
  let summary = "Compute regions with large intermediates band by band along one axis";
  let description = [{
    While the estimated peak memory exceeds `memory-ratio` x (arguments +
    results), takes a region of ops that commute with slicing along one axis
    (elementwise, views, reductions over other axes, linear, convolution
    with its halo) around the peak and computes it in bands, concatenating
    only the region's result (see StreamBands.cpp). A cheap producer that
    other ops also read (a first convolution over the raw input) is
    recomputed in the region's bands instead of being kept whole.
  }];
  let options = [
    Option<"memoryRatio", "memory-ratio", "double", "1.5",
           "Act while the estimated peak exceeds this many times (arguments + "
           "results); 0 disables the pass">,
    Option<"minBytes", "min-bytes", "int64_t", "262144",
           "Largest intermediate a region needs to be worth streaming, at "
           "most: an eighth of the arguments and results, but at least "
           "band-bytes">,
    Option<"bandBytes", "band-bytes", "int64_t", "65536",
           "Least room for a band's intermediates (about four of its largest), when the budget leaves less">,
    Option<"maxBands", "max-bands", "int64_t", "64", "Most bands per region">,
    Option<"bandGemms", "band-gemms", "bool", "false",
           "Band GEMMs along the rows of their lhs (where linear is "
           "decomposed into a GEMM; the CPU keeps linear whole)">,
    Option<"minExcessBytes", "min-excess-bytes", "int64_t", "0",
           "Leave the function whole while its estimated peak exceeds the "
           "budget by less than this many bytes (a target where each band "
           "costs launches: a model of a few MiB gains nothing worth them)">,
    Option<"requireFit", "require-fit", "bool", "false",
           "Keep the bands only where they bring the estimated peak within "
           "memory-ratio (a target where each band costs launches)">,
    Option<"maxRecompute", "max-recompute", "double", "1.25",
           "Most elements computed over all bands, relative to the region's">,
    Option<"recomputeFlops", "recompute-flops", "int64_t", "64",
           "A producer other ops also read joins a region as a recomputed "
           "copy when it costs at most this many flops per result element "
           "and its inputs are arguments, small, or recomputable too; 0 "
           "never recomputes">,
    Option<"remarks", "remarks", "bool", "false",
           "Emit a remark at each region's result: ops, bands, axis">,
  ];

  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnPromoteToF64Pass : Pass<"gn-promote-to-f64", "func::FuncOp"> {
  let summary = "Compute every floating tensor in f64: the reference a t = -5 miss is judged by";
  let description = [{
    Every f16, bf16 and f32 tensor (arguments, results, op results, `dtype`
    attributes) becomes f64, so the interpreter computes the function in
    double precision: `gn-eval run --reference fp64` compares each f32 side
    with it. Conversions to a narrow float become f64 to f64 (no rounding).
    Constants and random draws keep their values: a `gn.convert` to f64
    follows them, so the f64 function reads the same numbers.
  }];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

def GnTestMiscompilePass : Pass<"gn-test-miscompile", "func::FuncOp"> {
  let summary = "Testing only: miscompile the ops marked gn.test.miscompile (result + 1)";
  let description = [{
    A known fault for `gn-eval bisect` to find: each op carrying the unit
    attribute `gn.test.miscompile` has its floating results replaced by
    result + 1. Nothing else is touched, so without the attribute the pass
    does nothing. `gn-cpu-pipeline` runs it only with `test-miscompile=true`.
  }];
  let dependentDialects = ["mlir::gn::GnDialect"];
}

#endif // GN_TRANSFORMS_PASSES_TD
