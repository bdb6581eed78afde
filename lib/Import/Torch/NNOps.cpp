//===- NNOps.cpp - import of contractions, convolution, pooling, norms --===//
#include "TorchOps.h"
#include "gn/Import/Python/Antialias.h"
#include "gn/Import/Python/OpChain.h"
#include "gn/Import/Python/TensorAlgebra.h"
#include "gn/Support/NumericCast.h"

using namespace mlir;
using namespace mlir::gn::import;

namespace {



//===----------------------------------------------------------------------===//
// Contractions
//===----------------------------------------------------------------------===//

FailureOr<PyValue> linear(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), w = a.tensor("weight");
  auto b = a.optionalTensor("bias");
  if (failed(x) || failed(w) || failed(b))
    return failure();
  // Integer linear (PyTorch's CPU kernels take it): x @ w^T (+ b); gn.linear
  // is a float op.
  if (!isFloat(typeOf(*x).getElementType())) {
    int64_t r = typeOf(*w).getRank();
    if (r != 2)
      return a.error("expects a 2-d weight");
    Chain c{ctx};
    Value y = c.op<gn::MatmulOp>({*x, c.transpose(*w, {1, 0})});
    if (*b)
      y = c.op<gn::AddOp>({y, *b});
    if (!c.ok())
      return failure();
    return PyValue::of(y);
  }
  llvm::SmallVector<Value> operands{*x, *w};
  if (*b)
    operands.push_back(*b);
  return wrap(ctx.build<gn::LinearOp>(operands));
}

FailureOr<PyValue> matmul(ImportContext &ctx, Args &a) {
  const PyValue &x = a.get("input"), &y = a.get("other");
  if (!x.isTensor() || !y.isTensor())
    return a.error("expected two tensors");
  auto t = ctx.promote({x, y});
  if (failed(t))
    return failure();
  auto l = ctx.convert(x.tensor, *t), r = ctx.convert(y.tensor, *t);
  if (failed(l) || failed(r))
    return failure();
  return wrap(ctx.build<gn::MatmulOp>({*l, *r}));
}

/// beta * input + alpha * (m1 @ m2)  (addmm, baddbmm)
FailureOr<PyValue> addmm(ImportContext &ctx, Args &a) {
  auto m1 = a.tensor("mat1"), m2 = a.tensor("mat2");
  if (failed(m1) || failed(m2))
    return failure();
  auto prod = ctx.build<gn::MatmulOp>({*m1, *m2});
  if (failed(prod))
    return failure();
  PyValue p = PyValue::of(*prod), in = a.get("input");
  if (a.get("alpha").isNumber() && a.get("alpha").asDouble() != 1) {
    auto s = ctx.binary<gn::MulOp>(p, a.get("alpha"));
    if (failed(s))
      return failure();
    p = *s;
  }
  if (a.get("beta").isNumber() && a.get("beta").asDouble() != 1) {
    auto s = ctx.binary<gn::MulOp>(in, a.get("beta"));
    if (failed(s))
      return failure();
    in = *s;
  }
  return ctx.binary<gn::AddOp>(in, p);
}

FailureOr<PyValue> einsum(ImportContext &ctx, Args &a) {
  auto eq = a.string("equation");
  if (failed(eq))
    return failure();
  std::vector<PyValue> items = a.rest();
  if (items.size() == 1 && items[0].isSequence())
    items = std::vector<PyValue>(items[0].elts);
  std::string equation;
  for (char c : *eq)
    if (c != ' ')
      equation += c;
  llvm::SmallVector<Value> operands;
  for (const PyValue &v : items) {
    if (!v.isTensor())
      return a.error("expected tensor operands");
    operands.push_back(v.tensor);
  }
  auto explicitEq = algebra::explicitEinsum(ctx, equation, operands);
  if (failed(explicitEq))
    return failure();
  return wrap(ctx.build<gn::EinsumOp>(operands, {ctx.str("equation", *explicitEq)}));
}

FailureOr<PyValue> outer(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), y = a.tensor("vec2");
  if (failed(x) || failed(y))
    return failure();
  auto col = ctx.reshape(*x, {typeOf(*x).getNumElements(), 1});
  if (failed(col))
    return failure();
  return ctx.binary<gn::MulOp>(PyValue::of(*col), a.get("vec2"));
}

//===----------------------------------------------------------------------===//
// Convolution and pooling
//===----------------------------------------------------------------------===//

/// Resolves conv padding: ints, or 'valid' / 'same' (stride 1).
FailureOr<llvm::SmallVector<int64_t>> convPadding(Args &a, int64_t spatial,
                                                  RankedTensorType weight,
                                                  llvm::ArrayRef<int64_t> dilation,
                                                  bool &asymmetric,
                                                  llvm::SmallVector<int64_t> &extraHigh) {
  const PyValue &p = a.get("padding");
  llvm::SmallVector<int64_t> pad(spatial, 0);
  extraHigh.assign(spatial, 0);
  asymmetric = false;
  if (p.kind == PyValue::Str) {
    if (p.s == "valid")
      return pad;
    if (p.s != "same")
      return a.error("unsupported padding '" + p.s + "'");
    for (int64_t i = 0; i < spatial; ++i) {
      int64_t total = dilation[i] * (weight.getDimSize(2 + i) - 1);
      pad[i] = total / 2;
      extraHigh[i] = total - 2 * pad[i];
      asymmetric |= extraHigh[i] != 0;
    }
    return pad;
  }
  return a.ints("padding", spatial);
}

FailureOr<PyValue> conv(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), w = a.tensor("weight");
  auto b = a.optionalTensor("bias");
  if (failed(x) || failed(w) || failed(b))
    return failure();
  int64_t spatial = typeOf(*w).getRank() - 2;
  if (spatial < 1)
    return a.error("weight must have rank >= 3");
  Value input = *x;
  // Unbatched input [C, spatial...].
  bool unbatched = typeOf(input).getRank() == spatial + 1;
  if (unbatched) {
    llvm::SmallVector<int64_t> shape{1};
    llvm::append_range(shape, typeOf(input).getShape());
    auto r = ctx.reshape(input, shape);
    if (failed(r))
      return failure();
    input = *r;
  }
  auto stride = a.ints("stride", spatial), dilation = a.ints("dilation", spatial);
  auto groups = a.integer("groups");
  if (failed(stride) || failed(dilation) || failed(groups))
    return failure();
  bool asymmetric;
  llvm::SmallVector<int64_t> extraHigh;
  auto pad = convPadding(a, spatial, typeOf(*w), *dilation, asymmetric, extraHigh);
  if (failed(pad))
    return failure();
  if (asymmetric) {
    // 'same' with an even kernel: pad the high side explicitly.
    llvm::SmallVector<int64_t> low(spatial + 2, 0), high(spatial + 2, 0);
    for (int64_t i = 0; i < spatial; ++i)
      high[2 + i] = extraHigh[i];
    auto p = ctx.build<gn::PadOp>({input}, {ctx.ints("low", low), ctx.ints("high", high),
                                            ctx.str("mode", "constant"), ctx.f64("value", 0)});
    if (failed(p))
      return failure();
    input = *p;
  }
  llvm::SmallVector<Value> operands{input, *w};
  if (*b)
    operands.push_back(*b);
  auto r = ctx.build<gn::ConvOp>(operands, {ctx.ints("stride", *stride), ctx.ints("padding", *pad),
                                            ctx.ints("dilation", *dilation),
                                            ctx.i64("groups", *groups)});
  if (failed(r) || !unbatched)
    return wrap(r);
  return wrap(ctx.reshape(*r, typeOf(*r).getShape().drop_front()));
}

