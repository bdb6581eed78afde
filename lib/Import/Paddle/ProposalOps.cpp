//===- ProposalOps.cpp - Paddle RoI ops of two-stage detectors -----------===//
//
// roi_align reads each box's bins from its image (gn.roi_align, its image
// found from boxes_num). generate_proposals decodes, filters and
// suppresses (gn.nms) the RPN's anchors; distribute_fpn_proposals splits
// boxes by FPN level. Their sizes depend on the data: gn.nonzero takes them
// (specialized to the sizes a run finds and guarded,
// gn/Support/ShapeGuard.h).
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Support/RoiAlignLimits.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

RankedTensorType typeOf(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

/// The image each of `rois` boxes belongs to, from boxes_num [B] (box r is
/// in image b when cumsum(num)[b-1] <= r < cumsum(num)[b]), as [R] i64.
Value imageOfBox(Chain &c, Value num, int64_t rois) {
  Type i64 = c.ctx.i64Type();
  int64_t images = typeOf(num).getDimSize(0);
  Value ends = c.reshape(c.op<gn::CumSumOp>({c.convert(num, i64)}, {c.ctx.i64("dim", 0)}),
                         {1, images});
  Value at = c.reshape(c.arange(rois, i64), {rois, 1});
  Value past = c.convert(c.op<gn::GeOp>({at, ends}), i64); // [R, B]: box r past image b
  return c.op<gn::ReduceSumOp>({past}, {c.ctx.ints("dims", {1})});
}

/// roi_align(x, boxes, boxes_num, pooled_height, pooled_width,
/// spatial_scale, sampling_ratio, aligned): x [N, C, H, W], boxes [R, 4],
/// boxes_num [N] (boxes per image, in order) -> [R, C, ph, pw].
FailureOr<PyValue> roiAlign(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), boxes = a.tensor("boxes");
  auto num = a.optionalTensor("boxes_num");
  auto ph = a.integer("pooled_height"), pw = a.integer("pooled_width"),
       ratio = a.integer("sampling_ratio");
  auto scale = a.real("spatial_scale");
  auto aligned = a.boolean("aligned");
  if (failed(x) || failed(boxes) || failed(num) || failed(ph) || failed(pw) || failed(ratio) ||
      failed(scale) || failed(aligned))
    return failure();
  if (*ratio > gn::kMaxRoiSamplingRatio)
    return a.error("sampling_ratio above " + llvm::Twine(gn::kMaxRoiSamplingRatio) +
                   " is not supported");
  if (typeOf(*boxes).getRank() != 2 || typeOf(*boxes).getDimSize(1) != 4)
    return a.error("expects boxes [R, 4]");
  int64_t rois = typeOf(*boxes).getDimSize(0);
  Chain c{ctx};
  Value image;
  if (*num) {
    if (typeOf(*num).getRank() != 1 || !typeOf(*num).getElementType().isSignlessInteger())
      return a.error("expects boxes_num to be a 1-d integer tensor");
    image = imageOfBox(c, *num, rois);
  } else {
    if (typeOf(*x).getRank() != 4 || typeOf(*x).getDimSize(0) != 1)
      return a.error("without boxes_num every box must read one image (x of batch 1)");
    image = ctx.splat(ctx.i64Type(), 0, {rois});
  }
  Value boxesAsX = c.convert(*boxes, typeOf(*x).getElementType());
  Value r = c.op<gn::RoiAlignOp>(
      {*x, boxesAsX, image},
      {ctx.i64("pooled_height", *ph), ctx.i64("pooled_width", *pw),
       ctx.f64("spatial_scale", *scale), ctx.i64("sampling_ratio", *ratio),
       ctx.flag("aligned", *aligned)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// distribute_fpn_proposals(fpn_rois, rois_num, min_level, max_level,
/// refer_level, refer_scale, pixel_offset) -> ([rois of each level],
/// [rois_num of each level], restore_index). A box of area A (0 when
/// x2 < x1 or y2 < y1; +1 on each side with pixel_offset) goes to level
/// clamp(floor(log2(sqrt(A) / refer_scale + 1e-6) + refer_level), min, max),
/// in float32 as Paddle's kernel. Each level keeps its boxes in input order;
/// restore_index [R, 1] i32 is each box's row in the levels' concatenation.
FailureOr<PyValue> distributeFpnProposals(ImportContext &ctx, Args &a) {
  auto rois = a.tensor("fpn_rois");
  auto num = a.optionalTensor("rois_num");
  auto minLevel = a.integer("min_level"), maxLevel = a.integer("max_level"),
       referLevel = a.integer("refer_level"), referScale = a.integer("refer_scale");
  auto pixelOffset = a.boolean("pixel_offset");
  if (failed(rois) || failed(num) || failed(minLevel) || failed(maxLevel) || failed(referLevel) ||
      failed(referScale) || failed(pixelOffset))
    return failure();
  auto roisType = typeOf(*rois);
  if (roisType.getRank() != 2 || roisType.getDimSize(1) != 4 ||
      !llvm::isa<FloatType>(roisType.getElementType()))
    return a.error("expects float fpn_rois [R, 4]");
  if (!*num)
    return a.error("rois_num is required (PaddlePaddle's kernel refuses boxes without it too)");
  if (typeOf(*num).getRank() != 1 || !typeOf(*num).getElementType().isSignlessInteger())
    return a.error("expects rois_num to be a 1-d integer tensor");
  if (*minLevel < 0 || *minLevel > *maxLevel || *maxLevel > 64)
    return a.error("expects 0 <= min_level <= max_level <= 64");
  if (*referScale == 0)
    return a.error("refer_scale must not be 0");
  int64_t r = roisType.getDimSize(0), images = typeOf(*num).getDimSize(0);
  Type e = roisType.getElementType(), i64 = ctx.i64Type(), i32 = ctx.builder.getI32Type();
  Chain c{ctx};
  auto scalar = [&](double v) { return ctx.splat(e, v); };
  Value x1 = c.column(*rois, 0), y1 = c.column(*rois, 1), x2 = c.column(*rois, 2),
        y2 = c.column(*rois, 3);
  Value w = c.op<gn::SubOp>({x2, x1}), h = c.op<gn::SubOp>({y2, y1});
  if (*pixelOffset) {
    w = c.op<gn::AddOp>({w, scalar(1)});
    h = c.op<gn::AddOp>({h, scalar(1)});
  }
  Value invalid = c.op<gn::OrOp>({c.op<gn::LtOp>({x2, x1}), c.op<gn::LtOp>({y2, y1})});
  Value area = c.op<gn::WhereOp>({invalid, scalar(0), c.op<gn::MulOp>({w, h})});
  Value ratio = c.op<gn::AddOp>(
      {c.op<gn::DivOp>({c.op<gn::SqrtOp>({area}), scalar(double(*referScale))}), scalar(1e-6)});
  Value log2 = c.op<gn::DivOp>({c.op<gn::LogOp>({ratio}), scalar(std::log(2.0))});
  Value level = c.op<gn::FloorOp>({c.op<gn::AddOp>({log2, scalar(double(*referLevel))})});
  level = c.op<gn::ClampOp>({level}, {ctx.f64("min", double(*minLevel)),
                                      ctx.f64("max", double(*maxLevel))});
  Value image = c.reshape(imageOfBox(c, *num, r), {r, 1});
  Value images2 = c.reshape(c.arange(images, i64), {1, images});
  Value inImage = c.op<gn::EqOp>({image, images2}); // [R, B]
  std::vector<PyValue> levelRois, levelNums;
  Value restore = ctx.splat(i64, 0, {r}), before = ctx.splat(i64, 0);
  for (int64_t l = *minLevel; l <= *maxLevel && c.ok(); ++l) {
    Value here = c.op<gn::EqOp>({level, scalar(double(l))}); // [R] i1
    if (!c.ok())
      return failure();
    auto at = ctx.nonzero(here);
    if (failed(at))
      return failure();
    int64_t count = typeOf(*at).getDimSize(0);
    levelRois.push_back(PyValue::of(c.op<gn::IndexSelectOp>(
        {*rois, c.reshape(*at, {count})}, {ctx.i64("dim", 0)})));
    Value inLevel = c.op<gn::AndOp>({inImage, c.reshape(here, {r, 1})});
    levelNums.push_back(PyValue::of(c.convert(
        c.op<gn::ReduceSumOp>({c.convert(inLevel, i64)}, {ctx.ints("dims", {0})}), i32)));
    // Row in the concatenation: the boxes of lower levels, then this
    // level's boxes before this one.
    Value ones = c.convert(here, i64);
    Value rank = c.op<gn::CumSumOp>({ones}, {ctx.i64("dim", 0)});
    Value row = c.op<gn::AddOp>({before, c.op<gn::SubOp>({rank, ctx.splat(i64, 1)})});
    restore = c.op<gn::WhereOp>({here, row, restore});
    before = c.op<gn::AddOp>({before, c.op<gn::ReduceSumOp>({ones}, {ctx.ints("dims", {0})})});
  }
  Value restoreIndex = c.reshape(c.convert(restore, i32), {r, 1});
  if (!c.ok())
    return failure();
  return PyValue::tuple({PyValue::tuple(std::move(levelRois)),
                         PyValue::tuple(std::move(levelNums)), PyValue::of(restoreIndex)});
}

/// The RPN proposals of one image (generateProposals): scores [M] and
/// deltas, anchors, variances [M, 4] in anchor order.
struct ImageProposals {
  Value rois, probs; // [S, 4], [S, 1]
  int64_t count;
};

FailureOr<ImageProposals> proposalsOfImage(ImportContext &ctx, Chain &c, Value scores,
                                           Value deltas, Value anchors, Value variances,
                                           Value imH, Value imW, int64_t preTop, int64_t postTop,
                                           double nmsThreshold, double minSize, double eta,
                                           bool pixelOffset) {
  Type e = typeOf(scores).getElementType();
  auto scalar = [&](double v) { return ctx.splat(e, v); };
  int64_t m = typeOf(scores).getDimSize(0);
  // The pre_nms_top_n best scores, best first (Paddle: nth_element, then
  // its NMS sorts by score; ties aside, this order).
  int64_t p = preTop > 0 && preTop < m ? preTop : m;
  auto top = ctx.topK(scores, p, 0, true);
  if (failed(top))
    return failure();
  Value best = top->first, at = top->second;
  auto pick = [&](Value v) { return c.op<gn::IndexSelectOp>({v, at}, {ctx.i64("dim", 0)}); };
  Value d = pick(deltas), an = pick(anchors), var = pick(variances);
  // Paddle's BoxCoder: the anchor's center and size, moved and scaled by
  // variance * delta (the scale's log clipped at log(1000 / 16)).
  double off = pixelOffset ? 1 : 0;
  auto col = [&](Value v, int64_t k) { return c.column(v, k); };
  Value aw = c.op<gn::AddOp>({c.op<gn::SubOp>({col(an, 2), col(an, 0)}), scalar(off)});
  Value ah = c.op<gn::AddOp>({c.op<gn::SubOp>({col(an, 3), col(an, 1)}), scalar(off)});
  Value acx = c.op<gn::AddOp>({col(an, 0), c.op<gn::MulOp>({scalar(0.5), aw})});
  Value acy = c.op<gn::AddOp>({col(an, 1), c.op<gn::MulOp>({scalar(0.5), ah})});
  auto moved = [&](int64_t k, Value size, Value center) {
    return c.op<gn::AddOp>(
        {c.op<gn::MulOp>({c.op<gn::MulOp>({col(var, k), col(d, k)}), size}), center});
  };
  auto scaled = [&](int64_t k, Value size) {
    Value logScale = c.op<gn::MinimumOp>(
        {c.op<gn::MulOp>({col(var, k), col(d, k)}), scalar(std::log(1000.0 / 16))});
    return c.op<gn::MulOp>({c.op<gn::ExpOp>({logScale}), size});
  };
  Value cx = moved(0, aw, acx), cy = moved(1, ah, acy);
  Value halfW = c.op<gn::DivOp>({scaled(2, aw), scalar(2)});
  Value halfH = c.op<gn::DivOp>({scaled(3, ah), scalar(2)});
  // Clipped into the image: max(min(v, size - offset), 0).
  auto clip = [&](Value v, Value size) {
    return c.op<gn::MaximumOp>(
        {c.op<gn::MinimumOp>({v, c.op<gn::SubOp>({size, scalar(off)})}), scalar(0)});
  };
  Value x1 = clip(c.op<gn::SubOp>({cx, halfW}), imW);
  Value y1 = clip(c.op<gn::SubOp>({cy, halfH}), imH);
  Value x2 = clip(c.op<gn::SubOp>({c.op<gn::AddOp>({cx, halfW}), scalar(off)}), imW);
  Value y2 = clip(c.op<gn::SubOp>({c.op<gn::AddOp>({cy, halfH}), scalar(off)}), imH);
  // Boxes of at least min_size (1 at least) each way; with pixel_offset,
  // centered inside the image.
  Value ws = c.op<gn::AddOp>({c.op<gn::SubOp>({x2, x1}), scalar(off)});
  Value hs = c.op<gn::AddOp>({c.op<gn::SubOp>({y2, y1}), scalar(off)});
  Value least = scalar(std::max(minSize, 1.0));
  Value keep = c.op<gn::AndOp>({c.op<gn::GeOp>({ws, least}), c.op<gn::GeOp>({hs, least})});
  if (pixelOffset) {
    Value xc = c.op<gn::AddOp>({x1, c.op<gn::DivOp>({ws, scalar(2)})});
    Value yc = c.op<gn::AddOp>({y1, c.op<gn::DivOp>({hs, scalar(2)})});
    keep = c.op<gn::AndOp>({keep, c.op<gn::AndOp>({c.op<gn::LeOp>({xc, imW}),
                                                   c.op<gn::LeOp>({yc, imH})})});
  }
  auto asColumn = [&](Value v) { return c.reshape(v, {p, 1}); };
  Value boxes = c.op<gn::ConcatOp>({asColumn(x1), asColumn(y1), asColumn(x2), asColumn(y2)},
                                   {ctx.i64("dim", 1)});
  if (!c.ok())
    return failure();
  auto kept = ctx.nonzero(keep);
  if (failed(kept))
    return failure();
  int64_t k = typeOf(*kept).getDimSize(0);
  if (k == 0) // Paddle gives one zero box of score 0
    return ImageProposals{ctx.splat(e, 0, {1, 4}), ctx.splat(e, 0, {1, 1}), 1};
  Value keptAt = c.reshape(*kept, {k});
  boxes = c.op<gn::IndexSelectOp>({boxes, keptAt}, {ctx.i64("dim", 0)});
  best = c.op<gn::IndexSelectOp>({best, keptAt}, {ctx.i64("dim", 0)});
  int64_t count = k;
  if (nmsThreshold > 0) {
    Value alive = c.op<gn::NmsOp>({boxes}, {ctx.f64("iou_threshold", nmsThreshold),
                                            ctx.f64("eta", eta),
                                            ctx.flag("pixel_offset", pixelOffset)});
    if (!c.ok())
      return failure();
    auto chosen = ctx.nonzero(alive);
    if (failed(chosen))
      return failure();
    int64_t s = typeOf(*chosen).getDimSize(0);
    count = postTop > 0 && postTop < s ? postTop : s;
    Value first = c.reshape(c.take(sliceAxis(ctx, *chosen, 0, 0, count)), {count});
    boxes = c.op<gn::IndexSelectOp>({boxes, first}, {ctx.i64("dim", 0)});
    best = c.op<gn::IndexSelectOp>({best, first}, {ctx.i64("dim", 0)});
  }
  if (!c.ok())
    return failure();
  return ImageProposals{boxes, c.reshape(best, {count, 1}), count};
}

/// generate_proposals(scores, bbox_deltas, im_shape, anchors, variances,
/// pre_nms_top_n, post_nms_top_n, nms_thresh, min_size, eta,
/// pixel_offset) -> (rpn_rois [S, 4], rpn_roi_probs [S, 1], rpn_rois_num
/// [N] i32), PaddlePaddle's RPN proposals (v2): per image the
/// pre_nms_top_n best anchors decoded, clipped and filtered by size, greedy
/// NMS (gn.nms) unless nms_thresh <= 0, then the post_nms_top_n first. The
/// sizes depend on the data (specialized and guarded, gn.nonzero).
FailureOr<PyValue> generateProposals(ImportContext &ctx, Args &a) {
  auto scores = a.tensor("scores"), deltas = a.tensor("bbox_deltas"), im = a.tensor("im_shape"),
       anchors = a.tensor("anchors"), variances = a.tensor("variances");
  auto pre = a.integer("pre_nms_top_n"), post = a.integer("post_nms_top_n");
  auto thresh = a.real("nms_thresh"), minSize = a.real("min_size"), eta = a.real("eta");
  auto pixelOffset = a.boolean("pixel_offset");
  if (failed(scores) || failed(deltas) || failed(im) || failed(anchors) || failed(variances) ||
      failed(pre) || failed(post) || failed(thresh) || failed(minSize) || failed(eta) ||
      failed(pixelOffset))
    return failure();
  auto st = typeOf(*scores);
  if (st.getRank() != 4 || !llvm::isa<FloatType>(st.getElementType()))
    return a.error("expects float scores [N, A, H, W]");
  int64_t n = st.getDimSize(0), na = st.getDimSize(1), h = st.getDimSize(2), w = st.getDimSize(3);
  int64_t m = na * h * w;
  if (n < 1)
    return a.error("expects at least one image");
  if (typeOf(*deltas).getShape() != llvm::ArrayRef<int64_t>{n, 4 * na, h, w})
    return a.error("expects bbox_deltas [N, 4A, H, W] for scores [N, A, H, W]");
  if (typeOf(*im).getShape() != llvm::ArrayRef<int64_t>{n, 2})
    return a.error("expects im_shape [N, 2]");
  for (Value v : {*anchors, *variances})
    if (typeOf(v).getRank() < 1 || typeOf(v).getNumElements() != 4 * m ||
        typeOf(v).getShape().back() != 4)
      return a.error("expects anchors and variances of A * H * W boxes ([H, W, A, 4] or [M, 4])");
  Type e = st.getElementType();
  Chain c{ctx};
  Value anchorRows = c.reshape(c.convert(*anchors, e), {m, 4});
  Value varianceRows = c.reshape(c.convert(*variances, e), {m, 4});
  Value imAsE = c.convert(*im, e);
  if (!c.ok())
    return failure();
  std::vector<Value> rois, probs;
  llvm::SmallVector<int32_t> counts;
  for (int64_t i = 0; i < n; ++i) {
    // Image i's scores as [H, W, A] and deltas as [H, W, A, 4], flattened.
    Value s = c.reshape(c.take(sliceAxis(ctx, *scores, 0, i, i + 1)), {na, h, w});
    Value d = c.reshape(c.take(sliceAxis(ctx, *deltas, 0, i, i + 1)), {4 * na, h, w});
    Value row = c.take(sliceAxis(ctx, imAsE, 0, i, i + 1));
    if (!c.ok())
      return failure();
    s = c.reshape(c.take(transpose(ctx, s, {1, 2, 0})), {m});
    d = c.reshape(c.take(transpose(ctx, d, {1, 2, 0})), {m, 4});
    Value imH = c.reshape(c.take(sliceAxis(ctx, row, 1, 0, 1)), {});
    Value imW = c.reshape(c.take(sliceAxis(ctx, row, 1, 1, 2)), {});
    if (!c.ok())
      return failure();
    auto one = proposalsOfImage(ctx, c, s, d, anchorRows, varianceRows, imH, imW, *pre, *post,
                                *thresh, *minSize, *eta, *pixelOffset);
    if (failed(one))
      return failure();
    rois.push_back(one->rois);
    probs.push_back(one->probs);
    counts.push_back((int32_t)one->count);
  }
  auto numType = RankedTensorType::get({n}, ctx.builder.getI32Type());
  Value num = gn::ConstantOp::create(ctx.builder, ctx.loc, numType,
                                     DenseElementsAttr::get(numType, llvm::ArrayRef(counts)));
  Value allRois = n == 1 ? rois[0] : c.op<gn::ConcatOp>(rois, {ctx.i64("dim", 0)});
  Value allProbs = n == 1 ? probs[0] : c.op<gn::ConcatOp>(probs, {ctx.i64("dim", 0)});
  if (!c.ok())
    return failure();
  return PyValue::tuple({PyValue::of(allRois), PyValue::of(allProbs), PyValue::of(num)});
}

} // namespace

void paddle::registerProposalOps(OpRegistry &r) {
  r.add("roi_align",
        "x, boxes, boxes_num, pooled_height, pooled_width, spatial_scale, sampling_ratio=-1, "
        "aligned=False",
        roiAlign);
  r.add("generate_proposals",
        "scores, bbox_deltas, im_shape, anchors, variances, pre_nms_top_n=6000, "
        "post_nms_top_n=1000, nms_thresh=0.5, min_size=0.1, eta=1.0, pixel_offset=False",
        generateProposals);
  r.add("distribute_fpn_proposals",
        "fpn_rois, rois_num, min_level, max_level, refer_level, refer_scale, pixel_offset=False",
        distributeFpnProposals);
}
