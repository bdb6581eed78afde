//===- NNOps.cpp - Paddle contractions, convolution, pooling, norms ------===//
#include "PaddleOps.h"
#include "gn/Import/Python/Antialias.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/TensorAlgebra.h"
#include "gn/Support/NumericCast.h"
#include "llvm/ADT/Sequence.h"
#include <cmath>

using namespace mlir;
using namespace mlir::gn::import;
using namespace mlir::gn::import::paddle;

namespace {

FailureOr<Value> swapLastTwo(ImportContext &ctx, Value v) {
  int64_t rank = typeOf(v).getRank();
  if (rank < 2)
    return v;
  llvm::SmallVector<int64_t> perm;
  for (int64_t i = 0; i < rank; ++i)
    perm.push_back(i);
  std::swap(perm[rank - 1], perm[rank - 2]);
  return transpose(ctx, v, perm);
}

/// matmul(x, y, transpose_x, transpose_y).
FailureOr<PyValue> matmul(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("y");
  auto tx = a.boolean("transpose_x"), ty = a.boolean("transpose_y");
  if (failed(x) || failed(y) || failed(tx) || failed(ty))
    return failure();
  Value l = *x, r = *y;
  if (*tx) {
    auto t = swapLastTwo(ctx, l);
    if (failed(t))
      return failure();
    l = *t;
  }
  if (*ty) {
    auto t = swapLastTwo(ctx, r);
    if (failed(t))
      return failure();
    r = *t;
  }
  return wrap(ctx.build<gn::MatmulOp>({l, r}));
}

FailureOr<PyValue> bmm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), y = a.tensor("y");
  if (failed(x) || failed(y))
    return failure();
  return wrap(ctx.build<gn::MatmulOp>({*x, *y}));
}

/// Padding of one spatial dim: explicit, or SAME (output ceil(in / stride),
/// the odd pixel at the end) or VALID.
struct SpatialPadding {
  llvm::SmallVector<int64_t> low, high;
};

FailureOr<SpatialPadding> convPadding(Args &a, llvm::ArrayRef<int64_t> paddings,
                                      llvm::StringRef algorithm, llvm::ArrayRef<int64_t> in,
                                      llvm::ArrayRef<int64_t> kernel,
                                      llvm::ArrayRef<int64_t> stride,
                                      llvm::ArrayRef<int64_t> dilation) {
  size_t n = in.size();
  SpatialPadding p;
  p.low.assign(n, 0);
  p.high.assign(n, 0);
  if (algorithm == "VALID")
    return p;
  if (algorithm == "SAME") {
    for (size_t i = 0; i < n; ++i) {
      int64_t out = (in[i] + stride[i] - 1) / stride[i];
      int64_t effective = (kernel[i] - 1) * dilation[i] + 1;
      int64_t total = std::max<int64_t>((out - 1) * stride[i] + effective - in[i], 0);
      p.low[i] = total / 2;
      p.high[i] = total - total / 2;
    }
    return p;
  }
  if (algorithm != "EXPLICIT")
    return a.error("unsupported padding_algorithm '" + algorithm + "'");
  if (paddings.size() == n) {
    p.low.assign(paddings.begin(), paddings.end());
    p.high = p.low;
  } else if (paddings.size() == 2 * n) {
    for (size_t i = 0; i < n; ++i) {
      p.low[i] = paddings[2 * i];
      p.high[i] = paddings[2 * i + 1];
    }
  } else {
    return a.error("expected " + llvm::Twine(n) + " or " + llvm::Twine(2 * n) +
                   " paddings, got " + llvm::Twine(paddings.size()));
  }
  for (int64_t x : paddings)
    if (x < 0)
      return a.error("paddings must be >= 0, got " + llvm::Twine(x));
  return p;
}

/// A per-spatial-dim parameter (strides, dilations, kernel_size...): one
/// value for every dim or one per dim, each at least `min`. Checked here so
/// that a stride of 0 or a short list is an error naming the op, not a
/// division by zero or a read past the list.
FailureOr<llvm::SmallVector<int64_t>> spatialParam(Args &a, llvm::ArrayRef<int64_t> v, size_t n,
                                                   llvm::StringRef name, int64_t min) {
  if (v.size() != 1 && v.size() != n)
    return a.error("expects 1 or " + llvm::Twine(n) + " " + name + ", got " +
                   llvm::Twine(v.size()));
  for (int64_t x : v)
    if (x < min)
      return a.error(name + " must be >= " + llvm::Twine(min) + ", got " + llvm::Twine(x));
  if (v.size() == 1)
    return llvm::SmallVector<int64_t>(n, v[0]);
  return llvm::SmallVector<int64_t>(v);
}

/// Pads the spatial dims explicitly when low != high (gn.conv and the pools
/// take symmetric padding) and returns the symmetric part.
FailureOr<Value> padAsymmetric(ImportContext &ctx, Value x, SpatialPadding &p, double value) {
  if (p.low == p.high)
    return x;
  int64_t rank = typeOf(x).getRank(), spatial = p.low.size();
  llvm::SmallVector<int64_t> low(rank, 0), high(rank, 0);
  for (int64_t i = 0; i < spatial; ++i) {
    int64_t common = std::min(p.low[i], p.high[i]);
    low[rank - spatial + i] = p.low[i] - common;
    high[rank - spatial + i] = p.high[i] - common;
    p.low[i] = p.high[i] = common;
  }
  return ctx.build<gn::PadOp>({x}, {ctx.ints("low", low), ctx.ints("high", high),
                                    ctx.str("mode", "constant"), ctx.f64("value", value)});
}

/// conv2d(x, filter, strides, paddings, padding_algorithm, dilations,
/// groups, data_format); depthwise_conv2d has groups before dilations (see
/// the registrations). The filter is OIHW for both data formats.
FailureOr<PyValue> conv(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), w = a.tensor("filter");
  auto strides = intList(a, ctx, "strides"), pads = intList(a, ctx, "paddings"),
       dilations = intList(a, ctx, "dilations");
  auto algorithm = a.string("padding_algorithm"), format = a.string("data_format");
  auto groups = a.integer("groups");
  if (failed(x) || failed(w) || failed(strides) || failed(pads) || failed(dilations) ||
      failed(algorithm) || failed(format) || failed(groups))
    return failure();
  int64_t rank = typeOf(*x).getRank(), spatial = rank - 2;
  if (spatial < 1 || typeOf(*w).getRank() != rank)
    return a.error("expects input and filter of the same rank >= 3");
  bool last = *format == "NHWC" || *format == "NDHWC" || *format == "NLC";
  Value in = *x;
  if (last) {
    auto t = transpose(ctx, in, channelsFirst(rank));
    if (failed(t))
      return failure();
    in = *t;
  }
  auto stride = spatialParam(a, *strides, spatial, "strides", 1);
  auto dilation = spatialParam(a, *dilations, spatial, "dilations", 1);
  if (failed(stride) || failed(dilation))
    return failure();
  auto inShape = typeOf(in).getShape().drop_front(2);
  auto kernel = typeOf(*w).getShape().drop_front(2);
  auto p = convPadding(a, *pads, *algorithm, inShape, kernel, *stride, *dilation);
  if (failed(p))
    return failure();
  auto padded = padAsymmetric(ctx, in, *p, 0);
  if (failed(padded))
    return failure();
  auto r = ctx.build<gn::ConvOp>({*padded, *w}, {ctx.ints("stride", *stride),
                                                 ctx.ints("padding", p->low),
                                                 ctx.ints("dilation", *dilation),
                                                 ctx.i64("groups", *groups)});
  if (failed(r) || !last)
    return wrap(r);
  return wrap(transpose(ctx, *r, channelsLast(rank)));
}

