#!/usr/bin/env python3
"""torch.compile(fn, backend="gn", fullgraph=True) on IEEE special values and
extremes, against eager PyTorch on the same inputs: NaN (where it must
propagate: maximum, clamp, max_pool, argmax, sort, topk; where it must not:
fmax, nansum, nan_to_num), +-inf (softmax rows holding inf or only -inf,
logsumexp, exp overflow, tanh / sigmoid / gelu saturation), -0.0, subnormals,
values near float32's limits, float16 overflow on a cast, integer wrap-around.
Left out on purpose, where eager's float32 value is an artifact of its own
overflow and gn's differs: a variance whose squares pass float32's range
(|x - mean| > 1.8e19: eager's CPU accumulates in float64, so its std stays
finite where gn's is inf, and its layer_norm gives NaN where gn's gives 0).
This is where a compiler's fast paths (a max written as a compare-select, a
tanh or sigmoid from exp, a reduction's identity element, a softmax that
subtracts the row max) give silent wrong results.

Each case runs in gn's CPU program and, with --forms, also in the CUDA
kernels' forms on the CPU (the kernels gn emits for CUDA, compiled for the
host). A case holds when the results have eager's shape and dtype, NaN at
the same places, infinities equal and the rest within t (atol = rtol =
10^t). Prints each case that does not hold and "N / M hold" per form; exits
1 when any does not. Run with the PyTorch venv and gn's Python module:

    PYTHONPATH=build/python scripts/torch-env.sh python conformance/check_torch_special_values.py [--forms] [--dtypes float32,float16,bfloat16]
"""
import argparse
import functools
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                                "python"))
import gn.torch_backend  # noqa: E402  (registers "gn")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conformance import flatten, run_cases  # noqa: E402

F = torch.nn.functional
INF, NAN = float("inf"), float("nan")
# The pipeline options that compile the CUDA kernels' forms for the host.
CUDA_FORMS = ("parallel-copy-loops=true attention-kernels=true band-gemms=true "
              "merge-launches=true depthwise-kernels=true rank-kernels=true")

# s: every special value once, in a [4, 6] tensor; r: rows that each hold
# one kind (finite, +inf, all -inf, NaN); b: large finite magnitudes.
SPECIAL = [NAN, INF, -INF, -0.0, 0.0, 1e-40, -1e-40, 1e30, -1e30, 88.8, -88.8, 100.0,
           -100.0, 1e4, -1e4, 0.5, -0.5, 1.5, 2.5, -2.5, 3.4e38, -3.4e38, 1.0, -1.0]
ARGS = {
    "s": torch.tensor(SPECIAL).reshape(4, 6),
    "r": torch.tensor([[1.0, 2.0, 3.0, -1.0, 0.5, 0.0],
                       [1.0, INF, 3.0, -1.0, 0.5, 0.0],
                       [-INF, -INF, -INF, -INF, -INF, -INF],
                       [1.0, NAN, 3.0, -1.0, 0.5, 0.0]]),
    "b": torch.tensor([[30.0, -30.0, 50.0, -50.0, 1e3, -1e3],
                       [1e5, -1e5, 1e10, -1e10, 1e20, -1e20],
                       [60.0, -60.0, 90.0, -90.0, 9.0, -9.0],
                       [15.0, -15.0, 20.0, -20.0, 45.0, -45.0]]),
    "n": torch.tensor([[1.0, NAN, -2.0], [NAN, NAN, NAN], [3.0, 0.0, NAN], [-1.0, -4.0, 2.0]]),
    "i": torch.tensor([[2147483647, -2147483648, 7, -7], [100000, 100000, 0, -1]],
                      dtype=torch.int32),
    "img": torch.tensor([[[[1.0, NAN, 2.0, 3.0], [0.0, 1.0, INF, 4.0],
                           [-INF, 5.0, 6.0, 7.0], [8.0, 9.0, 10.0, -0.0]]]]),
}
ARGS["s2"] = ARGS["s"].flip(1)

