//===- SpectralOps.cpp - import of torch.fft and complex parts ------------===//
//
// torch.fft's transforms onto the frontends' shared DFT (complex values as
// pairs of real tensors, gn/Import/Python/Spectral.h): fft, ifft, fft2,
// ifft2, fftn, ifftn of real or complex inputs, rfft, rfft2, rfftn of real
// ones, irfft, irfft2, irfftn back to real ones, hfft and ihfft (Hermitian
// signals), with n / s (the input cut or zero-padded first) and norm;
// fftshift, ifftshift, fftfreq, rfftfreq; stft and istft (framed DFTs,
// ShortTimeDft.cpp); then real, imag (torch.real,
// Tensor.real), conj and abs. A complex result used
// any other way is an error naming the op that meets it.
//
//===----------------------------------------------------------------------===//
#include "TorchOps.h"
#include <cmath>
#include "gn/IR/GnOps.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/Spectral.h"

using namespace mlir;
using namespace mlir::gn::import;

namespace {

/// The input as a (re, im) pair (im null for a real tensor), in f64 when it
/// is f64 (PyTorch's complex128), else f32 (complex64).
FailureOr<std::pair<Value, Value>> complexInput(ImportContext &ctx, Args &a) {
  const PyValue &v = a.get("input");
  if (isComplex(v))
    return std::make_pair(v.elts[0].tensor, v.elts[1].tensor);
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  if (!isFloat(typeOf(*x).getElementType()) &&
      !typeOf(*x).getElementType().isSignlessInteger())
    return a.error("expected a real or complex tensor");
  Type e = typeOf(*x).getElementType();
  auto f = ctx.convert(*x, e.isF64() ? e : ctx.f32());
  if (failed(f))
    return failure();
  return std::make_pair(*f, Value());
}

FailureOr<DftNorm> normOf(Args &a) {
  if (!a.has("norm"))
    return DftNorm::Backward;
  auto n = a.string("norm");
  if (failed(n))
    return failure();
  if (*n == "backward")
    return DftNorm::Backward;
  if (*n == "ortho")
    return DftNorm::Ortho;
  if (*n == "forward")
    return DftNorm::Forward;
  return a.error("unknown norm '" + *n + "' (backward, ortho or forward)");
}

/// The dims a transform works over (default: the last `count`, or every dim
/// when count is 0, or the last len(sizes) when sizes are given) and their
/// sizes (`sizeName`: n or s; empty when not given), checked.
LogicalResult transformDims(ImportContext &ctx, Args &a, int64_t rank, llvm::StringRef dimName,
                            llvm::StringRef sizeName, int count,
                            llvm::SmallVector<int64_t> &dims, llvm::SmallVector<int64_t> &sizes) {
  if (a.has(sizeName)) {
    auto s = a.ints(sizeName);
    if (failed(s))
      return failure();
    sizes = *s;
  }
  if (a.has(dimName)) {
    auto d = a.ints(dimName);
    if (failed(d))
      return failure();
    for (int64_t v : *d) {
      auto n = ctx.dim(v, rank);
      if (failed(n))
        return failure();
      dims.push_back(*n);
    }
  } else {
    int64_t k = count ? count : sizes.empty() ? rank : int64_t(sizes.size());
    if (k > rank)
      return a.error("the input has " + llvm::Twine(rank) + " dims, the transform takes " +
                     llvm::Twine(k));
    for (int64_t d = rank - k; d < rank; ++d)
      dims.push_back(d);
  }
  if (!sizes.empty() && sizes.size() != dims.size())
    return a.error("'" + sizeName + "' has " + llvm::Twine(sizes.size()) + " sizes for " +
                   llvm::Twine(dims.size()) + " dims");
  for (size_t i = 0; i < dims.size(); ++i)
    if (llvm::count(dims, dims[i]) > 1)
      return a.error("dim " + llvm::Twine(dims[i]) + " is transformed twice");
  if (dims.empty())
    return a.error("the transform takes no dim");
  return success();
}

/// A transform over `dims` (default: the last `count`, or every dim when
/// count is 0) with sizes `sizes` (default: the input's), `sizeName`
/// naming the argument (n or s).
template <bool Inverse, bool RealInput>
FailureOr<PyValue> transform(ImportContext &ctx, Args &a, llvm::StringRef dimName,
                             llvm::StringRef sizeName, int count) {
  auto in = complexInput(ctx, a);
  auto norm = normOf(a);
  if (failed(in) || failed(norm))
    return failure();
  if (RealInput && in->second)
    return a.error("expected a real input (a complex one takes fft)");
  int64_t rank = typeOf(in->first).getRank();
  llvm::SmallVector<int64_t> dims, sizes;
  if (failed(transformDims(ctx, a, rank, dimName, sizeName, count, dims, sizes)))
    return failure();
  Value re = in->first, im = in->second;
  for (auto [i, s] : llvm::enumerate(sizes)) {
    if (s == -1)
      continue;
    if (s < 1)
      return a.error("invalid size " + llvm::Twine(s) + " in '" + sizeName + "'");
    auto r = resizedAlong(ctx, re, dims[i], s), m = resizedAlong(ctx, im, dims[i], s);
    if (failed(r) || failed(m))
      return failure();
    re = *r;
    im = *m;
  }
  auto out = dft(ctx, re, im, dims, /*onesidedLast=*/RealInput, Inverse, *norm);
  if (failed(out))
    return failure();
  return complexPair(out->first, out->second);
}

/// real(input), imag(input): a part of a complex tensor; a real tensor's
/// real part is itself (its imag is an error, as in PyTorch).
template <bool Imag>
FailureOr<PyValue> part(ImportContext &ctx, Args &a) {
  const PyValue &v = a.get("input");
  if (isComplex(v))
    return v.elts[Imag ? 1 : 0];
  if (Imag)
    return a.error("imag is not implemented for real tensors");
  return wrap(a.tensor("input"));
}

} // namespace

