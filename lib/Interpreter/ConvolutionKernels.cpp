//===- ConvolutionKernels.cpp - conv (oneDNN), pooling, resize ----------===//
//
// Convolutions go through oneDNN in f32 (f16 widened and rounded once at
// the end; bf16 in oneDNN's bf16 kernels where the CPU has them, which
// accumulate in f32 and round once too); f64 convolutions as im2col + OpenBLAS dgemm (transposed ones
// as direct loops), in f64.
// This file is compiled with exceptions on: oneDNN's C++ API reports errors
// by throwing, and every throw is caught here and turned into a diagnostic.
//
//===----------------------------------------------------------------------===//
#include "Kernels.h"
#include <algorithm>
#include "llvm/ADT/TypeSwitch.h"
#include <array>
#include <cmath>
#include <cstring>
#include <cblas.h>
#include <dnnl.hpp>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::interp;

namespace {

dnnl::engine &cpuEngine() {
  static dnnl::engine engine(dnnl::engine::kind::cpu, 0);
  return engine;
}

dnnl::memory::dims toDims(llvm::ArrayRef<int64_t> v) { return dnnl::memory::dims(v.begin(), v.end()); }

dnnl::memory::format_tag plainTag(size_t rank) {
  using tag = dnnl::memory::format_tag;
  return rank == 3 ? tag::ncw : rank == 4 ? tag::nchw : tag::ncdhw;
}
/// [N, *spatial, C] in memory (a channels_last convolution's data).
dnnl::memory::format_tag channelsLastTag(size_t rank) {
  using tag = dnnl::memory::format_tag;
  return rank == 3 ? tag::nwc : rank == 4 ? tag::nhwc : tag::ndhwc;
}
/// oneDNN's dims are always [N, C, *spatial]; the tag says how they lie.
dnnl::memory::dims logicalDims(llvm::ArrayRef<int64_t> shape, bool channelsLast) {
  if (!channelsLast)
    return toDims(shape);
  dnnl::memory::dims d{shape.front(), shape.back()};
  d.insert(d.end(), shape.begin() + 1, shape.end() - 1);
  return d;
}
dnnl::memory::format_tag groupedWeightsTag(size_t rank) { // rank of the grouped weights
  using tag = dnnl::memory::format_tag;
  return rank == 4 ? tag::goiw : rank == 5 ? tag::goihw : tag::goidhw;
}

} // namespace

struct mlir::gn::interp::ReorderedWeights::Impl {
  struct Entry {
    const void *source;
    dnnl::memory::desc desc;
    dnnl::memory memory;
  };
  std::vector<Entry> entries;
};

ReorderedWeights::ReorderedWeights() : impl(std::make_unique<Impl>()) {}
ReorderedWeights::~ReorderedWeights() = default;

void ReorderedWeights::setConstants(llvm::ArrayRef<HostTensor> tensors) {
  bool same = tensors.size() == constants.size() &&
              llvm::all_of(llvm::zip(tensors, constants), [](auto p) {
                return std::get<0>(p).bytes() == std::get<1>(p).bytes() &&
                       std::get<0>(p).nbytes() == std::get<1>(p).nbytes();
              });
  if (same)
    return;
  constants.assign(tensors.begin(), tensors.end());
  impl->entries.clear();
}

bool ReorderedWeights::isConstant(const HostTensor &t) const {
  return t.nbytes() > 0 && llvm::any_of(constants, [&](const HostTensor &c) {
           return c.bytes() == t.bytes() && c.nbytes() == t.nbytes() && c.dtype() == t.dtype();
         });
}

