//===- Attention.cpp - the attention kernel ---------------------------------===//
#include "Emitter.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::copy;

namespace {

// The attention kernel's shape of work (emitAttention): value columns per
// thread, the threads its first launch aims for (an H100 runs 132 x 2048 at
// once), and the longest query kept in registers.
constexpr int64_t kAttentionGroupColumns = 8;
constexpr int64_t kAttentionThreads = 1 << 16;
constexpr int64_t kAttentionQueryRegisters = 64;

using P = arith::CmpFPredicate;

/// One gn.attention kernel (see emitAttention): the plan of its work,
/// decided from the shapes, and the two loop nests that carry it out.
class AttentionKernel {
public:
  AttentionKernel(OpBuilder &b, Location loc, AttentionOp op, llvm::ArrayRef<Value> ins,
                  Value out, const KernelLoops &loops)
      : loc(loc), ins(ins), out(out), loops(loops) {
    outShape = shapeOf(out);
    llvm::ArrayRef<int64_t> kShape = shapeOf(ins[1]);
    r = outShape.size();
    seqFirst = op.getSeqFirst();
    causal = op.getIsCausal();
    seqDim = seqFirst ? r - 3 : r - 2;
    e = shapeOf(ins[0])[r - 1];
    s = kShape[seqDim];
    ev = outShape[r - 1];
    ct = llvm::cast<MemRefType>(ins[0].getType()).getElementType().isF64() ? Type(b.getF64Type())
                                                                           : Type(b.getF32Type());
    outElement = llvm::cast<MemRefType>(out.getType()).getElementType();
    scale = op.getScale() ? op.getScale()->convertToDouble() : 1.0 / std::sqrt(double(e));
    mask = ins.size() > 3 ? ins[3] : Value();
    rowShape.assign(outShape.begin(), outShape.end() - 1); // [..., L(, H)]
    // A symbolic kernel's buffers (sizes known at run time): one chunk of
    // every key (no workspace), the rows and keys read from the buffers.
    atRunTime = llvm::any_of(ins, [](Value v) {
      return !llvm::cast<MemRefType>(v.getType()).hasStaticShape();
    }) || !llvm::cast<MemRefType>(out.getType()).hasStaticShape();
    if (atRunTime) {
      groupColumns = std::min<int64_t>(kAttentionGroupColumns, ev);
      groups = llvm::divideCeil(ev, groupColumns);
      chunks = 1;
      chunkKeys = 0; // unused: the chunk is every key
      batch = batchSizes(outShape);
      oneChunk = true;
      return;
    }
    int64_t rows = 1;
    for (int64_t n : rowShape)
      rows *= n;
    groupColumns = std::min<int64_t>(kAttentionGroupColumns, ev);
    groups = llvm::divideCeil(ev, groupColumns);
    // Workspace rows * chunks * (Ev + 2) about rows * S / 8 at most (a
    // quarter took apple_mobilevit-xx-small's estimated peak from 1.49x to
    // 1.55x its weights, inputs and outputs).
    int64_t maxChunks = llvm::divideCeil(s, std::max<int64_t>(64, 8 * (ev + 2)));
    int64_t wantedChunks = llvm::divideCeil(kAttentionThreads, rows * groups);
    chunks = std::clamp<int64_t>(wantedChunks, 1, maxChunks);
    chunkKeys = llvm::divideCeil(s, chunks);
    chunks = llvm::divideCeil(s, chunkKeys);
    batch = batchSizes(outShape);
    oneChunk = chunks == 1;
  }

  /// What the kernel cannot take at sizes known at run time (empty: all).
  std::string refusal() const {
    if (!atRunTime)
      return "";
    if (ShapedType::isDynamic(e) || ShapedType::isDynamic(ev))
      return "an attention kernel whose head size is symbolic";
    // Batch dims of q, k, v broadcast from 1 or match the output's; a
    // repeat (grouped-query heads) needs the sizes to divide.
    for (Value t : ins.take_front(3)) {
      llvm::SmallVector<int64_t> sizes = batchSizes(shapeOf(t));
      for (auto [d, n] : llvm::enumerate(sizes))
        if (n != 1 && n != batch[d])
          return "an attention kernel repeating grouped-query heads of symbolic sizes";
    }
    return "";
  }

