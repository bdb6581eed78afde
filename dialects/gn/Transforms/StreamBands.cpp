//===- StreamBands.cpp - compute big intermediates in bands (gn-stream-bands) ===//
//
// When a graph's intermediates outgrow its weights, inputs and outputs (an
// audio front end whose first conv output is 8x its input, a graph net's
// row-local layer tail), the peak memory is set by a few large tensors that
// later ops shrink again. This pass computes such a region band by band
// along one axis ("fused-layer tiling"): every op of the region runs once
// per band on slices, and only the region's result is whole.
//
// Analysis, per candidate region:
//  - A sink op S and an axis `a` of its result. The region ("cone") grows
//    backward from S: a producer joins when every user of its result is in
//    the cone, all of them read it banded along one axis, and the op itself
//    commutes with bands on that axis (operandAxis; attention along its
//    queries). Anything else feeding the cone is a source, read whole or
//    sliced.
//  - Band ranges propagate backward (operandRange): the identity, except a
//    convolution, whose input band is its receptive field (the halo), and
//    a slice, whose input band is shifted by its start (a unit step). A
//    value read by several cone ops is produced for the union of their
//    ranges; a consumer slices what it needs.
//  - The band count makes the cone's largest intermediate band at most
//    `band-bytes`; it is halved while the recomputed halo costs more than
//    `max-recompute` of the cone's elements.
// When the pass acts: only while the estimated peak (intermediates live at
// once, every op result counted, plus the arguments and results) exceeds
// `memory-ratio` x (arguments + results), and only on cones whose
// intermediates live at the estimated peak step hold a tenth of it or more.
// Rewrite: for each band the cone's ops are cloned on slices (a convolution
// band at an edge gets an explicit zero pad when its halo crosses only one
// side); the sink's bands are concatenated, or inserted one after the other
// into an input the cone reads at each band's own rows and nothing reads
// later (overwritable: the runtime then writes them in place, so the result
// costs no bytes of its own), and the cone is erased. Bands are
// emitted one after the other, so the memory plan reuses a band's bytes for
// the next.
//
//===----------------------------------------------------------------------===//
#include "gn/IR/SymbolicDims.h"
#include "gn/Support/PassTrace.h"
#include "gn/Transforms/FusionUtils.h"
#include "gn/Transforms/Passes.h"
#include "mlir/IR/IRMapping.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace mlir::gn {
#define GEN_PASS_DEF_GNSTREAMBANDSPASS
#include "gn/Transforms/Passes.h.inc"
} // namespace mlir::gn

using namespace mlir;
using namespace mlir::gn;

#define DEBUG_TYPE "gn-stream-bands"
GN_STATISTIC(numConesStreamed, "cones computed in bands");
GN_STATISTIC(numBands, "bands emitted for them");
GN_STATISTIC(numRolledBack, "functions whose bands were dropped (require-fit: did not fit)");