/// conv_tbc(input, weight, bias, pad=0), fairseq's time-major convolution:
/// input [T, B, C_in], weight [K, C_in, C_out], bias [C_out], zero padding
/// `pad` on both ends of T; [T + 2 pad - K + 1, B, C_out]. A conv1d on the
/// input as [B, C_in, T] with the weight as [C_out, C_in, K].
FailureOr<PyValue> convTbc(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), w = a.tensor("weight"), b = a.tensor("bias");
  auto pad = a.integer("pad");
  if (failed(x) || failed(w) || failed(b) || failed(pad))
    return failure();
  auto xt = typeOf(*x), wt = typeOf(*w);
  if (xt.getRank() != 3 || wt.getRank() != 3 || xt.getDimSize(2) != wt.getDimSize(1))
    return a.error("expects input [T, B, C_in] and weight [K, C_in, C_out]");
  if (typeOf(*b).getNumElements() != wt.getDimSize(2))
    return a.error("expects a bias of C_out = " + std::to_string(wt.getDimSize(2)) + " elements");
  if (*pad < 0)
    return a.error("pad must be non-negative");
  Chain c{ctx};
  Value in = c.transpose(*x, {1, 2, 0});
  Value weight = c.transpose(*w, {2, 1, 0});
  Value bias = c.reshape(*b, {wt.getDimSize(2)});
  Value r = c.op<gn::ConvOp>({in, weight, bias},
                             {ctx.ints("stride", {1}), ctx.ints("padding", {*pad}),
                              ctx.ints("dilation", {1}), ctx.i64("groups", 1)});
  r = c.transpose(r, {2, 0, 1});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

FailureOr<PyValue> convTranspose(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), w = a.tensor("weight");
  auto b = a.optionalTensor("bias");
  if (failed(x) || failed(w) || failed(b))
    return failure();
  int64_t spatial = typeOf(*w).getRank() - 2;
  if (spatial < 1 || typeOf(*x).getRank() != spatial + 2)
    return a.error("expected a batched input of rank " + llvm::Twine(spatial + 2));
  auto stride = a.ints("stride", spatial), pad = a.ints("padding", spatial),
       outPad = a.ints("output_padding", spatial), dilation = a.ints("dilation", spatial);
  auto groups = a.integer("groups");
  if (failed(stride) || failed(pad) || failed(outPad) || failed(dilation) || failed(groups))
    return failure();
  llvm::SmallVector<Value> operands{*x, *w};
  if (*b)
    operands.push_back(*b);
  return wrap(ctx.build<gn::ConvTransposeOp>(
      operands, {ctx.ints("stride", *stride), ctx.ints("padding", *pad),
                 ctx.ints("output_padding", *outPad), ctx.ints("dilation", *dilation),
                 ctx.i64("groups", *groups)}));
}

/// Whether a max pool returns (values, indices): its return_indices
/// argument, or always for the *_with_indices names and ATen's
/// adaptive_max_pool (registered with return_indices=True as default).
FailureOr<bool> returnsIndices(Args &a) {
  if (!a.has("return_indices"))
    return false;
  return a.boolean("return_indices");
}

/// max_unpool1d/2d/3d(input, indices, kernel_size, stride=None, padding=0,
/// output_size=None).
template <int Spatial> FailureOr<PyValue> maxUnpool(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), indices = a.tensor("indices");
  auto kernel = a.ints("kernel_size", Spatial), pad = a.ints("padding", Spatial);
  if (failed(x) || failed(indices) || failed(kernel) || failed(pad))
    return failure();
  llvm::SmallVector<int64_t> stride = *kernel;
  const PyValue &s = a.get("stride");
  if (!s.isNone() && !(s.isSequence() && s.elts.empty())) {
    auto st = a.ints("stride", Spatial);
    if (failed(st))
      return failure();
    stride = *st;
  }
  auto shape = typeOf(*x).getShape();
  if ((int64_t)shape.size() < Spatial + 1)
    return a.error("expected an input with " + llvm::Twine(Spatial) + " spatial dims");
  llvm::SmallVector<int64_t> out;
  for (int64_t i = 0; i < Spatial; ++i)
    out.push_back((shape[shape.size() - Spatial + i] - 1) * stride[i] - 2 * (*pad)[i] +
                  (*kernel)[i]);
  if (a.has("output_size")) {
    auto given = a.ints("output_size");
    if (failed(given))
      return failure();
    if ((int64_t)given->size() < Spatial)
      return a.error("output_size needs " + llvm::Twine(Spatial) + " sizes");
    out.assign(given->end() - Spatial, given->end()); // its last dims
  }
  return wrap(algebra::maxUnpool(ctx, *x, *indices, out));
}

template <int Spatial, bool IsMax>
FailureOr<PyValue> pool(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto kernel = a.ints("kernel_size", Spatial);
  if (failed(x) || failed(kernel))
    return failure();
  if ((int64_t)kernel->size() != Spatial)
    return a.error("expected " + llvm::Twine(Spatial) + " kernel sizes");
  llvm::SmallVector<int64_t> stride = *kernel;
  const PyValue &s = a.get("stride");
  if (!s.isNone() && !(s.isSequence() && s.elts.empty())) {
    auto st = a.ints("stride", Spatial);
    if (failed(st))
      return failure();
    stride = *st;
  }
  auto pad = a.ints("padding", Spatial);
  auto ceil = a.boolean("ceil_mode");
  if (failed(pad) || failed(ceil))
    return failure();
  llvm::SmallVector<int64_t> dilation(Spatial, 1);
  llvm::SmallVector<NamedAttribute> attrs{ctx.ints("kernel", *kernel), ctx.ints("stride", stride),
                                          ctx.ints("padding", *pad), ctx.flag("ceil_mode", *ceil)};
  if (IsMax) {
    auto d = a.ints("dilation", Spatial);
    if (failed(d))
      return failure();
    dilation = *d;
    auto indices = returnsIndices(a);
    if (failed(indices))
      return failure();
    if (*indices) {
      llvm::SmallVector<algebra::Window> dims;
      for (int64_t i = 0; i < Spatial; ++i)
        dims.push_back({(*kernel)[i], stride[i], (*pad)[i], dilation[i]});
      auto r = algebra::maxPoolWithIndices(ctx, *x, dims, *ceil);
      if (failed(r))
        return failure();
      return PyValue::tuple({PyValue::of(r->first), PyValue::of(r->second)});
    }
    attrs.push_back(ctx.ints("dilation", dilation));
    return wrap(ctx.build<gn::MaxPoolOp>({*x}, attrs));
  }
  auto cip = a.boolean("count_include_pad");
  if (failed(cip))
    return failure();
  attrs.push_back(ctx.ints("dilation", dilation));
  attrs.push_back(ctx.flag("count_include_pad", *cip));
  if (a.has("divisor_override")) {
    auto dv = a.integer("divisor_override");
    if (failed(dv))
      return failure();
    attrs.push_back(ctx.i64("divisor_override", *dv));
  }
  return wrap(ctx.build<gn::AvgPoolOp>({*x}, attrs));
}

