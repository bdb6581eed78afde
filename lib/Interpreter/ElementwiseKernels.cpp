//===- ElementwiseKernels.cpp - constants and elementwise maps ----------===//
#include "Kernels.h"
#include "gn/Support/RandomStream.h"
#include "gn/Support/RuntimeErrors.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/TypeSwitch.h"
#include <algorithm>
#include <cmath>
#include <cstring>

using namespace mlir;
using namespace mlir::gn;
using namespace mlir::gn::interp;

namespace {

/// Elementwise loops split across threads (OpenMP, the pool oneDNN uses)
/// above this many elements; below it the fork/join costs more than it saves.
constexpr int64_t kParallelThreshold = 1 << 15;

HostTensor constantValue(ConstantOp op) {
  HostTensor out = makeResult(op);
  auto attr = llvm::cast<DenseElementsAttr>(op.getValue());
  Type e = attr.getElementType();
  int64_t n = out.numel();
  if (llvm::isa<FloatType>(e)) {
    auto values = attr.getValues<APFloat>();
    if (attr.isSplat()) {
      if (n > 0) {
        storeFromDouble(out, 0, (*values.begin()).convertToDouble());
        fillWithFirst(out);
      }
    } else {
      int64_t i = 0;
      for (APFloat v : values)
        storeFromDouble(out, i++, v.convertToDouble());
    }
  } else {
    auto values = attr.getValues<APInt>();
    bool isUnsigned = e.isUnsignedInteger() || e.isInteger(1);
    auto get = [&](const APInt &v) {
      return isUnsigned ? static_cast<double>(v.getZExtValue())
                        : static_cast<double>(v.getSExtValue());
    };
    if (attr.isSplat()) {
      APInt v = *values.begin();
      // Integers wider than 2^53 would lose precision through double.
      if (out.dtype() == DType::I64) {
        std::fill_n(out.data<int64_t>(), n, v.getSExtValue());
      } else if (n > 0) {
        storeFromDouble(out, 0, get(v));
        fillWithFirst(out);
      }
    } else {
      int64_t i = 0;
      for (APInt v : values) {
        if (out.dtype() == DType::I64)
          out.data<int64_t>()[i++] = v.getSExtValue();
        else
          storeFromDouble(out, i++, get(v));
      }
    }
  }
  return out;
}

/// Applies `f` (on compute values) elementwise: out = f(in).
template <typename F> HostTensor mapUnary(Operation *op, const HostTensor &in, F &&f) {
  HostTensor out = makeResult(op);
  dispatch(in.dtype(), [&](auto tag) {
    using T = decltype(tag);
    using C = typename Elem<T>::C;
    const T *src = in.data<T>();
    T *dst = out.data<T>();
    // Integers compute in int64 (no small-type promotion surprises).
    using W = std::conditional_t<std::is_integral_v<C>, int64_t, C>;
    int64_t n = in.numel();
#pragma omp parallel for if (n > kParallelThreshold)
    for (int64_t i = 0; i < n; ++i)
      dst[i] = Elem<T>::store(static_cast<C>(f(static_cast<W>(Elem<T>::load(src[i])))));
  });
  return out;
}

template <typename C> C sigmoid(C x) { return C(1) / (C(1) + expRounded(-x)); }

/// tanh, f32 through f64 and rounded once: the correctly rounded tanh but
/// for near-ties, as the compiled kernels compute it (KernelsToLLVM's
/// rounded tanh). glibc's tanhf is up to 2.13 ulps off and misrounds 2.8%
/// of f32 inputs, which a deep graph amplifies.
template <typename C> C tanhRounded(C x) {
  if constexpr (std::is_same_v<C, float>)
    return float(std::tanh(double(x)));
  else
    return std::tanh(x);
}

/// Float math on the compute type, integers through the same code.
template <typename C> C geluExact(C x) {
  return C(0.5) * x * (C(1) + std::erf(x * C(0.70710678118654752440)));
}
template <typename C> C geluTanh(C x) {
  const C k = C(0.79788456080286535588); // sqrt(2 / pi)
  return C(0.5) * x * (C(1) + tanhRounded(k * (x + C(0.044715) * x * x * x)));
}

/// -v; an integer's wraps as the compiled kernels' does (-INT64_MIN is
/// INT64_MIN; negating it in C++ is undefined: found by the importer's
/// fuzzer folding a Paddle scale of int64 topk indices).
template <typename C> C negateWrapping(C v) {
  if constexpr (std::is_integral_v<C>)
    return C(std::make_unsigned_t<C>(0) - std::make_unsigned_t<C>(v));
  else
    return -v;
}

std::optional<HostTensor> unary(Operation *op, const HostTensor &x) {
  auto f = [&](auto fn) { return mapUnary(op, x, fn); };
  return llvm::TypeSwitch<Operation *, std::optional<HostTensor>>(op)
      .Case([&](NegOp) { return f([](auto v) { return negateWrapping(v); }); })
      .Case([&](AbsOp) {
        return f([](auto v) {
          if constexpr (std::is_floating_point_v<decltype(v)>)
            return std::fabs(v); // |-0.0| is +0.0 (v < 0 ? -v : v kept -0.0)
          else
            return v < 0 ? negateWrapping(v) : v;
        });
      })
      .Case([&](ExpOp) { return f([](auto v) { return expRounded(v); }); })
      .Case([&](LogOp) { return f([](auto v) { return std::log(v); }); })
      .Case([&](Log1pOp) { return f([](auto v) { return std::log1p(v); }); })
      .Case([&](SqrtOp) { return f([](auto v) { return std::sqrt(v); }); })
      .Case([&](RsqrtOp) { return f([](auto v) { return decltype(v)(1) / std::sqrt(v); }); })
      .Case([&](SinOp) { return f([](auto v) { return std::sin(v); }); })
      .Case([&](CosOp) { return f([](auto v) { return std::cos(v); }); })
      .Case([&](TanhOp) { return f([](auto v) { return tanhRounded(v); }); })
      .Case([&](ErfOp) { return f([](auto v) { return std::erf(v); }); })
      .Case([&](FloorOp) { return f([](auto v) { return std::floor(v); }); })
      .Case([&](CeilOp) { return f([](auto v) { return std::ceil(v); }); })
      .Case([&](RoundOp) { return f([](auto v) { return std::nearbyint(v); }); })
      .Case([&](TruncOp) { return f([](auto v) { return std::trunc(v); }); })
      .Case([&](SignOp) {
        return f([](auto v) { return decltype(v)((v > 0) - (v < 0)); });
      })
      .Case([&](ReciprocalOp) { return f([](auto v) { return decltype(v)(1) / v; }); })
      .Case([&](NotOp) {
        if (x.dtype() == DType::I1)
          return f([](auto v) { return decltype(v)(!v); });
        return f([](auto v) {
          if constexpr (std::is_integral_v<decltype(v)>)
            return decltype(v)(~v);
          else
            return v;
        });
      })
      .Case([&](SigmoidOp) { return f([](auto v) { return sigmoid(v); }); })
      // NaN stays NaN (as in PyTorch, PaddlePaddle and the compiled kernels).
      .Case([&](ReluOp) { return f([](auto v) { return v < 0 ? decltype(v)(0) : v; }); })
      .Case([&](SiluOp) { return f([](auto v) { return v * sigmoid(v); }); })
      .Case([&](MishOp) {
        return f([](auto v) {
          using C = decltype(v);
          C sp = v > C(20) ? v : std::log1p(expRounded(v));
          return v * tanhRounded(sp);
        });
      })
      .Case([&](HardswishOp) {
        return f([](auto v) {
          using C = decltype(v);
          return v * std::min(std::max(v + C(3), C(0)), C(6)) / C(6);
        });
      })
      .Case([&](HardsigmoidOp) {
        return f([](auto v) {
          using C = decltype(v);
          return std::min(std::max(v + C(3), C(0)), C(6)) / C(6);
        });
      })
      .Case([&](GeluOp g) {
        if (g.getApproximate() == "tanh")
          return f([](auto v) { return geluTanh(v); });
        return f([](auto v) { return geluExact(v); });
      })
      .Case([&](LeakyReluOp l) {
        double s = l.getNegativeSlope().convertToDouble();
        return f([s](auto v) { return v >= 0 ? v : decltype(v)(s) * v; });
      })
      .Case([&](EluOp e) {
        double a = e.getAlpha().convertToDouble();
        return f([a](auto v) {
          using C = decltype(v);
          return v > 0 ? v : C(a) * (expRounded(v) - C(1));
        });
      })
      .Case([&](SoftplusOp s) {
        double beta = s.getBeta().convertToDouble(), th = s.getThreshold().convertToDouble();
        return f([beta, th](auto v) {
          using C = decltype(v);
          C bx = C(beta) * v;
          return bx > C(th) ? v : std::log1p(expRounded(bx)) / C(beta);
        });
      })
      .Case([&](ClampOp c) {
        std::optional<double> lo, hi;
        if (c.getMin())
          lo = c.getMin()->convertToDouble();
        if (c.getMax())
          hi = c.getMax()->convertToDouble();
        return f([lo, hi](auto v) {
          using C = decltype(v);
          // torch.clamp propagates NaN.
          if constexpr (!std::is_integral_v<C>)
            if (std::isnan(v))
              return v;
          if (lo && v < C(*lo))
            v = C(*lo);
          if (hi && v > C(*hi))
            v = C(*hi);
          return v;
        });
      })
      .Default([](Operation *) { return std::nullopt; });
}

/// out = f(a, b) with numpy broadcasting; operands share a dtype.
template <typename Out, typename F>
void broadcastBinary(const HostTensor &a, const HostTensor &b, HostTensor &out, F &&f) {
  dispatch(a.dtype(), [&](auto tag) {
    using T = decltype(tag);
    using C = typename Elem<T>::C;
    using W = std::conditional_t<std::is_integral_v<C>, int64_t, C>;
    const T *pa = a.data<T>(), *pb = b.data<T>();
    auto load = [](T v) { return static_cast<W>(Elem<T>::load(v)); };
    auto store = [&](int64_t i, auto v) {
      if constexpr (std::is_same_v<Out, void>)
        out.data<T>()[i] = Elem<T>::store(static_cast<typename Elem<T>::C>(v));
      else
        out.data<Out>()[i] = static_cast<Out>(v);
    };
    int64_t n = out.numel();
    if (a.shape() == out.shape() && b.shape() == out.shape()) {
#pragma omp parallel for if (n > kParallelThreshold)
      for (int64_t i = 0; i < n; ++i)
        store(i, f(load(pa[i]), load(pb[i])));
      return;
    }
    if (a.shape() == out.shape() && b.numel() == 1) {
      auto vb = load(pb[0]);
#pragma omp parallel for if (n > kParallelThreshold)
      for (int64_t i = 0; i < n; ++i)
        store(i, f(load(pa[i]), vb));
      return;
    }
    if (b.shape() == out.shape() && a.numel() == 1) {
      auto va = load(pa[0]);
#pragma omp parallel for if (n > kParallelThreshold)
      for (int64_t i = 0; i < n; ++i)
        store(i, f(va, load(pb[i])));
      return;
    }
    // Rows of the innermost dim, each a tight loop with the operands'
    // inner strides (0 when broadcast).
    auto sa = broadcastStrides(a.shape(), out.shape());
    auto sb = broadcastStrides(b.shape(), out.shape());
    int64_t rank = out.rank(), inner = rank ? out.shape().back() : 1;
    int64_t sai = rank ? sa.back() : 0, sbi = rank ? sb.back() : 0;
    forEachRow<2>(out.shape(), {sa, sb}, [&](int64_t r, std::array<int64_t, 2> off) {
      for (int64_t j = 0, base = r * inner; j < inner; ++j)
        store(base + j, f(load(pa[off[0] + j * sai]), load(pb[off[1] + j * sbi])));
    });
  });
}

// Integer arithmetic wraps (two's complement), as the compiled kernels'
// LLVM add/sub/mul do and as torch's and Paddle's CPU kernels do in
// practice; C++'s signed overflow is undefined (found by gn-fuzz-sample on
// sizes saturated to INT64_MAX). The minimum divided by -1 wraps to itself
// instead of trapping.
template <typename C> C wrapAdd(C a, C b) {
  if constexpr (std::is_integral_v<C> && !std::is_same_v<C, bool>)
    return C(std::make_unsigned_t<C>(a) + std::make_unsigned_t<C>(b));
  else
    return a + b;
}
template <typename C> C wrapSub(C a, C b) {
  if constexpr (std::is_integral_v<C> && !std::is_same_v<C, bool>)
    return C(std::make_unsigned_t<C>(a) - std::make_unsigned_t<C>(b));
  else
    return a - b;
}
template <typename C> C wrapMul(C a, C b) {
  if constexpr (std::is_integral_v<C> && !std::is_same_v<C, bool>)
    return C(std::make_unsigned_t<C>(a) * std::make_unsigned_t<C>(b));
  else
    return a * b;
}
template <typename C> C truncDiv(C a, C b) {
  if constexpr (std::is_integral_v<C>) {
    if (b == 0) // an error before it gets here (hasIntegerZero); never UB
      return 0;
    if constexpr (std::is_signed_v<C>)
      if (b == -1)
        return wrapSub(C(0), a);
    return C(a / b);
  } else {
    return a / b;
  }
}

template <typename C> C floorDiv(C a, C b) {
  if constexpr (std::is_integral_v<C>) {
    C q = truncDiv(a, b); // x / -1 wraps (no step down)
    if constexpr (std::is_signed_v<C>)
      if (b != 0 && b != -1 && a % b != 0 && ((a < 0) != (b < 0)))
        --q;
    return q;
  } else {
    // Python's a // b, as PyTorch and PaddlePaddle compute it: from the
    // exact fmod, where floor(a / b) would round the quotient first (1.0f //
    // 0.1f is 9: 0.1f is above a tenth, but 1.0f / 0.1f rounds to 10);
    // inf // b is NaN and -1 // inf is -1, as Python's.
    if (b == 0)
      return a / b;
    C mod = std::fmod(a, b);
    C div = (a - mod) / b;
    if (mod != 0 && ((b < 0) != (mod < 0)))
      div -= 1;
    if (div == 0)
      return std::copysign(C(0), a / b);
    C whole = std::floor(div);
    if (div - whole > C(0.5))
      whole += 1;
    return whole;
  }
}

template <typename C> C pyRem(C a, C b) {
  if constexpr (std::is_integral_v<C>) {
    if (b == 0)
      return 0;
    if constexpr (std::is_signed_v<C>)
      if (b == -1)
        return 0;
    C r = a % b;
    if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
    return r;
  } else {
    C r = std::fmod(a, b);
    if (r != 0 && ((r < 0) != (b < 0)))
      r += b;
    return r;
  }
}

/// Whether an integer (or bool) tensor holds a zero: an element whose bytes
/// are all 0. An integer x / 0, x // 0 or x % 0 raises in PyTorch and
/// PaddlePaddle, so it is an error here (and in compiled kernels:
/// kDivisionByZeroCallback), never a value.
bool hasIntegerZero(const HostTensor &t) {
  if (isFloat(t.dtype()))
    return false;
  size_t width = sizeOf(t.dtype());
  const uint8_t *p = t.bytes();
  for (int64_t i = 0; i < t.numel(); ++i, p += width)
    if (std::all_of(p, p + width, [](uint8_t byte) { return byte == 0; }))
      return true;
  return false;
}

std::optional<HostTensor> binary(Operation *op, const HostTensor &a, const HostTensor &b) {
  HostTensor out = makeResult(op);
  auto arith = [&](auto fn) {
    broadcastBinary<void>(a, b, out, fn);
    return std::optional<HostTensor>(out);
  };
  auto cmp = [&](auto fn) {
    broadcastBinary<bool>(a, b, out, fn);
    return std::optional<HostTensor>(out);
  };
  return llvm::TypeSwitch<Operation *, std::optional<HostTensor>>(op)
      .Case([&](AddOp) { return arith([](auto x, auto y) { return wrapAdd(x, y); }); })
      .Case([&](SubOp) { return arith([](auto x, auto y) { return wrapSub(x, y); }); })
      .Case([&](MulOp) {
        if (a.dtype() == DType::I1)
          return arith([](auto x, auto y) { return x && y; });
        return arith([](auto x, auto y) { return wrapMul(x, y); });
      })
      .Case([&](DivOp) { return arith([](auto x, auto y) { return truncDiv(x, y); }); })
      .Case([&](FloorDivOp) { return arith([](auto x, auto y) { return floorDiv(x, y); }); })
      .Case([&](RemOp) { return arith([](auto x, auto y) { return pyRem(x, y); }); })
      .Case([&](PowOp) {
        return arith([](auto x, auto y) {
          using C = decltype(x);
          if constexpr (std::is_same_v<C, bool>) {
            return y ? x : true;
          } else if constexpr (std::is_integral_v<C>) {
            if (y < 0) // 1 / x^-y truncated: 1, (-1)^y, else 0 (as torch)
              return C(x == 1 ? 1 : x == C(-1) ? (y % 2 ? -1 : 1) : 0);
            // Square and multiply, wrapping at the width (a loop of y
            // multiplies took minutes for a large y).
            using U = std::make_unsigned_t<C>;
            U r = 1, square = U(x);
            for (U e = U(y); e; e >>= 1) {
              if (e & 1) // in uint64_t: no int promotion to overflow
                r = U(uint64_t(r) * uint64_t(square));
              square = U(uint64_t(square) * uint64_t(square));
            }
            return C(r);
          } else {
            return std::pow(x, y);
          }
        });
      })
      .Case([&](MaximumOp) {
        return arith([](auto x, auto y) {
          if constexpr (!std::is_integral_v<decltype(x)>)
            if (std::isnan(x) || std::isnan(y))
              return x + y;
          return x > y ? x : y;
        });
      })
      .Case([&](MinimumOp) {
        return arith([](auto x, auto y) {
          if constexpr (!std::is_integral_v<decltype(x)>)
            if (std::isnan(x) || std::isnan(y))
              return x + y;
          return x < y ? x : y;
        });
      })
      .Case([&](Atan2Op) {
        return arith([](auto x, auto y) {
          return decltype(x)(std::atan2(double(x), double(y)));
        });
      })
      .Case([&](AndOp) {
        return arith([](auto x, auto y) {
          if constexpr (std::is_integral_v<decltype(x)>)
            return decltype(x)(x & y);
          else
            return x;
        });
      })
      .Case([&](OrOp) {
        return arith([](auto x, auto y) {
          if constexpr (std::is_integral_v<decltype(x)>)
            return decltype(x)(x | y);
          else
            return x;
        });
      })
      .Case([&](XorOp) {
        return arith([](auto x, auto y) {
          if constexpr (std::is_integral_v<decltype(x)>)
            return decltype(x)(x ^ y);
          else
            return x;
        });
      })
      .Case([&](EqOp) { return cmp([](auto x, auto y) { return x == y; }); })
      .Case([&](NeOp) { return cmp([](auto x, auto y) { return x != y; }); })
      .Case([&](LtOp) { return cmp([](auto x, auto y) { return x < y; }); })
      .Case([&](LeOp) { return cmp([](auto x, auto y) { return x <= y; }); })
      .Case([&](GtOp) { return cmp([](auto x, auto y) { return x > y; }); })
      .Case([&](GeOp) { return cmp([](auto x, auto y) { return x >= y; }); })
      .Default([](Operation *) { return std::nullopt; });
}

template <typename T>
void whereTyped(const HostTensor &c, const T *pa, const T *pb, T *po, llvm::ArrayRef<int64_t> shape,
                llvm::ArrayRef<int64_t> sc, llvm::ArrayRef<int64_t> sa,
                llvm::ArrayRef<int64_t> sb) {
  const uint8_t *pc = c.bytes();
  int64_t rank = shape.size(), inner = rank ? shape.back() : 1;
  int64_t sci = rank ? sc.back() : 0, sai = rank ? sa.back() : 0, sbi = rank ? sb.back() : 0;
  forEachRow<3>(shape, {sc, sa, sb}, [&](int64_t r, std::array<int64_t, 3> off) {
    for (int64_t j = 0, base = r * inner; j < inner; ++j)
      po[base + j] = pc[off[0] + j * sci] ? pa[off[1] + j * sai] : pb[off[2] + j * sbi];
  });
}

HostTensor where(Operation *op, const HostTensor &c, const HostTensor &a, const HostTensor &b) {
  HostTensor out = makeResult(op);
  auto sc = broadcastStrides(c.shape(), out.shape());
  auto sa = broadcastStrides(a.shape(), out.shape());
  auto sb = broadcastStrides(b.shape(), out.shape());
  auto run = [&](auto tag) {
    using T = decltype(tag);
    whereTyped<T>(c, a.data<T>(), b.data<T>(), out.data<T>(), out.shape(), sc, sa, sb);
  };
  switch (sizeOf(out.dtype())) {
  case 1:
    run(uint8_t{});
    break;
  case 2:
    run(uint16_t{});
    break;
  case 4:
    run(uint32_t{});
    break;
  default:
    run(uint64_t{});
    break;
  }
  return out;
}

HostTensor arange(ArangeOp op) {
  HostTensor out = makeResult(op);
  double start = op.getStart().convertToDouble(), step = op.getStep().convertToDouble();
  for (int64_t i = 0; i < out.numel(); ++i)
    storeFromDouble(out, i, start + step * static_cast<double>(i));
  return out;
}

HostTensor randomValues(RandomOp op) {
  // gn's counter-based stream: compiled kernels draw the same values.
  HostTensor out = makeResult(op);
  uint64_t base = random::streamBase(op.getSeed());
  bool isNormal = op.getDistribution() == "normal", isEmpty = op.getDistribution() == "empty";
  auto floatType = llvm::dyn_cast<FloatType>(op.getType().getElementType());
  unsigned significand = floatType ? floatType.getFPMantissaWidth() : 53;
  for (int64_t i = 0; i < out.numel(); ++i)
    storeFromDouble(out, i,
                    isEmpty    ? 0
                    : isNormal ? random::normal(base, i)
                               : random::uniform(base, i, significand));
  return out;
}

} // namespace