namespace {

/// The operand is read whole (a weight, a broadcast operand).
constexpr int64_t kWhole = -1;

struct Range {
  int64_t lo = 0, hi = 0;
  int64_t size() const { return hi - lo; }
  Range hull(Range o) const { return {std::min(lo, o.lo), std::max(hi, o.hi)}; }
  bool operator==(const Range &o) const { return lo == o.lo && hi == o.hi; }
};

RankedTensorType typeOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

int64_t bytesOf(Value v) { return tensorBytes(v.getType()); }

/// The axis of an attention mask that a band of `rows` queries reads: the
/// mask broadcasts to the scores [..., L, S], so its rows are dim -2.
FailureOr<int64_t> maskAxis(RankedTensorType mask, int64_t rows) {
  int64_t m = mask.getRank();
  if (m >= 2 && mask.getDimSize(m - 2) == rows)
    return m - 2;
  return m < 2 || mask.getDimSize(m - 2) == 1 ? FailureOr<int64_t>(kWhole)
                                              : FailureOr<int64_t>(failure());
}

/// The axis of `op`'s operand `i` that a band on result axis `a` reads,
/// kWhole when the operand is read whole, or failure when `op` does not
/// commute with bands on `a`.
FailureOr<int64_t> operandAxis(Operation *op, unsigned i, int64_t a) {
  if (op->getNumResults() != 1)
    return failure();
  RankedTensorType rt = typeOf(op->getResult(0));
  RankedTensorType ot = typeOf(op->getOperand(i));
  auto broadcastRule = [&]() -> FailureOr<int64_t> {
    int64_t off = rt.getRank() - ot.getRank();
    if (a < off)
      return kWhole;
    int64_t d = a - off;
    return ot.getDimSize(d) == rt.getDimSize(a) ? d : kWhole;
  };
  if (op->hasTrait<OpTrait::GnElementwise>() || isa<BroadcastToOp>(op))
    return broadcastRule();
  if (auto t = dyn_cast<TransposeOp>(op))
    return t.getPermutation()[a];
  if (isa<ReshapeOp>(op)) {
    // Slicing commutes when the dims before `a` hold as many elements as
    // the dims before the matching input dim (rows of the prefix stay whole).
    int64_t prefix = 1;
    for (int64_t d = 0; d < a; ++d)
      prefix *= rt.getDimSize(d);
    int64_t p = 1;
    for (int64_t d = 0; d < ot.getRank(); p *= ot.getDimSize(d), ++d)
      if (p == prefix && ot.getDimSize(d) == rt.getDimSize(a))
        return d;
    return failure();
  }
  auto reducedAxis = [&](llvm::ArrayRef<int64_t> dims, bool keepdim) -> FailureOr<int64_t> {
    if (keepdim)
      return llvm::is_contained(dims, a) ? FailureOr<int64_t>(failure()) : FailureOr<int64_t>(a);
    int64_t kept = -1;
    for (int64_t d = 0; d < ot.getRank(); ++d)
      if (!llvm::is_contained(dims, d) && ++kept == a)
        return d;
    return failure();
  };
  if (isReductionOp(op) || isa<ReduceMeanOp, VarianceOp>(op))
    return reducedAxis(llvm::cast<DenseI64ArrayAttr>(op->getAttr("dims")).asArrayRef(),
                       op->hasAttr("keepdim") && llvm::cast<BoolAttr>(op->getAttr("keepdim")).getValue());
  if (isa<SoftmaxOp, LogSoftmaxOp>(op))
    return llvm::cast<IntegerAttr>(op->getAttr("dim")).getInt() == a ? FailureOr<int64_t>(failure())
                                                                      : FailureOr<int64_t>(a);
  if (isa<LinearOp>(op)) {
    if (i > 0)
      return kWhole;
    return a < rt.getRank() - 1 ? FailureOr<int64_t>(a) : FailureOr<int64_t>(failure());
  }
  if (auto mm = dyn_cast<MatmulOp>(op)) {
    // A band of rows of the product (a GEMM as linear decomposes): the
    // same rows of the lhs (its columns when read transposed), the rhs
    // whole. Batched or broadcast products are not banded. (Only with
    // band-gemms: see canBand.)
    int64_t rank = rt.getRank();
    if (a != rank - 2 || typeOf(mm.getLhs()).getRank() != rank || mm.getTransposeResult())
      return failure();
    if (i == 1)
      return kWhole;
    return mm.getTransposeLhs() ? rank - 1 : rank - 2;
  }
  if (auto att = dyn_cast<AttentionOp>(op)) {
    // A band of queries: their rows of q and of the mask, all keys and
    // values. (A causal mask would move with the band: not streamed.)
    if (att.getIsCausal() || a != rt.getRank() - (att.getSeqFirst() ? 3 : 2))
      return failure();
    if (i == 1 || i == 2)
      return kWhole;
    if (i == 0)
      return a;
    return maskAxis(ot, rt.getDimSize(a));
  }
  if (isa<ProjectedAttentionOp>(op)) {
    // The same band of queries (seq_first); the input the keys and values
    // are projected from, and the weights, are read whole.
    if (a != rt.getRank() - 3)
      return failure();
    if (i == 0)
      return a;
    if (i < 6)
      return kWhole;
    return maskAxis(ot, rt.getDimSize(a));
  }
  if (auto conv = dyn_cast<ConvOp>(op)) {
    if (conv.getChannelsLast()) // its spatial dims are 1.. (never made before this pass)
      return failure();
    if (i > 0)
      return kWhole;
    return a == 1 ? FailureOr<int64_t>(failure()) : FailureOr<int64_t>(a);
  }
  if (auto s = dyn_cast<SliceOp>(op)) // a unit-step window: shifted bands
    return s.getSteps()[a] == 1 ? FailureOr<int64_t>(a) : FailureOr<int64_t>(failure());
  if (auto c = dyn_cast<ConcatOp>(op))
    return (int64_t)c.getDim() == a ? FailureOr<int64_t>(failure()) : FailureOr<int64_t>(a);
  if (auto p = dyn_cast<PadOp>(op))
    return p.getLow()[a] == 0 && p.getHigh()[a] == 0 ? FailureOr<int64_t>(a)
                                                      : FailureOr<int64_t>(failure());
  return failure();
}

/// Whether `op` commutes with bands on result axis `a`.
bool streamsAlong(Operation *op, int64_t a) {
  if (op->getNumResults() != 1 || op->getNumRegions() != 0)
    return false;
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    if (failed(operandAxis(op, i, a)))
      return false;
  return true;
}

/// The band of operand `i` (on its axis) that computing result band `r`
/// reads; may reach outside the operand where a convolution pads.
Range operandRange(Operation *op, unsigned i, int64_t a, Range r) {
  if (auto slice = dyn_cast<SliceOp>(op)) // (unit step on `a`: operandAxis)
    return {r.lo + slice.getStarts()[a], r.hi + slice.getStarts()[a]};
  auto conv = dyn_cast<ConvOp>(op);
  if (!conv || i != 0 || a < 2)
    return r;
  int64_t s = conv.getStride()[a - 2], p = conv.getPadding()[a - 2];
  int64_t k = typeOf(conv.getWeight()).getDimSize(a), dil = conv.getDilation()[a - 2];
  return {r.lo * s - p, (r.hi - 1) * s - p + (k - 1) * dil + 1};
}

/// starts / limits / steps of the unit-step window [lo, hi) along `axis` of
/// a tensor of `shape`, whole along its other dims.
llvm::SmallVector<NamedAttribute, 3> windowAttrs(OpBuilder &b, llvm::ArrayRef<int64_t> shape,
                                                 int64_t axis, int64_t lo, int64_t hi) {
  llvm::SmallVector<int64_t> starts(shape.size(), 0), limits(shape), steps(shape.size(), 1);
  starts[axis] = lo;
  limits[axis] = hi;
  return {b.getNamedAttr("starts", b.getDenseI64ArrayAttr(starts)),
          b.getNamedAttr("limits", b.getDenseI64ArrayAttr(limits)),
          b.getNamedAttr("steps", b.getDenseI64ArrayAttr(steps))};
}

/// Flops per result element to compute `op` again, or nullopt where
/// recomputing it is not considered (reductions, attention, gathers).
std::optional<int64_t> flopsPerElement(Operation *op) {
  if (op->hasTrait<OpTrait::GnElementwise>())
    return 4;
  if (isa<BroadcastToOp, TransposeOp, ReshapeOp, SliceOp, PadOp, ConcatOp>(op))
    return 1;
  if (auto conv = dyn_cast<ConvOp>(op)) { // (Cin / groups) x kernel taps
    RankedTensorType w = typeOf(conv.getWeight());
    int64_t f = 2;
    for (int64_t d = 1; d < w.getRank(); ++d)
      f *= w.getDimSize(d);
    return f;
  }
  if (isa<LinearOp>(op))
    return 2 * typeOf(op->getOperand(0)).getShape().back();
  if (auto mm = dyn_cast<MatmulOp>(op)) {
    RankedTensorType lhs = typeOf(mm.getLhs());
    return 2 * lhs.getDimSize(lhs.getRank() - (mm.getTransposeLhs() ? 2 : 1));
  }
  return std::nullopt;
}

/// A value that costs no arena bytes: an argument, a constant, or a view
/// of one.
bool isFree(Value v) {
  Operation *def = v.getDefiningOp();
  return !def || isa<ConstantOp>(def) || (isa<ReshapeOp>(def) && isFree(def->getOperand(0)));
}

/// A region to compute in bands.
struct Cone {
  Operation *sink = nullptr;
  /// The sink sums (or takes the max/min) over the band axis of its input:
  /// its bands are partial results, combined instead of concatenated.
  bool reduces = false;
  llvm::SetVector<Operation *> ops;    // sink first, then producers
  /// Producers that ops outside the cone read too: computed again in the
  /// bands, and kept whole for those readers.
  llvm::DenseSet<Operation *> recomputed;
  llvm::DenseMap<Value, int64_t> axis; // band axis of each cone result
                                       // (a reducing sink: of its input)
  int64_t largestBytes = 0;            // largest intermediate (not the sink)
  int64_t totalBytes = 0;              // all intermediates (not the sink)

