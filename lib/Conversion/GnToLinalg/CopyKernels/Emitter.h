//===- Emitter.h - the copy kernel emitter, by op family -------*- C++ -*-===//
//
// Private to CopyKernels/. A CopyKernelEmitter emits the body of one copy
// kernel (../CopyKernels.h); its methods live by op family:
//   Emitter.cpp     dispatch (concat, insert_slice, constant pad inline),
//                   index checks, values stored as the interpreter rounds
//   Indexing.cpp    index_select, gather, scatter
//   Layout.cpp      tile and circular pad (wrapped reads), reflect and
//                   replicate pad, constant pad and concat as gathers, tril/triu
//   SortScan.cpp    argmax/argmin, top_k, cumsum, cumprod
//   Resize.cpp      linear/cubic and nearest resize, grid_sample
//   Detection.cpp   roi_align, nms, nonzero
//   Attention.cpp   scaled dot-product attention
//   Pooling.cpp     average, adaptive and max pooling; the depthwise
//                   convolution and max pool values at a point
//   Generators.cpp  arange, random
// Where the interpreter computes in double and stores a double into the
// element type, a kernel does the same (storedFromF64), so results are bit
// for bit the interpreter's.
//
//===----------------------------------------------------------------------===//
#ifndef GN_CONVERSION_GNTOLINALG_COPYKERNELS_EMITTER_H
#define GN_CONVERSION_GNTOLINALG_COPYKERNELS_EMITTER_H

#include "../CopyKernels.h"
#include "../KernelLoops.h"
#include "../ScalarOps.h"
#include "gn/Conversion/Passes.h"
#include "gn/IR/GnOps.h"
#include "gn/Transforms/FusionUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Arith/Utils/Utils.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Linalg/IR/Linalg.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"

namespace mlir::gn::copy {

/// Index `i` of a dim of `n` clamped into it, for a load that is kept
/// only where every such index lies inside: `i` where it does (a negative
/// one wraps past n, so one unsigned compare), else 0; the compare is ANDed
/// into `inside` (null: none yet).
Value clampIndex(OpBuilder &b, Location loc, Value i, int64_t n, Value &inside);
/// The same for a dim whose size `n` is known at run time.
Value clampIndex(OpBuilder &b, Location loc, Value i, Value n, Value &inside);

/// x + y, folded to a constant when both are.
OpFoldResult addFolded(OpBuilder &b, Location loc, OpFoldResult x, OpFoldResult y);

class CopyKernelEmitter {
public:
  CopyKernelEmitter(Operation *copyOp, ModuleOp kernels, const KernelLoops &loops)
      : ctx(copyOp->getContext()), copyOp(copyOp), kernels(kernels), loops(loops) {}

  /// A parallel linalg.generic over every element of `out`, reading `ins`
  /// (each of `out`'s shape) at the same position; `body` yields the value.
  void overOutput(OpBuilder &b, Location loc, ValueRange ins, Value out,
                  function_ref<void(OpBuilder &, Location, ValueRange)> body);

  /// concat: each input into its slab of the output; insert_slice: dest,
  /// then source into the strided window; pad: fill, then the input.
  LogicalResult emit(OpBuilder &b, Location loc, llvm::ArrayRef<Value> kernelIns, Value out);

  /// The external the runtime defines to record an index out of range
  /// (kIndexErrorCallback), declared once in the kernel module.
  func::FuncOp indexErrorCallback(Location loc);
  /// The external that records a failed shape guard (kShapeGuardCallback).
  func::FuncOp shapeGuardCallback(Location loc);

  /// An index read from a tensor, as the interpreter takes it: negative
  /// counts from the end where `wrapNegative` (else it is out of range).
  /// Out of range, it is reported to the runtime (which fails the run with
  /// the op's location) and clamped to 0, so the kernel never reads outside
  /// its buffer.
  Value checkedIndex(OpBuilder &b, Location loc, Value raw, int64_t size,
                     bool wrapNegative = true);
  /// The same against a size known at run time (`n`: i64).
  Value checkedIndex(OpBuilder &b, Location loc, Value raw, Value n, bool wrapNegative = true);
  /// Dim `d` of memref `m` for checkedIndex: a constant where static, else
  /// its run-time size (i64) read at `b`, outside the loops.
  std::function<Value(OpBuilder &, Location, Value)>
  indexCheckAgainst(OpBuilder &b, Location loc, Value m, int64_t d, bool wrapNegative);