/// lp_pool1d/2d/3d(input, norm_type, kernel_size, stride=None,
/// ceil_mode=False), as PyTorch writes it: the windows' mean of x^p (no
/// padding), its sign times its magnitude times the window size, to the
/// power 1/p.
template <int Spatial>
FailureOr<PyValue> lpPool(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto p = a.real("norm_type");
  auto kernel = a.ints("kernel_size", Spatial);
  auto ceil = a.boolean("ceil_mode");
  if (failed(x) || failed(p) || failed(kernel) || failed(ceil))
    return failure();
  if (*p == 0)
    return a.error("norm_type must not be 0");
  llvm::SmallVector<int64_t> stride = *kernel;
  if (a.has("stride")) {
    auto st = a.ints("stride", Spatial);
    if (failed(st))
      return failure();
    stride = *st;
  }
  auto powered = ctx.binary<gn::PowOp>(PyValue::of(*x), PyValue::real(*p));
  if (failed(powered))
    return failure();
  Chain c{ctx};
  Value mean = c.op<gn::AvgPoolOp>(
      {powered->tensor},
      {ctx.ints("kernel", *kernel), ctx.ints("stride", stride),
       ctx.ints("padding", llvm::SmallVector<int64_t>(Spatial, 0)),
       ctx.ints("dilation", llvm::SmallVector<int64_t>(Spatial, 1)), ctx.flag("ceil_mode", *ceil),
       ctx.flag("count_include_pad", true)});
  int64_t window = 1;
  for (int64_t k : *kernel)
    window *= k;
  Type e = mean ? typeOf(mean).getElementType() : Type();
  Value magnitude = c.op<gn::ReluOp>({c.op<gn::AbsOp>({mean})});
  Value signedMean = c.op<gn::MulOp>({c.op<gn::SignOp>({mean}), magnitude});
  Value scaled = e ? c.op<gn::MulOp>({signedMean, ctx.splat(e, (double)window)}) : Value();
  Value r = e ? c.op<gn::PowOp>({scaled, ctx.splat(e, 1.0 / *p)}) : Value();
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// local_response_norm(input, size, alpha=1e-4, beta=0.75, k=1.0): x over
/// (k + alpha * mean of x^2 over `size` neighbouring channels, zero padded
/// size/2 before and (size-1)/2 after)^beta, as PyTorch computes it (an
/// average pool over the channels).
FailureOr<PyValue> localResponseNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto size = a.integer("size");
  auto alpha = a.real("alpha"), beta = a.real("beta"), k = a.real("k");
  if (failed(x) || failed(size) || failed(alpha) || failed(beta) || failed(k))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() < 3)
    return a.error("expected an input of 3 or more dims, got " + std::to_string(type.getRank()));
  if (*size < 1)
    return a.error("size must be positive");
  if (!isFloat(type.getElementType()))
    return a.error("expected a floating input");
  int64_t n = type.getDimSize(0), channels = type.getDimSize(1), rest = 1;
  for (int64_t d = 2; d < type.getRank(); ++d)
    rest *= type.getDimSize(d);
  Type e = type.getElementType();
  Chain c{ctx};
  Value squares = c.reshape(c.op<gn::MulOp>({*x, *x}), {n, 1, channels, rest});
  Value padded = c.op<gn::PadOp>(
      {squares}, {ctx.ints("low", {0, 0, *size / 2, 0}), ctx.ints("high", {0, 0, (*size - 1) / 2, 0}),
                  ctx.str("mode", "constant"), ctx.f64("value", 0)});
  Value mean = c.op<gn::AvgPoolOp>(
      {padded}, {ctx.ints("kernel", {*size, 1}), ctx.ints("stride", {1, 1}),
                 ctx.ints("padding", {0, 0}), ctx.ints("dilation", {1, 1}),
                 ctx.flag("ceil_mode", false), ctx.flag("count_include_pad", true)});
  Value div = c.reshape(mean, type.getShape());
  div = c.op<gn::AddOp>({c.op<gn::MulOp>({div, ctx.splat(e, *alpha)}), ctx.splat(e, *k)});
  div = c.op<gn::PowOp>({div, ctx.splat(e, *beta)});
  Value r = c.op<gn::DivOp>({*x, div});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

/// affine_grid(theta, size, align_corners=None): algebra::affineGrid
/// (align_corners None is False).
FailureOr<PyValue> affineGrid(ImportContext &ctx, Args &a) {
  auto theta = a.tensor("theta");
  auto size = a.ints("size");
  if (failed(theta) || failed(size))
    return failure();
  bool align = false;
  if (a.has("align_corners")) {
    auto ac = a.boolean("align_corners");
    if (failed(ac))
      return failure();
    align = *ac;
  }
  return wrap(algebra::affineGrid(ctx, *theta, *size, align));
}

template <int Spatial, bool IsMax>
FailureOr<PyValue> adaptivePool(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  if (failed(x))
    return failure();
  auto type = typeOf(*x);
  const PyValue &o = a.get("output_size");
  llvm::SmallVector<int64_t> size;
  std::vector<PyValue> items = o.isSequence() ? o.elts : std::vector<PyValue>(Spatial, o);
  if ((int64_t)items.size() != Spatial)
    return a.error("expected " + llvm::Twine(Spatial) + " output sizes");
  for (int64_t i = 0; i < Spatial; ++i) {
    if (items[i].isNone())
      size.push_back(type.getDimSize(type.getRank() - Spatial + i));
    else if (items[i].kind == PyValue::Int)
      size.push_back(items[i].i);
    else
      return a.error("output sizes must be ints or None");
  }
  if (IsMax) {
    auto indices = returnsIndices(a);
    if (failed(indices))
      return failure();
    if (*indices) {
      auto r = algebra::adaptiveMaxPoolWithIndices(ctx, *x, size);
      if (failed(r))
        return failure();
      return PyValue::tuple({PyValue::of(r->first), PyValue::of(r->second)});
    }
    return wrap(ctx.build<gn::AdaptiveMaxPoolOp>({*x}, {ctx.ints("output_size", size)}));
  }
  return wrap(ctx.build<gn::AdaptiveAvgPoolOp>({*x}, {ctx.ints("output_size", size)}));
}

FailureOr<PyValue> interpolate(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto mode = a.string("mode");
  if (failed(x) || failed(mode))
    return failure();
  auto type = typeOf(*x);
  int64_t spatial = type.getRank() - 2;
  if (spatial < 1)
    return a.error("expected an input of rank >= 3");
  llvm::SmallVector<int64_t> size;
  llvm::SmallVector<double> steps; // gn.resize's scales, when needed
  if (a.has("size")) {
    auto s = a.ints("size", spatial);
    if (failed(s))
      return failure();
    size = *s;
  } else if (a.has("scale_factor")) {
    const PyValue &sf = a.get("scale_factor");
    std::vector<PyValue> f = sf.isSequence() ? sf.elts : std::vector<PyValue>(spatial, sf);
    if ((int64_t)f.size() != spatial)
      return a.error("expected " + llvm::Twine(spatial) + " scale factors");
    for (int64_t i = 0; i < spatial; ++i) {
      if (!f[i].isNumber())
        return a.error("scale factors must be numbers");
      size.push_back(gn::saturatingCast<int64_t>(
          std::floor(type.getDimSize(2 + i) * f[i].asDouble())));
    }
    // PyTorch steps through the input by 1 / scale_factor (not in / out)
    // unless recompute_scale_factor is set: gn.resize's scales, where the
    // two differ.
    bool recompute = a.get("recompute_scale_factor").kind == PyValue::Bool &&
                     a.get("recompute_scale_factor").i;
    for (int64_t i = 0; i < spatial && !recompute; ++i) {
      double given = 1.0 / f[i].asDouble();
      if (given != double(type.getDimSize(2 + i)) / double(size[i]))
        steps.assign(spatial, 0.0);
    }
    for (int64_t i = 0; i < (int64_t)steps.size(); ++i)
      steps[i] = 1.0 / f[i].asDouble();
  } else {
    return a.error("either size or scale_factor must be given");
  }
  std::string m = *mode;
  if (m == "area") // area interpolation is adaptive average pooling
    return wrap(ctx.build<gn::AdaptiveAvgPoolOp>({*x}, {ctx.ints("output_size", size)}));
  auto ac = a.boolean("align_corners");
  if (failed(ac))
    return failure();
  if (a.has("antialias")) {
    auto aa = a.boolean("antialias");
    if (failed(aa))
      return failure();
    if (*aa && m != "bilinear" && m != "bicubic")
      return a.error("antialias=True is for bilinear and bicubic modes only (as in PyTorch), "
                     "got mode '" + m + "'");
    if (*aa)
      return wrap(resampleAntialiased(ctx, *x, size, steps, m == "bicubic", *ac));
  }
  if (m == "bilinear" || m == "trilinear")
    m = "linear";
  // PyTorch's CPU nearest (not nearest-exact) on 4-d inputs reads in order
  // where a size is kept and every other row where it doubles, whatever the
  // scale factor (its 3-d and 5-d kernels step by 1 / scale as usual;
  // goldens interp_nearest_keep_scale, _double_scale, _nonint_3d).
  for (int64_t i = 0; i < (int64_t)steps.size() && m == "nearest" && spatial == 2; ++i) {
    int64_t in = type.getDimSize(2 + i);
    if (size[i] == in || size[i] == 2 * in)
      steps[i] = double(in) / double(size[i]);
  }
  llvm::SmallVector<NamedAttribute> attrs{ctx.ints("size", size), ctx.str("mode", m),
                                          ctx.flag("align_corners", *ac)};
  if (!steps.empty())
    attrs.push_back(ctx.attr("scales", ctx.builder.getDenseF64ArrayAttr(steps)));
  return wrap(ctx.build<gn::ResizeOp>({*x}, attrs));
}