  /// operandAxis, except that a reducing sink reads its input banded.
  FailureOr<int64_t> readAxis(Operation *op, unsigned i) const {
    int64_t a = axis.lookup(op->getResult(0));
    if (reduces && op == sink)
      return i == 0 ? a : kWhole;
    return operandAxis(op, i, a);
  }
};

/// A reduction whose band partials combine into the whole result.
bool combinesPartials(Operation *op) { return isa<ReduceSumOp, ReduceMaxOp, ReduceMinOp>(op); }

/// `Options` is the pass (its options read as their values).
template <typename Options>
class BandStreamer {
public:
  BandStreamer(Block &block, const Options &options)
      : block(block), options(options) {}
  BandStreamer(const BandStreamer &) = delete;

  /// Streams cones until the estimated peak fits the budget; returns whether
  /// it ends within it.
  bool run() {
    for (int round = 0; round < 16; ++round) {
      index();
      int64_t peakStep = -1;
      int64_t peak = estimatePeak(peakStep);
      double budget = options.memoryRatio * (double)ioBytes;
      if (peak <= budget)
        return true;
      // Over the budget by less than min-excess-bytes before any band:
      // left whole (bands made in an earlier round stay: that excess was
      // worth them).
      if (round == 0 && peak - budget < (double)options.minExcessBytes)
        return true;
      if (!tryStreamOne(peakStep, peak - ioBytes))
        return false;
    }
    index();
    int64_t peakStep = -1;
    return estimatePeak(peakStep) <= options.memoryRatio * (double)ioBytes;
  }

private:
  /// streamsAlong, with GEMMs only where the target asks (band-gemms).
  bool canBand(Operation *op, int64_t a) {
    return (options.bandGemms || !isa<MatmulOp>(op)) && streamsAlong(op, a);
  }

  void index() {
    position.clear();
    lastUseOf.clear();
    inPlaceOf.clear();
    int64_t i = 0;
    for (Operation &op : block)
      position[&op] = i++;
  }

  /// The last step that reads `v`, or its bytes: a result written in place
  /// over `v` (inPlaceOperand) keeps them, so `v` lives on through it. (And
  /// a value read through a reshape lives until the reshape's readers.)
  int64_t lastUse(Value v) {
    if (auto it = lastUseOf.find(v); it != lastUseOf.end())
      return it->second;
    int64_t last = v.getDefiningOp() ? position.lookup(v.getDefiningOp()) : -1;
    for (OpOperand &use : v.getUses()) {
      Operation *user = block.findAncestorOpInBlock(*use.getOwner());
      last = std::max(last, position.lookup(user));
      if (inPlaceOperand(user) == (int64_t)use.getOperandNumber() || isa<ReshapeOp>(user) ||
          readThrough(user))
        last = std::max(last, lastUse(user->getResult(0)));
    }
    lastUseOf[v] = last;
    return last;
  }

  /// A broadcast its readers' kernels read through instead of storing it
  /// (gn-form-fusion-groups): one elementwise reader, or scatter indices.
  static bool readThrough(Operation *op) {
    if (!isa<BroadcastToOp>(op) || !isKernelView(op) || op->use_empty())
      return false;
    auto isIndex = [&](OpOperand &use) {
      auto scatter = dyn_cast<ScatterOp>(use.getOwner());
      return scatter && scatterIndexView(scatter) == op &&
             use.getOperandNumber() == scatter.getIndexMutable().getOperandNumber();
    };
    return llvm::all_of(op->getUses(), isIndex) ||
           (op->hasOneUse() && isFusibleElementwise(*op->user_begin()));
  }

  bool returns(Value v) { return llvm::is_contained(block.getTerminator()->getOperands(), v); }

  /// The operand whose bytes `op`'s result takes, as the runtime runs it, or
  /// -1: a band insert of this pass, over its dest; a scatter over its
  /// input, and an elementwise op over a stored operand of its type (a GEMM,
  /// scatter or conv result: its kernel starts there), where `op` is the last
  /// to read it (an intermediate). Elementwise ops over elementwise results
  /// are counted whole: fused, they are not stored at all, but with their
  /// chain counted as one buffer the norm tail over a conv output looks
  /// free, and the plan that bands the conv away with its statistics
  /// (UniSpeechSat's feature extractor) is no longer found.
  int64_t inPlaceOperand(Operation *op) {
    if (auto it = inPlaceOf.find(op); it != inPlaceOf.end())
      return it->second;
    int64_t found = -1;
    if (isa<InsertSliceOp>(op)) {
      found = banded.contains(op) ? 1 : -1;
    } else if (auto scatter = dyn_cast<ScatterOp>(op)) {
      Value in = scatter.getInput();
      if (!returns(scatter.getResult()) && !isFree(in) && scatterCanWriteOverInput(scatter) &&
          lastRead(in) == position.lookup(op))
        found = 1;
    } else if (isFusibleElementwise(op) && !returns(op->getResult(0))) {
      for (unsigned i = 0; i < op->getNumOperands() && found < 0; ++i) {
        Value v = op->getOperand(i);
        Operation *def = v.getDefiningOp();
        if (def && !isFusibleElementwise(def) && !isFree(v) &&
            v.getType() == op->getResult(0).getType() && lastRead(v) == position.lookup(op))
          found = i;
      }
    }
    inPlaceOf[op] = found;
    return found;
  }

  /// Arguments and results plus the largest sum of op results live at one
  /// step (each result counted whole, unless written in place; reshapes
  /// alias their input).
  int64_t estimatePeak(int64_t &peakStep) {
    ioBytes = 0;
    for (BlockArgument arg : block.getArguments())
      if (llvm::isa<RankedTensorType>(arg.getType()))
        ioBytes += bytesOf(arg);
    for (Value r : block.getTerminator()->getOperands())
      if (llvm::isa<RankedTensorType>(r.getType()))
        ioBytes += bytesOf(r);
    std::vector<int64_t> delta(position.size() + 2, 0);
    for (Operation &op : block)
      if (!isa<ReshapeOp, ConstantOp>(op) && !readThrough(&op) && inPlaceOperand(&op) < 0)
        for (Value r : op.getResults())
          if (llvm::isa<RankedTensorType>(r.getType())) {
            delta[position[&op]] += bytesOf(r);
            delta[lastUse(r) + 1] -= bytesOf(r);
          }
    int64_t live = 0, peak = 0;
    for (auto [s, d] : llvm::enumerate(delta)) {
      live += d;
      if (live > peak) {
        peak = live;
        peakStep = s;
      }
    }
    return ioBytes + peak;
  }

  using BandRanges = llvm::DenseMap<Value, Range>;

