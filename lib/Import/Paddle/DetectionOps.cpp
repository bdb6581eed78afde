//===- DetectionOps.cpp - Paddle deformable conv, prior and YOLO boxes ---===//
//
// Ops of detection models that gn has no op for, decomposed into gn ops:
// a deformable convolution samples its input with gn.grid_sample and
// contracts with gn.matmul; prior boxes depend only on shapes and are
// constants; YOLO box decoding and box_coder are elementwise.
//
//===----------------------------------------------------------------------===//
#include "PaddleOps.h"
#include "gn/Import/Python/OpChain.h"
#include <array>
#include <cmath>

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

/// A 1-d f32 constant.
Value vector(ImportContext &ctx, llvm::ArrayRef<float> values, llvm::ArrayRef<int64_t> shape) {
  auto type = RankedTensorType::get(shape, ctx.f32());
  return gn::ConstantOp::create(ctx.builder, ctx.loc, type,
                                DenseElementsAttr::get(type, values));
}

/// deformable_conv(x, offset, filter, mask, strides, paddings, dilations,
/// deformable_groups, groups, im2col_step): DCN v1 (no mask) and v2. Tap k
/// of output (ho, wo) reads x bilinearly at
///   (ho*sh - ph + kh*dh + offset[2k], wo*sw - pw + kw*dw + offset[2k+1]),
/// zero outside x, scaled by mask[k]. The samples are grid_sample's with
/// align_corners (pixel p is at 2p/(size-1) - 1), so out-of-range corners
/// read zero as in Paddle's kernel.
FailureOr<PyValue> deformableConv(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), offset = a.tensor("offset"), filter = a.tensor("filter");
  auto mask = a.optionalTensor("mask");
  auto strides = a.ints("strides", 2), paddings = a.ints("paddings", 2),
       dilations = a.ints("dilations", 2);
  auto dg = a.integer("deformable_groups"), groups = a.integer("groups");
  if (failed(x) || failed(offset) || failed(filter) || failed(mask) || failed(strides) ||
      failed(paddings) || failed(dilations) || failed(dg) || failed(groups))
    return failure();
  auto xt = typeOf(*x), ft = typeOf(*filter), ot = typeOf(*offset);
  if (xt.getRank() != 4 || ft.getRank() != 4 || ot.getRank() != 4)
    return a.error("expects 4-d NCHW x, offset and OIHW filter");
  int64_t n = xt.getDimSize(0), c = xt.getDimSize(1), h = xt.getDimSize(2),
          w = xt.getDimSize(3);
  int64_t o = ft.getDimSize(0), kh = ft.getDimSize(2), kw = ft.getDimSize(3), k = kh * kw;
  int64_t ho = ot.getDimSize(2), wo = ot.getDimSize(3);
  for (int64_t i = 0; i < 2; ++i)
    if ((*strides)[i] < 1 || (*dilations)[i] < 1 || (*paddings)[i] < 0 ||
        (*strides)[i] > (int64_t(1) << 31) || (*dilations)[i] > (int64_t(1) << 31) ||
        (*paddings)[i] > (int64_t(1) << 31))
      return a.error("strides and dilations must be in [1, 2^31] and paddings in [0, 2^31]");
  if (*dg < 1 || *groups < 1 || *dg > std::max<int64_t>(c, 1) ||
      *groups > std::max<int64_t>(c, 1) || c % *dg != 0 || c % *groups != 0 || o % *groups != 0 ||
      ft.getDimSize(1) * *groups != c)
    return a.error("channels do not split into the given groups");
  if (ot.getDimSize(1) != 2 * k * *dg)
    return a.error("offset must have 2 * deformable_groups * kh * kw channels");
  if (*mask && typeOf(*mask).getDimSize(1) != k * *dg)
    return a.error("mask must have deformable_groups * kh * kw channels");
  if (h < 2 || w < 2)
    return a.error("inputs of height or width 1 are not supported");
  auto [sh, sw] = std::pair((*strides)[0], (*strides)[1]);
  auto [ph, pw] = std::pair((*paddings)[0], (*paddings)[1]);
  auto [dh, dw] = std::pair((*dilations)[0], (*dilations)[1]);
  if (ho != (h + 2 * ph - (dh * (kh - 1) + 1)) / sh + 1 ||
      wo != (w + 2 * pw - (dw * (kw - 1) + 1)) / sw + 1)
    return a.error("offset's spatial size does not match the convolution's output");
  Type f32 = ctx.f32();
  int64_t cg = c / *dg;
  // Columns [N, C, K, Ho, Wo]: channel group g, tap t.
  llvm::SmallVector<Value> groupCols;
  for (int64_t g = 0; g < *dg; ++g) {
    auto xg = sliceAxis(ctx, *x, 1, g * cg, (g + 1) * cg);
    if (failed(xg))
      return failure();
    llvm::SmallVector<Value> taps;
    for (int64_t t = 0; t < k; ++t) {
      int64_t i = t / kw, j = t % kw;
      int64_t ch = g * 2 * k + 2 * t;
      auto offH = sliceAxis(ctx, *offset, 1, ch, ch + 1);
      auto offW = sliceAxis(ctx, *offset, 1, ch + 1, ch + 2);
      if (failed(offH) || failed(offW))
        return failure();
      // Grid coordinates: 2 * (base + offset) / (size - 1) - 1, [N, 1, Ho, Wo].
      llvm::SmallVector<float> baseH, baseW;
      for (int64_t y = 0; y < ho; ++y)
        baseH.push_back(static_cast<float>(y * sh - ph + i * dh));
      for (int64_t z = 0; z < wo; ++z)
        baseW.push_back(static_cast<float>(z * sw - pw + j * dw));
      auto posH = ctx.build<gn::AddOp>({*offH, vector(ctx, baseH, {1, 1, ho, 1})});
      auto posW = ctx.build<gn::AddOp>({*offW, vector(ctx, baseW, {1, 1, 1, wo})});
      if (failed(posH) || failed(posW))
        return failure();
      auto normalize = [&](Value pos, int64_t size) -> FailureOr<Value> {
        auto s = ctx.build<gn::MulOp>({pos, ctx.splat(f32, 2.0 / (size - 1))});
        if (failed(s))
          return failure();
        return ctx.build<gn::SubOp>({*s, ctx.splat(f32, 1.0)});
      };
      auto gy = normalize(*posH, h), gx = normalize(*posW, w);
      if (failed(gy) || failed(gx))
        return failure();
      // grid [N, Ho, Wo, 2] holds (x, y).
      auto cat = ctx.build<gn::ConcatOp>({*gx, *gy}, {ctx.i64("dim", 1)});
      if (failed(cat))
        return failure();
      auto grid = transpose(ctx, *cat, {0, 2, 3, 1});
      if (failed(grid))
        return failure();
      auto sampled = ctx.build<gn::GridSampleOp>(
          {*xg, *grid}, {ctx.str("mode", "bilinear"), ctx.str("padding_mode", "zeros"),
                         ctx.flag("align_corners", true)});
      if (failed(sampled))
        return failure();
      Value tap = *sampled;
      if (*mask) {
        auto m = sliceAxis(ctx, *mask, 1, g * k + t, g * k + t + 1);
        if (failed(m))
          return failure();
        auto scaled = ctx.build<gn::MulOp>({tap, *m});
        if (failed(scaled))
          return failure();
        tap = *scaled;
      }
      auto r = ctx.reshape(tap, {n, cg, 1, ho, wo});
      if (failed(r))
        return failure();
      taps.push_back(*r);
    }
    auto cols = ctx.build<gn::ConcatOp>(taps, {ctx.i64("dim", 2)});
    if (failed(cols))
      return failure();
    groupCols.push_back(*cols);
  }
  Value cols = groupCols.front();
  if (groupCols.size() > 1) {
    auto cat = ctx.build<gn::ConcatOp>(groupCols, {ctx.i64("dim", 1)});
    if (failed(cat))
      return failure();
    cols = *cat;
  }
  // out[n, g, o', l] = sum_(c', t) filter[g, o', c' * K + t] * cols[n, g, c' * K + t, l].
  int64_t gcnt = *groups;
  auto lhs = ctx.reshape(*filter, {gcnt, o / gcnt, c / gcnt * k});
  auto rhs = ctx.reshape(cols, {n, gcnt, c / gcnt * k, ho * wo});
  if (failed(lhs) || failed(rhs))
    return failure();
  auto prod = ctx.build<gn::MatmulOp>({*lhs, *rhs});
  if (failed(prod))
    return failure();
  return wrap(ctx.reshape(*prod, {n, o, ho, wo}));
}

