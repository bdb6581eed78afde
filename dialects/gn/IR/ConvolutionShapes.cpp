//===- ConvolutionShapes.cpp - conv, pooling, resampling ----------------===//
#include "ShapeUtils.h"
#include "gn/IR/SymbolicDims.h"
#include "gn/IR/SymbolicSizes.h"

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::shapes;

int64_t gn::slidingWindowOutputSize(int64_t in, int64_t kernel, int64_t stride, int64_t padding,
                                    int64_t dilation, bool ceilMode) {
  if (stride <= 0)
    return -1;
  // torch's pooling_output_shape: floor division, also of negatives.
  int64_t num = in + 2 * padding - dilation * (kernel - 1) - 1 + (ceilMode ? stride - 1 : 0);
  int64_t out = (num >= 0 ? num / stride : -((-num + stride - 1) / stride)) + 1;
  // With ceil_mode the last window must start inside the input or the left
  // padding.
  if (ceilMode && (out - 1) * stride >= in + padding)
    --out;
  return out >= 1 ? out : -1;
}

/// Checks `values` has one entry per spatial dim.
static LogicalResult checkPerSpatial(OptLoc loc, llvm::ArrayRef<int64_t> values,
                                     int64_t spatial, llvm::StringRef what) {
  if ((int64_t)values.size() != spatial)
    return fail(loc, "expected " + llvm::Twine(spatial) + " " + what + " values, got " +
                         llvm::Twine(values.size()));
  return success();
}

static LogicalResult checkConvOperands(OptLoc loc, RankedTensorType x, RankedTensorType w,
                                       Value bias, int64_t outChannels) {
  if (x.getRank() < 3 || x.getRank() > 5)
    return fail(loc, "expected input of rank 3 to 5 (N, C, spatial...), got rank " +
                         llvm::Twine(x.getRank()));
  if (w.getRank() != x.getRank())
    return fail(loc, "expected weight of rank " + llvm::Twine(x.getRank()) + ", got rank " +
                         llvm::Twine(w.getRank()));
  if (x.getElementType() != w.getElementType())
    return fail(loc, "input and weight element types differ");
  if (auto b = tensorType(bias))
    if (b.getRank() != 1 || b.getDimSize(0) != outChannels)
      return fail(loc, "expected bias of shape [" + llvm::Twine(outChannels) + "], got " +
                           shapeStr(b.getShape()));
  return success();
}

/// The symbolic sizes of a convolution's operands: the weight is static and
/// so are the input channels it reads; batch and spatial dims may follow the
/// shape symbols.
static LogicalResult checkSymbolicConv(OptLoc loc, RankedTensorType x, RankedTensorType w,
                                       Value bias) {
  if (hasSymbolicDims(w) || hasSymbolicDims(tensorType(bias)))
    return fail(loc, "a convolution takes a static weight and bias");
  if (!dimExprs(x)[1].isConstant())
    return fail(loc, "input channels " + dimExprs(x)[1].str() + " of " + typeStr(x) +
                         " are not static");
  return success();
}

static LogicalResult inferConvChannelsFirst(OptLoc loc, RankedTensorType x, Value weight,
                                            Value bias, llvm::ArrayRef<int64_t> stride,
                                            llvm::ArrayRef<int64_t> padding,
                                            llvm::ArrayRef<int64_t> dilation, uint64_t groups,
                                            TypeList &types);

LogicalResult gn::inferConv(MLIRContext *, OptLoc loc, Value input, Value weight, Value bias,
                            llvm::ArrayRef<int64_t> stride, llvm::ArrayRef<int64_t> padding,
                            llvm::ArrayRef<int64_t> dilation, uint64_t groups, bool channelsLast,
                            TypeList &types) {
  auto x = tensorType(input);
  if (!channelsLast)
    return inferConvChannelsFirst(loc, x, weight, bias, stride, padding, dilation, groups, types);
  // [N, *spatial, C]: the channels-first convolution's type with the
  // channels moved back to the end (gn-channels-last makes these). Sizes
  // and their symbolic expressions move alike.
  if (x.getRank() < 3 || x.getRank() > 5 || !x.hasStaticShape())
    return fail(loc, "a channels_last convolution takes an input of rank 3 to 5 with the "
                     "compile example's sizes, got " + typeStr(x));
  llvm::SmallVector<Type, 1> firstTypes;
  if (failed(inferConvChannelsFirst(loc, permutedTensorType(x, toChannelsFirst(x.getRank())),
                                    weight, bias, stride, padding, dilation, groups,
                                    firstTypes)))
    return failure();
  types.push_back(permutedTensorType(llvm::cast<RankedTensorType>(firstTypes.front()),
                                     toChannelsLast(x.getRank())));
  return success();
}