  /// The cone of `sink` banded along `a`. With `bands` > 0, a producer
  /// whose band (the middle one's receptive field) would be more than
  /// `max-recompute` times its share of its axis stays outside: halos that
  /// grow through a deep conv stack end the cone instead of its bands.
  Cone growCone(Operation *sink, int64_t a, bool reduces, int64_t bands) {
    Cone cone;
    cone.sink = sink;
    cone.reduces = reduces;
    cone.ops.insert(sink);
    cone.axis[sink->getResult(0)] = a;
    BandRanges probe;
    if (bands > 0) {
      int64_t dim = typeOf(reduces ? sink->getOperand(0) : sink->getResult(0)).getDimSize(a);
      int64_t size = llvm::divideCeil(dim, bands);
      int64_t lo = std::min((bands / 2) * size, dim - size);
      probe[sink->getResult(0)] = {lo, lo + size};
    }
    // Producers in descending position: every user of a candidate that can
    // join comes later, so it has been decided.
    auto later = [&](Operation *x, Operation *y) { return position[x] < position[y]; };
    std::vector<Operation *> heap;
    auto pushProducers = [&](Operation *op) {
      for (Value v : op->getOperands())
        if (Operation *def = v.getDefiningOp(); def && def->getBlock() == &block &&
                                                 !cone.ops.contains(def) &&
                                                 !llvm::is_contained(heap, def)) {
          heap.push_back(def);
          std::push_heap(heap.begin(), heap.end(), later);
        }
    };
    pushProducers(sink);
    while (!heap.empty()) {
      std::pop_heap(heap.begin(), heap.end(), later);
      Operation *q = heap.back();
      heap.pop_back();
      if (q->getNumResults() != 1 || isa<ConstantOp>(q) || isa<FusionOp>(q) || banded.contains(q))
        continue;
      Value v = q->getResult(0);
      std::optional<int64_t> axis;
      std::optional<Range> need;
      // readOutside: ops outside the cone read it too; keptUser: a
      // recomputed op reads it (the original stays, and so does this).
      bool ok = true, readOutside = false, keptUser = false;
      for (OpOperand &use : v.getUses()) {
        Operation *user = use.getOwner();
        if (!cone.ops.contains(user)) {
          readOutside = true;
          continue;
        }
        keptUser |= cone.recomputed.contains(user);
        FailureOr<int64_t> d = cone.readAxis(user, use.getOperandNumber());
        if (failed(d) || *d == kWhole || (axis && *axis != *d)) {
          ok = false;
          break;
        }
        axis = *d;
        if (bands > 0) {
          Range r = operandRange(user, use.getOperandNumber(),
                                 cone.axis.lookup(user->getResult(0)), probe[user->getResult(0)]);
          r = {std::max<int64_t>(0, r.lo), std::min(typeOf(v).getDimSize(*axis), r.hi)};
          need = need ? need->hull(r) : r;
        }
      }
      if (!ok || !axis || typeOf(v).getDimSize(*axis) < 2 || !canBand(q, *axis) ||
          (readOutside && !recomputable(q, 0)))
        continue;
      if (bands > 0) {
        int64_t share = llvm::divideCeil(typeOf(v).getDimSize(*axis), bands);
        if (need->size() > options.maxRecompute * share)
          continue;
        probe[v] = *need;
      }
      cone.ops.insert(q);
      if (readOutside || keptUser)
        cone.recomputed.insert(q);
      cone.axis[v] = *axis;
      if (!isa<ReshapeOp>(q)) {
        cone.largestBytes = std::max(cone.largestBytes, bytesOf(v));
        cone.totalBytes += bytesOf(v);
      }
      pushProducers(q);
    }
    return cone;
  }

  /// Whether `q` is cheap enough to compute again in a region's bands while
  /// its whole result stays for other readers: at most `recompute-flops` per
  /// element, and every input free, small, or recomputable in turn (a few
  /// levels deep), so the bands do not keep a large tensor alive instead.
  bool recomputable(Operation *q, int depth) {
    std::optional<int64_t> flops = flopsPerElement(q);
    if (!flops || *flops > options.recomputeFlops || depth > 3 || q->getNumResults() != 1)
      return false;
    for (Value v : q->getOperands())
      if (!isFree(v) && bytesOf(v) > options.bandBytes &&
          (v.getDefiningOp()->getBlock() != &block || !recomputable(v.getDefiningOp(), depth + 1)))
        return false;
    return true;
  }

  /// Per band, the range each cone value is produced for.
  BandRanges rangesFor(const Cone &cone, Range sinkRange) {
    BandRanges ranges;
    ranges[cone.sink->getResult(0)] = sinkRange;
    // cone.ops is in descending position (the heap order), so every user of
    // a value is visited before its producer.
    for (Operation *op : cone.ops) {
      Value r = op->getResult(0);
      int64_t a = cone.axis.lookup(r);
      for (OpOperand &use : op->getOpOperands()) {
        Value v = use.get();
        if (!cone.axis.count(v))
          continue;
        Range need = operandRange(op, use.getOperandNumber(), a, ranges[r]);
        int64_t dim = typeOf(v).getDimSize(cone.axis.lookup(v));
        need = {std::max<int64_t>(0, need.lo), std::min(dim, need.hi)};
        auto it = ranges.find(v);
        Range merged = it == ranges.end() ? need : it->second.hull(need);
        ranges[v] = merged; // (may rehash: `it` is dead here)
      }
    }
    return ranges;
  }

  /// The last step that reads `v` or a view of it (a reshape; a contiguous
  /// slice, which the runtime reads in place too).
  int64_t lastRead(Value v) {
    int64_t last = -1;
    for (Operation *user : v.getUsers()) {
      user = block.findAncestorOpInBlock(*user);
      last = std::max(last, position.lookup(user));
      if (isa<ReshapeOp>(user) || contiguousSliceOffset(user))
        last = std::max(last, lastRead(user->getResult(0)));
    }
    return last;
  }

  /// A value the cone reads that its result can be written over, band after
  /// band, instead of into a buffer of its own (the next layer of a residual
  /// stream over this one): an intermediate of the sink's type that the cone
  /// reads at each band's own rows only (no halo), and nothing reads after
  /// the cone. The bands then read it from the buffer their results go into,
  /// each before its own rows are replaced. Null if there is none.
  Value overwritable(const Cone &cone, int64_t bands) {
    Value sinkValue = cone.sink->getResult(0);
    if (cone.reduces || bands < 2)
      return {};
    int64_t a = cone.axis.lookup(sinkValue);
    int64_t dim = typeOf(sinkValue).getDimSize(a), bandSize = llvm::divideCeil(dim, bands);
    llvm::SetVector<Value> candidates;
    for (Operation *op : cone.ops)
      for (Value v : op->getOperands())
        if (v.getType() == sinkValue.getType() && !cone.axis.count(v) && !isFree(v))
          candidates.insert(v);
    int64_t sinkAt = position.lookup(cone.sink);
    for (Value v : candidates) {
      bool ok = true;
      for (OpOperand &use : v.getUses()) {
        Operation *user = block.findAncestorOpInBlock(*use.getOwner());
        if (!cone.ops.contains(user)) {
          bool view = isa<ReshapeOp>(user) || contiguousSliceOffset(user);
          ok &= position.lookup(user) < sinkAt && (!view || lastRead(user->getResult(0)) < sinkAt);
          continue;
        }
        FailureOr<int64_t> d = cone.readAxis(user, use.getOperandNumber());
        ok &= succeeded(d) && *d == a;
      }
      for (int64_t lo = 0; ok && lo < dim; lo += bandSize) {
        Range band{lo, std::min(dim, lo + bandSize)};
        BandRanges ranges = rangesFor(cone, band);
        for (OpOperand &use : v.getUses()) {
          Operation *user = use.getOwner();
          if (!cone.ops.contains(user))
            continue;
          Value r = user->getResult(0);
          Range need = operandRange(user, use.getOperandNumber(), cone.axis.lookup(r), ranges[r]);
          ok &= need == band;
        }
      }
      if (ok)
        return v;
    }
    return {};
  }

