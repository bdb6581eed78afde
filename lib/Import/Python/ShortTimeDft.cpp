//===- ShortTimeDft.cpp - stft and istft over the shared DFT ---------------===//
//
// The short-time DFT frames the signal (a constant gather of overlapping
// windows), multiplies each frame by the window and takes the DFT along the
// frame (Spectral.cpp's matmul with cos/sin tables). The inverse takes each
// frame's inverse DFT, multiplies it by the window again and overlap-adds
// the frames (col2im, as PyTorch does), divided by the window's squared
// overlap-add.
//
//===----------------------------------------------------------------------===//
#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/Spectral.h"
#include "gn/Import/Python/TensorAlgebra.h"

using namespace mlir;
using namespace mlir::gn::import;

namespace {

RankedTensorType typeOfValue(Value v) { return llvm::cast<RankedTensorType>(v.getType()); }

/// The window as nFft values of `element`: ones when none is given, else
/// zero-padded on both sides to nFft, centered (PyTorch's left pad is
/// (nFft - length) / 2).
FailureOr<Value> paddedWindow(ImportContext &ctx, const ShortTimeDft &p, Type element) {
  if (!p.window)
    return ctx.splat(element, 1.0, {p.nFft});
  auto type = typeOfValue(p.window);
  if (type.getRank() != 1 || type.getDimSize(0) < 1 || type.getDimSize(0) > p.nFft)
    return ctx.error("the window must be 1-d with between 1 and n_fft (" + llvm::Twine(p.nFft) +
                     ") values");
  auto w = ctx.convert(p.window, element);
  if (failed(w))
    return failure();
  int64_t n = type.getDimSize(0), left = (p.nFft - n) / 2;
  if (n == p.nFft)
    return *w;
  return ctx.build<gn::PadOp>({*w}, {ctx.ints("low", {left}), ctx.ints("high", {p.nFft - n - left}),
                                     ctx.str("mode", "constant"), ctx.f64("value", 0)});
}

LogicalResult checkFraming(ImportContext &ctx, const ShortTimeDft &p) {
  if (p.nFft < 1)
    return ctx.error("n_fft must be positive, got " + llvm::Twine(p.nFft));
  if (p.hop < 1)
    return ctx.error("hop_length must be positive, got " + llvm::Twine(p.hop));
  return success();
}

} // namespace

FailureOr<std::pair<Value, Value>> mlir::gn::import::shortTimeDft(ImportContext &ctx, Value re,
                                                                  Value im,
                                                                  const ShortTimeDft &p) {
  if (failed(checkFraming(ctx, p)))
    return failure();
  if (im && p.onesided)
    return ctx.error("a complex input has no onesided short-time DFT (onesided=False)");
  Type element = typeOfValue(re).getElementType();
  auto window = paddedWindow(ctx, p, element);
  if (failed(window))
    return failure();
  Chain c{ctx};
  // Each part padded, framed and windowed alike: [B, L] -> [B, frames, nFft].
  int64_t frames = 0;
  auto frame = [&](Value part) -> Value {
    if (!part)
      return part;
    Value v = part;
    if (p.center) {
      int64_t pad = p.nFft / 2;
      if (p.padMode == "reflect" && pad >= typeOfValue(v).getDimSize(1))
        return c.take(ctx.error("reflect padding of " + llvm::Twine(pad) +
                                " needs a signal longer than that, got " +
                                llvm::Twine(typeOfValue(v).getDimSize(1))));
      v = c.op<gn::PadOp>({v}, {ctx.ints("low", {0, pad}), ctx.ints("high", {0, pad}),
                                ctx.str("mode", p.padMode), ctx.f64("value", 0)});
    }
    if (!c.ok())
      return {};
    if (typeOfValue(v).getDimSize(1) < p.nFft)
      return c.take(ctx.error("n_fft (" + llvm::Twine(p.nFft) + ") is longer than the " +
                              (p.center ? "padded " : "") + "signal (" +
                              llvm::Twine(typeOfValue(v).getDimSize(1)) + ")"));
    Value framed = c.take(algebra::windows(ctx, v, 1, p.nFft, p.hop, 1, frames));
    return c.op<gn::MulOp>({framed, *window});
  };
  Value fRe = frame(re), fIm = frame(im);
  if (!c.ok())
    return failure();
  auto out = dft(ctx, fRe, fIm, {2}, p.onesided, /*inverse=*/false,
                 p.normalized ? DftNorm::Ortho : DftNorm::Backward);
  if (failed(out))
    return failure();
  Value oRe = c.transpose(out->first, {0, 2, 1}), oIm = c.transpose(out->second, {0, 2, 1});
  if (!c.ok())
    return failure();
  return std::make_pair(oRe, oIm);
}