//===----------------------------------------------------------------------===//
// Normalization
//===----------------------------------------------------------------------===//

/// The affine parameter, or a splat of `fill` shaped `shape` when None.
FailureOr<Value> paramOr(ImportContext &ctx, Args &a, llvm::StringRef name, Type e,
                         llvm::ArrayRef<int64_t> shape, double fill) {
  if (a.has(name))
    return a.tensor(name);
  return ctx.splat(e, fill, shape);
}

/// Builds a normalization of `x` with `params` (statistics, scale,
/// shift). A float16 / bfloat16 input with a float32 parameter (GraphNet's
/// dtype variants keep norm statistics in float32) runs as PyTorch's
/// mixed-type kernels do: in float32, the result rounded back to the
/// input's type (also where a kernel of PyTorch's CPU would refuse a half
/// parameter beside a float32 one).
FailureOr<PyValue> normalization(ImportContext &ctx, Value x, llvm::SmallVector<Value> params,
                                 function_ref<FailureOr<Value>(Value, ValueRange)> build) {
  Type e = typeOf(x).getElementType();
  bool mixed = (e.isF16() || e.isBF16()) && llvm::any_of(params, [](Value p) {
                 return typeOf(p).getElementType().isF32();
               });
  if (!mixed)
    return wrap(build(x, params));
  auto wide = ctx.convert(x, ctx.f32());
  if (failed(wide))
    return failure();
  for (Value &p : params) {
    auto w = ctx.convert(p, ctx.f32());
    if (failed(w))
      return failure();
    p = *w;
  }
  auto r = build(*wide, params);
  if (failed(r))
    return failure();
  return wrap(ctx.convert(*r, e));
}

FailureOr<PyValue> batchNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto training = a.boolean("training");
  auto eps = a.real("eps");
  if (failed(x) || failed(training) || failed(eps))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() < 2)
    return a.error("expected an input of rank >= 2");
  if (!*training && (!a.has("running_mean") || !a.has("running_var")))
    return a.error("running_mean and running_var are required when training=False");
  int64_t c = type.getDimSize(1);
  Type e = type.getElementType();
  auto mean = paramOr(ctx, a, "running_mean", e, {c}, 0);
  auto var = paramOr(ctx, a, "running_var", e, {c}, 1);
  auto w = paramOr(ctx, a, "weight", e, {c}, 1);
  auto b = paramOr(ctx, a, "bias", e, {c}, 0);
  if (failed(mean) || failed(var) || failed(w) || failed(b))
    return failure();
  return normalization(ctx, *x, {*mean, *var, *w, *b}, [&](Value in, ValueRange p) {
    return ctx.build<gn::BatchNormOp>({in, p[0], p[1], p[2], p[3]},
                                      {ctx.f64("epsilon", *eps), ctx.flag("training", *training)});
  });
}

FailureOr<PyValue> instanceNorm(ImportContext &ctx, Args &a) {
  // Instance norm = group norm with one group per channel.
  auto x = a.tensor("input");
  auto eps = a.real("eps");
  if (failed(x) || failed(eps))
    return failure();
  auto type = typeOf(*x);
  int64_t c = type.getDimSize(1);
  Type e = type.getElementType();
  const PyValue &useInput = a.get("use_input_stats");
  if (a.has("running_mean") && !(useInput.kind == PyValue::Bool && useInput.i)) {
    // use_input_stats=False: the running statistics normalize each channel,
    // as batch norm does at eval.
    auto mean = paramOr(ctx, a, "running_mean", e, {c}, 0);
    auto var = paramOr(ctx, a, "running_var", e, {c}, 1);
    auto w = paramOr(ctx, a, "weight", e, {c}, 1);
    auto b = paramOr(ctx, a, "bias", e, {c}, 0);
    if (failed(mean) || failed(var) || failed(w) || failed(b))
      return failure();
    return normalization(ctx, *x, {*mean, *var, *w, *b}, [&](Value in, ValueRange p) {
      return ctx.build<gn::BatchNormOp>({in, p[0], p[1], p[2], p[3]},
                                        {ctx.f64("epsilon", *eps), ctx.flag("training", false)});
    });
  }
  auto w = paramOr(ctx, a, "weight", e, {c}, 1);
  auto b = paramOr(ctx, a, "bias", e, {c}, 0);
  if (failed(w) || failed(b))
    return failure();
  return normalization(ctx, *x, {*w, *b}, [&](Value in, ValueRange p) {
    return ctx.build<gn::GroupNormOp>({in, p[0], p[1]},
                                      {ctx.i64("num_groups", c), ctx.f64("epsilon", *eps)});
  });
}

FailureOr<PyValue> layerNorm(ImportContext &ctx, Args &a, bool rms) {
  auto x = a.tensor("input");
  auto shape = a.ints("normalized_shape");
  if (failed(x) || failed(shape))
    return failure();
  auto type = typeOf(*x);
  int64_t n = shape->size();
  if (n > type.getRank() || type.getShape().take_back(n) != llvm::ArrayRef<int64_t>(*shape))
    return a.error("normalized_shape does not match the trailing dims of the input");
  double eps = 1e-5;
  if (a.has("eps")) {
    auto ev = a.real("eps");
    if (failed(ev))
      return failure();
    eps = *ev;
  } else if (rms) {
    // torch: eps=None means torch.finfo(dtype).eps.
    Type e = type.getElementType();
    eps = e.isF16() ? 0.0009765625 : e.isBF16() ? 0.0078125 : e.isF64() ? 2.220446049250313e-16
                                                                        : 1.1920928955078125e-07;
  }
  Type e = type.getElementType();
  auto w = paramOr(ctx, a, "weight", e, *shape, 1);
  auto b = rms ? FailureOr<Value>(ctx.splat(e, 0, *shape)) : paramOr(ctx, a, "bias", e, *shape, 0);
  if (failed(w) || failed(b))
    return failure();
  return normalization(ctx, *x, {*w, *b}, [&](Value in, ValueRange p) {
    return ctx.build<gn::LayerNormOp>({in, p[0], p[1]}, {ctx.i64("normalized_rank", n),
                                                        ctx.f64("epsilon", eps),
                                                        ctx.flag("rms", rms)});
  });
}