  /// Bytes of the op results (not arguments or constants) the cone reads:
  /// they stay live while its bands run.
  int64_t sourceBytes(const Cone &cone) {
    llvm::DenseSet<Value> seen;
    int64_t bytes = 0;
    for (Operation *op : cone.ops)
      for (Value v : op->getOperands())
        if (Operation *def = v.getDefiningOp();
            def && !cone.ops.contains(def) && !isFree(v) && seen.insert(v).second)
          bytes += bytesOf(v);
    return bytes;
  }

  /// Elements computed over all bands divided by the cone's elements.
  double recomputeFactor(const Cone &cone, int64_t bands, int64_t bandSize, int64_t dim) {
    double total = 0, banded = 0;
    auto bandedOps = llvm::make_filter_range(
        cone.ops, [&](Operation *op) { return !cone.reduces || op != cone.sink; });
    for (Operation *op : bandedOps)
      total += typeOf(op->getResult(0)).getNumElements();
    for (int64_t b = 0; b < bands; ++b) {
      BandRanges ranges = rangesFor(cone, {b * bandSize, std::min(dim, (b + 1) * bandSize)});
      for (Operation *op : bandedOps) {
        Value r = op->getResult(0);
        RankedTensorType t = typeOf(r);
        banded += (double)t.getNumElements() / t.getDimSize(cone.axis.lookup(r)) * ranges[r].size();
      }
    }
    return banded / std::max(1.0, total);
  }

  bool liveAt(Value v, int64_t step) {
    return position.lookup(v.getDefiningOp()) <= step && lastUse(v) >= step;
  }

  /// Bytes of the cone's intermediates live at `step`: what banding removes
  /// there. A cone that would remove less than a tenth of the peak leaves
  /// the peak where it is (elsewhere a whole tensor, e.g. a norm over the
  /// band axis, sets it) and only costs launches and compile time. Each is
  /// counted whole, also where the estimate has an elementwise op share its
  /// operand's bytes: a norm's tail, banded before the statistics that
  /// finish freeing the conv output it is computed over, must look worth it
  /// on its own.
  int64_t liveAtPeak(const Cone &cone, int64_t step) {
    int64_t bytes = 0;
    for (Operation *op : cone.ops)
      if (op != cone.sink && !isa<ReshapeOp>(op) && !cone.recomputed.contains(op) &&
          liveAt(op->getResult(0), step))
        bytes += bytesOf(op->getResult(0));
    return bytes;
  }

  /// Whether the worth rules count the sink's own bytes as freed: for one
  /// op alone, written over its input. (A larger region written over an
  /// input gets sinkBytes = 0 in its room and worth instead.)
  static bool freesSink(const Cone &cone, bool over) { return over && cone.ops.size() == 1; }

  /// What banding the cone frees at `step`: its intermediates live there,
  /// and with `withSink` its result, which then needs no bytes of its own.
  int64_t freedAt(const Cone &cone, int64_t step, bool withSink) {
    Value r = cone.sink->getResult(0);
    bool ownBytes = withSink && inPlaceOperand(cone.sink) < 0 && liveAt(r, step);
    return liveAtPeak(cone, step) + (ownBytes ? bytesOf(r) : 0);
  }

  /// The largest tensor banding the cone frees (see freedAt).
  int64_t freedLargest(const Cone &cone, bool withSink) {
    int64_t sink = withSink ? bytesOf(cone.sink->getResult(0)) : 0;
    return std::max(cone.largestBytes, sink);
  }

  /// Bytes of the intermediates the cone reads (not arguments or constants)
  /// live at `step`: they stay whole while its bands run. (Not `over`, which
  /// the bands' result is written over: its bytes become the result's.)
  int64_t sourcesLiveAt(const Cone &cone, int64_t step, Value over) {
    llvm::DenseSet<Value> seen;
    int64_t bytes = 0;
    for (Operation *op : cone.ops)
      for (Value v : op->getOperands())
        if (Operation *def = v.getDefiningOp(); def && !cone.ops.contains(def) && !isFree(v) &&
                                                v != over && seen.insert(v).second &&
                                                liveAt(v, step))
          bytes += bytesOf(v);
    return bytes;
  }

  /// A region too small to be worth its launches in general is worth them
  /// when its bands alone bring the estimated peak under the budget (the
  /// last few percent: a graph layer's gathered messages and their linear
  /// map beside the node features). Its result must be written over an
  /// input, or the whole result would take back what the bands free. The
  /// band count leaves room for about four band intermediates; nullopt when
  /// no count does.
  std::optional<int64_t> closingBands(const Cone &cone, int64_t a, bool reduces, int64_t dim,
                                      int64_t peakStep, int64_t peakLive) {
    // Elementwise ops (and views) alone run fused and in place anyway; the
    // estimate counts them whole, so banding them looks better than it is.
    if (llvm::all_of(cone.ops, [](Operation *op) {
          return isFusibleElementwise(op) || isKernelView(op) || isa<ReshapeOp>(op);
        }))
      return std::nullopt;
    int64_t room = (int64_t)((options.memoryRatio - 1) * ioBytes);
    int64_t spare = room - (peakLive - freedAt(cone, peakStep, true));
    if (spare <= 0)
      return std::nullopt;
    int64_t bands = std::max<int64_t>(2, llvm::divideCeil(4 * freedLargest(cone, true), spare));
    if (bands > std::min<int64_t>(options.maxBands, dim))
      return std::nullopt;
    Cone banded = growCone(cone.sink, a, reduces, bands);
    if (banded.ops.size() != cone.ops.size() || !overwritable(banded, bands) ||
        recomputeFactor(banded, bands, llvm::divideCeil(dim, bands), dim) > options.maxRecompute)
      return std::nullopt;
    return bands;
  }

