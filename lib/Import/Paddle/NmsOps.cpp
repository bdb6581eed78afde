//===- NmsOps.cpp - PaddlePaddle's multi-class NMS --------------------------===//
//
// multiclass_nms3, the post-processing of PaddleDetection's exported models,
// as PaddlePaddle's CPU kernel computes it, over gn ops: per image and
// class, the scores above the threshold sorted (top nms_top_k), greedy NMS
// (gn.nms, adaptive with nms_eta, +1 pixel sides unless normalized), then
// across classes the keep_top_k best, listed by class and, within a class,
// by descending score. How many boxes survive depends on the data: one
// data-dependent site (gn.nonzero), learned from the inputs.
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include "gn/Import/Python/OpChain.h"
#include <limits>

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

/// Both NMS ops read bboxes [N, M, 4] (M > 0) and scores [N, C, M].
LogicalResult checkShapes(Args &a, Value boxes, Value scores) {
  auto bt = typeOf(boxes), st = typeOf(scores);
  if (bt.getRank() != 3 || bt.getDimSize(2) != 4 || st.getRank() != 3 ||
      st.getDimSize(0) != bt.getDimSize(0) || st.getDimSize(2) != bt.getDimSize(1))
    return a.error("expects bboxes [N, M, 4] and scores [N, C, M]");
  if (bt.getDimSize(1) == 0)
    return a.error("expects at least one box");
  return success();
}

/// One class's candidates in one image: its scores strictly above the
/// threshold sorted descending (stably) and the top k, the others at -inf
/// (`valid` false); their box indices (`order`) and boxes.
struct Ranked {
  Value scores, order, boxes, valid;
};
Ranked rankClass(ImportContext &ctx, Chain &c, Value scores, Value imageBoxes, int64_t img,
                 int64_t cls, int64_t k, double threshold) {
  int64_t m = typeOf(imageBoxes).getDimSize(0);
  Type e = typeOf(scores).getElementType();
  Value s = c.reshape(c.slice(c.slice(scores, 0, img, img + 1), 1, cls, cls + 1), {m});
  Value masked = c.op<gn::WhereOp>({c.op<gn::GtOp>({s, ctx.splat(e, threshold)}), s,
                                    ctx.splat(e, -std::numeric_limits<double>::infinity())});
  Ranked r;
  if (!c.ok())
    return r;
  auto best = ctx.topK(masked, k, 0, /*largest=*/true);
  if (failed(best)) {
    c.take(failure());
    return r;
  }
  r.scores = best->first;
  r.order = best->second;
  r.boxes = c.op<gn::IndexSelectOp>({imageBoxes, r.order}, {ctx.i64("dim", 0)});
  r.valid = c.op<gn::GtOp>({r.scores, ctx.splat(e, threshold)});
  return r;
}

Value catRows(ImportContext &ctx, Chain &c, std::vector<Value> &parts) {
  return parts.size() == 1 ? parts[0] : c.op<gn::ConcatOp>(parts, {ctx.i64("dim", 0)});
}

/// The candidates of every image, and how the three outputs are gathered
/// from the survivors.
struct Detections {
  std::vector<Value> rows, kept, indices, counts;
  /// One image's candidates in output order: rows [T, 6] (label, score,
  /// box), whether each survives [T], its flat box index n * M + m [T].
  void add(ImportContext &ctx, Chain &c, Value row, Value keep, Value index) {
    rows.push_back(row);
    kept.push_back(keep);
    indices.push_back(index);
    Type i32 = ctx.builder.getI32Type();
    counts.push_back(c.reshape(c.op<gn::ReduceSumOp>({c.convert(keep, i32)},
                                                     {ctx.ints("dims", {0}),
                                                      ctx.flag("keepdim", false)}),
                               {1}));
  }
  /// (out [K, 6], index [K, 1] i32, per-image counts [N] i32): K, the
  /// survivors, is a data-dependent size learned from the inputs.
  FailureOr<PyValue> finish(ImportContext &ctx, Chain &c) {
    Value allRows = catRows(ctx, c, rows), allKept = catRows(ctx, c, kept),
          allIndex = catRows(ctx, c, indices), perImage = catRows(ctx, c, counts);
    if (!c.ok())
      return failure();
    auto at = ctx.nonzero(allKept);
    if (failed(at))
      return failure();
    int64_t k = typeOf(*at).getDimSize(0);
    Value where = c.reshape(*at, {k});
    Value out = c.op<gn::IndexSelectOp>({allRows, where}, {ctx.i64("dim", 0)});
    Value index = c.reshape(c.convert(c.op<gn::IndexSelectOp>({allIndex, where},
                                                              {ctx.i64("dim", 0)}),
                                      ctx.builder.getI32Type()),
                            {k, 1});
    if (!c.ok())
      return failure();
    return PyValue::tuple({PyValue::of(out), PyValue::of(index), PyValue::of(perImage)});
  }
};