UNARY = ["relu", "gelu", "silu", "sigmoid", "tanh", "softplus", "elu", "selu", "celu",
         "leaky_relu", "hardswish", "hardsigmoid", "mish", "logsigmoid", "softsign",
         "tanhshrink", "relu6", "hardtanh", "softshrink", "hardshrink"]
TORCH_UNARY = ["exp", "expm1", "exp2", "log", "log1p", "log2", "sqrt", "rsqrt", "reciprocal",
               "abs", "neg", "sign", "sgn", "floor", "ceil", "round", "trunc", "frac", "sin",
               "cos", "tan", "erf", "erfc", "atan", "asin", "acos", "sinh", "cosh", "asinh",
               "acosh", "atanh", "square", "isnan", "isinf", "isfinite", "isposinf",
               "isneginf", "signbit", "nan_to_num", "sigmoid", "tanh", "lgamma", "digamma",
               "erfinv", "logit", "positive", "deg2rad", "rad2deg"]

CASES = {}


def unary(fn):
    return lambda s: fn(s)


CASES.update({f"F.{n}": unary(getattr(F, n)) for n in UNARY})
CASES.update({f"torch.{n}": unary(getattr(torch, n)) for n in TORCH_UNARY})
# The sign bit of a NaN is not one of its values (x86 makes 0 / 0 negative).
CASES["torch.signbit"] = lambda s: torch.signbit(torch.nan_to_num(s, nan=1.0))
CASES.update({
    "gelu tanh": lambda s: F.gelu(s, approximate="tanh"),
    "softplus beta threshold": lambda s: F.softplus(s, beta=2, threshold=5),
    "large gelu tanh": lambda b: F.gelu(b, approximate="tanh"),
    "large tanh sigmoid silu": lambda b: (torch.tanh(b), torch.sigmoid(b), F.silu(b)),
    "large mish softplus": lambda b: (F.mish(b), F.softplus(b), F.logsigmoid(b)),
    "large exp log": lambda b: (torch.exp(b), torch.log(b.abs())),
    "clamp": lambda s: torch.clamp(s, -1, 1),
    "clamp_min": lambda s: torch.clamp_min(s, 0.0),
    "clamp tensor": lambda s, s2: torch.clamp(s, min=s2),
    "maximum minimum": lambda s, s2: (torch.maximum(s, s2), torch.minimum(s, s2)),
    "fmax fmin": lambda s, s2: (torch.fmax(s, s2), torch.fmin(s, s2)),
    "max other": lambda s, s2: torch.max(s, s2),
    "add sub mul div": lambda s, s2: (s + s2, s - s2, s * s2, s / s2),
    "x * 0": lambda s: s * 0,
    "div by zero": lambda s: s / torch.zeros_like(s),
    "atan2": lambda s, s2: torch.atan2(s, s2),
    "pow tensor": lambda s, s2: torch.pow(s.abs(), s2),
    # Not (-inf) ** 0.5: eager gives NaN in float32 and bfloat16 (sqrt) and
    # +inf in float16 (pow); gn gives NaN (sqrt) in each.
    "pow 2 0.5 -1 0": lambda s: (lambda t: (s ** 2, t ** 0.5, s ** -1, s ** 0))(
        torch.where(s == -INF, 0.0, s)),
    # Not by subnormals: eager's vectorized fmod flushes them (NaN for
    # fmod(100, -1e-40), whose value is finite).
    "fmod remainder": lambda s, s2: (lambda d: (torch.fmod(s, d), torch.remainder(s, d)))(
        torch.where((s2 != 0) & (s2.abs() < 1e-38), 3.0, s2)),
    "fmod large quotient": lambda b: (torch.fmod(b, 0.7), torch.fmod(b, -3.0)),
    "remainder scalar": lambda b: (torch.remainder(b, 0.7), b % -3.0, torch.remainder(b, 1e-3)),
    "hypot copysign": lambda s, s2: (torch.hypot(s, s2), torch.copysign(s, s2)),
    "xlogy": lambda s, s2: torch.xlogy(s, s2.abs()),
    "where": lambda s, s2: torch.where(s > s2, s, s2),
    "eq ne lt ge": lambda s, s2: (s == s2, s != s2, s < s2, s >= s2),
    "logaddexp": lambda s, s2: torch.logaddexp(s, s2),
    "amax amin": lambda s: (s.amax(1), s.amin(0)),
    "max min dim": lambda n: (n.max(1), n.min(0)),
    "max min all": lambda r: (r.max(), r.min()),
    "argmax argmin": lambda n: (n.argmax(1), n.argmin(0)),
    "argmax row inf": lambda r: r.argmax(1),
    "sum mean prod": lambda r: (r.sum(1), r.mean(0), r.prod(1)),
    # Not b's 1e20 row: its sum cancels to 0, which eager's order loses.
    "sum mean prod large": lambda b: (b[[0, 2, 3]].sum(1), b.mean(0), b.prod(1)),
    "nansum nanmean": lambda n: (n.nansum(1), n.nanmean(0)),
    "var std": lambda s: (lambda c: (c.var(1), c.std(0)))(s.clamp(-1e4, 1e4)),
    "var std rows": lambda r: (r.var(1), r.std(1), r.var(0)),
    "norm": lambda s: (torch.linalg.vector_norm(s, dim=1), torch.linalg.vector_norm(s, INF, dim=0)),
    "cumsum cumprod": lambda r: (r.cumsum(1), r.cumprod(1)),
    "cummax cummin": lambda n: (torch.cummax(n, 1), torch.cummin(n, 0)),
    "logcumsumexp": lambda r: torch.logcumsumexp(r, 1),
    "softmax rows": lambda r: r.softmax(1),
    "softmax cols": lambda r: r.softmax(0),
    "log_softmax rows": lambda r: r.log_softmax(1),
    "softmax large": lambda b: b.softmax(1),
    "logsumexp rows": lambda r: r.logsumexp(1),
    "logsumexp large": lambda b: b.logsumexp(1),
    "sort nan": lambda n: torch.sort(n, 1),
    "sort nan desc": lambda n: torch.sort(n, 0, descending=True),
    # + 0.0: -0.0 and 0.0 tie, and an unstable sort may order them either way.
    "sort special": lambda s: torch.sort(s.flatten()).values + 0.0,
    "topk nan": lambda n: torch.topk(n, 2, 1),
    "topk special": lambda s: torch.topk(s.flatten(), 5).values,
    "median nanmedian": lambda n: (torch.median(n, 1).values, torch.nanmedian(n, 1).values),
    "max_pool2d": lambda img: F.max_pool2d(img, 2),
    "max_pool2d stride1": lambda img: F.max_pool2d(img, 2, 1),
    "avg_pool2d": lambda img: F.avg_pool2d(img, 2),
    "adaptive_max_pool2d": lambda img: F.adaptive_max_pool2d(img, 1),
    "layer_norm large": lambda b: F.layer_norm(b[[0, 2, 3]], (6,)),
    "layer_norm special": lambda s: F.layer_norm(s[[0, 2]], (6,)),
    "layer_norm rows": lambda r: F.layer_norm(r, (6,)),
    # float32 only in effect: eager's float16 / bfloat16 eps of 1e-12 rounds
    # to 0 there, and 0 / 0 gives NaN where gn's f32 eps gives 0.
    "normalize zero row": lambda r: F.normalize((r * 0).float(), dim=1),
    "rms norm eps": lambda b: b * torch.rsqrt(b.pow(2).mean(-1, keepdim=True) + 1e-6),
    "relu grad-free max": lambda s: torch.max(s, torch.zeros_like(s)),
    "matmul inf": lambda r: r[:2, :] @ r[:2, :].t(),
    "sdpa masked row": lambda b: F.scaled_dot_product_attention(
        b[None, None, :, :4] * 0.01, b[None, None, :, :4] * 0.01, b[None, None, :, :4],
        attn_mask=torch.tensor([[True, False, True, True]] * 4)),
    "to float16": lambda b: b.half(),
    "to bfloat16": lambda b: b.bfloat16(),
    "float16 exp": lambda b: (b * 0.1).half().exp(),
    "float16 softmax": lambda b: b.half().softmax(1),
    "to bool": lambda s: s.bool(),
    "int32 add mul wrap": lambda i: (i + 1, i * 3, i - 1),
    "int32 sum": lambda i: i.sum(1, dtype=torch.int32),
    "int32 abs neg": lambda i: (i.abs(), -i),
    "int floor_divide": lambda i: torch.floor_divide(i, 7),
    "int remainder neg": lambda i: torch.remainder(i, -7),
    "int to float": lambda i: i.float(),
    "int64 large": lambda i: i.long() * 4294967296,
    "min dtype masked_fill": lambda r: r.masked_fill(r < 0.6, torch.finfo(r.dtype).min).softmax(1),
    # i0 below 80: eager's i0 overflows from e^x near 88.7, where the true
    # value (1.6e37 at 88.8) is still finite.
    "i0 special": lambda s: torch.i0(s.clamp(-80, 80)),
    "neg zero": lambda s: (s * -1.0, torch.signbit(s * -1.0), 1.0 / (s * -1.0)),
})