  /// Finds the cone worth streaming that covers the peak step, and streams it.
  /// Of all candidates, the one whose bands free the most bytes at the peak
  /// step, less the intermediates it reads there (a cone that reads a large
  /// tensor it cannot absorb leaves it whole: the statistics of a norm banded
  /// over channels keep the conv output they read, while bands over time
  /// recompute it); ties go to the later sink.
  bool tryStreamOne(int64_t peakStep, int64_t peakLive) {
    struct Candidate {
      Cone cone;
      int64_t bands, gain;
      Value over; // what the bands' result is written over, if anything
    };
    std::vector<Candidate> candidates;
    std::vector<Operation *> ops;
    for (Operation &op : block)
      ops.push_back(&op);
    // A region is worth its launches when its largest intermediate holds an
    // eighth of the arguments and results, at least band-bytes, at most
    // min-bytes.
    int64_t worthBytes =
        std::min<int64_t>(std::max<int64_t>(ioBytes / 8, options.bandBytes), options.minBytes);
    for (Operation *sink : llvm::reverse(ops)) {
      if (position[sink] < peakStep || banded.contains(sink) || sink->getNumResults() != 1 ||
          !llvm::isa<RankedTensorType>(sink->getResult(0).getType()) || isa<ConstantOp>(sink))
        continue;
      // Band axes: of the sink's result, or of a reduction's input over the
      // dims it reduces.
      llvm::SmallVector<std::pair<int64_t, bool>> axes;
      RankedTensorType st = typeOf(sink->getResult(0));
      for (int64_t a = 0; a < st.getRank(); ++a)
        if (st.getDimSize(a) >= 2 && canBand(sink, a))
          axes.push_back({a, false});
      if (combinesPartials(sink))
        for (int64_t a : llvm::cast<DenseI64ArrayAttr>(sink->getAttr("dims")).asArrayRef())
          if (typeOf(sink->getOperand(0)).getDimSize(a) >= 2)
            axes.push_back({a, true});
      std::optional<Cone> best;
      int64_t bestBands = 0;
      for (auto [a, reduces] : axes) {
        Cone cone = growCone(sink, a, reduces, 0);
        int64_t dim = typeOf(reduces ? sink->getOperand(0) : sink->getResult(0)).getDimSize(a);
        // About four band intermediates live at once beside the whole sink
        // and the intermediates the cone reads whole: fit them in the
        // budget's room for intermediates.
        // (A result written over one of the cone's inputs needs no bytes.)
        bool over = (bool)overwritable(cone, 2);
        bool lone = freesSink(cone, over);
        int64_t sinkBytes = over ? 0 : bytesOf(sink->getResult(0));
        int64_t room = (int64_t)((options.memoryRatio - 1) * ioBytes) - sinkBytes - sourceBytes(cone);
        // When what the cone reads whole already fills the budget, no band
        // count brings it under: bands then hold a quarter of those bytes,
        // not the finest `band-bytes` (GraphSAGE: 64 bands of 16-row GEMMs,
        // 3x slower and still 2x io).
        int64_t bandRoom = room > 0 ? room : sourceBytes(cone) / 4;
        int64_t bands = llvm::divideCeil(4 * freedLargest(cone, lone),
                                         std::max<int64_t>(bandRoom, options.bandBytes));
        bands = std::min<int64_t>({bands, (int64_t)options.maxBands, dim});
        if (bands >= 2)
          cone = growCone(sink, a, reduces, bands);
        // One op alone is worth banding only when written over its input,
        // and not an elementwise one: the runtime runs those in place anyway.
        if (cone.ops.size() < 2 && (!over || isFusibleElementwise(sink)))
          continue;
        if (freedLargest(cone, lone) < worthBytes) {
          if (best)
            continue;
          if (std::optional<int64_t> n = closingBands(cone, a, reduces, dim, peakStep, peakLive)) {
            best = growCone(sink, a, reduces, *n);
            bestBands = *n;
          }
          continue;
        }
        // A whole sink of its own is worth it when the intermediates the
        // bands drop hold twice its bytes: one large one (a wide FFN), or
        // several of its size (a conv stack's transposes and activations).
        if (cone.totalBytes < 2 * sinkBytes ||
            (best && std::make_pair(best->largestBytes, best->totalBytes) >=
                         std::make_pair(cone.largestBytes, cone.totalBytes)) ||
            freedAt(cone, peakStep, lone) * 10 < peakLive)
          continue;
        while (bands >= 2 &&
               recomputeFactor(cone, bands, llvm::divideCeil(dim, bands), dim) > options.maxRecompute)
          bands /= 2;
        if (bands < 2)
          continue;
        best = std::move(cone);
        bestBands = bands;
      }
      if (best) {
        Value over = overwritable(*best, bestBands);
        int64_t gain = freedAt(*best, peakStep, freesSink(*best, (bool)over)) -
                       sourcesLiveAt(*best, peakStep, over);
        candidates.push_back({std::move(*best), bestBands, gain, over});
      }
    }
    llvm::stable_sort(candidates, [](const Candidate &x, const Candidate &y) { return x.gain > y.gain; });
    for (Candidate &c : candidates)
      if (succeeded(stream(c.cone, c.bands, c.over)))
        return true;
    return false;
  }

  /// stream's state across bands: the builder before the cone's sink, every
  /// op created so far (erased again when a band fails), the sink's bands
  /// not yet combined or concatenated, and, written over `over`, `dest`:
  /// the buffer after bands 0..i-1 were inserted, which band i reads `over`
  /// from (its own rows still hold `over`'s).
  struct StreamedBands {
    OpBuilder b;
    Value over, dest;
    llvm::SmallVector<Value> pieces;
    llvm::SmallVector<Operation *> created;
  };