  /// out[pre..., j..., post...] = x[pre..., index[j...], post...]: one
  /// generic over the output reading the index at the j dims.
  LogicalResult emitIndexSelect(OpBuilder &b, Location loc, IndexSelectOp op, Value x,
                                Value index, Value out);

  /// out[p] = x[p with dim replaced by index[p]] (torch.gather).
  LogicalResult emitGather(OpBuilder &b, Location loc, GatherOp op, Value x, Value index,
                           Value out);

  /// Copies `from` into `out` unless the runtime gave `out` the bytes of
  /// `from` (a result written in place over its input).
  void copyUnlessSame(OpBuilder &b, Location loc, Value from, Value out);

  /// A scatter operand: its kernel input (a memref), or the scalar of a
  /// splat constant cloned into the group.
  Value scatterOperand(OpBuilder &b, Location loc, Value v, llvm::ArrayRef<Value> kernelIns);

  /// A scalar computed in f64 stored as the interpreter stores a double:
  /// through f32 for f16/bf16 (it rounds twice).
  Value storedFromF64(OpBuilder &b, Location loc, Value v, Type e);

  /// A scalar computed in f64 stored as the interpreter's storeFromDouble
  /// stores it: floats as storedFromF64; bools as v != 0; integers as
  /// gn.convert makes them (convertFloatToInt).
  Value storedAnyFromF64(OpBuilder &b, Location loc, Value v, Type e);

  /// torch.scatter / scatter_add / scatter_reduce, as the interpreter runs
  /// it: the output starts as the input (a fill when it is a splat; already
  /// there when the result is written over the input), then
  /// every index position in row-major order updates its target, in f64,
  /// rounded to the element type each time. Sequential (along `dim` for the
  /// GPU), so accumulation order (and every rounding) is the interpreter's.
  /// Without include_self, a first pass puts the reduction's identity at
  /// every target.
  /// Most targets x positions of a 1-d scatter that the GPU runs a thread
  /// per target (each scanning all positions); above it, one thread.
  static constexpr int64_t kTargetScanLimit = int64_t(1) << 24;

  LogicalResult emitScatter(OpBuilder &b, Location loc, ScatterOp op,
                            llvm::ArrayRef<Value> kernelIns, Value out);

  /// tile: out[p] = x[p mod shape]; circular padding: x[(p - low) mod
  /// shape]. One generic over the output that loads the input at
  /// (p + offset) mod n per dim, offset in [0, n). (A roll is a kernel
  /// view: OutlineKernels reads it through a map with the same `mod`.)
  LogicalResult emitWrappedRead(OpBuilder &b, Location loc, Value x, Value out);

  /// A read of x at a position computed per dim from the output's position
  /// (`source(builder, loc, dim, position)`, index values).
  void emitMappedRead(OpBuilder &b, Location loc, Value x, Value out,
                      function_ref<Value(OpBuilder &, Location, int64_t, Value)> source);

  /// reflect / replicate padding, as the interpreter indexes it: i = p - low;
  /// outside [0, n), reflect reads -i or 2 (n - 1) - i (the verifier keeps
  /// the padding under n), replicate the edge element.
  LogicalResult emitEdgePad(OpBuilder &b, Location loc, PadOp op, Value x, Value out);

  /// constant padding for the GPU: one launch, a thread per output element
  /// reading x at p - low (clamped into x, so every load is in bounds) and
  /// keeping it where p - low lies inside x in every padded dim, else the
  /// pad value; instead of a fill launch and a copy launch (yolo12n pads
  /// its bands' convolution inputs, 12 pads a forward).
  LogicalResult emitConstantPadGather(OpBuilder &b, Location loc, PadOp op, Value x, Value fill,
                                      Value out);

  /// tril / triu of the last two dims: the element where col - row is on
  /// the kept side of `diagonal`, else zero.
  LogicalResult emitTriangular(OpBuilder &b, Location loc, TriangularOp op, Value x, Value out);

  /// concat for the GPU: one launch, a thread per output element reading
  /// the input whose slab along `dim` holds it (the inputs tried in order),
  /// instead of a launch per input (DenseNet's concatenations of up to 25
  /// inputs were 25 launches each).
  LogicalResult emitConcatGather(OpBuilder &b, Location loc, int64_t dim,
                                 llvm::ArrayRef<Value> ins, Value out);