FailureOr<Value> mlir::gn::import::inverseShortTimeDft(ImportContext &ctx, Value re, Value im,
                                                       const ShortTimeDft &p, int64_t length) {
  if (failed(checkFraming(ctx, p)))
    return failure();
  auto type = typeOfValue(re);
  int64_t batch = type.getDimSize(0), freqs = type.getDimSize(1), frames = type.getDimSize(2);
  int64_t half = p.nFft / 2 + 1;
  if (freqs != (p.onesided ? half : p.nFft))
    return ctx.error("istft: " + llvm::Twine(freqs) + " frequencies, expected " +
                     llvm::Twine(p.onesided ? half : p.nFft) + " for n_fft " +
                     llvm::Twine(p.nFft) + (p.onesided ? " (onesided)" : ""));
  if (frames < 1)
    return ctx.error("istft needs at least one frame");
  Type element = type.getElementType();
  auto window = paddedWindow(ctx, p, element);
  if (failed(window))
    return failure();
  Chain c{ctx};
  // A full spectrum with a real result: its first half, as PyTorch does.
  if (!p.onesided) {
    re = c.slice(re, 1, 0, half);
    im = im ? c.slice(im, 1, 0, half) : im;
  }
  if (!c.ok())
    return failure();
  auto signal = irfft(ctx, re, im, 1, p.nFft, p.normalized ? DftNorm::Ortho : DftNorm::Backward);
  if (failed(signal))
    return failure();
  // [B, nFft, frames], each frame windowed, overlap-added by col2im.
  Value w = c.reshape(*window, {p.nFft, 1});
  Value windowed = c.op<gn::MulOp>({*signal, w});
  int64_t full = p.nFft + p.hop * (frames - 1);
  auto overlapAdd = [&](Value columns, int64_t n) {
    Value image = c.take(algebra::col2im(ctx, columns, {1, full}, {1, p.nFft}, {1, 1}, {0, 0},
                                         {0, 0}, {1, p.hop}));
    return c.reshape(image, {n, full});
  };
  Value y = overlapAdd(windowed, batch);
  Value squares = c.op<gn::BroadcastToOp>({c.op<gn::MulOp>({w, w})},
                                          {ctx.ints("shape", {p.nFft, frames})});
  Value envelope = overlapAdd(c.reshape(squares, {1, p.nFft, frames}), 1);
  int64_t start = p.center ? p.nFft / 2 : 0;
  int64_t end = length >= 0 ? start + length : p.center ? full - p.nFft / 2 : full;
  int64_t kept = std::min(end, full);
  if (kept < start)
    return ctx.error("istft: the frames give " + llvm::Twine(full) + " samples, fewer than the " +
                     llvm::Twine(start) + " the centering cuts away");
  y = c.slice(y, 1, start, kept);
  envelope = c.slice(envelope, 1, start, kept);
  // PyTorch raises where the envelope is 1e-11 or less ("window overlap
  // add min"); so does the run here.
  if (kept > start)
    envelope = c.op<gn::CheckOp>(
        {envelope, c.op<gn::GtOp>({c.op<gn::AbsOp>({envelope}), ctx.splat(element, 1e-11)})},
        {ctx.str("what", "window_envelope")});
  y = c.op<gn::DivOp>({y, envelope});
  if (end > full)
    y = c.op<gn::PadOp>({y}, {ctx.ints("low", {0, 0}), ctx.ints("high", {0, end - full}),
                              ctx.str("mode", "constant"), ctx.f64("value", 0)});
  if (!c.ok())
    return failure();
  return y;
}