/// prior_box(input, image, min_sizes, max_sizes, aspect_ratios, variances,
/// flip, clip, step_w, step_h, offset, min_max_aspect_ratios_order) ->
/// (boxes, variances), both [H, W, priors, 4] for input's H x W feature map:
/// SSD anchors normalized by image's size. Only shapes are read, so both
/// results are constants (computed in float, as Paddle's kernel does).
FailureOr<PyValue> priorBox(ImportContext &ctx, Args &a) {
  auto input = a.tensor("input"), image = a.tensor("image");
  auto floats = [&](llvm::StringRef name) -> FailureOr<llvm::SmallVector<float>> {
    const PyValue &v = a.get(name);
    llvm::SmallVector<float> out;
    if (!v.isSequence())
      return a.error("argument '" + name + "' must be a list of numbers, got " + v.describe());
    for (const PyValue &e : v.elts) {
      if (!e.isNumber())
        return a.error("argument '" + name + "' must hold numbers, got " + e.describe());
      out.push_back(static_cast<float>(e.asDouble()));
    }
    return out;
  };
  auto mins = floats("min_sizes"), maxs = floats("max_sizes"), ratios = floats("aspect_ratios"),
       variances = floats("variances");
  auto flip = a.boolean("flip"), clip = a.boolean("clip"),
       order = a.boolean("min_max_aspect_ratios_order");
  auto stepW = a.real("step_w"), stepH = a.real("step_h"), offset = a.real("offset");
  if (failed(input) || failed(image) || failed(mins) || failed(maxs) || failed(ratios) ||
      failed(variances) || failed(flip) || failed(clip) || failed(order) || failed(stepW) ||
      failed(stepH) || failed(offset))
    return failure();
  auto it = typeOf(*input), imt = typeOf(*image);
  if (it.getRank() != 4 || imt.getRank() != 4)
    return a.error("expects 4-d NCHW input and image");
  if (variances->size() != 4)
    return a.error("variances must hold 4 numbers");
  if (!maxs->empty() && maxs->size() != mins->size())
    return a.error("max_sizes must be empty or as long as min_sizes");
  int64_t fh = it.getDimSize(2), fw = it.getDimSize(3);
  float imgH = imt.getDimSize(2), imgW = imt.getDimSize(3);
  float sw = *stepW, sh = *stepH;
  if (sw == 0 || sh == 0) {
    sw = imgW / fw;
    sh = imgH / fh;
  }
  // 1, then each new ratio (and its inverse with flip).
  llvm::SmallVector<float> ars{1.0f};
  for (float r : *ratios) {
    if (llvm::any_of(ars, [&](float e) { return std::fabs(r - e) < 1e-6f; }))
      continue;
    ars.push_back(r);
    if (*flip)
      ars.push_back(1.0f / r);
  }
  llvm::SmallVector<float> boxes;
  int64_t priors = 0;
  for (int64_t y = 0; y < fh; ++y)
    for (int64_t x = 0; x < fw; ++x) {
      float cx = (x + static_cast<float>(*offset)) * sw;
      float cy = (y + static_cast<float>(*offset)) * sh;
      auto push = [&](float bw, float bh) {
        boxes.append({(cx - bw) / imgW, (cy - bh) / imgH, (cx + bw) / imgW, (cy + bh) / imgH});
      };
      size_t before = boxes.size();
      for (size_t s = 0; s < mins->size(); ++s) {
        float minSize = (*mins)[s];
        auto withRatios = [&](bool skipOne) {
          for (float ar : ars) {
            if (skipOne && std::fabs(ar - 1.0f) < 1e-6f)
              continue;
            push(minSize * std::sqrt(ar) / 2.0f, minSize / std::sqrt(ar) / 2.0f);
          }
        };
        auto withMax = [&] {
          if (!maxs->empty()) {
            float side = std::sqrt(minSize * (*maxs)[s]) / 2.0f;
            push(side, side);
          }
        };
        if (*order) {
          push(minSize / 2.0f, minSize / 2.0f);
          withMax();
          withRatios(true);
        } else {
          withRatios(false);
          withMax();
        }
      }
      priors = (boxes.size() - before) / 4;
    }
  if (*clip)
    for (float &b : boxes)
      b = std::min(std::max(b, 0.0f), 1.0f);
  llvm::SmallVector<float> vars;
  for (size_t i = 0; i < boxes.size() / 4; ++i)
    llvm::append_range(vars, *variances);
  llvm::SmallVector<int64_t> shape{fh, fw, priors, 4};
  return PyValue::tuple({PyValue::of(vector(ctx, boxes, shape)),
                         PyValue::of(vector(ctx, vars, shape))});
}