static LogicalResult inferConvChannelsFirst(OptLoc loc, RankedTensorType x, Value weight,
                                            Value bias, llvm::ArrayRef<int64_t> stride,
                                            llvm::ArrayRef<int64_t> padding,
                                            llvm::ArrayRef<int64_t> dilation, uint64_t groups,
                                            TypeList &types) {
  auto w = tensorType(weight);
  if (failed(checkConvOperands(loc, x, w, bias, w.getRank() ? w.getDimSize(0) : 0)))
    return failure();
  int64_t spatial = x.getRank() - 2, g = groups;
  if (failed(checkPerSpatial(loc, stride, spatial, "stride")) ||
      failed(checkPerSpatial(loc, padding, spatial, "padding")) ||
      failed(checkPerSpatial(loc, dilation, spatial, "dilation")))
    return failure();
  if (g < 1 || x.getDimSize(1) % g || w.getDimSize(0) % g)
    return fail(loc, "groups " + llvm::Twine(g) + " must divide input channels " +
                         llvm::Twine(x.getDimSize(1)) + " and output channels " +
                         llvm::Twine(w.getDimSize(0)));
  if (w.getDimSize(1) * g != x.getDimSize(1))
    return fail(loc, "expected weight of shape [O, " + llvm::Twine(x.getDimSize(1) / g) +
                         ", ...] for " + llvm::Twine(x.getDimSize(1)) + " input channels and " +
                         llvm::Twine(g) + " groups, got " + shapeStr(w.getShape()));
  if (failed(checkSymbolicConv(loc, x, w, bias)))
    return failure();
  llvm::SmallVector<SymExpr> in = dimExprs(x);
  llvm::SmallVector<int64_t> shape{x.getDimSize(0), w.getDimSize(0)};
  llvm::SmallVector<SymExpr> exprs{in[0], SymExpr::constant(w.getDimSize(0))};
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t o = slidingWindowOutputSize(x.getDimSize(2 + i), w.getDimSize(2 + i), stride[i],
                                        padding[i], dilation[i], false);
    if (o < 1)
      return fail(loc, "kernel " + shapeStr(w.getShape().drop_front(2)) +
                           " does not fit input " + shapeStr(x.getShape().drop_front(2)) +
                           " with this padding and dilation");
    shape.push_back(o);
    std::string why;
    std::optional<SymExpr> e = sym::slidingWindowOutput(
        in[2 + i], w.getDimSize(2 + i), stride[i], padding[i], dilation[i], false, why);
    if (!e)
      return fail(loc, "convolution output dim " + llvm::Twine(2 + i) + ": " + why);
    exprs.push_back(*e);
  }
  types.push_back(symbolicTensorType(shape, x.getElementType(), exprs));
  return success();
}