FailureOr<PyValue> groupNorm(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto g = a.integer("num_groups");
  auto eps = a.real("eps");
  if (failed(x) || failed(g) || failed(eps))
    return failure();
  auto type = typeOf(*x);
  if (type.getRank() < 2)
    return a.error("expected an input of rank >= 2");
  int64_t c = type.getDimSize(1);
  Type e = type.getElementType();
  auto w = paramOr(ctx, a, "weight", e, {c}, 1);
  auto b = paramOr(ctx, a, "bias", e, {c}, 0);
  if (failed(w) || failed(b))
    return failure();
  return normalization(ctx, *x, {*w, *b}, [&](Value in, ValueRange p) {
    return ctx.build<gn::GroupNormOp>({in, p[0], p[1]},
                                      {ctx.i64("num_groups", *g), ctx.f64("epsilon", *eps)});
  });
}

/// F.normalize: x / max(norm_p(x, dim), eps)
FailureOr<PyValue> normalize(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto p = a.real("p");
  auto d = a.integer("dim");
  auto eps = a.real("eps");
  if (failed(x) || failed(p) || failed(d) || failed(eps))
    return failure();
  if (!isFloat(typeOf(*x).getElementType()))
    return a.error("expects a floating-point input, got " +
                   ctx.dtypeName(typeOf(*x).getElementType()));
  auto dim = ctx.dim(*d, typeOf(*x).getRank());
  if (failed(dim))
    return failure();
  // x / max(||x||_p, eps) over dim, any p (torch.nn.functional.normalize).
  auto n = floatVectorNorm(ctx, *x, *p, {*dim}, true);
  if (failed(n))
    return failure();
  auto clamped = ctx.build<gn::ClampOp>({*n}, {ctx.f64("min", *eps)});
  if (failed(clamped))
    return failure();
  return wrap(ctx.build<gn::DivOp>({*x, *clamped}));
}

FailureOr<PyValue> embedding(ImportContext &ctx, Args &a) {
  auto idx = a.tensor("input"), w = a.tensor("weight");
  if (failed(idx) || failed(w))
    return failure();
  if (a.has("max_norm"))
    return a.error("max_norm is not supported");
  Type it = typeOf(*idx).getElementType();
  if (!it.isInteger(32) && !it.isInteger(64))
    return a.error("indices must be int32 or int64");
  // A negative index fails the run, as PyTorch raises.
  return wrap(ctx.build<gn::IndexSelectOp>({*w, *idx}, {ctx.i64("dim", 0),
                                                        ctx.flag("wrap_negative", false)}));
}

FailureOr<PyValue> sdpa(ImportContext &ctx, Args &a) {
  auto q = a.tensor("query"), k = a.tensor("key"), v = a.tensor("value");
  auto mask = a.optionalTensor("attn_mask");
  auto causal = a.boolean("is_causal"), gqa = a.boolean("enable_gqa");
  if (failed(q) || failed(k) || failed(v) || failed(mask) || failed(causal) || failed(gqa))
    return failure();
  auto p = a.real("dropout_p");
  if (failed(p))
    return failure();
  if (*p != 0)
    return a.error("dropout_p != 0 is random; not supported");
  llvm::SmallVector<Value> operands{*q, *k, *v};
  if (*mask) {
    Value m = *mask;
    Type me = typeOf(m).getElementType();
    Type qe = typeOf(*q).getElementType();
    if (!me.isInteger(1) && me != qe) {
      auto c = ctx.convert(m, qe);
      if (failed(c))
        return failure();
      m = *c;
    }
    operands.push_back(m);
  }
  llvm::SmallVector<NamedAttribute> attrs{ctx.flag("is_causal", *causal),
                                          ctx.flag("enable_gqa", *gqa)};
  if (a.has("scale")) {
    auto s = a.real("scale");
    if (failed(s))
      return failure();
    attrs.push_back(ctx.f64("scale", *s));
  }
  return wrap(ctx.build<gn::AttentionOp>(operands, attrs));
}

FailureOr<PyValue> glu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input");
  auto d = a.integer("dim");
  if (failed(x) || failed(d))
    return failure();
  auto type = typeOf(*x);
  auto dim = ctx.dim(*d, type.getRank());
  if (failed(dim))
    return failure();
  int64_t n = type.getDimSize(*dim);
  if (n % 2)
    return a.error("glu needs an even size along dim");
  llvm::SmallVector<int64_t> starts(type.getRank(), 0), limits(type.getShape()),
      steps(type.getRank(), 1);
  limits[*dim] = n / 2;
  auto first = ctx.build<gn::SliceOp>({*x}, {ctx.ints("starts", starts),
                                             ctx.ints("limits", limits), ctx.ints("steps", steps)});
  starts[*dim] = n / 2;
  limits[*dim] = n;
  auto second = ctx.build<gn::SliceOp>({*x}, {ctx.ints("starts", starts),
                                              ctx.ints("limits", limits), ctx.ints("steps", steps)});
  if (failed(first) || failed(second))
    return failure();
  auto gate = ctx.build<gn::SigmoidOp>({*second});
  if (failed(gate))
    return failure();
  return wrap(ctx.build<gn::MulOp>({*first, *gate}));
}

FailureOr<PyValue> prelu(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), w = a.tensor("weight");
  if (failed(x) || failed(w))
    return failure();
  auto type = typeOf(*x);
  Value weight = *w;
  // A per-channel weight broadcasts along dim 1.
  if (typeOf(weight).getNumElements() > 1 && type.getRank() >= 2) {
    llvm::SmallVector<int64_t> shape(type.getRank() - 1, 1);
    shape[0] = typeOf(weight).getNumElements();
    auto r = ctx.reshape(weight, shape);
    if (failed(r))
      return failure();
    weight = *r;
  }
  auto zero = ctx.splat(type.getElementType(), 0);
  auto pos = ctx.build<gn::GtOp>({*x, zero});
  auto neg = ctx.build<gn::MulOp>({*x, weight});
  if (failed(pos) || failed(neg))
    return failure();
  return wrap(ctx.build<gn::WhereOp>({*pos, *x, *neg}));
}

/// torch._weight_norm(v, g, dim): v * g / ||v|| over all dims but `dim`.
FailureOr<PyValue> weightNorm(ImportContext &ctx, Args &a) {
  auto v = a.tensor("v"), g = a.tensor("g");
  auto d = a.integer("dim");
  if (failed(v) || failed(g) || failed(d))
    return failure();
  auto type = typeOf(*v);
  llvm::SmallVector<int64_t> dims;
  int64_t keep = *d == -1 ? -1 : *d;
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (i != keep)
      dims.push_back(i);
  auto sq = ctx.build<gn::MulOp>({*v, *v});
  if (failed(sq))
    return failure();
  auto s = ctx.build<gn::ReduceSumOp>({*sq}, {ctx.ints("dims", dims), ctx.flag("keepdim", true)});
  if (failed(s))
    return failure();
  auto n = ctx.build<gn::SqrtOp>({*s});
  if (failed(n))
    return failure();
  auto scale = ctx.build<gn::DivOp>({*g, *n});
  if (failed(scale))
    return failure();
  return wrap(ctx.build<gn::MulOp>({*v, *scale}));
}