  void emit(OpBuilder &b) {
    if (atRunTime) {
      llvm::SmallVector<Value> outSizes = dimSizes(b, loc, out);
      rowSizes.assign(outSizes.begin(), outSizes.end() - 1);
      keys = dimSizes(b, loc, ins[1])[seqDim];
    }
    // (m, l, acc_0..acc_{Ev-1}) of each chunk and row; none with one chunk,
    // whose partials are already the output.
    llvm::SmallVector<int64_t> wsShape{chunks};
    wsShape.append(rowShape.begin(), rowShape.end());
    wsShape.push_back(ev + 2);
    ws = oneChunk ? Value() : memref::AllocOp::create(b, loc, MemRefType::get(wsShape, ct));
    emitPartials(b);
    if (oneChunk)
      return;
    emitMerge(b);
    memref::DeallocOp::create(b, loc, ws);
  }

private:
  static llvm::ArrayRef<int64_t> shapeOf(Value m) {
    return llvm::cast<MemRefType>(m.getType()).getShape();
  }
  /// The batch dims of a [..., L, E] (seq_first: [..., L, H, E]) shape.
  llvm::SmallVector<int64_t> batchSizes(llvm::ArrayRef<int64_t> shape) const {
    llvm::SmallVector<int64_t> sizes(shape.take_front(seqDim));
    if (seqFirst)
      sizes.push_back(shape[r - 2]);
    return sizes;
  }
  Value index(OpBuilder &nb, int64_t v) const { return arith::ConstantIndexOp::create(nb, loc, v); }
  Value real(OpBuilder &nb, double v) const {
    return Value(arith::ConstantOp::create(nb, loc, ct, nb.getFloatAttr(ct, v)));
  }
  Value toCompute(OpBuilder &nb, Value v) const {
    if (v.getType() == ct)
      return v;
    return ct.getIntOrFloatBitWidth() > v.getType().getIntOrFloatBitWidth()
               ? Value(arith::ExtFOp::create(nb, loc, ct, v))
               : Value(arith::TruncFOp::create(nb, loc, ct, v));
  }
  llvm::SmallVector<Value> wsAt(OpBuilder &nb, Value chunk, ValueRange rowIvs, int64_t k) const {
    llvm::SmallVector<Value> at{chunk};
    at.append(rowIvs.begin(), rowIvs.end());
    at.push_back(index(nb, k));
    return at;
  }