/// Sizes of a yolo_box input: batch N, A anchors, C classes, an H x W grid.
struct YoloSizes {
  int64_t n, na, nc, h, w;
};

/// The head's channels per anchor, [N, A, H, W] (cls: [N, A, C, H, W]); iou null unless iou_aware.
struct YoloHead {
  Value tx, ty, tw, th, obj, cls, iou;
};

/// Converts x to f32 and cuts it into the IoU (sigmoid) and each anchor's box and class channels.
FailureOr<YoloHead> splitYoloHead(ImportContext &ctx, Value x, bool iouAware, const YoloSizes &sz) {
  Type f32 = ctx.f32();
  auto in = ctx.convert(x, f32);
  if (failed(in))
    return failure();
  Value iou, body = *in;
  if (iouAware) {
    auto i = sliceAxis(ctx, *in, 1, 0, sz.na);
    auto b = sliceAxis(ctx, *in, 1, sz.na, typeOf(x).getDimSize(1));
    if (failed(i) || failed(b))
      return failure();
    auto s = ctx.build<gn::SigmoidOp>({*i});
    if (failed(s))
      return failure();
    iou = *s;
    body = *b;
  }
  auto grid = ctx.reshape(body, {sz.n, sz.na, 5 + sz.nc, sz.h, sz.w});
  if (failed(grid))
    return failure();
  // Channel c of every anchor: [N, A, H, W] (classes: [N, A, C, H, W]).
  auto channel = [&](int64_t c, int64_t count = 1) -> FailureOr<Value> {
    auto s = sliceAxis(ctx, *grid, 2, c, c + count);
    if (failed(s) || count > 1)
      return s;
    return ctx.reshape(*s, {sz.n, sz.na, sz.h, sz.w});
  };
  auto tx = channel(0), ty = channel(1), tw = channel(2), th = channel(3), obj = channel(4),
       cls = channel(5, sz.nc);
  if (failed(tx) || failed(ty) || failed(tw) || failed(th) || failed(obj) || failed(cls))
    return failure();
  return YoloHead{*tx, *ty, *tw, *th, *obj, *cls, iou};
}