/// irfft(input, n=None, dim=-1, norm=None): the real signal of length n
/// (default 2 * (m - 1), m the input's length along dim) whose onesided DFT
/// is the input, cut or zero-padded to n / 2 + 1 first. With `Hermitian`,
/// hfft: the same of the input's conjugate, with the norm's roles swapped
/// (hfft is the forward transform of a Hermitian signal).
template <bool Hermitian>
static FailureOr<PyValue> inverseRealTransform(ImportContext &ctx, Args &a) {
  auto in = complexInput(ctx, a);
  auto norm = normOf(a);
  if (failed(in) || failed(norm))
    return failure();
  if (Hermitian) {
    auto conj = conjugateImag(ctx, in->second);
    if (failed(conj))
      return failure();
    in->second = *conj;
    *norm = swappedNorm(*norm);
  }
  int64_t rank = typeOf(in->first).getRank();
  int64_t dim = rank - 1;
  if (a.has("dim")) {
    auto d = a.integer("dim");
    if (failed(d))
      return failure();
    auto nd = ctx.dim(*d, rank);
    if (failed(nd))
      return failure();
    dim = *nd;
  }
  int64_t m = typeOf(in->first).getDimSize(dim), n = 2 * (m - 1);
  if (a.has("n")) {
    auto v = a.integer("n");
    if (failed(v))
      return failure();
    n = *v;
  }
  if (n < 1)
    return a.error("invalid number of data points (" + llvm::Twine(n) + ") for irfft");
  auto re = resizedAlong(ctx, in->first, dim, n / 2 + 1), im = resizedAlong(ctx, in->second, dim, n / 2 + 1);
  if (failed(re) || failed(im))
    return failure();
  return wrap(irfft(ctx, *re, *im, dim, n, *norm));
}