/// conv2d_transpose(x, filter, strides, paddings, output_padding,
/// output_size, padding_algorithm, groups, dilations, data_format): NCHW or
/// NHWC data (the filter [I, O/G, k...] either way), EXPLICIT (symmetric or
/// asymmetric), SAME or VALID padding (PaddlePaddle takes SAME's pads from
/// the input as a convolution would). Asymmetric pads run the transposed
/// convolution with the smaller pad on both sides and cut the rest away.
FailureOr<PyValue> convTranspose(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), w = a.tensor("filter");
  auto strides = intList(a, ctx, "strides"), pads = intList(a, ctx, "paddings"),
       outPad = intList(a, ctx, "output_padding"), outSize = intList(a, ctx, "output_size"),
       dilations = intList(a, ctx, "dilations");
  auto algorithm = a.string("padding_algorithm"), format = a.string("data_format");
  auto groups = a.integer("groups");
  if (failed(x) || failed(w) || failed(strides) || failed(pads) || failed(outPad) ||
      failed(outSize) || failed(dilations) || failed(algorithm) || failed(format) ||
      failed(groups))
    return failure();
  int64_t rank = typeOf(*x).getRank(), spatial = rank - 2;
  if (spatial < 1 || typeOf(*w).getRank() != spatial + 2)
    return a.error("expects input and filter of the same rank >= 3");
  bool last = *format == "NHWC" || *format == "NDHWC" || *format == "NLC";
  if (!last && *format != "NCHW" && *format != "NCDHW" && *format != "NCL")
    return a.error("data_format '" + *format + "' is not supported");
  Value in = *x;
  if (last) {
    auto t = transpose(ctx, in, channelsFirst(rank));
    if (failed(t))
      return failure();
    in = *t;
  }
  auto stride = spatialParam(a, *strides, spatial, "strides", 1);
  auto dilation = spatialParam(a, *dilations, spatial, "dilations", 1);
  if (failed(stride) || failed(dilation))
    return failure();
  auto kernel = typeOf(*w).getShape().drop_front(2);
  auto inShape = typeOf(in).getShape().drop_front(2);
  auto pad = convPadding(a, *pads, *algorithm, inShape, kernel, *stride, *dilation);
  if (failed(pad))
    return failure();
  llvm::SmallVector<int64_t> op(spatial, 0);
  if (!outPad->empty()) {
    auto given = spatialParam(a, *outPad, spatial, "output_padding", 0);
    if (failed(given))
      return failure();
    op = *given;
  }
  // The symmetric part, and what is cut from each side after.
  llvm::SmallVector<int64_t> common(spatial), cutLow(spatial), cutHigh(spatial);
  for (int64_t i = 0; i < spatial; ++i) {
    common[i] = std::min(pad->low[i], pad->high[i]);
    cutLow[i] = pad->low[i] - common[i];
    cutHigh[i] = pad->high[i] - common[i];
  }
  if (!outSize->empty()) {
    // output_size picks the output padding.
    auto size = spatialParam(a, *outSize, spatial, "output_size", 1);
    if (failed(size))
      return failure();
    for (int64_t i = 0; i < spatial; ++i) {
      int64_t base = (inShape[i] - 1) * (*stride)[i] - pad->low[i] - pad->high[i] +
                     (*dilation)[i] * (kernel[i] - 1) + 1;
      op[i] = (*size)[i] - base;
      if (op[i] < 0 || op[i] >= std::max((*stride)[i], (*dilation)[i]))
        return a.error("output_size " + llvm::Twine((*size)[i]) + " is not reachable");
    }
  }
  Chain c{ctx};
  Value r = c.op<gn::ConvTransposeOp>(
      {in, *w}, {ctx.ints("stride", *stride), ctx.ints("padding", common),
                 ctx.ints("output_padding", op), ctx.ints("dilation", *dilation),
                 ctx.i64("groups", *groups)});
  if (!c.ok())
    return failure();
  for (int64_t i = 0; i < spatial; ++i)
    if (cutLow[i] || cutHigh[i]) {
      int64_t n = typeOf(r).getDimSize(2 + i);
      r = c.slice(r, 2 + i, cutLow[i], n - cutHigh[i]);
    }
  if (!c.ok())
    return failure();
  if (!last)
    return PyValue::of(r);
  return wrap(transpose(ctx, r, channelsLast(rank)));
}

