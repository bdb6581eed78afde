#!/usr/bin/env python3
"""Generates per-op conformance goldens: tiny GraphNet samples with PyTorch's outputs.

    scripts/torch-env.sh python test/tools/make_op_goldens.py [--out test/goldens/ops]
        [--only REGEX] [--list] [--keep-tmp] [--jobs N]

Each case is a folder OUT/<case>/ in GraphNet's format (model.py with a
Dynamo-style GraphModule.forward, weight_meta.py holding every tensor,
graph_net.json) plus expected/<i>.npy, PyTorch's (CPU) outputs in return
order; bfloat16 outputs are saved as uint16 bit patterns.

How: every selected case is written to a scratch folder and run once through
`build/bin/gn-eval run --mode eager --dump`, which writes the inputs gn
synthesizes from the meta files; those inputs are fed to the same model.py
under PyTorch. When gn cannot run a case (so dumps nothing), the inputs come
from python-bindings/gn/inputs.py, the bit-exact numpy mirror of gn's synthesis;
where both exist they are checked to agree.

A case is left out of OUT (and listed at the end) when gn cannot import it
(`gn-translate --import-graphnet` fails: an unsupported op or construct),
when PyTorch itself rejects it, or when PyTorch's output has a NaN that the
case does not declare. Cases that import but fail in gn's interpreter are
kept: they are real gaps. Without --only, case folders in OUT that are no
longer defined are removed.

Then check gn against the goldens without PyTorch:

    build/bin/gn-eval run test/goldens/ops/* --mode eager --trials 1 --warmup 0 \\
        --dump /tmp/opdump --out /tmp/op.jsonl
    test/tools/check_goldens.py --goldens test/goldens/ops --dump /tmp/opdump --t -5
"""
import argparse
import collections
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
def _load_gn_inputs():
    """gn's input synthesis mirror (python-bindings/gn/inputs.py), loaded by
    path: importing the gn package needs its built runtime."""
    import importlib.util
    path = os.path.join(ROOT, "python-bindings", "gn", "inputs.py")
    spec = importlib.util.spec_from_file_location("gn_inputs", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


gn_inputs = _load_gn_inputs()


def _load_torchvision_ops():
    """torchvision's C ops (torch.ops.torchvision.*) without importing the
    package (whose datasets need PIL): scripts/torch-env.sh installs it with
    --no-deps. Cases calling them are left out when it is absent."""
    import glob
    import importlib.util
    spec = importlib.util.find_spec("torchvision")
    if not spec or not spec.submodule_search_locations:
        return False
    for lib in sorted(glob.glob(os.path.join(spec.submodule_search_locations[0], "_C*.so"))):
        torch.ops.load_library(lib)
        return True
    return False


HAVE_TORCHVISION_OPS = _load_torchvision_ops()

TORCH_DTYPE = {
    "f32": "torch.float32", "f16": "torch.float16", "bf16": "torch.bfloat16",
    "f64": "torch.float64", "i64": "torch.int64", "i32": "torch.int32", "i16": "torch.int16",
    "i8": "torch.int8", "u8": "torch.uint8", "bool": "torch.bool",
}
FL = ("f32", "f16", "bf16", "f64")
LOWP = ("f16", "bf16")

# --------------------------------------------------------------------------
# Case definitions
# --------------------------------------------------------------------------


class P:
    """A tensor parameter of forward: variable `var` (parameter L_<var>_).

    Floats are synthesized as N(mean, (0.2*std)^2) clamped to [lo, hi]
    (gn's rule), so std=5 gives unit variance; integers with lo/hi are
    uniform in [lo, hi]; bools are ~31% True; `data` is used verbatim."""

    def __init__(self, var, shape, dt="f32", mean=0.0, std=5.0, lo=None, hi=None, data=None):
        self.var, self.shape, self.dt = var, list(shape), dt
        self.mean, self.std, self.lo, self.hi = mean, std, lo, hi
        if data is not None:
            data = np.asarray(data, dtype=np.float64).reshape(-1).tolist()
            n = int(np.prod(self.shape)) if self.shape else 1
            assert len(data) == n, (var, shape, len(data))
            finite = [d for d in data if np.isfinite(d)] or [0.0]
            self.mean = float(np.mean(finite))
            self.std = float(np.std(finite)) or 1.0
        self.data = data

    @property
    def pname(self):
        return f"L_{self.var}_"

    def spec(self):
        return {"name": self.pname, "shape": self.shape, "dtype": TORCH_DTYPE[self.dt],
                "mean": self.mean, "std": self.std, "min_val": self.lo, "max_val": self.hi,
                "data": self.data}


def N(var, shape, dt="f32", sd=1.0, mean=0.0):
    """Normal with standard deviation sd."""
    return P(var, shape, dt, mean=mean, std=sd * 5.0)


def POS(var, shape, dt="f32", mean=2.0, sd=0.5, lo=0.1):
    return P(var, shape, dt, mean=mean, std=sd * 5.0, lo=lo)


def UNIT(var, shape, dt="f32"):
    """In (0, 1): about N(0.5, 0.2) clamped to [0.05, 0.95]."""
    return P(var, shape, dt, mean=0.5, std=1.0, lo=0.05, hi=0.95)


def I(var, shape, lo, hi, dt="i64"):
    """Uniform integers in [lo, hi]."""
    return P(var, shape, dt, mean=(lo + hi) / 2.0, std=max(1.0, (hi - lo) / 2.0), lo=lo, hi=hi)


def B(var, shape):
    return P(var, shape, "bool", mean=0.5, std=0.5)


def D(var, shape, data, dt="f32"):
    return P(var, shape, dt, data=data)


def distinct(var, shape, dt="f32", seed=0, step=0.25):
    """Distinct values k*step (exact in every float dtype for small k), shuffled:
    no ties for argmax / sort-like ops."""
    n = int(np.prod(shape))
    v = (np.random.RandomState(seed).permutation(n) - n // 2) * step
    return D(var, shape, v, dt)


class Case:
    def __init__(self, name, family, params, body, dtype=None, allow_nan=False, note=""):
        self.name, self.family, self.params = name, family, params
        self.body = body
        self.dtype = dtype or (params[0].dt if params else "f32")
        self.allow_nan = allow_nan
        self.note = note


CASES = collections.OrderedDict()


def case(name, family, params, body, dtype=None, **kw):
    assert re.fullmatch(r"[a-z0-9_]+", name), name
    assert name not in CASES, f"duplicate case {name}"
    CASES[name] = Case(name, family, params, body, dtype, **kw)


def model_source(c):
    lines = ["import torch", "", "", "class GraphModule(torch.nn.Module):"]
    for module in ("math", "operator"):
        if module + "." in c.body:
            lines.insert(0, "import " + module)
    sig = ", ".join(["self"] + [f"{p.pname}: torch.Tensor" for p in c.params])
    lines.append(f"    def forward({sig}):")
    body = [f"{p.var} = {p.pname}" for p in c.params]
    text = c.body.strip("\n")
    if "return" not in text:
        text = f"return ({text},)"
    body += text.split("\n")
    lines += ["        " + b for b in body]
    return "\n".join(lines) + "\n"


def _lit(v):
    if v is None:
        return "None"
    if isinstance(v, float):
        if np.isnan(v):
            return 'float("nan")'
        if np.isinf(v):
            return 'float("inf")' if v > 0 else 'float("-inf")'
        return repr(float(v))
    return repr(v)


def meta_source(c):
    out = []
    for p in c.params:
        s = p.spec()
        data = None
        if p.data is not None:
            if p.dt in ("f32", "f16", "bf16", "f64"):
                data = "[" + ", ".join(_lit(float(d)) for d in p.data) + "]"
            else:
                data = "[" + ", ".join(str(int(d)) for d in p.data) + "]"
        out.append(f"class Program_weight_tensor_meta_{p.pname}:\n"
                   f"    name = \"{p.pname}\"\n"
                   f"    shape = {s['shape']}\n"
                   f"    dtype = \"{s['dtype']}\"\n"
                   f"    device = \"cpu\"\n"
                   f"    mean = {_lit(float(s['mean']))}\n"
                   f"    std = {_lit(float(s['std']))}\n"
                   + (f"    min_val = {_lit(s['min_val'])}\n" if s["min_val"] is not None else "")
                   + (f"    max_val = {_lit(s['max_val'])}\n" if s["max_val"] is not None else "")
                   + f"    data = {data if data else 'None'}\n")
    return "\n\n".join(out)


def graph_net_json(c):
    return json.dumps({"framework": "torch", "num_devices_required": 1, "num_nodes_required": 1,
                       "source": "gn test/tools/make_op_goldens.py", "heuristic_tag": "other",
                       "op_family": c.family}, indent=4) + "\n"


# ---- elementwise unary ----------------------------------------------------

def define_unary():
    S = (4, 7)
    ops = {
        "neg": ("torch.neg(x)", N), "neg_op": ("-x", N), "abs": ("torch.abs(x)", N),
        "exp": ("torch.exp(x)", N), "exp_method": ("x.exp()", N),
        "log": ("torch.log(x)", POS), "log1p": ("torch.log1p(x)", POS),
        "sqrt": ("torch.sqrt(x)", POS), "rsqrt": ("torch.rsqrt(x)", POS),
        "sin": ("torch.sin(x)", lambda v, s, d: N(v, s, d, sd=2.0)),
        "cos": ("torch.cos(x)", lambda v, s, d: N(v, s, d, sd=2.0)),
        "tanh": ("torch.tanh(x)", N), "erf": ("torch.erf(x)", N),
        "floor": ("torch.floor(x)", lambda v, s, d: N(v, s, d, sd=3.0)),
        "ceil": ("torch.ceil(x)", lambda v, s, d: N(v, s, d, sd=3.0)),
        "round": ("torch.round(x)", lambda v, s, d: N(v, s, d, sd=3.0)),
        "trunc": ("torch.trunc(x)", lambda v, s, d: N(v, s, d, sd=3.0)),
        "sign": ("torch.sign(x)", N), "reciprocal": ("torch.reciprocal(x)", POS),
        "sigmoid": ("torch.sigmoid(x)", lambda v, s, d: N(v, s, d, sd=3.0)),
        "square": ("torch.square(x)", N), "logit": ("torch.logit(x)", UNIT),
        "logit_eps": ("torch.logit(x, eps=0.1)", UNIT),
        "pow2_op": ("x ** 2", N), "rsqrt_method": ("x.rsqrt()", POS),
        "special_expit": ("torch.special.expit(x)", N),
    }
    for op, (expr, gen) in ops.items():
        for dt in FL:
            case(f"unary_{op}_{dt}", "unary", [gen("x", S, dt)], expr)
    for dt in ("f32", "f64"):
        case(f"unary_round_decimals_{dt}", "unary", [N("x", S, dt, sd=3.0)],
             "torch.round(x, decimals=2)")
    # exact ties of round (half to even) and floor/ceil on negative halves
    ties = [-2.5, -1.5, -0.5, 0.5, 1.5, 2.5, 3.5, -3.5, 0.0, 1.0, -1.0, 2.25]
    for dt in FL:
        case(f"unary_round_ties_{dt}", "unary", [D("x", (12,), ties, dt)],
             "return (torch.round(x), torch.floor(x), torch.ceil(x), torch.trunc(x))")
    for dt in ("i64", "i32"):
        case(f"unary_neg_{dt}", "unary", [I("x", S, -50, 50, dt)], "torch.neg(x)")
        case(f"unary_abs_{dt}", "unary", [I("x", S, -50, 50, dt)], "torch.abs(x)")
        case(f"unary_sign_{dt}", "unary", [I("x", S, -3, 3, dt)], "torch.sign(x)")
        case(f"unary_square_{dt}", "unary", [I("x", S, -50, 50, dt)], "torch.square(x)")
        case(f"unary_bitwise_not_{dt}", "unary", [I("x", S, -50, 50, dt)], "torch.bitwise_not(x)")
    case("unary_bitwise_not_bool", "unary", [B("x", S)], "torch.bitwise_not(x)")
    case("unary_invert_op_bool", "unary", [B("x", S)], "~x")
    case("unary_logical_not_bool", "unary", [B("x", S)], "torch.logical_not(x)")
    case("unary_logical_not_f32", "unary", [D("x", (6,), [0.0, -0.0, 1.5, -2.0, 0.0, 3.0])],
         "torch.logical_not(x)")
    case("unary_logical_not_i64", "unary", [I("x", S, -2, 2)], "torch.logical_not(x)")
    # exp of int promotes to float
    case("unary_exp_i64", "unary", [I("x", S, -3, 3)], "torch.exp(x)")
    case("unary_sqrt_i64", "unary", [I("x", S, 0, 20)], "torch.sqrt(x)")
    case("unary_sigmoid_i64", "unary", [I("x", S, -3, 3)], "torch.sigmoid(x)")


# ---- math functions built from gn ops (lib/Import/Python/MathFunctions.cpp) --

INF = float("inf")
NAN = float("nan")
# name -> (expression, data): data spans each function's domain, its edges
# and the points where a careless formula loses digits (near 0, near 1,
# where the formula switches, far out).
MATH_UNARY = {
    "tan": ("torch.tan(x)", np.linspace(-1.5, 1.5, 15).tolist() + [1e-6, -1e-5]),
    "atan": ("torch.atan(x)", [-1e4, -20, -2, -1, -0.3, -1e-6, 0, 1e-7, 0.5, 1, 3, 50, 1e6]),
    "arctan": ("torch.arctan(x)", [-3, -1, 0, 0.25, 2]),
    "asin": ("torch.asin(x)", np.linspace(-1, 1, 13).tolist() + [0.999999, -0.9999, 1e-6]),
    "arcsin_method": ("x.arcsin()", [-0.5, 0, 0.25, 0.9]),
    "acos": ("torch.acos(x)", np.linspace(-1, 1, 13).tolist() + [0.999999, -0.9999, 1e-6]),
    "sinh": ("torch.sinh(x)", [-80, -20, -3, -1.01, -0.99, -0.3, -1e-4, -1e-7, 0, 1e-6, 0.2,
                               0.5, 1, 1.2, 4, 15, 60, 88]),
    "cosh": ("torch.cosh(x)", [-80, -20, -3, -1, -0.3, -1e-4, 0, 1e-6, 0.2, 1, 4, 15, 60, 88]),
    "asinh": ("torch.asinh(x)", [-1e6, -2e4, -100, -3, -0.5, -1e-5, 0, 1e-6, 0.2, 1, 2, 50,
                                 9999, 1e4, 2e4, 1e7]),
    "acosh": ("torch.acosh(x)", [1, 1.0001, 1.01, 1.5, 2, 10, 1e3, 9999, 10001, 1e6, 1e10]),
    "atanh": ("torch.atanh(x)", [-0.999, -0.9, -0.5, -1e-5, 0, 1e-6, 0.3, 0.7, 0.99, 0.9999]),
    "expm1": ("torch.expm1(x)", [-20, -3, -0.6, -0.5, -0.49, -1e-3, -1e-7, 0, 1e-7, 1e-4,
                                 0.25, 0.49, 0.5, 0.51, 2, 10, 40, 80]),
    "special_expm1": ("torch.special.expm1(x)", [-1, -1e-5, 0, 1e-6, 1]),
    "log2": ("torch.log2(x)", [1e-6, 0.1, 0.5, 0.75, 1, 1.5, 3, 10, 100, 1e3, 1e6, 3e7]),
    "log10": ("torch.log10(x)", [1e-6, 0.1, 0.5, 0.75, 1, 1.5, 3, 7, 50, 1e3, 1e6, 3e7]),
    "exp2": ("torch.exp2(x)", [-10, -1.5, -0.1, 0, 0.5, 1, 3, 10, 20]),
    "softsign": ("torch.nn.functional.softsign(x)", [-1e4, -30, -2, -0.5, 0, 1e-6, 0.5, 3, 1e5]),
    "tanhshrink": ("torch.nn.functional.tanhshrink(x)", [-20, -3, -1, -0.2, 0, 0.3, 1, 4, 30]),
    "logsigmoid": ("torch.nn.functional.logsigmoid(x)", [-100, -30, -5, -1, -1e-4, 0, 1e-3, 1,
                                                          5, 20, 40, 100]),
    "erfc": ("torch.erfc(x)", [-4, -2, -0.5, 0, 0.1, 0.5, 1, 2, 3, 3.5]),
    "special_erfc": ("torch.special.erfc(x)", [-1, 0, 0.7, 1.5]),
    "frac": ("torch.frac(x)", [-2.75, -1.5, -0.25, 0, 0.3, 1.75, 100.5, 12345.25]),
    "sinc": ("torch.sinc(x)", [-3, -1, -0.5, -1e-4, 0, 1e-4, 0.5, 1.5, 2.25, 7.5]),
    "deg2rad": ("torch.deg2rad(x)", [-720, -180, -45, 0, 30, 90, 360]),
    "rad2deg": ("torch.rad2deg(x)", [-7, -3.14159, -0.5, 0, 1, 6.28]),
}


def define_math():
    for op, (expr, data) in MATH_UNARY.items():
        dts = FL if op in ("tan", "asin", "sinh", "expm1", "log2", "logsigmoid") else ("f32",)
        for dt in dts:
            values = data
            if dt == "f16":  # keep the case inside float16's range
                values = [v for v in data if abs(v) < 60000 and (v == 0 or abs(v) > 1e-7)]
                if op in ("sinh", "expm1"):
                    values = [v for v in values if abs(v) <= 10]
            case(f"math_{op}_{dt}", "math", [D("x", (len(values),), values, dt)], expr)
    case("math_sinh_i64", "math", [I("x", (8,), -5, 5)], "torch.sinh(x)")
    case("math_log2_i64", "math", [I("x", (8,), 1, 64)], "torch.log2(x)")
    case("math_asin_inplace_f32", "math", [D("x", (5,), [-0.5, 0, 0.25, 0.9, 1])],
         "y = x * 1.0\ny.asin_()\nreturn (y,)")
    # float classes and nan_to_num on inf, -inf and NaN (made by 1/0, -1/0, 0/0)
    num, den = [1, -1, 0, 2, -3, 0, 5, 7], [0, 0, 0, 1, 2, 5, 1e-30, 3]
    special = [D("a", (8,), num), D("b", (8,), den)]
    for fn in ("isinf", "isfinite", "isnan", "isposinf", "isneginf"):
        case(f"math_{fn}_f32", "math", special, f"return (torch.{fn}(a / b),)")
    case("math_isinf_i64", "math", [I("x", (6,), -5, 5)], "torch.isinf(x)")
    case("math_isfinite_i64", "math", [I("x", (6,), -5, 5)], "torch.isfinite(x)")
    case("math_nan_to_num_f32", "math", special, "return (torch.nan_to_num(a / b),)")
    case("math_nan_to_num_args_f32", "math", special,
         "return (torch.nan_to_num(a / b, nan=1.5, posinf=100.0, neginf=-7.0),)")
    case("math_nan_to_num_method_f16", "math", [D("a", (8,), num, "f16"), D("b", (8,), [0, 0, 0, 1, 2, 5, 1, 3], "f16")],
         "return ((a / b).nan_to_num(posinf=3.0),)")
    F = "torch.nn.functional."
    acts = {
        "selu": f"{F}selu(x)", "celu": f"{F}celu(x)", "celu_alpha": f"{F}celu(x, alpha=0.7)",
        "softshrink": f"{F}softshrink(x)", "softshrink_lambd": f"{F}softshrink(x, 1.2)",
        "hardshrink": f"{F}hardshrink(x)", "hardshrink_lambd": f"{F}hardshrink(x, lambd=1.0)",
        "threshold": f"{F}threshold(x, 0.1, 20.0)", "rrelu_eval": f"{F}rrelu(x)",
        "rrelu_bounds": f"{F}rrelu(x, 0.1, 0.5, False)",
        "logsigmoid": f"{F}logsigmoid(x)", "softsign": f"{F}softsign(x)",
        "tanhshrink": f"{F}tanhshrink(x)",
    }
    for op, expr in acts.items():
        for dt in (FL if op in ("selu", "celu", "softshrink") else ("f32",)):
            case(f"math_act_{op}_{dt}", "math", [N("x", (3, 4, 6), dt, sd=2.5)], expr)
    S = (3, 5)
    binaries = {
        "xlogy": ("torch.xlogy(x, y)", N("x", S), POS("y", S)),
        "special_xlogy": ("torch.special.xlogy(x, y)", N("x", S), POS("y", S)),
        "logaddexp": ("torch.logaddexp(x, y)", N("x", S, sd=4.0), N("y", S, sd=4.0)),
        "logaddexp2": ("torch.logaddexp2(x, y)", N("x", S, sd=4.0), N("y", S, sd=4.0)),
        "hypot": ("torch.hypot(x, y)", N("x", S), N("y", S)),
        "fmax": ("torch.fmax(x, y)", N("x", S), N("y", S)),
        "fmin": ("torch.fmin(x, y)", N("x", S), N("y", S)),
        "copysign": ("torch.copysign(x, y)", N("x", S), N("y", S)),
    }
    for op, (expr, x, y) in binaries.items():
        case(f"math_{op}_f32", "math", [x, y], expr)
    case("math_xlogy_zeros_f32", "math", [D("x", (6,), [0, 0, 1, 2, 0, -1]),
                                           D("y", (6,), [0, 2, 0, 3, 1e-30, 4])],
         "torch.xlogy(x, y)")
    case("math_logaddexp_inf_f32", "math", special, "return (torch.logaddexp(a / b, a / b),)",
         allow_nan=True)
    case("math_heaviside_f32", "math", [D("x", (6,), [-1, 0, 2, 0, -3, 0.5]),
                                         D("v", (6,), [0.5, 0.25, 9, 1, 4, 7])],
         "torch.heaviside(x, v)")
    case("math_heaviside_i64", "math", [I("x", (6,), -2, 2), I("v", (6,), 3, 9)],
         "torch.heaviside(x, v)")
    case("math_fmax_nan_f32", "math", special + [D("c", (8,), [3, 3, 3, 3, 3, 3, 3, 3])],
         "return (torch.fmax(a / b, c), torch.fmin(c, a / b))")
    case("math_fmax_i64", "math", [I("x", (6,), -5, 5), I("y", (6,), -5, 5)], "torch.fmax(x, y)")
    case("math_hypot_broadcast_f32", "math", [N("x", (3, 1)), N("y", (1, 4))], "torch.hypot(x, y)")
    # IEEE special values and extremes (conformance/check_torch_special_values.py
    # found each of these wrong once): NaN through the shrinks, acosh far below
    # 1, hypot past sqrt(FLT_MAX), fmod by an infinite divisor or with a
    # quotient past 2^24, logsumexp of rows holding +inf or only -inf.
    sv = [NAN, INF, -INF, -0.0, 0.0, 1e30, -1e30, 88.8, -88.8, 1e4, -1e4, 0.5, -0.5, 2.5,
          3.4e38, -3.4e38]
    X, Y = D("x", (16,), sv), D("y", (16,), sv[::-1])
    case("math_special_shrinks_f32", "math", [X],
         "return (torch.nn.functional.softshrink(x), torch.nn.functional.hardshrink(x, 1.0))",
         allow_nan=True)
    case("math_special_acosh_f32", "math", [X], "torch.acosh(x)", allow_nan=True)
    case("math_special_hypot_f32", "math", [X, Y], "torch.hypot(x, y)", allow_nan=True)
    case("math_special_hypot_f16", "math", [D("x", (6,), [300, -60000, 0, INF, NAN, 3], "f16"),
                                             D("y", (6,), [400, 60000, -0.0, NAN, 2, 4], "f16")],
         "torch.hypot(x, y)", allow_nan=True)
    case("math_special_fmod_f32", "math", [X, Y], "torch.fmod(x, y)", allow_nan=True)
    case("math_fmod_large_quotient_f32", "math",
         [D("x", (6,), [1e10, -1e10, 3e7, -123456.7, 1e30, 5.5])],
         "return (torch.fmod(x, 0.7), torch.fmod(x, -3.0))")
    case("math_special_logsumexp_f32", "math",
         [D("r", (3, 4), [1, INF, 3, -1, -INF, -INF, -INF, -INF, 1, NAN, 2, 0])],
         "return (torch.logsumexp(r, 1), torch.logsumexp(r, 0, keepdim=True))", allow_nan=True)
    case("math_fmod_scalar_f16", "math", [D("x", (6,), [50, -30, 1000, -0.0, 7.5, 60000], "f16")],
         "return (torch.fmod(x, 0.7), torch.fmod(x, -3.0))")
    case("math_fmod_scalar_bf16", "math", [D("x", (6,), [50, -30, 1000, -0.0, 7.5, 1e20], "bf16")],
         "return (torch.fmod(x, 0.7),)")
    # Python's float floor division (from the exact fmod): 1.0 // 0.1 is 9, inf // 2
    # NaN, -1 // inf -1; not floor(a / b), whose division rounds first.
    for dt in ("f32", "f64", "f16", "bf16"):
        case(f"math_floor_divide_python_{dt}", "math",
             [D("a", (11,), [1.0, 0.3, -1.0, 7.5, 2.0, 0.7, -0.3, 5.0, INF, -1.0, 1.0], dt),
              D("b", (11,), [0.1, 0.1, 0.1, -2.0, 0.2, 0.1, 0.1, 0.5, 2.0, INF, -INF], dt)],
             "return (a // b, torch.div(a, b, rounding_mode='floor'), a // 0.1, torch.floor_divide(a, -0.3))",
             allow_nan=True)
    # var / std accumulate in float64 as PyTorch's CPU kernels (squares of 3e38).
    case("reduce_var_std_float64_acc_f32", "reduce",
         [D("x", (2, 4), [0, 3e38, -3e38, 1e-40, 1.0, 1.0 + 2**-23, 1.0 - 2**-24, 1.0])],
         "return (x.std(1), x.var(1, correction=0), torch.std_mean(x, 1)[0], x.std())")
    # lgamma near 0 (a subnormal's reflection overflowed to inf) and exactly 0 at 1 and 2.
    case("math_lgamma_edges_f64", "math",
         [D("x", (8,), [1e-310, -1e-310, 1e-9, -1e-9, 1.0, 2.0, 0.5, 3.0], "f64")],
         "return (torch.lgamma(x),)")
    case("math_lgamma_edges_f32", "math",
         [D("x", (8,), [1e-40, -1e-40, 1e-9, -1e-9, 1.0, 2.0, 0.5, 3.0])],
         "return (torch.lgamma(x),)")
    # Half tensors with a number: PyTorch computes add / sub / mul / div in
    # float32 with the number at its own value (1e5 is inf in float16), alpha
    # too, and `c / x` as x.reciprocal() * c.
    for dt, big in (("f16", 1e5), ("bf16", 1e39)):
        case(f"math_half_scalar_opmath_{dt}", "math",
             [D("x", (6,), [0.3, -0.6, 0.00012, 7.5, -1.25, 0.0999], dt),
              D("y", (6,), [1.5, 2.25, -3.0, 0.125, 4.0, -0.5], dt)],
             f"return (x * {big!r}, {big!r} * x, x * 0.1, x / 1e-5, x - 0.1, x + 0.3, 0.3 + x, "
             "x.add(y, alpha=0.3), x.sub(y, alpha=1.7), 2.5 / x, x * torch.tensor(0.1), "
             "x.mul(torch.tensor(1e5, dtype=torch.float64)))")
        # addcmul, addcdiv and floor_divide of half tensors: in float32, rounded once.
        case(f"math_half_opmath_ternary_{dt}", "math",
             [D("x", (6,), [0.3, -0.6, 0.00012, 7.5, -1.25, 0.0999], dt),
              D("y", (6,), [1.5, 2.25, -3.0, 0.125, 4.0, -0.5], dt)],
             "return (torch.addcdiv(x, x, y, value=0.3), torch.addcmul(x, x, y, value=0.7), "
             "torch.floor_divide(x, 0.3), torch.floor_divide(x, y), torch.div(x, 0.3, rounding_mode='floor'))")
    case("norm_large_f16", "reduce", [D("x", (2, 4), [1e4, -1e4, 300, 2, 0.5, -60000, 1, 1], "f16")],
         "return (torch.linalg.vector_norm(x, dim=1), torch.norm(x, p=3, dim=0), x.norm())")
    for dt in ("f16", "bf16"):
        case(f"normalize_rounded_norm_{dt}", "reduce",
             [D("x", (3, 4), [0, 6e4, -6e4, 6e-8, 1, -1, 0.5, -2.5, 0, 0, 0, 0], dt)],
             "return (torch.nn.functional.normalize(x, dim=1), torch.nn.functional.normalize(x, p=1.0, dim=0))",
             allow_nan=True)
    case("normalize_huge_f16", "reduce", [D("x", (2, 4), [1e4, -1e4, 300, 2, 0.5, -600, 1, 1], "f16")],
         "return (torch.nn.functional.normalize(x, dim=1), torch.nn.functional.normalize(x, p=1, dim=0))")
    case("normalize_p_f32", "reduce", [N("x", (3, 5))],
         "return (torch.nn.functional.normalize(x, p=float('inf'), dim=1), torch.nn.functional.normalize(x, p=3, dim=0))")
    case("norm_large_bf16", "reduce", [D("x", (2, 4), [1e20, -1e20, 300, 2, 0.5, -3e38, 1, 1], "bf16")],
         "return (torch.linalg.vector_norm(x, dim=1), torch.norm(x, p=1, dim=0))")
    case("math_log_sigmoid_nn_f32", "math", [N("x", (3, 5), sd=30.0)], "torch._C._nn.log_sigmoid(x)")
    define_special()


# ---- special functions (lib/Import/Python/SpecialFunctions.cpp) -------------

# name -> (expression, data): poles, the reflection's side, where the
# series switch, and far out.
SPECIAL_UNARY = {
    "lgamma": ("torch.lgamma(x)", [-1e6 + 0.25, -20.5, -3.7, -2.5, -1.25, -0.5, -1e-6, 1e-7,
                                   0.1, 0.49, 0.5, 0.51, 1, 1.5, 2, 2.5, 7, 30, 171.3, 1e5, 1e30,
                                   -2, -1, 0, INF, -INF]),
    "special_gammaln": ("torch.special.gammaln(x)", [0.3, 1.7, 4, 12.5]),
    "lgamma_method": ("x.lgamma()", [0.25, 3.5, -0.5]),
    "digamma": ("torch.digamma(x)", [-1e4 + 0.3, -20.5, -3.7, -2.5, -1.25, -0.5, -1e-6, 1e-7,
                                     0.1, 0.49, 0.5, 0.51, 1, 1.5, 2, 6, 6.5, 7, 30, 1e5, 1e30,
                                     -2, -1, 0, -0.0, INF, -INF]),
    "special_psi": ("torch.special.psi(x)", [0.3, 1.7, 4, 12.5]),
    "special_digamma": ("torch.special.digamma(x)", [-0.3, 2.5]),
    "erfinv": ("torch.erfinv(x)", [-1, -0.999999, -0.99, -0.9, -0.5, -1e-6, 0, 1e-7, 0.2, 0.5,
                                   0.8, 0.95, 0.9999, 0.9999999, 1, 1.5, -2]),
    "special_erfinv": ("torch.special.erfinv(x)", [-0.3, 0.7]),
    "erfinv_method": ("x.erfinv()", [-0.6, 0.1, 0.99]),
    "i0": ("torch.i0(x)", [-80, -20, -3.75, -3.7, -1, -1e-5, 0, 0.5, 2, 3.74, 3.76, 10, 50,
                           85, INF, -INF]),
    "special_i0": ("torch.special.i0(x)", [-2.5, 0.3, 7]),
    "special_i0e": ("torch.special.i0e(x)", [-1e4, -80, -3.76, -3.7, -1, 0, 0.5, 3.75, 10, 1e3,
                                             1e6, INF]),
    "special_i1": ("torch.special.i1(x)", [-80, -20, -3.76, -1, -1e-5, 0, 1e-6, 0.5, 3.74, 3.76,
                                           10, 85, INF, -INF]),
    "special_i1e": ("torch.special.i1e(x)", [-1e4, -80, -3.76, -1, -1e-6, 0, 0.5, 3.75, 10,
                                             1e3, 1e6, INF, -INF]),
    "special_erfcx": ("torch.special.erfcx(x)", [-30, -26.7, -26, -5, -1, -0.0, 0, 0.5, 1.99,
                                                 2.01, 5, 30, 1e10, 3e38, INF, -INF]),
    "special_entr": ("torch.special.entr(x)", [-1, -1e-6, 0, 1e-30, 1e-6, 0.3, 1, 2.5, 1e4,
                                               INF]),
}


def define_special():
    for op, (expr, data) in SPECIAL_UNARY.items():
        dts = FL if op in ("lgamma", "digamma", "erfinv", "i0") else ("f32",)
        for dt in dts:
            values = data
            if dt != "f32" and dt != "f64":  # inside the half types' range
                values = [v for v in data if abs(v) == INF
                          or (abs(v) < 60000 and (v == 0 or abs(v) > 1e-4))]
            case(f"special_{op}_{dt}", "special", [D("x", (len(values),), values, dt)], expr,
                 allow_nan=True)
    case("special_lgamma_i64", "special", [I("x", (8,), 1, 20)], "torch.lgamma(x)")
    pg = D("x", (9,), [0.05, 0.3, 0.9, 1.0, 2.5, 7.0, 13.5, 100.0, -1.5])
    case("special_polygamma_f32", "special", [pg],
         "return (torch.polygamma(1, x), torch.polygamma(2, x), torch.special.polygamma(3, x), "
         "x.polygamma(0), x.polygamma(4))", allow_nan=True)
    case("special_polygamma_f64", "special", [D("x", (5,), [0.2, 1.0, 3.3, 25.0, -0.5], "f64")],
         "return (torch.polygamma(1, x), torch.polygamma(5, x))", allow_nan=True)
    case("special_digamma_i64", "special", [I("x", (8,), 1, 20)], "torch.digamma(x)")
    # Hurwitz zeta: PyTorch's domain (inf at s = 1 and at q a non-positive
    # integer, NaN for s < 1 and for q <= 0 with s not an integer, s = inf),
    # negative q down to -19.5, Python numbers on either side, f64.
    _s = [1.0, 0.5, 2.0, 2.0, 2.0, 2.5, 3.0, 4.0, 1.0001, 6.0, 2.0, INF, INF, INF, 30.0, 2.0]
    _q = [1.0, 1.0, 0.0, -3.0, -2.5, -2.5, -19.5, 0.25, 1.0, 1e9, INF, 0.5, 1.0, 2.0, 0.1, NAN]
    # Regularized incomplete gamma P and Q: each expansion (P's series, Q's
    # series for small x, the continued fraction), PyTorch's edges (a or x 0,
    # inf, below 0), Temme's region of PyTorch (20 < a < 200 near x = a),
    # method and in-place forms, f64. Six calls: each is about 136 kernels
    # (2000 f64 ops) and 2 s of compile.
    _a = [0.0, 0.0, 1.0, INF, INF, 2.0, -1.0, 2.0, 0.5, 25.0, 150.0, 1e-3, 3.0, 0.2, 60.0, 1.0]
    _x = [1.0, 0.0, 0.0, INF, 5.0, INF, 1.0, -1.0, 1e-5, 24.0, 160.0, 0.8, 1.05, 0.3, 55.0, 50.0]
    case("special_gammainc_f32", "special",
         [POS("a", (3, 5), mean=3.0, sd=1.0, lo=0.05), POS("x", (3, 5), mean=3.0, sd=1.5, lo=0.01),
          D("ae", (16,), _a), D("xe", (16,), _x)],
         "y = a * 1.0\ny.igamma_(x)\n"
         "return (torch.special.gammainc(a, x), torch.special.gammaincc(a, x), torch.igamma(ae, xe), "
         "torch.igammac(ae.double(), xe.double()), x.igammac(a), y)", allow_nan=True)
    # The dtypes PyTorch's CPU kernels take besides f32 / f64: integer inputs
    # (a float32 result) for the unary ones, zeta and the polynomials; f16 and
    # bf16 for the incomplete gamma functions (computed wider, rounded once).
    case("special_family_i64", "special", [I("x", (2, 4), 1, 12)],
         "S = torch.special\n"
         "return (S.bessel_j0(x), S.bessel_y1(x), S.modified_bessel_k0(x), S.scaled_modified_bessel_k1(x), "
         "S.airy_ai(x - 6), S.erfcx(x - 4), S.chebyshev_polynomial_v(x, 3), "
         "S.shifted_chebyshev_polynomial_w(x, 2), S.zeta(x + 1, x))")
    for _dt in ("f16", "bf16"):
        case(f"special_gammainc_{_dt}", "special",
             [POS("a", (2, 5), _dt, mean=3.0, sd=1.0, lo=0.05), POS("x", (2, 5), _dt, mean=3.0, sd=1.5, lo=0.01)],
             "return (torch.special.gammainc(a, x), torch.special.gammaincc(a, x), x.igamma(a))")
    case("special_zeta_f32", "special",
         [POS("s", (3, 4), mean=4.0, sd=1.0, lo=1.05), POS("q", (3, 4), mean=3.0, sd=1.0, lo=0.05),
          D("se", (16,), _s), D("qe", (16,), _q)],
         "return (torch.special.zeta(s, q), torch.special.zeta(se, qe), torch.special.zeta(s, 2.0), "
         "torch.special.zeta(3.0, q), torch.special.zeta(se.double(), qe.double()), "
         "torch.special.zeta(s.double(), q[0].double()))", allow_nan=True)
    case("special_i0_inplace_f32", "special", [D("x", (4,), [-1, 0, 2, 5])],
         "y = x * 1.0\ny.i0_()\nreturn (y,)")
    case("special_random_lgamma_f32", "special", [N("x", (6, 9), sd=6.0)],
         "return (torch.lgamma(x), torch.digamma(x))", allow_nan=True)



# ---- losses (lib/Import/Torch/LossOps.cpp) ----------------------------------

def define_losses():
    F = "torch.nn.functional."
    S = (4, 6)
    red = ("mean", "sum", "none")
    for r in red:
        case(f"loss_mse_{r}_f32", "loss", [N("x", S), N("y", S)], f"{F}mse_loss(x, y, reduction='{r}')")
        case(f"loss_l1_{r}_f32", "loss", [N("x", S), N("y", S)], f"{F}l1_loss(x, y, reduction='{r}')")
    case("loss_mse_broadcast_f32", "loss", [N("x", (3, 4)), N("y", (4,))], f"{F}mse_loss(x, y)")
    case("loss_mse_legacy_f32", "loss", [N("x", S), N("y", S)],
         f"return ({F}mse_loss(x, y, size_average=False), {F}mse_loss(x, y, reduce=False))")
    case("loss_mse_weight_f32", "loss", [N("x", S), N("y", S), POS("w", S)],
         f"{F}mse_loss(x, y, weight=w)")
    case("loss_l1_f64", "loss", [N("x", S, "f64"), N("y", S, "f64")], f"{F}l1_loss(x, y)")
    for beta in (1.0, 0.5, 0.0):
        case(f"loss_smooth_l1_beta{str(beta).replace('.', '_')}_f32", "loss",
             [N("x", S, sd=2.0), N("y", S)], f"{F}smooth_l1_loss(x, y, beta={beta})")
    case("loss_huber_f32", "loss", [N("x", S, sd=2.0), N("y", S)],
         f"return ({F}huber_loss(x, y), {F}huber_loss(x, y, reduction='none', delta=0.7))")
    case("loss_bce_f32", "loss", [UNIT("x", S), UNIT("y", S), POS("w", (6,))],
         f"return ({F}binary_cross_entropy(x, y), {F}binary_cross_entropy(x, y, w, reduction='sum'))")
    case("loss_bce_edges_f32", "loss", [D("x", (4,), [0.0, 1.0, 0.5, 1e-30]),
                                        D("y", (4,), [0.0, 1.0, 1.0, 1.0])],
         f"{F}binary_cross_entropy(x, y, reduction='none')")
    case("loss_bce_logits_f32", "loss", [N("x", S, sd=4.0), UNIT("y", S), POS("w", (6,)),
                                         POS("pw", (6,))],
         f"return ({F}binary_cross_entropy_with_logits(x, y), "
         f"{F}binary_cross_entropy_with_logits(x, y, w, pos_weight=pw, reduction='none'))")
    case("loss_bce_logits_f16", "loss", [N("x", S, "f16", sd=4.0), UNIT("y", S, "f16")],
         f"{F}binary_cross_entropy_with_logits(x, y)")
    t = D("t", (4,), [1, 5, 0, 3], "i64")
    case("loss_nll_f32", "loss", [N("x", (4, 6)), t, POS("w", (6,))],
         f"return ({F}nll_loss(x, t), {F}nll_loss(x, t, w), {F}nll_loss(x, t, reduction='none'), "
         f"{F}nll_loss(x, t, w, ignore_index=5, reduction='sum'))")
    ti = D("t", (4,), [1, -100, 0, 3], "i64")
    for r in red:
        case(f"loss_ce_{r}_f32", "loss", [N("x", (4, 6), sd=2.0), ti],
             f"{F}cross_entropy(x, t, reduction='{r}')")
    case("loss_ce_weight_smoothing_f32", "loss", [N("x", (4, 6), sd=2.0), ti, POS("w", (6,))],
         f"return ({F}cross_entropy(x, t, w, label_smoothing=0.1), "
         f"{F}cross_entropy(x, t, label_smoothing=0.2, reduction='sum'), "
         f"{F}cross_entropy(x, t, w, label_smoothing=0.3, reduction='none'))")
    case("loss_ce_spatial_f32", "loss", [N("x", (2, 3, 2, 4)),
                                         D("t", (2, 2, 4), [0, 1, 2, 1, 2, 2, 0, 0] * 2, "i64")],
         f"return ({F}cross_entropy(x, t), {F}cross_entropy(x, t, reduction='none'))")
    case("loss_ce_probs_f32", "loss", [N("x", (4, 6)), UNIT("p", (4, 6)), POS("w", (6,))],
         f"return ({F}cross_entropy(x, p), {F}cross_entropy(x, p, w, label_smoothing=0.1, "
         f"reduction='sum'), {F}cross_entropy(x, p, reduction='none'))")
    case("loss_ce_1d_f32", "loss", [N("x", (6,)), D("t", (), [2], "i64")], f"{F}cross_entropy(x, t)")
    case("loss_ce_method_f64", "loss", [N("x", (3, 5), "f64"), D("t", (3,), [4, 0, 2], "i64")],
         "torch.nn.functional.cross_entropy(x.log_softmax(-1), t)")
    case("loss_kl_div_f32", "loss", [N("x", S), UNIT("y", S)],
         f"return ({F}kl_div(x, y, reduction='batchmean'), {F}kl_div(x, y, reduction='none'), "
         f"{F}kl_div(x, y.log(), reduction='sum', log_target=True))")
    case("loss_kl_div_zeros_f32", "loss", [N("x", (4,)), D("y", (4,), [0, 0.5, 0, 0.5])],
         f"{F}kl_div(x, y, reduction='none')")
    pm = D("t", (6,), [1, -1, 1, 1, -1, -1])
    case("loss_soft_margin_f32", "loss", [N("x", (6,), sd=3.0), pm], f"{F}soft_margin_loss(x, t)")
    case("loss_margin_ranking_f32", "loss", [N("a", (6,)), N("b", (6,)), pm],
         f"return ({F}margin_ranking_loss(a, b, t), {F}margin_ranking_loss(a, b, t, margin=0.5, reduction='none'))")
    case("loss_hinge_embedding_f32", "loss", [N("x", (6,), sd=2.0), pm],
         f"return ({F}hinge_embedding_loss(x, t), {F}hinge_embedding_loss(x, t, margin=0.3, reduction='none'))")
    case("loss_poisson_nll_f32", "loss", [N("x", S), POS("y", S, mean=1.5)],
         f"return ({F}poisson_nll_loss(x, y), {F}poisson_nll_loss(x.exp(), y, log_input=False, full=True, reduction='sum'))")
    case("loss_gaussian_nll_f32", "loss", [N("x", S), N("y", S), POS("v", (4,))],
         f"return ({F}gaussian_nll_loss(x, y, v), {F}gaussian_nll_loss(x, y, v.unsqueeze(-1), full=True, reduction='none'))")
    case("loss_cosine_embedding_f32", "loss", [N("a", (6, 5)), N("b", (6, 5)), pm],
         f"return ({F}cosine_embedding_loss(a, b, t), {F}cosine_embedding_loss(a, b, t, margin=0.2, reduction='none'))")
    case("loss_triplet_margin_f32", "loss", [N("a", (5, 4)), N("p", (5, 4)), N("n", (5, 4))],
         f"return ({F}triplet_margin_loss(a, p, n), {F}triplet_margin_loss(a, p, n, margin=0.5, p=1, swap=True, reduction='none'))")
    # The ATen forms TorchDynamo records (reduction as an enum).
    case("loss_aten_forms_f32", "loss", [N("x", (4, 6), sd=2.0), N("y", (4, 6)), ti, UNIT("u", (4, 6))],
         "return (torch._C._nn.mse_loss(x, y, 1), torch._C._nn.l1_loss(x, y, 2), "
         "torch._C._nn.smooth_l1_loss(x, y, 0, 0.5), torch._C._nn.huber_loss(x, y, 1, 0.7), "
         "torch._C._nn.cross_entropy_loss(x, t, None, 1, -100, 0.1), "
         "torch._C._nn.nll_loss_nd(x.log_softmax(1), t, None, 2, -100), "
         "torch.binary_cross_entropy_with_logits(x, u, None, None, 1), "
         "torch._C._nn.binary_cross_entropy(u, u * 0.5, None, 1), "
         "torch.kl_div(x, u, 0, log_target=False), torch._C._nn.soft_margin_loss(x, y.sign(), 1))")
    case("loss_multilabel_soft_margin_f32", "loss", [N("x", (4, 5), sd=2.0), I("y", (4, 5), 0, 1, "f32"),
                                                     POS("w", (5,))],
         f"return ({F}multilabel_soft_margin_loss(x, y), {F}multilabel_soft_margin_loss(x, y, w, reduction='none'))")

# ---- products and distances (lib/Import/Torch/LinalgOps.cpp) ---------------

def define_linalg():
    for dt in ("f32", "f64"):
        case(f"linalg_dot_{dt}", "linalg", [N("x", (7,), dt), N("y", (7,), dt)], "torch.dot(x, y)")
    case("linalg_dot_method_f32", "linalg", [N("x", (5,)), N("y", (5,))], "x.dot(y)")
    case("linalg_vdot_f32", "linalg", [N("x", (5,)), N("y", (5,))], "torch.vdot(x, y)")
    case("linalg_inner_f32", "linalg", [N("x", (2, 3, 4)), N("y", (5, 4))], "torch.inner(x, y)")
    case("linalg_inner_scalar_f32", "linalg", [N("x", ()), N("y", (5, 4))], "torch.inner(x, y)")
    case("linalg_mv_f32", "linalg", [N("m", (4, 6)), N("v", (6,))], "torch.mv(m, v)")
    case("linalg_mv_method_f32", "linalg", [N("m", (4, 6)), N("v", (6,))], "m.mv(v)")
    case("linalg_addmv_f32", "linalg", [N("b", (4,)), N("m", (4, 6)), N("v", (6,))],
         "torch.addmv(b, m, v, beta=0.5, alpha=2.0)")
    case("linalg_addr_f32", "linalg", [N("b", (4, 3)), N("x", (4,)), N("y", (3,))],
         "torch.addr(b, x, y, alpha=-1.5)")
    case("linalg_addbmm_f32", "linalg", [N("b", (4, 5)), N("x", (3, 4, 6)), N("y", (3, 6, 5))],
         "torch.addbmm(b, x, y, beta=2.0)")
    case("linalg_tensordot_int_f32", "linalg", [N("x", (2, 3, 4)), N("y", (3, 4, 5))],
         "torch.tensordot(x, y, dims=2)")
    case("linalg_tensordot_lists_f32", "linalg", [N("x", (2, 3, 4)), N("y", (4, 2, 5))],
         "torch.tensordot(x, y, dims=([0, 2], [1, 0]))")
    case("linalg_kron_f32", "linalg", [N("x", (2, 3)), N("y", (4, 2))], "torch.kron(x, y)")
    case("linalg_kron_ranks_f32", "linalg", [N("x", (3,)), N("y", (2, 2))], "torch.kron(x, y)")
    case("linalg_trace_f32", "linalg", [N("x", (4, 6))], "torch.trace(x)")
    case("linalg_trace_i64", "linalg", [I("x", (3, 3), -9, 9)], "torch.trace(x)")
    case("linalg_cross_f32", "linalg", [N("x", (4, 3)), N("y", (4, 3))],
         "torch.cross(x, y, dim=1)")
    case("linalg_cross_broadcast_f32", "linalg", [N("x", (2, 3, 5)), N("y", (1, 3, 1))],
         "torch.linalg.cross(x, y, dim=1)")
    case("linalg_cross_default_dims_f32", "linalg", [N("x", (3, 3)), N("y", (3, 3))],
         "return (torch.linalg.cross(x, y), torch.cross(x, y, dim=0))")
    for p in ("1.0", "2.0", "3.0", "float('inf')", "0.0"):
        tag = {"1.0": "p1", "2.0": "p2", "3.0": "p3", "float('inf')": "pinf", "0.0": "p0"}[p]
        case(f"linalg_cdist_{tag}_f32", "linalg", [N("x", (2, 5, 4)), N("y", (2, 7, 4))],
             f"torch.cdist(x, y, p={p})")
    case("linalg_cdist_mm_f32", "linalg", [N("x", (30, 8)), N("y", (26, 8))], "torch.cdist(x, y)")
    case("linalg_cdist_mode_f32", "linalg", [N("x", (6, 8)), N("y", (5, 8))],
         "torch.cdist(x, y, compute_mode='use_mm_for_euclid_dist')")
    case("linalg_dist_f32", "linalg", [N("x", (3, 4)), N("y", (3, 4))], "torch.dist(x, y)")
    case("linalg_dist_p3_f32", "linalg", [N("x", (3, 4)), N("y", (4,))], "torch.dist(x, y, 3)")
    case("linalg_pairwise_distance_f32", "linalg", [N("x", (5, 8)), N("y", (5, 8))],
         "torch.nn.functional.pairwise_distance(x, y)")
    case("linalg_pairwise_distance_p1_f32", "linalg", [N("x", (5, 8)), N("y", (1, 8))],
         "torch.nn.functional.pairwise_distance(x, y, p=1.0, keepdim=True)")
    for dt in ("f32", "f16", "f64"):
        case(f"linalg_cosine_similarity_{dt}", "linalg", [N("x", (4, 16), dt), N("y", (4, 16), dt)],
             "torch.nn.functional.cosine_similarity(x, y)")
    case("linalg_cosine_similarity_dim_f32", "linalg", [N("x", (2, 3, 8)), N("y", (1, 3, 8))],
         "torch.cosine_similarity(x, y, dim=-1, eps=1e-6)")


# ---- stacking and rearranging forms (lib/Import/Torch/ArrangeOps.cpp) -------

def define_arrange():
    a, b = N("a", (2, 3)), N("b", (2, 3))
    v, w = N("v", (3,)), N("w", (4,))
    case("arrange_hstack_f32", "arrange", [a, b], "torch.hstack([a, b])")
    case("arrange_hstack_1d_f32", "arrange", [v, w], "torch.hstack((v, w))")
    case("arrange_vstack_f32", "arrange", [a, N("v", (3,))], "torch.vstack([a, v])")
    case("arrange_row_stack_f32", "arrange", [a, b], "torch.row_stack([a, b])")
    case("arrange_dstack_f32", "arrange", [a, b], "torch.dstack([a, b])")
    case("arrange_column_stack_f32", "arrange", [N("v", (2,)), a, N("s", ())],
         "torch.column_stack([v, a, s.expand(2)])")
    case("arrange_atleast_2d_f32", "arrange", [v], "torch.atleast_2d(v)")
    case("arrange_atleast_3d_f32", "arrange", [a, v, N("s", ())],
         "return torch.atleast_3d(a, v, s)")
    case("arrange_atleast_1d_list_f32", "arrange", [N("s", ()), v], "return torch.atleast_1d([s, v])")
    case("arrange_hsplit_f32", "arrange", [N("x", (2, 6, 2))], "return torch.hsplit(x, 3)")
    case("arrange_hsplit_indices_f32", "arrange", [N("x", (7,))], "return torch.hsplit(x, [2, 5])")
    case("arrange_vsplit_f32", "arrange", [N("x", (4, 3))], "return x.vsplit([1])")
    case("arrange_dsplit_f32", "arrange", [N("x", (2, 2, 4))], "return torch.dsplit(x, 2)")
    for k in (1, 2, 3, -1):
        tag = f"k{k}" if k >= 0 else "kneg1"
        case(f"arrange_rot90_{tag}_f32", "arrange", [N("x", (2, 3, 4))],
             f"torch.rot90(x, {k}, [1, 2])")
    case("arrange_rot90_default_f32", "arrange", [N("x", (3, 5))], "torch.rot90(x)")
    case("arrange_diag_embed_f32", "arrange", [N("x", (2, 4))], "torch.diag_embed(x)")
    case("arrange_diag_embed_offset_f32", "arrange", [N("x", (2, 3))],
         "torch.diag_embed(x, offset=1, dim1=0, dim2=2)")
    case("arrange_diag_embed_negative_f32", "arrange", [N("x", (3,))], "torch.diag_embed(x, -2)")
    case("arrange_diagonal_f32", "arrange", [N("x", (3, 4, 5))],
         "return (torch.diagonal(x), torch.diagonal(x, 1, 1, 2), x.diagonal(-1, 0, 2))")
    case("arrange_diagonal_i64", "arrange", [I("x", (4, 4), -9, 9)],
         "torch.diagonal(x, offset=2)")
    case("arrange_linalg_diagonal_f32", "arrange", [N("x", (2, 3, 3))],
         "torch.linalg.diagonal(x)")
    case("arrange_block_diag_f32", "arrange", [a, N("v", (2,)), N("s", ()), N("c", (3, 1))],
         "torch.block_diag(a, v, s, c)")
    case("arrange_tril_indices_i64", "arrange", [I("x", (1,), 0, 1)],
         "return (torch.tril_indices(4, 3) + x, torch.tril_indices(3, 5, 1) + x)")
    case("arrange_triu_indices_i64", "arrange", [I("x", (1,), 0, 1)],
         "return (torch.triu_indices(4, 4) + x, torch.triu_indices(3, 5, -1) + x)")
    case("arrange_channel_shuffle_f32", "arrange", [N("x", (2, 6, 3, 3))],
         "torch.nn.functional.channel_shuffle(x, 3)")
    case("arrange_pixel_unshuffle_f32", "arrange", [N("x", (1, 2, 6, 4))],
         "torch.nn.functional.pixel_unshuffle(x, 2)")


# ---- order statistics, NaN-aware sums, scans (StatisticsOps.cpp) -------------

def define_statistics():
    S = (4, 9)
    nan = [D("a", (2, 4), [1, 0, 2, 3, 0, 4, 5, 6]), D("b", (2, 4), [1, 0, 1, 1, 1, 0, 2, 3])]
    case("stat_nansum_f32", "statistics", nan, "return (torch.nansum(a / b, dim=1),)")
    case("stat_nansum_all_f32", "statistics", nan, "return (torch.nansum(a / b),)")
    case("stat_nanmean_f32", "statistics", nan, "return (torch.nanmean(a / b, dim=1, keepdim=True),)")
    case("stat_nansum_i64", "statistics", [I("x", S, -9, 9)], "torch.nansum(x, 0)")
    case("stat_count_nonzero_f32", "statistics", [I("x", S, -1, 1, "f32")],
         "return (torch.count_nonzero(x), torch.count_nonzero(x, dim=1))")
    case("stat_aminmax_f32", "statistics", [N("x", S)],
         "mn, mx = torch.aminmax(x, dim=1)\nreturn (mn, mx)")
    case("stat_aminmax_all_f32", "statistics", [N("x", S)], "return tuple(torch.aminmax(x))")
    case("stat_median_f32", "statistics", [distinct("x", S)], "return (torch.median(x),)")
    case("stat_median_dim_f32", "statistics", [distinct("x", S)],
         "v, i = torch.median(x, dim=1)\nreturn (v, i)")
    case("stat_median_dim_keepdim_f32", "statistics", [distinct("x", (4, 8))],
         "v, i = x.median(0, keepdim=True)\nreturn (v, i)")
    case("stat_kthvalue_f32", "statistics", [distinct("x", S)],
         "v, i = torch.kthvalue(x, 3)\nreturn (v, i)")
    case("stat_kthvalue_dim0_f32", "statistics", [distinct("x", S)],
         "v, i = torch.kthvalue(x, 2, 0, True)\nreturn (v, i)")
    for how in ("linear", "lower", "higher", "midpoint", "nearest"):
        case(f"stat_quantile_{how}_f32", "statistics", [distinct("x", S)],
             f"torch.quantile(x, 0.3, dim=1, interpolation='{how}')")
    case("stat_quantile_list_f32", "statistics", [distinct("x", S)],
         "return (torch.quantile(x, torch.tensor([0.1, 0.5, 0.95]), dim=0, keepdim=True),)")
    case("stat_quantile_all_f32", "statistics", [distinct("x", S)], "torch.quantile(x, 0.75)")
    mx = D("x", (3, 6), [1, 3, 3, 2, 2, 5, 4, 4, 1, 1, 1, 4, 7, 6, 5, 4, 3, 2])
    case("stat_mode_f32", "statistics", [mx, I("i", (4, 7), 0, 3)],
         "v, k = torch.mode(x, 1)\nw, j = x.mode(0, keepdim=True)\nu, m = torch.mode(i)\n"
         "return (v, k, w, j, u, m)")
    # Past 16 elements std::sort is no longer an insertion sort: the index is
    # the last of the mode's run in its order, not the last occurrence.
    case("stat_mode_ties_f32", "statistics",
         [D("x", (3, 40), [float(v) for v in np.clip(np.round(np.random.RandomState(0).randn(120) * 2), -1, 1)])],
         "v, k = torch.mode(x, 1)\nw, j = torch.mode(x, 0)\nreturn (v, k, w, j)")
    qnan = D("x", (3, 5), [1, 5, 2, 4, 3, 3, NAN, 0, 1, 2, NAN, NAN, NAN, NAN, NAN])
    case("stat_nanquantile_f32", "statistics", [qnan],
         "return (torch.nanquantile(x, 0.3, dim=1), torch.nanquantile(x, 0.5, dim=1, keepdim=True, "
         "interpolation='lower'), torch.nanquantile(x, torch.tensor([0.25, 0.9]), dim=1, interpolation='midpoint'), "
         "torch.quantile(x, 0.5, dim=1), torch.nanquantile(x, 0.6), torch.nanquantile(x, 0.4, dim=1, "
         "interpolation='nearest'), torch.nanquantile(x, 0.4, dim=1, interpolation='higher'))", allow_nan=True)
    case("stat_nanmedian_like_median_f64", "statistics", [distinct("x", (5,), "f64")],
         "torch.median(x)")
    for dt in ("f32", "f64"):
        case(f"stat_cumprod_{dt}", "statistics", [UNIT("x", (3, 11), dt)], "torch.cumprod(x, 1)")
    case("stat_cumprod_i64", "statistics", [I("x", (2, 7), -3, 3)], "torch.cumprod(x, dim=1)")
    case("stat_cumprod_method_f32", "statistics", [UNIT("x", (6, 2))], "x.cumprod(0)")
    # Products in order (PyTorch's CPU kernel, a double accumulator): 0 *
    # 3e38 * -3e38 is -0, where a product tree gave NaN; long lines near 1
    # and half types, where a tree in the half type rounded at every level.
    case("stat_cumprod_special_f32", "statistics",
         [D("x", (3, 4), [0, 3e38, -3e38, 2, 1, INF, 0, 5, -1e-30, 1e-30, 1e30, 1e30])],
         "torch.cumprod(x, 1)", allow_nan=True)
    case("stat_cumprod_long_f32", "statistics", [P("x", (2, 500), mean=1.0, std=0.1)],
         "torch.cumprod(x, 1)")
    for dt in ("f16", "bf16"):
        case(f"stat_cumprod_long_{dt}", "statistics", [P("x", (2, 300), dt, mean=1.0, std=0.1)],
             "torch.cumprod(x, 1)")
    for fn in ("cummax", "cummin"):
        case(f"stat_{fn}_f32", "statistics", [distinct("x", (3, 13))],
             f"v, i = torch.{fn}(x, 1)\nreturn (v, i)")
        case(f"stat_{fn}_ties_i64", "statistics", [I("x", (4, 9), 0, 3)],
             f"v, i = torch.{fn}(x, dim=1)\nreturn (v, i)")
    case("stat_logcumsumexp_f32", "statistics", [N("x", (3, 17), sd=4.0)],
         "torch.logcumsumexp(x, 1)")
    case("stat_logcumsumexp_dim0_f64", "statistics", [N("x", (9, 2), "f64", sd=4.0)],
         "torch.logcumsumexp(x, 0)")
    seq = D("s", (6,), [-2.0, -0.5, 0.0, 0.5, 1.0, 3.0])
    vals = D("v", (2, 5), [-3.0, -0.5, 0.2, 0.5, 4.0, 1.0, 1.0, -2.0, 2.5, 0.0])
    case("stat_searchsorted_f32", "statistics", [seq, vals], "torch.searchsorted(s, v)")
    # NaN values go after every boundary (they went first); infinite quantile
    # ends interpolate as torch's two-sided lerp does (-inf, not NaN).
    case("stat_searchsorted_nan_f32", "statistics",
         [D("s", (4,), [-1.0, 0.5, 2.0, 3.0]), D("v", (5,), [float("nan"), 0.5, 4.0, -2.0, float("nan")])],
         "return (torch.searchsorted(s, v), torch.searchsorted(s, v, right=True), "
         "torch.bucketize(v, s), torch.bucketize(v, s, right=True))")
    case("stat_quantile_inf_f32", "statistics",
         [D("x", (2, 4), [-float("inf"), 4.0, float("inf"), 0.0, -float("inf"), -float("inf"), 1.0, 2.0])],
         "return (torch.quantile(x, 0.25, dim=1), torch.nanquantile(x, 0.25, dim=1), "
         "torch.quantile(x, 0.5, dim=1, interpolation='midpoint'), torch.quantile(x, 0.9, dim=1))",
         allow_nan=True)
    case("stat_searchsorted_right_f32", "statistics", [seq, vals],
         "torch.searchsorted(s, v, right=True)")
    case("stat_searchsorted_side_i32_f32", "statistics", [seq, vals],
         "torch.searchsorted(s, v, side='right', out_int32=True)")
    case("stat_searchsorted_nd_f32", "statistics",
         [D("s", (2, 3), [0, 1, 2, -1, 0, 5]), D("v", (2, 2), [0.5, 2.0, 0.0, 7.0])],
         "torch.searchsorted(s, v)")
    case("stat_bucketize_f32", "statistics", [vals, seq], "torch.bucketize(v, s)")
    case("stat_bucketize_right_f32", "statistics", [vals, seq], "torch.bucketize(v, s, right=True)")
    rep = [3, 1, 4, 1, 5, 9, 2, 6, 5, 3, 5, 8, 9, 7, 9, 3, 2, 3]
    case("stat_unique_i64", "statistics", [D("x", (3, 6), rep, "i64")], "torch.unique(x)")
    case("stat_unique_all_f32", "statistics", [D("x", (3, 6), [r * 0.5 for r in rep])],
         "return tuple(torch.unique(x, return_inverse=True, return_counts=True))")
    case("stat_unique_method_i64", "statistics", [D("x", (18,), rep, "i64")],
         "v, c = x.unique(sorted=True, return_counts=True)\nreturn (v, c)")
    case("stat_unique_consecutive_i64", "statistics",
         [D("x", (12,), [1, 1, 2, 2, 2, 3, 1, 1, 4, 4, 2, 2], "i64")],
         "return tuple(torch.unique_consecutive(x, return_inverse=True, return_counts=True))")
    case("stat_softmin_f32", "statistics", [N("x", S)], "torch.nn.functional.softmin(x, dim=1)")
    case("stat_softmin_f16", "statistics", [N("x", S, "f16")], "torch.nn.functional.softmin(x, 0)")


# ---- torchvision's detection ops (lib/Import/Torch/VisionOps.cpp) -----------

def define_vision():
    rois = [0, 1.0, 1.0, 6.0, 5.5,
            1, 0.5, 2.0, 7.5, 7.0,
            0, 3.2, 0.1, 4.1, 3.9,
            1, 5.0, 5.0, 5.0, 6.0,   # zero width
            0, 6.0, 6.0, 2.0, 3.0]   # inverted
    x, r = N("x", (2, 3, 8, 8)), D("r", (5, 5), rois)
    for aligned in (False, True):
        for ratio in (-1, 2):
            tag = f"{'aligned' if aligned else 'legacy'}_r{'adaptive' if ratio < 0 else ratio}"
            case(f"vision_roi_align_{tag}_f32", "vision", [x, r],
                 f"torch.ops.torchvision.roi_align(x, r, 0.75, 3, 2, {ratio}, {aligned})")
    case("vision_roi_align_default_f32", "vision", [x, r],
         "torch.ops.torchvision.roi_align.default(x, r, 1.0, 2, 2, 0, True)")
    boxes = [0, 0, 4, 4, 1, 1, 5, 5, 0.5, 0.5, 4.5, 4.5, 10, 10, 14, 14,
             11, 11, 15, 15, 20, 0, 22, 2, 0, 0, 4, 4.2, 30, 30, 31, 31]
    scores = [0.9, 0.8, 0.95, 0.5, 0.6, 0.3, 0.85, 0.1]
    case("vision_nms_f32", "vision", [D("b", (8, 4), boxes), D("s", (8,), scores)],
         "torch.ops.torchvision.nms(b, s, 0.5)")
    case("vision_nms_strict_f32", "vision", [D("b", (8, 4), boxes), D("s", (8,), scores)],
         "return (torch.ops.torchvision.nms.default(b, s, 0.1) + 0,)")


# ---- activations ----------------------------------------------------------

def define_activations():
    S = (3, 4, 6)
    F = "torch.nn.functional."
    ops = {
        "relu": f"{F}relu(x)", "relu_inplace": f"{F}relu(x, inplace=True)",
        "relu_method": "x.relu()", "relu6": f"{F}relu6(x)", "silu": f"{F}silu(x)",
        "mish": f"{F}mish(x)", "hardswish": f"{F}hardswish(x)",
        "hardsigmoid": f"{F}hardsigmoid(x)", "gelu": f"{F}gelu(x)",
        "gelu_tanh": f"{F}gelu(x, approximate='tanh')",
        "leaky_relu": f"{F}leaky_relu(x, 0.2)", "leaky_relu_default": f"{F}leaky_relu(x)",
        "elu": f"{F}elu(x, alpha=1.5)", "softplus": f"{F}softplus(x)",
        "softplus_beta": f"{F}softplus(x, beta=2.0, threshold=5.0)",
        "hardtanh": f"{F}hardtanh(x, -0.5, 0.5)", "hardtanh_default": f"{F}hardtanh(x)",
        "sigmoid": "torch.sigmoid(x)", "tanh": f"{F}tanh(x)",
        "glu": f"{F}glu(x, dim=-1)", "glu_dim1": f"{F}glu(x, 1)",
        "dropout_eval": f"{F}dropout(x, 0.1, False, False)",
        "dropout2d_eval": f"{F}dropout2d(x, p=0.5, training=False)",
    }
    for op, expr in ops.items():
        for dt in FL:
            case(f"act_{op}_{dt}", "activation", [N("x", S, dt, sd=2.5)], expr)
    for dt in FL:
        case(f"act_prelu_{dt}", "activation", [N("x", (2, 3, 5), dt, sd=2.0),
                                               UNIT("w", (3,), dt)],
             "torch.nn.functional.prelu(x, w)")
    case("act_prelu_scalar_f32", "activation", [N("x", (2, 3, 5), sd=2.0), UNIT("w", (1,))],
         "torch.nn.functional.prelu(x, w)")
    case("act_relu_i64", "activation", [I("x", (4, 5), -5, 5)], "torch.relu(x)")


# ---- elementwise binary ---------------------------------------------------

NONZERO = [1.5, -2.0, 0.75, -0.5, 3.0]
INZ = [3, -2, 5, -4, 7]


def define_binary():
    S, SB = (3, 4, 5), (4, 5)
    for dt in FL:
        x, y = N("x", S, dt), N("y", SB, dt)
        yc = N("y", (3, 1, 5), dt)
        case(f"binary_add_{dt}", "binary", [x, y], "torch.add(x, y)")
        case(f"binary_add_op_bcast_{dt}", "binary", [N("x", (4, 1), dt), yc], "x + y")
        case(f"binary_add_alpha_{dt}", "binary", [x, y], "torch.add(x, y, alpha=2)")
        case(f"binary_add_scalar_{dt}", "binary", [x], "x + 1.5")
        case(f"binary_radd_scalar_{dt}", "binary", [x], "0.1 + x")
        case(f"binary_sub_{dt}", "binary", [x, y], "x - y")
        case(f"binary_sub_alpha_{dt}", "binary", [x, y], "torch.sub(x, y, alpha=0.5)")
        case(f"binary_rsub_scalar_{dt}", "binary", [x], "1.0 - x")
        case(f"binary_rsub_fn_{dt}", "binary", [x, y], "torch.rsub(x, y)")
        case(f"binary_rsub_alpha_{dt}", "binary", [x, y], "torch.rsub(x, y, alpha=2)")
        case(f"binary_mul_{dt}", "binary", [x, y], "torch.mul(x, y)")
        case(f"binary_mul_scalar_{dt}", "binary", [x], "x * 0.125")
        case(f"binary_mul_scalar_inexact_{dt}", "binary", [x], "x * 0.1")
        case(f"binary_div_{dt}", "binary", [x, D("y", (5,), NONZERO, dt)], "x / y")
        case(f"binary_div_scalar_{dt}", "binary", [x], "x / 3.0")
        case(f"binary_rdiv_scalar_{dt}", "binary", [POS("x", S, dt)], "1.0 / x")
        case(f"binary_div_floor_{dt}", "binary", [N("x", S, dt, sd=4.0), D("y", (5,), NONZERO, dt)],
             "torch.div(x, y, rounding_mode='floor')")
        case(f"binary_div_trunc_{dt}", "binary", [N("x", S, dt, sd=4.0), D("y", (5,), NONZERO, dt)],
             "torch.div(x, y, rounding_mode='trunc')")
        case(f"binary_floor_divide_{dt}", "binary",
             [N("x", S, dt, sd=4.0), D("y", (5,), NONZERO, dt)], "x // y")
        case(f"binary_remainder_{dt}", "binary",
             [N("x", S, dt, sd=4.0), D("y", (5,), NONZERO, dt)], "torch.remainder(x, y)")
        case(f"binary_mod_op_scalar_{dt}", "binary", [N("x", S, dt, sd=4.0)], "x % 1.5")
        case(f"binary_fmod_{dt}", "binary",
             [N("x", S, dt, sd=4.0), D("y", (5,), NONZERO, dt)], "torch.fmod(x, y)")
        case(f"binary_pow_scalar_{dt}", "binary", [POS("x", S, dt)], "torch.pow(x, 3)")
        case(f"binary_pow_half_{dt}", "binary", [POS("x", S, dt)], "x ** 0.5")
        case(f"binary_pow_neg_{dt}", "binary", [POS("x", S, dt)], "x ** -2")
        case(f"binary_pow_tensor_{dt}", "binary", [POS("x", S, dt), N("y", SB, dt)],
             "torch.pow(x, y)")
        case(f"binary_rpow_scalar_{dt}", "binary", [N("x", S, dt)], "2 ** x")
        case(f"binary_maximum_{dt}", "binary", [x, y], "torch.maximum(x, y)")
        case(f"binary_minimum_{dt}", "binary", [x, y], "torch.minimum(x, y)")
        case(f"binary_fmax_{dt}", "binary", [x, y], "torch.fmax(x, y)")
        case(f"binary_max_other_{dt}", "binary", [x, y], "torch.max(x, y)")
        case(f"binary_atan2_{dt}", "binary", [x, y], "torch.atan2(x, y)")
        case(f"binary_addcmul_{dt}", "binary", [x, N("y", SB, dt), N("z", S, dt)],
             "torch.addcmul(x, y, z, value=0.5)")
        case(f"binary_addcdiv_{dt}", "binary", [x, N("y", SB, dt), POS("z", S, dt)],
             "torch.addcdiv(x, y, z, value=2)")
        case(f"binary_lerp_scalar_{dt}", "binary", [x, y], "torch.lerp(x, y, 0.3)")
        case(f"binary_lerp_tensor_{dt}", "binary", [x, y, UNIT("w", SB, dt)],
             "torch.lerp(x, y, w)")
        # Weights 0, 1 and past them give the end points exactly (the
        # two-sided formula); infinite ends stay infinite.
        case(f"binary_lerp_edges_{dt}", "binary",
             [D("x", (6,), [-float("inf"), 1.0, 0.1, 2.0, -3.0, 5.0], dt),
              D("y", (6,), [0.0, 3.0, 0.7, -1.0, float("inf"), 5.5], dt),
              D("w", (6,), [0.75, 1.0, 0.9, 0.0, 0.25, 1.5], dt)],
             "return (torch.lerp(x, y, w), torch.lerp(x, y, 1.0), torch.lerp(x, y, 0.75))",
             allow_nan=True)
        case(f"binary_inplace_add_{dt}", "binary", [x, y], "x = x.clone()\nx.add_(y)\nx.mul_(2)\n"
             "return (x,)")
    # integers
    for dt in ("i64", "i32"):
        x, y = I("x", S, -20, 20, dt), I("y", SB, -20, 20, dt)
        nz = D("y", (5,), INZ, dt)
        case(f"binary_add_{dt}", "binary", [x, y], "x + y")
        case(f"binary_sub_{dt}", "binary", [x, y], "x - y")
        case(f"binary_mul_{dt}", "binary", [x, y], "x * y")
        case(f"binary_add_alpha_{dt}", "binary", [x, y], "torch.add(x, y, alpha=3)")
        case(f"binary_add_int_scalar_{dt}", "binary", [x], "x + 7")
        case(f"binary_add_float_scalar_{dt}", "binary", [x], "x + 1.5")
        case(f"binary_mul_float_scalar_{dt}", "binary", [x], "x * 0.5")
        case(f"binary_div_{dt}", "binary", [x, nz], "x / y")
        case(f"binary_div_floor_{dt}", "binary", [x, nz], "torch.div(x, y, rounding_mode='floor')")
        case(f"binary_div_trunc_{dt}", "binary", [x, nz], "torch.div(x, y, rounding_mode='trunc')")
        case(f"binary_floor_divide_{dt}", "binary", [x, nz], "x // y")
        case(f"binary_floor_divide_scalar_{dt}", "binary", [x], "x // 3")
        case(f"binary_remainder_{dt}", "binary", [x, nz], "torch.remainder(x, y)")
        case(f"binary_mod_op_scalar_{dt}", "binary", [x], "x % 3")
        case(f"binary_fmod_{dt}", "binary", [x, nz], "torch.fmod(x, y)")
        case(f"binary_maximum_{dt}", "binary", [x, y], "torch.maximum(x, y)")
        case(f"binary_minimum_{dt}", "binary", [x, y], "torch.minimum(x, y)")
        case(f"binary_pow_scalar_{dt}", "binary", [I("x", S, -9, 9, dt)], "x ** 3")
        case(f"binary_pow_float_scalar_{dt}", "binary", [I("x", S, 0, 9, dt)], "x ** 0.5")
        case(f"binary_bitwise_and_{dt}", "binary", [x, y], "x & y")
        case(f"binary_bitwise_or_{dt}", "binary", [x, y], "torch.bitwise_or(x, y)")
        case(f"binary_bitwise_xor_{dt}", "binary", [x, y], "x ^ y")
    for op, expr in (("and", "x & y"), ("or", "x | y"), ("xor", "x ^ y")):
        case(f"binary_bitwise_{op}_bool", "binary", [B("x", S), B("y", SB)], expr)
    case("binary_add_bool", "binary", [B("x", S), B("y", SB)], "x + y")
    case("binary_mul_bool", "binary", [B("x", S), B("y", SB)], "x * y")
    case("binary_mul_u8", "binary", [I("x", S, 0, 15, "u8"), I("y", SB, 0, 15, "u8")], "x * y")
    # type promotion
    case("promote_f16_f32", "promotion", [N("x", S, "f16"), N("y", SB, "f32")], "x + y",
         dtype="f16")
    case("promote_bf16_f16", "promotion", [N("x", S, "bf16"), N("y", SB, "f16")], "x * y",
         dtype="bf16")
    case("promote_bf16_f32", "promotion", [N("x", S, "bf16"), N("y", SB, "f32")], "x - y",
         dtype="bf16")
    case("promote_f32_f64", "promotion", [N("x", S, "f32"), N("y", SB, "f64")], "x + y")
    case("promote_i64_f32", "promotion", [I("x", S, -9, 9), N("y", SB)], "x * y", dtype="i64")
    case("promote_i64_f16", "promotion", [I("x", S, -9, 9), N("y", SB, "f16")], "x + y",
         dtype="i64")
    case("promote_i32_i64", "promotion", [I("x", S, -9, 9, "i32"), I("y", SB, -9, 9)], "x + y",
         dtype="i32")
    case("promote_u8_i8", "promotion", [I("x", S, 0, 200, "u8"), I("y", SB, -100, 100, "i8")],
         "x + y", dtype="u8")
    case("promote_bool_i64", "promotion", [B("x", S), I("y", SB, -9, 9)], "x + y", dtype="bool")
    case("promote_bool_f32", "promotion", [B("x", S), N("y", SB)], "x * y", dtype="bool")
    case("promote_f16_scalar_tensor_f32", "promotion", [N("x", S, "f16"), N("y", [], "f32")],
         "x * y", dtype="f16")
    case("promote_f32_scalar_tensor_f64", "promotion", [N("x", S, "f32"), N("y", [], "f64")],
         "x + y")
    case("promote_i64_scalar_tensor_f32", "promotion", [I("x", S, -9, 9), N("y", [], "f32")],
         "x * y", dtype="i64")
    case("promote_bf16_scalar_tensor_f32", "promotion", [N("x", S, "bf16"), N("y", [], "f32")],
         "x + y", dtype="bf16")
    case("promote_f16_int_tensor_0d", "promotion", [N("x", S, "f16"), I("y", [1], 1, 5)],
         "x * y.squeeze()", dtype="f16")
    case("promote_i64_div_scalar", "promotion", [I("x", S, -20, 20)], "x / 4", dtype="i64")
    case("promote_bool_add_scalar", "promotion", [B("x", S)], "x + 1", dtype="bool")
    case("promote_bool_float_scalar", "promotion", [B("x", S)], "x * 2.5", dtype="bool")
    case("promote_i32_float_scalar", "promotion", [I("x", S, -9, 9, "i32")], "x * 0.5",
         dtype="i32")
    case("promote_where_f16_f32", "promotion", [B("c", S), N("x", S, "f16"), N("y", SB)],
         "torch.where(c, x, y)", dtype="f16")
    case("promote_cat_f16_f32", "promotion", [N("x", (2, 5), "f16"), N("y", (3, 5))],
         "torch.cat([x, y], 0)", dtype="f16")
    case("promote_cat_i64_f32", "promotion", [I("x", (2, 5), -9, 9), N("y", (3, 5))],
         "torch.cat([x, y], 0)", dtype="i64")


# ---- comparisons, logical -------------------------------------------------

def define_compare():
    S, SB = (3, 4, 5), (4, 5)
    ops = {"eq": "==", "ne": "!=", "lt": "<", "le": "<=", "gt": ">", "ge": ">="}
    for name, sym in ops.items():
        for dt in FL:
            # integral-valued floats so that ties occur
            case(f"cmp_{name}_{dt}", "compare", [P("x", S, dt, mean=0, std=10, lo=-2, hi=2),
                                                 P("y", SB, dt, mean=0, std=10, lo=-2, hi=2)],
                 f"torch.{name}(torch.round(x), torch.round(y))")
            case(f"cmp_{name}_scalar_{dt}", "compare", [N("x", S, dt)], f"x {sym} 0.25")
        for dt in ("i64", "i32"):
            case(f"cmp_{name}_{dt}", "compare", [I("x", S, -2, 2, dt), I("y", SB, -2, 2, dt)],
                 f"x {sym} y")
            case(f"cmp_{name}_scalar_{dt}", "compare", [I("x", S, -2, 2, dt)], f"x {sym} 1")
        case(f"cmp_{name}_bool", "compare", [B("x", S), B("y", SB)], f"x {sym} y")
    # the scalar is rounded to the tensor's dtype before comparing (torch semantics)
    for dt in ("f16", "bf16"):
        vals = [0.1, 0.2, 0.3, 0.7, 1.1, 0.05, 0.15, 0.25]
        case(f"cmp_scalar_rounding_{dt}", "compare", [D("x", (8,), vals, dt)],
             "return (x == 0.1, x >= 0.3, x < 0.7, x != 1.1)")
    case("cmp_i64_float_scalar", "compare", [I("x", S, -3, 3)], "return (x > 0.5, x == 1.0)",
         dtype="i64")
    case("cmp_f32_i64", "compare", [P("x", S, "f32", std=10, lo=-2, hi=2), I("y", SB, -2, 2)],
         "torch.round(x) == y")
    for name in ("and", "or", "xor"):
        case(f"logical_{name}_bool", "logical", [B("x", S), B("y", SB)],
             f"torch.logical_{name}(x, y)")
        case(f"logical_{name}_f32", "logical",
             [D("x", (6,), [0.0, 1.0, -2.0, 0.0, 0.5, -0.0]), D("y", (6,), [0.0, 0.0, 3.0, 1.0, 0.0, 2.0])],
             f"torch.logical_{name}(x, y)")
        case(f"logical_{name}_i64", "logical", [I("x", S, -1, 1), I("y", SB, -1, 1)],
             f"torch.logical_{name}(x, y)")


# ---- where / masked_fill / clamp ------------------------------------------

def define_select():
    S = (3, 4, 5)
    for dt in FL + ("i64",):
        x = N("x", S, dt) if dt in FL else I("x", S, -9, 9)
        y = N("y", (5,), dt) if dt in FL else I("y", (5,), -9, 9)
        case(f"where_{dt}", "where", [B("c", (4, 1)), x, y], "torch.where(c, x, y)", dtype=dt)
        case(f"where_scalar_{dt}", "where", [B("c", S), x], "torch.where(c, x, 0)", dtype=dt)
        case(f"where_cond_expr_{dt}", "where", [x], "torch.where(x > 0, x, x * 2)", dtype=dt)
        case(f"masked_fill_{dt}", "masked_fill", [x, B("m", (4, 5))],
             "x.masked_fill(m, -3)", dtype=dt)
        case(f"masked_fill_fn_{dt}", "masked_fill", [x, B("m", (1, 5))],
             "torch.masked_fill(x, m, 2)", dtype=dt)
    for dt in FL:
        x = N("x", S, dt)
        case(f"where_scalars_{dt}", "where", [x], "torch.where(x > 0, 1.0, -1.0)", dtype=dt)
        case(f"masked_fill_neg_inf_{dt}", "masked_fill", [x, B("m", (4, 5))],
             "x.masked_fill(m, float('-inf'))")
        case(f"masked_fill_min_{dt}", "masked_fill", [x, B("m", (4, 5))],
             f"x.masked_fill(m, {float(torch.finfo(getattr(torch, TORCH_DTYPE[dt][6:])).min)!r})")
        case(f"masked_fill_tensor_value_{dt}", "masked_fill", [x, B("m", (4, 5)), N("v", [], dt)],
             "x.masked_fill(m, v)")
        case(f"masked_fill_inplace_{dt}", "masked_fill", [x, B("m", (4, 5))],
             "x = x.clone()\nx.masked_fill_(m, 0.5)\nreturn (x,)")
        case(f"clamp_{dt}", "clamp", [x], "torch.clamp(x, -0.5, 0.75)")
        case(f"clamp_min_kw_{dt}", "clamp", [x], "x.clamp(min=0.0)")
        case(f"clamp_max_kw_{dt}", "clamp", [x], "torch.clamp(x, max=0.3)")
        case(f"clamp_min_{dt}", "clamp", [x], "torch.clamp_min(x, -0.1)")
        case(f"clamp_max_{dt}", "clamp", [x], "x.clamp_max(0.2)")
        case(f"clip_{dt}", "clamp", [x], "torch.clip(x, -1, 1)")
        case(f"clamp_tensor_{dt}", "clamp", [x, N("lo", (5,), dt, mean=-0.5),
                                              N("hi", (4, 5), dt, mean=0.5, sd=0.3)],
             "torch.clamp(x, lo, hi)")
    case("clamp_i64", "clamp", [I("x", S, -20, 20)], "torch.clamp(x, -5, 7)")
    case("clamp_min_i64", "clamp", [I("x", S, -20, 20)], "x.clamp(min=0)")
    case("clamp_float_bounds_i64", "clamp", [I("x", S, -20, 20)], "torch.clamp(x, -2.5, 3.5)")
    # min > max: max everywhere, NaN kept (gn.clamp refused the bounds).
    case("clamp_crossed_bounds_f32", "clamp",
         [D("x", (5,), [0.0, 5.0, 10.0, float("nan"), -3.0])],
         "return (torch.clamp(x, 8.0, 3.0), x.clip(min=1.0, max=-1.0))", allow_nan=True)
    case("clamp_crossed_bounds_i64", "clamp", [I("x", S, -20, 20)], "torch.clamp(x, 7, -5)")
    case("masked_fill_bool", "masked_fill", [B("x", S), B("m", (4, 5))], "x.masked_fill(m, True)")
    case("where_bool", "where", [B("c", S), B("x", S), B("y", S)], "torch.where(c, x, y)")


# ---- conversions -----------------------------------------------------------

def define_convert():
    S = (4, 6)
    conv = {
        "f32_to_f16": ("f32", "x.half()"), "f32_to_f16_to": ("f32", "x.to(torch.float16)"),
        "f32_to_bf16": ("f32", "x.bfloat16()"), "f32_to_bf16_to": ("f32", "x.to(dtype=torch.bfloat16)"),
        "f32_to_f64": ("f32", "x.double()"), "f64_to_f32": ("f64", "x.float()"),
        "f64_to_f16": ("f64", "x.half()"), "f64_to_bf16": ("f64", "x.bfloat16()"),
        "f32_to_i64": ("f32", "x.long()"), "f32_to_i32": ("f32", "x.int()"),
        "f32_to_bool": ("f32", "x.bool()"), "f16_to_f32": ("f16", "x.float()"),
        "bf16_to_f32": ("bf16", "x.float()"), "bf16_to_f16": ("bf16", "x.half()"),
        "f16_to_bf16": ("f16", "x.to(torch.bfloat16)"), "f16_to_i64": ("f16", "x.long()"),
        "bf16_to_i64": ("bf16", "x.long()"), "f32_type": ("f32", "x.type(torch.float64)"),
        "f32_to_cpu": ("f32", "x.to('cpu')"), "f32_to_device_dtype": ("f32", "x.to('cpu', torch.float16)"),
        "f32_contiguous": ("f32", "x.contiguous()"), "f32_clone_detach": ("f32", "x.clone().detach()"),
        "f64_to_i64": ("f64", "x.to(torch.int64)"),
    }
    for name, (dt, expr) in conv.items():
        case(f"convert_{name}", "convert", [N("x", S, dt, sd=3.0)], expr, dtype=dt)
    ints = {
        "i64_to_f32": ("i64", "x.float()"), "i64_to_f16": ("i64", "x.half()"),
        "i64_to_bf16": ("i64", "x.bfloat16()"), "i64_to_f64": ("i64", "x.double()"),
        "i64_to_i32": ("i64", "x.int()"), "i32_to_i64": ("i32", "x.long()"),
        "i64_to_bool": ("i64", "x.bool()"), "i64_to_u8": ("i64", "x.to(torch.uint8)"),
        "u8_to_f32": ("u8", "x.float()"), "i32_to_f32": ("i32", "x.float()"),
    }
    for name, (dt, expr) in ints.items():
        lo = 0 if dt == "u8" or name.endswith("u8") else -300
        case(f"convert_{name}", "convert", [I("x", S, lo, 300, dt)], expr, dtype=dt)
    for name, expr in (("bool_to_f32", "x.float()"), ("bool_to_i64", "x.long()"),
                       ("bool_to_f16", "x.half()"), ("bool_to_u8", "x.byte()"),
                       ("bool_to_bf16", "x.to(torch.bfloat16)")):
        case(f"convert_{name}", "convert", [B("x", S)], expr, dtype="bool")
    case("convert_f32_to_u8", "convert", [P("x", S, mean=100, std=300, lo=0, hi=255)], "x.byte()")
    case("convert_type_as", "convert", [N("x", S), N("y", (2,), "f16")], "x.type_as(y)")
    case("convert_to_other", "convert", [N("x", S, "bf16"), N("y", (2,), "f64")], "x.to(y.dtype)",
         dtype="bf16")
    # rounding edges: halfway cases, overflow, subnormals
    edges = [1.00390625, 1.01171875, -1.00390625, 65504.0, 65520.0, 70000.0, -70000.0, 1e-8,
             6e-8, 3e-5, 3.0e38, 1.0000001, 0.1, 2.5, -0.0, 1e-40]
    # Float to integer past the type's range, NaN and infinities (x / (x - x)
    # gives +-inf and, at 0, NaN): the frameworks' CPU kernels truncate into
    # int64 (int64, uint8) or int32 (the rest), out of range -> that type's
    # minimum, then wrap (-1.5 -> uint8 255, 300 -> int8 44).
    wrap = [-1.5, 300.0, -129.7, 65537.5, -65537.5, 3e9, -3e9, 1e20, 2.7, -0.9, 2147483520.0,
            -2147483648.0, 255.9, 256.0, -2.0**63, 0.0]
    for src in ("f32", "f64", "f16"):
        for dst in ("i64", "i32", "i16", "i8", "u8"):
            case(f"convert_wrap_{src}_to_{dst}", "convert", [D("x", (16,), wrap, src)],
                 f"torch.cat([x, x / (x - x)]).to({TORCH_DTYPE[dst]})", dtype=src)
    case("convert_wrap_f64_to_u8_int64_route", "convert",
         [D("x", (4,), [3000000007.0, 2.0**40 + 5, -3000000007.0, 4294967303.0], "f64")],
         "x.to(torch.uint8)", dtype="f64")
    case("convert_edges_f32_to_f16", "convert", [D("x", (16,), edges)], "x.half()")
    case("convert_edges_f32_to_bf16", "convert", [D("x", (16,), edges)], "x.bfloat16()")
    case("convert_edges_f64_to_f32", "convert",
         [D("x", (6,), [1.0 + 2.0**-24, 1.0 + 3 * 2.0**-24, 1e-46, 1e39, 0.1, -2.5], "f64")],
         "x.float()")
    case("convert_edges_f32_to_i64", "convert",
         [D("x", (8,), [-2.7, -2.5, -0.5, 0.5, 2.5, 2.7, 1e6, -1e6])], "x.long()")


# ---- reductions ------------------------------------------------------------

def define_reductions():
    S = (3, 4, 5)
    red = {
        "sum_all": "torch.sum(x)", "sum_dim": "x.sum(1)", "sum_dims_keepdim": "torch.sum(x, dim=(0, 2), keepdim=True)",
        "sum_neg_dim": "x.sum(dim=-1)", "mean_all": "x.mean()", "mean_dim_keepdim": "x.mean(-1, keepdim=True)",
        "mean_dims": "torch.mean(x, [0, 2])", "amax": "torch.amax(x, dim=1)",
        "amin_dims": "torch.amin(x, dim=(0, 2), keepdim=True)", "max_all": "torch.max(x)",
        "min_all": "x.min()", "var": "torch.var(x, dim=1)", "var_unbiased_false": "x.var(-1, unbiased=False)",
        "var_correction0_keepdim": "torch.var(x, dim=(1, 2), correction=0, keepdim=True)",
        "var_all": "x.var()", "std": "torch.std(x, dim=-1)", "std_all": "x.std()",
        "std_unbiased_false_keepdim": "torch.std(x, 1, unbiased=False, keepdim=True)",
        "norm": "torch.norm(x)", "norm_dim": "x.norm(dim=-1)", "norm_p1_dim": "torch.norm(x, p=1, dim=1)",
        "norm_p2_keepdim": "x.norm(2, -1, True)", "vector_norm": "torch.linalg.vector_norm(x, dim=-1)",
        "vector_norm_inf": "torch.linalg.vector_norm(x, ord=float('inf'), dim=1)",
        "linalg_norm_dim": "torch.linalg.norm(x, dim=-1)",
        "logsumexp": "torch.logsumexp(x, dim=-1)", "logsumexp_keepdim": "x.logsumexp(1, keepdim=True)",
        "cumsum": "torch.cumsum(x, dim=1)", "cumsum_neg": "x.cumsum(-1)",
        "nansum": "torch.nansum(x, 1)",
    }
    for name, expr in red.items():
        for dt in FL:
            case(f"reduce_{name}_{dt}", "reduction", [N("x", S, dt)], expr)
    # Norm orders beyond 1, 2, inf, dtype=, and linalg.norm's matrix norms.
    norms = {
        "vector_norm_p3": "torch.linalg.vector_norm(x, 3, dim=1)",
        "vector_norm_p0": "torch.linalg.vector_norm(torch.relu(x), 0, dim=-1)",
        "vector_norm_neg_inf_keepdim": "torch.linalg.vector_norm(x, float('-inf'), (0, 2), True)",
        "vector_norm_half_order": "torch.linalg.vector_norm(x, 0.5)",
        "vector_norm_dtype_f64": "torch.linalg.vector_norm(x, dim=0, dtype=torch.float64)",
        "norm_p3_method": "x.norm(3, dim=2)",
        "linalg_norm_matrix_ord1": "torch.linalg.norm(x[0], 1)",
        "linalg_norm_matrix_neg_ord1_dims": "torch.linalg.norm(x, -1, dim=(2, 0))",
        "linalg_norm_matrix_inf_keepdim": "torch.linalg.norm(x, float('inf'), dim=(-1, 1), keepdim=True)",
        "linalg_norm_fro_dims": "torch.linalg.norm(x, 'fro', dim=(0, 1))",
    }
    for name, expr in norms.items():
        case(f"reduce_{name}_f32", "reduction", [N("x", S)], expr)
    for dt in LOWP:  # the general order and a matrix order in the half types
        for name in ("vector_norm_p3", "linalg_norm_matrix_ord1"):
            case(f"reduce_{name}_{dt}", "reduction", [N("x", S, dt)], norms[name])
    for dt in FL:
        case(f"reduce_prod_{dt}", "reduction", [N("x", S, dt, mean=1.0, sd=0.3)], "torch.prod(x, 1)")
        case(f"reduce_prod_all_{dt}", "reduction", [N("x", (2, 5), dt, mean=1.0, sd=0.3)], "x.prod()")
        d = distinct("x", S, dt)
        case(f"reduce_argmax_{dt}", "reduction", [d], "torch.argmax(x)")
        case(f"reduce_argmax_dim_{dt}", "reduction", [d], "x.argmax(dim=-1)")
        case(f"reduce_argmax_keepdim_{dt}", "reduction", [d], "torch.argmax(x, 1, keepdim=True)")
        case(f"reduce_argmin_dim_{dt}", "reduction", [d], "torch.argmin(x, dim=0)")
        case(f"reduce_max_dim_{dt}", "reduction", [d], "r = torch.max(x, 1)\nreturn (r[0], r[1])")
        case(f"reduce_max_dim_keepdim_{dt}", "reduction", [d],
             "values, indices = x.max(dim=-1, keepdim=True)\nreturn (values, indices)")
        case(f"reduce_min_dim_{dt}", "reduction", [d], "r = torch.min(x, dim=0)\nreturn (r[0], r[1])")
        case(f"reduce_sum_dtype_f32_{dt}", "reduction", [N("x", S, dt)], "torch.sum(x, -1, dtype=torch.float32)")
        case(f"reduce_mean_dtype_f64_{dt}", "reduction", [N("x", S, dt)], "x.mean(dim=1, dtype=torch.float64)")
        case(f"reduce_cumsum_dtype_f32_{dt}", "reduction", [N("x", S, dt)], "torch.cumsum(x, 1, dtype=torch.float32)")
        case(f"reduce_softmax_then_sum_{dt}", "reduction", [N("x", S, dt)], "x.softmax(-1).sum(-1)")
    for dt in ("i64", "i32"):
        x = I("x", S, -9, 9, dt)
        case(f"reduce_sum_all_{dt}", "reduction", [x], "x.sum()")
        case(f"reduce_sum_dim_{dt}", "reduction", [x], "torch.sum(x, 1)")
        case(f"reduce_prod_dim_{dt}", "reduction", [I("x", S, -3, 3, dt)], "torch.prod(x, -1)")
        case(f"reduce_amax_{dt}", "reduction", [x], "torch.amax(x, -1)")
        case(f"reduce_max_all_{dt}", "reduction", [x], "x.max()")
        case(f"reduce_cumsum_{dt}", "reduction", [x], "torch.cumsum(x, 0)")
        case(f"reduce_sum_dtype_f32_{dt}", "reduction", [x], "x.sum(1, dtype=torch.float32)")
        case(f"reduce_mean_dtype_{dt}", "reduction", [x], "x.mean(-1, dtype=torch.float32)")
        # ties: torch documents that the first maximal index is returned
        case(f"reduce_argmax_ties_{dt}", "reduction", [I("x", S, 0, 2, dt)], "torch.argmax(x, dim=-1)")
        case(f"reduce_argmin_ties_{dt}", "reduction", [I("x", S, 0, 2, dt)], "torch.argmin(x, dim=1)")
        case(f"reduce_max_dim_ties_{dt}", "reduction", [I("x", S, 0, 2, dt)],
             "r = x.max(-1)\nreturn (r[0], r[1])")
    case("reduce_sum_bool", "reduction", [B("x", S)], "x.sum(-1)")
    case("reduce_sum_all_bool", "reduction", [B("x", S)], "torch.sum(x)")
    case("reduce_cumsum_bool", "reduction", [B("x", S)], "x.cumsum(1)")
    case("reduce_any_bool", "reduction", [B("x", S)], "torch.any(x, dim=-1)")
    case("reduce_any_all_bool", "reduction", [B("x", S)], "x.any()")
    case("reduce_all_bool", "reduction", [B("x", (3, 4, 2))], "torch.all(x, 1)")
    case("reduce_all_keepdim_bool", "reduction", [B("x", (3, 2))], "x.all(dim=-1, keepdim=True)")
    case("reduce_any_f32", "reduction", [D("x", (2, 3), [0.0, 0.0, 1.0, 0.0, 0.0, 0.0])], "torch.any(x, 1)")
    case("reduce_all_i64", "reduction", [I("x", S, 0, 3)], "torch.all(x, -1)")
    case("reduce_amax_bool", "reduction", [B("x", S)], "torch.amax(x, -1)")
    case("reduce_logsumexp_neg_inf_f32", "reduction",
         [D("x", (2, 4), [0.5, float("-inf"), 1.0, -2.0, float("-inf"), 3.0, 0.0, 1.0])],
         "torch.logsumexp(x, -1)")
    case("reduce_max_nan_f32", "reduction", [D("x", (2, 3), [1.0, float("nan"), 2.0, 0.5, -1.0, 3.0])],
         "return (torch.amax(x, -1), torch.max(x, dim=-1)[0], x.sum(-1))", allow_nan=True)


# ---- softmax -------------------------------------------------------------

def define_softmax():
    S = (3, 4, 6)
    sm = {
        "softmax_last": "torch.softmax(x, dim=-1)", "softmax_dim1": "torch.nn.functional.softmax(x, dim=1)",
        "softmax_dim0": "x.softmax(0)", "softmax_method_kw": "x.softmax(dim=-1)",
        "log_softmax_last": "torch.nn.functional.log_softmax(x, dim=-1)",
        "log_softmax_dim1": "x.log_softmax(1)", "log_softmax_dim0": "torch.log_softmax(x, 0)",
        "softmax_large": "torch.softmax(x * 30.0, dim=-1)",
    }
    for name, expr in sm.items():
        for dt in FL:
            case(f"{name}_{dt}", "softmax", [N("x", S, dt, sd=2.0)], expr)
    for dt in LOWP:
        case(f"softmax_dtype_f32_{dt}", "softmax", [N("x", S, dt, sd=2.0)],
             "torch.nn.functional.softmax(x, dim=-1, dtype=torch.float32)")
        case(f"log_softmax_dtype_f32_{dt}", "softmax", [N("x", S, dt, sd=2.0)],
             "torch.log_softmax(x, -1, dtype=torch.float32)")
        case(f"softmax_float_then_cast_{dt}", "softmax", [N("x", S, dt, sd=2.0)],
             f"torch.softmax(x.float(), dim=-1).to({TORCH_DTYPE[dt]})")
        # dtype third positionally (torch.softmax, the method).
        case(f"softmax_dtype_positional_{dt}", "softmax", [N("x", S, dt, sd=2.0)],
             "return (torch.softmax(x, -1, torch.float32), x.log_softmax(1, torch.float32))")
    # (ATen's _softmax(x, dim, half_to_float=True) has no CPU kernel to take goldens from.)
    case("dropout_torch_train_keyword_f32", "softmax", [N("x", S)],
         "return (torch.dropout(x, 0.5, train=False), torch.alpha_dropout(x, 0.2, False))")
    for dt in FL:
        # masked softmax as attention writes it; every row keeps >= 1 element
        mask = np.array([[0, 1, 1, 0, 1, 1], [1, 1, 0, 0, 0, 0], [0, 0, 0, 0, 0, 0],
                         [1, 0, 1, 0, 1, 0]], dtype=bool)
        case(f"softmax_masked_{dt}", "softmax", [N("x", S, dt, sd=2.0), D("m", (4, 6), mask, "bool")],
             "torch.softmax(x.masked_fill(m, float('-inf')), dim=-1)")
    case("softmax_int_dtype", "softmax", [I("x", (3, 5), -3, 3)],
         "torch.softmax(x, dim=-1, dtype=torch.float32)", dtype="i64")


# ---- shape / data movement -------------------------------------------------

def define_shape():
    S = (2, 3, 4)
    exprs = {
        "view": "x.view(6, 4)", "view_neg": "x.view(-1)", "view_tuple": "x.view((4, -1))",
        "view_size": "x.view(x.size(0), -1)", "view_shape_index": "x.view(x.shape[0] * x.shape[1], x.shape[2])",
        "reshape": "x.reshape(3, -1, 2)", "reshape_fn": "torch.reshape(x, (4, 6))",
        "view_as": "x.view_as(torch.zeros(4, 6))", "flatten": "torch.flatten(x, 1)",
        "flatten_all": "x.flatten()", "flatten_0_1": "x.flatten(0, 1)",
        "unflatten": "x.unflatten(2, (2, 2))", "unflatten_neg": "torch.unflatten(x, -1, (2, -1))",
        "squeeze_dim": "x.unsqueeze(1).squeeze(1)", "squeeze_all": "x.view(2, 1, 3, 1, 4).squeeze()",
        "unsqueeze": "x.unsqueeze(0)", "unsqueeze_neg": "torch.unsqueeze(x, -1)",
        "permute": "x.permute(2, 0, 1)", "permute_fn": "torch.permute(x, (1, 2, 0))",
        "permute_list": "x.permute([0, 2, 1])",
        "diag_vector": "torch.diag(x[0, 0])", "diag_vector_k2": "torch.diag(x[0, 0], 2)",
        "diag_vector_k_neg": "torch.diag(x[1, 2], diagonal=-1)",
        "diag_matrix": "torch.diag(x[0])", "diag_matrix_k1": "torch.diag(x[1], 1)",
        "diag_matrix_k_neg2": "x[0].diag(-2)", "diag_matrix_empty": "torch.diag(x[0], 5)",
        "transpose": "x.transpose(0, 2)", "transpose_neg": "torch.transpose(x, -1, -2)",
        "swapaxes": "torch.swapaxes(x, 0, 1)", "t": "x[0].t()", "mt": "x.mT",
        "numpy_t_2d": "x[1].T", "movedim": "torch.movedim(x, 0, -1)", "movedim_multi": "x.movedim((0, 1), (2, 0))",
        "expand": "x[:, :1, :].expand(2, 5, 4)", "expand_neg": "x.unsqueeze(1).expand(-1, 3, -1, -1)",
        "expand_new_dims": "x[0, 0].expand(3, 2, 4)", "expand_as": "x[:1].expand_as(x)",
        "broadcast_to": "torch.broadcast_to(x[:, :, :1], (2, 3, 5))",
        "repeat": "x.repeat(2, 1, 3)", "repeat_new_dims": "x.repeat(2, 1, 1, 2)",
        "tile": "torch.tile(x, (2,))", "cat_0": "torch.cat([x, x * 2], 0)",
        "cat_1": "torch.cat((x, x[:, :1], x), dim=1)", "cat_neg": "torch.cat([x, -x], dim=-1)",
        "concat": "torch.concat([x, x], 2)", "stack_0": "torch.stack([x, x + 1])",
        "stack_neg": "torch.stack((x, x * 3, x), dim=-1)", "stack_1": "torch.stack([x, x], 1)",
        "split_int": "return tuple(torch.split(x, 3, dim=2))",
        "split_uneven": "a, b = x.split(2, 1)\nreturn (a, b)",
        "split_sizes": "return tuple(torch.split(x, [1, 3], dim=-1))",
        "split_with_sizes": "return tuple(x.split_with_sizes([2, 1], 1))",
        "chunk": "return tuple(x.chunk(2, dim=-1))", "chunk_uneven": "return tuple(torch.chunk(x, 2, 1))",
        "tensor_split": "return tuple(torch.tensor_split(x, 3, dim=2))",
        "tensor_split_idx": "return tuple(torch.tensor_split(x, [1, 3], dim=2))",
        "unbind": "return tuple(x.unbind(1))", "unbind_0": "a, b = torch.unbind(x)\nreturn (a, b)",
        "narrow": "x.narrow(2, 1, 2)", "narrow_fn": "torch.narrow(x, 1, 1, 2)",
        "select": "x.select(1, 2)", "select_neg": "torch.select(x, -1, -1)",
        "flip": "torch.flip(x, [0])", "flip_multi": "x.flip(0, 2)", "flip_neg": "torch.flip(x, dims=(-1,))",
        "roll_flat": "torch.roll(x, 5)", "roll_dim": "torch.roll(x, 1, 2)",
        "roll_multi": "x.roll(shifts=(1, -2), dims=(1, 2))", "roll_neg": "torch.roll(x, -3, -1)",
        "roll_big": "torch.roll(x, 7, dims=1)",
        "tril": "torch.tril(x)", "tril_neg": "x.tril(-1)", "triu": "torch.triu(x, 1)",
        "triu_neg": "x.triu(diagonal=-2)", "triu_2d": "torch.triu(x[0])",
        "contiguous": "x.transpose(0, 1).contiguous()", "clone": "x.clone()",
        "alias": "torch.ops.aten.alias(x)",
        "meshgrid_ij": "a, b = torch.meshgrid(x[0, 0], x[1, :, 0], indexing='ij')\nreturn (a, b)",
        "meshgrid_xy": "a, b = torch.meshgrid(x[0, 0], x[1, :, 0], indexing='xy')\nreturn (a, b)",
        "repeat_interleave": "torch.repeat_interleave(x, 2, dim=1)",
        "repeat_interleave_flat": "x.repeat_interleave(2)",
        "numel_view": "x.view(x.numel())",
    }
    for name, expr in exprs.items():
        case(f"shape_{name}_f32", "shape", [N("x", S)], expr)
    # data movement on other dtypes
    for dt, gen in (("f16", lambda: N("x", S, "f16")), ("bf16", lambda: N("x", S, "bf16")),
                    ("f64", lambda: N("x", S, "f64")), ("i64", lambda: I("x", S, -99, 99)),
                    ("bool", lambda: B("x", S)), ("i32", lambda: I("x", S, -99, 99, "i32")),
                    ("u8", lambda: I("x", S, 0, 200, "u8"))):
        for name in ("permute", "transpose", "cat_1", "stack_neg", "split_uneven", "flip_multi",
                     "roll_multi", "expand", "repeat", "tril", "triu", "unbind", "narrow"):
            if dt == "bool" and name == "cat_1":
                continue
            case(f"shape_{name}_{dt}", "shape", [gen()], exprs[name])
    case("shape_cat_bool", "shape", [B("x", S), B("y", (2, 1, 4))], "torch.cat([x, y], 1)")
    case("shape_cat_empty_f32", "shape", [N("x", S)], "torch.cat([x, x[:, :0]], 1)")
    # pad
    pads = {
        "const_1d": ("(2, 3, 6)", "torch.nn.functional.pad(x, (1, 2))"),
        "const_value": ("(2, 3, 6)", "torch.nn.functional.pad(x, (2, 1), 'constant', 0.5)"),
        "const_2d": ("(2, 3, 4, 4)", "torch.nn.functional.pad(x, (1, 1, 2, 0), value=-1.0)"),
        "const_3dims": ("(2, 3, 4)", "torch.nn.functional.pad(x, (0, 1, 1, 0, 1, 1))"),
        "const_negative": ("(2, 3, 6)", "torch.nn.functional.pad(x, (-1, 2))"),
        "reflect_1d": ("(2, 3, 6)", "torch.nn.functional.pad(x, (2, 3), mode='reflect')"),
        "reflect_2d": ("(2, 3, 5, 5)", "torch.nn.functional.pad(x, (1, 2, 2, 1), mode='reflect')"),
        "replicate_1d": ("(2, 3, 6)", "torch.nn.functional.pad(x, (3, 1), mode='replicate')"),
        "replicate_2d": ("(1, 2, 4, 5)", "torch.nn.functional.pad(x, (1, 2, 3, 0), mode='replicate')"),
        "replicate_3d": ("(1, 2, 3, 3, 3)", "torch.nn.functional.pad(x, (1, 1, 0, 2, 1, 0), mode='replicate')"),
        "circular_1d": ("(2, 3, 6)", "torch.nn.functional.pad(x, (2, 1), mode='circular')"),
        "circular_2d": ("(1, 2, 4, 5)", "torch.nn.functional.pad(x, (1, 2, 1, 1), mode='circular')"),
    }
    for name, (shape, expr) in pads.items():
        for dt in (("f32", "f16", "bf16", "f64") if name in ("const_2d", "reflect_2d") else ("f32",)):
            case(f"pad_{name}_{dt}", "pad", [N("x", eval(shape), dt)], expr)
    case("pad_const_i64", "pad", [I("x", (2, 5), -9, 9)], "torch.nn.functional.pad(x, (1, 1), value=7)")
    case("pad_const_bool", "pad", [B("x", (2, 5))], "torch.nn.functional.pad(x, (2, 0))")
    # pixel shuffle / unfold / im2col
    for dt in FL:
        case(f"pixel_shuffle_{dt}", "shape", [N("x", (1, 8, 3, 2), dt)],
             "torch.nn.functional.pixel_shuffle(x, 2)")
    case("pixel_shuffle_r3_f32", "shape", [N("x", (2, 9, 2, 2))], "torch.pixel_shuffle(x, 3)")
    case("tensor_unfold_f32", "shape", [N("x", (2, 3, 8))], "x.unfold(2, 3, 2)")
    case("tensor_unfold_dim1_f32", "shape", [N("x", (2, 7, 3))], "x.unfold(1, 2, 2)")
    case("tensor_unfold_overlap_f32", "shape", [N("x", (2, 10))], "x.unfold(-1, 4, 1)")
    for dt in ("f32", "f16", "bf16"):
        case(f"im2col_{dt}", "shape", [N("x", (1, 2, 5, 5), dt)],
             "torch.nn.functional.unfold(x, kernel_size=3)")
    case("im2col_stride_pad_f32", "shape", [N("x", (2, 2, 5, 6))],
         "torch.nn.functional.unfold(x, (2, 3), dilation=1, padding=1, stride=2)")
    case("im2col_dilation_f32", "shape", [N("x", (1, 3, 6, 6))],
         "torch.nn.functional.unfold(x, kernel_size=(2, 2), dilation=2, padding=(0, 1), stride=(1, 2))")


# ---- indexing ---------------------------------------------------------------

def define_indexing():
    S = (4, 5, 6)
    idx = {
        "int": "x[1]", "neg_int": "x[-1]", "slice": "x[1:3]", "slice_2": "x[:, 1:4]",
        "slice_step": "x[..., ::2]", "slice_neg": "x[:, -2:]", "slice_mixed": "x[1:, :-1, 2]",
        "none": "x[None]", "none_mid": "x[:, None, 1]", "ellipsis_none": "x[..., None]",
        "ellipsis_int": "x[..., 0]", "all_ints": "x[0, 1, 2]", "step_start": "x[1::2, 1:5:3]",
        "slice_out_of_range": "x[:, 2:100]", "ellipsis_mid": "x[0, ..., 1:3]",
        "slice_fn": "x[slice(1, None), slice(None, None, 2)]",
        "empty_slice": "x[:, 3:3]",
    }
    for name, expr in idx.items():
        case(f"getitem_{name}_f32", "getitem", [N("x", S)], expr)
    for dt in ("f16", "bf16", "i64", "bool"):
        gen = {"f16": lambda: N("x", S, "f16"), "bf16": lambda: N("x", S, "bf16"),
               "i64": lambda: I("x", S, -9, 9), "bool": lambda: B("x", S)}[dt]
        case(f"getitem_slice_mixed_{dt}", "getitem", [gen()], idx["slice_mixed"])
        case(f"getitem_none_mid_{dt}", "getitem", [gen()], idx["none_mid"])
        case(f"getitem_tensor_{dt}", "getitem", [gen(), I("i", (3,), 0, 3)], "x[i]")
    adv = {
        "tensor": ([I("i", (3,), 0, 3)], "x[i]"),
        "tensor_2d": ([I("i", (2, 3), 0, 3)], "x[i]"),
        "tensor_neg": ([I("i", (5,), -4, 3)], "x[i]"),
        "tensor_dim1": ([I("i", (3,), 0, 4)], "x[:, i]"),
        "tensor_last": ([I("i", (2, 2), 0, 5)], "x[..., i]"),
        "two_tensors": ([I("i", (3,), 0, 3), I("j", (3,), 0, 4)], "x[i, j]"),
        "two_tensors_bcast": ([I("i", (3, 1), 0, 3), I("j", (1, 2), 0, 4)], "x[i, j]"),
        "tensor_slice_tensor": ([I("i", (3,), 0, 3), I("j", (3,), 0, 5)], "x[i, :, j]"),
        "slice_then_tensor": ([I("j", (2,), 0, 4)], "x[1:3, j]"),
        "int_and_tensor": ([I("j", (4,), 0, 5)], "x[:, 2, j]"),
        "none_and_tensor": ([I("i", (3,), 0, 3)], "x[None, i]"),
        "index_fn": ([I("i", (3,), 0, 3)], "torch.ops.aten.index(x, [i])"),
    }
    for name, (ps, expr) in adv.items():
        case(f"getitem_{name}_f32", "getitem", [N("x", S)] + ps, expr)
    # setitem
    sets = {
        "scalar_col": ([], "x[:, 0] = 0.0"),
        "slice_tensor_bcast": ([N("y", (6,))], "x[1:3] = y"),
        "ellipsis": ([N("y", (4, 5, 2))], "x[..., :2] = y"),
        "int_int_scalar": ([], "x[0, 1] = 5.0"),
        "tensor_index_scalar": ([D("i", (2,), [3, 1], "i64")], "x[i] = -1.0"),
        "tensor_index_tensor": ([D("i", (2,), [0, 2], "i64"), N("y", (2, 5, 6))], "x[i] = y"),
        "dim1_tensor_index": ([D("i", (3,), [4, 0, 2], "i64"), N("y", (6,))], "x[:, i] = y"),
        "step": ([], "x[:, ::2, 1] = 2.5"),
        "bool_mask": ([B("m", S)], "x[m] = 0.0"),
        "bool_mask_rows": ([D("m", (4,), [1, 0, 1, 1], "bool")], "x[m] = 1.0"),
        "tensor_value_0d": ([N("v", [])], "x[1, :, 2] = v"),
        "none_index": ([N("y", (1, 6))], "x[0, None, 2] = y"),
    }
    for name, (ps, stmt) in sets.items():
        case(f"setitem_{name}_f32", "setitem", [N("x", S)] + ps,
             f"x = x.clone()\n{stmt}\nreturn (x,)")
    case("setitem_scalar_col_i64", "setitem", [I("x", S, -9, 9)], "x = x.clone()\nx[:, 0] = 3\nreturn (x,)")
    case("setitem_slice_bf16", "setitem", [N("x", S, "bf16"), N("y", (6,), "f32")],
         "x = x.clone()\nx[1:3] = y\nreturn (x,)")
    case("setitem_slice_f16", "setitem", [N("x", S, "f16")], "x = x.clone()\nx[..., -1] = 0.1\nreturn (x,)")
    # index_select / gather / scatter / embedding
    for dt in FL + ("i64",):
        x = N("x", S, dt) if dt in FL else I("x", S, -9, 9)
        case(f"index_select_{dt}", "gather", [x, I("i", (3,), 0, 3)], "torch.index_select(x, 0, i)",
             dtype=dt)
        case(f"index_select_dim2_{dt}", "gather", [x, I("i", (7,), 0, 5)], "x.index_select(2, i)",
             dtype=dt)
        case(f"gather_{dt}", "gather", [x, I("i", (4, 3, 6), 0, 4)], "torch.gather(x, 1, i)", dtype=dt)
        case(f"gather_dim0_{dt}", "gather", [x, I("i", (2, 5, 6), 0, 3)], "x.gather(0, i)", dtype=dt)
    case("gather_last_f32", "gather", [N("x", S), I("i", (4, 5, 1), 0, 5)], "torch.gather(x, -1, i)")
    case("gather_smaller_f32", "gather", [N("x", S), I("i", (2, 3, 2), 0, 5)], "torch.gather(x, 2, i)")
    case("take_along_dim_f32", "gather", [N("x", S), I("i", (4, 5, 2), 0, 5)],
         "torch.take_along_dim(x, i, dim=2)")
    # broadcasting in the other dims, a negative dim, the method, no dim
    case("take_along_dim_broadcast_f32", "gather", [N("x", (4, 1, 6)), I("i", (1, 3, 2), 0, 5)],
         "torch.take_along_dim(x, i, dim=-1)")
    case("take_along_dim_method_i64", "gather", [I("x", (3, 5), -9, 9), I("i", (3, 2), 0, 4)],
         "x.take_along_dim(i, 1)")
    case("take_along_dim_flat_f32", "gather", [N("x", (3, 4)), I("i", (5,), 0, 11)],
         "torch.take_along_dim(x, i)")
    case("take_along_dim_argsort_f32", "gather", [distinct("x", (3, 6))],
         "return (torch.take_along_dim(x, torch.argsort(x, dim=1), dim=1),)")
    perm = [[4, 0, 2, 1], [1, 3, 0, 2], [0, 4, 3, 1]]
    for dt in FL + ("i64",):
        x = N("x", (3, 5), dt) if dt in FL else I("x", (3, 5), -9, 9)
        src = N("s", (3, 4), dt) if dt in FL else I("s", (3, 4), -9, 9)
        case(f"scatter_src_{dt}", "scatter", [x, D("i", (3, 4), perm, "i64"), src],
             "torch.scatter(x, 1, i, s)", dtype=dt)
        case(f"scatter_value_{dt}", "scatter", [x, D("i", (3, 4), perm, "i64")],
             "x.scatter(1, i, 2.0)", dtype=dt)
        case(f"scatter_add_{dt}", "scatter", [x, I("i", (3, 4), 0, 4), src],
             "torch.scatter_add(x, 1, i, s)", dtype=dt)
        case(f"scatter_add_dim0_{dt}", "scatter", [x, I("i", (5, 5), 0, 2), N("s", (5, 5), dt) if dt in FL else I("s", (5, 5), -9, 9)],
             "x.scatter_add(0, i, s)", dtype=dt)
    for red in ("sum", "prod", "mean", "amax", "amin"):
        for incl in (True, False):
            case(f"scatter_reduce_{red}_{'incl' if incl else 'excl'}_f32", "scatter",
                 [N("x", (3, 5)), I("i", (3, 4), 0, 4), N("s", (3, 4), mean=0.5)],
                 f"torch.scatter_reduce(x, 1, i, s, '{red}', include_self={incl})")
    # torch's older reduce= of scatter: accumulate src or value into x.
    case("scatter_reduce_arg_add_f32", "scatter",
         [N("x", (3, 5)), I("i", (3, 4), 0, 4), N("s", (3, 4))],
         "torch.scatter(x, 1, i, s, reduce='add')")
    case("scatter_reduce_arg_multiply_value_f32", "scatter",
         [N("x", (3, 5)), I("i", (3, 4), 0, 4)],
         "x.scatter(1, i, 2.0, reduce='multiply')")
    case("scatter_inplace_f32", "scatter", [N("x", (3, 5)), D("i", (3, 4), perm, "i64"), N("s", (3, 4))],
         "x = x.clone()\nx.scatter_(1, i, s)\nreturn (x,)")
    case("scatter_add_inplace_f32", "scatter", [N("x", (3, 5)), I("i", (3, 4), 0, 4), N("s", (3, 4))],
         "x = x.clone()\nx.scatter_add_(1, i, s)\nreturn (x,)")
    # writes of whole slices at an index (IndexedWriteOps.cpp)
    rows = D("i", (3,), [4, 0, 2], "i64")
    for dt in FL + ("i64",):
        x = N("x", (5, 4), dt) if dt in FL else I("x", (5, 4), -9, 9)
        src = N("s", (3, 4), dt) if dt in FL else I("s", (3, 4), -9, 9)
        case(f"index_add_{dt}", "index_write", [x, rows, src], "torch.index_add(x, 0, i, s)",
             dtype=dt)
        case(f"index_copy_{dt}", "index_write", [x, rows, src], "x.index_copy(0, i, s)",
             dtype=dt)
    case("index_add_alpha_dim1_f32", "index_write",
         [N("x", (3, 6)), D("i", (4,), [5, 1, 1, 3], "i64"), N("s", (3, 4))],
         "x.index_add(1, i, s, alpha=-0.5)")
    case("index_add_inplace_f32", "index_write", [N("x", (5, 4)), rows, N("s", (3, 4))],
         "x = x.clone()\nx.index_add_(0, i, s)\nreturn (x,)")
    case("index_copy_inplace_neg_dim_f32", "index_write",
         [N("x", (2, 5, 3)), D("i", (2,), [3, 0], "i64"), N("s", (2, 2, 3))],
         "x = x.clone()\nx.index_copy_(-2, i, s)\nreturn (x,)")
    for red in ("prod", "mean", "amax", "amin"):
        for incl in (True, False):
            case(f"index_reduce_{red}_{'incl' if incl else 'excl'}_f32", "index_write",
                 [N("x", (5, 3)), D("i", (4,), [1, 3, 1, 0], "i64"), N("s", (4, 3), mean=0.5)],
                 f"x.index_reduce(0, i, s, '{red}', include_self={incl})")
    case("index_fill_f32", "index_write", [N("x", (4, 5)), D("i", (2,), [4, 1], "i64")],
         "torch.index_fill(x, 1, i, -1.5)")
    case("index_fill_tensor_value_i64", "index_write",
         [I("x", (4, 5), -9, 9), D("i", (2,), [0, 2], "i64"), D("v", (), [7], "i64")],
         "x.index_fill(0, i, v)")
    case("index_fill_inplace_f32", "index_write", [N("x", (3, 4)), D("i", (1,), [2], "i64")],
         "x = x.clone()\nx.index_fill_(1, i, 0.0)\nreturn (x,)")
    case("select_scatter_f32", "index_write", [N("x", (3, 4, 5)), N("s", (3, 5))],
         "torch.select_scatter(x, s, 1, -1)")
    case("slice_scatter_f32", "index_write", [N("x", (6, 4)), N("s", (2, 4))],
         "torch.slice_scatter(x, s, 0, 1, 5, 2)")
    case("slice_scatter_dim1_i64", "index_write", [I("x", (3, 6), -9, 9), I("s", (3, 2), -9, 9)],
         "x.slice_scatter(s, dim=1, start=4)")
    case("index_put_f32", "index_write",
         [N("x", (5, 3)), D("i", (2,), [3, 0], "i64"), N("v", (2, 3))],
         "torch.index_put(x, (i,), v)")
    case("index_put_broadcast_i64", "index_write",
         [I("x", (4, 3), -9, 9), D("i", (3,), [1, -1, 0], "i64"), I("v", (3,), -9, 9)],
         "x.index_put((i,), v)")
    case("index_put_inplace_row_f32", "index_write", [N("x", (4, 3)), D("i", (1,), [2], "i64")],
         "x = x.clone()\nx.index_put_((i,), torch.tensor(-3.0))\nreturn (x,)")
    case("index_put_mask_f32", "index_write", [N("x", (4, 3)), B("m", (4, 3))],
         "x.index_put((m,), torch.tensor(0.25))")
    case("take_f32", "index_write", [N("x", (3, 4)), D("i", (2, 3), [0, 11, -1, 5, -12, 3], "i64")],
         "torch.take(x, i)")
    case("take_method_i64", "index_write", [I("x", (2, 3, 2), -9, 9), D("i", (4,), [7, 0, -2, 3], "i64")],
         "x.take(i)")
    # the *_copy views and small aliases
    case("copy_views_f32", "shape", [N("x", (2, 3, 4))],
         "a = torch.permute_copy(x, (2, 0, 1))\nb = torch.transpose_copy(x, 0, 2)\n"
         "c = torch.view_copy(x, [6, 4])\nd = torch.expand_copy(x[:, :1], [2, 3, 4])\n"
         "e = torch.narrow_copy(x, 2, 1, 2)\nf = torch.select_copy(x, 1, 2)\n"
         "g = torch.unsqueeze_copy(x, 0)\nh = torch.squeeze_copy(g, 0)\n"
         "k = torch.t_copy(x[0])\nl = torch.diagonal_copy(x, 0, 1, 2)\n"
         "return (a, b, c, d, e, f, h, k, l)")
    case("flips_ravel_f32", "shape", [N("x", (3, 4))],
         "return (torch.fliplr(x), torch.flipud(x), torch.ravel(x), x.ravel())")
    case("rounding_ints_i64", "unary", [I("x", (6,), -9, 9)],
         "return (torch.floor(x), torch.ceil(x), torch.trunc(x), torch.fix(x), x.floor())")
    case("fix_sgn_positive_f32", "unary", [D("x", (6,), [-2.5, -0.5, 0.0, 0.5, 1.5, 3.0])],
         "return (torch.fix(x), torch.sgn(x), torch.positive(x), x.fix())")
    for dt in FL:
        case(f"embedding_{dt}", "embedding", [I("i", (2, 5), 0, 9), N("w", (10, 4), dt)],
             "torch.nn.functional.embedding(i, w)", dtype=dt)
    case("embedding_padding_idx_f32", "embedding", [I("i", (2, 5), 0, 9), N("w", (10, 4))],
         "torch.nn.functional.embedding(i, w, 0)")
    case("embedding_1d_f32", "embedding", [I("i", (6,), 0, 9), N("w", (10, 3))],
         "torch.nn.functional.embedding(i, w, None, None, 2.0, False, False)")
    case("embedding_aten_order_f32", "embedding", [I("i", (2, 5), 0, 9), N("w", (10, 4))],
         "torch.embedding(w, i)")  # aten argument order: (weight, indices)
    case("embedding_i32_idx_f32", "embedding", [I("i", (2, 3), 0, 9, "i32"), N("w", (10, 3))],
         "torch.nn.functional.embedding(i, w)")


# ---- contractions -------------------------------------------------------------

def define_matmul():
    for dt in FL:
        mm = {
            "matmul_2d": ([N("a", (4, 8), dt), N("b", (8, 6), dt)], "torch.matmul(a, b)"),
            "matmul_1d_2d": ([N("a", (8,), dt), N("b", (8, 6), dt)], "torch.matmul(a, b)"),
            "matmul_2d_1d": ([N("a", (4, 8), dt), N("b", (8,), dt)], "a @ b"),
            "matmul_1d_1d": ([N("a", (8,), dt), N("b", (8,), dt)], "torch.matmul(a, b)"),
            "matmul_3d_2d": ([N("a", (2, 4, 8), dt), N("b", (8, 5), dt)], "a @ b"),
            "matmul_2d_3d": ([N("a", (4, 8), dt), N("b", (3, 8, 5), dt)], "torch.matmul(a, b)"),
            "matmul_bcast": ([N("a", (1, 4, 8), dt), N("b", (3, 8, 5), dt)], "torch.matmul(a, b)"),
            "matmul_4d": ([N("a", (2, 3, 4, 8), dt), N("b", (2, 1, 8, 5), dt)], "a.matmul(b)"),
            "matmul_1d_3d": ([N("a", (8,), dt), N("b", (2, 8, 3), dt)], "torch.matmul(a, b)"),
            "matmul_3d_1d": ([N("a", (2, 4, 8), dt), N("b", (8,), dt)], "torch.matmul(a, b)"),
            "mm": ([N("a", (4, 8), dt), N("b", (8, 6), dt)], "torch.mm(a, b)"),
            "bmm": ([N("a", (3, 4, 8), dt), N("b", (3, 8, 5), dt)], "torch.bmm(a, b)"),
            "bmm_transposed": ([N("a", (3, 8, 4), dt), N("b", (3, 5, 8), dt)],
                               "torch.bmm(a.transpose(1, 2), b.transpose(-1, -2))"),
            "linear": ([N("a", (2, 5, 8), dt), N("w", (6, 8), dt, sd=0.3), N("b", (6,), dt)],
                       "torch._C._nn.linear(a, w, b)"),
            "linear_nobias": ([N("a", (4, 8), dt), N("w", (6, 8), dt, sd=0.3)],
                              "torch.nn.functional.linear(a, w)"),
            "linear_1d": ([N("a", (8,), dt), N("w", (6, 8), dt, sd=0.3), N("b", (6,), dt)],
                          "torch.nn.functional.linear(a, w, b)"),
            "addmm": ([N("c", (6,), dt), N("a", (4, 8), dt), N("b", (8, 6), dt)],
                      "torch.addmm(c, a, b)"),
            "addmm_beta_alpha": ([N("c", (4, 6), dt), N("a", (4, 8), dt), N("b", (8, 6), dt)],
                                 "torch.addmm(c, a, b, beta=0.5, alpha=2)"),
            "baddbmm": ([N("c", (3, 4, 5), dt), N("a", (3, 4, 8), dt), N("b", (3, 8, 5), dt)],
                        "torch.baddbmm(c, a, b)"),
            "baddbmm_beta_alpha": ([N("c", (4, 5), dt), N("a", (3, 4, 8), dt), N("b", (3, 8, 5), dt)],
                                   "c.baddbmm(a, b, beta=0.0, alpha=0.125)"),
            "einsum_bmm": ([N("a", (2, 3, 4), dt), N("b", (2, 4, 5), dt)],
                           "torch.einsum('bij,bjk->bik', a, b)"),
            "einsum_attn": ([N("a", (2, 2, 3, 4), dt), N("b", (2, 2, 5, 4), dt)],
                            "torch.einsum('bhqd,bhkd->bhqk', a, b)"),
            "einsum_outer": ([N("a", (3,), dt), N("b", (4,), dt)], "torch.einsum('i,j->ij', a, b)"),
            "einsum_transpose": ([N("a", (3, 4), dt)], "torch.einsum('ij->ji', a)"),
            "einsum_sum": ([N("a", (2, 3, 4), dt)], "torch.einsum('bij->bj', a)"),
            "einsum_ellipsis": ([N("a", (2, 3, 4), dt), N("b", (4, 5), dt)],
                                "torch.einsum('...ij,jk->...ik', a, b)"),
            "einsum_bilinear": ([N("a", (2, 3), dt), N("w", (4, 3, 5), dt), N("b", (2, 5), dt)],
                                "torch.einsum('bn,anm,bm->ba', a, w, b)"),
            "einsum_list_operands": ([N("a", (3, 4), dt), N("b", (4, 2), dt)],
                                     "torch.einsum('ij,jk', [a, b])"),
            "einsum_dot": ([N("a", (5,), dt), N("b", (5,), dt)], "torch.einsum('i,i->', a, b)"),
            "einsum_diag": ([N("a", (4, 4), dt)], "torch.einsum('ii->i', a)"),
            "einsum_trace": ([N("a", (4, 4), dt)], "torch.einsum('ii', a)"),
            "outer": ([N("a", (3,), dt), N("b", (4,), dt)], "torch.outer(a, b)"),
        }
        for name, (ps, expr) in mm.items():
            case(f"{name}_{dt}", "matmul", ps, expr, dtype=dt)
    case("mm_i64", "matmul", [I("a", (4, 8), -9, 9), I("b", (8, 6), -9, 9)], "torch.mm(a, b)")
    case("matmul_i64", "matmul", [I("a", (2, 4, 8), -9, 9), I("b", (8, 3), -9, 9)], "a @ b")
    case("linear_bf16_big_k", "matmul", [N("a", (2, 64), "bf16"), N("w", (4, 64), "bf16", sd=0.3)],
         "torch.nn.functional.linear(a, w)", dtype="bf16")
    case("matmul_f16_big_k", "matmul", [N("a", (2, 128), "f16"), N("b", (128, 3), "f16")],
         "a @ b", dtype="f16")


# ---- attention ------------------------------------------------------------

def define_attention():
    F = "torch.nn.functional.scaled_dot_product_attention"
    bool_mask = np.array([[1, 0, 1, 1, 0, 0], [0, 0, 0, 0, 0, 1], [1, 1, 1, 1, 1, 1],
                          [0, 1, 0, 1, 0, 1]], dtype=bool)
    for dt in FL:
        q, k, v = N("q", (2, 2, 4, 8), dt), N("k", (2, 2, 6, 8), dt), N("v", (2, 2, 6, 8), dt)
        case(f"sdpa_{dt}", "attention", [q, k, v], f"{F}(q, k, v)")
        case(f"sdpa_causal_{dt}", "attention",
             [N("q", (2, 2, 5, 8), dt), N("k", (2, 2, 5, 8), dt), N("v", (2, 2, 5, 8), dt)],
             f"{F}(q, k, v, is_causal=True)")
        case(f"sdpa_bool_mask_{dt}", "attention", [q, k, v, D("m", (4, 6), bool_mask, "bool")],
             f"{F}(q, k, v, attn_mask=m)")
        case(f"sdpa_float_mask_{dt}", "attention", [q, k, v, N("m", (2, 1, 4, 6), dt)],
             f"{F}(q, k, v, attn_mask=m)")
        case(f"sdpa_scale_{dt}", "attention", [q, k, v], f"{F}(q, k, v, scale=0.5)")
    q, k, v = N("q", (2, 2, 4, 8)), N("k", (2, 2, 6, 8)), N("v", (2, 2, 6, 8))
    neg = np.where(bool_mask, 0.0, -1e9).astype(np.float64)
    case("sdpa_additive_big_neg_mask_f32", "attention", [q, k, v, D("m", (4, 6), neg)],
         f"{F}(q, k, v, attn_mask=m)")
    ninf = np.where(bool_mask, 0.0, float("-inf"))
    case("sdpa_additive_neg_inf_mask_f32", "attention", [q, k, v, D("m", (4, 6), ninf)],
         f"{F}(q, k, v, attn_mask=m)")
    case("sdpa_3d_f32", "attention", [N("q", (2, 4, 8)), N("k", (2, 6, 8)), N("v", (2, 6, 3))],
         f"{F}(q, k, v)")
    case("sdpa_dv_differs_f32", "attention",
         [N("q", (1, 2, 4, 8)), N("k", (1, 2, 6, 8)), N("v", (1, 2, 6, 5))], f"{F}(q, k, v)")
    case("sdpa_gqa_f32", "attention",
         [N("q", (1, 4, 3, 8)), N("k", (1, 2, 5, 8)), N("v", (1, 2, 5, 8))],
         f"{F}(q, k, v, enable_gqa=True)")
    case("sdpa_causal_rect_f32", "attention",
         [N("q", (1, 2, 3, 8)), N("k", (1, 2, 5, 8)), N("v", (1, 2, 5, 8))],
         f"{F}(q, k, v, is_causal=True)")
    case("sdpa_mask_bcast_heads_f32", "attention", [q, k, v, B("m", (2, 1, 1, 6))],
         f"{F}(q, k, v, attn_mask=m | torch.ones(1, 1, 1, 6, dtype=torch.bool).tril(0))",
         note="mask has >= 1 True per row")
    case("sdpa_dropout_eval_f32", "attention", [q, k, v], f"{F}(q, k, v, None, 0.0, False)")
    # multi-head attention (nn.MultiheadAttention's functional form), (L, N, E) layout
    E, H = 8, 2
    mha_params = lambda dt: [N("q", (4, 2, E), dt), N("k", (5, 2, E), dt), N("v", (5, 2, E), dt),
                             N("w_in", (3 * E, E), dt, sd=0.3), N("b_in", (3 * E,), dt, sd=0.1),
                             N("w_out", (E, E), dt, sd=0.3), N("b_out", (E,), dt, sd=0.1)]
    MHA = "torch.nn.functional.multi_head_attention_forward"
    for dt in FL:
        case(f"mha_weights_{dt}", "attention", mha_params(dt),
             f"r = {MHA}(q, k, v, {E}, {H}, w_in, b_in, None, None, False, 0.0, w_out, b_out, "
             "training=False, key_padding_mask=None, need_weights=True, attn_mask=None)\n"
             "return (r[0], r[1])")
        case(f"mha_no_weights_{dt}", "attention", mha_params(dt),
             f"r = {MHA}(q, k, v, {E}, {H}, w_in, b_in, None, None, False, 0.0, w_out, b_out, "
             "training=False, need_weights=False)\nreturn (r[0],)")
    case("mha_self_f32", "attention", [N("x", (4, 2, E))] + mha_params("f32")[3:],
         f"r = {MHA}(x, x, x, {E}, {H}, w_in, b_in, None, None, False, 0.0, w_out, b_out, "
         "training=False, need_weights=False)\nreturn (r[0],)")
    case("mha_not_averaged_f32", "attention", mha_params("f32"),
         f"r = {MHA}(q, k, v, {E}, {H}, w_in, b_in, None, None, False, 0.0, w_out, b_out, "
         "training=False, need_weights=True, average_attn_weights=False)\nreturn (r[0], r[1])")
    kpm = np.array([[0, 0, 1, 0, 1], [0, 0, 0, 0, 0]], dtype=bool)
    case("mha_key_padding_mask_f32", "attention", mha_params("f32") + [D("m", (2, 5), kpm, "bool")],
         f"r = {MHA}(q, k, v, {E}, {H}, w_in, b_in, None, None, False, 0.0, w_out, b_out, "
         "training=False, key_padding_mask=m, need_weights=True)\nreturn (r[0], r[1])")
    am = np.array([[0, 1, 0, 0, 1], [0, 0, 0, 1, 1], [1, 1, 1, 1, 0], [0, 0, 0, 0, 0]], dtype=bool)
    case("mha_attn_mask_bool_f32", "attention", mha_params("f32") + [D("m", (4, 5), am, "bool")],
         f"r = {MHA}(q, k, v, {E}, {H}, w_in, b_in, None, None, False, 0.0, w_out, b_out, "
         "training=False, need_weights=False, attn_mask=m)\nreturn (r[0],)")
    case("mha_attn_mask_float_f32", "attention", mha_params("f32") + [N("m", (4, 5))],
         f"r = {MHA}(q, k, v, {E}, {H}, w_in, b_in, None, None, False, 0.0, w_out, b_out, "
         "training=False, need_weights=False, attn_mask=m)\nreturn (r[0],)")
    case("native_mha_f32", "attention",
         [N("x", (2, 4, E)), N("w_in", (3 * E, E), sd=0.3), N("b_in", (3 * E,), sd=0.1),
          N("w_out", (E, E), sd=0.3), N("b_out", (E,), sd=0.1)],
         f"r = torch._native_multi_head_attention(x, x, x, {E}, {H}, w_in, b_in, w_out, b_out, "
         "None, True, True, None)\nreturn (r[0], r[1])")
    case("native_mha_no_weights_f32", "attention",
         [N("x", (2, 4, E)), N("w_in", (3 * E, E), sd=0.3), N("b_in", (3 * E,), sd=0.1),
          N("w_out", (E, E), sd=0.3), N("b_out", (E,), sd=0.1)],
         f"r = torch._native_multi_head_attention(x, x, x, {E}, {H}, w_in, b_in, w_out, b_out, "
         "None, False)\nreturn (r[0],)")
    native = [N("x", (2, 4, E)), N("w_in", (3 * E, E), sd=0.3), N("b_in", (3 * E,), sd=0.1),
              N("w_out", (E, E), sd=0.3), N("b_out", (E,), sd=0.1)]
    pad = np.array([[0, 0, 1, 0], [0, 0, 0, 1]], dtype=bool)
    src = np.array([[0, 1, 0, 0], [0, 0, 1, 1], [0, 0, 0, 0], [1, 0, 0, 0]], dtype=bool)
    case("native_mha_padding_mask_f32", "attention", native + [D("m", (2, 4), pad, "bool")],
         f"r = torch._native_multi_head_attention(x, x, x, {E}, {H}, w_in, b_in, w_out, b_out, "
         "m, True, True, 1)\nreturn (r[0], r[1])")
    case("native_mha_src_mask_f32", "attention", native + [D("m", (4, 4), src, "bool")],
         f"r = torch._native_multi_head_attention(x, x, x, {E}, {H}, w_in, b_in, w_out, b_out, "
         "m, False, True, 0)\nreturn (r[0],)")
    # nn.TransformerEncoderLayer's fast path (eval, no grad): attention,
    # residual, norm, FFN (relu or exact gelu), residual, norm; norm_first
    # moves each norm before its block.
    F = 3 * E
    layer = native + [N("n1w", (E,), sd=0.2, mean=1.0), N("n1b", (E,), sd=0.1),
                      N("n2w", (E,), sd=0.2, mean=1.0), N("n2b", (E,), sd=0.1),
                      N("f1w", (F, E), sd=0.3), N("f1b", (F,), sd=0.1),
                      N("f2w", (E, F), sd=0.3), N("f2b", (E,), sd=0.1)]
    enc = (f"torch._transformer_encoder_layer_fwd(x, {E}, {H}, w_in, b_in, w_out, b_out, "
           "{gelu}, {first}, 1e-05, n1w, n1b, n2w, n2b, f1w, f1b, f2w, f2b{mask})")
    for gelu, first in ((False, False), (True, True)):
        name = f"encoder_layer_fwd_{'gelu' if gelu else 'relu'}{'_norm_first' if first else ''}_f32"
        case(name, "attention", layer,
             "return (" + enc.format(gelu=gelu, first=first, mask="") + ",)")
    case("encoder_layer_fwd_padding_mask_f32", "attention",
         layer + [D("m", (2, 4), pad, "bool")],
         "return (" + enc.format(gelu=False, first=False, mask=", m, 1") + ",)")


# ---- convolution -------------------------------------------------------------

def define_conv():
    conv = {
        "conv1d": ((2, 4, 10), (6, 4, 3), True, "torch.conv1d(x, w, b)"),
        "conv1d_stride_pad": ((2, 4, 10), (6, 4, 3), True, "torch.nn.functional.conv1d(x, w, b, 2, 1)"),
        "conv1d_dilation": ((2, 4, 10), (6, 4, 3), False, "torch.nn.functional.conv1d(x, w, dilation=2, padding=2)"),
        "conv1d_groups": ((2, 4, 10), (6, 2, 3), True, "torch.conv1d(x, w, b, 1, 0, 1, 2)"),
        "conv1d_same": ((2, 4, 10), (6, 4, 5), True, "torch.conv1d(x, w, b, padding='same')"),
        "conv1d_same_even": ((2, 4, 9), (6, 4, 4), True, "torch.conv1d(x, w, b, padding='same')"),
        "conv1d_same_dilation": ((2, 4, 10), (6, 4, 3), True, "torch.conv1d(x, w, b, padding='same', dilation=2)"),
        "conv1d_valid": ((2, 4, 10), (6, 4, 3), True, "torch.conv1d(x, w, b, padding='valid')"),
        "conv2d": ((2, 4, 6, 6), (6, 4, 3, 3), True, "torch.conv2d(x, w, b)"),
        "conv2d_stride_pad": ((2, 4, 7, 7), (6, 4, 3, 3), True, "torch.conv2d(x, w, b, stride=2, padding=1)"),
        "conv2d_groups": ((2, 4, 6, 6), (6, 2, 3, 3), True, "torch.conv2d(x, w, b, 1, 1, 1, 2)"),
        "conv2d_depthwise": ((1, 4, 6, 6), (4, 1, 3, 3), True, "torch.conv2d(x, w, b, 1, 1, 1, 4)"),
        "conv2d_depthwise_mult": ((1, 3, 5, 5), (6, 1, 3, 3), False, "torch.conv2d(x, w, None, 2, 1, 1, 3)"),
        "conv2d_dilation": ((1, 3, 8, 8), (4, 3, 3, 3), True, "torch.conv2d(x, w, b, 1, 2, 2)"),
        "conv2d_same": ((1, 3, 6, 5), (4, 3, 3, 3), True, "torch.conv2d(x, w, b, padding='same')"),
        "conv2d_same_even": ((1, 3, 6, 6), (4, 3, 4, 2), True, "torch.conv2d(x, w, b, padding='same')"),
        "conv2d_rect": ((1, 3, 7, 6), (4, 3, 3, 1), True, "torch.conv2d(x, w, b, stride=(2, 1), padding=(1, 0))"),
        "conv2d_1x1": ((2, 8, 4, 4), (4, 8, 1, 1), False, "torch.conv2d(x, w)"),
        "conv2d_asym_stride_dil": ((1, 2, 9, 8), (3, 2, 3, 2), True,
                                   "torch.conv2d(x, w, b, (2, 3), (2, 1), (1, 2))"),
        "conv3d": ((1, 2, 4, 5, 5), (3, 2, 3, 3, 3), True, "torch.conv3d(x, w, b, padding=1)"),
        "conv3d_stride": ((1, 2, 5, 5, 5), (3, 2, 3, 3, 3), False, "torch.conv3d(x, w, None, 2)"),
        "conv3d_groups": ((1, 4, 3, 4, 4), (4, 2, 2, 2, 2), True, "torch.conv3d(x, w, b, 1, 0, 1, 2)"),
        "conv_transpose1d": ((2, 4, 6), (4, 3, 3), True,
                             "torch.conv_transpose1d(x, w, b, stride=2, padding=1, output_padding=1)"),
        "conv_transpose1d_groups": ((1, 4, 5), (4, 2, 3), True,
                                    "torch.nn.functional.conv_transpose1d(x, w, b, 1, 0, 0, 2)"),
        "conv_transpose1d_dilation": ((1, 2, 5), (2, 3, 3), False,
                                      "torch.nn.functional.conv_transpose1d(x, w, dilation=2)"),
        "conv_transpose2d": ((1, 4, 5, 5), (4, 3, 3, 3), True,
                             "torch.conv_transpose2d(x, w, b, stride=2, padding=1, output_padding=1)"),
        "conv_transpose2d_plain": ((2, 3, 4, 4), (3, 2, 2, 2), True,
                                   "torch.nn.functional.conv_transpose2d(x, w, b, 2)"),
        "conv_transpose2d_groups": ((1, 4, 4, 4), (4, 2, 3, 3), True,
                                    "torch.nn.functional.conv_transpose2d(x, w, b, 1, 1, 0, 2)"),
        "conv_transpose2d_dilation": ((1, 2, 4, 4), (2, 3, 3, 3), False,
                                      "torch.nn.functional.conv_transpose2d(x, w, None, 1, 0, 0, 1, 2)"),
        "conv_transpose2d_rect": ((1, 2, 3, 5), (2, 2, 3, 2), True,
                                  "torch.nn.functional.conv_transpose2d(x, w, b, (2, 1), (0, 1), (1, 0))"),
        "conv_transpose3d": ((1, 2, 3, 3, 3), (2, 2, 2, 2, 2), True,
                             "torch.nn.functional.conv_transpose3d(x, w, b, stride=2)"),
    }
    many = ("conv1d", "conv2d", "conv2d_stride_pad", "conv2d_groups", "conv2d_depthwise",
            "conv_transpose2d", "conv3d", "conv_transpose1d")
    for name, (xs, ws, bias, expr) in conv.items():
        for dt in (FL if name in many else ("f32",)):
            ps = [N("x", xs, dt), N("w", ws, dt, sd=0.3)]
            if bias:
                # conv_transpose weights are (Cin, Cout / groups, k...)
                groups = 2 if name.endswith("_groups") else 1
                cout = ws[1] * groups if name.startswith("conv_transpose") else ws[0]
                ps.append(N("b", (cout,), dt, sd=0.1))
            case(f"{name}_{dt}", "conv", ps, expr)


# ---- pooling ----------------------------------------------------------------

def define_random_forms():
    """Random factories and in-place fills (gn.random: gn's stream, not
    PyTorch's), checked where their results do not depend on the draws:
    probabilities 0 and 1, zero-width ranges, bounds, shapes and dtypes."""
    S = (3, 5)
    case("random_like_bounds_f32", "random", [N("x", S)],
         "u = torch.rand_like(x)\nn = torch.randn_like(x, dtype=torch.float64)\n"
         "e = torch.empty_like(x).fill_(2.0)\n"
         "return ((u >= 0) & (u < 1), n * 0, e, torch.empty_like(x, dtype=torch.int64).zero_())")
    case("random_new_empty_f32", "random", [N("x", S)],
         "return (x.new_empty((2, 4)).fill_(1.5), x.new_empty(3, dtype=torch.int32).zero_(), "
         "torch.empty_strided((2, 3), (3, 1)).zero_())")
    case("random_randint_f32", "random", [N("x", S)],
         "a = torch.randint(5, 8, (4, 6))\nb = torch.randint(1, (3,), dtype=torch.int32)\n"
         "c = torch.randint_like(x, 3, 4)\nd = torch.randint_like(x, 10)\n"
         "return ((a >= 5) & (a < 8), b, c, (d >= 0) & (d < 10))")
    case("random_bernoulli_f32", "random", [D("p", (6,), [0, 1, 0, 1, 1, 0])],
         "return (torch.bernoulli(p), torch.bernoulli(p, 0.0), p.bernoulli(), "
         "torch.zeros(2, 3).bernoulli_(1.0), torch.zeros(4).bernoulli_(0.0), torch.ones(6).bernoulli_(p))")
    case("random_fills_f32", "random", [N("x", S)],
         "a = x.clone()\na.uniform_(0.25, 0.25)\nb = x.clone()\nb.normal_(3.0, 0.0)\n"
         "c = x.clone()\nc.uniform_()\nreturn (a, b, (c >= 0) & (c < 1))")
    case("random_normal_f32", "random", [N("m", S), D("s", (5,), [0, 0, 0, 0, 0])],
         "return (torch.normal(m, s), torch.normal(2.0, 0.0, (2, 3)), torch.normal(m, 0.0))")
    case("convert_short_char_f32", "convert", [N("x", S, sd=20.0)],
         "return (x.short(), x.char())")


def define_api_more():
    """Ops found by comparing gn's registry with PyTorch's API (gn-translate
    --list-ops torch): products, windows, shifts, statistics."""
    F = "torch.nn.functional."
    case("more_vecdot_f32", "linalg", [N("x", (3, 4)), N("y", (4,))],
         "return (torch.linalg.vecdot(x, y), torch.linalg.vecdot(x, x, dim=0))")
    case("more_multi_dot_f32", "linalg", [N("a", (3,)), N("b", (3, 4)), N("c", (4, 5)), N("d", (5,))],
         "return (torch.linalg.multi_dot([a, b, c, d]), torch.linalg.multi_dot((b, c)), "
         "torch.linalg.multi_dot([a, b, c]), torch.chain_matmul(b, c))")
    case("more_matrix_power_f32", "linalg", [N("x", (2, 3, 3), sd=0.5)],
         "return (torch.matrix_power(x, 0), torch.linalg.matrix_power(x, 5), x.matrix_power(2))")
    case("more_bilinear_f32", "linalg", [N("a", (2, 3, 4)), N("b", (2, 3, 5)), N("w", (6, 4, 5)), N("c", (6,))],
         f"return ({F}bilinear(a, b, w, c), {F}bilinear(a[0], b[0], w))")
    case("more_diagflat_f32", "linalg", [N("x", (2, 3))],
         "return (torch.diagflat(x), torch.diagflat(x, 2), torch.diagflat(x, offset=-1))")
    case("more_cartesian_prod_i64", "linalg", [I("a", (3,), 0, 9), I("b", (2,), 0, 9), I("c", (4,), 0, 9)],
         "return (torch.cartesian_prod(a, b, c), torch.cartesian_prod(a, b), torch.cartesian_prod(a))")
    case("more_vander_f32", "linalg", [N("x", (4,))],
         "return (torch.vander(x), torch.vander(x, N=3, increasing=True), torch.linalg.vander(x), "
         "torch.linalg.vander(x, N=2))")
    case("more_float_power_f32", "math", [POS("x", (3, 4)), N("y", (3, 4))],
         "return (torch.float_power(x, y), torch.float_power(x, 2), x.float_power(0.5))")
    case("more_ldexp_signbit_f32", "math", [N("x", (6,)), I("e", (6,), -3, 4),
                                            D("z", (6,), [0.0, -0.0, -1.0, 2.0, -1e-30, 3.0])],
         "return (torch.ldexp(x, e), torch.signbit(z), torch.signbit(e))")
    case("more_shifts_i64", "math", [I("x", (8,), -100, 100), I("s", (8,), 0, 6)],
         "return (x << 2, x >> 1, x << s, x >> s, torch.bitwise_left_shift(x, s), "
         "torch.bitwise_right_shift(x, 3), x.bitwise_right_shift(s))")
    case("more_shifts_u8", "math", [I("x", (6,), 0, 255, "u8")], "return (x << 1, x >> 2)")
    # Integer powers by a tensor of exponents: negative ones (1, (-1)^e, 0),
    # large ones (wrapping; the interpreter looped e times), each dtype.
    for dt in ("i8", "i16", "i32", "i64", "u8"):
        xs = [2, 1, 255, 255, 0, 3, 254, 5] if dt == "u8" else [2, 1, -1, -1, 0, 3, -2, 5]
        es = [1, 3, 3, 2, 100, 0, 7, 120] if dt == "u8" else [-1, -3, -3, -2, -1, 0, -1, 120]
        case(f"more_pow_integer_edges_{dt}", "math", [D("x", (8,), xs, dt), D("e", (8,), es, dt)],
             "return (x ** e, torch.pow(x, e), torch.pow(2, e))")
    # Counts below 0 or at least the width (every bit shifted out: 0, or the
    # sign), and into the sign bit (1 << 7 in int8 is -128, where gn's
    # saturating 2^7 gave 127 and a negative count divided by zero).
    for dt, width in (("i8", 8), ("i16", 16), ("i32", 32), ("i64", 64), ("u8", 8)):
        xs = [200, 100, 7, 1, 255, 0, 3, 129] if dt == "u8" else [-128, 100, 7, 1, -1, 0, -3, 5]
        counts = [0, 1, width - 1, width, width + 1, 3, 9, 65]
        if dt != "u8":
            counts = [-1, -70] + counts[:6]
        case(f"more_shifts_edges_{dt}", "math", [D("x", (8,), xs, dt), D("s", (8,), counts, dt)],
             "return (x << s, x >> s, torch.bitwise_left_shift(x, s), x.bitwise_right_shift(s))")
    case("more_logspace_range_f32", "factory", [N("x", (1,))],
         "return (torch.logspace(-2, 2, 5), torch.logspace(0, 3, 4, base=2.0), "
         "torch.range(1, 4), torch.range(0, 1, 0.25, dtype=torch.float64))")
    case("more_windows_f32", "factory", [N("x", (1,))],
         "return (torch.hann_window(8), torch.hann_window(7, periodic=False), "
         "torch.hamming_window(6), torch.hamming_window(5, False, alpha=0.5, beta=0.5), "
         "torch.blackman_window(9), torch.bartlett_window(6), torch.bartlett_window(5, False), "
         "torch.kaiser_window(8), torch.kaiser_window(7, False, 5.0), torch.hann_window(1))")
    case("more_upsample_f32", "interpolate", [N("x", (1, 2, 3, 4))],
         f"return ({F}upsample_bilinear(x, scale_factor=2), {F}upsample_bilinear(x, size=(5, 7)), "
         f"{F}upsample_nearest(x, scale_factor=2))")
    case("more_trapezoid_f32", "statistics", [N("y", (3, 5)), D("t", (5,), [0, 0.5, 1.5, 2, 4])],
         "return (torch.trapezoid(y), torch.trapezoid(y, t), torch.trapezoid(y, dx=0.5, dim=0), "
         "torch.trapz(y, t), torch.cumulative_trapezoid(y, t), torch.cumulative_trapezoid(y, dim=0))")
    case("more_cov_corrcoef_f32", "statistics", [N("x", (3, 6)), N("v", (7,))],
         "return (torch.cov(x), torch.cov(x, correction=0), torch.corrcoef(x), torch.cov(v))")
    case("more_histc_f32", "statistics", [N("x", (4, 9), sd=2.0)],
         "return (torch.histc(x, bins=6, min=-2, max=2), torch.histc(x, 5), x.histc(bins=4, min=-1, max=1))")
    # histogram: (hist, bin_edges); the data's range, a given one, edges as
    # a tensor, weights, density, values on the edges, a one-value range.
    case("more_histogram_f32", "statistics",
         [N("x", (4, 9), sd=2.0), N("w", (4, 9)), D("e", (5,), [-2, -0.5, 0, 1, 3]),
          D("g", (7,), [-1, -0.5, 0, 0.25, 0.5, 1, 1])],
         "h, b = torch.histogram(x, 6)\n"
         "r = torch.histogram(x, bins=5, range=(-1.0, 1.5), weight=w)\n"
         "d = x.histogram(4, density=True)\n"
         "return (h, b, r.hist, r.bin_edges, torch.histogram(x, e)[0], d[0], d[1], "
         "torch.histogram(g, 4, range=(-1.0, 1.0)).hist, torch.histogram(g[6:], 3).bin_edges, "
         "torch.histogram(x, e, weight=w, density=True).hist)")
    nanrow = D("x", (3, 5), [1, 5, 2, 4, 3, 3, NAN, 0, 1, 2, NAN, NAN, NAN, NAN, NAN])
    case("more_nanmedian_f32", "statistics", [nanrow],
         "v, i = torch.nanmedian(x, 1)\nw, j = x.nanmedian(dim=0, keepdim=True)\n"
         "return (v, i, torch.nanmedian(x), w)", allow_nan=True)
    case("more_median_nan_f32", "statistics", [nanrow],
         "v, i = torch.median(x, 1)\nreturn (v, i, torch.median(x))", allow_nan=True)


def define_api_more2():
    """The second batch from the API comparison: aliases and ATen forms,
    norms, scatter-like writes, statistics and random fills."""
    F = "torch.nn.functional."
    case("more2_aliases_f32", "shape", [N("x", (4, 6))],
         "a, b = torch.unsafe_chunk(x, 2, 1)\nc, d = torch.unsafe_split(x, 3, 1)\n"
         "e, f = torch.split_with_sizes_copy(x, [1, 3], 0)\n"
         "return (a, b, c, d, e, f, torch.unfold_copy(x, 1, 2, 2), torch.as_strided_copy(x, (2, 2), (1, 2)), "
         "torch.fill(x, 1.5), torch.constant_pad_nd(x, [1, 2], 0.5))")
    case("more2_convolution_aten_f32", "conv", [N("x", (1, 2, 5, 5)), N("w", (3, 2, 3, 3)), N("b", (3,)),
                                                N("t", (2, 3, 2, 2))],
         "return (torch.convolution(x, w, b, [1, 1], [1, 1], [1, 1], False, [0, 0], 1), "
         "torch.convolution(x, t, None, [2, 2], [0, 0], [1, 1], True, [1, 1], 1))")
    case("more2_norms_f32", "linalg", [N("x", (3, 4, 5))],
         "return (torch.frobenius_norm(x, [1, 2]), torch.frobenius_norm(x, [0], True), "
         "torch.renorm(x, 2, 0, 1.5), x.renorm(1, 2, 2.0), torch.pdist(x[0]), "
         "torch.pdist(x[1], p=1), torch.pdist(x[2], 0.5))")
    case("more2_mvlgamma_xlog1py_f32", "special", [POS("x", (3, 4), mean=3.0), N("y", (3, 4)), POS("z", (3, 4))],
         "return (torch.mvlgamma(x, 3), torch.special.multigammaln(x, 1), torch.special.xlog1py(y, z), "
         "torch.isreal(y))")
    case("more2_sum_to_size_unravel_f32", "shape", [N("x", (2, 3, 4)), I("i", (5,), -23, 23)],
         "a, b, c = torch.unravel_index(i, (2, 3, 4))\n"
         "return (x.sum_to_size(3, 1), x.sum_to_size((1, 3, 4)), a, b, c)")
    case("more2_put_masked_scatter_f32", "indexing",
         [N("x", (3, 4)), D("i", (4,), [0, 5, -1, 7], "i64"), N("s", (4,)), I("m", (3, 4), 0, 1, "bool"),
          N("src", (12,))],
         "return (torch.put(x, i, s), x.put(i, s, accumulate=True), torch.masked_scatter(x, m, src), "
         "x.masked_scatter(m[0], src))")
    case("more2_random_fills_f32", "random", [N("x", (3, 4))],
         "a = x.clone()\na.exponential_(2.0)\nb = x.clone()\nb.log_normal_(0.0, 1e-30)\n"
         "c = x.clone()\nc.geometric_(0.5)\nd = x.clone()\nd.random_(3, 4)\n"
         "e = x.clone()\ne.cauchy_(2.0, 1e-30)\n"
         "g = torch.nn.functional.gumbel_softmax(x, tau=0.5, hard=True)\n"
         "return (a >= 0, b, c >= 1, d, e, g.sum(-1), x.new_empty_strided((2, 2), (2, 1)).fill_(3.0))")
    case("more2_multi_margin_f32", "loss", [N("x", (4, 6)), D("t", (4,), [1, 5, 0, 3], "i64"), POS("w", (6,))],
         f"return ({F}multi_margin_loss(x, t), {F}multi_margin_loss(x, t, p=2, margin=0.5, weight=w, "
         f"reduction='none'), {F}multi_margin_loss(x[0], t[0], reduction='sum'))")


def define_aten_forms():
    """The ATen spellings an exported or decomposed graph calls
    (torch.ops.aten.X.overload), and dropout in training."""
    A = "torch.ops.aten."
    case("aten_forms_f32", "aten", [N("x", (2, 3, 4)), N("w", (4, 4)), POS("b", (4,))],
         f"a = {A}_unsafe_view.default(x, [6, 4])\n"
         f"n, m, r = {A}native_layer_norm.default(x, [4], b, b, 1e-05)\n"
         f"o, k = {A}native_dropout.default(x, 0.0, False)\n"
         f"return ({A}slice.Tensor(x, 1, 0, 2), {A}slice.Tensor(x, 2, 1, 9223372036854775807, 2), "
         f"{A}expand.default(b, [2, 3, 4]), n, m, r, a, {A}addmm.default(b, a, w), "
         f"{A}lift_fresh_copy.default(b), o, k)")
    case("aten_norms_resize_f32", "aten", [N("x", (2, 3, 4, 5)), N("rm", (3,)), POS("rv", (3,)),
                                           POS("g", (3,)), N("bb", (3,))],
         f"o, s, t = {A}_native_batch_norm_legit_no_training.default(x, g, bb, rm, rv, 0.1, 1e-05)\n"
         f"return (o, {A}upsample_bilinear2d.vec(x, [6, 7], False, None), "
         f"{A}upsample_bilinear2d.vec(x, None, True, [2.0, 2.0]), "
         f"{A}upsample_nearest2d.vec(x, [8, 10], None))")
    F = "torch.nn.functional."
    case("dropout_training_f32", "random", [POS("x", (4, 6))],
         f"d = {F}dropout(x, 0.5, True)\nc = {F}dropout2d(x.reshape(1, 4, 2, 3), 0.3, training=True)\n"
         f"return ({F}dropout(x, 1.0, True), {F}dropout(x, 0.0, True), "
         f"((d == 0) | ((d - 2 * x).abs() < 1e-5)).all(), {F}dropout2d(x.reshape(2, 2, 2, 3), 1.0, True), "
         f"(c == 0).all(dim=(2, 3)) | (c != 0).all(dim=(2, 3)))")


def define_complex_views():
    """Complex tensors as RoPE implementations use them (Meta's LLaMA
    reference, SAM 2): polar, view_as_complex, complex products with
    broadcasting, reshapes and slices of complex values, view_as_real."""
    case("complex_rope_f32", "complex", [N("q", (2, 5, 3, 8)), N("f", (5, 4))],
         "freqs = torch.polar(torch.ones_like(f), f)\n"
         "qc = torch.view_as_complex(q.float().reshape(*q.shape[:-1], -1, 2))\n"
         "fc = freqs[:5].view(1, 5, 1, 4)\n"
         "out = torch.view_as_real(qc * fc).flatten(3)\n"
         "return (out.type_as(q), torch.view_as_real(freqs))")
    case("complex_parts_f32", "complex", [N("a", (3, 4)), N("b", (3, 4))],
         "z = torch.complex(a, b)\nw = z.reshape(2, 6).transpose(0, 1)\n"
         "u, v = z.chunk(2, dim=1)\n"
         "return (torch.view_as_real(w), z.abs(), torch.angle(z), torch.view_as_real(torch.cat([u, v], 0)), "
         "torch.angle(a), torch.view_as_real(z[1:, ::2]), torch.view_as_real(z.unsqueeze(0).expand(2, 3, 4)))")


def define_instance_norm_running():
    case("instance_norm_running_stats_f32", "norm",
         [N("x", (2, 3, 4, 5)), N("rm", (3,)), POS("rv", (3,)), POS("w", (3,)), N("b", (3,))],
         "return (torch.instance_norm(x, rm, rv, w, b, False, 0.1, 1e-05, False), "
         "torch.nn.functional.instance_norm(x, rm, rv, w, b, use_input_stats=True))")


def define_embedding_bag():
    F = "torch.nn.functional."
    w = N("w", (10, 4))
    case("embedding_bag_offsets_f32", "embedding",
         [w, D("i", (9,), [1, 2, 4, 5, 4, 3, 2, 9, 0], "i64"), D("o", (4,), [0, 3, 3, 7], "i64"),
          POS("p", (9,)), D("q", (5,), [0, 3, 3, 7, 9], "i64")],
         f"return ({F}embedding_bag(i, w, o), {F}embedding_bag(i, w, o, mode='sum'), "
         f"{F}embedding_bag(i, w, o, mode='max'), {F}embedding_bag(i, w, o, mode='sum', per_sample_weights=p), "
         f"{F}embedding_bag(i, w, q, include_last_offset=True), {F}embedding_bag(i, w, o, padding_idx=4))")
    case("embedding_bag_2d_f32", "embedding", [w, D("i", (3, 4), [1, 2, 4, 5, 4, 3, 2, 9, 0, 0, 7, 1], "i64")],
         f"return ({F}embedding_bag(i, w), {F}embedding_bag(i, w, mode='max'), "
         f"{F}embedding_bag(i, w, mode='sum', padding_idx=0))")


def define_small_linalg():
    """Determinants, inverses and solves of up to 4x4 matrices (cofactors)."""
    for n in (1, 2, 3, 4):
        case(f"linalg_small_{n}x{n}_f32", "linalg", [N("a", (2, n, n)), N("b", (2, n, 3)), N("v", (2, n))],
             "a = a + torch.eye(a.shape[-1]) * 2.0\n"
             "s, l = torch.linalg.slogdet(a)\n"
             "return (torch.det(a), torch.linalg.det(a), torch.inverse(a), torch.linalg.inv(a), s, l, "
             "torch.linalg.solve(a, b), torch.linalg.solve(a, v), a.inverse(), "
             "torch.logdet(a @ a.transpose(-1, -2) + torch.eye(a.shape[-1]) * 3.0))")
    case("linalg_small_3x3_f64", "linalg", [N("a", (3, 3), "f64")],
         "a = a + torch.eye(3, dtype=torch.float64) * 2.0\nreturn (torch.inverse(a), torch.det(a))")


def define_index_writes():
    """Writes through index tensors anywhere in a subscript, and index_put
    with accumulate (torch.ops: setThroughPositions)."""
    i = D("i", (3,), [2, 0, 2], "i64")
    j = D("j", (3,), [1, 3, 0], "i64")
    case("index_write_tensor_positions_f32", "indexing", [N("x", (4, 5)), N("v", (3,)), i, j],
         "a = x.clone()\na[i, j] = v\nb = x.clone()\nb[:, j] = 7.0\nc = x.clone()\nc[i, 1:3] = 2.5\n"
         "d = x.clone()\nd[j[:2]] = v[:2].unsqueeze(1)\nreturn (a, b, c, d)")
    case("index_put_accumulate_f32", "indexing", [N("x", (4, 5)), N("v", (3,)), i, j, N("w", (3, 5))],
         "a = torch.index_put(x, (i, j), v, accumulate=True)\n"
         "b = x.clone()\nb.index_put_((i,), w, accumulate=True)\n"
         "c = torch.index_put(x, (i, j), v)\nreturn (a, b, c)")
    case("index_nonadjacent_f32", "indexing", [N("x", (2, 3, 4, 5)), D("i", (2,), [0, 1], "i64"),
                                               D("k", (2,), [3, 0], "i64")],
         "a = x[i, :, k]\nb = x[:, i, :, k]\nc = x[0, :, k]\nd = x.clone()\nd[:, i, :, k] = 1.5\n"
         "return (a, b, c, d)")
    case("index_put_accumulate_i64", "indexing", [I("x", (6,), -5, 5), D("k", (4,), [1, 1, 5, 1], "i64"),
                                                  I("v", (4,), 1, 9)],
         "return (x.index_put((k,), v, accumulate=True),)")


def define_pool_indices():
    """Max pools that return where each maximum came from, and max_unpool
    (algebra::maxPoolWithIndices, adaptiveMaxPoolWithIndices, maxUnpool)."""
    F = "torch.nn.functional."
    cases = {
        "max_pool2d": ((2, 3, 6, 6), f"{F}max_pool2d(x, 2, return_indices=True)"),
        "max_pool2d_k3s2p1": ((1, 2, 7, 7), f"{F}max_pool2d(x, 3, 2, 1, return_indices=True)"),
        "max_pool2d_ceil_pad": ((1, 2, 6, 6), f"{F}max_pool2d(x, 3, 2, 1, ceil_mode=True, return_indices=True)"),
        "max_pool2d_dilation": ((1, 2, 7, 7), f"{F}max_pool2d(x, 2, 1, 0, 2, return_indices=True)"),
        "max_pool2d_rect_unbatched": ((2, 6, 7), f"{F}max_pool2d(x, (2, 3), (1, 2), return_indices=True)"),
        "max_pool2d_with_indices": ((1, 2, 5, 5), f"{F}max_pool2d_with_indices(x, 3, 1, 1)"),
        "max_pool2d_aten": ((1, 2, 5, 5), "torch._C._nn.max_pool2d_with_indices(x, [2, 2], [2, 2], [0, 0], [1, 1], False)"),
        "max_pool1d": ((2, 3, 9), f"{F}max_pool1d(x, 3, 2, return_indices=True)"),
        "max_pool3d": ((1, 2, 4, 5, 4), f"{F}max_pool3d(x, 2, return_indices=True)"),
        "adaptive_max_pool2d": ((2, 3, 7, 9), f"{F}adaptive_max_pool2d(x, (3, 4), return_indices=True)"),
        "adaptive_max_pool2d_aten": ((1, 2, 5, 5), "torch._C._nn.adaptive_max_pool2d(x, [2, 3])"),
        "adaptive_max_pool1d": ((2, 3, 10), f"{F}adaptive_max_pool1d(x, 4, return_indices=True)"),
        "adaptive_max_pool3d": ((1, 2, 5, 4, 6), f"{F}adaptive_max_pool3d(x, (2, 3, 4))"),
    }
    for name, (shape, expr) in cases.items():
        case(f"pool_idx_{name}_f32", "pool", [distinct("x", shape)],
             f"r = {expr}\nreturn tuple(r) if isinstance(r, tuple) else (r,)")
    case("pool_idx_max_pool2d_ties_f32", "pool", [I("x", (1, 2, 6, 6), 0, 2, "f32")],
         f"v, i = {F}max_pool2d(x, 3, 1, 1, return_indices=True)\nreturn (v, i)")
    case("pool_idx_max_pool2d_f16", "pool", [distinct("x", (1, 2, 6, 6), "f16", step=0.125)],
         f"v, i = {F}max_pool2d(x, 2, return_indices=True)\nreturn (v, i)")
    case("pool_idx_unpool2d_f32", "pool", [distinct("x", (2, 3, 6, 6))],
         f"v, i = {F}max_pool2d(x, 2, return_indices=True)\n"
         f"return ({F}max_unpool2d(v, i, 2), {F}max_unpool2d(v, i, 2, output_size=(7, 7)))")
    case("pool_idx_unpool1d_f32", "pool", [distinct("x", (2, 3, 9))],
         f"v, i = {F}max_pool1d(x, 3, 2, 1, return_indices=True)\n"
         f"return ({F}max_unpool1d(v, i, 3, 2, 1),)")
    case("pool_idx_unpool3d_f32", "pool", [distinct("x", (1, 2, 4, 4, 4))],
         f"v, i = {F}max_pool3d(x, 2, return_indices=True)\nreturn ({F}max_unpool3d(v, i, 2),)")


def define_pool():
    F = "torch.nn.functional."
    pools = {
        "max_pool2d": ((2, 3, 6, 6), f"{F}max_pool2d(x, 2)"),
        "max_pool2d_k3s2p1": ((1, 2, 7, 7), f"{F}max_pool2d(x, kernel_size=3, stride=2, padding=1)"),
        "max_pool2d_ceil": ((1, 2, 7, 7), f"{F}max_pool2d(x, 3, 2, 0, 1, ceil_mode=True)"),
        "max_pool2d_ceil_pad": ((1, 2, 6, 6), f"{F}max_pool2d(x, 3, 2, 1, ceil_mode=True)"),
        "max_pool2d_dilation": ((1, 2, 7, 7), f"{F}max_pool2d(x, 2, 1, 0, 2)"),
        "max_pool2d_rect": ((1, 2, 6, 7), f"{F}max_pool2d(x, (2, 3), (1, 2))"),
        "max_pool1d": ((2, 3, 9), f"{F}max_pool1d(x, 3, 2)"),
        "max_pool1d_ceil": ((2, 3, 8), f"{F}max_pool1d(x, 3, 2, 1, ceil_mode=True)"),
        "max_pool3d": ((1, 2, 4, 4, 4), f"{F}max_pool3d(x, 2)"),
        "max_pool3d_pad": ((1, 1, 5, 5, 5), f"{F}max_pool3d(x, 3, 2, 1)"),
        # Windows of 25 elements or more, which gn pools one dim at a time
        # (gn-decompose's separable-max-pool-min-window): an SPP block's 5, 9
        # and 13 at stride 1, strided and dilated ones with ceil mode, 3-d.
        "max_pool2d_spp": ((1, 3, 10, 8), f"torch.cat([{F}max_pool2d(x, 5, 1, 2), "
                                          f"{F}max_pool2d(x, 9, 1, 4), {F}max_pool2d(x, 13, 1, 6)], 1)"),
        "max_pool2d_big_strided": ((2, 2, 15, 13), f"{F}max_pool2d(x, (7, 5), (3, 2), (3, 1), (1, 2), ceil_mode=True)"),
        "max_pool3d_big": ((1, 2, 6, 7, 5), f"{F}max_pool3d(x, 3, (1, 2, 1), 1, ceil_mode=True)"),
        "avg_pool2d": ((2, 3, 6, 6), f"{F}avg_pool2d(x, 2)"),
        "avg_pool2d_pad_incl": ((1, 2, 7, 7), f"{F}avg_pool2d(x, 3, 2, 1)"),
        "avg_pool2d_pad_excl": ((1, 2, 7, 7), f"{F}avg_pool2d(x, 3, 2, 1, count_include_pad=False)"),
        "avg_pool2d_ceil": ((1, 2, 6, 6), f"{F}avg_pool2d(x, 3, 2, 0, ceil_mode=True)"),
        "avg_pool2d_ceil_pad_incl": ((1, 2, 6, 6), f"{F}avg_pool2d(x, 3, 2, 1, ceil_mode=True)"),
        "avg_pool2d_ceil_pad_excl": ((1, 2, 6, 6),
                                     f"{F}avg_pool2d(x, 3, 2, 1, ceil_mode=True, count_include_pad=False)"),
        "avg_pool2d_divisor": ((1, 2, 6, 6), f"{F}avg_pool2d(x, 2, divisor_override=3)"),
        "avg_pool2d_rect": ((1, 2, 6, 7), f"{F}avg_pool2d(x, (3, 2), (2, 2), (1, 0))"),
        "avg_pool1d": ((2, 3, 9), f"{F}avg_pool1d(x, 3, 2)"),
        "avg_pool1d_pad_ceil": ((2, 3, 8), f"{F}avg_pool1d(x, 3, 2, 1, ceil_mode=True)"),
        "avg_pool1d_pad_excl": ((2, 3, 8), f"{F}avg_pool1d(x, 3, 2, 1, count_include_pad=False)"),
        "avg_pool3d": ((1, 2, 4, 4, 4), f"{F}avg_pool3d(x, 2)"),
        "avg_pool3d_pad": ((1, 1, 5, 5, 5), f"{F}avg_pool3d(x, 3, 2, 1, count_include_pad=False)"),
        "adaptive_avg_pool2d_1": ((2, 3, 5, 5), f"{F}adaptive_avg_pool2d(x, 1)"),
        "adaptive_avg_pool2d_uneven": ((1, 2, 7, 7), f"{F}adaptive_avg_pool2d(x, (3, 3))"),
        "adaptive_avg_pool2d_up": ((1, 2, 3, 3), f"{F}adaptive_avg_pool2d(x, (5, 4))"),
        "adaptive_avg_pool2d_none": ((1, 2, 7, 5), f"{F}adaptive_avg_pool2d(x, (3, None))"),
        "adaptive_avg_pool1d": ((2, 3, 12), f"{F}adaptive_avg_pool1d(x, 5)"),
        "adaptive_avg_pool3d": ((1, 2, 4, 5, 3), f"{F}adaptive_avg_pool3d(x, (2, 3, 1))"),
        "adaptive_max_pool2d": ((1, 2, 7, 7), f"{F}adaptive_max_pool2d(x, (3, 3))"),
        "adaptive_max_pool2d_1": ((2, 3, 5, 5), f"{F}adaptive_max_pool2d(x, 1)"),
        "adaptive_max_pool1d": ((2, 3, 11), f"{F}adaptive_max_pool1d(x, 4)"),
    }
    many = ("max_pool2d", "max_pool2d_k3s2p1", "avg_pool2d", "avg_pool2d_pad_excl",
            "adaptive_avg_pool2d_uneven", "adaptive_avg_pool2d_1", "max_pool1d")
    for name, (shape, expr) in pools.items():
        for dt in (FL if name in many else ("f32",)):
            case(f"{name}_{dt}", "pool", [distinct("x", shape, dt, step=0.125)], expr)
    case("max_pool2d_indices_f32", "pool", [distinct("x", (1, 2, 6, 6))],
         f"r = {F}max_pool2d(x, 3, 2, 1, return_indices=True)\nreturn (r[0], r[1])")
    case("max_pool1d_indices_f32", "pool", [distinct("x", (2, 2, 9))],
         f"out, idx = {F}max_pool1d(x, 3, 2, return_indices=True)\nreturn (out, idx)")
    case("adaptive_max_pool2d_indices_f32", "pool", [distinct("x", (1, 2, 7, 7))],
         f"r = {F}adaptive_max_pool2d(x, 3, True)\nreturn (r[0], r[1])")
    case("max_pool2d_i64", "pool", [I("x", (1, 2, 6, 6), -99, 99)], f"{F}max_pool2d(x, 2)")


# ---- interpolate -----------------------------------------------------------

def define_interpolate():
    F = "torch.nn.functional.interpolate"
    it = {
        "nearest_scale2": ((1, 2, 3, 4), f"{F}(x, scale_factor=2)"),
        "nearest_size": ((1, 2, 4, 4), f"{F}(x, size=(5, 7))"),
        "nearest_down": ((1, 2, 7, 6), f"{F}(x, size=(3, 4), mode='nearest')"),
        "nearest_1d": ((2, 3, 5), f"{F}(x, size=7)"),
        "nearest_3d": ((1, 1, 2, 3, 2), f"{F}(x, scale_factor=2, mode='nearest')"),
        "nearest_scale_tuple": ((1, 2, 3, 4), f"{F}(x, scale_factor=(2, 3))"),
        "bilinear": ((1, 2, 3, 4), f"{F}(x, scale_factor=2, mode='bilinear', align_corners=False)"),
        "bilinear_align": ((1, 2, 3, 4), f"{F}(x, scale_factor=2, mode='bilinear', align_corners=True)"),
        "bilinear_size": ((1, 2, 4, 4), f"{F}(x, size=(5, 7), mode='bilinear')"),
        "bilinear_down": ((1, 2, 8, 7), f"{F}(x, size=(5, 3), mode='bilinear', align_corners=False)"),
        "bilinear_down_align": ((1, 2, 8, 7), f"{F}(x, size=(5, 3), mode='bilinear', align_corners=True)"),
        "bicubic": ((1, 2, 4, 4), f"{F}(x, scale_factor=2, mode='bicubic', align_corners=False)"),
        "bicubic_align": ((1, 2, 4, 4), f"{F}(x, size=(6, 7), mode='bicubic', align_corners=True)"),
        "bicubic_down": ((1, 2, 8, 8), f"{F}(x, size=(5, 3), mode='bicubic')"),
        "linear": ((2, 3, 5), f"{F}(x, size=8, mode='linear')"),
        "linear_align": ((2, 3, 5), f"{F}(x, scale_factor=2, mode='linear', align_corners=True)"),
        "trilinear": ((1, 1, 2, 3, 2), f"{F}(x, scale_factor=2, mode='trilinear')"),
        "nearest_exact": ((1, 2, 4, 5), f"{F}(x, size=(6, 3), mode='nearest-exact')"),
        "area": ((1, 2, 6, 6), f"{F}(x, size=(4, 3), mode='area')"),
        "upsample_fn": ((1, 2, 3, 3), "torch.nn.functional.upsample(x, scale_factor=2, mode='nearest')"),
        "nearest_frac_scale": ((1, 2, 4, 4), f"{F}(x, scale_factor=1.5)"),
        "bilinear_frac_scale": ((1, 2, 4, 5), f"{F}(x, scale_factor=1.5, mode='bilinear')"),
        "bicubic_frac_scale": ((1, 2, 4, 4), f"{F}(x, scale_factor=(1.5, 2.5), mode='bicubic', align_corners=False)"),
        # in * scale_factor not whole: PyTorch steps by 1 / scale_factor.
        "nearest_nonint_scale": ((1, 2, 5, 7), f"{F}(x, scale_factor=1.7)"),
        "bilinear_nonint_scale": ((1, 2, 5, 7), f"{F}(x, scale_factor=1.7, mode='bilinear')"),
        "bilinear_nonint_down": ((1, 2, 5, 7), f"{F}(x, scale_factor=0.5, mode='bilinear')"),
        "bilinear_nonint_align": ((1, 2, 5, 7), f"{F}(x, scale_factor=1.7, mode='bilinear', align_corners=True)"),
        "bilinear_nonint_recompute": ((1, 2, 5, 7), f"{F}(x, scale_factor=1.7, mode='bilinear', recompute_scale_factor=True)"),
        "bicubic_nonint_scale": ((1, 2, 5, 6), f"{F}(x, scale_factor=(1.3, 2.2), mode='bicubic')"),
        "linear_nonint_scale": ((2, 3, 7), f"{F}(x, scale_factor=1.45, mode='linear')"),
        "trilinear_nonint_scale": ((1, 1, 3, 3, 3), f"{F}(x, scale_factor=1.5, mode='trilinear')"),
        "nearest_nonint_3d": ((1, 1, 3, 3, 3), f"{F}(x, scale_factor=(0.7, 1.5, 2.3))"),
        # Source indices in float32 (26 -> 22 and 14 -> 46 round differently in float64).
        "nearest_float_rounding": ((1, 1, 26, 14), f"{F}(x, size=(22, 46))"),
        # A kept or doubled size: PyTorch reads in order / every other row, whatever the scale.
        "nearest_keep_scale": ((1, 2, 4, 4), f"{F}(x, scale_factor=1.1)"),
        "nearest_double_scale": ((1, 2, 5, 3), f"{F}(x, scale_factor=2.1)"),
        "nearest_double_scale_1d": ((2, 3, 5), f"{F}(x, scale_factor=2.1)"),  # no shortcut in 1-d
        "nearest_exact_scale": ((1, 2, 5, 7), f"{F}(x, scale_factor=1.7, mode='nearest-exact')"),
        "nearest_exact_down": ((1, 2, 9, 8), f"{F}(x, size=(4, 3), mode='nearest-exact')"),
        "nearest_exact_1d": ((2, 3, 5), f"{F}(x, size=8, mode='nearest-exact')"),
        "nearest_exact_3d": ((1, 1, 3, 3, 2), f"{F}(x, scale_factor=(1.5, 2, 2.5), mode='nearest-exact')"),
        "nearest_exact_float_rounding": ((1, 1, 4, 2), f"{F}(x, size=(41, 49), mode='nearest-exact')"),
        # antialias=True: PIL-style windows widened by the scale when downsampling.
        "bilinear_aa_down": ((1, 2, 9, 11), f"{F}(x, size=(4, 5), mode='bilinear', antialias=True)"),
        "bilinear_aa_up": ((1, 2, 3, 4), f"{F}(x, size=(5, 9), mode='bilinear', antialias=True)"),
        "bilinear_aa_mixed": ((1, 2, 6, 4), f"{F}(x, size=(3, 7), mode='bilinear', antialias=True)"),
        "bilinear_aa_align": ((1, 2, 9, 11), f"{F}(x, size=(4, 5), mode='bilinear', align_corners=True, antialias=True)"),
        "bilinear_aa_scale": ((1, 2, 10, 9), f"{F}(x, scale_factor=0.35, mode='bilinear', antialias=True)"),
        "bilinear_aa_keep_w": ((1, 2, 8, 6), f"{F}(x, size=(3, 6), mode='bilinear', antialias=True)"),
        "bilinear_aa_big_down": ((1, 1, 64, 48), f"{F}(x, size=(7, 5), mode='bilinear', antialias=True)"),
        "bicubic_aa_down": ((1, 2, 12, 10), f"{F}(x, size=(5, 4), mode='bicubic', antialias=True)"),
        "bicubic_aa_up": ((1, 2, 4, 3), f"{F}(x, size=(7, 8), mode='bicubic', antialias=True)"),
        "bicubic_aa_align": ((1, 2, 12, 10), f"{F}(x, size=(5, 4), mode='bicubic', align_corners=True, antialias=True)"),
    }
    many = ("nearest_scale2", "bilinear", "bilinear_align", "bicubic", "bilinear_aa_down",
            "bicubic_aa_down", "nearest_exact")
    for name, (shape, expr) in it.items():
        for dt in (FL if name in many else ("f32",)):
            case(f"interp_{name}_{dt}", "interpolate", [N("x", shape, dt)], expr)
    case("interp_nearest_i64", "interpolate", [I("x", (1, 2, 3, 3), -9, 9)], f"{F}(x, scale_factor=2)")
    # grid_sample: the sampling grid in [-1.2, 1.2] (some points outside).
    G = "torch.nn.functional.grid_sample"
    grid = P("g", (2, 3, 4, 2), "f32", mean=0.0, std=3.0, lo=-1.2, hi=1.2)
    gs = {
        "bilinear": f"{G}(x, g)",
        "bilinear_align": f"{G}(x, g, align_corners=True)",
        "nearest": f"{G}(x, g, mode='nearest', align_corners=False)",
        "border": f"{G}(x, g, padding_mode='border')",
        "nearest_border_align": f"{G}(x, g, 'nearest', 'border', True)",
        "reflection": f"{G}(x, g, padding_mode='reflection')",
        "reflection_align": f"{G}(x, g, padding_mode='reflection', align_corners=True)",
        "nearest_reflection": f"{G}(x, g, 'nearest', 'reflection', False)",
        "bicubic": f"{G}(x, g, mode='bicubic', align_corners=False)",
        "bicubic_align": f"{G}(x, g, mode='bicubic', align_corners=True)",
        "bicubic_border": f"{G}(x, g, mode='bicubic', padding_mode='border')",
        "bicubic_reflection": f"{G}(x, g, 'bicubic', 'reflection', False)",
        "bicubic_reflection_align": f"{G}(x, g, 'bicubic', 'reflection', True)",
    }
    for name, expr in gs.items():
        for dt in (("f32", "f64") if name in ("bilinear", "bicubic") else
                   ("f32", "f16", "bf16") if name == "bicubic_border" else ("f32",)):
            case(f"grid_sample_{name}_{dt}", "interpolate",
                 [N("x", (2, 3, 5, 6), dt), P("g", (2, 3, 4, 2), dt, mean=0.0, std=3.0,
                                              lo=-3.5 if "reflection" in name else -1.2,
                                              hi=3.5 if "reflection" in name else 1.2)], expr)


# ---- normalization ---------------------------------------------------------

def define_nn_more():
    F = "torch.nn.functional."
    for dt in FL:
        case(f"lp_pool2d_{dt}", "pool", [N("x", (2, 3, 6, 7), dt)], f"{F}lp_pool2d(x, 2.0, 3, 2)",
             dtype=dt)
    case("lp_pool1d_p3_f32", "pool", [POS("x", (2, 3, 9))], f"{F}lp_pool1d(x, 3, 2)")
    case("lp_pool2d_rect_ceil_f32", "pool", [POS("x", (1, 2, 7, 8))],
         f"{F}lp_pool2d(x, 1.5, (2, 3), stride=(2, 2), ceil_mode=True)")
    for dt in ("f32", "f64"):  # PyTorch's CPU avg_pool3d has no half kernels
        case(f"local_response_norm_{dt}", "norm", [N("x", (2, 7, 4, 5), dt)],
             f"{F}local_response_norm(x, 3)", dtype=dt)
    case("local_response_norm_3d_even_f32", "norm", [N("x", (2, 6, 9))],
         f"{F}local_response_norm(x, 4, alpha=0.01, beta=0.5, k=2.0)")
    case("local_response_norm_5d_f32", "norm", [N("x", (1, 5, 2, 3, 4))],
         f"{F}local_response_norm(x, 2)")
    for dt in FL:
        case(f"fold_{dt}", "shape", [N("x", (2, 3 * 2 * 2, 12), dt)],
             f"{F}fold(x, (4, 5), 2)", dtype=dt)
    case("fold_overlap_pad_dilation_f32", "shape", [N("x", (1, 2 * 3 * 3, 9))],
         f"{F}fold(x, output_size=(5, 5), kernel_size=3, dilation=1, padding=1, stride=2)")
    case("fold_unbatched_f32", "shape", [N("x", (2 * 2 * 3, 8))],
         f"{F}fold(x, (3, 6), (2, 3), dilation=(1, 2), stride=(1, 1))")
    case("fold_of_unfold_f32", "shape", [N("x", (2, 3, 6, 6))],
         f"return ({F}fold({F}unfold(x, 3, padding=1), (6, 6), 3, padding=1),)")
    for dt in FL:
        case(f"std_mean_{dt}", "reduce", [N("x", (3, 4, 5), dt)], "torch.std_mean(x, dim=1)",
             dtype=dt)
    case("var_mean_keepdim_f32", "reduce", [N("x", (3, 4, 5))],
         "torch.var_mean(x, (0, 2), keepdim=True, correction=0)")
    case("var_mean_all_f32", "reduce", [N("x", (3, 4))], "torch.var_mean(x)")
    case("isclose_f32", "compare",
         [D("a", (8,), [1.0, 1.0, float("nan"), float("inf"), float("inf"), 0.0, 1e-9, 5.0]),
          D("b", (8,), [1.0 + 1e-6, 1.1, float("nan"), float("inf"), 3.0, -0.0, 0.0, 5.0001])],
         "return (torch.isclose(a, b), torch.isclose(a, b, equal_nan=True), a.isclose(b, rtol=0.2, atol=0.0))")
    case("isclose_i64", "compare", [I("a", (6,), -3, 3), I("b", (6,), -3, 3)],
         "torch.isclose(a, b, atol=1)")
    case("isin_i64", "compare", [I("a", (3, 4), 0, 9), I("t", (5,), 0, 9)],
         "return (torch.isin(a, t), torch.isin(a, t, invert=True))")
    case("isin_scalar_f32", "compare", [D("a", (5,), [0.5, 1.0, 2.0, 1.0, -1.0])],
         "torch.isin(a, 1.0)")
    for dt in FL + ("i64",):
        x = N("x", (4, 6), dt) if dt in FL else I("x", (4, 6), -9, 9)
        case(f"diff_{dt}", "binary", [x], "return (torch.diff(x), x.diff(dim=0), torch.diff(x, n=2))",
             dtype=dt)
    case("diff_prepend_append_f32", "binary", [N("x", (3, 5)), N("p", (3, 2))],
         "return (torch.diff(x, dim=1, prepend=p, append=p), torch.diff(x, n=3, dim=1, append=p))")
    case("diff_bool", "binary", [B("x", (3, 6))], "torch.diff(x)")
    for dt in ("f32", "f64"):
        case(f"affine_grid_{dt}", "grid", [N("t", (2, 2, 3), dt, sd=0.5)],
             f"return ({F}affine_grid(t, [2, 3, 4, 5], align_corners=False), "
             f"{F}affine_grid(t, (2, 1, 3, 1), align_corners=True))", dtype=dt)
    case("affine_grid_3d_f32", "grid", [N("t", (1, 3, 4), sd=0.5)],
         f"{F}affine_grid(t, [1, 2, 3, 4, 2])")
    case("affine_grid_sample_f32", "grid", [N("x", (2, 3, 6, 7)), N("t", (2, 2, 3), sd=0.4)],
         f"return ({F}grid_sample(x, {F}affine_grid(t, x.size(), align_corners=False), "
         f"align_corners=False),)")


def define_norm():
    F = "torch.nn.functional."
    for dt in FL:
        x4 = N("x", (2, 3, 4, 4), dt, mean=0.5, sd=2.0)
        stats = [N("rm", (3,), dt, sd=0.5), POS("rv", (3,), dt, mean=1.5, sd=0.5, lo=0.2)]
        aff = [N("w", (3,), dt, mean=1.0, sd=0.3), N("b", (3,), dt, sd=0.3)]
        case(f"batch_norm_eval_{dt}", "norm", [x4] + stats + aff,
             f"{F}batch_norm(x, rm, rv, w, b, False, 0.1, 1e-05)")
        case(f"batch_norm_train_{dt}", "norm", [x4] + stats + aff,
             f"{F}batch_norm(x, rm.clone(), rv.clone(), w, b, True, 0.1, 1e-05)")
        case(f"layer_norm_{dt}", "norm",
             [N("x", (2, 5, 8), dt, mean=1.0, sd=2.0), N("w", (8,), dt, mean=1.0, sd=0.3),
              N("b", (8,), dt, sd=0.3)],
             f"{F}layer_norm(x, (8,), w, b, 1e-05)")
        case(f"group_norm_{dt}", "norm",
             [N("x", (2, 6, 3, 3), dt, mean=0.5, sd=2.0), N("w", (6,), dt, mean=1.0, sd=0.3),
              N("b", (6,), dt, sd=0.3)],
             f"{F}group_norm(x, 3, w, b, 1e-05)")
        case(f"rms_norm_{dt}", "norm", [N("x", (2, 5, 8), dt, sd=2.0), N("w", (8,), dt, mean=1.0, sd=0.3)],
             f"{F}rms_norm(x, (8,), w, 1e-06)")
        case(f"instance_norm_{dt}", "norm", [N("x", (2, 3, 5, 4), dt, mean=0.5, sd=2.0)] + aff,
             f"{F}instance_norm(x, None, None, w, b)")
        case(f"normalize_{dt}", "norm", [N("x", (3, 4, 5), dt)], f"{F}normalize(x, dim=-1)")
    case("batch_norm_eval_noaffine_f32", "norm",
         [N("x", (2, 3, 4, 4), mean=0.5, sd=2.0), N("rm", (3,), sd=0.5), POS("rv", (3,), mean=1.5, lo=0.2)],
         f"{F}batch_norm(x, rm, rv, None, None, False, 0.1, 0.001)")
    case("batch_norm_eval_2d_f32", "norm",
         [N("x", (4, 3), sd=2.0), N("rm", (3,), sd=0.5), POS("rv", (3,), mean=1.5, lo=0.2),
          N("w", (3,), mean=1.0, sd=0.3), N("b", (3,), sd=0.3)],
         f"{F}batch_norm(x, rm, rv, w, b, False, 0.1, 1e-05)")
    case("batch_norm_eval_3d_f32", "norm",
         [N("x", (2, 3, 7), sd=2.0), N("rm", (3,), sd=0.5), POS("rv", (3,), mean=1.5, lo=0.2),
          N("w", (3,), mean=1.0, sd=0.3), N("b", (3,), sd=0.3)],
         "torch.batch_norm(x, w, b, rm, rv, False, 0.1, 1e-05, False)")  # aten argument order
    case("instance_norm_aten_order_f32", "norm",
         [N("x", (2, 3, 5, 4), mean=0.5, sd=2.0), N("w", (3,), mean=1.0, sd=0.3), N("b", (3,), sd=0.3)],
         "torch.instance_norm(x, w, b, None, None, True, 0.1, 1e-05, False)")  # aten argument order
    case("batch_norm_train_2d_f32", "norm",
         [N("x", (6, 3), sd=2.0), N("rm", (3,), sd=0.5), POS("rv", (3,), mean=1.5, lo=0.2)],
         f"{F}batch_norm(x, rm.clone(), rv.clone(), None, None, True, 0.1, 1e-05)")
    for dt in LOWP:
        case(f"batch_norm_eval_f32_stats_{dt}", "norm",
             [N("x", (2, 3, 4, 4), dt, mean=0.5, sd=2.0), N("rm", (3,), sd=0.5),
              POS("rv", (3,), mean=1.5, lo=0.2), N("w", (3,), mean=1.0, sd=0.3), N("b", (3,), sd=0.3)],
             f"{F}batch_norm(x, rm, rv, w, b, False, 0.1, 1e-05)")
        case(f"layer_norm_f32_weights_{dt}", "norm",
             [N("x", (2, 5, 8), dt, mean=1.0, sd=2.0), N("w", (8,), mean=1.0, sd=0.3), N("b", (8,), sd=0.3)],
             f"{F}layer_norm(x, (8,), w, b, 1e-05)")
        case(f"layer_norm_upcast_{dt}", "norm",
             [N("x", (2, 5, 8), dt, mean=1.0, sd=2.0), N("w", (8,), mean=1.0, sd=0.3), N("b", (8,), sd=0.3)],
             f"{F}layer_norm(x.float(), (8,), w, b, 1e-05).to({TORCH_DTYPE[dt]})")
    case("layer_norm_noaffine_f32", "norm", [N("x", (2, 5, 8), mean=1.0, sd=2.0)],
         f"{F}layer_norm(x, [8])")
    case("layer_norm_2dims_f32", "norm", [N("x", (2, 5, 8), mean=1.0, sd=2.0), N("w", (5, 8), mean=1.0, sd=0.3),
                                         N("b", (5, 8), sd=0.3)],
         f"{F}layer_norm(x, (5, 8), w, b, 1e-06)")
    case("layer_norm_weight_only_f32", "norm", [N("x", (3, 8), mean=1.0, sd=2.0), N("w", (8,), mean=1.0, sd=0.3)],
         f"{F}layer_norm(x, (8,), w, None, 1e-12)")
    case("layer_norm_const_rows_f32", "norm",
         [D("x", (2, 4), [1.5, 1.5, 1.5, 1.5, 0.0, 1.0, 2.0, 3.0])], f"{F}layer_norm(x, (4,))")
    case("group_norm_noaffine_f32", "norm", [N("x", (2, 4, 5), sd=2.0)], f"{F}group_norm(x, 2)")
    case("group_norm_1group_f32", "norm", [N("x", (2, 4, 3, 3), sd=2.0), N("w", (4,), mean=1.0, sd=0.3),
                                            N("b", (4,), sd=0.3)],
         f"{F}group_norm(x, 1, w, b, 1e-06)")
    case("group_norm_per_channel_f32", "norm", [N("x", (2, 4, 3, 3), sd=2.0)], f"{F}group_norm(x, 4)")
    case("rms_norm_eps_none_f32", "norm", [N("x", (2, 5, 8), sd=2.0), N("w", (8,), mean=1.0, sd=0.3)],
         f"{F}rms_norm(x, [8], w)")
    case("rms_norm_noweight_2dims_f32", "norm", [N("x", (2, 5, 8), sd=2.0)], f"{F}rms_norm(x, (5, 8))")
    case("rms_norm_eps_none_f16", "norm", [N("x", (2, 5, 8), "f16", sd=2.0), N("w", (8,), "f16", mean=1.0, sd=0.3)],
         f"{F}rms_norm(x, [8], w)")
    case("rms_norm_manual_f32", "norm", [N("x", (2, 5, 8), sd=2.0), N("w", (8,), mean=1.0, sd=0.3)],
         "v = x.pow(2).mean(-1, keepdim=True)\nreturn (w * (x * torch.rsqrt(v + 1e-06)),)")
    # |x| > 256: x * x overflows float16, the norm itself (about 780) does not
    case("normalize_large_f16", "norm",
         [D("x", (2, 4), [300.0, -400.0, 500.0, 20.0, 0.5, -1.5, 2.0, 0.25], "f16")],
         f"{F}normalize(x, dim=-1)")
    case("normalize_p1_f32", "norm", [N("x", (3, 4, 5))], f"{F}normalize(x, p=1.0, dim=1)")
    case("normalize_zero_row_f32", "norm", [D("x", (2, 3), [0.0, 0.0, 0.0, 1.0, -2.0, 2.0])],
         f"{F}normalize(x, dim=-1)")
    case("weight_norm_f32", "norm", [N("v", (4, 3, 2)), POS("g", (4, 1, 1), mean=1.0)],
         "torch._weight_norm(v, g, 0)")
    case("weight_norm_dim1_f32", "norm", [N("v", (4, 3)), POS("g", (1, 3), mean=1.0)],
         "torch._weight_norm(v, g, 1)")


# ---- factories ----------------------------------------------------------------

def define_factory():
    fac = {
        "arange": "torch.arange(6)", "arange_start_step": "torch.arange(1, 10, 2)",
        "arange_float_step": "torch.arange(0, 1, 0.1)", "arange_dtype": "torch.arange(5, dtype=torch.float32)",
        "arange_float_bounds": "torch.arange(0.0, 5.0)", "arange_neg_step": "torch.arange(5, -3, -2)",
        "arange_size": "torch.arange(x.size(1))", "arange_f16": "torch.arange(0, 3, 0.25, dtype=torch.float16)",
        "arange_plus_x": "torch.arange(4) + x", "full": "torch.full((2, 3), 1.5)",
        "full_int": "torch.full((2, 3), 7)", "full_bool": "torch.full((2, 2), True)",
        "full_dtype": "torch.full([3], 0.1, dtype=torch.float16)",
        "full_neg_inf": "torch.full((2, 2), float('-inf'))",
        "zeros": "torch.zeros((2, 3))", "zeros_varargs_dtype": "torch.zeros(2, 3, dtype=torch.int64)",
        "ones": "torch.ones(3, 2)", "ones_bool": "torch.ones(2, 2, dtype=torch.bool)",
        "zeros_like": "torch.zeros_like(x)", "ones_like_dtype": "torch.ones_like(x, dtype=torch.bool)",
        "full_like": "torch.full_like(x, 7)", "full_like_float": "torch.full_like(x, 0.3, dtype=torch.float64)",
        "new_zeros": "x.new_zeros((2, 3))", "new_ones": "x.new_ones(3)",
        "new_full": "x.new_full((2, 2), 3.0)", "new_tensor": "x.new_tensor([1, 2, 3])",
        "tensor_list": "torch.tensor([1.0, 2.5, -3.0])", "tensor_int": "torch.tensor([[1, 2], [3, 4]])",
        "tensor_0d": "torch.tensor(3)", "tensor_dtype": "torch.tensor([0.1, 0.2], dtype=torch.float16)",
        "tensor_bool": "torch.tensor([True, False])", "scalar_tensor": "torch.scalar_tensor(2.5)",
        "linspace": "torch.linspace(0, 1, 5)", "linspace_dtype": "torch.linspace(-1, 1, steps=7, dtype=torch.float64)",
        "linspace_thirds": "torch.linspace(0, 1, 7)",
        # Bit for bit as PyTorch's kernel: halves from each end with fused
        # multiply-adds; half types round start and end first.
        "linspace_kernel_rounding": "return (torch.linspace(-1, 1, 7), torch.linspace(-3.3, 7.7, 13), "
                                    "torch.linspace(0, 10, 100), torch.linspace(-1, 1, 7, dtype=torch.float64), "
                                    "torch.linspace(-3.3, 7.7, 13, dtype=torch.float16), "
                                    "torch.linspace(-3.3, 7.7, 13, dtype=torch.bfloat16))",
        "eye": "torch.eye(3)", "eye_rect": "torch.eye(2, 4)", "eye_dtype": "torch.eye(3, dtype=torch.int64)",
        "empty_fill": "t = torch.empty(2, 3)\nt.fill_(1.25)\nreturn (t,)",
        "zero_": "t = x.clone()\nt.zero_()\nreturn (t,)",
        "fill_": "t = x.clone()\nt.fill_(-2.0)\nreturn (t,)",
        "copy_": "t = torch.zeros(4, 4)\nt.copy_(x)\nreturn (t,)",
        "zeros_like_f16": "torch.zeros_like(x, dtype=torch.float16)",
    }
    for name, expr in fac.items():
        case(f"factory_{name}", "factory", [N("x", (4, 4))], expr)
    case("factory_full_like_bf16", "factory", [N("x", (2, 3), "bf16")], "torch.full_like(x, 0.1)")
    case("factory_ones_like_i64", "factory", [I("x", (2, 3), 0, 9)], "torch.ones_like(x)")
    case("factory_new_zeros_bf16", "factory", [N("x", (2, 3), "bf16")], "x.new_zeros(3, 2)")
    case("one_hot", "factory", [I("i", (2, 4), 0, 4)], "torch.nn.functional.one_hot(i, 5)")
    case("one_hot_neg1", "factory", [D("i", (2, 3), [0, 3, 1, 2, 2, 0], "i64")],
         "torch.nn.functional.one_hot(i)")


# ---- composite patterns seen in real graphs -------------------------------

def define_patterns():
    case("pattern_rotary_f32", "pattern", [N("x", (1, 2, 4, 8)), N("c", (4, 8)), N("s", (4, 8))],
         "x1 = x[..., :4]\nx2 = x[..., 4:]\nrot = torch.cat((-x2, x1), dim=-1)\nreturn (x * c + rot * s,)")
    case("pattern_attention_manual_f32", "pattern",
         [N("q", (2, 2, 4, 8)), N("k", (2, 2, 5, 8)), N("v", (2, 2, 5, 8))],
         "a = torch.matmul(q, k.transpose(-1, -2)) / 2.8284271247461903\n"
         "p = torch.nn.functional.softmax(a, dim=-1, dtype=torch.float32)\nreturn (torch.matmul(p, v),)")
    case("pattern_gelu_erf_manual_f32", "pattern", [N("x", (3, 7), sd=2.0)],
         "return (x * 0.5 * (1.0 + torch.erf(x / 1.4142135623730951)),)")
    case("pattern_bf16_mlp", "pattern",
         [N("x", (2, 3, 8), "bf16"), N("w1", (16, 8), "bf16", sd=0.3), N("w2", (8, 16), "bf16", sd=0.3)],
         "h = torch.nn.functional.silu(torch.nn.functional.linear(x, w1))\n"
         "return (torch.nn.functional.linear(h, w2) + x,)")
    case("pattern_f16_layernorm_residual", "pattern",
         [N("x", (2, 4, 8), "f16"), N("y", (2, 4, 8), "f16"), N("w", (8,), "f16", mean=1.0, sd=0.2),
          N("b", (8,), "f16", sd=0.2)],
         "return (torch.nn.functional.layer_norm(x + y, (8,), w, b, 1e-05),)")
    case("pattern_masked_mean_f32", "pattern", [N("x", (2, 5, 4)), B("m", (2, 5))],
         "mf = m.unsqueeze(-1).float()\nreturn ((x * mf).sum(1) / mf.sum(1).clamp(min=1e-09),)")
    case("pattern_causal_mask_build", "pattern", [N("x", (1, 4, 4))],
         "m = torch.full((4, 4), float('-inf'))\nm = torch.triu(m, diagonal=1)\n"
         "return (torch.softmax(x + m, dim=-1),)")
    case("pattern_int_position_ids", "pattern", [I("x", (2, 5), 0, 9)],
         "m = x.ne(1).int()\nidx = torch.cumsum(m, dim=1).type_as(m) * m\nreturn (idx.long() + 1,)",
         dtype="i64")
    # A projection's bias add, then the head split (reshape, transpose): the
    # CUDA pipeline's gn-hoist-views writes the permuted result from the add's
    # kernel (checked on the CPU with GN_PIPELINE_OPTIONS merge-launches=true).
    case("pattern_head_split_bias_f32", "pattern",
         [N("x", (5, 1, 16)), N("w", (16, 16), sd=0.3), N("b", (16,))],
         "h = torch.matmul(x, w.t()) + b\n"
         "h = h.reshape(5, 4, 4).transpose(0, 1)\n"
         "return (torch.matmul(h, h.transpose(1, 2)),)")
    case("pattern_head_split_gelu_f16", "pattern",
         [N("x", (2, 6, 8), "f16"), N("w", (8, 8), "f16", sd=0.3), N("b", (8,), "f16")],
         "h = torch.nn.functional.gelu(torch.matmul(x, w.t()) + b)\n"
         "return (h.view(2, 6, 2, 4).permute(0, 2, 1, 3) * 2.0,)")
    case("pattern_topk_free_argmax_onehot_f32", "pattern", [distinct("x", (3, 6))],
         "return (torch.nn.functional.one_hot(x.argmax(-1), 6).float() * x,)")


# ---- probes: ops gn is not expected to import ------------------------------

def define_probes():
    F = "torch.nn.functional."
    probes = {
        "selu": f"{F}selu(x)", "celu": f"{F}celu(x)", "logsigmoid": f"{F}logsigmoid(x)",
        "softsign": f"{F}softsign(x)", "tanhshrink": f"{F}tanhshrink(x)",
        "hardshrink": f"{F}hardshrink(x)", "cumprod": "torch.cumprod(x, 1)",
        "pixel_unshuffle": f"{F}pixel_unshuffle(x.view(1, 1, 4, 4), 2)",
        "cummax": "r = torch.cummax(x, 1)\nreturn (r[0],)", "erfinv": "torch.erfinv(x.clamp(-0.9, 0.9))",
        "expm1": "torch.expm1(x)", "log2": "torch.log2(x.abs() + 1)", "tan": "torch.tan(x)",
        "asin": "torch.asin(x.clamp(-0.9, 0.9))", "var_mean": "r = torch.var_mean(x, 1)\nreturn (r[0], r[1])",
        "bitwise_left_shift": "torch.arange(4) << 1", "amax_nan": "torch.nanmean(x)",
        "flatten_sum_std_mean": "r = torch.std_mean(x, 1)\nreturn (r[0], r[1])",
        "triu_indices": "torch.triu_indices(3, 3)", "kthvalue": "torch.kthvalue(x, 2, 1)[0]",
        "heaviside": "torch.heaviside(x, torch.tensor(0.5))", "softmin": f"{F}softmin(x, dim=1)",
        "hypot": "torch.hypot(x, x)", "cosine_similarity": f"{F}cosine_similarity(x, x * 2, dim=1)",
        "cross_entropy": f"{F}cross_entropy(x, torch.tensor([0, 1, 2, 3]))",
        "mse_loss": f"{F}mse_loss(x, x * 0.5)", "bucketize": "torch.bucketize(x, torch.tensor([-1.0, 0.0, 1.0]))",
        "max_values_attr": "r = torch.max(x, dim=1)\nreturn (r.values, r.indices)",
        "fill_on_expression": "x.clone().fill_(-2.0)",
        "zero_on_expression": "x.clone().zero_()",
    }
    for name, expr in probes.items():
        case(f"probe_{name}_f32", "probe", [N("x", (4, 4))], expr)


# ---- sorting: topk, sort, argsort, msort ----------------------------------

def define_sorting():
    S = (4, 7)
    for dt in FL:
        d = distinct("x", S, dt)
        case(f"sort_topk_{dt}", "sorting", [d], "r = torch.topk(x, 3)\nreturn (r[0], r[1])")
        case(f"sort_topk_smallest_dim0_{dt}", "sorting", [d],
             "v, i = x.topk(2, dim=0, largest=False)\nreturn (v, i)")
        case(f"sort_sort_{dt}", "sorting", [d], "r = torch.sort(x)\nreturn (r[0], r[1])")
        case(f"sort_sort_descending_dim0_{dt}", "sorting", [d],
             "v, i = x.sort(dim=0, descending=True)\nreturn (v, i)")
        case(f"sort_argsort_{dt}", "sorting", [d], "torch.argsort(x, dim=1)")
        case(f"sort_argsort_descending_{dt}", "sorting", [d], "x.argsort(descending=True)")
        case(f"sort_msort_{dt}", "sorting", [d], "torch.msort(x)")
    for dt in ("i64", "i32"):
        d = D("x", S, list(np.random.RandomState(3).permutation(28) - 14), dt)
        case(f"sort_topk_{dt}", "sorting", [d], "r = torch.topk(x, 3, dim=-1)\nreturn (r[0], r[1])")
        case(f"sort_sort_{dt}", "sorting", [d], "v, i = torch.sort(x, 0)\nreturn (v, i)")
    case("sort_topk_k1_f32", "sorting", [distinct("x", S)], "torch.topk(x, 1)[1]")
    case("sort_topk_k_all_f32", "sorting", [distinct("x", S)], "torch.topk(x, 7)[0]")
    case("sort_topk_3d_f32", "sorting", [distinct("x", (2, 3, 5))],
         "r = torch.topk(x, 2, dim=1)\nreturn (r[0], r[1])")
    # sorted=False: PyTorch's order is unspecified; the values as a set.
    case("sort_topk_unsorted_f32", "sorting", [distinct("x", S)],
         "torch.topk(x, 3, sorted=False)[0].sort(-1)[0]")
    case("sort_sort_stable_f32", "sorting", [distinct("x", S)],
         "r = torch.sort(x, stable=True, dim=1)\nreturn (r[0], r[1])")
    # Ties keep the lower index first and NaN counts as the largest: a
    # stable sort's order, which gn's top_k (host sort and rank kernel) has.
    nan = float("nan")
    ties = D("x", (2, 9), [2.0, nan, -1.0, 2.0, 0.0, nan, -1.0, 2.0, 5.0,
                            0.0, 0.0, 3.0, nan, 3.0, -0.0, 1.0, 1.0, nan])
    case("sort_ties_nan_f32", "sorting", [ties],
         "a = torch.sort(x, stable=True)\nd = torch.sort(x, dim=1, descending=True, stable=True)\n"
         "return (a[0], a[1], d[0], d[1])", allow_nan=True)
    # Without stable=True, ties in the order PyTorch's CPU kernels give:
    # std::sort for sort / argsort; for topk std::partial_sort when
    # k * 64 <= n, else nth_element and a sort (k = n too). The CUDA rank
    # kernel takes index order (ops-xfail-cuda-forms.txt).
    tx = D("x", (3, 40), [float((i * 7) % 4 // 2) for i in range(120)])
    case("sort_ties_sort_f32", "sorting", [tx], "r = torch.sort(x, dim=1)\nreturn (r[0], r[1])")
    case("sort_ties_sort_descending_f32", "sorting", [tx],
         "r = x.sort(dim=1, descending=True)\nreturn (r[0], r[1])")
    case("sort_ties_argsort_dim0_f32", "sorting", [tx], "torch.argsort(x, dim=0, descending=True)")
    case("sort_ties_argsort_stable_f32", "sorting", [tx], "torch.argsort(x, dim=1, stable=True)")
    case("sort_ties_topk_all_f32", "sorting", [tx], "r = torch.topk(x, 40)\nreturn (r[0], r[1])")
    case("sort_ties_topk_k64_f32", "sorting", [D("x", (2, 128), [float(i % 3 == 0) for i in range(256)])],
         "r = torch.topk(x, 2)\nreturn (r[0], r[1])")
    case("sort_ties_nan_unstable_f32", "sorting", [ties],
         "a = torch.sort(x)\nd = torch.sort(x, dim=1, descending=True)\n"
         "return (a[0], a[1], d[0], d[1])", allow_nan=True)
    # kthvalue: PyTorch's CPU kernel picks among equal values by its
    # quickselect (gn.top_k ties = "quickselect"); median / nanmedian with a
    # dim by (value, index) order, NaN first found for median.
    case("sort_ties_kthvalue_f32", "sorting", [tx],
         "a = torch.kthvalue(x, 1, 1)\nb = torch.kthvalue(x, 17, 1)\nc = torch.kthvalue(x, 40, 1)\n"
         "d = torch.kthvalue(x, 2, 0, keepdim=True)\n"
         "return (a[0], a[1], b[0], b[1], c[0], c[1], d[0], d[1])")
    case("sort_ties_kthvalue_nan_f32", "sorting", [ties],
         "a = torch.kthvalue(x, 4, 1)\nb = x.kthvalue(9)\nreturn (a[0], a[1], b[0], b[1])",
         allow_nan=True)
    case("sort_ties_kthvalue_i64", "sorting", [D("x", (2, 70), [(i * 5) % 3 for i in range(140)], "i64")],
         "a = torch.kthvalue(x, 30)\nreturn (a[0], a[1])")
    case("sort_ties_median_f32", "sorting", [tx],
         "a = torch.median(x, 1)\nb = torch.nanmedian(x, 0)\nreturn (a[0], a[1], b[0], b[1])")
    case("sort_ties_median_nan_f32", "sorting", [ties],
         "a = torch.median(x, 1)\nb = torch.nanmedian(x, 1)\nreturn (a[0], a[1], b[0], b[1])",
         allow_nan=True)


# ---- data-dependent sizes: nonzero, boolean masks ----------------------------

def define_masking():
    # gn learns each size from a run on these inputs (gn/Support/ShapeGuard.h).
    S = (4, 6)
    for dt in ("f32", "f16", "bf16", "f64", "i64", "i32"):
        x = distinct("x", S, dt) if dt not in ("i64", "i32") else I("x", S, -9, 9, dt)
        case(f"mask_nonzero_{dt}", "masking", [x], "torch.nonzero(x)")
        case(f"mask_select_{dt}", "masking", [x, B("m", S)], "torch.masked_select(x, m)")
        case(f"mask_index_{dt}", "masking", [x, B("m", S)], "x[m]")
    xs = distinct("x", (3, 4, 5))
    case("mask_nonzero_bool", "masking", [B("m", (3, 5))], "m.nonzero()")
    case("mask_nonzero_as_tuple_f32", "masking", [xs],
         "a, b, c = torch.nonzero(x > 0, as_tuple=True)\nreturn (a, b, c)")
    case("mask_argwhere_f32", "masking", [xs], "torch.argwhere(x < 0.5)")
    case("mask_where_one_arg_f32", "masking", [xs], "r = torch.where(x > 0)\nreturn (r[0], r[2])")
    case("mask_nonzero_none_f32", "masking", [xs], "torch.nonzero(x > 1000.0)")
    case("mask_nonzero_all_f32", "masking", [xs], "torch.nonzero(x > -1000.0)")
    case("mask_nonzero_3d_f32", "masking", [xs], "(x > 0).nonzero()")
    case("mask_select_broadcast_f32", "masking", [xs, B("m", (4, 1))],
         "torch.masked_select(x, m)")
    case("mask_select_method_f32", "masking", [xs], "x.masked_select(x > 0)")
    case("mask_index_leading_f32", "masking", [xs, B("m", (3, 4))], "x[m]")
    case("mask_index_first_dim_f32", "masking", [xs, B("m", (3,))], "x[m]")
    case("mask_index_then_use_f32", "masking", [xs],
         "v = x[x > 0]\nreturn (v * 2.0).sum() + v.numel()")
    case("mask_index_twice_f32", "masking", [xs],
         "a = x[x > 0]\nb = x[x < -0.5]\nreturn (a.sum(), b.sum(), b)")
    # Sizes read from the values (gn.size_guard): repeat_interleave with a
    # tensor of repeats (their sum), bincount (the largest index + 1).
    x46 = distinct("x", (4, 6))
    case("mask_repeat_interleave_rows_f32", "masking", [x46, I("r", (4,), 0, 3)],
         "x.repeat_interleave(r, dim=0)")
    case("mask_repeat_interleave_cols_f32", "masking", [x46, I("r", (6,), 0, 2, "i32")],
         "torch.repeat_interleave(x, r, dim=1)")
    case("mask_repeat_interleave_flat_i64", "masking",
         [I("x", (2, 3), -9, 9), I("r", (6,), 0, 3)], "torch.repeat_interleave(x, r)")
    case("mask_repeat_interleave_one_count_f32", "masking", [x46, D("r", (1,), [3], "i64")],
         "torch.repeat_interleave(x, r, dim=-1)")
    case("mask_repeat_interleave_indices_i64", "masking", [I("r", (5,), 0, 3)],
         "torch.repeat_interleave(r)")
    case("mask_repeat_interleave_zeros_f32", "masking", [x46, D("r", (4,), [0, 0, 0, 0], "i64")],
         "return (x.repeat_interleave(r, dim=0), x.repeat_interleave(r, dim=0).sum())")
    case("mask_repeat_interleave_output_size_f32", "masking", [x46, D("r", (4,), [2, 0, 1, 3], "i64")],
         "torch.repeat_interleave(x, r, dim=0, output_size=6) * 2.0")
    # nonzero_static: a static [size, rank], no data-dependent site.
    case("mask_nonzero_static_f32", "masking", [xs],
         "return (torch.nonzero_static(x > 0, size=20), torch.nonzero_static(x < -1, size=50, "
         "fill_value=-7))")
    case("mask_nonzero_static_i64", "masking", [I("x", (4, 6), -2, 2)],
         "return (torch.nonzero_static(x, size=3), torch.nonzero_static(x.flatten(), size=30))")
    case("mask_nonzero_static_bool", "masking", [B("m", (5,))],
         "return (torch.nonzero_static(m, size=0), torch.nonzero_static(m, size=8, fill_value=9))")
    idx = I("i", (12,), 0, 7)
    case("mask_bincount_i64", "masking", [idx], "torch.bincount(i)")
    case("mask_bincount_minlength_i64", "masking", [idx], "i.bincount(minlength=12)")
    case("mask_bincount_small_minlength_i32", "masking", [I("i", (12,), 0, 7, "i32")],
         "torch.bincount(i, minlength=2)")
    case("mask_bincount_weights_f32", "masking", [idx, P("w", (12,), "f32")],
         "torch.bincount(i, weights=w)")
    case("mask_bincount_weights_f64", "masking", [idx, P("w", (12,), "f64")],
         "torch.bincount(i, w, 3)")
    case("mask_bincount_weights_i64", "masking", [idx, I("w", (12,), -5, 5)],
         "torch.bincount(i, weights=w)")
    case("mask_bincount_u8", "masking", [I("i", (12,), 0, 9, "u8")], "torch.bincount(i) + 1")
    case("mask_set_scalar_f32", "masking", [xs, B("m", (3, 4, 5))],
         "y = x.clone()\ny[m] = 7.0\nreturn y")
    case("mask_set_row_f32", "masking", [xs, B("m", (3, 4)), P("r", (5,), "f32")],
         "y = x.clone()\ny[m] = r\nreturn y")
    case("mask_set_rows_f32", "masking", [xs, B("m", (3, 4))],
         "y = x.clone()\ny[m] = x[m] * 10.0\nreturn y")


# ---- spectral: torch.fft, complex parts -------------------------------------

def define_spectral():
    S = (3, 8)
    fft = {
        "fft": "r = torch.fft.fft(x)\nreturn (r.real, r.imag)",
        "fft_n_pad": "r = torch.fft.fft(x, n=11, dim=1)\nreturn (r.real, r.imag)",
        "fft_n_cut_dim0": "r = torch.fft.fft(x, n=2, dim=0)\nreturn (r.real, r.imag)",
        "fft_norm_ortho": "r = torch.fft.fft(x, norm='ortho')\nreturn (r.real, r.imag)",
        "fft_norm_forward": "r = torch.fft.fft(x, norm='forward')\nreturn (r.real, r.imag)",
        "ifft_of_fft": "r = torch.fft.ifft(torch.fft.fft(x))\nreturn (r.real, r.imag)",
        "ifft_real": "r = torch.fft.ifft(x)\nreturn (torch.real(r), torch.imag(r))",
        "rfft": "r = torch.fft.rfft(x)\nreturn (r.real, r.imag)",
        "rfft_n": "r = torch.fft.rfft(x, n=10)\nreturn (r.real, r.imag)",
        "rfft_odd": "r = torch.fft.rfft(x[:, :7])\nreturn (r.real, r.imag)",
        "fft2": "r = torch.fft.fft2(x)\nreturn (r.real, r.imag)",
        "fft2_ortho": "r = torch.fft.fft2(x, norm='ortho')\nreturn (r.real,)",
        "ifft2": "r = torch.fft.ifft2(x)\nreturn (r.real, r.imag)",
        "rfft2": "r = torch.fft.rfft2(x)\nreturn (r.real, r.imag)",
        "fftn_dims": "r = torch.fft.fftn(x.view(3, 2, 4), dim=(1, 2))\nreturn (r.real,)",
        "fftn_all": "r = torch.fft.fftn(x)\nreturn (r.real, r.imag)",
        "fftn_s": "r = torch.fft.fftn(x, s=(2, 5))\nreturn (r.real, r.imag)",
        "ifftn_forward": "r = torch.fft.ifftn(x, norm='forward')\nreturn (r.real, r.imag)",
        "rfftn": "r = torch.fft.rfftn(x.view(3, 2, 4))\nreturn (r.real, r.imag)",
        # FNet's mixing: the real part of a 2-d DFT over sequence and features.
        "fnet_mixing": "return (torch._C._fft.fft_fftn(x.view(1, 3, 8), dim=(1, 2)).real,)",
        # irfft (Mega's FFT convolution: irfft(rfft(a, n) * rfft(b, n), n)).
        "irfft_of_rfft": "return (torch.fft.irfft(torch.fft.rfft(x)),)",
        "irfft_n_odd": "return (torch.fft.irfft(torch.fft.rfft(x), n=7),)",
        "irfft_n_pad_dim0": "return (torch.fft.irfft(torch.fft.fft(x, dim=0), n=6, dim=0),)",
        "irfft_ortho": "return (torch.fft.irfft(torch.fft.fft(x), norm='ortho'),)",
        "irfft_forward": "return (torch.fft.irfft(torch.fft.rfft(x), norm='forward'),)",
        "irfft_real_input": "return (torch.fft.irfft(x),)",
        "irfft2_of_rfft2": "return (torch.fft.irfft2(torch.fft.rfft2(x)),)",
        "irfft2_s": "return (torch.fft.irfft2(torch.fft.rfft2(x), s=(5, 9)),)",
        "irfft2_forward": "return (torch.fft.irfft2(torch.fft.fft2(x), norm='forward'),)",
        "irfftn_3d": "return (torch.fft.irfftn(torch.fft.rfftn(x.view(3, 2, 4))),)",
        "irfftn_dims_ortho": "return (torch._C._fft.fft_irfftn(torch.fft.fftn(x.view(3, 2, 4), "
                             "dim=(0, 2)), dim=(0, 2), norm='ortho'),)",
        "irfftn_real_input": "return (torch.fft.irfftn(x, s=(3, 10)),)",
        "fft_conv": "a = torch.fft.rfft(x, n=16)\nb = torch.fft.rfft(x.flip(1), n=16)\n"
                    "return (torch._C._fft.fft_irfft(a * b, n=16),)",
        # complex arithmetic: + - * / between complex tensors, real tensors and numbers
        # the same through function and method forms (alpha, rsub, true_divide)
        "complex_fn_forms": "a = torch.fft.fft(x)\nb = torch.fft.fft(x.flip(1))\n"
                            "r = torch.add(torch.mul(a, b), a, alpha=2).sub(b)\n"
                            "r = torch.div(r, b.add(3.0)).mul(0.5)\n"
                            "r = torch.rsub(r, 1.0) + torch.true_divide(a, x + 4.0)\n"
                            "return (r.real, r.imag)",
        "complex_arith": "a = torch.fft.fft(x)\nb = torch.fft.fft(x.flip(1))\n"
                         "r = (a * b + a - 2.0 * b) / (b + 3.0) - x\nreturn (r.real, r.imag)",
        # Hermitian signals: hfft of a onesided spectrum, ihfft of a real signal.
        "hfft": "return (torch.fft.hfft(torch.fft.rfft(x)),)",
        "hfft_n_odd_ortho": "return (torch.fft.hfft(torch.fft.fft(x), n=7, norm='ortho'),)",
        "hfft_dim0_forward": "return (torch.fft.hfft(torch.fft.fft(x, dim=0), dim=0, norm='forward'),)",
        "hfft_real_input": "return (torch.fft.hfft(x, n=10),)",
        "ihfft": "r = torch.fft.ihfft(x)\nreturn (r.real, r.imag)",
        "ihfft_n_ortho": "r = torch.fft.ihfft(x, n=6, norm='ortho')\nreturn (r.real, r.imag)",
        "ihfft_dim0_forward": "r = torch.fft.ihfft(x, dim=0, norm='forward')\nreturn (r.real, r.imag)",
        "hfft_of_ihfft": "return (torch.fft.hfft(torch.fft.ihfft(x), n=8),)",
        # The same over several dims: the last onesided.
        "hfft2": "return (torch.fft.hfft2(torch.fft.rfft2(x)),)",
        "hfft2_s_ortho": "return (torch.fft.hfft2(torch.fft.fft2(x), s=(3, 7), norm='ortho'),)",
        "hfftn_dims": "return (torch.fft.hfftn(torch.fft.fftn(x), dim=(0, 1), norm='forward'),)",
        "ihfft2": "r = torch.fft.ihfft2(x)\nreturn (r.real, r.imag)",
        "ihfft2_s_ortho": "r = torch.fft.ihfft2(x, s=(3, 6), norm='ortho')\nreturn (r.real, r.imag)",
        "ihfftn": "r = torch.fft.ihfftn(x, norm='forward')\nreturn (r.real, r.imag)",
        "hfft2_of_ihfft2": "return (torch.fft.hfft2(torch.fft.ihfft2(x), s=x.shape),)",
        # conj in its spellings; resolve_conj is the identity on values.
        "conj": "a = torch.fft.fft(x)\nr = torch.conj(a) * a.conj() + a.conj_physical()\n"
                "return (r.real, r.imag, torch.conj(x))",
        "resolve_conj": "r = torch.fft.fft(x).conj().resolve_conj()\nreturn (r.real, r.imag)",
        # shifts and frequencies.
        "fftshift": "return (torch.fft.fftshift(x),)",
        "fftshift_dim": "return (torch.fft.fftshift(x[:, :7], dim=1),)",
        "ifftshift_odd": "return (torch.fft.ifftshift(x[:3, :7]),)",
        "ifftshift_dims": "return (torch.fft.ifftshift(x, dim=(0, -1)),)",
        "fftshift_complex": "r = torch.fft.fftshift(torch.fft.fft2(x))\nreturn (r.real, r.imag)",
        "fftfreq": "return (torch.fft.fftfreq(8) + x[0], torch.fft.fftfreq(7, d=0.3))",
        "fftfreq_f64": "return (torch.fft.fftfreq(9, 0.1, dtype=torch.float64),)",
        "rfftfreq": "return (torch.fft.rfftfreq(8) + x[0, :5], torch.fft.rfftfreq(7, d=0.3))",
        "rfftfreq_f64": "return (torch.fft.rfftfreq(10, 1.0 / 3, dtype=torch.float64),)",
    }
    for name, body in fft.items():
        case(f"fft_{name}_f32", "spectral", [N("x", S)], body)
    case("fft_fft_f64", "spectral", [N("x", S, "f64")], "r = torch.fft.fft(x)\nreturn (r.real, r.imag)")
    case("fft_rfft_i64", "spectral", [I("x", S, -5, 5)], "r = torch.fft.rfft(x)\nreturn (r.real,)")
    # Short-time DFTs (torch.functional.stft in a TorchDynamo graph): framing,
    # windows shorter than n_fft, the four pad modes, onesided or not,
    # complex or [..., 2] results, and istft back to the signal.
    sig, win = N("s", (2, 64)), P("w", (12,), "f32", mean=0.5, std=0.3, lo=0.05, hi=1.0)
    stft = {
        "hann": "r = torch.functional.stft(s, 16, hop_length=4, window=torch.hann_window(16), "
                "return_complex=True)\nreturn (r.real, r.imag, r.abs())",
        "defaults": "r = torch.stft(s, 16, return_complex=True)\nreturn (torch.view_as_real(r),)",
        "short_window": "r = torch.stft(s, 16, hop_length=5, win_length=12, window=w, "
                        "center=True, pad_mode='constant', normalized=True, "
                        "return_complex=True)\nreturn (r.real, r.imag)",
        "no_center": "r = torch.stft(s[0], 20, 6, center=False, window=torch.hamming_window(20), "
                     "return_complex=True)\nreturn (r.real, r.imag)",
        "replicate_twosided": "return (torch.stft(s, 8, 3, pad_mode='replicate', onesided=False, "
                              "return_complex=False),)",
        "circular_win": "r = s.stft(16, 4, 12, pad_mode='circular', return_complex=True)\n"
                        "return (r.abs(),)",
        "istft": "w = torch.hann_window(16)\nr = torch.stft(s, 16, 4, window=w, return_complex=True)\n"
                 "return (torch.istft(r, 16, 4, window=w, length=64),)",
        "istft_default_length": "w = torch.hann_window(16)\n"
                                "r = torch.stft(s[1], 16, 4, window=w, return_complex=True)\n"
                                "return (torch.istft(r * 2.0, 16, 4, window=w),)",
        "istft_normalized_twosided": "w = torch.hann_window(12)\n"
                                     "r = torch.stft(s, 12, 3, window=w, normalized=True, "
                                     "onesided=False, return_complex=True)\n"
                                     "return (torch.istft(r, 12, 3, window=w, normalized=True, "
                                     "onesided=False, length=70),)",
        "istft_no_center": "w = torch.hamming_window(16)\n"
                           "r = torch.stft(s, 16, 4, window=w, center=False, return_complex=True)\n"
                           "return (r.istft(16, 4, window=w, center=False),)",
    }
    for name, body in stft.items():
        case(f"stft_{name}_f32", "spectral", [sig, win], body)
    case("stft_f64", "spectral", [N("s", (3, 40), "f64")],
         "r = torch.stft(s, 10, 2, window=torch.hann_window(10, dtype=torch.float64), "
         "return_complex=True)\nreturn (r.real, r.imag)")


# ---- recurrent: torch.lstm / gru / rnn_tanh / rnn_relu (what nn.LSTM, nn.GRU, nn.RNN call) ----

def define_recurrent():
    def cell(prefix, gates, hidden, width, bias=True, proj=0):
        ps = [N(f"{prefix}_wi", (gates * hidden, width), sd=0.1),
              N(f"{prefix}_wh", (gates * hidden, proj or hidden), sd=0.1)]
        if bias:
            ps += [N(f"{prefix}_bi", (gates * hidden,), sd=0.1), N(f"{prefix}_bh", (gates * hidden,), sd=0.1)]
        if proj:  # LSTM proj_size: w_hr [proj, hidden] last
            ps += [N(f"{prefix}_wr", (proj, hidden), sd=0.3)]
        return ps

    def names(ps):
        return "[" + ", ".join(p.var for p in ps) + "]"

    # LSTM: one layer, time-major.
    ws = cell("l0", 4, 3, 4)
    case("torch_lstm_f32", "recurrent", [N("x", (5, 2, 4)), N("h0", (1, 2, 3), sd=0.2), N("c0", (1, 2, 3), sd=0.2)] + ws,
         f"out, hn, cn = torch.lstm(x, (h0, c0), {names(ws)}, True, 1, 0.0, False, False, False)\n"
         "return (out, hn, cn)")
    # LSTM: two layers, bidirectional, batch_first; dropout given but not training.
    ws = cell("a", 4, 3, 4) + cell("b", 4, 3, 4) + cell("c", 4, 3, 6) + cell("d", 4, 3, 6)
    case("torch_lstm_bi_2layer_batch_first_f32", "recurrent",
         [N("x", (2, 5, 4)), N("h0", (4, 2, 3), sd=0.2), N("c0", (4, 2, 3), sd=0.2)] + ws,
         f"out, hn, cn = torch.lstm(x, (h0, c0), {names(ws)}, True, 2, 0.3, False, True, True)\n"
         "return (out, hn, cn)")
    # LSTM with proj_size 2 (hidden 3): h0 and the outputs are [.., 2], c0 [.., 3];
    # two layers, bidirectional (the second layer reads 2 * 2), and without biases.
    ws = cell("a", 4, 3, 4, proj=2) + cell("b", 4, 3, 4, proj=2) + cell("c", 4, 3, 4, proj=2) \
        + cell("d", 4, 3, 4, proj=2)
    case("torch_lstm_proj_bi_2layer_f32", "recurrent",
         [N("x", (5, 2, 4)), N("h0", (4, 2, 2), sd=0.2), N("c0", (4, 2, 3), sd=0.2)] + ws,
         f"out, hn, cn = torch.lstm(x, (h0, c0), {names(ws)}, True, 2, 0.0, False, True, False)\n"
         "return (out, hn, cn)")
    ws = cell("p", 4, 5, 3, bias=False, proj=1)
    case("torch_lstm_proj_no_bias_batch_first_f32", "recurrent",
         [N("x", (2, 6, 3)), N("h0", (1, 2, 1), sd=0.2), N("c0", (1, 2, 5), sd=0.2)] + ws,
         f"out, hn, cn = torch.lstm(x, (h0, c0), {names(ws)}, False, 1, 0.0, False, False, True)\n"
         "return (out, hn, cn)")
    # GRU: one layer; bidirectional without biases.
    ws = cell("g", 3, 2, 5)
    case("torch_gru_f32", "recurrent", [N("x", (4, 3, 5)), N("h0", (1, 3, 2), sd=0.2)] + ws,
         f"out, hn = torch.gru(x, h0, {names(ws)}, True, 1, 0.0, False, False, False)\nreturn (out, hn)")
    ws = cell("f", 3, 2, 5, bias=False) + cell("r", 3, 2, 5, bias=False)
    case("torch_gru_bi_no_bias_f32", "recurrent", [N("x", (4, 3, 5)), N("h0", (2, 3, 2), sd=0.2)] + ws,
         f"out, hn = torch.gru(x, h0, {names(ws)}, False, 1, 0.0, False, True, False)\nreturn (out, hn)")
    # Simple RNNs, two layers.
    for fn in ("rnn_tanh", "rnn_relu"):
        ws = cell("p", 1, 3, 4) + cell("q", 1, 3, 3)
        case(f"torch_{fn}_2layer_f32", "recurrent", [N("x", (6, 2, 4)), N("h0", (2, 2, 3), sd=0.2)] + ws,
             f"out, hn = torch.{fn}(x, h0, {names(ws)}, True, 2, 0.0, False, False, False)\nreturn (out, hn)")
    # Single steps (nn.LSTMCell, GRUCell, RNNCell): with and without biases.
    ws = cell("k", 4, 3, 5)
    case("torch_lstm_cell_f32", "recurrent",
         [N("x", (2, 5)), N("h", (2, 3), sd=0.2), N("c", (2, 3), sd=0.2), N("u", (1, 5))] + ws,
         f"h1, c1 = torch.lstm_cell(x, (h, c), {', '.join(p.var for p in ws)})\n"
         f"h2, c2 = torch.lstm_cell(u, (h[:1], c[:1]), k_wi, k_wh)\n"
         "return (h1, c1, h2, c2)")
    ws = cell("m", 3, 4, 5)
    case("torch_gru_rnn_cells_f32", "recurrent",
         [N("x", (3, 5)), N("h", (3, 4), sd=0.2)] + ws + cell("t", 1, 4, 5),
         f"a = torch.gru_cell(x, h, {', '.join(p.var for p in ws)})\n"
         "b = torch.rnn_tanh_cell(x, h, t_wi, t_wh, t_bi, t_bh)\n"
         "c = torch.rnn_relu_cell(x[:1], h[:1], t_wi, t_wh)\n"
         "return (a, b, c)")


def define_conv_tbc_feature_dropout():
    # fairseq's time-major convolution, padded and not.
    case("conv_tbc_f32", "conv", [N("x", (7, 2, 4)), N("w", (3, 4, 5), sd=0.3), N("b", (5,), sd=0.1)],
         "return (torch.conv_tbc(x, w, b, 1), torch.conv_tbc(x, w, b), torch.conv_tbc(x, w, b, pad=2))")
    case("feature_dropout_eval_f32", "activation", [N("x", (2, 3, 4, 4))],
         "return (torch.feature_dropout(x, 0.4, False), torch.feature_dropout(x[:, :, 0], 0.0, True))")


def define_dtype_forms():
    # Integer and bool forms whose result dtype PyTorch fixes (conformance/torch_dtype_matrix.py).
    case("int_forms_i32", "binary", [I("x", (3, 4), -5, 5, "i32"), I("y", (3, 4), 1, 5, "i32")],
         "return (torch.round(x), torch.atan2(x, y), torch.logsumexp(x, 1), "
         "torch.addcmul(x, x, y, value=0.5), torch.addcmul(x, x, y, value=2), "
         "torch.nn.functional.linear(x, y[:2]), x.clamp_min(0.5))")
    case("bool_u8_forms", "binary", [B("b", (3, 4)), I("u", (3, 4), 0, 5, "u8")],
         "return (torch.clamp(b, 0, 1), b.clamp_min(0), b ** 2, torch.square(b), "
         "u.any(1), torch.all(u, 0), torch.atan2(b, b))")
    # Kernels on integers, uint8 and bools (compiled without the interpreter).
    case("int_kernels_compiled", "binary",
         [I("x", (3, 4), -4, 4, "i32"), I("e", (3, 4), -2, 9, "i32"), I("u", (3, 4), 0, 200, "u8"),
          B("b", (3, 4)), I("i", (3, 2), 0, 3)],
         "return (torch.pow(x, e), 3 ** e, x ** 3, u.amax(1), torch.amin(u, 0), u.argmax(1), "
         "b.amax(0), torch.nn.functional.pad(u, (1, 2), value=7), u.scatter(1, i, u[:, :2]), "
         "torch.scatter_add(b, 1, i, b[:, :2]), torch.einsum('ij,kj->ik', x, e), "
         "torch.clamp(u, -1, 150), torch.arange(5, dtype=torch.uint8) + u[0, 0])")
    case("tanhshrink_half", "activation", [N("x", (4, 5), "f16"), N("y", (4, 5), "bf16")],
         "return (torch.nn.functional.tanhshrink(x), torch.nn.functional.tanhshrink(y))")
    # Argument forms from conformance/torch_form_matrix.py: torch.return_types
    # fields, chained in-place calls, tuple slices with a step.
    case("return_type_fields_inplace_chain", "shape", [N("x", (3, 4, 5))],
         "a = x.clone()\n"
         "a.add_(1.0).mul_(2)\n"
         "b = x.clone().sub_(1.0).div_(4)\n"
         "return (x.max(dim=1).values, x.max(-1).indices, x.min(0).values, "
         "x.topk(2, dim=-1, largest=False).values, torch.sort(x, 1, descending=True).indices, "
         "torch.aminmax(x, dim=0).max, torch.kthvalue(x, 2, 1).values, "
         "x.reshape(list(x.shape)[::-1]), x.sum(tuple(range(3))[::-2]), "
         "x.permute(tuple(range(3))[-1::-1]), a, b)")
    case("isinstance_sum_operator_std_half", "reduction", [N("x", (3, 4)), N("h", (4, 5), "f16", sd=2.0)],
         "return (x * 2 if isinstance(x, torch.Tensor) else x, x if isinstance(x, (int, float)) else -x, "
         "sum([x, x, x]), sum((x, x), x), operator.add(x, operator.mul(x, 2)), "
         "x.reshape(operator.floordiv(x.size(1), 2), -1), torch.std(h, 1), torch.std_mean(h, 0)[0], "
         "h.std(dim=-1, unbiased=False))")
    # API names no dev sample calls (conformance/api_coverage.py --missing).
    case("ndtr_family_f32", "math", [N("x", (4, 6), sd=3.0), UNIT("p", (3, 4))],
         "return (torch.special.ndtr(x), torch.special.log_ndtr(x), torch.special.log_ndtr(x * 8 - 40), "
         "torch.special.ndtri(p), torch.special.ndtr(x.double()))")
    # Orthogonal polynomials at a Python int degree: low degrees by the
    # recurrence, high ones by PyTorch's closed forms inside (-1, 1), the +-1
    # edges, n < 0.
    _edges = [-1.0, 1.0, 0.0, 0.3, -0.7, 0.999, 1.5, -2.0]
    for _kind in ("chebyshev_polynomial_t", "chebyshev_polynomial_u", "chebyshev_polynomial_v",
                  "chebyshev_polynomial_w", "hermite_polynomial_h",
                  "hermite_polynomial_he", "laguerre_polynomial_l", "legendre_polynomial_p"):
        _f = f"torch.special.{_kind}"
        case(f"poly_{_kind}_f32", "math", [P("x", (3, 5), "f32", mean=0.0, std=2.5, lo=-0.99, hi=0.99), D("e", (8,), _edges)],
             f"return ({_f}(x, 0), {_f}(x, 1), {_f}(x, 3), {_f}(x, 7), {_f}(x, 12), "
             f"{_f}(e, 5), {_f}(e, 10), {_f}(x, -1), {_f}(x * 3, 4))")
    # The shifted Chebyshev polynomials live on [0, 1]: edges at 0, 1 and 1/2.
    _shifted_edges = [0.0, 1.0, 0.5, 0.65, 0.15, 0.9995, 1.25, -0.5]
    for _kind in "tuvw":
        _f = f"torch.special.shifted_chebyshev_polynomial_{_kind}"
        case(f"poly_shifted_chebyshev_polynomial_{_kind}_f32", "math",
             [P("x", (3, 5), "f32", mean=0.5, std=1.0, lo=0.005, hi=0.995), D("e", (8,), _shifted_edges)],
             f"return ({_f}(x, 0), {_f}(x, 1), {_f}(x, 3), {_f}(x, 6), {_f}(x, 7), {_f}(x, 12), "
             f"{_f}(e, 5), {_f}(e, 10), {_f}(x, -1), {_f}(x * 3, 4), {_f}(x.double(), 9))")
    # Bessel J, Y and K: both sides of each formula's switch (|x| = 12 for J
    # and Y, 2 and 14 for K), 0, tiny, large, the infinities, below 0 (Y, K:
    # NaN), in f32 and f64. f64 only on the edges: PyTorch's own f64 J0 and
    # Y1 are off by up to 2e-5 relative near their zeros (J0(-5.4968):
    # -0.0079235783, mpmath -0.0079234140, gn -0.0079234140), past t = -5.
    _jy = [0.0, -0.0, 1e-8, -1e-8, 2.4048, 11.99, 12.01, -12.01, 30.0, -77.7, 1e4, INF, -INF]
    _k = [0.0, -1.0, 1e-30, 1e-8, 0.5, 1.99, 2.01, 13.99, 14.01, 50.0, 700.0, 800.0, INF]
    for _name, _edges_f, _positive in (("bessel_j0", _jy, False), ("bessel_j1", _jy, False),
                                       ("bessel_y0", _jy, True), ("bessel_y1", _jy, True),
                                       ("modified_bessel_k0", _k, True), ("modified_bessel_k1", _k, True),
                                       ("scaled_modified_bessel_k0", _k, True),
                                       ("scaled_modified_bessel_k1", _k, True)):
        _f = f"torch.special.{_name}"
        _x = "x.abs() * 2" if _positive else "x"
        case(f"special_{_name}_f32", "math",
             [N("x", (4, 6), sd=8.0), D("e", (len(_edges_f),), _edges_f)],
             f"return ({_f}({_x}), {_f}(e), {_f}(e.double()))", allow_nan=True)
    # airy_ai: the Maclaurin series on [-7, 2], K_1/3 above, Hankel's
    # expansion below -7 (both sides of each switch), NaN at +-inf.
    case("special_airy_ai_f32", "math",
         [N("x", (4, 6), sd=4.0), D("e", (14,), [-60.0, -7.01, -6.99, -2.0, -0.0, 0.0, 1.0, 1.99, 2.01,
                                                  10.0, 25.0, 40.0, INF, -INF])],
         "return (torch.special.airy_ai(x), torch.special.airy_ai(e), torch.special.airy_ai(e.double()))",
         allow_nan=True)
    # spherical_bessel_j0: PyTorch's series below |x| = 0.5, sin(x) / x above, 0 at +-inf.
    case("spherical_bessel_j0_f32", "math",
         [N("x", (4, 6), sd=4.0), D("s", (8,), [0.0, 0.1, -0.49, 0.5, -0.51, 1e-8, INF, -INF])],
         "return (torch.special.spherical_bessel_j0(x), torch.special.spherical_bessel_j0(s), "
         "torch.special.spherical_bessel_j0(x.double()))")
    case("aten_aliases_combinations_matrix_norm", "shape",
         [N("x", (5,)), N("a", (2, 3, 4)), N("v", (4, 3, 2)), N("img", (1, 2, 4, 5)), N("grid", (1, 3, 3, 2), sd=0.5),
          N("theta", (1, 2, 3), sd=0.5)],
         "return (torch.combinations(x), torch.combinations(x, 3), torch.combinations(x[:3], 2, with_replacement=True), "
         "torch.linalg.matrix_norm(a), torch.linalg.matrix_norm(a, 1), torch.linalg.matrix_norm(a, float('-inf'), keepdim=True), "
         "torch.linalg.matrix_norm(a, -1, dim=(0, 2)), torch.norm_except_dim(v, 2, 0), torch.norm_except_dim(v, 2, 1), "
         "torch.norm_except_dim(v, 3, -1), torch.slice_copy(a, 1, 1, 3), "
         "torch.grid_sampler(img, grid, 0, 0, False), torch.grid_sampler_2d(img, grid, 1, 1, True), "
         "torch.affine_grid_generator(theta, [1, 2, 3, 4], False))")
    case("numpy_aliases_finfo_math", "reduction", [N("x", (3, 4, 5)), N("m", (3, 4, 5))],
         "s = torch.sum(x, axis=1, keepdims=True)\n"
         "return (s, x.mean(axis=-1), torch.amax(x, axis=(0, 2)), "
         "x.masked_fill(m > 0, torch.finfo(x.dtype).min), "
         "torch.full((2, 3), torch.finfo(torch.float16).max) + x[0, :2, :3], "
         "x.clamp(max=float(torch.iinfo(torch.int16).max) / 30000.0), "
         "x / math.sqrt(x.size(-1)), x * math.floor(2.7) + math.log(10000.0) / math.pi, "
         "x * torch.finfo(torch.bfloat16).eps + torch.finfo(torch.float32).tiny)")


def define_all():
    for f in (define_unary, define_activations, define_binary, define_compare, define_select,
              define_convert, define_reductions, define_softmax, define_shape, define_indexing,
              define_matmul, define_attention, define_conv, define_pool, define_interpolate,
              define_norm, define_factory, define_patterns, define_sorting, define_spectral,
              define_masking, define_recurrent, define_probes, define_math,
              define_linalg, define_arrange, define_statistics, define_vision, define_nn_more,
              define_losses, define_pool_indices, define_random_forms,
              define_api_more, define_api_more2, define_aten_forms, define_complex_views,
              define_index_writes, define_instance_norm_running, define_embedding_bag,
              define_small_linalg, define_conv_tbc_feature_dropout, define_dtype_forms):
        f()


# --------------------------------------------------------------------------
# Running
# --------------------------------------------------------------------------

def write_case(c, folder):
    os.makedirs(folder, exist_ok=True)
    with open(os.path.join(folder, "model.py"), "w") as f:
        f.write(model_source(c))
    with open(os.path.join(folder, "weight_meta.py"), "w") as f:
        f.write(meta_source(c))
    with open(os.path.join(folder, "graph_net.json"), "w") as f:
        f.write(graph_net_json(c))


def load_module(folder):
    ns = {}
    path = os.path.join(folder, "model.py")
    exec(compile(open(path).read(), path, "exec"), ns)
    return ns["GraphModule"]()


def flatten(x):
    if isinstance(x, torch.Tensor):
        return [x]
    if isinstance(x, (list, tuple)):
        return [t for e in x for t in flatten(e)]
    return []


def mirror_input(p, index, seed):
    spec = dict(p.spec())
    for k in ("mean", "std", "min_val", "max_val"):
        v = spec[k]
        if isinstance(v, float) and not np.isfinite(v):
            spec[k] = "nan" if np.isnan(v) else ("inf" if v > 0 else "-inf")
    if spec["data"] is not None:
        spec["data"] = ["nan" if np.isnan(d) else ("inf" if d == np.inf else "-inf")
                        if not np.isfinite(d) else d for d in spec["data"]]
    return gn_inputs.synthesize(spec, seed=seed, arg_index=index)


def to_torch(arr, dt):
    t = torch.from_numpy(np.array(arr, copy=True))  # keeps 0-d arrays 0-d
    return t.view(torch.bfloat16) if dt == "bf16" else t


def to_numpy(t):
    t = t.detach().contiguous()
    if t.dtype == torch.bfloat16:
        return t.view(torch.uint16).numpy()
    return t.numpy()


def run_gn(gn_eval, folders, dump, results, jobs):
    cmd = [gn_eval, "run", *folders, "--mode", "eager", "--trials", "1", "--warmup", "0",
           "--dump", dump, "--out", results, "--timeout", "60"]
    if jobs:
        cmd += ["--jobs", str(jobs)]
    subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    status = {}
    if os.path.exists(results):
        for line in open(results):
            r = json.loads(line)
            status[os.path.basename(r["sample"])] = r
    return status


def import_error(gn_translate, folder):
    p = subprocess.run([gn_translate, "--import-graphnet", folder, "-o", os.devnull],
                       stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if p.returncode == 0:
        return None
    msg = (p.stderr or p.stdout).strip().splitlines()
    return msg[0] if msg else f"exit {p.returncode}"


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--out", default=os.path.join(ROOT, "test", "goldens", "ops"))
    ap.add_argument("--only", help="regex: only the cases whose name matches (re.search)")
    ap.add_argument("--list", action="store_true", help="list the cases and exit")
    ap.add_argument("--keep-tmp", action="store_true")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--gn-eval", default=os.path.join(ROOT, "build", "bin", "gn-eval"))
    ap.add_argument("--gn-translate", default=os.path.join(ROOT, "build", "bin", "gn-translate"))
    args = ap.parse_args()

    define_all()
    cases = [c for c in CASES.values() if not args.only or re.search(args.only, c.name)]
    if args.list:
        for c in cases:
            print(f"{c.name}\t{c.family}\t{c.dtype}")
        print(f"{len(cases)} cases")
        return 0
    torch.set_num_threads(1)
    tmp = tempfile.mkdtemp(prefix="gn-op-goldens-")
    stage, dump = os.path.join(tmp, "cases"), os.path.join(tmp, "dump")
    folders = []
    for c in cases:
        folders.append(os.path.join(stage, c.name))
        write_case(c, folders[-1])
    print(f"{len(cases)} cases written to {stage}; running gn-eval ...", flush=True)
    status = run_gn(args.gn_eval, folders, dump, os.path.join(tmp, "results.jsonl"), args.jobs)

    committed, unsupported, torch_err, nan_cases, eager_err, mismatched_inputs = [], [], [], [], [], []
    for c, folder in zip(cases, folders):
        st = status.get(c.name, {})
        if st.get("status") != "ok":
            err = import_error(args.gn_translate, folder)
            if err:
                unsupported.append((c, err))
                continue
            eager_err.append((c, st.get("error", st.get("status", "no result"))))
        # inputs: gn's dump, else the numpy mirror of gn's synthesis
        kwargs = {}
        for i, p in enumerate(c.params):
            mirror = mirror_input(p, i, args.seed)
            path = os.path.join(dump, c.name, "inputs", p.pname + ".npy")
            if os.path.exists(path):
                arr = np.load(path)
                if arr.shape != mirror.shape or arr.tobytes() != mirror.tobytes():
                    mismatched_inputs.append((c, p.pname))
            else:
                arr = mirror
            kwargs[p.pname] = to_torch(arr, p.dt)
        try:
            with torch.no_grad():
                outs = flatten(load_module(folder)(**kwargs))
            if not outs:
                raise RuntimeError("no tensor outputs")
        except Exception as e:
            torch_err.append((c, f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"))
            continue
        if not c.allow_nan and any(o.is_floating_point() and bool(torch.isnan(o).any()) for o in outs):
            nan_cases.append(c)
            continue
        dst = os.path.join(args.out, c.name)
        if os.path.exists(dst):
            shutil.rmtree(dst)
        shutil.copytree(folder, dst)
        os.makedirs(os.path.join(dst, "expected"))
        for i, o in enumerate(outs):
            np.save(os.path.join(dst, "expected", f"{i}.npy"), to_numpy(o))
        committed.append(c)

    if not args.only and os.path.isdir(args.out):
        keep = {c.name for c in committed}
        for name in os.listdir(args.out):
            d = os.path.join(args.out, name)
            if name not in keep and os.path.isfile(os.path.join(d, "model.py")):
                shutil.rmtree(d)

    # ---- summary
    fams = collections.OrderedDict()
    for c in committed:
        fams.setdefault(c.family, collections.Counter())[c.dtype] += 1
    dts = ["f32", "f16", "bf16", "f64", "i64", "i32", "u8", "bool"]
    print("\ncommitted cases by family and (first input) dtype:")
    print(f"  {'family':<13}" + "".join(f"{d:>6}" for d in dts) + f"{'total':>7}")
    for fam, cnt in fams.items():
        print(f"  {fam:<13}" + "".join(f"{cnt.get(d, 0):>6}" for d in dts) + f"{sum(cnt.values()):>7}")
    tot = collections.Counter()
    for cnt in fams.values():
        tot.update(cnt)
    print(f"  {'total':<13}" + "".join(f"{tot.get(d, 0):>6}" for d in dts) + f"{sum(tot.values()):>7}")
    if unsupported:
        print(f"\nnot committed, gn cannot import ({len(unsupported)}):")
        for c, e in unsupported:
            print(f"  {c.name}: {e}")
    if torch_err:
        print(f"\nnot committed, PyTorch rejects ({len(torch_err)}):")
        for c, e in torch_err:
            print(f"  {c.name}: {e}")
    if nan_cases:
        print(f"\nnot committed, PyTorch output has NaN ({len(nan_cases)}):")
        for c in nan_cases:
            print(f"  {c.name}")
    if eager_err:
        print(f"\ncommitted, but gn's eager run failed ({len(eager_err)}):")
        for c, e in eager_err:
            print(f"  {c.name}: {e[:200]}")
    if mismatched_inputs:
        print(f"\nWARNING: gn's dumped inputs differ from python-bindings/gn/inputs.py ({len(mismatched_inputs)}):")
        for c, p in mismatched_inputs:
            print(f"  {c.name}: {p}")
    print(f"\n{len(committed)} cases committed to {args.out}")
    if args.keep_tmp:
        print(f"scratch kept in {tmp}")
    else:
        shutil.rmtree(tmp)
    return 0


if __name__ == "__main__":
    sys.exit(main())