/// multiclass_nms3(bboxes [N, M, 4], scores [N, C, M], rois_num,
/// score_threshold, nms_top_k, keep_top_k, nms_threshold, normalized,
/// nms_eta, background_label) -> (out [K, 6] of (label, score, x1, y1, x2,
/// y2), index [K, 1] i32 of n * M + m, nms_rois_num [N] i32).
FailureOr<PyValue> multiclassNms(ImportContext &ctx, Args &a) {
  auto boxes = a.tensor("bboxes"), scores = a.tensor("scores");
  auto roisNum = a.optionalTensor("rois_num");
  auto threshold = number(a, ctx, "score_threshold"), iou = number(a, ctx, "nms_threshold"),
       eta = number(a, ctx, "nms_eta");
  auto topK = a.integer("nms_top_k"), keepTopK = a.integer("keep_top_k"),
       background = a.integer("background_label");
  auto normalized = a.boolean("normalized");
  if (failed(boxes) || failed(scores) || failed(roisNum) || failed(threshold) || failed(iou) ||
      failed(eta) || failed(topK) || failed(keepTopK) || failed(background) || failed(normalized))
    return failure();
  if (*roisNum)
    return a.error("the rois_num form (per-RoI class boxes) is not supported");
  if (failed(checkShapes(a, *boxes, *scores)))
    return failure();
  auto bt = typeOf(*boxes), st = typeOf(*scores);
  int64_t n = bt.getDimSize(0), classes = st.getDimSize(1), m = bt.getDimSize(1);
  Type e = bt.getElementType(), i64 = ctx.i64Type();
  int64_t k = *topK > -1 ? std::min(*topK, m) : m;
  const double inf = std::numeric_limits<double>::infinity();
  Chain c{ctx};
  Value sc = c.convert(*scores, e);
  Detections found;
  for (int64_t img = 0; img < n; ++img) {
    Value imageBoxes = c.reshape(c.slice(*boxes, 0, img, img + 1), {m, 4});
    std::vector<Value> labels, values, order, keep, sortedBoxes;
    for (int64_t cls = 0; cls < classes; ++cls) {
      if (cls == *background)
        continue;
      Ranked best = rankClass(ctx, c, sc, imageBoxes, img, cls, k, *threshold);
      if (!c.ok())
        return failure();
      Value survives = c.op<gn::NmsOp>({best.boxes}, {ctx.f64("iou_threshold", *iou),
                                                      ctx.f64("eta", *eta),
                                                      ctx.flag("pixel_offset", !*normalized)});
      keep.push_back(c.op<gn::AndOp>({survives, best.valid}));
      values.push_back(best.scores);
      order.push_back(best.order);
      sortedBoxes.push_back(best.boxes);
      labels.push_back(ctx.splat(e, (double)cls, {k}));
    }
    if (labels.empty())
      return a.error("every class is the background label");
    auto cat = [&](std::vector<Value> &parts) { return catRows(ctx, c, parts); };
    int64_t total = k * (int64_t)labels.size();
    Value score = cat(values), keepAll = cat(keep);
    if (*keepTopK > -1 && *keepTopK < total) {
      // The keep_top_k best survivors (ties: the earlier class, then the
      // earlier rank, as PaddlePaddle's stable sort).
      Value ranked = c.op<gn::WhereOp>({keepAll, score, ctx.splat(e, -inf)});
      auto top = ctx.topK(ranked, *keepTopK, 0, /*largest=*/true);
      if (failed(top))
        return failure();
      Value chosen = c.op<gn::ScatterOp>(
          {ctx.splat(i64, 1, {*keepTopK}), ctx.splat(i64, 0, {total}), top->second},
          {ctx.i64("dim", 0), ctx.str("reduce", "none"), ctx.flag("include_self", true)});
      keepAll = c.op<gn::AndOp>({keepAll, c.op<gn::GtOp>({chosen, ctx.splat(i64, 0)})});
    }
    Value label = c.reshape(cat(labels), {total, 1});
    Value row = c.op<gn::ConcatOp>({label, c.reshape(score, {total, 1}), cat(sortedBoxes)},
                                   {ctx.i64("dim", 1)});
    Value flatIndex = c.op<gn::AddOp>({cat(order), ctx.splat(i64, (double)(img * m))});
    found.add(ctx, c, row, keepAll, flatIndex);
  }
  return found.finish(ctx, c);
}