/// pool2d(x, kernel_size, strides, paddings, ceil_mode, exclusive,
/// data_format, pooling_type, global_pooling, adaptive, padding_algorithm).
template <int Spatial>
FailureOr<PyValue> pool(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto kernelList = intList(a, ctx, "kernel_size"), strides = intList(a, ctx, "strides"),
       pads = intList(a, ctx, "paddings");
  auto ceil = a.boolean("ceil_mode"), exclusive = a.boolean("exclusive"),
       global = a.boolean("global_pooling"), adaptive = a.boolean("adaptive");
  auto format = a.string("data_format"), type = a.string("pooling_type"),
       algorithm = a.string("padding_algorithm");
  if (failed(x) || failed(kernelList) || failed(strides) || failed(pads) || failed(ceil) ||
      failed(exclusive) || failed(global) || failed(adaptive) || failed(format) ||
      failed(type) || failed(algorithm))
    return failure();
  // "LP" (lp_pool2d, with norm_type p): (sum over the window of x^p)^(1/p),
  // zero padding adding nothing, x^p NaN where x < 0 and p is fractional.
  bool isLp = a.has("norm_type"); // only lp_pool2d has it
  if (*type != "max" && *type != "avg" && !isLp)
    return a.error("unsupported pooling_type '" + *type + "'");
  bool isMax = *type == "max";
  double lpNorm = 1;
  if (isLp) {
    auto n = number(a, ctx, "norm_type");
    if (failed(n))
      return failure();
    if (*n == 0)
      return a.error("lp_pool2d with norm_type 0 is not supported");
    if (*global || *adaptive)
      return a.error("lp_pool2d with global_pooling or adaptive is not supported");
    lpNorm = *n;
  }
  int64_t rank = typeOf(*x).getRank();
  if (rank != Spatial + 2)
    return a.error("expects a " + std::to_string(Spatial + 2) + "-d input");
  bool last = *format == "NHWC" || *format == "NDHWC";
  Value in = *x;
  if (isLp) {
    Type e = typeOf(in).getElementType();
    auto powered = ctx.build<gn::PowOp>({in, ctx.splat(e, lpNorm)});
    if (failed(powered))
      return failure();
    in = *powered;
  }
  if (last) {
    auto t = transpose(ctx, in, channelsFirst(rank));
    if (failed(t))
      return failure();
    in = *t;
  }
  auto spatialShape = typeOf(in).getShape().drop_front(2);
  FailureOr<Value> r = failure();
  llvm::SmallVector<int64_t> ones(Spatial, 1);
  if (*global) {
    r = isMax ? ctx.build<gn::AdaptiveMaxPoolOp>({in}, {ctx.ints("output_size", ones)})
              : ctx.build<gn::AdaptiveAvgPoolOp>({in}, {ctx.ints("output_size", ones)});
  } else if (*adaptive) {
    auto size = spatialParam(a, *kernelList, Spatial, "kernel_size", 1);
    if (failed(size))
      return failure();
    r = isMax ? ctx.build<gn::AdaptiveMaxPoolOp>({in}, {ctx.ints("output_size", *size)})
              : ctx.build<gn::AdaptiveAvgPoolOp>({in}, {ctx.ints("output_size", *size)});
  } else {
    auto kernelOr = spatialParam(a, *kernelList, Spatial, "kernel_size", 1);
    auto strideOr = spatialParam(a, *strides, Spatial, "strides", 1);
    if (failed(kernelOr) || failed(strideOr))
      return failure();
    auto kernel = *kernelOr, stride = *strideOr;
    llvm::SmallVector<int64_t> dilation(Spatial, 1);
    auto p = convPadding(a, *pads, *algorithm, spatialShape, kernel, stride, dilation);
    if (failed(p))
      return failure();
    // Asymmetric padding (SAME): the extra side padded explicitly, with -inf
    // for max pooling and zeros for exclusive average pooling, which then
    // divides by the average of a padded tensor of ones (the share of real
    // cells in each window). PaddlePaddle's non-exclusive average divides
    // by the window clipped to the input padded by the *leading* padding on
    // both sides (its kernel assumes symmetric padding; checked on 3.3):
    // the sums over zeros, then those counts (a constant).
    Value ones;
    llvm::SmallVector<int64_t> leading(p->low), trailing(p->high);
    bool leadingDivisor = p->low != p->high && !isMax && !isLp && !*exclusive;
    if (p->low != p->high) {
      Type e = typeOf(in).getElementType();
      if (!isMax && !isLp && *exclusive) {
        auto padOnes = *p;
        auto o = padAsymmetric(ctx, ctx.splat(e, 1, typeOf(in).getShape()), padOnes, 0);
        if (failed(o))
          return failure();
        ones = *o;
      }
      auto padded = padAsymmetric(ctx, in, *p, isMax ? -INFINITY : 0.0);
      if (failed(padded))
        return failure();
      in = *padded;
    }
    // SAME and VALID ignore ceil_mode. With ceil_mode PaddlePaddle keeps a
    // last window that lies wholly in the padding (5x5, k2 s2 p1 -> 4x4;
    // torch and gn drop it, 3x3) and fills it with -FLT_MAX or NaN: refused.
    bool ceilMode = *ceil && *algorithm == "EXPLICIT";
    if (ceilMode)
      for (int64_t i = 0; i < Spatial; ++i) {
        // (The padding as given: padAsymmetric has moved part of it into
        // the input.)
        int64_t in = spatialShape[i] + leading[i] + trailing[i];
        int64_t paddleOut = (in - kernel[i] + stride[i] - 1) / stride[i] + 1;
        if ((paddleOut - 1) * stride[i] >= spatialShape[i] + leading[i])
          return a.error("ceil_mode with a last window wholly in the padding (PaddlePaddle "
                         "keeps it and fills it with -FLT_MAX or NaN) is not supported");
      }
    llvm::SmallVector<NamedAttribute> attrs{
        ctx.ints("kernel", kernel), ctx.ints("stride", stride), ctx.ints("padding", p->low),
        ctx.ints("dilation", dilation), ctx.flag("ceil_mode", ceilMode)};
    if (isMax) {
      r = ctx.build<gn::MaxPoolOp>({in}, attrs);
    } else if (isLp) {
      attrs.push_back(ctx.flag("count_include_pad", true));
      attrs.push_back(ctx.i64("divisor_override", 1));
      auto sums = ctx.build<gn::AvgPoolOp>({in}, attrs);
      if (failed(sums))
        return failure();
      r = ctx.build<gn::PowOp>({*sums, ctx.splat(typeOf(*sums).getElementType(), 1.0 / lpNorm)});
    } else if (ones) {
      attrs.push_back(ctx.flag("count_include_pad", true));
      auto sums = ctx.build<gn::AvgPoolOp>({in}, attrs);
      auto share = ctx.build<gn::AvgPoolOp>({ones}, attrs);
      if (failed(sums) || failed(share))
        return failure();
      r = ctx.build<gn::DivOp>({*sums, *share});
    } else if (leadingDivisor) {
      attrs.push_back(ctx.flag("count_include_pad", true));
      attrs.push_back(ctx.i64("divisor_override", 1));
      auto sums = ctx.build<gn::AvgPoolOp>({in}, attrs);
      if (failed(sums))
        return failure();
      auto outType = typeOf(*sums);
      auto outShape = outType.getShape().drop_front(2);
      // Per dim, the window [o * stride - lead, + kernel) clipped to
      // [-lead, size + lead); the divisor is their product.
      llvm::SmallVector<int64_t> counts(1, 1);
      for (int64_t i = 0; i < Spatial; ++i) {
        llvm::SmallVector<int64_t> next;
        for (int64_t c : counts)
          for (int64_t o = 0; o < outShape[i]; ++o) {
            int64_t start = o * stride[i] - leading[i];
            int64_t end = std::min(start + kernel[i], spatialShape[i] + leading[i]);
            next.push_back(c * std::max<int64_t>(end - start, 1));
          }
        counts = std::move(next);
      }
      Type e = outType.getElementType();
      auto divisorType = RankedTensorType::get(outShape, e);
      llvm::SmallVector<Attribute> values;
      for (int64_t c : counts)
        values.push_back(ctx.builder.getFloatAttr(e, double(c)));
      Value divisor = gn::ConstantOp::create(ctx.builder, ctx.loc, divisorType,
                                             DenseElementsAttr::get(divisorType, values));
      r = ctx.build<gn::DivOp>({*sums, divisor});
    } else {
      attrs.push_back(ctx.flag("count_include_pad", !*exclusive));
      r = ctx.build<gn::AvgPoolOp>({in}, attrs);
    }
  }
  if (failed(r) || !last)
    return wrap(r);
  return wrap(transpose(ctx, *r, channelsLast(rank)));
}

/// batch_norm(x, mean, variance, scale, bias, is_test, momentum, epsilon,
/// data_format, use_global_stats, trainable_statistics) -> (out, mean_out,
/// variance_out, saved_mean, saved_variance, reserve_space). Batch
/// statistics normalize when training (is_test False, use_global_stats
/// False); only `out` is produced, the other results are None.
FailureOr<PyValue> batchNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), mean = a.tensor("mean"), var = a.tensor("variance");
  auto scale = a.optionalTensor("scale"), bias = a.optionalTensor("bias");
  auto isTest = a.boolean("is_test"), global = a.boolean("use_global_stats");
  auto eps = number(a, ctx, "epsilon");
  auto format = a.string("data_format");
  if (failed(x) || failed(mean) || failed(var) || failed(scale) || failed(bias) ||
      failed(isTest) || failed(global) || failed(eps) || failed(format))
    return failure();
  int64_t rank = typeOf(*x).getRank();
  bool last = (*format == "NHWC" || *format == "NDHWC" || *format == "NLC") && rank > 2;
  Value in = *x;
  if (last) {
    auto t = transpose(ctx, in, channelsFirst(rank));
    if (failed(t))
      return failure();
    in = *t;
  }
  Type e = typeOf(*mean).getElementType();
  int64_t c = typeOf(*mean).getDimSize(0);
  Value w = *scale ? *scale : ctx.splat(e, 1, {c});
  Value b = *bias ? *bias : ctx.splat(e, 0, {c});
  bool training = !*isTest && !*global;
  auto r = ctx.build<gn::BatchNormOp>({in, *mean, *var, w, b},
                                      {ctx.f64("epsilon", *eps), ctx.flag("training", training)});
  if (failed(r))
    return failure();
  Value out = *r;
  if (last) {
    auto t = transpose(ctx, out, channelsLast(rank));
    if (failed(t))
      return failure();
    out = *t;
  }
  return PyValue::tuple({PyValue::of(out), PyValue::none(), PyValue::none(), PyValue::none(),
                         PyValue::none(), PyValue::none()});
}