  // 1. Chunk partials. Chunks and column groups outermost: a warp's
  // threads are rows of one chunk and group, reading the same keys and
  // value columns.
  void emitPartials(OpBuilder &b) {
    llvm::SmallVector<int64_t> nest{chunks, groups};
    nest.append(rowShape.begin(), rowShape.end());
    llvm::SmallVector<Value> nestSizes;
    if (atRunTime) {
      nestSizes = {index(b, chunks), index(b, groups)};
      nestSizes.append(rowSizes.begin(), rowSizes.end());
    }
    auto [lb, ivs] = atRunTime ? loops.pointLoops(b, loc, nestSizes) : loops.pointLoops(b, loc, nest);
    Value chunk = ivs[0], group = ivs[1];
    llvm::SmallVector<Value> rowIvs(ivs.begin() + 2, ivs.end());
    llvm::SmallVector<Value> batchIvs(rowIvs.begin(), rowIvs.begin() + seqDim);
    if (seqFirst)
      batchIvs.push_back(rowIvs[r - 2]);
    Value row = rowIvs[seqDim];
    // Element (seqPos, last) of t for this point's batch position.
    auto load = [&](OpBuilder &nb, Value t, Value seqPos, Value last) {
      llvm::SmallVector<int64_t> sizes = batchSizes(shapeOf(t));
      llvm::SmallVector<Value> at;
      for (auto [d, n] : llvm::enumerate(sizes))
        at.push_back(n == batch[d] ? batchIvs[d]
                     : n == 1      ? index(nb, 0)
                                   : Value(arith::DivUIOp::create(nb, loc, batchIvs[d],
                                                                  index(nb, batch[d] / n))));
      Value heads = seqFirst ? at.pop_back_val() : Value();
      at.push_back(seqPos);
      if (seqFirst)
        at.push_back(heads);
      at.push_back(last);
      return toCompute(nb, memref::LoadOp::create(nb, loc, t, at));
    };
    // The row's query, read once into registers when it is short (the
    // same sums in the same order as the loop below).
    llvm::SmallVector<Value> query;
    if (e <= kAttentionQueryRegisters)
      for (int64_t k = 0; k < e; ++k)
        query.push_back(load(lb, ins[0], row, index(lb, k)));
    // Score j of this point's row, scaled and masked.
    auto score = [&](OpBuilder &nb, Value j) {
      Value dot;
      if (!query.empty()) {
        dot = real(nb, 0);
        for (int64_t k = 0; k < e; ++k)
          dot = arith::AddFOp::create(
              nb, loc, dot,
              arith::MulFOp::create(nb, loc, query[k], load(nb, ins[1], j, index(nb, k))));
      } else {
        dot = scf::ForOp::create(
                  nb, loc, index(nb, 0), index(nb, e), index(nb, 1), ValueRange{real(nb, 0)},
                  [&](OpBuilder &db, Location, Value k, ValueRange acc) {
                    Value p = arith::MulFOp::create(db, loc, load(db, ins[0], row, k),
                                                    load(db, ins[1], j, k));
                    scf::YieldOp::create(db, loc, Value(arith::AddFOp::create(db, loc, acc[0], p)));
                  })
                  .getResult(0);
      }
      Value v = arith::MulFOp::create(nb, loc, dot, real(nb, scale));
      if (!mask)
        return v;
      // The mask right-aligned against the scores [batch..., L, S].
      llvm::SmallVector<Value> scoreIvs(batchIvs);
      scoreIvs.push_back(row);
      scoreIvs.push_back(j);
      llvm::ArrayRef<int64_t> maskShape = shapeOf(mask);
      llvm::SmallVector<Value> at;
      size_t lead = scoreIvs.size() - maskShape.size();
      for (auto [d, n] : llvm::enumerate(maskShape))
        at.push_back(n == 1 ? index(nb, 0) : scoreIvs[lead + d]);
      Value m = memref::LoadOp::create(nb, loc, mask, at);
      if (m.getType().isInteger(1))
        return Value(arith::SelectOp::create(nb, loc, m, v, real(nb, -INFINITY)));
      return Value(arith::AddFOp::create(nb, loc, v, toCompute(nb, m)));
    };
    // Keys [lo, hi) of the chunk that the row sees (at run time: every
    // key, one chunk).
    Value lo = atRunTime ? index(lb, 0)
                         : Value(arith::MulIOp::create(lb, loc, chunk, index(lb, chunkKeys)));
    Value hi = atRunTime ? keys
                         : Value(arith::MinUIOp::create(
                               lb, loc, arith::AddIOp::create(lb, loc, lo, index(lb, chunkKeys)),
                               index(lb, s)));
    if (causal)
      hi = arith::MinUIOp::create(lb, loc, hi, arith::AddIOp::create(lb, loc, row, index(lb, 1)));
    auto maxLoop = scf::ForOp::create(
        lb, loc, lo, hi, index(lb, 1), ValueRange{real(lb, -INFINITY)},
        [&](OpBuilder &nb, Location, Value j, ValueRange m) {
          Value v = score(nb, j);
          Value less = arith::CmpFOp::create(nb, loc, P::OLT, m[0], v);
          scf::YieldOp::create(nb, loc, Value(arith::SelectOp::create(nb, loc, less, v, m[0])));
        });
    Value max = maxLoop.getResult(0);
    // The group's columns; the last group's past Ev read column Ev - 1
    // and are not stored.
    Value first = arith::MulIOp::create(lb, loc, group, index(lb, groupColumns));
    llvm::SmallVector<Value> columns;
    for (int64_t c = 0; c < groupColumns; ++c)
      columns.push_back(arith::MinUIOp::create(
          lb, loc, arith::AddIOp::create(lb, loc, first, index(lb, c)), index(lb, ev - 1)));
    llvm::SmallVector<Value> zeros(groupColumns + 1, real(lb, 0));
    auto sumLoop = scf::ForOp::create(
        lb, loc, lo, hi, index(lb, 1), zeros,
        [&](OpBuilder &nb, Location, Value j, ValueRange acc) {
          Value p =
              math::ExpOp::create(nb, loc, arith::SubFOp::create(nb, loc, score(nb, j), max));
          llvm::SmallVector<Value> next{arith::AddFOp::create(nb, loc, acc[0], p)};
          for (int64_t c = 0; c < groupColumns; ++c) {
            Value weighted = arith::MulFOp::create(nb, loc, p, load(nb, ins[2], j, columns[c]));
            next.push_back(arith::AddFOp::create(nb, loc, acc[c + 1], weighted));
          }
          scf::YieldOp::create(nb, loc, next);
        });
    Value none = arith::CmpFOp::create(lb, loc, P::OEQ, max, real(lb, -INFINITY));
    // The group's column c of the output (or of the workspace, past m and
    // l), stored only inside Ev.
    auto storeColumn = [&](int64_t c, Value v, Value target, llvm::SmallVector<Value> at) {
      Value column = arith::AddIOp::create(lb, loc, first, index(lb, c));
      at.push_back(target == ws ? Value(arith::AddIOp::create(lb, loc, column, index(lb, 2)))
                                : column);
      if (ev % groupColumns == 0) {
        memref::StoreOp::create(lb, loc, v, target, at);
        return;
      }
      auto inside = scf::IfOp::create(
          lb, loc, arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::ult, column, index(lb, ev)),
          /*withElseRegion=*/false);
      OpBuilder tb = inside.getThenBodyBuilder();
      memref::StoreOp::create(tb, loc, v, target, at);
    };
    if (oneChunk) {
      // One launch: out = acc / l, NaN for a row that sees no key; the
      // same numbers the merge below computes from one chunk (its weight
      // e^(m - M) is exactly 1).
      for (int64_t c = 0; c < groupColumns; ++c) {
        Value result =
            arith::DivFOp::create(lb, loc, sumLoop.getResult(c + 1), sumLoop.getResult(0));
        result = arith::SelectOp::create(lb, loc, none, real(lb, NAN), result);
        if (outElement != ct)
          result = arith::TruncFOp::create(lb, loc, outElement, result);
        storeColumn(c, result, out, rowIvs);
      }
      return;
    }
    // A chunk that sees no key stores l = acc = 0 (not exp(-inf + inf)).
    llvm::SmallVector<Value> stored; // l, then the group's acc
    for (int64_t k = 0; k <= groupColumns; ++k)
      stored.push_back(arith::SelectOp::create(lb, loc, none, real(lb, 0), sumLoop.getResult(k)));
    auto firstGroup = scf::IfOp::create(
        lb, loc, arith::CmpIOp::create(lb, loc, arith::CmpIPredicate::eq, group, index(lb, 0)),
        /*withElseRegion=*/false);
    {
      OpBuilder tb = firstGroup.getThenBodyBuilder();
      memref::StoreOp::create(tb, loc, max, ws, wsAt(tb, chunk, rowIvs, 0));
      memref::StoreOp::create(tb, loc, stored[0], ws, wsAt(tb, chunk, rowIvs, 1));
    }
    llvm::SmallVector<Value> chunkRow{chunk};
    chunkRow.append(rowIvs.begin(), rowIvs.end());
    for (int64_t c = 0; c < groupColumns; ++c)
      storeColumn(c, stored[c + 1], ws, chunkRow);
  }