/// irfft2 / irfftn(input, s=None, dim=None, norm=None): the inverse of
/// rfftn: a complex inverse DFT over every transformed dim but the last
/// (each cut or zero-padded to its s first), then irfft along the last, of
/// length s[-1] (default 2 * (m - 1), m the input's length there). With
/// `hermitian`, hfft2 / hfftn: the same of the conjugate, norms swapped.
static FailureOr<PyValue> inverseRealTransformN(ImportContext &ctx, Args &a, int count,
                                                bool hermitian) {
  auto in = complexInput(ctx, a);
  auto norm = normOf(a);
  if (failed(in) || failed(norm))
    return failure();
  if (hermitian) {
    // hfft2 / hfftn: irfftn of the conjugate, the norm's roles swapped.
    auto conj = conjugateImag(ctx, in->second);
    if (failed(conj))
      return failure();
    in->second = *conj;
    *norm = swappedNorm(*norm);
  }
  int64_t rank = typeOf(in->first).getRank();
  llvm::SmallVector<int64_t> dims, sizes;
  if (failed(transformDims(ctx, a, rank, "dim", "s", count, dims, sizes)))
    return failure();
  Value re = in->first, im = in->second;
  for (size_t i = 0; i + 1 < dims.size(); ++i) {
    if (sizes.empty() || sizes[i] == -1)
      continue;
    if (sizes[i] < 1)
      return a.error("invalid size " + llvm::Twine(sizes[i]) + " in 's'");
    auto r = resizedAlong(ctx, re, dims[i], sizes[i]), m = resizedAlong(ctx, im, dims[i], sizes[i]);
    if (failed(r) || failed(m))
      return failure();
    re = *r;
    im = *m;
  }
  if (dims.size() > 1) {
    auto out = dft(ctx, re, im, llvm::ArrayRef<int64_t>(dims).drop_back(), /*onesidedLast=*/false,
                   /*inverse=*/true, *norm);
    if (failed(out))
      return failure();
    re = out->first;
    im = out->second;
  }
  int64_t last = dims.back(), m = typeOf(re).getDimSize(last);
  int64_t n = sizes.empty() || sizes.back() == -1 ? 2 * (m - 1) : sizes.back();
  if (n < 1)
    return a.error("invalid number of data points (" + llvm::Twine(n) + ") for the last dim");
  auto r = resizedAlong(ctx, re, last, n / 2 + 1), i = resizedAlong(ctx, im, last, n / 2 + 1);
  if (failed(r) || failed(i))
    return failure();
  return wrap(irfft(ctx, *r, *i, last, n, *norm));
}

/// ihfft(input, n=None, dim=-1, norm=None): the inverse of hfft, the
/// conjugate of rfft with the norm's roles swapped (onesided, n // 2 + 1);
/// ihfft2 / ihfftn(input, s, dim, norm) the same over several dims, the last
/// onesided.
static FailureOr<PyValue> inverseHermitian(ImportContext &ctx, Args &a, int count) {
  auto in = complexInput(ctx, a);
  auto norm = normOf(a);
  if (failed(in) || failed(norm))
    return failure();
  if (in->second)
    return a.error("expected a real input (ihfft takes real signals)");
  int64_t rank = typeOf(in->first).getRank();
  llvm::SmallVector<int64_t> dims, sizes;
  llvm::StringRef sizeName = count == 1 ? "n" : "s";
  if (failed(transformDims(ctx, a, rank, "dim", sizeName, count, dims, sizes)))
    return failure();
  Value re = in->first;
  for (size_t i = 0; i < sizes.size(); ++i) {
    if (sizes[i] == -1)
      continue;
    if (sizes[i] < 1)
      return a.error("invalid size " + llvm::Twine(sizes[i]) + " in '" + sizeName + "'");
    auto r = resizedAlong(ctx, re, dims[i], sizes[i]);
    if (failed(r))
      return failure();
    re = *r;
  }
  auto out = dft(ctx, re, Value(), dims, /*onesidedLast=*/true, /*inverse=*/false,
                 swappedNorm(*norm));
  if (failed(out))
    return failure();
  auto im = conjugateImag(ctx, out->second);
  if (failed(im))
    return failure();
  return complexPair(out->first, *im);
}

/// fftshift / ifftshift(input, dim=None): each dim (default: all) rolled by
/// half its size, n // 2 forward, (n + 1) // 2 back; part by part for a
/// complex input.
template <bool Inverse>
static FailureOr<PyValue> shifted(ImportContext &ctx, Args &a) {
  const PyValue &v = a.get("input");
  bool complex = isComplex(v);
  Value x = complex ? v.elts[0].tensor : Value();
  if (!complex) {
    auto t = a.tensor("input");
    if (failed(t))
      return failure();
    x = *t;
  }
  int64_t rank = typeOf(x).getRank();
  llvm::SmallVector<int64_t> dims, shifts;
  if (a.has("dim")) {
    auto d = a.ints("dim"); // an int or a sequence of them
    if (failed(d))
      return failure();
    for (int64_t dim : *d) {
      auto n = ctx.dim(dim, rank);
      if (failed(n))
        return failure();
      dims.push_back(*n);
    }
  } else {
    for (int64_t dim = 0; dim < rank; ++dim)
      dims.push_back(dim);
  }
  for (int64_t dim : dims) {
    int64_t n = typeOf(x).getDimSize(dim);
    shifts.push_back(Inverse ? (n + 1) / 2 : n / 2);
  }
  auto roll = [&](Value t) -> FailureOr<Value> {
    if (dims.empty())
      return t;
    return ctx.build<gn::RollOp>({t}, {ctx.ints("shifts", shifts), ctx.ints("dims", dims)});
  };
  if (!complex)
    return wrap(roll(x));
  auto re = roll(v.elts[0].tensor), im = roll(v.elts[1].tensor);
  if (failed(re) || failed(im))
    return failure();
  return complexPair(*re, *im);
}