/// layer_norm(x, scale, bias, epsilon, begin_norm_axis) -> (out, mean,
/// variance); scale and bias are flattened over the normalized dims.
FailureOr<PyValue> layerNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto scale = a.optionalTensor("scale"), bias = a.optionalTensor("bias");
  auto eps = number(a, ctx, "epsilon");
  auto begin = a.integer("begin_norm_axis");
  if (failed(x) || failed(scale) || failed(bias) || failed(eps) || failed(begin))
    return failure();
  auto type = typeOf(*x);
  auto axis = ctx.dim(*begin, type.getRank());
  if (failed(axis))
    return failure();
  auto normShape = type.getShape().drop_front(*axis);
  auto affine = [&](Value v, double fill) -> FailureOr<Value> {
    if (!v)
      return ctx.splat(type.getElementType(), fill, normShape);
    return ctx.reshape(v, normShape);
  };
  auto w = affine(*scale, 1), b = affine(*bias, 0);
  if (failed(w) || failed(b))
    return failure();
  auto r = ctx.build<gn::LayerNormOp>(
      {*x, *w, *b}, {ctx.i64("normalized_rank", type.getRank() - *axis), ctx.f64("epsilon", *eps)});
  if (failed(r))
    return failure();
  return PyValue::tuple({PyValue::of(*r), PyValue::none(), PyValue::none()});
}

/// group_norm(x, scale, bias, epsilon, groups, data_format) -> (out, mean,
/// variance).
FailureOr<PyValue> groupNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto scale = a.optionalTensor("scale"), bias = a.optionalTensor("bias");
  auto eps = number(a, ctx, "epsilon");
  auto groups = a.integer("groups");
  auto format = a.string("data_format");
  if (failed(x) || failed(scale) || failed(bias) || failed(eps) || failed(groups) ||
      failed(format))
    return failure();
  bool last = *format == "NHWC" || *format == "NLC" || *format == "NDHWC";
  if (!last && *format != "NCHW" && *format != "NCL" && *format != "NCDHW")
    return a.error("data_format '" + *format + "' is not supported");
  Value in = *x;
  int64_t rank = typeOf(in).getRank();
  if (last) { // channels last: normalized as channels first, then back
    auto t = transpose(ctx, in, channelsFirst(rank));
    if (failed(t))
      return failure();
    in = *t;
  }
  auto type = typeOf(in);
  int64_t c = type.getDimSize(1);
  Type e = type.getElementType();
  Value w = *scale ? *scale : ctx.splat(e, 1, {c});
  Value b = *bias ? *bias : ctx.splat(e, 0, {c});
  auto r = ctx.build<gn::GroupNormOp>({in, w, b}, {ctx.i64("num_groups", *groups),
                                                   ctx.f64("epsilon", *eps)});
  if (failed(r))
    return failure();
  Value out = *r;
  if (last) {
    auto t = transpose(ctx, out, channelsLast(rank));
    if (failed(t))
      return failure();
    out = *t;
  }
  return PyValue::tuple({PyValue::of(out), PyValue::none(), PyValue::none()});
}