/// Image height and width per batch, [N, 1, 1, 1] each.
struct ImageSize {
  Value height, width;
};

/// img_size [N, 2] in f32 as one height and one width per batch.
FailureOr<ImageSize> perBatchImageSize(ImportContext &ctx, Value imgSize, int64_t n) {
  auto size = ctx.convert(imgSize, ctx.f32());
  if (failed(size))
    return failure();
  auto imgH = sliceAxis(ctx, *size, 1, 0, 1), imgW = sliceAxis(ctx, *size, 1, 1, 2);
  if (failed(imgH) || failed(imgW))
    return failure();
  auto imgH4 = ctx.reshape(*imgH, {n, 1, 1, 1}), imgW4 = ctx.reshape(*imgW, {n, 1, 1, 1});
  if (failed(imgH4) || failed(imgW4))
    return failure();
  return ImageSize{*imgH4, *imgW4};
}

/// Box center, left to right as Paddle: (cell + sigmoid(t) * scale + bias) * img / cells.
FailureOr<Value> boxCenter(ImportContext &ctx, Value t, Value cells, Value img, int64_t count,
                           double scale) {
  Type f32 = ctx.f32();
  float bias = -0.5f * (static_cast<float>(scale) - 1.0f);
  auto s = ctx.build<gn::SigmoidOp>({t});
  if (failed(s))
    return failure();
  auto v = ctx.build<gn::MulOp>({*s, ctx.splat(f32, scale)});
  if (failed(v) || failed(v = ctx.build<gn::AddOp>({cells, *v})) ||
      failed(v = ctx.build<gn::AddOp>({*v, ctx.splat(f32, bias)})) ||
      failed(v = ctx.build<gn::MulOp>({*v, img})) ||
      failed(v = ctx.build<gn::DivOp>({*v, ctx.splat(f32, count)})))
    return failure();
  return v;
}