/// The [k, k] IoU of `boxes` [k, 4] with each other, as PaddlePaddle's
/// JaccardOverlap: 0 for boxes apart (strictly), each side +1 pixel with
/// `offset` (so boxes that touch overlap), and an inverted box's area 0.
Value iouMatrix(ImportContext &ctx, Chain &c, Value boxes, int64_t k, bool offset) {
  Type e = typeOf(boxes).getElementType();
  Value one = ctx.splat(e, offset ? 1.0 : 0.0), zero = ctx.splat(e, 0);
  auto coord = [&](int64_t j, bool asRow) {
    return c.reshape(c.column(boxes, j), asRow ? llvm::SmallVector<int64_t>{1, k}
                                               : llvm::SmallVector<int64_t>{k, 1});
  };
  Value x1 = c.column(boxes, 0), y1 = c.column(boxes, 1), x2 = c.column(boxes, 2),
        y2 = c.column(boxes, 3);
  Value inverted = c.op<gn::OrOp>({c.op<gn::LtOp>({x2, x1}), c.op<gn::LtOp>({y2, y1})});
  Value area = c.op<gn::WhereOp>(
      {inverted, zero,
       c.op<gn::MulOp>({c.op<gn::AddOp>({c.op<gn::SubOp>({x2, x1}), one}),
                        c.op<gn::AddOp>({c.op<gn::SubOp>({y2, y1}), one})})});
  Value apart = c.op<gn::OrOp>(
      {c.op<gn::OrOp>({c.op<gn::GtOp>({coord(0, true), coord(2, false)}),
                       c.op<gn::LtOp>({coord(2, true), coord(0, false)})}),
       c.op<gn::OrOp>({c.op<gn::GtOp>({coord(1, true), coord(3, false)}),
                       c.op<gn::LtOp>({coord(3, true), coord(1, false)})})});
  Value w = c.op<gn::AddOp>({c.op<gn::SubOp>({c.op<gn::MinimumOp>({coord(2, false), coord(2, true)}),
                                              c.op<gn::MaximumOp>({coord(0, false), coord(0, true)})}),
                             one});
  Value h = c.op<gn::AddOp>({c.op<gn::SubOp>({c.op<gn::MinimumOp>({coord(3, false), coord(3, true)}),
                                              c.op<gn::MaximumOp>({coord(1, false), coord(1, true)})}),
                             one});
  Value inter = c.op<gn::MulOp>({w, h});
  Value uni = c.op<gn::SubOp>({c.op<gn::AddOp>({c.reshape(area, {k, 1}), c.reshape(area, {1, k})}),
                               inter});
  return c.op<gn::WhereOp>({apart, zero, c.op<gn::DivOp>({inter, uni})});
}