/// *_interp(x, out_size, size_tensor, scale_tensor, data_format, out_d,
/// out_h, out_w, scale, interp_method, align_corners, align_mode);
/// `Antialiased`: interp_antialias (the same arguments, bilinear or bicubic,
/// align_mode unused), which computes PyTorch's antialiased resize.
template <bool Antialiased>
FailureOr<PyValue> interp(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto format = a.string("data_format"), method = a.string("interp_method");
  auto outD = a.integer("out_d"), outH = a.integer("out_h"), outW = a.integer("out_w");
  auto align = a.boolean("align_corners");
  auto alignMode = a.integer("align_mode");
  if (failed(x) || failed(format) || failed(method) || failed(outD) || failed(outH) ||
      failed(outW) || failed(align) || failed(alignMode))
    return failure();
  int64_t rank = typeOf(*x).getRank(), spatial = rank - 2;
  bool last = *format == "NHWC" || *format == "NDHWC" || *format == "NWC";
  Value in = *x;
  if (last) {
    auto t = transpose(ctx, in, channelsFirst(rank));
    if (failed(t))
      return failure();
    in = *t;
  }
  auto inShape = typeOf(in).getShape().drop_front(2);
  // PaddlePaddle's precedence: a size tensor, else a positive scale
  // (output = int(in * scale) in float32), else out_d/out_h/out_w.
  std::vector<double> scales;
  if (a.has("scale_tensor")) {
    auto k = knownValues(ctx, a.get("scale_tensor").tensor);
    if (!k)
      return a.error("scale_tensor is computed at run time (unsupported: data-dependent shape)");
    scales = *k;
  } else if (a.get("scale").isSequence()) {
    for (const PyValue &e : a.get("scale").elts)
      scales.push_back(e.asDouble());
  }
  if (scales.size() == 1)
    scales.assign(spatial, scales[0]);
  bool scaled = (int64_t)scales.size() == spatial &&
                llvm::all_of(scales, [](double v) { return float(v) > 0; });
  llvm::SmallVector<int64_t> size;
  if (a.has("size_tensor") || a.has("out_size")) {
    auto s = intList(a, ctx, a.has("size_tensor") ? "size_tensor" : "out_size");
    if (failed(s))
      return failure();
    size = *s;
  } else if (scaled) {
    for (int64_t i = 0; i < spatial; ++i)
      size.push_back(gn::saturatingCast<int64_t>(float(inShape[i]) * float(scales[i])));
  } else {
    llvm::SmallVector<int64_t> given;
    if (spatial == 3) given.push_back(*outD);
    if (spatial >= 2) given.push_back(*outH);
    given.push_back(*outW);
    if (!llvm::all_of(given, [](int64_t v) { return v > 0; }))
      return a.error("needs an output size or " + llvm::Twine(spatial) + " positive scales");
    size = given;
  }
  if ((int64_t)size.size() != spatial)
    return a.error("expected " + llvm::Twine(spatial) + " output sizes");
  if (Antialiased) {
    if (*method != "bilinear" && *method != "bicubic")
      return a.error("interp_antialias takes interp_method bilinear or bicubic, got '" +
                     *method + "'");
    // Steps by 1 / scale in float32 where a scale was given, as below.
    llvm::SmallVector<double> steps;
    for (int64_t i = 0; scaled && i < spatial; ++i)
      steps.push_back(double(float(1.0 / double(float(scales[i])))));
    auto v = resampleAntialiased(ctx, in, size, steps, *method == "bicubic", *align);
    if (failed(v))
      return failure();
    if (!last)
      return PyValue::of(*v);
    return wrap(transpose(ctx, *v, channelsLast(rank)));
  }
  llvm::StringRef mode;
  if (*method == "nearest") {
    mode = "nearest";
    if (*align) {
      // Output o reads int(o * (in - 1) / (out - 1) + 0.5), the ratio in
      // float32 as PaddlePaddle computes it: one gather per dim.
      Chain c{ctx};
      Value v = in;
      for (int64_t i = 0; i < spatial; ++i) {
        float ratio = size[i] > 1 ? float(inShape[i] - 1) / float(size[i] - 1) : 0.f;
        std::vector<double> at;
        for (int64_t o = 0; o < size[i]; ++o)
          at.push_back(std::min<int64_t>(int64_t(ratio * float(o) + 0.5f), inShape[i] - 1));
        v = c.op<gn::IndexSelectOp>({v, denseConstant(ctx, ctx.i64Type(), {size[i]}, at)},
                                    {ctx.i64("dim", 2 + i)});
      }
      if (!c.ok())
        return failure();
      if (!last)
        return PyValue::of(v);
      return wrap(transpose(ctx, v, channelsLast(rank)));
    }
  } else if (*method == "bilinear" || *method == "linear" || *method == "trilinear") {
    mode = "linear";
  } else if (*method == "bicubic") {
    mode = "bicubic";
  } else {
    return a.error("unsupported interp_method '" + *method + "'");
  }
  // Source positions step by 1 / scale where a scale was given (float32, as
  // PaddlePaddle), by 0 where one position is asked for (PaddlePaddle's
  // ratio stays 0 then), else by in / out (gn.resize's default).
  llvm::SmallVector<double> steps;
  for (int64_t i = 0; i < spatial; ++i)
    steps.push_back(size[i] <= 1 ? 0.0
                    : scaled     ? double(float(1.0 / double(float(scales[i]))))
                                 : double(inShape[i]) / double(size[i]));
  bool defaultSteps = llvm::all_of(llvm::seq<int64_t>(0, spatial), [&](int64_t i) {
    return steps[i] == double(inShape[i]) / double(size[i]);
  });
  if (mode == "linear" && !*align && *alignMode != 0) {
    // align_mode 1 (fluid's resize default): output o reads the input at
    // o * step, not (o + 0.5) * step - 0.5: separable lerps between the two
    // neighbours, their indices and weights constants in float32 as
    // PaddlePaddle computes them.
    Chain c{ctx};
    Value v = in;
    Type e = typeOf(in).getElementType();
    for (int64_t i = 0; i < spatial; ++i) {
      int64_t n = inShape[i], dim = 2 + i;
      std::vector<double> lo, hi, weight;
      for (int64_t o = 0; o < size[i]; ++o) {
        float src = float(steps[i]) * float(o);
        int64_t k = std::min<int64_t>(src > 0 ? int64_t(src) : 0, n - 1);
        lo.push_back(k);
        hi.push_back(std::min<int64_t>(k + 1, n - 1));
        weight.push_back(double(src - float(k)));
      }
      llvm::SmallVector<int64_t> wshape(typeOf(v).getRank(), 1);
      wshape[dim] = size[i];
      Value w = denseConstant(ctx, e, wshape, weight);
      Value a0 = c.op<gn::IndexSelectOp>(
          {v, denseConstant(ctx, ctx.i64Type(), {size[i]}, lo)}, {ctx.i64("dim", dim)});
      Value a1 = c.op<gn::IndexSelectOp>(
          {v, denseConstant(ctx, ctx.i64Type(), {size[i]}, hi)}, {ctx.i64("dim", dim)});
      v = c.op<gn::AddOp>({c.op<gn::MulOp>({a0, c.op<gn::SubOp>({ctx.splat(e, 1), w})}),
                           c.op<gn::MulOp>({a1, w})});
      if (!c.ok())
        return failure();
    }
    if (!last)
      return PyValue::of(v);
    return wrap(transpose(ctx, v, channelsLast(rank)));
  }
  llvm::SmallVector<NamedAttribute> attrs{ctx.ints("size", size), ctx.str("mode", mode),
                                          ctx.flag("align_corners", *align)};
  if (!defaultSteps)
    attrs.push_back(ctx.attr("scales", ctx.builder.getDenseF64ArrayAttr(steps)));
  auto r = ctx.build<gn::ResizeOp>({in}, attrs);
  if (failed(r) || !last)
    return wrap(r);
  return wrap(transpose(ctx, *r, channelsLast(rank)));
}

/// grid_sample(x, grid, mode, padding_mode, align_corners).
FailureOr<PyValue> gridSample(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), grid = a.tensor("grid");
  auto mode = a.string("mode"), padding = a.string("padding_mode");
  auto align = a.boolean("align_corners");
  if (failed(x) || failed(grid) || failed(mode) || failed(padding) || failed(align))
    return failure();
  return wrap(algebra::gridSample(ctx, *x, *grid, *mode, *padding, *align));
}

/// einsum(xs, equation) -> (out, inner_cache, xshape).
FailureOr<PyValue> einsum(ImportContext &ctx, Args &a) {
  auto xs = a.tensors("x");
  auto eq = a.string("equation");
  if (failed(xs) || failed(eq))
    return failure();
  std::string equation;
  for (char c : *eq)
    if (c != ' ')
      equation += c;
  auto explicitEq = algebra::explicitEinsum(ctx, equation, *xs);
  if (failed(explicitEq))
    return failure();
  auto r = ctx.build<gn::EinsumOp>(*xs, {ctx.str("equation", *explicitEq)});
  if (failed(r))
    return failure();
  // The other results (a cache and the inputs) are PIR bookkeeping; the
  // samples unpack them into names they never read.
  std::vector<PyValue> none(xs->size()), inputs;
  for (Value v : *xs)
    inputs.push_back(PyValue::of(v));
  PyValue cache = PyValue::tuple(none), xshape = PyValue::tuple(inputs);
  cache.kind = xshape.kind = PyValue::List;
  return PyValue::tuple({PyValue::of(*r), cache, xshape});
}

/// affine_grid(input, output_shape, align_corners): algebra::affineGrid.
FailureOr<PyValue> affineGrid(ImportContext &ctx, Args &a) {
  auto theta = a.tensor("input");
  auto shape = intList(a, ctx, "output_shape");
  auto align = a.boolean("align_corners");
  if (failed(theta) || failed(shape) || failed(align))
    return failure();
  return wrap(algebra::affineGrid(ctx, *theta, *shape, *align));
}

/// Two values per spatial dim from a Paddle int list: one value for both,
/// or one each.
FailureOr<llvm::SmallVector<int64_t>> pairOf(Args &a, llvm::ArrayRef<int64_t> v,
                                             llvm::StringRef name) {
  if (v.size() == 1)
    return llvm::SmallVector<int64_t>{v[0], v[0]};
  if (v.size() == 2)
    return llvm::SmallVector<int64_t>(v);
  return a.error(name + " must have 1 or 2 values, got " + std::to_string(v.size()));
}

/// unfold / fold's paddings: 1, 2 ([h, w]) or 4 ([top, left, bottom, right])
/// values, as low and high padding per spatial dim.
LogicalResult foldPaddings(Args &a, llvm::ArrayRef<int64_t> p, llvm::SmallVector<int64_t> &low,
                           llvm::SmallVector<int64_t> &high) {
  if (p.size() == 1 || p.size() == 2) {
    low = high = {p[0], p.back()};
    return success();
  }
  if (p.size() == 4) {
    low = {p[0], p[1]};
    high = {p[2], p[3]};
    return success();
  }
  return a.error("paddings must have 1, 2 or 4 values, got " + std::to_string(p.size()));
}