/// norm_except_dim(v, pow=2, dim=0): the p-norm over every dim but `dim`,
/// kept as size 1 (dim -1: over all, a 0-d result), as _weight_norm uses it.
FailureOr<PyValue> normExceptDim(ImportContext &ctx, Args &a) {
  auto v = a.tensor("v");
  auto p = a.real("pow");
  auto d = a.integer("dim");
  if (failed(v) || failed(p) || failed(d))
    return failure();
  if (*p <= 0)
    return a.error("pow must be positive");
  auto type = typeOf(*v);
  llvm::SmallVector<int64_t> dims;
  int64_t keep = -1;
  if (*d != -1) {
    auto dim = ctx.dim(*d, type.getRank());
    if (failed(dim))
      return failure();
    keep = *dim;
  }
  for (int64_t i = 0; i < type.getRank(); ++i)
    if (i != keep)
      dims.push_back(i);
  Type e = type.getElementType();
  Chain c{ctx};
  Value powered = *p == 2 ? c.op<gn::MulOp>({*v, *v})
                          : c.op<gn::PowOp>({c.op<gn::AbsOp>({*v}), ctx.splat(e, *p)});
  Value sum = c.op<gn::ReduceSumOp>({powered}, {ctx.ints("dims", dims), ctx.flag("keepdim", keep != -1)});
  Value r = *p == 2 ? c.op<gn::SqrtOp>({sum}) : c.op<gn::PowOp>({sum, ctx.splat(e, 1.0 / *p)});
  if (!c.ok())
    return failure();
  return PyValue::of(r);
}

} // namespace

namespace {

/// grid_sample(input, grid, mode='bilinear', padding_mode='zeros',
/// align_corners=None): None is False, as in PyTorch.
FailureOr<PyValue> gridSample(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), grid = a.tensor("grid");
  auto mode = a.string("mode"), padding = a.string("padding_mode");
  if (failed(x) || failed(grid) || failed(mode) || failed(padding))
    return failure();
  bool align = false;
  if (a.has("align_corners")) {
    auto v = a.boolean("align_corners");
    if (failed(v))
      return failure();
    align = *v;
  }
  return wrap(algebra::gridSample(ctx, *x, *grid, *mode, *padding, align));
}

/// ATen's grid_sampler(input, grid, interpolation_mode, padding_mode,
/// align_corners): grid_sample with the modes as F.grid_sample numbers them.
FailureOr<PyValue> gridSampler(ImportContext &ctx, Args &a) {
  auto x = a.tensor("input"), grid = a.tensor("grid");
  auto mode = a.integer("interpolation_mode"), padding = a.integer("padding_mode");
  auto align = a.boolean("align_corners");
  if (failed(x) || failed(grid) || failed(mode) || failed(padding) || failed(align))
    return failure();
  static const char *const modes[] = {"bilinear", "nearest", "bicubic"};
  static const char *const paddings[] = {"zeros", "border", "reflection"};
  if (*mode < 0 || *mode > 2 || *padding < 0 || *padding > 2)
    return a.error("interpolation_mode and padding_mode must be 0, 1 or 2");
  return wrap(algebra::gridSample(ctx, *x, *grid, modes[*mode], paddings[*padding], *align));
}

} // namespace

namespace {

/// embedding_bag: the rows of `weight` at `input` reduced per bag (0 sum,
/// 1 mean, 2 max): a 2-d input's rows are its bags; a 1-d input's bags start
/// at `offsets` (include_last_offset: the last offset ends the last bag).
/// per_sample_weights scale the rows (sum only); entries equal to
/// padding_idx are left out (and not counted by the mean). An empty bag
/// gives zeros.
FailureOr<Value> embeddingBag(ImportContext &ctx, Args &a, Value weight, Value input,
                              Value offsets, int64_t mode, Value perSample,
                              bool includeLast, std::optional<int64_t> paddingIdx) {
  auto it = typeOf(input), wt = typeOf(weight);
  if (wt.getRank() != 2 || (it.getRank() != 1 && it.getRank() != 2))
    return a.error("expects a 2-d weight and a 1-d or 2-d input");
  if (mode < 0 || mode > 2)
    return a.error("mode must be sum, mean or max");
  if (perSample && mode != 0)
    return a.error("per_sample_weights only go with mode='sum'");
  int64_t dim = wt.getDimSize(1), count = it.getNumElements();
  Type e = wt.getElementType(), i64 = ctx.i64Type();
  Chain c{ctx};
  Value flat = c.reshape(c.convert(input, i64), {count});
  int64_t bags;
  Value bagOf;
  if (it.getRank() == 2) {
    bags = it.getDimSize(0);
    int64_t per = it.getDimSize(1);
    std::vector<double> ids;
    for (int64_t i = 0; i < count; ++i)
      ids.push_back(per ? i / per : 0);
    bagOf = denseConstant(ctx, i64, {count}, ids);
  } else {
    if (!offsets)
      return a.error("a 1-d input needs offsets");
    int64_t n = typeOf(offsets).getNumElements();
    bags = includeLast ? n - 1 : n;
    if (bags < 0)
      return a.error("offsets is empty");
    Value off = c.reshape(c.convert(offsets, i64), {n});
    Value positions = c.arange(count, i64);
    bagOf = c.op<gn::SubOp>({c.take(algebra::searchSorted(ctx, off, positions, true)),
                             ctx.splat(i64, 1)});
    // Elements past the last bag (include_last_offset) or before the first
    // belong to none.
    if (!c.ok())
      return failure();
  }
  Value keep = c.op<gn::AndOp>({c.op<gn::GeOp>({bagOf, ctx.splat(i64, 0)}),
                                c.op<gn::LtOp>({bagOf, ctx.splat(i64, double(bags))})});
  if (paddingIdx)
    keep = c.op<gn::AndOp>({keep, c.op<gn::NeOp>({flat, ctx.splat(i64, double(*paddingIdx))})});
  Value safeBag = c.op<gn::WhereOp>({keep, bagOf, ctx.splat(i64, 0)});
  Value rows = c.op<gn::IndexSelectOp>({weight, flat}, {ctx.i64("dim", 0),
                                                       ctx.flag("wrap_negative", false)});
  if (perSample)
    rows = c.op<gn::MulOp>({rows, c.reshape(c.convert(perSample, e), {count, 1})});
  Value keepCol = c.reshape(keep, {count, 1});
  Value idx = c.op<gn::BroadcastToOp>({c.reshape(safeBag, {count, 1})},
                                      {ctx.ints("shape", {count, dim})});
  Value r;
  if (mode == 2) {
    double lowest = -std::numeric_limits<double>::infinity();
    Value masked = c.op<gn::WhereOp>({keepCol, rows, ctx.splat(e, lowest)});
    Value init = ctx.splat(e, lowest, {bags, dim});
    r = c.op<gn::ScatterOp>({masked, init, idx}, {ctx.i64("dim", 0), ctx.str("reduce", "amax")});
    r = c.op<gn::WhereOp>({c.op<gn::EqOp>({r, ctx.splat(e, lowest)}), ctx.splat(e, 0), r});
  } else {
    Value masked = c.op<gn::WhereOp>({keepCol, rows, ctx.splat(e, 0)});
    r = c.op<gn::ScatterOp>({masked, ctx.splat(e, 0, {bags, dim}), idx},
                            {ctx.i64("dim", 0), ctx.str("reduce", "add")});
    if (mode == 1) {
      Value ones = c.convert(keep, e);
      Value counts = c.op<gn::ScatterOp>({ones, ctx.splat(e, 0, {bags}), safeBag},
                                         {ctx.i64("dim", 0), ctx.str("reduce", "add")});
      counts = c.reshape(c.op<gn::MaximumOp>({counts, ctx.splat(e, 1)}), {bags, 1});
      r = c.op<gn::DivOp>({r, counts});
    }
  }
  if (!c.ok())
    return failure();
  return r;
}

int64_t bagMode(llvm::StringRef mode) { return mode == "sum" ? 0 : mode == "mean" ? 1 : mode == "max" ? 2 : -1; }

/// F.embedding_bag(input, weight, offsets=None, max_norm=None, norm_type=2,
/// scale_grad_by_freq=False, mode='mean', sparse=False,
/// per_sample_weights=None, include_last_offset=False, padding_idx=None).
FailureOr<PyValue> embeddingBagF(ImportContext &ctx, Args &a) {
  auto input = a.tensor("input"), weight = a.tensor("weight");
  auto offsets = a.optionalTensor("offsets"), perSample = a.optionalTensor("per_sample_weights");
  auto mode = a.string("mode");
  auto last = a.boolean("include_last_offset");
  if (failed(input) || failed(weight) || failed(offsets) || failed(perSample) || failed(mode) ||
      failed(last))
    return failure();
  if (a.has("max_norm"))
    return a.error("max_norm (renormalizing the weight in place) is not supported");
  std::optional<int64_t> pad;
  if (a.has("padding_idx")) {
    auto p = a.integer("padding_idx");
    if (failed(p))
      return failure();
    pad = *p < 0 ? *p + typeOf(*weight).getDimSize(0) : *p;
  }
  return wrap(embeddingBag(ctx, a, *weight, *input, *offsets, bagMode(*mode), *perSample, *last,
                           pad));
}

/// ATen's embedding_bag(weight, indices, offsets, scale_grad_by_freq, mode
/// (0 sum, 1 mean, 2 max), sparse, per_sample_weights, include_last_offset,
/// padding_idx) -> (output, offset2bag, bag_size, max_indices): the output;
/// the bookkeeping results are not made (None: a use of one errors).
FailureOr<PyValue> embeddingBagAten(ImportContext &ctx, Args &a) {
  auto weight = a.tensor("weight"), input = a.tensor("indices");
  auto offsets = a.optionalTensor("offsets"), perSample = a.optionalTensor("per_sample_weights");
  auto mode = a.integer("mode");
  auto last = a.boolean("include_last_offset");
  if (failed(input) || failed(weight) || failed(offsets) || failed(perSample) || failed(mode) ||
      failed(last))
    return failure();
  std::optional<int64_t> pad;
  if (a.has("padding_idx")) {
    auto p = a.integer("padding_idx");
    if (failed(p))
      return failure();
    if (*p >= 0)
      pad = *p;
  }
  auto r = embeddingBag(ctx, a, *weight, *input, *offsets, *mode, *perSample, *last, pad);
  if (failed(r))
    return failure();
  return PyValue::tuple({PyValue::of(*r), PyValue::none(), PyValue::none(), PyValue::none()});
}

} // namespace

