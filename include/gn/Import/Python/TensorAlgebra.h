//===- TensorAlgebra.h - diagonals, Kronecker and cross products -*- C++ -*-===//
//
// Builders that both frontends' spellings share (torch.diagonal and
// paddle._C_ops.diagonal, kron, trace, cross, diag_embed, channel_shuffle,
// pixel_unshuffle), over gn ops. Each reports its own errors at the
// current location; dims are normalized by the caller.
//
//===----------------------------------------------------------------------===//
#ifndef GN_IMPORT_PYTHON_TENSORALGEBRA_H
#define GN_IMPORT_PYTHON_TENSORALGEBRA_H

#include "gn/Import/Python/ImportContext.h"
#include "gn/Import/Python/OpChain.h"
#include <string>

namespace mlir::gn::import::algebra {

/// The diagonal at `offset` of dims d1 and d2, moved to the last dim (the
/// others in order): torch.diagonal, paddle diagonal.
FailureOr<Value> diagonal(ImportContext &ctx, Value x, int64_t offset, int64_t d1, int64_t d2);
/// The sum of that diagonal (trace); integers accumulate in i64.
FailureOr<Value> trace(ImportContext &ctx, Value x, int64_t offset, int64_t d1, int64_t d2);
/// x's last dim on the diagonal at `offset` of two new dims placed at d1
/// and d2 (of the result's rank).
FailureOr<Value> diagEmbed(ImportContext &ctx, Value x, int64_t offset, int64_t d1, int64_t d2);
/// The Kronecker product (operands of one dtype; the lower rank padded with
/// leading 1s).
FailureOr<Value> kron(ImportContext &ctx, Value x, Value y);
/// The 3-vector cross product along `dim` of two tensors of one shape and
/// dtype.
FailureOr<Value> cross(ImportContext &ctx, Value x, Value y, int64_t dim);
/// [N, C, ...] with its channels regrouped as C/groups x groups.
FailureOr<Value> channelShuffle(ImportContext &ctx, Value x, int64_t groups);
/// [N, C, H*r, W*r] -> [N, C*r*r, H, W].
FailureOr<Value> pixelUnshuffle(ImportContext &ctx, Value x, int64_t r);
/// pixel_shuffle of NCHW `x`: [N, C r^2, H, W] -> [N, C, H r, W r].
FailureOr<Value> pixelShuffle(ImportContext &ctx, Value x, int64_t r);
/// Sliding windows along `dim`: [.., n, ..] -> [.., count, size, ..], the
/// windows `step` apart, their taps `dilation` apart (one gn.index_select
/// with a constant index); `count` is set.
FailureOr<Value> windows(ImportContext &ctx, Value x, int64_t dim, int64_t size, int64_t step,
                         int64_t dilation, int64_t &count);
/// im2col (torch's F.unfold, Paddle's unfold) of NCHW `x`: [N, C kh kw, L],
/// the image padded by `padLow` / `padHigh` (per spatial dim) with zeros.
FailureOr<Value> im2col(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> kernel,
                        llvm::ArrayRef<int64_t> dilation, llvm::ArrayRef<int64_t> padLow,
                        llvm::ArrayRef<int64_t> padHigh, llvm::ArrayRef<int64_t> stride);
/// col2im (torch's F.fold, Paddle's fold), im2col's inverse layout: [N, C
/// kh kw, L] (or [C kh kw, L]) to [N, C, H, W] (or [C, H, W]) for
/// `outputSize` (H, W), overlapping windows summed (one gn.scatter add into
/// the padded image, then the padding cut away).
FailureOr<Value> col2im(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> outputSize,
                        llvm::ArrayRef<int64_t> kernel, llvm::ArrayRef<int64_t> dilation,
                        llvm::ArrayRef<int64_t> padLow, llvm::ArrayRef<int64_t> padHigh,
                        llvm::ArrayRef<int64_t> stride);
/// affine_grid: the sampling grid of `theta` ([N, 2, 3], or [N, 3, 4] in
/// 3-d) for an output of `size` ([N, C, H, W] or [N, C, D, H, W]): each
/// output position's normalized coordinates (x, y[, z], 1) times theta^T,
/// as [N, H, W, 2] or [N, D, H, W, 3]. With align_corners the corners are
/// -1 and 1, else the outer pixels' edges.
FailureOr<Value> affineGrid(ImportContext &ctx, Value theta, llvm::ArrayRef<int64_t> size,
                            bool alignCorners);

/// The `k`-th smallest (from 1) along `dim` and its i64 index, chosen by
/// gn.top_k with `ties` (which of equal values: "quickselect" as torch's
/// kthvalue, "select-strict" as Paddle's); keepdim keeps the dim as size 1.
/// A 0-d x is one element. An error when k does not fit the dim.
FailureOr<std::pair<Value, Value>> kthSmallest(ImportContext &ctx, Value x, int64_t k,
                                               int64_t dim, bool keepdim,
                                               llvm::StringRef ties);

/// The min and max of 1-d `v` as 0-d tensors, each moved `widen` outward
/// where they are equal (a histogram's range from its data: torch.histc
/// and paddle.histogram widen by 1, torch.histogram by 0.5).
std::pair<Value, Value> dataRange(ImportContext &ctx, Chain &c, Value v, double widen);

/// torch.histc and paddle.histogram: `bins` equal bins over [lo, hi] (lo ==
/// hi: the data's own range, widened by 1 each way where it is one value),
/// the last bin closed, elements outside not counted. Each element counts
/// 1, or its `weight` (x's shape) where given; `density` divides by the
/// total times the bin width. The result is 1-d of `resultType`'s element.
FailureOr<Value> histogram(ImportContext &ctx, Value x, int64_t bins, double lo, double hi,
                           Value weight, bool density, Type resultType);

/// repeat_interleave with a tensor of repeats: each slice of `x` along
/// `dim` `repeats[i]` times in a row (`repeats` 0-d or 1-d with one count,
/// or one per slice). The total is data-dependent: a gn.size_guard site.
/// Without `x`, the slice indices themselves (torch.repeat_interleave(r)).
FailureOr<Value> repeatByCounts(ImportContext &ctx, Value x, Value repeats, int64_t dim);
/// bincount of non-negative 1-d integer `x`: max(minlength, max(x) + 1)
/// bins (a gn.size_guard site), each counting its index's occurrences, or
/// summing `weights` (x's shape) there: int64 counts, f32 weights summed
/// in f32, any other weights in f64 (PyTorch's and PaddlePaddle's rule).
FailureOr<Value> bincount(ImportContext &ctx, Value x, Value weights, int64_t minlength);

/// The [2, N] coordinates (row, column) of the lower (`upper`: upper)
/// triangle of a rows x cols matrix at `offset`, row by row, as a constant
/// of element type `e`: tril_indices / triu_indices. An error for negative
/// or too large (over 2^24 positions) sizes.
FailureOr<Value> triangleIndices(ImportContext &ctx, int64_t rows, int64_t cols, int64_t offset,
                                 bool upper, Type e);

/// For each value, how many boundaries lie below it (`right`: at or below):
/// the insertion points of searchsorted and bucketize, as i64; a NaN value
/// after them all. Boundaries are 1-d, or share the values' leading dims
/// with their last dim sorted.
FailureOr<Value> searchSorted(ImportContext &ctx, Value boundaries, Value values, bool right);

/// unique / unique_consecutive of x's elements (flattened): `values` sorted
/// ascending (`consecutive`: each run of equal neighbours once, in order),
/// `first` the flat index of each value's first occurrence, `inverse` (x's
/// shape) the position of each element's value in `values`, `counts` how
/// many elements each holds; i64. How many values there are depends on
/// the data: one data-dependent site (ImportContext::nonzero).
struct Unique {
  Value values, first, inverse, counts;
};
FailureOr<Unique> unique(ImportContext &ctx, Value x, bool consecutive);

/// torch's Tensor.unfold and Paddle's tensor_unfold: windows of `size`
/// elements `step` apart along `dim`, which becomes their count; the
/// windows' elements a new last dim.
FailureOr<Value> unfoldDim(ImportContext &ctx, Value x, int64_t dim, int64_t size, int64_t step);
/// torch's diagonal_scatter and Paddle's fill_diagonal_tensor: x with its
/// diagonal `offset` over (d1, d2) replaced by src (x's other dims, then
/// the diagonal's length), through a constant mask and index (bounded:
/// 2^24 elements).
FailureOr<Value> diagonalScatter(ImportContext &ctx, Value x, Value src, int64_t offset,
                                 int64_t d1, int64_t d2);
/// fill_diagonal_: `value` on the main diagonal (offset `offset`) of a 2-d
/// x, or at [i, i, ..] of an x whose dims are all equal; `wrap` continues
/// a tall matrix's diagonal every cols + 1 elements, as both frameworks do.
FailureOr<Value> fillDiagonal(ImportContext &ctx, Value x, double value, int64_t offset,
                              bool wrap);
/// Max pooling that also gives where each maximum came from, as torch's
/// return_indices=True and Paddle's max_pool*_with_index do: x is
/// [N, C, spatial..] or [C, spatial..]; each index is the flat position in
/// the input's spatial dims (h * W + w), i64, the first maximum of its
/// window in row-major order. Windows are gathered by constant indices
/// (the input padded with -inf), so every target runs them.
struct Window {
  int64_t kernel, stride, padding, dilation;
};
/// `ceilMode` rounds the output size up; PyTorch then drops a last window
/// that would start in the right padding (`dropPaddedWindow`), PaddlePaddle
/// does not.
FailureOr<std::pair<Value, Value>> maxPoolWithIndices(ImportContext &ctx, Value x,
                                                      llvm::ArrayRef<Window> dims,
                                                      bool ceilMode,
                                                      bool dropPaddedWindow = true);
/// The adaptive form: output size `out` per spatial dim, windows from
/// floor(i n / out) to ceil((i + 1) n / out).
FailureOr<std::pair<Value, Value>> adaptiveMaxPoolWithIndices(ImportContext &ctx, Value x,
                                                              llvm::ArrayRef<int64_t> out);
/// max_unpool / Paddle's unpool: `x`'s values scattered to the flat
/// spatial positions `indices` of a zero tensor [.., outputSize..].
FailureOr<Value> maxUnpool(ImportContext &ctx, Value x, Value indices,
                           llvm::ArrayRef<int64_t> outputSize);
/// The median along `dim` from a stable ascending sort: the lower of the
/// two middle elements, or with `average` their mean (PaddlePaddle's
/// mode 'avg'; then `indices` holds both positions in a last dim of 2).
/// With `ignoreNan` (nanmedian) the NaNs are left out (all NaN: NaN);
/// without, a NaN anywhere makes the median NaN and its index the first
/// NaN's. `keepdim` keeps `dim` as size 1.
struct Median {
  Value values, indices;
};
FailureOr<Median> median(ImportContext &ctx, Value x, int64_t dim, bool keepdim, bool ignoreNan,
                         bool average);
/// renorm: each slice along `dim` whose p-norm exceeds max_norm scaled to
/// max_norm / (norm + 1e-7) (PyTorch's and PaddlePaddle's kernels).
FailureOr<Value> renorm(ImportContext &ctx, Value x, double p, int64_t dim, double maxNorm);
/// x summed over the dims it was broadcast along to reach `shape`
/// (torch's sum_to_size, Paddle's reduce_as); an error when x does not
/// broadcast from it.
FailureOr<Value> sumToShape(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> shape);
/// An einsum equation (spaces removed) made explicit for gn.einsum: '...'
/// spelled out with unused upper-case labels, right-aligned per operand,
/// and an implicit output (no '->') written out as the frameworks define it
/// (broadcast labels, then the labels used once, sorted).
FailureOr<std::string> explicitEinsum(ImportContext &ctx, std::string equation,
                                      llvm::ArrayRef<Value> operands);
/// grid_sample (torch and PaddlePaddle): gn.grid_sample for zeros and
/// border padding; reflection padding as border on a grid whose coordinates
/// were reflected into the input first (PyTorch's reflect_coordinates, then
/// clipped), so every target samples it without a mode of its own.
FailureOr<Value> gridSample(ImportContext &ctx, Value x, Value grid, llvm::StringRef mode,
                            llvm::StringRef padding, bool alignCorners);
/// Small square matrices [..., n, n], n <= 4 (what geometry code inverts):
/// the determinant by cofactor expansion and the inverse as the adjugate
/// over it, computed in f64 and rounded once. Larger n is refused by name
/// (no LU in gn yet).
FailureOr<Value> smallDet(ImportContext &ctx, Value m);
/// The inverse of matrices of n <= 4 by cofactors; a singular one (det 0)
/// fails the run as PyTorch and PaddlePaddle raise (gn.check
/// "singular_matrix"), unless `checkSingular` is false (torch's inv_ex).
FailureOr<Value> smallInverse(ImportContext &ctx, Value m, bool checkSingular = true);
/// mode along `dim`: the most frequent value (the smallest among ties) and
/// the index of the last of its occurrences in std::sort's order of the line
/// (gn.top_k's "sort" ties), as PyTorch's and PaddlePaddle's CPU kernels give
/// them; by counting each element's equals (an n x n compare per row:
/// bounded, n <= 4096).
FailureOr<std::pair<Value, Value>> mode(ImportContext &ctx, Value x, int64_t dim, bool keepdim);
/// matrix_power for n >= 0 by repeated squaring (n = 0: the identity of
/// x's batch shape); negative powers need an inverse and are refused.
FailureOr<Value> matrixPower(ImportContext &ctx, Value x, int64_t n);
/// as_strided over x's elements in row-major order (a contiguous x, as
/// both frameworks see it): element [i0, i1, ..] of the result is flat
/// element offset + sum(i_k * strides[k]); one gn.index_select with a
/// constant index (bounded: 2^26 elements). Out-of-range positions are an
/// error, as in both frameworks.
FailureOr<Value> asStrided(ImportContext &ctx, Value x, llvm::ArrayRef<int64_t> sizes,
                           llvm::ArrayRef<int64_t> strides, int64_t offset);

} // namespace mlir::gn::import::algebra

#endif // GN_IMPORT_PYTHON_TENSORALGEBRA_H