/// unfold(x, kernel_sizes, strides, paddings, dilations): algebra::im2col.
FailureOr<PyValue> unfold(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto k = intList(a, ctx, "kernel_sizes"), st = intList(a, ctx, "strides"),
       p = intList(a, ctx, "paddings"), dl = intList(a, ctx, "dilations");
  if (failed(x) || failed(k) || failed(st) || failed(p) || failed(dl))
    return failure();
  auto kk = pairOf(a, *k, "kernel_sizes"), ss = pairOf(a, *st, "strides"),
       dd = pairOf(a, *dl, "dilations");
  llvm::SmallVector<int64_t> low, high;
  if (failed(kk) || failed(ss) || failed(dd) || failed(foldPaddings(a, *p, low, high)))
    return failure();
  return wrap(algebra::im2col(ctx, *x, *kk, *dd, low, high, *ss));
}

/// fold(x, output_sizes, kernel_sizes, strides, paddings, dilations):
/// algebra::col2im.
FailureOr<PyValue> fold(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto out = intList(a, ctx, "output_sizes"), k = intList(a, ctx, "kernel_sizes"),
       st = intList(a, ctx, "strides"), p = intList(a, ctx, "paddings"),
       dl = intList(a, ctx, "dilations");
  if (failed(x) || failed(out) || failed(k) || failed(st) || failed(p) || failed(dl))
    return failure();
  auto oo = pairOf(a, *out, "output_sizes"), kk = pairOf(a, *k, "kernel_sizes"),
       ss = pairOf(a, *st, "strides"), dd = pairOf(a, *dl, "dilations");
  llvm::SmallVector<int64_t> low, high;
  if (failed(oo) || failed(kk) || failed(ss) || failed(dd) ||
      failed(foldPaddings(a, *p, low, high)))
    return failure();
  return wrap(algebra::col2im(ctx, *x, *oo, *kk, *dd, low, high, *ss));
}