/// A box extent: exp(t) * anchor * img / input_size.
FailureOr<Value> boxExtent(ImportContext &ctx, Value t, llvm::ArrayRef<float> anchor, Value img,
                           int64_t inputSize) {
  Type f32 = ctx.f32();
  int64_t na = anchor.size();
  auto e = ctx.build<gn::ExpOp>({t});
  if (failed(e))
    return failure();
  auto v = ctx.build<gn::MulOp>({*e, vector(ctx, anchor, {1, na, 1, 1})});
  if (failed(v) || failed(v = ctx.build<gn::MulOp>({*v, img})) ||
      failed(v = ctx.build<gn::DivOp>({*v, ctx.splat(f32, inputSize)})))
    return failure();
  return v;
}

/// Box centers and extents in image pixels, [N, A, H, W] each.
struct YoloBoxes {
  Value cx, cy, bw, bh;
};

/// Decodes each anchor's box at each cell from the head's tx, ty, tw and th.
FailureOr<YoloBoxes> decodeBoxes(ImportContext &ctx, const YoloHead &head, const ImageSize &image,
                                 llvm::ArrayRef<int64_t> anchors, int64_t ratio, double scale,
                                 const YoloSizes &sz) {
  llvm::SmallVector<float> cols, rows, anchorW, anchorH;
  for (int64_t i = 0; i < sz.w; ++i)
    cols.push_back(i);
  for (int64_t i = 0; i < sz.h; ++i)
    rows.push_back(i);
  for (int64_t i = 0; i < sz.na; ++i) {
    anchorW.push_back(anchors[2 * i]);
    anchorH.push_back(anchors[2 * i + 1]);
  }
  auto cx = boxCenter(ctx, head.tx, vector(ctx, cols, {1, 1, 1, sz.w}), image.width, sz.w, scale);
  auto cy = boxCenter(ctx, head.ty, vector(ctx, rows, {1, 1, sz.h, 1}), image.height, sz.h, scale);
  auto bw = boxExtent(ctx, head.tw, anchorW, image.width, ratio * sz.w);
  auto bh = boxExtent(ctx, head.th, anchorH, image.height, ratio * sz.h);
  if (failed(cx) || failed(cy) || failed(bw) || failed(bh))
    return failure();
  return YoloBoxes{*cx, *cy, *bw, *bh};
}

/// Each box's confidence: sigmoid(obj), with iou_aware conf^(1 - f) * iou^f.
FailureOr<Value> boxConfidence(ImportContext &ctx, const YoloHead &head, bool iouAware,
                               double iouFactor) {
  Type f32 = ctx.f32();
  auto conf = ctx.build<gn::SigmoidOp>({head.obj});
  if (failed(conf) || !iouAware)
    return conf;
  auto c = ctx.build<gn::PowOp>({*conf, ctx.splat(f32, 1.0 - iouFactor)});
  auto i = ctx.build<gn::PowOp>({head.iou, ctx.splat(f32, iouFactor)});
  if (failed(c) || failed(i))
    return failure();
  return ctx.build<gn::MulOp>({*c, *i});
}

/// Corners (x0, y0, x1, y1), [N, A, H, W, 4]: clipped to the image, zero below the threshold.
FailureOr<Value> cornerBoxes(ImportContext &ctx, const YoloBoxes &boxes, const ImageSize &image,
                             Value below, Value zero, bool clip, const YoloSizes &sz) {
  Type f32 = ctx.f32();
  auto corner = [&](Value c, Value extentV, bool high, Value img) -> FailureOr<Value> {
    auto half = ctx.build<gn::DivOp>({extentV, ctx.splat(f32, 2.0)});
    if (failed(half))
      return failure();
    auto v = high ? ctx.build<gn::AddOp>({c, *half}) : ctx.build<gn::SubOp>({c, *half});
    if (failed(v))
      return failure();
    if (clip) {
      if (high) {
        auto limit = ctx.build<gn::SubOp>({img, ctx.splat(f32, 1.0)});
        if (failed(limit) || failed(v = ctx.build<gn::MinimumOp>({*v, *limit})))
          return failure();
      } else if (failed(v = ctx.build<gn::MaximumOp>({*v, zero}))) {
        return failure();
      }
    }
    auto kept = ctx.build<gn::WhereOp>({below, zero, *v});
    if (failed(kept))
      return failure();
    return ctx.reshape(*kept, {sz.n, sz.na, sz.h, sz.w, 1});
  };
  auto x0 = corner(boxes.cx, boxes.bw, false, image.width),
       y0 = corner(boxes.cy, boxes.bh, false, image.height),
       x1 = corner(boxes.cx, boxes.bw, true, image.width),
       y1 = corner(boxes.cy, boxes.bh, true, image.height);
  if (failed(x0) || failed(y0) || failed(x1) || failed(y1))
    return failure();
  return ctx.build<gn::ConcatOp>({*x0, *y0, *x1, *y1}, {ctx.i64("dim", 4)});
}

