//===- DetectionKernels.cpp - roi_align, non-maximum suppression --------===//
//
// The box ops of detection models, in f64: RoIAlign's bilinear bin
// averages, and greedy non-maximum suppression.
//
//===----------------------------------------------------------------------===//
#include "Kernels.h"
#include "gn/Support/RoiAlignLimits.h"
#include "llvm/ADT/TypeSwitch.h"
#include <algorithm>
#include <array>
#include <cmath>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::interp;

namespace {

/// The grid points [first, last) of one roi_align bin along an axis that
/// can read the map: sample k sits at base + (k + 0.5) * step, and one
/// outside [-1, size] reads 0. One point of slack each way covers rounding;
/// the sampler checks each point exactly. Keeps a huge box as cheap as the
/// map it covers (RoiAlignOp; CopyKernels/Resize.cpp bounds the same way).
/// A base that is not finite reads nothing; a step that is not positive
/// (a box of no size, a fixed sampling ratio) takes the whole grid.
std::pair<int64_t, int64_t> roiSampleRange(double base, double step, double grid, int64_t size) {
  grid = std::min(grid, 0x1p62);
  if (!std::isfinite(base))
    return {0, 0};
  if (!(step > 0) || !std::isfinite(step))
    return {0, (int64_t)grid};
  double first = std::floor((-1 - base) / step - 0.5) - 1;
  double last = std::floor((double(size) - base) / step - 0.5) + 2;
  return {(int64_t)std::clamp(first, 0.0, grid), (int64_t)std::clamp(last, 0.0, grid)};
}

/// roi_align (RoiAlignOp's description): each output averages the bilinear
/// samples of its bin, Detectron's edge rule, in f64.
FailureOr<HostTensor> roiAlign(RoiAlignOp op, const HostTensor &x, const HostTensor &boxes,
                               const HostTensor &batch) {
  HostTensor out = makeResult(op);
  int64_t n = x.shape()[0], c = x.shape()[1], h = x.shape()[2], w = x.shape()[3];
  int64_t rois = boxes.shape()[0], ph = op.getPooledHeight(), pw = op.getPooledWidth();
  double scale = op.getSpatialScale().convertToDouble(), shift = op.getAligned() ? 0.5 : 0;
  int64_t ratio = op.getSamplingRatio();
  if (ratio > kMaxRoiSamplingRatio)
    return op.emitError() << "sampling_ratio " << ratio << " above " << kMaxRoiSamplingRatio
                          << " is not supported";
  // Bilinear read of plane at (y, x): 0 outside [-1, size], edge-clamped.
  auto sample = [&](int64_t plane, double y, double xx) {
    if (y < -1.0 || y > h || xx < -1.0 || xx > w)
      return 0.0;
    y = std::max(y, 0.0);
    xx = std::max(xx, 0.0);
    int64_t y0 = (int64_t)y, x0 = (int64_t)xx, y1 = y0 + 1, x1 = x0 + 1;
    if (y0 >= h - 1) {
      y0 = y1 = h - 1;
      y = (double)y0;
    }
    if (x0 >= w - 1) {
      x0 = x1 = w - 1;
      xx = (double)x0;
    }
    double ly = y - y0, lx = xx - x0, hy = 1 - ly, hx = 1 - lx;
    auto at = [&](int64_t yy, int64_t xi) { return loadAsDouble(x, plane + yy * w + xi); };
    return hy * hx * at(y0, x0) + hy * lx * at(y0, x1) + ly * hx * at(y1, x0) +
           ly * lx * at(y1, x1);
  };
  for (int64_t r = 0; r < rois; ++r) {
    double image = loadAsDouble(batch, r);
    if (!(image >= -double(n) && image < double(n))) // checked before the cast
      return op.emitError() << "box " << r << " reads image " << image << " of a batch of " << n;
    int64_t b = (int64_t)image;
    if (b < 0)
      b += n;
    double x0 = loadAsDouble(boxes, 4 * r) * scale - shift;
    double y0 = loadAsDouble(boxes, 4 * r + 1) * scale - shift;
    double rw = loadAsDouble(boxes, 4 * r + 2) * scale - shift - x0;
    double rh = loadAsDouble(boxes, 4 * r + 3) * scale - shift - y0;
    if (!op.getAligned()) {
      rw = std::max(rw, 1.0);
      rh = std::max(rh, 1.0);
    }
    bool finite = std::isfinite(x0) && std::isfinite(y0) && std::isfinite(rw) && std::isfinite(rh);
    double bh = rh / ph, bw = rw / pw;
    double gh = ratio > 0 ? ratio : std::ceil(rh / ph), gw = ratio > 0 ? ratio : std::ceil(rw / pw);
    double count = gh * gw; // Paddle's CPU kernel: no max(., 1), so 0 / 0 = NaN
    gh = finite ? std::max(gh, 0.0) : 0;
    gw = finite ? std::max(gw, 0.0) : 0;
    for (int64_t ch = 0; ch < c; ++ch) {
      int64_t plane = (b * c + ch) * h * w;
      for (int64_t i = 0; i < ph; ++i)
        for (int64_t j = 0; j < pw; ++j) {
          double sum = 0, yBase = y0 + i * bh, xBase = x0 + j * bw;
          auto [yFirst, yLast] = roiSampleRange(yBase, bh / gh, gh, h);
          auto [xFirst, xLast] = roiSampleRange(xBase, bw / gw, gw, w);
          for (int64_t iy = yFirst; iy < yLast; ++iy)
            for (int64_t ix = xFirst; ix < xLast; ++ix)
              sum += sample(plane, yBase + (iy + 0.5) * bh / gh, xBase + (ix + 0.5) * bw / gw);
          storeFromDouble(out, ((r * c + ch) * ph + i) * pw + j, finite ? sum / count : NAN);
        }
    }
  }
  return out;
}

/// Intersection over union of boxes a and b (x1, y1, x2, y2), each side
/// `offset` longer (Paddle's pixel_offset): 0 when they do not overlap,
/// PaddlePaddle's JaccardOverlap.
double boxIou(const double *a, const double *b, double offset) {
  if (b[0] > a[2] || b[2] < a[0] || b[1] > a[3] || b[3] < a[1])
    return 0;
  double w = std::min(a[2], b[2]) - std::max(a[0], b[0]) + offset;
  double h = std::min(a[3], b[3]) - std::max(a[1], b[1]) + offset;
  double inter = w * h;
  double areaA = (a[2] - a[0] + offset) * (a[3] - a[1] + offset);
  double areaB = (b[2] - b[0] + offset) * (b[3] - b[1] + offset);
  return inter / (areaA + areaB - inter);
}

/// Greedy NMS in index order (NmsOp's description).
HostTensor nms(NmsOp op, const HostTensor &boxes) {
  HostTensor out = makeResult(op);
  int64_t k = boxes.shape()[0];
  double offset = op.getPixelOffset() ? 1 : 0, eta = op.getEta().convertToDouble();
  double threshold = op.getIouThreshold().convertToDouble();
  std::vector<std::array<double, 4>> b(k);
  for (int64_t i = 0; i < k; ++i)
    for (int64_t c = 0; c < 4; ++c)
      b[i][c] = loadAsDouble(boxes, 4 * i + c);
  std::vector<int64_t> kept;
  for (int64_t i = 0; i < k; ++i) {
    bool keep = true;
    for (int64_t j : kept)
      keep = keep && boxIou(b[i].data(), b[j].data(), offset) <= threshold;
    storeFromDouble(out, i, keep);
    if (keep) {
      kept.push_back(i);
      if (eta < 1 && threshold > 0.5)
        threshold *= eta;
    }
  }
  return out;
}

} // namespace

std::optional<LogicalResult> mlir::gn::interp::runDetection(Operation *op, Operands in,
                                                            Results &out) {
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](RoiAlignOp r) -> std::optional<LogicalResult> {
        auto t = roiAlign(r, in[0], in[1], in[2]);
        if (failed(t))
          return failure();
        out.push_back(std::move(*t));
        return success();
      })
      .Case([&](NmsOp n) -> std::optional<LogicalResult> {
        out.push_back(nms(n, in[0]));
        return success();
      })
      .Default([](Operation *) { return std::nullopt; });
}