/// fftfreq(n, d=1.0) and rfftfreq: the sample frequencies, k / (n * d) for
/// k = 0, 1, ..., then the negative ones (fftfreq) or up to n // 2
/// (rfftfreq), as PyTorch computes them: the whole numbers times 1 / (n * d)
/// in the result's dtype (float32 unless dtype says otherwise).
template <bool Onesided>
static FailureOr<PyValue> frequencies(ImportContext &ctx, Args &a) {
  auto n = a.integer("n");
  auto d = a.real("d");
  auto dt = a.dtype("dtype");
  if (failed(n) || failed(d) || failed(dt))
    return failure();
  if (*n < 1 || *n > (int64_t(1) << 24))
    return a.error("n must be in [1, 2^24], got " + llvm::Twine(*n));
  Type e = *dt ? **dt : ctx.f32();
  if (!isFloat(e))
    return a.error("fftfreq takes a floating dtype");
  int64_t count = Onesided ? *n / 2 + 1 : *n;
  double scale = 1.0 / (double(*n) * *d);
  std::vector<double> values;
  for (int64_t k = 0; k < count; ++k) {
    int64_t whole = (!Onesided && k >= (*n + 1) / 2) ? k - *n : k;
    values.push_back(e.isF64() ? double(whole) * scale
                               : double(float(whole) * float(scale)));
  }
  return PyValue::of(denseConstant(ctx, e, {count}, values));
}

/// conj(input): the imaginary part negated; a real tensor is its own.
/// view_as_complex(input), view_as_real(input), complex(real, imag),
/// polar(abs, angle), angle(input): Spectral.h's builders.
static FailureOr<PyValue> viewAsComplex(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  return complexFromLastDim(ctx, *x);
}
static FailureOr<PyValue> viewAsReal(ImportContext &ctx, Args &a) {
  return wrap(complexToLastDim(ctx, a.get("input")));
}
template <bool Polar> static FailureOr<PyValue> makeComplex(ImportContext &ctx, Args &a) {
  auto x = a.tensor(Polar ? "abs" : "real"), y = a.tensor(Polar ? "angle" : "imag");
  if (failed(x) || failed(y))
    return failure();
  return complexOf(ctx, *x, *y, Polar);
}
static FailureOr<PyValue> angle(ImportContext &ctx, Args &a) {
  return wrap(complexAngle(ctx, a.get("input")));
}

/// resolve_conj / resolve_neg(input): PyTorch's lazy conjugate and negative
/// bits made real; gn's values are always resolved, so the input itself.
static FailureOr<PyValue> resolved(ImportContext &ctx, Args &a) {
  const PyValue &v = a.get("input");
  if (isComplex(v))
    return v;
  return wrap(a.tensor("input"));
}

/// The framing arguments torch.stft and torch.istft share (n_fft,
/// hop_length = n_fft / 4, win_length = n_fft, window, center,
/// normalized); `onesided` defaults to `onesidedDefault`.
FailureOr<ShortTimeDft> framingOf(ImportContext &ctx, Args &a, bool onesidedDefault) {
  auto nFft = a.integer("n_fft");
  auto window = a.optionalTensor("window");
  auto center = a.boolean("center"), normalized = a.boolean("normalized");
  if (failed(nFft) || failed(window) || failed(center) || failed(normalized))
    return failure();
  ShortTimeDft p;
  p.nFft = *nFft;
  p.hop = *nFft / 4;
  if (a.has("hop_length")) {
    auto hop = a.integer("hop_length");
    if (failed(hop))
      return failure();
    p.hop = *hop;
  }
  int64_t winLength = *nFft;
  if (a.has("win_length")) {
    auto w = a.integer("win_length");
    if (failed(w))
      return failure();
    winLength = *w;
  }
  if (winLength < 1 || winLength > *nFft)
    return a.error("win_length must be in [1, n_fft], got " + llvm::Twine(winLength));
  p.window = *window;
  if (p.window && typeOf(p.window).getNumElements() != winLength)
    return a.error("the window has " + llvm::Twine(typeOf(p.window).getNumElements()) +
                   " values, win_length is " + llvm::Twine(winLength));
  if (!p.window && winLength < *nFft) // a rectangular window of win_length, centered
    p.window = ctx.splat(ctx.f32(), 1.0, {winLength});
  if (p.window && !isFloat(typeOf(p.window).getElementType()))
    return a.error("the window must be a real floating tensor");
  p.center = *center;
  p.normalized = *normalized;
  p.onesided = onesidedDefault;
  if (a.has("onesided")) {
    auto o = a.boolean("onesided");
    if (failed(o))
      return failure();
    p.onesided = *o;
  }
  return p;
}

