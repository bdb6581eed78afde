//===- FusionUtils.h - which gn ops a compiled kernel can hold -*- C++ -*-===//
//
// One list shared by gn-form-fusion-groups (what to group) and the kernel
// lowering (lib/Conversion/GnToLinalg, what it can emit). An op outside the
// list stays a host op: a library call or an interpreter fallback that the
// runtime counts and reports.
//
//===----------------------------------------------------------------------===//
#ifndef GN_TRANSFORMS_FUSIONUTILS_H
#define GN_TRANSFORMS_FUSIONUTILS_H

#include "gn/IR/GnOps.h"
#include "gn/Support/SymExpr.h"
#include "mlir/IR/Operation.h"

namespace mlir::gn {

/// Element types kernels handle (f16/bf16 compute in f32; no unsigned ints).
bool isKernelElementType(Type type);
/// An elementwise gn op whose scalar form kernels can emit.
bool isFusibleElementwise(Operation *op);
/// One of the reductions kernels know: sum, prod, max, min, any, all.
bool isReductionOp(Operation *op);
/// A reduction kernels can emit (isReductionOp, with kernel types).
bool isFusibleReduction(Operation *op);
/// A view kernels read through an affine map instead of copying: transpose,
/// slice, broadcast_to, and roll and flip (maps with a `mod` or a negated
/// dim, so the loops they read need a plain read elsewhere). In a group its
/// operand is always a group input.
bool isKernelView(Operation *op);
/// For a slice whose result is one contiguous run of its input (unit steps
/// on every dim it keeps more than one of; whole dims after the last one it
/// cuts; extent 1 before it), the element offset of that run: the runtime
/// reads such a slice as a view, without a copy. nullopt otherwise.
std::optional<int64_t> contiguousSliceOffset(Operation *op);
/// The element offset of `slice`'s first element in a row-major input of
/// `inShape` (a symbolic program's shape at a binding, or the example's).
int64_t sliceStartOffset(SliceOp slice, llvm::ArrayRef<int64_t> inShape);
/// The same in bytes of `elementBytes` elements, as an expression over the
/// shape symbols (a symbolic program's views at an offset): the starts are
/// literals, the strides the input's trailing sizes. nullopt where a size
/// has no product.
std::optional<SymExpr> sliceStartOffsetExpr(SliceOp slice, int64_t elementBytes);
/// Data movement a kernel does with subview copies: concat, insert_slice,
/// constant pad; max pooling on floats (a padded copy, then a window
/// reduction); index_select and gather (loads at indices read from a
/// tensor, bounds-checked); scatter on floats (sequential updates); tile,
/// roll, triangular and arange. Each is a group ("copy" kind) of its own.
bool isCopyKernelOp(Operation *op);
/// Widest value head (Ev) of gn.attention that the attention copy kernel
/// takes: a thread keeps Ev running sums (registers on a GPU).
constexpr int64_t kAttentionKernelMaxHead = 64;
/// gn.attention the attention copy kernel can compute (kernel element
/// types, Ev <= kAttentionKernelMaxHead, no mask or a bool or float one).
/// A copy kernel op; gn-form-fusion-groups makes it one only on a target
/// that asks for it (attention-kernels): the CPU has a faster library call.
bool fitsAttentionKernel(AttentionOp op);
/// Most taps (kernel elements) of a depthwise convolution the depthwise
/// copy kernel takes: a thread loops over them for its output element.
constexpr int64_t kDepthwiseKernelMaxTaps = 64;
/// gn.conv the depthwise copy kernel can compute: one filter per channel
/// (groups = input channels = output channels, weight [C, 1, k...]), 1 to 3
/// spatial dims, at most kDepthwiseKernelMaxTaps taps, kernel float types.
/// A copy kernel op; gn-form-fusion-groups makes it one only on a target
/// that asks for it (depthwise-kernels).
bool fitsDepthwiseKernel(ConvOp op);
/// Ops whose kernel computes each output element from a window of its
/// input, reading the input through a callback (so the elementwise group
/// computing it can be evaluated there) and taking elementwise ops after
/// it: a depthwise convolution (fitsDepthwiseKernel) or a float max
/// pooling of at most kDepthwiseKernelMaxTaps taps. Their taps in `taps`.
bool isWindowKernelOp(Operation *op, int64_t *taps = nullptr);
/// Bytes of the score matrix [..., L, S] that decomposed attention stores
/// (f32, f64 for f64 attention).
int64_t attentionScoreBytes(AttentionOp op);
/// Bytes of a function's tensor arguments and results: the memory at stake
/// that share options (gn-raise-attention, gn-decompose) are relative to.
int64_t argumentAndResultBytes(Operation *func);
/// Whether copy kernel op `op` computes each slice of its result along
/// `dim` from the same slice of each operand alone: the batch and channel
/// dims of pooling and resize, a dim a pad does not pad, a dim other than a
/// concat's own. gn-schedule splits such a dim across threads and the
/// outlined kernel runs the op on one slice per iteration of the thread loop.
bool isCopySliceIndependent(Operation *op, int64_t dim);
/// The data-movement op (isCopyKernelOp) of a "copy" gn.fusion, or null.
Operation *copyGroupOp(FusionOp fusion);
/// A splat gn.constant: cloned into each group that uses it, never an input.
bool isSplatConstant(Operation *op);
/// A scatter whose kernel may update its input in place (it reads each
/// target before writing it): the source and index are other values. Shared
/// by the kernel outlining (which marks the input inplace) and
/// gn-stream-bands' memory estimate (which counts no new buffer for it).
bool scatterCanWriteOverInput(ScatterOp scatter);
/// The broadcast a scatter's kernel reads its index through instead of
/// storing it (a row index expanded over features, as torch_geometric
/// writes index_add), or null. Shared by gn-form-fusion-groups (which puts
/// it in the scatter's group) and gn-stream-bands' estimate.
BroadcastToOp scatterIndexView(ScatterOp scatter);

/// The iteration space of a fusion group (the reduction input's shape in a
/// reduction group, the results' shape otherwise) and which dims are reduced.
llvm::SmallVector<int64_t> fusionDomain(FusionOp fusion, llvm::SmallVectorImpl<bool> &reduced);
/// Whether gn-decompose writes `op` as a broadcast product and a sum:
/// floats or signless integers, no ellipsis, a label repeated within a
/// term only on a static operand (whose diagonal is taken first).
bool isProductSumEinsum(EinsumOp op);

/// The same domain's dims as expressions over the shape symbols (constants
/// where static): the sizes a symbolic group's loops run to at a binding.
llvm::SmallVector<SymExpr> fusionDomainExprs(FusionOp fusion);

/// Whether any op under `root` reads or makes an f16/bf16 tensor (a graph
/// of GraphNet's dtype channel, AMP): its f32 ops then round as eager does
/// (gn-decompose's normalizations and means in f64, libm's exp/erf/tanh in
/// its kernels), since one f32 ulp flips an f16 bit at the next convert.
bool holdsHalfFloats(Operation *root);

} // namespace mlir::gn

#endif // GN_TRANSFORMS_FUSIONUTILS_H