namespace {

/// ATen's native_layer_norm(input, normalized_shape, weight, bias, eps) ->
/// (out, mean, rstd): the statistics over the normalized dims, kept as 1.
FailureOr<PyValue> nativeLayerNorm(ImportContext &ctx, Args &a) {
  auto out = layerNorm(ctx, a, false);
  auto x = a.tensor("input");
  auto shape = a.ints("normalized_shape");
  auto eps = a.real("eps");
  if (failed(out) || failed(x) || failed(shape) || failed(eps))
    return failure();
  auto type = typeOf(*x);
  int64_t rank = type.getRank(), n = shape->size();
  llvm::SmallVector<int64_t> dims;
  for (int64_t d = rank - n; d < rank; ++d)
    dims.push_back(d);
  Type e = type.getElementType();
  Type t = e.isF16() || e.isBF16() ? Type(ctx.f32()) : e;
  Chain c{ctx};
  Value xf = c.convert(*x, t);
  Value mean = c.op<gn::ReduceMeanOp>({xf}, {ctx.ints("dims", dims), ctx.flag("keepdim", true)});
  Value d = c.op<gn::SubOp>({xf, mean});
  Value var = c.op<gn::ReduceMeanOp>({c.op<gn::MulOp>({d, d})},
                                     {ctx.ints("dims", dims), ctx.flag("keepdim", true)});
  Value rstd = c.op<gn::RsqrtOp>({c.op<gn::AddOp>({var, ctx.splat(t, *eps)})});
  if (!c.ok())
    return failure();
  return PyValue::tuple({*out, PyValue::of(mean), PyValue::of(rstd)});
}

/// ATen's upsample_bilinear2d / upsample_nearest2d .vec(input, output_size,
/// [align_corners,] scale_factors): interpolate in that mode.
template <bool Bilinear> FailureOr<PyValue> upsampleAten(ImportContext &ctx, Args &a) {
  for (auto &[n, v] : a.bound)
    n = n == "output_size" ? "size" : n == "scale_factors" ? "scale_factor" : n;
  a.bound.push_back({"mode", PyValue::str(Bilinear ? "bilinear" : "nearest")});
  a.bound.push_back({"antialias", PyValue::boolean(false)});
  return interpolate(ctx, a);
}

} // namespace