/// stft(input, n_fft, hop_length, win_length, window, center, pad_mode,
/// normalized, onesided, return_complex): [B?, L] -> the complex [B?,
/// frequencies, frames], or with return_complex=False its [..., 2] real
/// form; return_complex must be given for a real input, as in PyTorch.
FailureOr<PyValue> stft(ImportContext &ctx, Args &a) {
  auto in = complexInput(ctx, a);
  if (failed(in))
    return failure();
  auto [re, im] = *in;
  if (!a.has("return_complex") && !im)
    return a.error("stft requires the return_complex parameter be given for real inputs");
  bool returnComplex = true;
  if (a.has("return_complex")) {
    auto rc = a.boolean("return_complex");
    if (failed(rc))
      return failure();
    returnComplex = *rc;
  }
  auto p = framingOf(ctx, a, /*onesidedDefault=*/!im);
  auto mode = a.string("pad_mode");
  if (failed(p) || failed(mode))
    return failure();
  if (*mode != "reflect" && *mode != "constant" && *mode != "replicate" && *mode != "circular")
    return a.error("unknown pad_mode '" + *mode + "'");
  p->padMode = *mode;
  int64_t rank = typeOf(re).getRank();
  if (rank != 1 && rank != 2)
    return a.error("expected a 1-d or 2-d signal, got " + llvm::Twine(rank) + "-d");
  Chain c{ctx};
  int64_t length = typeOf(re).getShape().back();
  if (rank == 1) {
    re = c.reshape(re, {1, length});
    im = im ? c.reshape(im, {1, length}) : im;
  }
  if (!c.ok())
    return failure();
  auto out = shortTimeDft(ctx, re, im, *p);
  if (failed(out))
    return failure();
  Value oRe = out->first, oIm = out->second;
  if (rank == 1) {
    auto shape = typeOf(oRe).getShape().drop_front();
    oRe = c.reshape(oRe, shape);
    oIm = c.reshape(oIm, shape);
  }
  if (!c.ok())
    return failure();
  PyValue z = complexPair(oRe, oIm);
  if (returnComplex)
    return z;
  return wrap(complexToLastDim(ctx, z));
}

/// istft(input, n_fft, hop_length, win_length, window, center, normalized,
/// onesided, length, return_complex): the complex [B?, frequencies,
/// frames] back to the real [B?, length] signal (ShortTimeDft.cpp);
/// return_complex=True is not supported (an error).
FailureOr<PyValue> istft(ImportContext &ctx, Args &a) {
  const PyValue &v = a.get("input");
  if (!isComplex(v))
    return a.error("istft requires a complex-valued input tensor");
  auto rc = a.boolean("return_complex");
  if (failed(rc))
    return failure();
  if (*rc)
    return a.error("istft with return_complex=True (a complex signal) is not supported");
  Value re = v.elts[0].tensor, im = v.elts[1].tensor;
  int64_t rank = typeOf(re).getRank();
  if (rank != 2 && rank != 3)
    return a.error("expected a 2-d or 3-d spectrum, got " + llvm::Twine(rank) + "-d");
  auto nFft = a.integer("n_fft");
  if (failed(nFft))
    return failure();
  auto p = framingOf(ctx, a, /*onesidedDefault=*/typeOf(re).getShape()[rank - 2] != *nFft);
  if (failed(p))
    return failure();
  int64_t length = -1;
  if (a.has("length")) {
    auto l = a.integer("length");
    if (failed(l))
      return failure();
    length = *l;
  }
  Chain c{ctx};
  if (rank == 2) {
    llvm::SmallVector<int64_t> shape{1};
    llvm::append_range(shape, typeOf(re).getShape());
    re = c.reshape(re, shape);
    im = c.reshape(im, shape);
  }
  if (!c.ok())
    return failure();
  auto y = inverseShortTimeDft(ctx, re, im, *p, length);
  if (failed(y))
    return failure();
  if (rank == 2)
    return wrap(ctx.reshape(*y, typeOf(*y).getShape().drop_front()));
  return PyValue::of(*y);
}