LogicalResult gn::inferConvTranspose(MLIRContext *, OptLoc loc, Value input, Value weight,
                                     Value bias, llvm::ArrayRef<int64_t> stride,
                                     llvm::ArrayRef<int64_t> padding,
                                     llvm::ArrayRef<int64_t> outputPadding,
                                     llvm::ArrayRef<int64_t> dilation, uint64_t groups,
                                     TypeList &types) {
  auto x = tensorType(input), w = tensorType(weight);
  int64_t g = groups;
  int64_t outChannels = w.getRank() >= 2 ? w.getDimSize(1) * g : 0;
  if (failed(checkConvOperands(loc, x, w, bias, outChannels)))
    return failure();
  int64_t spatial = x.getRank() - 2;
  if (failed(checkPerSpatial(loc, stride, spatial, "stride")) ||
      failed(checkPerSpatial(loc, padding, spatial, "padding")) ||
      failed(checkPerSpatial(loc, outputPadding, spatial, "output_padding")) ||
      failed(checkPerSpatial(loc, dilation, spatial, "dilation")))
    return failure();
  if (g < 1 || w.getDimSize(0) != x.getDimSize(1) || x.getDimSize(1) % g)
    return fail(loc, "expected weight of shape [" + llvm::Twine(x.getDimSize(1)) +
                         ", O / groups, ...], got " + shapeStr(w.getShape()));
  if (failed(checkSymbolicConv(loc, x, w, bias)))
    return failure();
  llvm::SmallVector<SymExpr> in = dimExprs(x);
  llvm::SmallVector<int64_t> shape{x.getDimSize(0), outChannels};
  llvm::SmallVector<SymExpr> exprs{in[0], SymExpr::constant(outChannels)};
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t o = (x.getDimSize(2 + i) - 1) * stride[i] - 2 * padding[i] +
                dilation[i] * (w.getDimSize(2 + i) - 1) + outputPadding[i] + 1;
    if (o < 1)
      return fail(loc, "transposed convolution output would be empty");
    shape.push_back(o);
    std::string why;
    std::optional<SymExpr> e = sym::transposedWindowOutput(
        in[2 + i], w.getDimSize(2 + i), stride[i], padding[i], dilation[i], outputPadding[i],
        why);
    if (!e)
      return fail(loc, "transposed convolution output dim " + llvm::Twine(2 + i) + ": " + why);
    exprs.push_back(*e);
  }
  types.push_back(symbolicTensorType(shape, x.getElementType(), exprs));
  return success();
}

LogicalResult gn::inferPool(MLIRContext *, OptLoc loc, Value input,
                            llvm::ArrayRef<int64_t> kernel, llvm::ArrayRef<int64_t> stride,
                            llvm::ArrayRef<int64_t> padding, llvm::ArrayRef<int64_t> dilation,
                            bool ceilMode, TypeList &types) {
  auto x = tensorType(input);
  int64_t spatial = kernel.size();
  if (spatial < 1 || spatial > 3 || x.getRank() < spatial + 1)
    return fail(loc, "expected 1 to 3 pooling dims and input of rank >= dims + 1, got " +
                         llvm::Twine(spatial) + " dims and rank " + llvm::Twine(x.getRank()));
  if (failed(checkPerSpatial(loc, stride, spatial, "stride")) ||
      failed(checkPerSpatial(loc, padding, spatial, "padding")) ||
      failed(checkPerSpatial(loc, dilation, spatial, "dilation")))
    return failure();
  llvm::SmallVector<int64_t> shape(x.getShape().drop_back(spatial));
  llvm::SmallVector<SymExpr> inExprs = dimExprs(x);
  llvm::SmallVector<SymExpr> exprs(inExprs.begin(), inExprs.end() - spatial);
  for (int64_t i = 0; i < spatial; ++i) {
    if (padding[i] * 2 > kernel[i])
      return fail(loc, "padding " + llvm::Twine(padding[i]) +
                           " exceeds half the kernel size " + llvm::Twine(kernel[i]));
    int64_t d = x.getRank() - spatial + i;
    int64_t o = slidingWindowOutputSize(x.getDimSize(d), kernel[i], stride[i], padding[i],
                                        dilation[i], ceilMode);
    if (o < 1)
      return fail(loc, "pooling window " + shapeStr(kernel) + " does not fit input " +
                           shapeStr(x.getShape()));
    shape.push_back(o);
    if (inExprs[d].isConstant()) {
      exprs.push_back(SymExpr::constant(o));
      continue;
    }
    std::string why;
    std::optional<SymExpr> e = sym::slidingWindowOutput(inExprs[d], kernel[i], stride[i],
                                                        padding[i], dilation[i], ceilMode, why);
    if (!e)
      return fail(loc, "pooling output dim " + llvm::Twine(d) + ": " + why);
    exprs.push_back(*e);
  }
  types.push_back(symbolicTensorType(shape, x.getElementType(), exprs));
  return success();
}