void mlir::gn::import::registerNNOps(OpRegistry &r) {
  r.add("grid_sample", "input, grid, mode='bilinear', padding_mode='zeros', align_corners=None",
        gridSample);
  r.add("grid_sampler|grid_sampler_2d|grid_sampler_3d",
        "input, grid, interpolation_mode, padding_mode, align_corners", gridSampler);
  r.add("linear", "input, weight, bias=None", linear);
  r.add("matmul|mm|bmm|__matmul__", "input, other", matmul);
  r.add("Tensor.matmul|Tensor.mm|Tensor.bmm", "input, other", matmul);
  r.add("addmm|Tensor.addmm", "input, mat1, mat2, *, beta=1, alpha=1",
        [](ImportContext &ctx, Args &a) { return runWidened(ctx, a, addmm); });
  r.add("baddbmm|Tensor.baddbmm", "input, batch1, batch2, *, beta=1, alpha=1",
        [](ImportContext &ctx, Args &a) {
          for (auto &[n, v] : a.bound)
            n = n == "batch1" ? "mat1" : n == "batch2" ? "mat2" : n;
          return runWidened(ctx, a, addmm);
        });
  r.add("einsum", "equation, *operands", einsum);
  r.add("outer|ger", "input, vec2", outer);
  r.add("conv1d|conv2d|conv3d",
        "input, weight, bias=None, stride=1, padding=0, dilation=1, groups=1", conv);
  // ATen's convolution: either form by `transposed`.
  r.add("convolution",
        "input, weight, bias, stride, padding, dilation, transposed, output_padding, groups",
        [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
          auto transposed = a.boolean("transposed");
          if (failed(transposed))
            return failure();
          return *transposed ? convTranspose(ctx, a) : conv(ctx, a);
        });
  r.add("conv_tbc", "input, weight, bias, pad=0", convTbc);
  r.add("conv_transpose1d|conv_transpose2d|conv_transpose3d",
        "input, weight, bias=None, stride=1, padding=0, output_padding=0, groups=1, dilation=1",
        convTranspose);
  r.add("max_pool1d", "input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, "
                      "return_indices=False", pool<1, true>);
  r.add("max_pool2d", "input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, "
                      "return_indices=False", pool<2, true>);
  r.add("max_pool3d", "input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, "
                      "return_indices=False", pool<3, true>);
  r.add("avg_pool1d", "input, kernel_size, stride=None, padding=0, ceil_mode=False, "
                      "count_include_pad=True", pool<1, false>);
  r.add("avg_pool2d", "input, kernel_size, stride=None, padding=0, ceil_mode=False, "
                      "count_include_pad=True, divisor_override=None", pool<2, false>);
  r.add("avg_pool3d", "input, kernel_size, stride=None, padding=0, ceil_mode=False, "
                      "count_include_pad=True, divisor_override=None", pool<3, false>);
  r.add("lp_pool1d", "input, norm_type, kernel_size, stride=None, ceil_mode=False", lpPool<1>);
  r.add("lp_pool2d", "input, norm_type, kernel_size, stride=None, ceil_mode=False", lpPool<2>);
  r.add("lp_pool3d", "input, norm_type, kernel_size, stride=None, ceil_mode=False", lpPool<3>);
  r.add("affine_grid|affine_grid_generator", "theta, size, align_corners=None", affineGrid);
  r.add("local_response_norm", "input, size, alpha=0.0001, beta=0.75, k=1.0", localResponseNorm);
  r.add("adaptive_avg_pool1d", "input, output_size", adaptivePool<1, false>);
  r.add("adaptive_avg_pool2d", "input, output_size", adaptivePool<2, false>);
  r.add("adaptive_avg_pool3d", "input, output_size", adaptivePool<3, false>);
  for (int d = 1; d <= 3; ++d) {
    std::string n = std::to_string(d);
    auto maxPool = d == 1 ? pool<1, true> : d == 2 ? pool<2, true> : pool<3, true>;
    auto adaptive = d == 1 ? adaptivePool<1, true> : d == 2 ? adaptivePool<2, true>
                                                            : adaptivePool<3, true>;
    // Always (values, indices): F's *_with_indices and ATen's forms.
    r.add("max_pool" + n + "d_with_indices",
          "input, kernel_size, stride=None, padding=0, dilation=1, ceil_mode=False, "
          "return_indices=True",
          maxPool);
    r.add("adaptive_max_pool" + n + "d_with_indices|torch._C._nn.adaptive_max_pool" + n + "d",
          "input, output_size, return_indices=True", adaptive);
    r.add("max_unpool" + n + "d",
          "input, indices, kernel_size, stride=None, padding=0, output_size=None",
          d == 1 ? maxUnpool<1> : d == 2 ? maxUnpool<2> : maxUnpool<3>);
  }
  r.add("adaptive_max_pool1d", "input, output_size, return_indices=False", adaptivePool<1, true>);
  r.add("adaptive_max_pool2d", "input, output_size, return_indices=False", adaptivePool<2, true>);
  r.add("adaptive_max_pool3d", "input, output_size, return_indices=False", adaptivePool<3, true>);
  r.add("interpolate|upsample", "input, size=None, scale_factor=None, mode='nearest', "
                                "align_corners=None, recompute_scale_factor=None, antialias=False",
        interpolate);
  // F.upsample_bilinear and F.upsample_nearest: interpolate in one mode.
  r.add("upsample_bilinear", "input, size=None, scale_factor=None, mode='bilinear', "
                             "align_corners=True, recompute_scale_factor=None, antialias=False",
        interpolate);
  r.add("upsample_nearest", "input, size=None, scale_factor=None, mode='nearest', "
                            "align_corners=None, recompute_scale_factor=None, antialias=False",
        interpolate);
  r.add("native_layer_norm", "input, normalized_shape, weight, bias, eps", nativeLayerNorm);
  r.add("upsample_bilinear2d", "input, output_size, align_corners, scale_factors=None",
        upsampleAten<true>);
  r.add("upsample_nearest2d", "input, output_size, scale_factors=None", upsampleAten<false>);
  // ATen's _native_batch_norm_legit_no_training(input, weight, bias,
  // running_mean, running_var, momentum, eps) -> (out, save_mean, save_rstd),
  // the last two empty.
  r.add("_native_batch_norm_legit_no_training",
        "input, weight, bias, running_mean, running_var, momentum, eps, training=False",
        [](ImportContext &ctx, Args &a) -> FailureOr<PyValue> {
          auto out = batchNorm(ctx, a);
          if (failed(out))
            return failure();
          Type e = out->type().getElementType();
          return PyValue::tuple({*out, PyValue::of(ctx.splat(e, 0, {0})),
                                 PyValue::of(ctx.splat(e, 0, {0}))});
        });
  r.add("batch_norm", "input, running_mean, running_var, weight=None, bias=None, training=False, "
                      "momentum=0.1, eps=1e-05, cudnn_enabled=True", batchNorm);
  r.add("instance_norm", "input, running_mean=None, running_var=None, weight=None, bias=None, "
                         "use_input_stats=True, momentum=0.1, eps=1e-05, cudnn_enabled=True",
        instanceNorm);
  r.add("layer_norm", "input, normalized_shape, weight=None, bias=None, eps=1e-05, "
                      "cudnn_enable=True",
        [](ImportContext &ctx, Args &a) { return layerNorm(ctx, a, false); });
  r.add("rms_norm", "input, normalized_shape, weight=None, eps=None",
        [](ImportContext &ctx, Args &a) { return layerNorm(ctx, a, true); });
  r.add("group_norm", "input, num_groups, weight=None, bias=None, eps=1e-05, cudnn_enabled=True",
        groupNorm);
  // In the input's type, as PyTorch: float16 / bfloat16 norms computed in
  // float32 and rounded once (floatVectorNorm), then clamped and divided in
  // that type (a float16 norm past 65504 is inf and its row 0; eps = 1e-12
  // is 0 in float16, so an all-zero row is NaN there, 0 in bfloat16).
  r.add("normalize", "input, p=2.0, dim=1, eps=1e-12, out=None", normalize);
  // torch.* (aten) spellings whose argument order differs from F.*; looked
  // up by their full name before the canonical one.
  r.add("torch.batch_norm", "input, weight, bias, running_mean, running_var, training, momentum, "
                            "eps, cudnn_enabled", batchNorm);
  r.add("torch.instance_norm", "input, weight, bias, running_mean, running_var, use_input_stats, "
                               "momentum, eps, cudnn_enabled", instanceNorm);
  r.add("torch.embedding", "weight, input, padding_idx=-1, scale_grad_by_freq=False, sparse=False",
        embedding);
  r.add("embedding_bag",
        "input, weight, offsets=None, max_norm=None, norm_type=2, scale_grad_by_freq=False, "
        "mode='mean', sparse=False, per_sample_weights=None, include_last_offset=False, "
        "padding_idx=None",
        embeddingBagF);
  r.add("torch.embedding_bag|_embedding_bag|_embedding_bag_forward_only",
        "weight, indices, offsets, scale_grad_by_freq=False, mode=0, sparse=False, "
        "per_sample_weights=None, include_last_offset=False, padding_idx=None",
        embeddingBagAten);
  r.add("embedding", "input, weight, padding_idx=None, max_norm=None, norm_type=2.0, "
                     "scale_grad_by_freq=False, sparse=False", embedding);
  r.add("scaled_dot_product_attention", "query, key, value, attn_mask=None, dropout_p=0.0, "
                                        "is_causal=False, scale=None, enable_gqa=False", sdpa);
  r.add("glu", "input, dim=-1", glu);
  r.add("prelu", "input, weight", prelu);
  r.add("_weight_norm", "v, g, dim=0", weightNorm);
  r.add("norm_except_dim", "v, pow=2, dim=0", normExceptDim);
}