void mlir::gn::import::registerSpectralOps(OpRegistry &r) {
  r.add("stft|Tensor.stft", "input, n_fft, hop_length=None, win_length=None, window=None, "
                            "center=True, pad_mode='reflect', normalized=False, onesided=None, "
                            "return_complex=None",
        stft);
  r.add("istft|Tensor.istft", "input, n_fft, hop_length=None, win_length=None, window=None, "
                              "center=True, normalized=False, onesided=None, length=None, "
                              "return_complex=False",
        istft);
  r.add("fft_irfft", "input, n=None, dim=-1, norm=None, *, out=None",
        inverseRealTransform<false>);
  r.add("fft_hfft", "input, n=None, dim=-1, norm=None, *, out=None",
        inverseRealTransform<true>);
  r.add("fft_ihfft", "input, n=None, dim=-1, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return inverseHermitian(c, a, 1); });
  r.add("fft_ihfft2", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return inverseHermitian(c, a, 2); });
  r.add("fft_ihfftn", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return inverseHermitian(c, a, 0); });
  r.add("fft_hfft2", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return inverseRealTransformN(c, a, 2, true); });
  r.add("fft_hfftn", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return inverseRealTransformN(c, a, 0, true); });
  r.add("fft_fftshift", "input, dim=None", shifted<false>);
  r.add("fft_ifftshift", "input, dim=None", shifted<true>);
  r.add("fft_fftfreq", "n, d=1.0, *, out=None, dtype=None, layout=None, device=None, "
                       "requires_grad=False",
        frequencies<false>);
  r.add("fft_rfftfreq", "n, d=1.0, *, out=None, dtype=None, layout=None, device=None, "
                        "requires_grad=False",
        frequencies<true>);
  r.add("conj|Tensor.conj|conj_physical|Tensor.conj_physical", "input",
        [](ImportContext &c, Args &a) { return conjugate(c, a.get("input")); });
  r.add("resolve_conj|Tensor.resolve_conj|resolve_neg|Tensor.resolve_neg", "input", resolved);
  r.add("fft_irfft2", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return inverseRealTransformN(c, a, 2, false); });
  r.add("fft_irfftn", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return inverseRealTransformN(c, a, 0, false); });
  r.add("fft_fft", "input, n=None, dim=-1, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return transform<false, false>(c, a, "dim", "n", 1); });
  r.add("fft_ifft", "input, n=None, dim=-1, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return transform<true, false>(c, a, "dim", "n", 1); });
  r.add("fft_rfft", "input, n=None, dim=-1, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return transform<false, true>(c, a, "dim", "n", 1); });
  r.add("fft_fft2", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return transform<false, false>(c, a, "dim", "s", 2); });
  r.add("fft_ifft2", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return transform<true, false>(c, a, "dim", "s", 2); });
  r.add("fft_rfft2", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return transform<false, true>(c, a, "dim", "s", 2); });
  r.add("fft_fftn", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return transform<false, false>(c, a, "dim", "s", 0); });
  r.add("fft_ifftn", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return transform<true, false>(c, a, "dim", "s", 0); });
  r.add("fft_rfftn", "input, s=None, dim=None, norm=None, *, out=None",
        [](ImportContext &c, Args &a) { return transform<false, true>(c, a, "dim", "s", 0); });
  r.add("real|Tensor.real", "input", part<false>);
  r.add("view_as_complex|view_as_complex_copy", "input", viewAsComplex);
  r.add("view_as_real|view_as_real_copy", "input", viewAsReal);
  r.add("complex", "real, imag", makeComplex<false>);
  r.add("polar", "abs, angle", makeComplex<true>);
  r.add("angle", "input", angle);
  r.add("imag|Tensor.imag", "input", part<true>);
}
