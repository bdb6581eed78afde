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
  auto bt = typeOf(*boxes), st = typeOf(*scores);
  if (bt.getRank() != 3 || bt.getDimSize(2) != 4 || st.getRank() != 3 ||
      st.getDimSize(0) != bt.getDimSize(0) || st.getDimSize(2) != bt.getDimSize(1))
    return a.error("expects bboxes [N, M, 4] and scores [N, C, M]");
  int64_t n = bt.getDimSize(0), classes = st.getDimSize(1), m = bt.getDimSize(1);
  if (m == 0)
    return a.error("expects at least one box");
  Type e = bt.getElementType(), i64 = ctx.i64Type(), i32 = ctx.builder.getI32Type();
  int64_t k = *topK > -1 ? std::min(*topK, m) : m;
  const double inf = std::numeric_limits<double>::infinity();
  Chain c{ctx};
  Value sc = c.convert(*scores, e);
  std::vector<Value> rows, kept, indices, perImage;
  for (int64_t img = 0; img < n; ++img) {
    Value imageBoxes = c.reshape(c.slice(*boxes, 0, img, img + 1), {m, 4});
    std::vector<Value> labels, values, order, keep, sortedBoxes;
    for (int64_t cls = 0; cls < classes; ++cls) {
      if (cls == *background)
        continue;
      Value s = c.reshape(c.slice(c.slice(sc, 0, img, img + 1), 1, cls, cls + 1), {m});
      Value above = c.op<gn::GtOp>({s, ctx.splat(e, *threshold)});
      Value masked = c.op<gn::WhereOp>({above, s, ctx.splat(e, -inf)});
      auto best = ctx.topK(masked, k, 0, /*largest=*/true);
      if (failed(best))
        return failure();
      Value sorted = c.op<gn::IndexSelectOp>({imageBoxes, best->second}, {ctx.i64("dim", 0)});
      Value survives = c.op<gn::NmsOp>({sorted}, {ctx.f64("iou_threshold", *iou),
                                                  ctx.f64("eta", *eta),
                                                  ctx.flag("pixel_offset", !*normalized)});
      keep.push_back(c.op<gn::AndOp>(
          {survives, c.op<gn::GtOp>({best->first, ctx.splat(e, *threshold)})}));
      values.push_back(best->first);
      order.push_back(best->second);
      sortedBoxes.push_back(sorted);
      labels.push_back(ctx.splat(e, (double)cls, {k}));
    }
    if (labels.empty())
      return a.error("every class is the background label");
    auto cat = [&](std::vector<Value> &parts) {
      return parts.size() == 1 ? parts[0] : c.op<gn::ConcatOp>(parts, {ctx.i64("dim", 0)});
    };
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
    rows.push_back(row);
    kept.push_back(keepAll);
    indices.push_back(flatIndex);
    perImage.push_back(c.reshape(
        c.op<gn::ReduceSumOp>({c.convert(keepAll, i32)},
                              {ctx.ints("dims", {0}), ctx.flag("keepdim", false)}),
        {1}));
  }
  auto cat = [&](std::vector<Value> &parts) {
    return parts.size() == 1 ? parts[0] : c.op<gn::ConcatOp>(parts, {ctx.i64("dim", 0)});
  };
  Value allRows = cat(rows), allKept = cat(kept), allIndex = cat(indices), counts = cat(perImage);
  if (!c.ok())
    return failure();
  auto at = ctx.nonzero(allKept);
  if (failed(at))
    return failure();
  int64_t found = typeOf(*at).getDimSize(0);
  Value where = c.reshape(*at, {found});
  Value out = c.op<gn::IndexSelectOp>({allRows, where}, {ctx.i64("dim", 0)});
  Value index = c.reshape(
      c.convert(c.op<gn::IndexSelectOp>({allIndex, where}, {ctx.i64("dim", 0)}), i32), {found, 1});
  if (!c.ok())
    return failure();
  return PyValue::tuple({PyValue::of(out), PyValue::of(index), PyValue::of(counts)});
}

} // namespace

void paddle::registerNmsOps(OpRegistry &r) {
  r.add("multiclass_nms3",
        "bboxes, scores, rois_num, score_threshold, nms_top_k, keep_top_k, nms_threshold=0.3, "
        "normalized=True, nms_eta=1.0, background_label=0",
        multiclassNms);
}