  /// Emits `bands` bands of `cone` before its sink and replaces it.
  LogicalResult stream(const Cone &cone, int64_t bands, Value over) {
    Value sinkValue = cone.sink->getResult(0);
    int64_t a = cone.axis.lookup(sinkValue);
    int64_t dim = typeOf(cone.reduces ? cone.sink->getOperand(0) : sinkValue).getDimSize(a);
    int64_t bandSize = llvm::divideCeil(dim, bands);
    StreamedBands sb{OpBuilder(cone.sink), over, over, {}, {}};
    OpBuilder &b = sb.b;
    llvm::SmallVector<Operation *> forward(cone.ops.rbegin(), cone.ops.rend());
    auto fail = [&]() {
      for (Operation *op : llvm::reverse(sb.created))
        op->erase();
      return failure();
    };
    for (int64_t lo = 0; lo < dim; lo += bandSize) {
      FailureOr<Value> piece = emitBand(sb, cone, forward, {lo, std::min(dim, lo + bandSize)});
      if (failed(piece) || failed(addBandResult(sb, cone, a, lo, *piece)))
        return fail();
    }
    FailureOr<Value> whole =
        over           ? FailureOr<Value>(sb.dest)
        : cone.reduces ? FailureOr<Value>(sb.pieces[0])
                       : createInferred<ConcatOp>(b, cone.sink->getLoc(), sb.pieces,
                                                  {b.getNamedAttr("dim", b.getI64IntegerAttr(a))});
    if (succeeded(whole) && !cone.reduces && !over)
      sb.created.push_back(whole->getDefiningOp());
    if (failed(whole) || whole->getType() != sinkValue.getType())
      return fail();
    banded.insert(sb.created.begin(), sb.created.end());
    ++numConesStreamed;
    numBands += bands;
    GN_DEBUG(traceStream() << "[" DEBUG_TYPE "] " << cone.ops.size() << " ops in " << bands
                           << " bands along axis " << a << " at " << cone.sink->getLoc() << "\n");
    if (options.remarks)
      remarkStreamed(cone, bands, a, over);
    replaceCone(cone, *whole, sb.created);
    return success();
  }

  /// Clones the cone's ops, producers first, for the rows `band` of the
  /// sink; returns the sink's band.
  FailureOr<Value> emitBand(StreamedBands &sb, const Cone &cone,
                            llvm::ArrayRef<Operation *> forward, Range band) {
    BandRanges ranges = rangesFor(cone, band);
    IRMapping bandValues; // each cone value's band
    for (Operation *op : forward) {
      Range out = ranges[op->getResult(0)];
      IRMapping operands;
      FailureOr<Range> convPad = bandOperands(sb, cone, op, out, ranges, bandValues, operands);
      if (failed(convPad) || failed(cloneOnBand(sb, cone, op, out, *convPad, operands, bandValues)))
        return failure();
    }
    return bandValues.lookup(cone.sink->getResult(0));
  }

  /// Maps each operand `op` reads banded to what its band `out` needs: the
  /// producer's band or the whole value, sliced where it holds more, padded
  /// where a convolution's halo crosses one edge only. Returns the zero rows
  /// the halo reaches beyond both edges alike, for the clone's own padding.
  FailureOr<Range> bandOperands(StreamedBands &sb, const Cone &cone, Operation *op, Range out,
                                BandRanges &ranges, IRMapping &bandValues, IRMapping &operands) {
    int64_t ra = cone.axis.lookup(op->getResult(0));
    Range convPad{0, 0};
    for (OpOperand &use : op->getOpOperands()) {
      Value v = use.get();
      int64_t va = *cone.readAxis(op, use.getOperandNumber());
      if (va == kWhole)
        continue;
      Range need = operandRange(op, use.getOperandNumber(), ra, out);
      int64_t vdim = typeOf(v).getDimSize(va);
      Range clipped{std::max<int64_t>(0, need.lo), std::min(vdim, need.hi)};
      bool convInput = isa<ConvOp>(op) && use.getOperandNumber() == 0 && ra >= 2;
      if (convInput) // the zero rows the halo reaches beyond each edge
        convPad = {clipped.lo - need.lo, need.hi - clipped.hi};
      bool inCone = cone.axis.count(v);
      Value have = inCone ? bandValues.lookup(v) : v == sb.over ? sb.dest : v;
      Range haveRange = inCone ? ranges[v] : Range{0, vdim};
      if (!(clipped == haveRange)) {
        FailureOr<Value> s =
            sliceBand(sb, op, have, va, clipped.lo - haveRange.lo, clipped.hi - haveRange.lo);
        if (failed(s))
          return failure();
        have = *s;
      }
      if (convInput && convPad.lo != convPad.hi) {
        FailureOr<Value> p = padHaloEdge(sb, op, have, va, convPad);
        if (failed(p))
          return failure();
        have = *p;
        convPad = {0, 0};
      }
      operands.map(v, have);
    }
    return convPad;
  }

  /// The rows [lo, hi) along `axis` of `have`, for `op` to read.
  FailureOr<Value> sliceBand(StreamedBands &sb, Operation *op, Value have, int64_t axis, int64_t lo,
                             int64_t hi) {
    OpBuilder &b = sb.b;
    RankedTensorType ht = typeOf(have);
    FailureOr<Value> s = createInferred<SliceOp>(b, op->getLoc(), {have},
                                                 windowAttrs(b, ht.getShape(), axis, lo, hi));
    if (failed(s))
      return failure();
    // Folded where it folds: a band of a splat (zeros a loop fills
    // per band) is a smaller splat, which kernels clone in.
    Operation *slice = s->getDefiningOp();
    llvm::SmallVector<Value, 1> folded;
    if (succeeded(b.tryFold(slice, folded)) && !folded.empty()) {
      slice->erase();
      *s = folded[0];
    }
    sb.created.push_back(s->getDefiningOp());
    return *s;
  }

  /// `have` with `pad` zero rows before and after it along `axis`.
  FailureOr<Value> padHaloEdge(StreamedBands &sb, Operation *op, Value have, int64_t axis,
                               Range pad) {
    OpBuilder &b = sb.b;
    // A halo crossing one edge only: pad that side explicitly.
    RankedTensorType ht = typeOf(have);
    llvm::SmallVector<int64_t> low(ht.getRank(), 0), high(ht.getRank(), 0);
    low[axis] = pad.lo;
    high[axis] = pad.hi;
    FailureOr<Value> p =
        createInferred<PadOp>(b, op->getLoc(), {have},
                              {b.getNamedAttr("low", b.getDenseI64ArrayAttr(low)),
                               b.getNamedAttr("high", b.getDenseI64ArrayAttr(high))});
    if (failed(p))
      return failure();
    // A band wholly in the padding pads no rows: its zeros are a splat, as
    // kernels take no empty tensor (a pad of one ran in the interpreter).
    if (ht.getNumElements() == 0) {
      Operation *pad = p->getDefiningOp();
      auto zeros = ConstantOp::create(
          b, op->getLoc(), DenseElementsAttr::get(llvm::cast<ShapedType>(p->getType()),
                                                  b.getZeroAttr(ht.getElementType())));
      pad->erase();
      *p = zeros.getResult();
    }
    sb.created.push_back(p->getDefiningOp());
    return *p;
  }