/// matrix_nms(bboxes [N, M, 4], scores [N, C, M], score_threshold,
/// nms_top_k, keep_top_k, post_threshold, use_gaussian, gaussian_sigma,
/// background_label, normalized) -> (out [K, 6], index [K, 1] i32,
/// roisnum [N] i32): per class, the scores above the threshold sorted (top
/// nms_top_k) and each decayed by its worst overlap with a higher box
/// (Matrix NMS: linear (1 - iou) / (1 - that box's own worst), or gaussian
/// exp((worst^2 - iou^2) * sigma)), kept above post_threshold; across
/// classes sorted by decayed score (stable), the keep_top_k first.
FailureOr<PyValue> matrixNms(ImportContext &ctx, Args &a) {
  auto boxes = a.tensor("bboxes"), scores = a.tensor("scores");
  auto threshold = number(a, ctx, "score_threshold"), post = number(a, ctx, "post_threshold"),
       sigma = number(a, ctx, "gaussian_sigma");
  auto topK = a.integer("nms_top_k"), keepTopK = a.integer("keep_top_k"),
       background = a.integer("background_label");
  auto gaussian = a.boolean("use_gaussian"), normalized = a.boolean("normalized");
  if (failed(boxes) || failed(scores) || failed(threshold) || failed(post) || failed(sigma) ||
      failed(topK) || failed(keepTopK) || failed(background) || failed(gaussian) ||
      failed(normalized))
    return failure();
  if (failed(checkShapes(a, *boxes, *scores)))
    return failure();
  auto bt = typeOf(*boxes), st = typeOf(*scores);
  int64_t n = bt.getDimSize(0), classes = st.getDimSize(1), m = bt.getDimSize(1);
  Type e = bt.getElementType(), i64 = ctx.i64Type();
  int64_t k = *topK > -1 ? std::min(*topK, m) : m;
  const double inf = std::numeric_limits<double>::infinity();
  Chain c{ctx};
  Value sc = c.convert(*scores, e);
  Type i64t = i64;
  Value rowIdx = c.reshape(c.arange(k, i64t), {k, 1}), colIdx = c.reshape(c.arange(k, i64t), {1, k});
  Value above = c.op<gn::LtOp>({rowIdx, colIdx}); // i < j: box i ranks above box j
  Detections found;
  for (int64_t img = 0; img < n; ++img) {
    Value imageBoxes = c.reshape(c.slice(*boxes, 0, img, img + 1), {m, 4});
    std::vector<Value> labels, decayed, order, keep, sortedBoxes;
    for (int64_t cls = 0; cls < classes; ++cls) {
      if (cls == *background)
        continue;
      Ranked best = rankClass(ctx, c, sc, imageBoxes, img, cls, k, *threshold);
      if (!c.ok())
        return failure();
      Value valid = best.valid, sorted = best.boxes;
      // Pairs (i, j) of selected boxes with i above j.
      Value pair = c.op<gn::AndOp>(
          {above, c.op<gn::AndOp>({c.reshape(valid, {k, 1}), c.reshape(valid, {1, k})})});
      Value iou = c.op<gn::WhereOp>({pair, iouMatrix(ctx, c, sorted, k, !*normalized),
                                     ctx.splat(e, 0)});
      // Each box's worst overlap with a box above it.
      Value worst = c.reshape(c.op<gn::ReduceMaxOp>({iou}, {ctx.ints("dims", {0}),
                                                            ctx.flag("keepdim", false)}),
                              {k, 1});
      Value decay =
          *gaussian
              ? c.op<gn::ExpOp>({c.op<gn::MulOp>(
                    {c.op<gn::SubOp>({c.op<gn::MulOp>({worst, worst}), c.op<gn::MulOp>({iou, iou})}),
                     ctx.splat(e, *sigma)})})
              : c.op<gn::DivOp>({c.op<gn::SubOp>({ctx.splat(e, 1), iou}),
                                 c.op<gn::SubOp>({ctx.splat(e, 1), worst})});
      Value least = c.op<gn::ReduceMinOp>(
          {c.op<gn::MinimumOp>({c.op<gn::WhereOp>({pair, decay, ctx.splat(e, 1)}), ctx.splat(e, 1)})},
          {ctx.ints("dims", {0}), ctx.flag("keepdim", false)});
      Value ds = c.op<gn::MulOp>({best.scores, least});
      keep.push_back(c.op<gn::AndOp>({valid, c.op<gn::GtOp>({ds, ctx.splat(e, *post)})}));
      decayed.push_back(c.op<gn::WhereOp>({valid, ds, ctx.splat(e, -inf)}));
      order.push_back(best.order);
      sortedBoxes.push_back(sorted);
      labels.push_back(ctx.splat(e, (double)cls, {k}));
    }
    if (labels.empty())
      return a.error("every class is the background label");
    auto cat = [&](std::vector<Value> &parts) { return catRows(ctx, c, parts); };
    int64_t total = k * (int64_t)labels.size();
    Value keepAll = cat(keep);
    Value ranked = c.op<gn::WhereOp>({keepAll, cat(decayed), ctx.splat(e, -inf)});
    // Every candidate by decayed score (stable); the kept come first.
    auto byScore = ctx.topK(ranked, total, 0, /*largest=*/true);
    if (failed(byScore))
      return failure();
    Value pos = byScore->second;
    Value label = c.reshape(cat(labels), {total, 1});
    Value row = c.op<gn::ConcatOp>({label, c.reshape(ranked, {total, 1}), cat(sortedBoxes)},
                                   {ctx.i64("dim", 1)});
    Value taken = c.op<gn::IndexSelectOp>({keepAll, pos}, {ctx.i64("dim", 0)});
    if (*keepTopK > -1 && *keepTopK < total)
      taken = c.op<gn::AndOp>(
          {taken, c.op<gn::LtOp>({c.arange(total, i64t), ctx.splat(i64t, (double)*keepTopK)})});
    Value flatIndex = c.op<gn::AddOp>({cat(order), ctx.splat(i64, (double)(img * m))});
    found.add(ctx, c, c.op<gn::IndexSelectOp>({row, pos}, {ctx.i64("dim", 0)}), taken,
              c.op<gn::IndexSelectOp>({flatIndex, pos}, {ctx.i64("dim", 0)}));
  }
  return found.finish(ctx, c);
}

