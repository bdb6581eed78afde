//===- VisionOps.cpp - torchvision's detection ops ------------------------===//
//
// torch.ops.torchvision.roi_align and nms, as Dynamo records them once it
// has inlined torchvision.ops' Python wrappers (boxes as [K, 5] rois with
// the image index first; batched_nms as its offsets plus nms).
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include "gn/Support/RoiAlignLimits.h"
#include "gn/Import/Python/OpChain.h"

using namespace mlir;
using namespace mlir::gn::import;

namespace {

/// roi_align(input [N, C, H, W], rois [K, 5], spatial_scale, pooled_height,
/// pooled_width, sampling_ratio, aligned) -> [K, C, ph, pw].
FailureOr<PyValue> roiAlign(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), rois = a.tensor("rois");
  auto scale = a.real("spatial_scale");
  auto ph = a.integer("pooled_height"), pw = a.integer("pooled_width"),
       ratio = a.integer("sampling_ratio");
  auto aligned = a.boolean("aligned");
  if (failed(x) || failed(rois) || failed(scale) || failed(ph) || failed(pw) || failed(ratio) ||
      failed(aligned))
    return failure();
  if (typeOf(*rois).getRank() != 2 || typeOf(*rois).getDimSize(1) != 5)
    return a.error("expects rois [K, 5] of (image index, x1, y1, x2, y2)");
  if (*ratio > gn::kMaxRoiSamplingRatio)
    return a.error("sampling_ratio above " + llvm::Twine(gn::kMaxRoiSamplingRatio) +
                   " is not supported");
  int64_t k = typeOf(*rois).getDimSize(0);
  Type e = typeOf(*x).getElementType();
  Chain c{ctx};
  Value r = c.convert(*rois, e);
  Value image = c.convert(c.reshape(c.slice(r, 1, 0, 1), {k}), ctx.i64Type());
  Value boxes = c.slice(r, 1, 1, 5);
  Value out = c.op<gn::RoiAlignOp>(
      {*x, boxes, image},
      {ctx.i64("pooled_height", *ph), ctx.i64("pooled_width", *pw),
       ctx.f64("spatial_scale", *scale), ctx.i64("sampling_ratio", *ratio),
       ctx.flag("aligned", *aligned)});
  if (*aligned && *ratio <= 0) {
    // An aligned box of no width or height has an empty sampling grid:
    // torchvision divides by max(count, 1) and gives 0, where gn.roi_align
    // (PaddlePaddle's rule) gives 0 / 0.
    auto side = [&](int64_t lo, int64_t hi) {
      Value extent = c.op<gn::SubOp>({c.column(boxes, hi), c.column(boxes, lo)});
      return c.op<gn::LeOp>(
          {c.op<gn::MulOp>({extent, ctx.splat(e, *scale)}), ctx.splat(e, 0)});
    };
    Value empty = c.reshape(c.op<gn::OrOp>({side(0, 2), side(1, 3)}), {k, 1, 1, 1});
    out = c.op<gn::WhereOp>({empty, ctx.splat(e, 0), out});
  }
  if (!c.ok())
    return failure();
  return PyValue::of(out);
}

/// nms(boxes [K, 4], scores [K], iou_threshold) -> the kept boxes' indices,
/// by descending score (a data-dependent size, learned from the inputs).
FailureOr<PyValue> nms(ImportContext &ctx, Args &a) {
  auto boxes = a.tensor("dets"), scores = a.tensor("scores");
  auto threshold = a.real("iou_threshold");
  if (failed(boxes) || failed(scores) || failed(threshold))
    return failure();
  if (typeOf(*boxes).getRank() != 2 || typeOf(*boxes).getDimSize(1) != 4 ||
      typeOf(*scores).getRank() != 1 ||
      typeOf(*scores).getDimSize(0) != typeOf(*boxes).getDimSize(0))
    return a.error("expects boxes [K, 4] and scores [K]");
  int64_t k = typeOf(*boxes).getDimSize(0);
  if (k == 0)
    return PyValue::of(ctx.splat(ctx.i64Type(), 0, {0}));
  auto order = ctx.topK(*scores, k, 0, /*largest=*/true);
  if (failed(order))
    return failure();
  Chain c{ctx};
  Value sorted = c.op<gn::IndexSelectOp>({*boxes, order->second}, {ctx.i64("dim", 0)});
  Value keep = c.op<gn::NmsOp>({sorted}, {ctx.f64("iou_threshold", *threshold),
                                          ctx.f64("eta", 1.0), ctx.flag("pixel_offset", false)});
  if (!c.ok())
    return failure();
  auto at = ctx.nonzero(keep);
  if (failed(at))
    return failure();
  int64_t count = typeOf(*at).getDimSize(0);
  Value kept = c.op<gn::IndexSelectOp>({order->second, c.reshape(*at, {count})},
                                       {ctx.i64("dim", 0)});
  if (!c.ok())
    return failure();
  return PyValue::of(kept);
}

} // namespace

void mlir::gn::import::registerVisionOps(OpRegistry &r) {
  r.add("ops.torchvision.roi_align|ops.torchvision.roi_align.default",
        "input, rois, spatial_scale, pooled_height, pooled_width, sampling_ratio, aligned",
        roiAlign);
  r.add("ops.torchvision.nms|ops.torchvision.nms.default", "dets, scores, iou_threshold", nms);
}