/// maxout(x, groups, axis=1): the channels along `axis` in consecutive
/// runs of `groups`, each run's maximum.
FailureOr<PyValue> maxout(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto g = a.integer("groups"), ax = a.integer("axis");
  if (failed(x) || failed(g) || failed(ax))
    return failure();
  auto type = typeOf(*x);
  auto axis = ctx.dim(*ax, type.getRank());
  if (failed(axis))
    return failure();
  int64_t channels = type.getDimSize(*axis);
  if (*g < 1 || channels % *g)
    return a.error("groups " + std::to_string(*g) + " must divide the " +
                   std::to_string(channels) + " channels");
  llvm::SmallVector<int64_t> split(type.getShape());
  split[*axis] = channels / *g;
  split.insert(split.begin() + *axis + 1, *g);
  Chain c{ctx};
  Value r = c.op<gn::ReduceMaxOp>({c.reshape(*x, split)}, {ctx.ints("dims", {*axis + 1}),
                                                            ctx.flag("keepdim", false)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// temporal_shift(x, seg_num, shift_ratio, data_format): x is [N T, C, H, W]
/// (NCHW) or [N T, H, W, C]; the first C * ratio channels take the previous
/// frame's values, the next C * ratio the next frame's, zeros past the
/// ends; the rest stay.
FailureOr<PyValue> temporalShift(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto seg = a.integer("seg_num");
  auto ratio = number(a, ctx, "shift_ratio");
  auto format = a.string("data_format");
  if (failed(x) || failed(seg) || failed(ratio) || failed(format))
    return failure();
  if (*format != "NCHW" && *format != "NHWC")
    return a.error("data_format must be NCHW or NHWC, got '" + *format + "'");
  auto type = typeOf(*x);
  if (type.getRank() != 4 || *seg < 1 || type.getDimSize(0) % *seg)
    return a.error("expects a 4-d input whose batch divides by seg_num");
  bool last = *format == "NHWC";
  Value in = *x;
  if (last) {
    auto t = transpose(ctx, in, channelsFirst(4));
    if (failed(t))
      return failure();
    in = *t;
  }
  auto shape = typeOf(in).getShape();
  int64_t t = *seg, n = shape[0] / t, ch = shape[1], h = shape[2], w = shape[3];
  int64_t c1 = (int64_t)(ch * *ratio), c2 = (int64_t)(ch * 2 * *ratio);
  Chain c{ctx};
  Value v = c.reshape(in, {n, t, ch, h, w});
  auto zeroPad = [&](Value part, int64_t low, int64_t high) {
    return c.op<gn::PadOp>({part}, {ctx.ints("low", {0, low, 0, 0, 0}),
                                    ctx.ints("high", {0, high, 0, 0, 0}),
                                    ctx.str("mode", "constant"), ctx.f64("value", 0)});
  };
  llvm::SmallVector<Value> parts;
  if (c1 > 0) // frame i reads frame i - 1
    parts.push_back(zeroPad(c.slice(c.slice(v, 2, 0, c1), 1, 0, t - 1), 1, 0));
  if (c2 > c1) // frame i reads frame i + 1
    parts.push_back(zeroPad(c.slice(c.slice(v, 2, c1, c2), 1, 1, t), 0, 1));
  if (ch > c2)
    parts.push_back(c.slice(v, 2, c2, ch));
  Value out = parts.size() == 1 ? parts[0] : c.op<gn::ConcatOp>(parts, {ctx.i64("dim", 2)});
  out = c.reshape(out, {n * t, ch, h, w});
  if (last)
    out = c.take(transpose(ctx, out, channelsLast(4)));
  if (!c.ok())
    return failure();
  return PyValue::of(out);
}

/// affine_channel(x, scale, bias, data_layout): x * scale + bias per
/// channel (dim 1, or the last dim for NHWC).
FailureOr<PyValue> affineChannel(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), scale = a.tensor("scale"), bias = a.tensor("bias");
  auto layout = a.string("data_layout");
  if (failed(x) || failed(scale) || failed(bias) || failed(layout))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() < 2)
    return a.error("expects an input of rank >= 2");
  int64_t axis = *layout == "NHWC" ? type.getRank() - 1 : 1, ch = type.getDimSize(axis);
  llvm::SmallVector<int64_t> column(type.getRank(), 1);
  column[axis] = ch;
  Chain c{ctx};
  Value s = c.reshape(c.convert(*scale, type.getElementType()), column);
  Value b = c.reshape(c.convert(*bias, type.getElementType()), column);
  Value r = c.op<gn::AddOp>({c.op<gn::MulOp>({*x, s}), b});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

} // namespace

namespace {

/// linear(x, weight, bias) = x @ weight + bias, weight [in, out].
FailureOr<PyValue> linear(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), w = a.tensor("weight");
  auto b = a.optionalTensor("bias");
  if (failed(x) || failed(w) || failed(b))
    return failure();
  Chain c{ctx};
  Value r = c.op<gn::MatmulOp>({*x, *w});
  if (*b)
    r = c.op<gn::AddOp>({r, *b});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// The type a norm over `e` computes in: f32 for the half types.
Type normCompute(ImportContext &ctx, Type e) {
  return e.isF16() || e.isBF16() ? Type(ctx.f32()) : e;
}

/// rms_norm(input, weight, normalized_shape, eps) -> (out, invvar):
/// invvar = 1 / sqrt(mean(x^2) + eps) over the normalized (last) dims,
/// one per row of the leading dims (f32), out = x * invvar * weight.
FailureOr<PyValue> rmsNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto w = a.optionalTensor("weight");
  auto shape = intList(a, ctx, "normalized_shape");
  auto eps = number(a, ctx, "eps");
  if (failed(x) || failed(w) || failed(shape) || failed(eps))
    return failure();
  auto type = typeOf(*x);
  int64_t k = shape->size(), rank = type.getRank();
  if (k < 1 || k > rank || type.getShape().take_back(k) != llvm::ArrayRef<int64_t>(*shape))
    return a.error("normalized_shape must be the input's last dims");
  Type e = type.getElementType(), t = normCompute(ctx, e);
  llvm::SmallVector<int64_t> dims;
  for (int64_t d = rank - k; d < rank; ++d)
    dims.push_back(d);
  Chain c{ctx};
  Value xf = c.convert(*x, t);
  Value meanSquare = c.op<gn::ReduceMeanOp>({c.op<gn::MulOp>({xf, xf})},
                                            {ctx.ints("dims", dims), ctx.flag("keepdim", true)});
  Value inv = c.op<gn::RsqrtOp>({c.op<gn::AddOp>({meanSquare, ctx.splat(t, *eps)})});
  Value out = c.op<gn::MulOp>({xf, inv});
  if (*w)
    out = c.op<gn::MulOp>({out, c.convert(*w, t)});
  out = c.convert(out, e);
  int64_t rows = 1;
  for (int64_t d = 0; d < rank - k; ++d)
    rows *= type.getDimSize(d);
  Value invvar = c.reshape(c.convert(inv, ctx.f32()), {rows});
  if (!c.ok())
    return failure();
  return PyValue::tuple({PyValue::of(out), PyValue::of(invvar)});
}

/// norm(x, axis, epsilon, is_test) -> (out, norm): norm = sqrt(sum(x^2)
/// + epsilon) along axis (kept), out = x / norm; at test PaddlePaddle
/// returns an empty norm ([0]).
FailureOr<PyValue> l2Normalize(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto axis = a.integer("axis");
  auto eps = number(a, ctx, "epsilon");
  auto test = a.boolean("is_test");
  if (failed(x) || failed(axis) || failed(eps) || failed(test))
    return failure();
  auto dim = ctx.dim(*axis, std::max<int64_t>(typeOf(*x).getRank(), 1));
  if (failed(dim))
    return failure();
  Type e = typeOf(*x).getElementType(), t = normCompute(ctx, e);
  Chain c{ctx};
  Value xf = c.convert(*x, t);
  Value sum = c.op<gn::ReduceSumOp>({c.op<gn::MulOp>({xf, xf})},
                                    {ctx.ints("dims", {*dim}), ctx.flag("keepdim", true)});
  Value norm = c.op<gn::SqrtOp>({c.op<gn::AddOp>({sum, ctx.splat(t, *eps)})});
  Value out = c.convert(c.op<gn::DivOp>({xf, norm}), e);
  norm = *test ? ctx.splat(e, 0, {0}) : c.convert(norm, e);
  if (!c.ok())
    return failure();
  return PyValue::tuple({PyValue::of(out), PyValue::of(norm)});
}

/// bilinear(x1, x2, weight, bias): out[b, o] = x1[b] W[o] x2[b] + bias[o].
FailureOr<PyValue> bilinear(ImportContext &ctx, Args &a) {
  auto x1 = a.tensor("x"), x2 = a.tensor("y"), w = a.tensor("weight");
  auto b = a.optionalTensor("bias");
  if (failed(x1) || failed(x2) || failed(w) || failed(b))
    return failure();
  if (typeOf(*x1).getRank() != 2 || typeOf(*x2).getRank() != 2 || typeOf(*w).getRank() != 3)
    return a.error("expects 2-d inputs and a 3-d weight");
  Chain c{ctx};
  Value left = c.op<gn::EinsumOp>({*x1, *w}, {ctx.str("equation", "bi,oij->boj")});
  Value r = c.op<gn::EinsumOp>({left, *x2}, {ctx.str("equation", "boj,bj->bo")});
  if (*b)
    r = c.op<gn::AddOp>({r, *b});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// rrelu(x, lower, upper, is_test): negative inputs times (lower + upper)
/// / 2 at test; in training times a slope drawn uniformly in [lower,
/// upper] per element (gn's random stream).
FailureOr<PyValue> rrelu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto lo = number(a, ctx, "lower"), hi = number(a, ctx, "upper");
  auto test = a.boolean("is_test");
  if (failed(x) || failed(lo) || failed(hi) || failed(test))
    return failure();
  auto type = typeOf(*x);
  Type e = type.getElementType();
  Chain c{ctx};
  Value slope = *test ? ctx.splat(e, (*lo + *hi) / 2)
                      : c.take(uniformValues(ctx, type.getShape(), e, *lo, *hi));
  Value r = c.op<gn::WhereOp>({c.op<gn::GeOp>({*x, ctx.splat(e, 0)}), *x,
                               c.op<gn::MulOp>({*x, slope})});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

} // namespace

namespace {

/// max_pool2d_with_index / max_pool3d_with_index(x, kernel_size, strides,
/// paddings, global_pooling, adaptive, ceil_mode) -> (out, int32 mask):
/// the mask holds each maximum's flat spatial position in x.
template <int Spatial> FailureOr<PyValue> maxPoolWithIndex(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x");
  auto kernel = intList(a, ctx, "kernel_size"), strides = intList(a, ctx, "strides"),
       paddings = intList(a, ctx, "paddings");
  auto global = a.boolean("global_pooling"), adaptive = a.boolean("adaptive"),
       ceil = a.boolean("ceil_mode");
  if (failed(x) || failed(kernel) || failed(strides) || failed(paddings) || failed(global) ||
      failed(adaptive) || failed(ceil))
    return failure();
  auto shape = typeOf(*x).getShape();
  if ((int64_t)shape.size() != Spatial + 2)
    return a.error("expected an NC" + llvm::Twine(Spatial == 2 ? "HW" : "DHW") + " input");
  FailureOr<std::pair<Value, Value>> r = failure();
  if (*global) {
    llvm::SmallVector<algebra::Window> dims;
    for (int64_t i = 0; i < Spatial; ++i)
      dims.push_back({shape[2 + i], 1, 0, 1});
    r = algebra::maxPoolWithIndices(ctx, *x, dims, false);
  } else if (*adaptive) {
    if ((int64_t)kernel->size() != Spatial)
      return a.error("expected " + llvm::Twine(Spatial) + " output sizes");
    r = algebra::adaptiveMaxPoolWithIndices(ctx, *x, *kernel);
  } else {
    if ((int64_t)kernel->size() != Spatial || (int64_t)strides->size() != Spatial ||
        (int64_t)paddings->size() != Spatial)
      return a.error("expected " + llvm::Twine(Spatial) + " kernel sizes, strides and paddings");
    llvm::SmallVector<algebra::Window> dims;
    for (int64_t i = 0; i < Spatial; ++i)
      dims.push_back({(*kernel)[i], (*strides)[i], (*paddings)[i], 1});
    r = algebra::maxPoolWithIndices(ctx, *x, dims, *ceil, /*dropPaddedWindow=*/false);
  }
  if (failed(r))
    return failure();
  auto mask = ctx.convert(r->second, ctx.builder.getI32Type());
  if (failed(mask))
    return failure();
  return PyValue::tuple({PyValue::of(r->first), PyValue::of(*mask)});
}

/// unpool / unpool3d(x, indices, ksize, strides, padding, output_size,
/// data_format): x's values at the flat spatial positions `indices` of a
/// zero tensor of output_size.
template <int Spatial> FailureOr<PyValue> unpool(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), indices = a.tensor("indices");
  auto out = intList(a, ctx, "output_size");
  auto format = a.string("data_format");
  if (failed(x) || failed(indices) || failed(out) || failed(format))
    return failure();
  if (*format != "NCHW" && *format != "NCDHW" && *format != "NCL")
    return a.error("data_format '" + *format + "' is not supported");
  if ((int64_t)out->size() < Spatial)
    return a.error("output_size needs " + llvm::Twine(Spatial) + " sizes");
  llvm::SmallVector<int64_t> size(out->end() - Spatial, out->end());
  return wrap(algebra::maxUnpool(ctx, *x, *indices, size));
}

} // namespace