/// Scores [N, A*H*W, C] from conf and class probabilities, [N, A, 1 or C, H, W].
FailureOr<Value> classScores(ImportContext &ctx, Value conf5, Value probs, Value below5, Value zero,
                             const YoloSizes &sz) {
  auto scores = ctx.build<gn::MulOp>({conf5, probs});
  if (failed(scores))
    return failure();
  auto kept = ctx.build<gn::WhereOp>({below5, zero, *scores});
  if (failed(kept))
    return failure();
  auto perm = transpose(ctx, *kept, {0, 1, 3, 4, 2});
  if (failed(perm))
    return failure();
  return ctx.reshape(*perm, {sz.n, sz.na * sz.h * sz.w, sz.nc});
}

/// yolo_box(x, img_size, anchors, class_num, conf_thresh, downsample_ratio,
/// clip_bbox, scale_x_y, iou_aware, iou_aware_factor) -> (boxes [N, A*H*W, 4],
/// scores [N, A*H*W, class_num]): YOLOv3 head decoding. x is
/// [N, A * (5 + classes), H, W] (with iou_aware, A IoU channels first);
/// img_size [N, 2] holds (height, width). A box whose confidence is below
/// conf_thresh is all zeros, as are its scores.
FailureOr<PyValue> yoloBox(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), imgSize = a.tensor("img_size");
  auto anchors = a.ints("anchors");
  auto classes = a.integer("class_num"), ratio = a.integer("downsample_ratio");
  auto thresh = a.real("conf_thresh"), scale = a.real("scale_x_y"),
       iouFactor = a.real("iou_aware_factor");
  auto clip = a.boolean("clip_bbox"), iouAware = a.boolean("iou_aware");
  if (failed(x) || failed(imgSize) || failed(anchors) || failed(classes) || failed(ratio) ||
      failed(thresh) || failed(scale) || failed(iouFactor) || failed(clip) || failed(iouAware))
    return failure();
  auto xt = typeOf(*x);
  int64_t na = anchors->size() / 2, nc = *classes;
  if (xt.getRank() != 4 || anchors->size() % 2 != 0 ||
      xt.getDimSize(1) != na * (5 + nc) + (*iouAware ? na : 0))
    return a.error("x must be [N, anchors * (5 + class_num)" +
                   llvm::Twine(*iouAware ? " + anchors" : "") + ", H, W]");
  if (typeOf(*imgSize).getShape() != llvm::ArrayRef<int64_t>{xt.getDimSize(0), 2})
    return a.error("img_size must be [N, 2]");
  int64_t n = xt.getDimSize(0), h = xt.getDimSize(2), w = xt.getDimSize(3);
  Type f32 = ctx.f32();
  YoloSizes sz{n, na, nc, h, w};
  auto head = splitYoloHead(ctx, *x, *iouAware, sz);
  if (failed(head))
    return failure();
  auto image = perBatchImageSize(ctx, *imgSize, n);
  if (failed(image))
    return failure();
  auto boxes = decodeBoxes(ctx, *head, *image, *anchors, *ratio, *scale, sz);
  if (failed(boxes))
    return failure();
  auto confidence = boxConfidence(ctx, *head, *iouAware, *iouFactor);
  if (failed(confidence))
    return failure();
  auto below = ctx.build<gn::LtOp>({*confidence, ctx.splat(f32, *thresh)});
  if (failed(below))
    return failure();
  Value zero = ctx.splat(f32, 0.0);
  auto corners = cornerBoxes(ctx, *boxes, *image, *below, zero, *clip, sz);
  if (failed(corners))
    return failure();
  auto boxesOut = ctx.reshape(*corners, {n, na * h * w, 4});
  // Scores: conf * sigmoid(class logit), [N, A, C, H, W] -> [N, A*H*W, C].
  auto probs = ctx.build<gn::SigmoidOp>({head->cls});
  auto conf5 = ctx.reshape(*confidence, {n, na, 1, h, w});
  auto below5 = ctx.reshape(*below, {n, na, 1, h, w});
  if (failed(boxesOut) || failed(probs) || failed(conf5) || failed(below5))
    return failure();
  auto scoresOut = classScores(ctx, *conf5, *probs, *below5, zero, sz);
  if (failed(scoresOut))
    return failure();
  return PyValue::tuple({PyValue::of(*boxesOut), PyValue::of(*scoresOut)});
}