  /// An element as the interpreter's loadAsDouble reads it: floats
  /// extended, i1 as 0 or 1, other integers signed.
  Value widenToF64(OpBuilder &b, Location loc, Value v);

  /// argmax / argmin along dim, as the interpreter's argReduce: each line
  /// scanned in order with its values read as f64; an element replaces the
  /// best one when it is strictly greater (smaller), so ties keep the first,
  /// or when it is NaN, after which the line's answer is that first NaN.
  LogicalResult emitArgReduce(OpBuilder &b, Location loc, Operation *op, int64_t dim, bool keepdim,
                              bool isMax, Value x, Value out);

  /// The indices of the k largest (smallest) elements along dim, in order,
  /// by ranking: a thread per input element counts the elements of its line
  /// that come before it (read as f64; NaN above every number; ties by the
  /// lower index: the interpreter's full sort, and PyTorch's CUDA top-k; a
  /// partial top-k on the CPU chooses among ties as the frameworks' CPU
  /// kernels do, see gn.top_k) and, if that rank is below k,
  /// stores its index there. The order is total, so each output is written
  /// once. O(n) per element: for a target with many threads and no sort
  /// library call (the CUDA pipeline's rank-kernels).
  LogicalResult emitTopK(OpBuilder &b, Location loc, TopKOp op, Value x, Value out);

  /// Inclusive prefix sum along dim, as the interpreter computes it: a
  /// running f64 sum over each line, every prefix stored as it stores a
  /// double (storedAnyFromF64).
  LogicalResult emitPrefixScan(OpBuilder &b, Location loc, int64_t dim, bool product, bool wide,
                               Value x, Value out);

  /// Linear (bilinear, trilinear) and bicubic resize as the interpreter
  /// computes them: per spatial dim the source coordinate s (align_corners:
  /// o * (in - 1) / (out - 1); else (o + 0.5) * step - 0.5, clamped at 0 for
  /// linear, step being gn.resize's inputStep: in / out or 1 / scale factor),
  /// i0 = floor(s), frac = s - i0, and the first tap min(i0, in - 1)
  /// (linear) or i0 - 1 (bicubic); then over the 2^d (4^d) taps in row-major
  /// order, weight = product of (frac or 1 - frac) or of the cubic
  /// convolution weights (A = -0.75, PyTorch's), index clamped into the
  /// input, and a tap of weight 0 skipped (so an inf or NaN there does not
  /// leak in); all in f64.
  LogicalResult emitWeightedResize(OpBuilder &b, Location loc, ResizeOp op, Value x, Value out);

  /// F.grid_sample on NCHW as the interpreter runs it, in f64: each output
  /// [b, c, i, j] unnormalizes its grid point (x, y) = grid[b, i, j], clamped
  /// to the border or to [-2, size + 1] (a point that is not finite reads
  /// 0), then reads the nearest pixel (round half to even) or the four
  /// bilinear taps, summed in the interpreter's order; taps outside read 0.
  LogicalResult emitGridSample(OpBuilder &b, Location loc, GridSampleOp op, Value x, Value grid,
                               Value out);
  LogicalResult emitBicubicGridSample(OpBuilder &b, Location loc, GridSampleOp op, Value x,
                                      Value grid, Value out);

  /// gn.nonzero: one thread scans the input row-major, writing the
  /// coordinates of each nonzero element while there is room, then reports
  /// a count other than the specialized one to kShapeGuardCallback
  /// (Detection.cpp).
  LogicalResult emitNonzero(OpBuilder &b, Location loc, NonzeroOp op, Value x, Value out);

  /// gn.size_guard: one thread copies the i64 values and measures them
  /// (their sum, or their largest plus one), then reports a size other
  /// than the specialized one, or -1 for a negative value, to
  /// kShapeGuardCallback (Detection.cpp).
  LogicalResult emitSizeGuard(OpBuilder &b, Location loc, SizeGuardOp op, Value x, Value out);

  /// gn.check: one thread copies the input and ands the condition's
  /// elements, then reports the check's code to kCheckFailedCallback where
  /// one is false (Detection.cpp).
  LogicalResult emitCheck(OpBuilder &b, Location loc, CheckOp op, Value x, Value holds, Value out);

  /// gn.nms as the interpreter runs it: one thread walks the boxes in
  /// order, each compared with every kept box before it (Detection.cpp).
  LogicalResult emitNms(OpBuilder &b, Location loc, NmsOp op, Value boxes, Value out);