namespace {

/// Runs a oneDNN (de)convolution on f32 data. Weights are passed grouped:
/// [G, O/G, I/G, k...] for both directions (deconvolution weights are
/// rearranged by the caller).
/// `wei` gives the weights in f32, grouped: called only when they are read
/// (not when their reordered copy is cached: a half weight was widened on
/// every call for nothing).
template <typename PrimDesc, typename Prim>
LogicalResult runDnnl(Operation *op, PrimDesc &pd, HostTensor &src,
                      llvm::function_ref<HostTensor &()> wei, HostTensor *bias, HostTensor &dst,
                      const dnnl::memory::desc &srcMd, const dnnl::memory::desc &weiMd,
                      const dnnl::memory::desc &dstMd, ReorderedWeights::Impl *cache,
                      const void *weightKey) {
  auto &eng = cpuEngine();
  dnnl::stream stream(eng);
  dnnl::memory srcUser(srcMd, eng, src.bytes()), dstUser(dstMd, eng, dst.bytes());
  auto srcMem = srcUser, dstMem = dstUser;
  dnnl::memory weiMem;
  auto weiUser = [&] { return dnnl::memory(weiMd, eng, wei().bytes()); };
  if (pd.src_desc() != srcUser.get_desc()) {
    srcMem = dnnl::memory(pd.src_desc(), eng);
    dnnl::reorder(srcUser, srcMem).execute(stream, srcUser, srcMem);
  }
  if (pd.weights_desc() == weiMd) {
    weiMem = weiUser();
  } else {
    // Constant weights are reordered on their first use only.
    auto hit = !cache ? nullptr : [&]() -> ReorderedWeights::Impl::Entry * {
      for (auto &e : cache->entries)
        if (e.source == weightKey && e.desc == pd.weights_desc())
          return &e;
      return nullptr;
    }();
    if (hit) {
      weiMem = hit->memory;
    } else {
      dnnl::memory user = weiUser();
      weiMem = dnnl::memory(pd.weights_desc(), eng);
      dnnl::reorder(user, weiMem).execute(stream, user, weiMem);
      if (cache)
        cache->entries.push_back({weightKey, pd.weights_desc(), weiMem});
    }
  }
  if (pd.dst_desc() != dstUser.get_desc())
    dstMem = dnnl::memory(pd.dst_desc(), eng);
  std::unordered_map<int, dnnl::memory> args = {
      {DNNL_ARG_SRC, srcMem}, {DNNL_ARG_WEIGHTS, weiMem}, {DNNL_ARG_DST, dstMem}};
  if (bias)
    args[DNNL_ARG_BIAS] = dnnl::memory(pd.bias_desc(), eng, bias->bytes());
  Prim(pd).execute(stream, args);
  if (dstMem != dstUser)
    dnnl::reorder(dstMem, dstUser).execute(stream, dstMem, dstUser);
  stream.wait();
  return success();
}

/// f64 convolution as im2col + dgemm per (batch, group), over chunks of
/// output positions so the column buffer stays under 64 MiB. oneDNN has no
/// f64 kernels, and narrowing to f32 would lose the precision asked for
/// (`--reference fp64` runs whole convnets this way).
HostTensor convolutionF64Gemm(Operation *op, Operands in, llvm::ArrayRef<int64_t> stride,
                              llvm::ArrayRef<int64_t> padding, llvm::ArrayRef<int64_t> dilation,
                              int64_t groups) {
  const HostTensor &x = in[0], &w = in[1];
  HostTensor y(DType::F64, resultShape(op), /*zero=*/false);
  size_t sp = x.rank() - 2;
  int64_t n = x.shape()[0], cin = x.shape()[1], cout = y.shape()[1];
  int64_t cinG = cin / groups, coutG = cout / groups;
  llvm::ArrayRef<int64_t> inS = x.shape().drop_front(2), outS = y.shape().drop_front(2),
                          kS = w.shape().drop_front(2);
  int64_t kernel = 1, positions = 1, pixels = 1;
  for (size_t d = 0; d < sp; ++d) {
    kernel *= kS[d];
    positions *= outS[d];
    pixels *= inS[d];
  }
  int64_t rows = cinG * kernel;
  const double *px = x.data<double>(), *pw = w.data<double>();
  double *py = y.data<double>();
  for (int64_t i = 0; i < y.numel(); ++i)
    py[i] = in.size() > 2 ? in[2].data<double>()[(i / positions) % cout] : 0.0;
  int64_t chunk = std::max<int64_t>(1, std::min<int64_t>(positions, (64 << 20) / 8 / rows));
  std::vector<double> cols(rows * chunk);
  llvm::SmallVector<int64_t, 3> k(sp), p(sp);
  for (int64_t b = 0; b < n; ++b)
    for (int64_t g = 0; g < groups; ++g)
      for (int64_t p0 = 0; p0 < positions; p0 += chunk) {
        int64_t width = std::min(chunk, positions - p0);
        for (int64_t row = 0; row < rows; ++row) {
          int64_t ic = row / kernel, klin = row % kernel;
          for (size_t d = sp; d-- > 0; klin /= kS[d])
            k[d] = klin % kS[d];
          const double *plane = px + (b * cin + g * cinG + ic) * pixels;
          double *out = cols.data() + row * width;
          for (int64_t j = 0; j < width; ++j) {
            int64_t lin = p0 + j, off = 0;
            bool inside = true;
            for (size_t d = sp; d-- > 0; lin /= outS[d]) {
              int64_t at = (lin % outS[d]) * stride[d] - padding[d] + k[d] * dilation[d];
              inside &= at >= 0 && at < inS[d];
              p[d] = at;
            }
            if (inside)
              for (size_t d = 0; d < sp; ++d)
                off = off * inS[d] + p[d];
            out[j] = inside ? plane[off] : 0.0;
          }
        }
        // y[g's channels, p0 .. p0 + width) += W_g [coutG x rows] . cols
        cblas_dgemm(CblasRowMajor, CblasNoTrans, CblasNoTrans, coutG, width, rows, 1.0,
                    pw + g * coutG * rows, rows, cols.data(), width, 1.0,
                    py + (b * cout + g * coutG) * positions + p0, positions);
      }
  return y;
}

/// Direct f64 transposed convolution (see convolutionF64Gemm for why f64).
HostTensor convolutionF64(Operation *op, Operands in, llvm::ArrayRef<int64_t> stride,
                          llvm::ArrayRef<int64_t> padding, llvm::ArrayRef<int64_t> dilation,
                          int64_t groups, bool transposed) {
  const HostTensor &x = in[0], &w = in[1];
  HostTensor y(DType::F64, resultShape(op));
  int64_t sp = x.rank() - 2, n = x.shape()[0], cin = x.shape()[1], cout = y.shape()[1];
  int64_t cinG = cin / groups, coutG = cout / groups;
  llvm::ArrayRef<int64_t> inS = x.shape().drop_front(2), outS = y.shape().drop_front(2),
                          kS = w.shape().drop_front(2);
  auto xs = stridesOf(x.shape()), ws = stridesOf(w.shape()), ys = stridesOf(y.shape());
  const double *px = x.data<double>(), *pw = w.data<double>();
  double *py = y.data<double>();
  for (int64_t i = 0; i < y.numel(); ++i)
    py[i] = in.size() > 2 ? in[2].data<double>()[(i / ys[1]) % cout] : 0.0;
  for (int64_t b = 0; b < n; ++b)
    for (int64_t g = 0; g < groups; ++g)
      for (int64_t oc = 0; oc < coutG; ++oc)
        for (int64_t ic = 0; ic < cinG; ++ic) {
          int64_t co = g * coutG + oc, ci = g * cinG + ic;
          // Weight [O, I/G, k] for conv; [I, O/G, k] for transposed conv.
          int64_t wbase = transposed ? ci * ws[0] + oc * ws[1] : co * ws[0] + ic * ws[1];
          forEachIndex(kS, [&](int64_t klin, llvm::ArrayRef<int64_t> k) {
            double wv = pw[wbase + klin];
            auto positions = transposed ? inS : outS;
            forEachIndex(positions, [&](int64_t, llvm::ArrayRef<int64_t> p) {
              int64_t xoff = b * xs[0] + ci * xs[1], yoff = b * ys[0] + co * ys[1];
              for (int64_t d = 0; d < sp; ++d) {
                int64_t other = transposed
                                    ? p[d] * stride[d] - padding[d] + k[d] * dilation[d]
                                    : p[d] * stride[d] - padding[d] + k[d] * dilation[d];
                int64_t limit = transposed ? outS[d] : inS[d];
                if (other < 0 || other >= limit)
                  return;
                if (transposed) {
                  xoff += p[d] * xs[2 + d];
                  yoff += other * ys[2 + d];
                } else {
                  xoff += other * xs[2 + d];
                  yoff += p[d] * ys[2 + d];
                }
              }
              py[yoff] += wv * px[xoff];
            });
          });
        }
  return y;
}

namespace {

/// Whether the last bf16 (de)convolution found no oneDNN kernel for bf16
/// on this CPU (then the caller runs it in f32).
thread_local bool lastBf16Unsupported = false;
bool bf16Unsupported() { return lastBf16Unsupported; }

/// The oneDNN (de)convolution with its data in `compute` (f32, or bf16
/// when x and w are bf16): inputs converted to it, the result converted
/// to the op's type.
FailureOr<HostTensor> convolutionIn(Operation *op, Operands in, llvm::ArrayRef<int64_t> stride,
                                    llvm::ArrayRef<int64_t> padding,
                                    llvm::ArrayRef<int64_t> dilation, int64_t groups,
                                    bool transposed, llvm::ArrayRef<int64_t> outputPadding,
                                    const HostTensor *dest, ReorderedWeights::Impl *cache,
                                    const void *weightKey, DType compute, bool channelsLast) {
  DType outType = resultDType(op);
  llvm::SmallVector<int64_t, 6> outShape = resultShape(op);
  lastBf16Unsupported = false;
  HostTensor x = convertTo(in[0], compute);
  llvm::ArrayRef<int64_t> wShape = in[1].shape();
  std::optional<HostTensor> b;
  if (in.size() > 2)
    b = convertTo(in[2], DType::F32);
  // oneDNN writes every element; into the destination when it is f32.
  HostTensor y = dest && dest->dtype() == compute ? *dest : HostTensor(compute, outShape, false);
  using dt = dnnl::memory::data_type;
  dt data = compute == DType::BF16 ? dt::bf16 : dt::f32;
  size_t elem = compute == DType::BF16 ? 2 : 4;
  size_t rank = x.rank();
  int64_t g = groups;
  // Grouped weights [G, O/G, I/G, k...]. Transposed conv weights are
  // [I, O/G, k...] in torch: regroup to [G, O/G, I/G, k...].
  llvm::SmallVector<int64_t, 6> gw;
  if (!transposed)
    gw = {g, wShape[0] / g, wShape[1]};
  else
    gw = {g, wShape[1], wShape[0] / g};
  llvm::append_range(gw, wShape.drop_front(2));
  // The weights in f32, grouped, made when oneDNN reads them (not when
  // their reordered copy is cached).
  std::optional<HostTensor> wg;
  auto groupedWeights = [&]() -> HostTensor & {
    if (wg)
      return *wg;
    HostTensor w = convertTo(in[1], compute);
    if (!transposed)
      return wg.emplace(w);
    // [I, O/G, k...] (torch's transposed layout) to [G, O/G, I/G, k...].
    int64_t inC = wShape[0], outPerG = wShape[1];
    wg.emplace(compute, gw);
    int64_t ksz = 1;
    for (int64_t d : wShape.drop_front(2))
      ksz *= d;
    const uint8_t *src = static_cast<const uint8_t *>(w.bytes());
    uint8_t *dst = static_cast<uint8_t *>(wg->bytes());
    for (int64_t gi = 0; gi < g; ++gi)
      for (int64_t o = 0; o < outPerG; ++o)
        for (int64_t i = 0; i < inC / g; ++i)
          for (int64_t kk = 0; kk < ksz; ++kk)
            std::memcpy(dst + (((gi * outPerG + o) * (inC / g) + i) * ksz + kk) * elem,
                        src + (((gi * (inC / g) + i) * outPerG + o) * ksz + kk) * elem, elem);
    return *wg;
  };
  dnnl::memory::dims strides = toDims(stride), padL = toDims(padding), padR = toDims(padding),
                     dil;
  for (int64_t d : dilation)
    dil.push_back(d - 1);
  if (transposed)
    for (size_t i = 0; i < outputPadding.size(); ++i)
      padR[i] -= outputPadding[i];
  dnnl::memory::dims xDims = logicalDims(x.shape(), channelsLast),
                     yDims = logicalDims(y.shape(), channelsLast);
  auto dataTag = channelsLast ? channelsLastTag(rank) : plainTag(rank);
  dnnl::memory::desc srcMd(xDims, data, dataTag);
  dnnl::memory::desc weiMd(toDims(gw), data, groupedWeightsTag(rank + 1));
  dnnl::memory::desc dstMd(yDims, data, dataTag);
  // Channels first, oneDNN picks its layout (blocked, or channels last)
  // and the data is reordered to it and back on every call; channels last
  // is the layout its kernels read, so nothing is reordered.
  dnnl::memory::desc anySrc = channelsLast ? srcMd
                                           : dnnl::memory::desc(xDims, data,
                                                                dnnl::memory::format_tag::any);
  dnnl::memory::desc anyWei(toDims(gw), data, dnnl::memory::format_tag::any);
  dnnl::memory::desc anyDst = channelsLast ? dstMd
                                           : dnnl::memory::desc(yDims, data,
                                                                dnnl::memory::format_tag::any);
  dnnl::memory::desc biasMd({yDims[1]}, dt::f32, dnnl::memory::format_tag::x);
  try {
    if (!transposed) {
      auto desc = b ? dnnl::convolution_forward::desc(
                          dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
                          anySrc, anyWei, biasMd, anyDst, strides, dil, padL, padR)
                    : dnnl::convolution_forward::desc(
                          dnnl::prop_kind::forward_inference, dnnl::algorithm::convolution_direct,
                          anySrc, anyWei, anyDst, strides, dil, padL, padR);
      dnnl::convolution_forward::primitive_desc pd(desc, cpuEngine());
      if (failed(runDnnl<decltype(pd), dnnl::convolution_forward>(
              op, pd, x, groupedWeights, b ? &*b : nullptr, y, srcMd, weiMd, dstMd, cache,
              weightKey)))
        return failure();
    } else {
      auto desc = b ? dnnl::deconvolution_forward::desc(
                          dnnl::prop_kind::forward_inference,
                          dnnl::algorithm::deconvolution_direct, anySrc, anyWei, biasMd, anyDst,
                          strides, dil, padL, padR)
                    : dnnl::deconvolution_forward::desc(
                          dnnl::prop_kind::forward_inference,
                          dnnl::algorithm::deconvolution_direct, anySrc, anyWei, anyDst, strides,
                          dil, padL, padR);
      dnnl::deconvolution_forward::primitive_desc pd(desc, cpuEngine());
      if (failed(runDnnl<decltype(pd), dnnl::deconvolution_forward>(
              op, pd, x, groupedWeights, b ? &*b : nullptr, y, srcMd, weiMd, dstMd, cache,
              weightKey)))
        return failure();
    }
  } catch (const dnnl::error &e) {
    if (compute == DType::BF16 && e.status == dnnl_unimplemented) {
      lastBf16Unsupported = true; // no bf16 kernel on this CPU: f32 instead
      return failure();
    }
    return op->emitError() << "oneDNN failed: " << e.what();
  }
  if (!dest)
    return y.dtype() == outType ? y : convertTo(y, outType);
  if (y.bytes() == dest->bytes())
    return y;
  HostTensor d = *dest;
  convertInto(y, d);
  return d;
}

} // namespace

FailureOr<HostTensor> convolution(Operation *op, Operands in, llvm::ArrayRef<int64_t> stride,
                                  llvm::ArrayRef<int64_t> padding,
                                  llvm::ArrayRef<int64_t> dilation, int64_t groups,
                                  bool transposed, llvm::ArrayRef<int64_t> outputPadding,
                                  const HostTensor *dest, ReorderedWeights *weights,
                                  bool channelsLast) {
  // Reordered weights are cached by the address of the weight operand as
  // given (before any widening or regrouping), when it is declared constant.
  ReorderedWeights::Impl *cache =
      weights && weights->isConstant(in[1]) ? weights->impl.get() : nullptr;
  const void *weightKey = in[1].bytes();
  DType outType = resultDType(op);
  llvm::SmallVector<int64_t, 6> outShape = resultShape(op);
  if (channelsLast && (transposed || in[0].dtype() == DType::F64))
    return op->emitError("a channels_last convolution runs through oneDNN only: not "
                         "transposed or f64 (gn-channels-last makes neither)");
  if (in[0].numel() == 0 || in[1].numel() == 0) {
    // Nothing to sum over (zero input channels, or an empty batch or
    // filter, as a symbolic program may bind): the bias per output
    // channel, else zeros. oneDNN refuses empty dims.
    HostTensor y(DType::F32, outShape);
    if (in.size() > 2 && y.numel() > 0) {
      HostTensor b = convertTo(in[2], DType::F32);
      int64_t channels = channelsLast ? outShape.back() : outShape[1];
      int64_t inner = channelsLast ? 1 : y.numel() / (outShape[0] * channels);
      float *out = y.data<float>();
      for (int64_t i = 0; i < y.numel(); ++i)
        out[i] = b.data<float>()[(i / inner) % channels];
    }
    return outType == DType::F32 ? y : convertTo(y, outType);
  }
  if (in[0].dtype() == DType::F64 && !transposed)
    return convolutionF64Gemm(op, in, stride, padding, dilation, groups);
  if (in[0].dtype() == DType::F64)
    return convolutionF64(op, in, stride, padding, dilation, groups, transposed);
  // bf16 data runs oneDNN's bf16 kernels (f32 accumulation, one rounding
  // at the end: the result widening to f32 first would give, up to the
  // order of the sums), where the CPU has them; else f32.
  if (in[0].dtype() == DType::BF16 && in[1].dtype() == DType::BF16) {
    auto r = convolutionIn(op, in, stride, padding, dilation, groups, transposed, outputPadding,
                           dest, cache, weightKey, DType::BF16, channelsLast);
    if (succeeded(r) || !bf16Unsupported())
      return r;
  }
  return convolutionIn(op, in, stride, padding, dilation, groups, transposed, outputPadding,
                       dest, cache, weightKey, DType::F32, channelsLast);
}

HostTensor pool(Operation *op, const HostTensor &x0, llvm::ArrayRef<int64_t> kernel,
                llvm::ArrayRef<int64_t> stride, llvm::ArrayRef<int64_t> padding,
                llvm::ArrayRef<int64_t> dilation, bool isMax, bool countIncludePad,
                std::optional<int64_t> divisor) {
  DType ct = floatCompute(x0.dtype());
  HostTensor x = convertTo(x0, ct), y(ct, resultShape(op), false);
  int64_t sp = kernel.size(), lead = x.rank() - sp;
  int64_t planes = 1;
  for (int64_t d = 0; d < lead; ++d)
    planes *= x.shape()[d];
  llvm::ArrayRef<int64_t> inS = x.shape().drop_front(lead), outS = y.shape().drop_front(lead);
  int64_t inPlane = 1, outPlane = 1;
  for (int64_t d : inS)
    inPlane *= d;
  for (int64_t d : outS)
    outPlane *= d;
  auto inStr = stridesOf(inS);
  // Window of output index `o` along dim `d`: its first input position, its
  // tap count with padding (for count_include_pad), and the taps [k0, k1)
  // that land inside the input.
  auto taps = [&](int64_t d, int64_t o) {
    int64_t start = o * stride[d] - padding[d];
    int64_t end = std::min(start + (kernel[d] - 1) * dilation[d] + 1, inS[d] + padding[d]);
    int64_t padTaps = (end - start + dilation[d] - 1) / dilation[d];
    int64_t k0 = start < 0 ? (-start + dilation[d] - 1) / dilation[d] : 0;
    int64_t k1 = std::min<int64_t>(kernel[d], (inS[d] - 1 - start) / dilation[d] + 1);
    return std::array<int64_t, 4>{start, padTaps, k0, k1};
  };
  dispatchFloat(ct, [&](auto tag) {
    using T = decltype(tag);
    // Planes (batch x channels) split across threads.
#pragma omp parallel for if (planes > 1 && planes * outPlane > (int64_t(1) << 12))
    for (int64_t p = 0; p < planes; ++p) {
      llvm::SmallVector<int64_t, 3> first(sp), count(sp);
      const T *src = x.data<T>() + p * inPlane;
      T *dst = y.data<T>() + p * outPlane;
      if (sp == 2) {
        // The common 2-D case as plain loops (same taps, same arithmetic).
        for (int64_t oh = 0; oh < outS[0]; ++oh) {
          auto [h0, hPad, kh0, kh1] = taps(0, oh);
          for (int64_t ow = 0; ow < outS[1]; ++ow) {
            auto [w0, wPad, kw0, kw1] = taps(1, ow);
            double acc = isMax ? -INFINITY : 0;
            int64_t n = 0;
            bool nan = false;
            for (int64_t kh = kh0; kh < kh1; ++kh) {
              const T *row = src + (h0 + kh * dilation[0]) * inS[1] + w0;
              for (int64_t kw = kw0; kw < kw1; ++kw) {
                double v = row[kw * dilation[1]];
                nan |= std::isnan(v);
                acc = isMax ? std::max(acc, v) : acc + v;
              }
              n += std::max<int64_t>(0, kw1 - kw0);
            }
            if (isMax)
              acc = nan ? NAN : acc;
            else
              acc /= divisor ? double(*divisor)
                     : countIncludePad ? double(hPad * wPad)
                                       : double(n);
            dst[oh * outS[1] + ow] = static_cast<T>(acc);
          }
        }
        continue;
      }
      // Output positions and their taps as plain loops: clang's OpenMP
      // cannot capture pool's locals inside a lambda in this region.
      llvm::SmallVector<int64_t, 3> o(sp);
      for (int64_t lin = 0; lin < outPlane; ++lin) {
        for (int64_t d = sp - 1, rest = lin; d >= 0; rest /= outS[d], --d)
          o[d] = rest % outS[d];
        // Window taps that land inside the input, per dim: k in [first, first + count).
        int64_t padCount = 1;
        for (int64_t d = 0; d < sp; ++d) {
          auto [start, padTaps, k0, k1] = taps(d, o[d]);
          padCount *= padTaps;
          first[d] = k0;
          count[d] = std::max<int64_t>(0, k1 - k0);
        }
        double acc = isMax ? -INFINITY : 0;
        int64_t n = 0;
        bool nan = false;
        int64_t inside = 1;
        for (int64_t d = 0; d < sp; ++d)
          inside *= count[d];
        for (int64_t t = 0; t < inside; ++t) {
          int64_t off = 0;
          for (int64_t d = sp - 1, rest = t; d >= 0; rest /= count[d], --d)
            off += (o[d] * stride[d] - padding[d] + (first[d] + rest % count[d]) * dilation[d]) *
                   inStr[d];
          double v = src[off];
          nan |= std::isnan(v);
          acc = isMax ? std::max(acc, v) : acc + v;
          ++n;
        }
        if (isMax)
          acc = nan ? NAN : acc;
        else
          acc /= divisor ? double(*divisor) : countIncludePad ? double(padCount) : double(n);
        dst[lin] = static_cast<T>(acc);
      }
    }
  });
  return convertTo(y, resultDType(op));
}

HostTensor adaptivePool(Operation *op, const HostTensor &x, bool isMax) {
  HostTensor out = makeResult(op);
  auto outShape = out.shape();
  int64_t spatial = 0; // the trailing dims named by output_size
  if (auto a = dyn_cast<AdaptiveAvgPoolOp>(op))
    spatial = a.getOutputSize().size();
  else
    spatial = cast<AdaptiveMaxPoolOp>(op).getOutputSize().size();
  int64_t lead = x.rank() - spatial, planes = 1;
  for (int64_t d = 0; d < lead; ++d)
    planes *= x.shape()[d];
  llvm::ArrayRef<int64_t> inS = x.shape().drop_front(lead), outS = outShape.drop_front(lead);
  int64_t inPlane = 1, outPlane = 1;
  for (int64_t d : inS)
    inPlane *= d;
  for (int64_t d : outS)
    outPlane *= d;
  auto inStr = stridesOf(inS);
  for (int64_t p = 0; p < planes; ++p)
    forEachIndex(outS, [&](int64_t lin, llvm::ArrayRef<int64_t> o) {
      llvm::SmallVector<int64_t, 3> start, len;
      for (int64_t d = 0; d < spatial; ++d) {
        int64_t s = (o[d] * inS[d]) / outS[d];
        int64_t e = ((o[d] + 1) * inS[d] + outS[d] - 1) / outS[d];
        start.push_back(s);
        len.push_back(e - s);
      }
      double acc = isMax ? -INFINITY : 0;
      int64_t count = 0;
      bool nan = false;
      forEachIndex(len, [&](int64_t, llvm::ArrayRef<int64_t> k) {
        int64_t off = 0;
        for (int64_t d = 0; d < spatial; ++d)
          off += (start[d] + k[d]) * inStr[d];
        double v = loadAsDouble(x, p * inPlane + off);
        nan |= std::isnan(v);
        acc = isMax ? std::max(acc, v) : acc + v;
        ++count;
      });
      storeFromDouble(out, p * outPlane + lin, isMax ? (nan ? NAN : acc) : acc / count);
    });
  return out;
}

/// Source coordinate of output index `o` (torch's area_pixel_compute_source_index);
/// `step`: input positions per output position (gn.resize's inputStep).
double sourceIndex(int64_t o, int64_t in, int64_t out, double step, bool alignCorners, bool cubic) {
  if (alignCorners)
    return out > 1 ? double(o) * (in - 1) / (out - 1) : 0.0;
  double s = (o + 0.5) * step - 0.5;
  return (!cubic && s < 0) ? 0.0 : s;
}

double cubicWeight(double t, int k) {
  const double A = -0.75;
  auto c1 = [&](double x) { return ((A + 2) * x - (A + 3)) * x * x + 1; };
  auto c2 = [&](double x) { return ((A * x - 5 * A) * x + 8 * A) * x - 4 * A; };
  switch (k) {
  case 0: return c2(t + 1);
  case 1: return c1(t);
  case 2: return c1(1 - t);
  default: return c2(2 - t);
  }
}

/// A bicubic grid_sample tap's coordinate `c` (an integer) padded as
/// PyTorch's compute_coordinates does: clipped to [0, size - 1] (border),
/// reflected at the edges (about the outer pixel edges, or with
/// align_corners about the corner centers) then clipped (reflection), or
/// as it is (zeros: outside reads 0). In f64, before any cast to an index.
double paddedTap(double c, int64_t size, llvm::StringRef padding, bool ac) {
  if (padding == "zeros")
    return c;
  if (padding == "reflection") {
    double lo = ac ? 0 : -0.5, span = ac ? double(size - 1) : double(size);
    if (span <= 0) {
      c = 0;
    } else {
      double in = std::fabs(c - lo);
      double extra = std::fmod(in, span), flips = std::floor(in / span);
      c = std::fmod(flips, 2) == 0 ? extra + lo : span - extra + lo;
    }
  }
  return std::clamp(c, 0.0, double(size - 1));
}

HostTensor gridSampleBicubic(GridSampleOp op, const HostTensor &x, const HostTensor &g,
                             HostTensor out);

/// A grid coordinate in [-1, 1] as a pixel position along a dim of `size`.
double unnormalizeGrid(double v, int64_t size, bool alignCorners) {
  return alignCorners ? (v + 1) / 2 * (size - 1) : ((v + 1) * size - 1) / 2;
}

/// F.grid_sample on NCHW: bilinear or nearest taps at unnormalized grid
/// points, zeros or border padding; bicubic: 16 taps, each padded
/// (zeros, border or reflection), rows interpolated then the column.
HostTensor gridSample(GridSampleOp op, const HostTensor &x, const HostTensor &g) {
  HostTensor out = makeResult(op);
  int64_t n = x.shape()[0], c = x.shape()[1], h = x.shape()[2], w = x.shape()[3];
  int64_t ho = g.shape()[1], wo = g.shape()[2];
  bool ac = op.getAlignCorners(), border = op.getPaddingMode() == "border";
  bool nearest = op.getMode() == "nearest";
  if (op.getMode() == "bicubic")
    return gridSampleBicubic(op, x, g, std::move(out));
  auto unnormalize = [&](double v, int64_t size) {
    double p = unnormalizeGrid(v, size, ac);
    return border ? std::clamp(p, 0.0, double(size - 1)) : p;
  };
  for (int64_t b = 0; b < n; ++b)
    for (int64_t i = 0; i < ho; ++i)
      for (int64_t j = 0; j < wo; ++j) {
        int64_t gi = ((b * ho + i) * wo + j) * 2;
        double ix = unnormalize(loadAsDouble(g, gi), w), iy = unnormalize(loadAsDouble(g, gi + 1), h);
        // A grid point that is not finite reads no pixel (0, as PyTorch's
        // kernel, whose index for it is out of bounds). Far outside points
        // are brought to just outside, where every tap reads the zero
        // padding as before, so that their cast to an index is defined.
        bool finite = std::isfinite(ix) && std::isfinite(iy);
        ix = finite ? std::clamp(ix, -2.0, double(w) + 1) : 0;
        iy = finite ? std::clamp(iy, -2.0, double(h) + 1) : 0;
        for (int64_t ch = 0; ch < c; ++ch) {
          int64_t plane = (b * c + ch) * h * w;
          auto at = [&](int64_t y, int64_t xx) {
            return y < 0 || y >= h || xx < 0 || xx >= w ? 0.0 : loadAsDouble(x, plane + y * w + xx);
          };
          double v;
          if (!finite) {
            v = 0;
          } else if (nearest) {
            v = at((int64_t)std::nearbyint(iy), (int64_t)std::nearbyint(ix));
          } else {
            int64_t x0 = (int64_t)std::floor(ix), y0 = (int64_t)std::floor(iy);
            double fx = ix - x0, fy = iy - y0;
            v = at(y0, x0) * (1 - fx) * (1 - fy) + at(y0, x0 + 1) * fx * (1 - fy) +
                at(y0 + 1, x0) * (1 - fx) * fy + at(y0 + 1, x0 + 1) * fx * fy;
          }
          storeFromDouble(out, ((b * c + ch) * ho + i) * wo + j, v);
        }
      }
  return out;
}

/// grid_sample's bicubic mode (PyTorch's grid_sampler_2d): the grid point
/// unnormalized but not clamped; taps at floor(p) - 1 .. floor(p) + 2 on
/// each axis, each padded (paddedTap) and read as 0 outside; the four rows
/// interpolated along x, then those along y, with cubicWeight. A grid
/// point that is not finite reads 0.
HostTensor gridSampleBicubic(GridSampleOp op, const HostTensor &x, const HostTensor &g,
                             HostTensor out) {
  int64_t n = x.shape()[0], c = x.shape()[1], h = x.shape()[2], w = x.shape()[3];
  int64_t ho = g.shape()[1], wo = g.shape()[2];
  bool ac = op.getAlignCorners();
  llvm::StringRef padding = op.getPaddingMode();
  for (int64_t b = 0; b < n; ++b)
    for (int64_t i = 0; i < ho; ++i)
      for (int64_t j = 0; j < wo; ++j) {
        int64_t gi = ((b * ho + i) * wo + j) * 2; // not clamped: each tap is padded
        double ix = unnormalizeGrid(loadAsDouble(g, gi), w, ac);
        double iy = unnormalizeGrid(loadAsDouble(g, gi + 1), h, ac);
        bool finite = std::isfinite(ix) && std::isfinite(iy);
        double x0 = finite ? std::floor(ix) : 0, y0 = finite ? std::floor(iy) : 0;
        double tx = finite ? ix - x0 : 0, ty = finite ? iy - y0 : 0;
        // Each tap's index, or -1 where it reads 0 (outside the image).
        int64_t xs[4], ys[4];
        for (int k = 0; k < 4; ++k) {
          double px = paddedTap(x0 - 1 + k, w, padding, ac), py = paddedTap(y0 - 1 + k, h, padding, ac);
          xs[k] = px >= 0 && px < w ? int64_t(px) : -1;
          ys[k] = py >= 0 && py < h ? int64_t(py) : -1;
        }
        for (int64_t ch = 0; ch < c; ++ch) {
          int64_t plane = (b * c + ch) * h * w;
          double v = 0;
          if (finite) {
            double rows[4];
            for (int r = 0; r < 4; ++r) {
              rows[r] = 0;
              for (int k = 0; k < 4; ++k)
                rows[r] += (ys[r] < 0 || xs[k] < 0 ? 0.0 : loadAsDouble(x, plane + ys[r] * w + xs[k])) *
                           cubicWeight(tx, k);
            }
            for (int r = 0; r < 4; ++r)
              v += rows[r] * cubicWeight(ty, r);
          }
          storeFromDouble(out, ((b * c + ch) * ho + i) * wo + j, v);
        }
      }
  return out;
}

/// The input index a nearest resize reads for output index `o`, in float32
/// as PyTorch's and PaddlePaddle's kernels compute it: floorf(o * step)
/// (a float product), or for nearest-exact floorf((o + 0.5) * step) (a
/// double product rounded to float); at most `in` - 1.
int64_t nearestSource(int64_t o, double step, int64_t in, bool exact) {
  float s = static_cast<float>(step);
  float pos = exact ? static_cast<float>((o + 0.5) * static_cast<double>(s))
                    : static_cast<float>(o) * s;
  return std::min<int64_t>(static_cast<int64_t>(std::floor(pos)), in - 1);
}

HostTensor resize(ResizeOp op, const HostTensor &x) {
  HostTensor out = makeResult(op);
  int64_t sp = x.rank() - 2, planes = x.shape()[0] * x.shape()[1];
  llvm::ArrayRef<int64_t> inS = x.shape().drop_front(2), outS = out.shape().drop_front(2);
  int64_t inPlane = 1, outPlane = 1;
  for (int64_t d : inS)
    inPlane *= d;
  for (int64_t d : outS)
    outPlane *= d;
  auto inStr = stridesOf(inS);
  llvm::StringRef mode = op.getMode();
  bool ac = op.getAlignCorners();
  llvm::SmallVector<double, 3> steps;
  // At the sizes run: a symbolic program's types hold its example's.
  for (int64_t d = 0; d < sp; ++d)
    steps.push_back(op.inputStep(d, inS[d], outS[d]));
  for (int64_t p = 0; p < planes; ++p)
    forEachIndex(outS, [&](int64_t lin, llvm::ArrayRef<int64_t> o) {
      double v = 0;
      if (mode.starts_with("nearest")) {
        int64_t off = 0;
        for (int64_t d = 0; d < sp; ++d)
          off += nearestSource(o[d], steps[d], inS[d], mode == "nearest-exact") * inStr[d];
        v = loadAsDouble(x, p * inPlane + off);
      } else {
        bool cubic = mode == "bicubic";
        int taps = cubic ? 4 : 2;
        llvm::SmallVector<int64_t, 3> base;
        llvm::SmallVector<double, 3> frac;
        for (int64_t d = 0; d < sp; ++d) {
          double s = sourceIndex(o[d], inS[d], outS[d], steps[d], ac, cubic);
          int64_t i0 = static_cast<int64_t>(std::floor(s));
          base.push_back(cubic ? i0 - 1 : std::min(i0, inS[d] - 1));
          frac.push_back(s - i0);
        }
        llvm::SmallVector<int64_t, 3> tapShape(sp, taps);
        forEachIndex(tapShape, [&](int64_t, llvm::ArrayRef<int64_t> t) {
          double w = 1;
          int64_t off = 0;
          for (int64_t d = 0; d < sp; ++d) {
            int64_t i = base[d] + t[d];
            if (cubic)
              w *= cubicWeight(frac[d], t[d]);
            else
              w *= t[d] ? frac[d] : 1 - frac[d];
            off += std::clamp<int64_t>(i, 0, inS[d] - 1) * inStr[d];
          }
          if (w != 0)
            v += w * loadAsDouble(x, p * inPlane + off);
        });
      }
      storeFromDouble(out, p * outPlane + lin, v);
    });
  return out;
}

} // namespace

