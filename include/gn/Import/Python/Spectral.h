//===- Spectral.h - DFTs and complex values, for every frontend --*- C++ -*-===//
//
// gn has no complex element type. A complex tensor (a DFT's result) lives
// only in the frontend, as a pair of real tensors (real and imaginary
// parts); the ops that read one (real, imag, abs) turn it back into a real
// tensor, and + - * / combine them part by part (complexArith). Any other use
// of it is an error naming the op.
//
// The DFT is a matmul with cos/sin tables per transformed axis. The tables
// are computed in the graph from (k * n) mod N, so the angle stays exact
// however long the axis is, and no large constant enters the IR.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_SPECTRAL_H
#define GN_IMPORT_PYTHON_SPECTRAL_H

#include "gn/Import/Python/ImportContext.h"

namespace mlir::gn::import {

/// A complex tensor: the pair of its real and imaginary parts.
PyValue complexPair(mlir::Value re, mlir::Value im);
bool isComplex(const PyValue &v);
/// A real [..., 2] tensor as the complex [...] one (last dim: real,
/// imaginary): torch.view_as_complex, paddle as_complex.
mlir::FailureOr<PyValue> complexFromLastDim(ImportContext &ctx, mlir::Value x);
/// A complex tensor as a real one with a last dim of 2 (view_as_real,
/// as_real); an error for anything else.
mlir::FailureOr<mlir::Value> complexToLastDim(ImportContext &ctx, const PyValue &z);
/// complex(re, im), or with `polar` polar(abs, angle): a complex tensor from
/// two real ones of one floating type, broadcast together.
mlir::FailureOr<PyValue> complexOf(ImportContext &ctx, mlir::Value x, mlir::Value y, bool polar);
/// angle: atan2(im, re) of a complex tensor; of a real one 0 where it is
/// >= 0, pi where negative, NaN kept.
mlir::FailureOr<mlir::Value> complexAngle(ImportContext &ctx, const PyValue &z);
/// |z| of a complex tensor: sqrt(re^2 + im^2).
mlir::FailureOr<mlir::Value> complexAbs(ImportContext &ctx, const PyValue &z);
/// a op b for + - * / where a or b is a complex tensor (the other a complex
/// or real tensor, or a Python number; real parts converted to the complex
/// one's element type).
mlir::FailureOr<PyValue> complexArith(ImportContext &ctx, llvm::StringRef op, const PyValue &a,
                                      const PyValue &b);

/// How a DFT is scaled: "backward" (forward transform unscaled), "ortho"
/// (1/sqrt(N)) or "forward" (1/N), N the product of the transformed sizes.
enum class DftNorm { Backward, Ortho, Forward };

/// The DFT of (re, im) (im null: a real input; both f32 or f64, the
/// transform's precision) over `dims` (normalized,
/// each at most once), the inverse with `inverse`. With `onesidedLast` the
/// last of `dims` keeps N/2 + 1 frequencies (a real input's rfft).
mlir::FailureOr<std::pair<mlir::Value, mlir::Value>>
dft(ImportContext &ctx, mlir::Value re, mlir::Value im, llvm::ArrayRef<int64_t> dims,
    bool onesidedLast, bool inverse, DftNorm norm);

/// The norm naming the same scaling seen from the other direction
/// (backward <-> forward): hfft is irfft, and ihfft rfft, of the conjugate
/// with the roles swapped.
DftNorm swappedNorm(DftNorm norm);

/// -im: the imaginary part of the conjugate (null stays null).
mlir::FailureOr<mlir::Value> conjugateImag(ImportContext &ctx, mlir::Value im);

/// conj(v): a complex value's conjugate; a real tensor is its own.
mlir::FailureOr<PyValue> conjugate(ImportContext &ctx, const PyValue &v);

/// `v` cut or zero-padded to `n` along `dim` (null stays null): a
/// transform's n / s argument.
mlir::FailureOr<mlir::Value> resizedAlong(ImportContext &ctx, mlir::Value v, int64_t dim,
                                          int64_t n);

/// The real inverse of a onesided DFT (torch.fft.irfft) along `dim`: the
/// input (re, im; im null for a real one) already n / 2 + 1 long there, the
/// output n long. Only f32 or f64 parts.
mlir::FailureOr<mlir::Value> irfft(ImportContext &ctx, mlir::Value re, mlir::Value im,
                                   int64_t dim, int64_t n, DftNorm norm);

/// A short-time DFT's framing (torch.stft / istft): frames of `nFft`
/// samples `hop` apart, each multiplied by `window` (null: ones; shorter
/// than nFft: zero-padded on both sides, centered), the signal padded by
/// nFft / 2 on each side with `padMode` when `center`; "ortho" scaling when
/// `normalized`, and only nFft / 2 + 1 frequencies when `onesided`.
struct ShortTimeDft {
  int64_t nFft = 0, hop = 0;
  mlir::Value window;
  bool center = true;
  std::string padMode = "reflect";
  bool normalized = false, onesided = true;
};

/// The short-time DFT of a [B, L] signal (re, im; im null for a real one,
/// f32 or f64): the complex [B, frequencies, frames] (ShortTimeDft.cpp).
mlir::FailureOr<std::pair<mlir::Value, mlir::Value>>
shortTimeDft(ImportContext &ctx, mlir::Value re, mlir::Value im, const ShortTimeDft &p);

/// Its inverse to a real [B, length] signal (torch.istft with a real
/// result): each frame's inverse DFT times the window, overlap-added and
/// divided by the window's squared overlap-add, `center`'s padding cut
/// away, cut or zero-padded to `length` (< 0: as long as the frames give).
/// Where that envelope is 1e-11 or less the run fails, as PyTorch raises
/// (a window that does not overlap-add: gn.check "window_envelope").
mlir::FailureOr<mlir::Value> inverseShortTimeDft(ImportContext &ctx, mlir::Value re,
                                                 mlir::Value im, const ShortTimeDft &p,
                                                 int64_t length);
} // namespace mlir::gn::import

#endif // GN_IMPORT_PYTHON_SPECTRAL_H