  /// `op` cloned on its band operands, its shape-giving attributes set for
  /// the band `out` (`convPad`: a convolution's own padding) and its result
  /// type inferred again; fails where that type is not the band's.
  LogicalResult cloneOnBand(StreamedBands &sb, const Cone &cone, Operation *op, Range out,
                            Range convPad, IRMapping &operands, IRMapping &bandValues) {
    OpBuilder &b = sb.b;
    Value r = op->getResult(0);
    int64_t ra = cone.axis.lookup(r);
    Operation *clone = b.clone(*op, operands);
    sb.created.push_back(clone);
    RankedTensorType rt = typeOf(r);
    llvm::SmallVector<int64_t> shape(rt.getShape());
    bool partial = cone.reduces && op == cone.sink;
    if (!partial)
      shape[ra] = out.size();
    if (isa<ReshapeOp, BroadcastToOp>(clone))
      clone->setAttr("shape", b.getDenseI64ArrayAttr(shape));
    if (auto conv = dyn_cast<ConvOp>(clone); conv && ra >= 2) {
      llvm::SmallVector<int64_t> padding(conv.getPadding());
      padding[ra - 2] = convPad.lo;
      clone->setAttr("padding", b.getDenseI64ArrayAttr(padding));
    }
    if (auto slice = dyn_cast<SliceOp>(clone); slice && !partial) {
      // Its operand is already the window the band reads.
      llvm::SmallVector<int64_t> starts(slice.getStarts()), limits(slice.getLimits());
      starts[ra] = 0;
      limits[ra] = out.size();
      clone->setAttr("starts", b.getDenseI64ArrayAttr(starts));
      clone->setAttr("limits", b.getDenseI64ArrayAttr(limits));
    }
    llvm::SmallVector<Type, 1> types;
    auto infer = cast<InferTypeOpInterface>(clone);
    if (failed(infer.inferReturnTypes(b.getContext(), clone->getLoc(), clone->getOperands(),
                                      clone->getAttrDictionary(), clone->getPropertiesStorage(),
                                      clone->getRegions(), types)) ||
        types.size() != 1 ||
        llvm::cast<RankedTensorType>(types[0]).getShape() != llvm::ArrayRef<int64_t>(shape))
      return failure();
    clone->getResult(0).setType(types[0]);
    bandValues.map(r, clone->getResult(0));
    return success();
  }

  /// Adds the sink's band `piece` (rows from `lo` along `a`) to the result:
  /// combined with the partial so far (a reducing sink), and inserted into
  /// `dest` where the result is written over `over`.
  LogicalResult addBandResult(StreamedBands &sb, const Cone &cone, int64_t a, int64_t lo,
                              Value piece) {
    OpBuilder &b = sb.b;
    llvm::SmallVector<Value> &pieces = sb.pieces;
    pieces.push_back(piece);
    if (cone.reduces && pieces.size() > 1) {
      // Combined as they come, so that one partial result is live at once.
      FailureOr<Value> acc = combinePartials(b, cone, pieces[0], pieces[1]);
      if (failed(acc))
        return failure();
      sb.created.push_back(acc->getDefiningOp());
      pieces.assign({*acc});
    }
    if (sb.over) {
      RankedTensorType pt = typeOf(pieces.back());
      FailureOr<Value> next = createInferred<InsertSliceOp>(
          b, cone.sink->getLoc(), {pieces.back(), sb.dest},
          windowAttrs(b, pt.getShape(), a, lo, lo + pt.getDimSize(a)));
      if (failed(next))
        return failure();
      sb.created.push_back(next->getDefiningOp());
      sb.dest = *next;
    }
    return success();
  }

  /// The remark (remarks option) that says how `cone` was streamed.
  void remarkStreamed(const Cone &cone, int64_t bands, int64_t a, Value over) {
    InFlightDiagnostic remark = cone.sink->emitRemark();
    remark << "computed " << cone.ops.size() << " ops in " << bands << " bands along "
           << (cone.reduces ? "input " : "") << "axis " << a
           << (cone.reduces ? " (partial results combined)" : "");
    if (!cone.recomputed.empty())
      remark << ", " << cone.recomputed.size() << " recomputed";
    if (over)
      remark << ", written over an input";
  }

  /// The sink's uses moved to `whole`, and the cone's ops and the created
  /// ones that nothing reads erased.
  void replaceCone(const Cone &cone, Value whole, llvm::ArrayRef<Operation *> created) {
    cone.sink->getResult(0).replaceAllUsesWith(whole);
    // Users precede producers in cone.ops; what outside ops still read (a
    // recomputed producer and what feeds it) stays.
    for (Operation *op : cone.ops)
      if (op->use_empty())
        op->erase();
    // Created ops no band ended up reading (the channel slices of a
    // training-mode batch_norm's statistics) are dead: later passes must not
    // see them (gn-form-fusion-groups would make a result-less kernel).
    for (Operation *op : llvm::reverse(created))
      if (op->use_empty()) {
        banded.erase(op);
        op->erase();
      }
  }

  /// Two partial results of a reducing sink, combined.
  static FailureOr<Value> combinePartials(OpBuilder &b, const Cone &cone, Value acc, Value piece) {
    Location loc = cone.sink->getLoc();
    if (isa<ReduceSumOp>(cone.sink))
      return createInferred<AddOp>(b, loc, {acc, piece});
    if (isa<ReduceMaxOp>(cone.sink))
      return createInferred<MaximumOp>(b, loc, {acc, piece});
    return createInferred<MinimumOp>(b, loc, {acc, piece});
  }

  Block &block;
  const Options &options;
  llvm::DenseMap<Operation *, int64_t> position;
  llvm::DenseMap<Value, int64_t> lastUseOf; // lastUse, for the current op order
  llvm::DenseMap<Operation *, int64_t> inPlaceOf; // inPlaceOperand, likewise
  /// Ops this pass created: never banded again.
  llvm::DenseSet<Operation *> banded;
  int64_t ioBytes = 0;
};

struct GnStreamBandsPass : mlir::gn::impl::GnStreamBandsPassBase<GnStreamBandsPass> {
  using Base::Base;
  template <typename> friend class BandStreamer; // reads the options
  void runOnOperation() override {
    if (failed(refuseSymbolicDims(getOperation(), getArgument())))
      return signalPassFailure();
    if (memoryRatio <= 0)
      return;
    func::FuncOp func = getOperation();
    // Bands fit a memory budget at the example's sizes: a symbolic program
    // (phase 3) is left whole.
    if (llvm::any_of(func.getArgumentTypes(), hasSymbolicDims))
      return;
    if (func.getBody().empty())
      return;
    // requireFit: keep the bands only if they bring the estimate within
    // budget (each band is launches of its own; a GPU pays for them).
    func::FuncOp before = requireFit ? func.clone() : func::FuncOp();
    bool fits = BandStreamer<GnStreamBandsPass>(func.getBody().front(), *this).run();
    if (!before)
      return;
    if (!fits) {
      func.getBody().takeBody(before.getBody());
      ++numRolledBack;
    }
    before.erase();
  }
};

} // namespace