  /// roi_align as the interpreter computes it (Detection.cpp).
  LogicalResult emitRoiAlign(OpBuilder &b, Location loc, RoiAlignOp op, Value x, Value boxes,
                             Value batch, Value out);

  /// gn.attention (fitsAttentionKernel) in the interpreter's compute type
  /// (f64 for f64, else f32), without the score matrix, in two loop nests
  /// (two launches on a GPU, a thread per point):
  ///  1. per (key chunk, group of up to 8 value columns, query row): the
  ///     row's scores s_j = (q_i . k_j) * scale, masked (a bool mask keeps
  ///     where true, else -inf; a float mask is added), over the chunk's
  ///     keys, run twice: for their max m, then for l = sum_j e^(s_j - m)
  ///     and acc_c = sum_j e^(s_j - m) v_jc for the group's columns c;
  ///     (m, l, acc) go to a workspace of (Ev + 2) numbers per chunk and row
  ///     (m and l from the first group: every group computes the same). The
  ///     groups and the chunks are there for parallelism: a GPU thread's
  ///     time is its chunk's keys times (2 E + its columns), and a few
  ///     thousand threads leave an H100 mostly idle (yolo12n's attention
  ///     took 0.42 ms with 2 chunks and all 32 columns a thread). Chunks
  ///     are added up to about kAttentionThreads threads, while the
  ///     workspace stays within an eighth of the score matrix's bytes (a
  ///     chunk of 64 and of 8 (Ev + 2) keys or more);
  ///  2. per output element [batch..., i, c]: M = max of the chunks' m, and
  ///     out = sum acc_c e^(m - M) / sum l e^(m - M).
  /// With one chunk (every S up to 8 (Ev + 2) keys: S <= 528 for Ev = 64,
  /// the short sequences of most of the list) there is no workspace and
  /// no second nest: the first stores out = acc_c / l itself, one launch.
  /// Causal rows see keys j <= i; a chunk that sees none contributes 0, a
  /// row that sees none is NaN, as in the interpreter. Batch dims of q, k, v
  /// broadcast from 1 or repeat (grouped-query heads) as there; the mask
  /// broadcasts to the scores [batch..., L, S].
  LogicalResult emitAttention(OpBuilder &b, Location loc, AttentionOp op,
                              llvm::ArrayRef<Value> ins, Value out);

  /// Nearest resize (F.interpolate's default): along each spatial dim the
  /// source index is min(floor(o * step), in - 1) in f64 (step: gn.resize's
  /// inputStep, in / out or 1 / scale factor), as the
  /// interpreter computes it.
  LogicalResult emitNearestResize(OpBuilder &b, Location loc, ResizeOp resize, Value x,
                                  Value out);

  /// Average pooling (fixed or adaptive windows) as the interpreter runs
  /// it: per output element, an f64 sum over the window's taps inside the
  /// input in row-major order (a tap outside adds +0.0, which leaves the sum
  /// as it was), divided in f64 by divisor_override, the taps inside the
  /// padded input (count_include_pad) or the taps inside the input, then
  /// stored through f32 as it stores. Adaptive window d of output o spans
  /// [o * in / out, ceil((o + 1) * in / out)).
  LogicalResult emitAvgPool(OpBuilder &b, Location loc, Value x, Value out);

  /// out[i] = start + step * i, computed in f64 and stored as the
  /// interpreter stores a double (storedAnyFromF64).
  LogicalResult emitArange(OpBuilder &b, Location loc, ArangeOp op, Value out);

  /// gn's random stream (gn/Support/RandomStream.h), element by element
  /// from its row-major position: the same integer and f64 operations as
  /// the interpreter, so the same bits.
  LogicalResult emitRandom(OpBuilder &b, Location loc, RandomOp op, Value out);

  /// out[n, c, o...] = max over the window of the input padded with -inf:
  /// a padded copy (when any window reaches outside), then one
  /// linalg.generic whose window loops take their extent from a shape-only
  /// operand, as linalg's named pooling ops do.
  LogicalResult emitMaxPool(OpBuilder &b, Location loc, MaxPoolOp pool, Value in, Value out);

private:
  MLIRContext *ctx;
  Operation *copyOp;
  ModuleOp kernels;
  const KernelLoops &loops;
};

} // namespace mlir::gn::copy

#endif // GN_CONVERSION_GNTOLINALG_COPYKERNELS_EMITTER_H
