//===- Antialias.h - antialiased bilinear and bicubic resampling -*- C++ -*-===//
#ifndef GN_IMPORT_PYTHON_ANTIALIAS_H
#define GN_IMPORT_PYTHON_ANTIALIAS_H

#include "gn/Import/Python/ImportContext.h"

namespace mlir::gn::import {

/// torch's F.interpolate(antialias=True) and paddle's interp_antialias,
/// bilinear (`cubic` false) or bicubic, on NCHW `x` to spatial `size`
/// (`steps`: the source step per dim where it is not in / out, else
/// empty). PyTorch resamples width, then height, each a weighted sum over
/// a window; here each pass is a product with a constant [in, out] weight
/// matrix (a dim whose size does not change is left alone, as PyTorch
/// leaves it). Half inputs compute in float32. (A matrix product also
/// multiplies the zero weights outside the window: an Inf or NaN anywhere in
/// a row reaches every output of that row, where PyTorch's window would
/// not read it.) An error for other ranks.
FailureOr<Value> resampleAntialiased(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> size,
                                     llvm::ArrayRef<double> steps, bool cubic,
                                     bool alignCorners);

} // namespace mlir::gn::import

#endif