/// box_coder(prior_box, prior_box_var, target_box, code_type,
/// box_normalized, axis, variance) as PaddlePaddle's CPU kernel computes it.
/// Priors [M, 4] (x1, y1, x2, y2); widths gain 1 when not normalized.
/// - encode_center_size: targets [N, 4] -> [N, M, 4] offsets of each
///   target's centre and log size against each prior, divided by the
///   prior's variance (prior_box_var [M, 4] or the 4 `variance` values).
/// - decode_center_size: offsets [N, M, 4] -> boxes [N, M, 4]; axis 0 reads
///   prior j for column j, axis 1 prior i for row i.
FailureOr<PyValue> boxCoder(ImportContext &ctx, Args &a) {
  auto prior = a.tensor("prior_box"), target = a.tensor("target_box");
  auto priorVar = a.optionalTensor("prior_box_var");
  auto code = a.string("code_type");
  auto normalized = a.boolean("box_normalized");
  auto axis = a.integer("axis");
  if (failed(prior) || failed(target) || failed(priorVar) || failed(code) ||
      failed(normalized) || failed(axis))
    return failure();
  llvm::SmallVector<double> variance;
  if (a.has("variance")) {
    auto v = a.get("variance");
    if (!v.isSequence())
      return a.error("variance must be a list of 4 numbers");
    for (const PyValue &e : v.elts)
      variance.push_back(e.asDouble());
  }
  if (!variance.empty() && variance.size() != 4)
    return a.error("variance must have 4 values, got " + std::to_string(variance.size()));
  if (*priorVar && !variance.empty())
    return a.error("prior_box_var and variance must not both be given");
  auto pt = typeOf(*prior), tt = typeOf(*target);
  if (pt.getRank() != 2 || pt.getDimSize(1) != 4)
    return a.error("prior_box must be [M, 4]");
  bool encode = *code == "encode_center_size";
  if (!encode && *code != "decode_center_size")
    return a.error("code_type must be encode_center_size or decode_center_size, got '" + *code +
                   "'");
  Type e = pt.getElementType();
  double off = *normalized ? 0.0 : 1.0;
  int64_t m = pt.getDimSize(0);
  Chain c{ctx};
  auto k = [&](double v) { return ctx.splat(e, v); };
  auto add = [&](Value x, Value y) { return c.op<gn::AddOp>({x, y}); };
  auto sub = [&](Value x, Value y) { return c.op<gn::SubOp>({x, y}); };
  auto mul = [&](Value x, Value y) { return c.op<gn::MulOp>({x, y}); };
  auto div = [&](Value x, Value y) { return c.op<gn::DivOp>({x, y}); };
  // A prior's width, height and centre, shaped to broadcast over `shape`.
  auto priorParts = [&](llvm::ArrayRef<int64_t> shape) {
    Value x1 = c.reshape(c.column(*prior, 0), shape), y1 = c.reshape(c.column(*prior, 1), shape);
    Value w = add(sub(c.reshape(c.column(*prior, 2), shape), x1), k(off));
    Value h = add(sub(c.reshape(c.column(*prior, 3), shape), y1), k(off));
    return std::array<Value, 4>{w, h, add(x1, div(w, k(2))), add(y1, div(h, k(2)))};
  };
  // Variance k, shaped to broadcast over `shape` (the prior's), or none.
  auto varianceOf = [&](int64_t i, llvm::ArrayRef<int64_t> shape) -> Value {
    if (*priorVar)
      return c.reshape(c.column(*priorVar, i), shape);
    return variance.empty() ? Value() : k(variance[i]);
  };
  auto stack = [&](std::array<Value, 4> parts, int64_t n, int64_t cols) {
    llvm::SmallVector<Value> slabs;
    for (Value v : parts)
      slabs.push_back(c.reshape(v, {n, cols, 1}));
    return c.op<gn::ConcatOp>(slabs, {ctx.i64("dim", 2)});
  };
  Value out;
  if (encode) {
    if (tt.getRank() != 2 || tt.getDimSize(1) != 4)
      return a.error("encode_center_size takes target_box [N, 4]");
    int64_t n = tt.getDimSize(0);
    auto [pw, ph, pcx, pcy] = priorParts({1, m});
    auto col = [&](int64_t i) { return c.reshape(c.column(*target, i), {n, 1}); };
    Value tw = add(sub(col(2), col(0)), k(off)), th = add(sub(col(3), col(1)), k(off));
    Value tcx = div(add(col(2), col(0)), k(2)), tcy = div(add(col(3), col(1)), k(2));
    std::array<Value, 4> parts{div(sub(tcx, pcx), pw), div(sub(tcy, pcy), ph),
                               c.op<gn::LogOp>({c.op<gn::AbsOp>({div(tw, pw)})}),
                               c.op<gn::LogOp>({c.op<gn::AbsOp>({div(th, ph)})})};
    for (int64_t i = 0; i < 4; ++i)
      if (Value v = varianceOf(i, {1, m}))
        parts[i] = div(parts[i], v);
    out = stack(parts, n, m);
  } else {
    if (tt.getRank() != 3 || tt.getDimSize(2) != 4)
      return a.error("decode_center_size takes target_box [N, M, 4]");
    int64_t n = tt.getDimSize(0), cols = tt.getDimSize(1);
    if (*axis != 0 && *axis != 1)
      return a.error("axis must be 0 or 1, got " + std::to_string(*axis));
    if ((*axis == 0 ? cols : n) != m)
      return a.error("target_box's dim " + std::to_string(*axis == 0 ? 1 : 0) + " must count the " +
                     std::to_string(m) + " priors");
    llvm::SmallVector<int64_t> shape = *axis == 0 ? llvm::SmallVector<int64_t>{1, m}
                                                  : llvm::SmallVector<int64_t>{m, 1};
    auto [pw, ph, pcx, pcy] = priorParts(shape);
    auto t = [&](int64_t i) {
      Value v = c.reshape(c.slice(*target, 2, i, i + 1), {n, cols});
      if (Value var = varianceOf(i, shape))
        v = mul(v, var);
      return v;
    };
    Value cx = add(mul(t(0), pw), pcx), cy = add(mul(t(1), ph), pcy);
    Value w = mul(c.op<gn::ExpOp>({t(2)}), pw), h = mul(c.op<gn::ExpOp>({t(3)}), ph);
    Value halfW = div(w, k(2)), halfH = div(h, k(2));
    out = stack({sub(cx, halfW), sub(cy, halfH), sub(add(cx, halfW), k(off)),
                 sub(add(cy, halfH), k(off))},
                n, cols);
  }
  if (!c.ok())
    return failure();
  return PyValue::of(out);
}

} // namespace

void paddle::registerDetectionOps(OpRegistry &r) {
  r.add("box_coder",
        "prior_box, prior_box_var, target_box, code_type='encode_center_size', "
        "box_normalized=True, axis=0, variance=None",
        folded<boxCoder>);
  r.add("deformable_conv",
        "x, offset, filter, mask, strides, paddings, dilations, deformable_groups, groups, "
        "im2col_step",
        deformableConv);
  r.add("prior_box",
        "input, image, min_sizes, max_sizes, aspect_ratios, variances, flip=False, "
        "clip=False, step_w=0.0, step_h=0.0, offset=0.5, min_max_aspect_ratios_order=False",
        priorBox);
  r.add("yolo_box",
        "x, img_size, anchors, class_num, conf_thresh, downsample_ratio, clip_bbox=True, "
        "scale_x_y=1.0, iou_aware=False, iou_aware_factor=0.5",
        yoloBox);
}