std::optional<LogicalResult> mlir::gn::interp::runElementwise(Operation *op, Operands in, Results &out) {
  if (auto c = dyn_cast<ConstantOp>(op)) {
    out.push_back(constantValue(c));
    return success();
  }
  if (auto a = dyn_cast<ArangeOp>(op)) {
    out.push_back(arange(a));
    return success();
  }
  if (auto r = dyn_cast<RandomOp>(op)) {
    out.push_back(randomValues(r));
    return success();
  }
  if (isa<ConvertOp>(op)) {
    out.push_back(convertTo(in[0], resultDType(op)));
    return success();
  }
  if (isa<WhereOp>(op)) {
    out.push_back(where(op, in[0], in[1], in[2]));
    return success();
  }
  if (in.size() == 1) {
    if (auto r = unary(op, in[0])) {
      out.push_back(std::move(*r));
      return success();
    }
  }
  // A broadcast with an empty operand divides nothing.
  if (isa<DivOp, FloorDivOp, RemOp>(op) && in[0].numel() > 0 && hasIntegerZero(in[1]))
    return op->emitError() << kDivisionByZeroMessage;
  if (in.size() == 2) {
    if (auto r = binary(op, in[0], in[1])) {
      out.push_back(std::move(*r));
      return success();
    }
  }
  return std::nullopt;
}