# Integers at their limits and dtype promotion, once per form (their inputs
# keep their dtypes): int64 past 2^53 exact through constants, fills,
# clamps and comparisons; int8 / uint8 / int16 / int32 wrap-around; sums of
# ints and bools in int64; promotion with 0-d tensors and Python numbers.
# Float -> int past the type's range, NaN and Inf: as eager's CPU kernels,
# through int32 (int64 for int64 and uint8) then wrapped. Left out: a float32
# mean whose sum cancels (eager's order loses digits gn keeps).
INT_ARGS = {"i32": torch.tensor([[2147483000, -5, 7, 0], [3, -2147483000, 100000, 9]], dtype=torch.int32),
     "i64": torch.tensor([2**60 + 1, -2**62, 3, 2**53 + 1], dtype=torch.int64),
     "i8": torch.tensor([-128, 127, 5, -3], dtype=torch.int8),
     "u8": torch.tensor([0, 255, 1, 128], dtype=torch.uint8),
     "i16": torch.tensor([300, -300, 32767, -32768], dtype=torch.int16),
     "bo": torch.tensor([True, False, True, True]),
     "h": torch.tensor([1.5, -2.25, 60000.0, 0.1], dtype=torch.float16),
     "bf": torch.tensor([1.5, -2.25, 3e38, 0.1], dtype=torch.bfloat16),
     "f": torch.tensor([1.5, -2.7, 300.9, -0.5]),
     "d": torch.tensor([1.5, -2.7, 1e300, 0.1], dtype=torch.float64),
     "z": torch.tensor(2.5), "zi": torch.tensor(3), "zd": torch.tensor(2.5, dtype=torch.float64),
}
INTEGERS = {
    "sum int32 -> int64": lambda i32: (i32.sum(), i32.sum(1), i32.cumsum(1), i32.prod(1)),
    "sum bool": lambda bo: (bo.sum(), bo.cumsum(0), bo.prod()),
    "int64 exact": lambda i64: (i64 * 3 + 1, i64 // 7, i64 % 1000, i64 - 1, i64.max(), i64.argmax()),
    "int64 compare float": lambda i64: (i64 == 2**53 + 1, i64 > 1.5, i64 + 0.5),
    "int64 to float": lambda i64: (i64.float(), i64.double()),
    "int8 wrap": lambda i8: (i8 + 1, i8 * 2, -i8, i8.abs(), i8 - 1),
    "uint8 wrap": lambda u8: (u8 + 1, u8 - 2, u8 * 2, u8 // 3),
    "int16": lambda i16: (i16 + 1, i16 * 2, i16.sum(), i16.float()),
    "mixed ints": lambda i8, i16, u8: (i8 + i16, i8 + u8, u8 + i16, i8 * u8),
    "int / int": lambda i32: (i32 / 7, torch.true_divide(i32, 3)),
    "div floor float": lambda f: (torch.div(f, 0.7, rounding_mode="floor"), f // 0.7, torch.div(f, -0.7, rounding_mode="trunc")),
    "div floor int neg": lambda i32: (torch.div(i32, -3, rounding_mode="floor"), i32 // -3, i32 % -3),
    "float to uint8": lambda f: f.abs().clamp(max=255).to(torch.uint8),
    "float to ints past range": lambda f, d: (f.to(torch.int8), (-f).to(torch.uint8), d.int(),
                                              d.long(), (f * 1e4).short(), d.to(torch.uint8)),
    "float NaN / Inf to ints": lambda f: tuple((f / (f - f)).to(t) for t in (
        torch.int64, torch.int32, torch.int16, torch.int8, torch.uint8)),
    "f16 + 0d f32": lambda h, z: h + z,
    "f16 + 0d f64": lambda h, zd: h * zd,
    "int + 0d float": lambda i32, z: i32 + z,
    "int + float scalar": lambda i32: i32 * 1.5,
    "bool + int": lambda bo, i8: bo + i8,
    "bool * float": lambda bo, f: bo * f,
    "f16 + bf16": lambda h, bf: h + bf,
    "f32 + f64 0d": lambda f, zd: f + zd,
    "f32 + f64": lambda f, d: f + d,
    "int 0d + int8": lambda zi, i8: zi + i8,
    "f16 sum": lambda h: (h.sum(), h.mean(), h.cumsum(0)),
    "bf16 ops": lambda bf: (bf * 2, bf.sum(), bf.float()),
    "double exp": lambda d: (d.exp(), d.log(), d.sqrt(), d * 1e-300),
    "where promote": lambda bo, i8, f: (torch.where(bo, i8, f), torch.where(bo, i8, 2.5), torch.where(bo, 1, 0)),
    "clamp int float bound": lambda i32: (i32.clamp(min=0.5), i32.clamp(-3, 3)),
    "pow int neg": lambda i8: (i8.abs().clamp(max=3) ** 2, torch.pow(2, i8.clamp(0, 6))),
    "bitwise": lambda i32, u8: (i32 & 0xFF, i32 | 1, i32 ^ -1, ~i32, u8 >> 1, i32 << 3, ~u8),
    "argmax int ties": lambda i8: (i8.clamp(0, 5).argmax(), torch.tensor([1, 3, 3, 2]).argmax()),
    "float mod int": lambda f: f % 2,
    "round half even": lambda f: (torch.tensor([0.5, 1.5, 2.5, -0.5, -2.5]) + f[0] * 0).round(),
    "round decimals": lambda f: torch.round(f * 1.111, decimals=1),
    "logical ops": lambda f, bo: (torch.logical_and(f, bo), torch.logical_not(f), f.bool()),
    "all any": lambda f: (f.all(), f.any(), (f > 0).all(0)),
    "sign int": lambda i8: (i8.sign(), torch.sgn(i8)),
    "min max int": lambda i32: (i32.min(), i32.amax(1), torch.maximum(i32, torch.tensor(0, dtype=torch.int32))),
    "arange dtypes": lambda f: (torch.arange(5) + f[0].long(), torch.arange(0, 1, 0.1) + f[0], torch.arange(3, dtype=torch.float16)),
    "linspace": lambda f: torch.linspace(0, 1, 7) * f[0],
    "full int": lambda f: torch.full((2,), 7) * f[0].long(),
    "eye int": lambda f: torch.eye(3, dtype=torch.int32) * 2,
    "tensor literal": lambda f: f * torch.tensor([1, 2, 3, 4]),
    "full big int": lambda f: torch.full((2,), 2**60 + 1) + f[0].long(),
    "tensor big int": lambda f: torch.tensor([2**60 + 1, 3]) + f[0].long(),
    "add big int": lambda i64: (i64 + (2**60 + 1), i64 * (2**40 + 1), torch.where(i64 > 0, i64, 2**62 + 3)),
    "fill big": lambda i64: (i64.fill_(2**55 + 1), torch.zeros(2, dtype=torch.int64) + (2**57 + 3), i64.new_full((2,), 2**58 + 1)),
    "clamp big": lambda i64: (i64.clamp(max=2**60 + 7), i64.clamp(-2**60 - 3, 2**61), i64.clamp_min(2**55 + 1), torch.clamp_max(i64, 2**54 + 1)),
    "arange big": lambda i64: (torch.arange(2**54, 2**54 + 4) + i64, torch.arange(-2**60, -2**60 + 9, 3),
                               torch.arange(2**62, 2**62 - 7, -2)),
    "masked_fill big": lambda i64: i64.masked_fill(i64 > 5, 2**61 + 1),
}


def same(got, want, tol):
    if got.shape != want.shape or got.dtype != want.dtype:
        return f"{got.dtype}{list(got.shape)}, eager {want.dtype}{list(want.shape)}"
    if got.dtype == torch.bool or not got.is_floating_point():
        bad = got != want
    else:
        g, w = got.double(), want.double()
        both_finite = torch.isfinite(g) & torch.isfinite(w)
        bad = torch.isnan(g) != torch.isnan(w)
        bad |= ~both_finite & ~torch.isnan(g) & ~torch.isnan(w) & (g != w)
        close = (g - w).abs() <= tol + tol * w.abs()
        bad |= both_finite & ~close
        # -0.0 and 0.0 compare equal here (frameworks differ on the sign of
        # a zero result); "neg zero" checks that a sign reaches 1 / x.
    if bad.any():
        k = bad.flatten().nonzero()[0].item()
        return f"at {k}: {got.flatten()[k].item()!r}, eager {want.flatten()[k].item()!r} ({int(bad.sum())} differ)"
    return None


def check(fn, tol, backend, dtype=None):
    """None when gn's results match eager's; `dtype`: the float inputs' (None:
    INT_ARGS as they are, exact but for float32 at 1e-6 and halves at 1e-3)."""
    names = fn.__code__.co_varnames[:fn.__code__.co_argcount]
    given = lambda: [INT_ARGS[n].clone() if dtype is None else
                     ARGS[n].to(dtype) if ARGS[n].is_floating_point() else ARGS[n].clone()
                     for n in names]
    torch._dynamo.reset()
    want = flatten(fn(*given()))
    got = flatten(torch.compile(fn, backend=backend, fullgraph=True)(*given()))
    if len(got) != len(want):
        return f"{len(got)} outputs, eager {len(want)}"
    for k, (g, w) in enumerate(zip(got, want)):
        if dtype is None:
            tol = (0 if not w.is_floating_point() else
                   1e-3 if w.dtype in (torch.float16, torch.bfloat16) else 1e-6)
        problem = same(g, w, tol)
        if problem:
            return f"output {k}: {problem}"
    return None


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--t", type=int, default=-5)
    parser.add_argument("--forms", action="store_true",
                        help="also in the CUDA kernels' forms, run on the CPU")
    parser.add_argument("--only", help="a substring of the case names to run")
    parser.add_argument("--dtypes", default="float32",
                        help="the float inputs' dtypes, comma-separated (float32, float16, "
                             "bfloat16: at t = -5, -2, -1.5 each, tighter with --t)")
    args = parser.parse_args()
    backends = [("compiled", gn.torch_backend.gn_backend)]
    if args.forms:
        backends.append(("cuda forms", functools.partial(gn.torch_backend.gn_backend,
                                                         pipeline_options=CUDA_FORMS)))
    cases = {n: f for n, f in CASES.items() if not args.only or args.only in n}
    # GraphNet's float16 / bfloat16 tolerances are wider than float32's.
    loosen = {"float32": 0.0, "float16": 3.0, "bfloat16": 3.5}
    failed = 0
    for dtype_name, (form, backend) in [(d, b) for d in args.dtypes.split(",") for b in backends]:
        dtype = getattr(torch, dtype_name)
        tol = 10.0 ** (args.t + loosen[dtype_name])
        form = f"{form}, {dtype_name}"
        failed += run_cases(form, [(n, lambda f=f: check(f, tol, backend, dtype))
                                   for n, f in cases.items()])
    ints = {n: f for n, f in INTEGERS.items() if not args.only or args.only in n}
    for form, backend in backends:
        failed += run_cases(f"{form}, integers and promotion",
                            [(n, lambda f=f: check(f, 0, backend)) for n, f in ints.items()])
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