LogicalResult gn::inferAdaptivePool(MLIRContext *, OptLoc loc, Value input,
                                    llvm::ArrayRef<int64_t> outputSize, TypeList &types) {
  auto x = tensorType(input);
  int64_t spatial = outputSize.size();
  if (spatial < 1 || spatial > 3 || x.getRank() < spatial + 1)
    return fail(loc, "expected 1 to 3 output sizes and input of rank >= sizes + 1");
  // The output's spatial sizes are given: static whatever the input's are.
  llvm::SmallVector<int64_t> shape(x.getShape().drop_back(spatial));
  llvm::SmallVector<SymExpr> exprs = dimExprs(x);
  exprs.resize(shape.size());
  for (int64_t s : outputSize) {
    if (s < 1)
      return fail(loc, "adaptive pooling output sizes must be positive, got " +
                           shapeStr(outputSize));
    shape.push_back(s);
    exprs.push_back(SymExpr::constant(s));
  }
  types.push_back(symbolicTensorType(shape, x.getElementType(), exprs));
  return success();
}

LogicalResult gn::inferGridSample(MLIRContext *ctx, OptLoc loc, Value input, Value grid,
                                  TypeList &types) {
  auto x = tensorType(input), g = tensorType(grid);
  if (x.getRank() != 4 || g.getRank() != 4 || g.getDimSize(3) != 2)
    return fail(loc, "expected input [N, C, H, W] and grid [N, Ho, Wo, 2], got " +
                         shapeStr(x.getShape()) + " and " + shapeStr(g.getShape()));
  if (x.getDimSize(0) != g.getDimSize(0))
    return fail(loc, "input and grid batch sizes differ: " + llvm::Twine(x.getDimSize(0)) +
                         " and " + llvm::Twine(g.getDimSize(0)));
  if (x.getElementType() != g.getElementType())
    return fail(loc, "input and grid element types differ");
  types.push_back(RankedTensorType::get(
      {x.getDimSize(0), x.getDimSize(1), g.getDimSize(1), g.getDimSize(2)}, x.getElementType()));
  return success();
}

LogicalResult gn::inferNms(MLIRContext *ctx, OptLoc loc, Value boxes, TypeList &types) {
  auto b = tensorType(boxes);
  if (b.getRank() != 2 || b.getDimSize(1) != 4)
    return fail(loc, "expected boxes [K, 4], got " + shapeStr(b.getShape()));
  types.push_back(RankedTensorType::get({b.getDimSize(0)}, IntegerType::get(ctx, 1)));
  return success();
}

LogicalResult gn::inferRoiAlign(MLIRContext *ctx, OptLoc loc, Value input, Value boxes,
                                Value batchIndex, int64_t pooledHeight, int64_t pooledWidth,
                                TypeList &types) {
  auto x = tensorType(input), b = tensorType(boxes), i = tensorType(batchIndex);
  if (x.getRank() != 4 || b.getRank() != 2 || b.getDimSize(1) != 4 || i.getRank() != 1)
    return fail(loc, "expected input [N, C, H, W], boxes [R, 4] and batch_index [R], got " +
                         shapeStr(x.getShape()) + ", " + shapeStr(b.getShape()) + " and " +
                         shapeStr(i.getShape()));
  if (b.getDimSize(0) != i.getDimSize(0))
    return fail(loc, "boxes and batch_index count different boxes: " +
                         llvm::Twine(b.getDimSize(0)) + " and " + llvm::Twine(i.getDimSize(0)));
  if (x.getElementType() != b.getElementType())
    return fail(loc, "input and boxes element types differ");
  if (pooledHeight < 1 || pooledWidth < 1)
    return fail(loc, "pooled sizes must be positive, got " + llvm::Twine(pooledHeight) + " x " +
                         llvm::Twine(pooledWidth));
  if (b.getDimSize(0) > 0 && (x.getDimSize(0) == 0 || x.getDimSize(2) == 0 || x.getDimSize(3) == 0))
    return fail(loc, "boxes read an empty input " + shapeStr(x.getShape()));
  types.push_back(RankedTensorType::get(
      {b.getDimSize(0), x.getDimSize(1), pooledHeight, pooledWidth}, x.getElementType()));
  return success();
}

LogicalResult gn::inferResize(MLIRContext *ctx, OptLoc loc, Value input,
                              llvm::ArrayRef<int64_t> size, TypeList &types) {
  auto x = tensorType(input);
  if ((int64_t)size.size() + 2 != x.getRank())
    return fail(loc, "expected " + llvm::Twine(x.getRank() - 2) + " output sizes for input " +
                         shapeStr(x.getShape()) + ", got " + llvm::Twine(size.size()));
  return inferAdaptivePool(ctx, loc, input, size, types);
}