namespace {

/// depthwise_conv2d_bias / depthwise_conv3d_bias and conv2d_transpose_bias:
/// the convolution (Conv: conv or convTranspose, which read the arguments
/// of their own), then the bias along the channel dim.
template <FailureOr<PyValue> (*Conv)(ImportContext &, Args &)>
FailureOr<PyValue> convWithBias(ImportContext &ctx, Args &a) {
  auto r = Conv(ctx, a);
  auto b = a.optionalTensor("bias");
  auto format = a.string("data_format");
  if (failed(r) || failed(b) || failed(format) || !*b)
    return r;
  int64_t rank = r->type().getRank();
  bool last = *format == "NHWC" || *format == "NDHWC" || *format == "NLC";
  llvm::SmallVector<int64_t> shape(rank, 1);
  shape[last ? rank - 1 : 1] = typeOf(*b).getNumElements();
  auto bias = ctx.reshape(*b, shape);
  if (failed(bias))
    return failure();
  return wrap(ctx.build<gn::AddOp>({r->tensor, *bias}));
}

/// linear_v2(x, weight, bias, transpose_weight): x @ weight (weight
/// [out, in] when transpose_weight, as torch's) + bias.
FailureOr<PyValue> linearV2(ImportContext &ctx, Args &a) {
  auto x = a.tensor("x"), w = a.tensor("weight");
  auto b = a.optionalTensor("bias");
  auto transposed = a.boolean("transpose_weight");
  if (failed(x) || failed(w) || failed(b) || failed(transposed))
    return failure();
  Value weight = *w;
  if (*transposed) {
    auto t = swapLastTwo(ctx, weight);
    if (failed(t))
      return failure();
    weight = *t;
  }
  Chain c{ctx};
  Value r = c.op<gn::MatmulOp>({*x, weight});
  if (*b)
    r = c.op<gn::AddOp>({r, *b});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

} // namespace

void paddle::registerNNOps(OpRegistry &r) {
  r.add("maxout", "x, groups, axis=1", folded<maxout>);
  r.add("unfold", "x, kernel_sizes, strides, paddings, dilations", folded<unfold>);
  r.add("fold", "x, output_sizes, kernel_sizes, strides, paddings, dilations", folded<fold>);
  r.add("affine_grid", "input, output_shape, align_corners=True", folded<affineGrid>);
  r.add("temporal_shift", "x, seg_num, shift_ratio=0.25, data_format='NCHW'",
        folded<temporalShift>);
  r.add("affine_channel", "x, scale, bias, data_layout='AnyLayout'", folded<affineChannel>);
  r.add("matmul", "x, y, transpose_x=False, transpose_y=False", folded<matmul>);
  r.add("bmm", "x, y", bmm);
  r.add("conv2d|conv3d",
        "x, filter, strides, paddings, padding_algorithm, dilations, groups, data_format", conv);
  r.add("depthwise_conv2d_bias|depthwise_conv3d_bias",
        "x, filter, bias, strides, paddings, padding_algorithm, groups, dilations, data_format",
        convWithBias<conv>);
  r.add("linear_v2", "x, weight, bias=None, transpose_weight=False", folded<linearV2>);
  r.add("depthwise_conv2d",
        "x, filter, strides, paddings, padding_algorithm, groups, dilations, data_format", conv);
  r.add("conv2d_transpose|depthwise_conv2d_transpose|conv3d_transpose",
        "x, filter, strides, paddings, output_padding, output_size, padding_algorithm, groups, "
        "dilations, data_format",
        convTranspose);
  r.add("conv2d_transpose_bias",
        "x, filter, bias, strides, paddings, output_padding, output_size, padding_algorithm, "
        "groups, dilations, data_format",
        convWithBias<convTranspose>);
  r.add("pool2d",
        "x, kernel_size, strides, paddings, ceil_mode, exclusive, data_format, pooling_type, "
        "global_pooling, adaptive, padding_algorithm",
        pool<2>);
  r.add("lp_pool2d",
        "x, kernel_size, strides, paddings, ceil_mode, exclusive, data_format, pooling_type, "
        "global_pooling, adaptive, padding_algorithm, norm_type",
        pool<2>);
  r.add("pool3d",
        "x, kernel_size, strides, paddings, ceil_mode, exclusive, data_format, pooling_type, "
        "global_pooling, adaptive, padding_algorithm",
        pool<3>);
  r.add("batch_norm|batch_norm_|sync_batch_norm_",
        "x, mean, variance, scale, bias, is_test, momentum, epsilon, data_format, "
        "use_global_stats, trainable_statistics",
        batchNorm);
  r.add("layer_norm", "x, scale, bias, epsilon, begin_norm_axis", layerNorm);
  r.add("max_pool2d_with_index",
        "x, kernel_size, strides, paddings, global_pooling=False, adaptive=False, ceil_mode=False",
        folded<maxPoolWithIndex<2>>);
  r.add("max_pool3d_with_index",
        "x, kernel_size, strides, paddings, global_pooling=False, adaptive=False, ceil_mode=False",
        folded<maxPoolWithIndex<3>>);
  r.add("unpool", "x, indices, ksize, strides, padding, output_size, data_format='NCHW'",
        folded<unpool<2>>);
  r.add("unpool3d", "x, indices, ksize, strides, padding, output_size, data_format='NCDHW'",
        folded<unpool<3>>);
  r.add("rms_norm", "input, weight, normalized_shape, eps=1e-05", folded<rmsNorm>);
  r.add("norm", "x, axis, epsilon, is_test=False", folded<l2Normalize>);
  r.add("linear", "x, weight, bias=None", folded<linear>);
  r.add("bilinear", "x, y, weight, bias=None", folded<bilinear>);
  r.add("rrelu", "x, lower, upper, is_test", rrelu);
  r.add("group_norm", "x, scale, bias, epsilon, groups, data_format", groupNorm);
  r.add("nearest_interp|bilinear_interp|linear_interp|bicubic_interp|trilinear_interp",
        "x, out_size, size_tensor, scale_tensor, data_format, out_d, out_h, out_w, scale, "
        "interp_method, align_corners, align_mode",
        interp<false>);
  r.add("interp_antialias",
        "x, out_size, size_tensor, scale_tensor, data_format, out_d, out_h, out_w, scale, "
        "interp_method, align_corners, align_mode",
        interp<true>);
  r.add("einsum", "x, equation", einsum);
  r.add("grid_sample", "x, grid, mode='bilinear', padding_mode='zeros', align_corners=True",
        gridSample);
}