std::optional<LogicalResult> mlir::gn::interp::runConvolution(Operation *op, Operands in,
                                                              Results &out, const HostTensor *dest,
                                                              ReorderedWeights *weights) {
  auto done = [&](HostTensor t) {
    out.push_back(std::move(t));
    return std::optional<LogicalResult>(success());
  };
  auto maybe = [&](FailureOr<HostTensor> t) -> std::optional<LogicalResult> {
    if (failed(t))
      return failure();
    out.push_back(std::move(*t));
    return success();
  };
  return llvm::TypeSwitch<Operation *, std::optional<LogicalResult>>(op)
      .Case([&](ConvOp c) {
        return maybe(convolution(op, in, c.getStride(), c.getPadding(), c.getDilation(),
                                 c.getGroups(), false, {}, dest, weights, c.getChannelsLast()));
      })
      .Case([&](ConvTransposeOp c) {
        return maybe(convolution(op, in, c.getStride(), c.getPadding(), c.getDilation(),
                                 c.getGroups(), true, c.getOutputPadding(), dest, weights,
                                 /*channelsLast=*/false));
      })
      .Case([&](MaxPoolOp p) {
        return done(pool(op, in[0], p.getKernel(), p.getStride(), p.getPadding(),
                         p.getDilation(), true, false, std::nullopt));
      })
      .Case([&](AvgPoolOp p) {
        std::optional<int64_t> div;
        if (p.getDivisorOverride())
          div = *p.getDivisorOverride();
        return done(pool(op, in[0], p.getKernel(), p.getStride(), p.getPadding(),
                         p.getDilation(), false, p.getCountIncludePad(), div));
      })
      .Case([&](AdaptiveAvgPoolOp) { return done(adaptivePool(op, in[0], false)); })
      .Case([&](AdaptiveMaxPoolOp) { return done(adaptivePool(op, in[0], true)); })
      .Case([&](ResizeOp r) { return done(resize(r, in[0])); })
      .Case([&](GridSampleOp g) { return done(gridSample(g, in[0], in[1])); })
      .Default([](Operation *) { return std::nullopt; });
}