  // 2. Merge the chunks of each output element.
  void emitMerge(OpBuilder &b) {
    auto [lb, ivs] = loops.pointLoops(b, loc, outShape);
    llvm::SmallVector<Value> rowIvs(ivs.begin(), ivs.end() - 1);
    Value col = ivs.back();
    auto maxLoop = scf::ForOp::create(
        lb, loc, index(lb, 0), index(lb, chunks), index(lb, 1), ValueRange{real(lb, -INFINITY)},
        [&](OpBuilder &nb, Location, Value c, ValueRange m) {
          Value v = memref::LoadOp::create(nb, loc, ws, wsAt(nb, c, rowIvs, 0));
          Value less = arith::CmpFOp::create(nb, loc, P::OLT, m[0], v);
          scf::YieldOp::create(nb, loc, Value(arith::SelectOp::create(nb, loc, less, v, m[0])));
        });
    Value max = maxLoop.getResult(0);
    Value colAt = arith::AddIOp::create(lb, loc, col, index(lb, 2));
    auto sumLoop = scf::ForOp::create(
        lb, loc, index(lb, 0), index(lb, chunks), index(lb, 1),
        ValueRange{real(lb, 0), real(lb, 0)},
        [&](OpBuilder &nb, Location, Value c, ValueRange acc) {
          Value m = memref::LoadOp::create(nb, loc, ws, wsAt(nb, c, rowIvs, 0));
          Value w = math::ExpOp::create(nb, loc, arith::SubFOp::create(nb, loc, m, max));
          // A chunk that saw no key weighs 0 (its l and acc are 0).
          w = arith::SelectOp::create(
              nb, loc, arith::CmpFOp::create(nb, loc, P::OEQ, m, real(nb, -INFINITY)),
              real(nb, 0), w);
          Value l = memref::LoadOp::create(nb, loc, ws, wsAt(nb, c, rowIvs, 1));
          llvm::SmallVector<Value> at{c};
          at.append(rowIvs.begin(), rowIvs.end());
          at.push_back(colAt);
          Value a = memref::LoadOp::create(nb, loc, ws, at);
          scf::YieldOp::create(
              nb, loc,
              ValueRange{
                  arith::AddFOp::create(nb, loc, acc[0], arith::MulFOp::create(nb, loc, l, w)),
                  arith::AddFOp::create(nb, loc, acc[1], arith::MulFOp::create(nb, loc, a, w))});
        });
    Value result = arith::DivFOp::create(lb, loc, sumLoop.getResult(1), sumLoop.getResult(0));
    Value none = arith::CmpFOp::create(lb, loc, P::OEQ, max, real(lb, -INFINITY));
    result = arith::SelectOp::create(lb, loc, none, real(lb, NAN), result);
    if (outElement != ct)
      result = arith::TruncFOp::create(lb, loc, outElement, result);
    memref::StoreOp::create(lb, loc, result, out, ivs);
  }

  Location loc;
  llvm::ArrayRef<Value> ins;
  Value out, mask, ws;
  const KernelLoops &loops;
  llvm::ArrayRef<int64_t> outShape;
  llvm::SmallVector<int64_t> rowShape, batch;
  int64_t r, seqDim, e, s, ev, groupColumns, groups, chunks, chunkKeys;
  bool seqFirst, causal, oneChunk;
  bool atRunTime = false;                // a symbolic kernel's buffers
  llvm::SmallVector<Value> rowSizes; // atRunTime: rowShape's sizes
  Value keys;                        // atRunTime: S
  Type ct, outElement;
  double scale;
};

} // namespace

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
LogicalResult CopyKernelEmitter::emitAttention(OpBuilder &b, Location loc, AttentionOp op,
                                               llvm::ArrayRef<Value> ins, Value out) {
  AttentionKernel kernel(b, loc, op, ins, out, loops);
  if (std::string why = kernel.refusal(); !why.empty())
    return op.emitError("gn-outline-kernels: ")
           << why << " is not supported yet (docs/symbolic-shapes.md, phase 4)";
  kernel.emit(b);
  return success();
}