/// nms(boxes [N, 4], threshold): the indices of the boxes kept by greedy
/// suppression in the given order (paddle.vision.ops.nms sorts by score
/// before calling it): a box is dropped when its IoU with a kept one
/// exceeds the threshold. A data-dependent size, learned from the inputs.
FailureOr<PyValue> nms(ImportContext &ctx, Args &a) {
  auto boxes = a.tensor("x");
  auto threshold = a.real("threshold");
  if (failed(boxes) || failed(threshold))
    return failure();
  auto type = typeOf(*boxes);
  if (type.getRank() != 2 || type.getDimSize(1) != 4)
    return a.error("expects boxes [N, 4]");
  if (type.getDimSize(0) == 0)
    return PyValue::of(ctx.splat(ctx.i64Type(), 0, {0}));
  Chain c{ctx};
  Value keep = c.op<gn::NmsOp>({*boxes}, {ctx.f64("iou_threshold", *threshold),
                                          ctx.f64("eta", 1.0), ctx.flag("pixel_offset", false)});
  if (!c.ok())
    return failure();
  auto kept = ctx.nonzero(keep);
  if (failed(kept))
    return failure();
  Value indices = c.reshape(*kept, {typeOf(*kept).getDimSize(0)});
  if (!c.ok())
    return failure();
  return PyValue::of(indices);
}

} // namespace

void paddle::registerNmsOps(OpRegistry &r) {
  r.add("nms", "x, threshold=1.0", nms);
  r.add("matrix_nms",
        "bboxes, scores, score_threshold, nms_top_k, keep_top_k, post_threshold=0.0, "
        "use_gaussian=False, gaussian_sigma=2.0, background_label=0, normalized=True",
        matrixNms);
  r.add("multiclass_nms3",
        "bboxes, scores, rois_num, score_threshold, nms_top_k, keep_top_k, nms_threshold=0.3, "
        "normalized=True, nms_eta=1.0, background_label=0",
        multiclassNms);
}
