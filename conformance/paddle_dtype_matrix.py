#!/usr/bin/env python3
"""gn eager against PaddlePaddle for each op the Paddle samples call most,
in every dtype PaddlePaddle's CPU kernels take: the dtype forms no dev sample
happens to use, which unseen samples may.

    scripts/paddle-env.sh python conformance/paddle_dtype_matrix.py [--only REGEX]
        [--dtypes float16,bfloat16,...] [--keep DIR] [--out matrix.md]

For each (op form, dtype): inputs drawn in numpy (seeded; integers small,
positive where the op needs it), PaddlePaddle run on them; a form PaddlePaddle
refuses is "paddle refuses" and not held against gn. The same values go into
a GraphNet Paddle sample (input_meta.py `data`), which `gn-eval run --mode
eager --dump` runs; gn's outputs are compared with PaddlePaddle's: the dtype
must match, integers and booleans exactly, floats at GraphNet's tolerance for
the dtype at t = -5 (f16 / bf16 looser). Prints a table per op (ok, gn
refuses, dtype differs, values differ) and the failures with gn's error.
"""
import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import zlib

import numpy as np
import paddle

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "tools"))
from check_goldens import TOL, as_float64, kind_of  # noqa: E402  GraphNet's tolerances
DTYPES = ["float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8",
          "uint8", "bool"]

# name -> (inputs as (var, shape, kind), body lines, returns). kind: "x" any
# values of the dtype, "pos" positive, "idx" i64 indices in [0, 3), "cond" bool.
U = lambda op, args="": ([("x", [3, 4], "x")], [f"r = paddle._C_ops.{op}(x{args})"], ["r"])
UP = lambda op, args="": ([("x", [3, 4], "pos")], [f"r = paddle._C_ops.{op}(x{args})"], ["r"])
B = lambda op: ([("x", [3, 4], "x"), ("y", [3, 4], "pos")], [f"r = paddle._C_ops.{op}(x, y)"], ["r"])
FORMS = {
    **{op: U(op) for op in ["abs", "exp", "sin", "cos", "tanh", "sigmoid", "relu", "floor",
                            "ceil", "sign", "square", "erf", "logical_not", "bitwise_not",
                            "isnan", "isinf", "isfinite", "silu", "relu6", "expm1", "trunc",
                            "atan", "asinh", "softsign", "tanh_shrink", "logsigmoid"]},
    **{op: UP(op) for op in ["log", "sqrt", "rsqrt", "reciprocal", "log1p", "log2", "log10"]},
    "gelu": U("gelu", ", False"),
    "round": U("round", ", 0"),
    "rint": U("rint"),
    "leaky_relu": U("leaky_relu", ", 0.1"),
    "hardswish": U("hardswish"),
    "hardsigmoid": U("hardsigmoid", ", 0.2, 0.5"),
    "scale": U("scale", ", 2.0, 1.0, True"),
    "clip": U("clip", ", -1.0, 1.0"),
    "pow": U("pow", ", 2.0"),
    "softplus": U("softplus", ", 1.0, 20.0"),
    "elu": U("elu", ", 1.0"),
    "swish": U("swish"),
    "full_like": U("full_like", ", 2.0, paddle.float32, paddle.core.CPUPlace()"),
    "full_like_same": ([("x", [3, 4], "x")], ["r = paddle.full_like(x, 1)"], ["r"]),
    **{op: B(op) for op in ["add", "subtract", "multiply", "divide", "floor_divide",
                            "remainder", "maximum", "minimum", "elementwise_pow", "equal",
                            "not_equal", "less_than", "less_equal", "greater_than",
                            "greater_equal", "logical_and", "logical_or", "logical_xor",
                            "bitwise_and", "bitwise_or", "bitwise_xor", "fmax", "fmin",
                            "heaviside", "atan2", "copysign"]},
    "sum": U("sum", ", [1], None, False"),
    "sum_all": U("sum", ", [], None, False"),
    "mean": U("mean", ", [1], False"),
    "max": U("max", ", [1], False"),
    "min": U("min", ", [0], True"),
    "prod": U("prod", ", [1], False, False"),
    "any": U("any", ", [1], False"),
    "all": U("all", ", [1], False"),
    "cumsum": U("cumsum", ", 1, False, False, False"),
    "cumprod": U("cumprod", ", 1, False, False"),
    "logsumexp": U("logsumexp", ", [1], False, False"),
    "topk": ([("x", [3, 4], "x")], ["v, i = paddle._C_ops.topk(x, 2, 1, True, True)"], ["v", "i"]),
    "argsort": ([("x", [3, 4], "x")], ["v, i = paddle._C_ops.argsort(x, 1, False, True)"], ["v", "i"]),
    "concat": ([("x", [3, 4], "x"), ("y", [2, 4], "x")], ["r = paddle._C_ops.concat([x, y], 0)"], ["r"]),
    "stack": ([("x", [3, 4], "x"), ("y", [3, 4], "x")], ["r = paddle._C_ops.stack([x, y], 1)"], ["r"]),
    "transpose": U("transpose", ", [1, 0]"),
    "reshape": U("reshape", ", [2, -1]"),
    "flatten": ([("x", [2, 3, 2], "x")], ["r = paddle._C_ops.flatten(x, 1, 2)"], ["r"]),
    "flip": U("flip", ", [0]"),
    "roll": U("roll", ", [1], [0]"),
    "tile": U("tile", ", [2, 1]"),
    "expand": ([("x", [1, 4], "x")], ["r = paddle._C_ops.expand(x, [3, 4])"], ["r"]),
    "slice": U("slice", ", [1], [1], [3], [1], []"),
    "strided_slice": U("strided_slice", ", [1], [0], [4], [2]"),
    "squeeze": ([("x", [3, 1, 4], "x")], ["r = paddle._C_ops.squeeze(x, [1])"], ["r"]),
    "unsqueeze": U("unsqueeze", ", [0]"),
    "split_with_num": ([("x", [4, 4], "x")], ["a, b = paddle._C_ops.split_with_num(x, 2, 0)"], ["a", "b"]),
    "gather": ([("x", [3, 4], "x"), ("i", [2], "idx")], ["r = paddle._C_ops.gather(x, i, 0)"], ["r"]),
    "index_select": ([("x", [3, 4], "x"), ("i", [2], "idx")], ["r = paddle._C_ops.index_select(x, i, 1)"], ["r"]),
    "gather_nd": ([("x", [3, 4], "x"), ("i", [2, 2], "idx")], ["r = paddle._C_ops.gather_nd(x, i)"], ["r"]),
    "where": ([("c", [3, 4], "cond"), ("x", [3, 4], "x"), ("y", [3, 4], "x")],
              ["r = paddle._C_ops.where(c, x, y)"], ["r"]),
    "cast_f32": U("cast", ", paddle.float32"),
    "cast_i64": U("cast", ", paddle.int64"),
    "cast_bool": U("cast", ", paddle.bool"),
    "cast_f16": U("cast", ", paddle.float16"),
    "cast_i32": U("cast", ", paddle.int32"),
    "matmul": ([("x", [3, 4], "x"), ("y", [5, 4], "x")], ["r = paddle._C_ops.matmul(x, y, False, True)"], ["r"]),
    "softmax": U("softmax", ", -1"),
    "log_softmax": U("log_softmax", ", 1"),
    "one_hot": ([("x", [5], "idx")], ["r = paddle._C_ops.one_hot(x, 4)"], ["r"]),
    "tril": U("tril", ", 0"),
    "triu": U("triu", ", 1"),
    "pad": U("pad", ", [1, 0, 0, 2], 0.0"),
    "shape64": ([("x", [3, 4], "x")], ["r = paddle._C_ops.shape64(x)"], ["r"]),
    "nonzero": U("nonzero"),
    "masked_select": ([("x", [3, 4], "x"), ("c", [3, 4], "cond")], ["r = paddle._C_ops.masked_select(x, c)"], ["r"]),
    "scatter": ([("x", [3, 4], "x"), ("i", [2], "idx"), ("u", [2, 4], "x")],
                ["r = paddle._C_ops.scatter(x, i, u, True)"], ["r"]),
    "take_along_axis": ([("x", [3, 4], "x"), ("i", [3, 2], "idx")],
                        ["r = paddle._C_ops.take_along_axis(x, i, 1)"], ["r"]),
    "put_along_axis": ([("x", [3, 4], "x"), ("i", [3, 1], "idx"), ("u", [3, 1], "x")],
                       ["r = paddle._C_ops.put_along_axis(x, i, u, 1, 'assign', True, True)"], ["r"]),
    "index_put": ([("x", [3, 4], "x"), ("i", [2], "idx"), ("u", [2, 4], "x")],
                  ["r = paddle._C_ops.index_put(x, [i], u, False)"], ["r"]),
    "set_value_with_tensor": ([("x", [3, 4], "x"), ("u", [1, 4], "x")],
                              ["r = paddle._C_ops.set_value_with_tensor(x, u, [1], [2], [1], [0], [], [])"], ["r"]),
    "diff_ops": ([("x", [3, 4], "x")], ["r = paddle._C_ops.diag(x, 0, 0.0)"], ["r"]),
    "unique": ([("x", [6], "idx")], ["r, a, b, c = paddle._C_ops.unique(x, True, True, True, [], paddle.int64, True)"],
               ["r", "a", "b", "c"]),
    "isclose": B("isclose"),
    "embedding": ([("i", [2, 3], "idx"), ("w", [4, 5], "x")], ["r = paddle._C_ops.embedding(i, w, -1, False)"], ["r"]),
    "bincount": ([("x", [6], "idx")], ["r = paddle._C_ops.bincount(x, None, 0)"], ["r"]),
    "mode": ([("x", [3, 4], "x")], ["v, i = paddle._C_ops.mode(x, 1, False)"], ["v", "i"]),
    "kthvalue": ([("x", [3, 4], "x")], ["v, i = paddle._C_ops.kthvalue(x, 2, 1, False)"], ["v", "i"]),
    "median": ([("x", [3, 4], "x")], ["v, i = paddle._C_ops.median(x, [1], False, 'avg')"], ["v", "i"]),
    "round_decimals": U("round", ", 2"),
}


def values(kind, dtype, shape, rng):
    n = int(np.prod(shape))
    if kind == "idx":
        return rng.randint(0, 3, size=shape).astype("int64")
    if kind == "cond":
        return rng.rand(*shape) < 0.5
    if dtype == "bool":
        return rng.rand(*shape) < 0.5
    if dtype.startswith("float") or dtype == "bfloat16":
        v = rng.randn(n) * 2 if kind == "x" else rng.rand(n) * 2 + 0.25
        v = v.astype("float32")
        if dtype == "bfloat16":  # values bfloat16 holds exactly
            v = (v.view("uint32") & 0xFFFF0000).view("float32")
        elif dtype == "float16":
            v = v.astype("float16").astype("float32")
        return v.reshape(shape)
    lo = 0 if (dtype == "uint8" or kind == "pos") else -5
    return rng.randint(lo if kind == "x" else 1, 6, size=shape).astype(dtype)


def to_paddle(a, dtype):
    if dtype == "bfloat16":
        return paddle.to_tensor(a.astype("float32")).astype("bfloat16")
    if a.dtype == np.bool_:
        return paddle.to_tensor(a)
    return paddle.to_tensor(a.astype(dtype if dtype not in ("float16",) else "float16"))


def run_paddle(folder, inputs, body, rets):
    """PaddlePaddle on the inputs in a forked child (a refused form can abort
    the process): its outputs as expected-K.npy / .dtype in `folder`. None
    when it ran, else (verdict, message)."""
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            ns = {"paddle": paddle}
            ns.update({v: to_paddle(arr, d) for v, d, arr in inputs})
            with paddle.no_grad():
                exec("\n".join(body), ns)
            for k, o in enumerate(ns[r] for r in rets):
                if not isinstance(o, paddle.Tensor):
                    o = paddle.to_tensor(o)
                name = str(o.dtype).replace("paddle.", "")
                arr = o.numpy()
                if name == "bfloat16":  # as check_goldens stores it: uint16 bit patterns
                    arr = (o.astype("float32").numpy().view("uint32") >> 16).astype("uint16")
                np.save(os.path.join(folder, f"expected-{k}.npy"), arr)
                open(os.path.join(folder, f"expected-{k}.dtype"), "w").write(name)
        except BaseException as e:  # noqa: BLE001 - report whatever PaddlePaddle raised
            text = str(e).strip().splitlines()
            msg = f"{type(e).__name__}: {text[0][:120]}" if text else type(e).__name__
            open(os.path.join(folder, "paddle-error.txt"), "w").write(msg)
            code = 1
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return ("paddle refuses", f"PaddlePaddle died (signal {os.WTERMSIG(status)})")
    if os.WEXITSTATUS(status) != 0:
        return ("paddle refuses", open(os.path.join(folder, "paddle-error.txt")).read())
    return None


def write_case(folder, inputs, body, returns):
    os.makedirs(folder, exist_ok=True)
    params = ", ".join(v for v, _, _ in inputs)
    lines = ["import paddle", "", "", "class GraphModule(paddle.nn.Layer):",
             "    def __init__(self):", "        super().__init__()", "",
             f"    def forward(self, {params}):"]
    lines += ["        " + b for b in body] + ["        return " + ", ".join(returns)]
    open(os.path.join(folder, "model.py"), "w").write("\n".join(lines) + "\n")
    meta = []
    for var, dtype, a in inputs:
        flat = [bool(x) if a.dtype == np.bool_ else (int(x) if a.dtype.kind in "iu" else float(x))
                for x in a.ravel()]
        meta.append(f'class Program_weight_tensor_{var}:\n    name = "{var}"\n'
                    f'    shape = {list(a.shape)}\n    dtype = "{dtype}"\n    data = {flat!r}\n')
    open(os.path.join(folder, "input_meta.py"), "w").write("\n\n".join(meta))
    open(os.path.join(folder, "graph_net.json"), "w").write('{"framework": "paddle"}\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only")
    ap.add_argument("--dtypes", default=",".join(DTYPES))
    ap.add_argument("--keep", help="keep the cases and dumps here")
    ap.add_argument("--out", help="write the table (markdown) here too")
    ap.add_argument("--gn-eval", default=os.path.join(ROOT, "build", "bin", "gn-eval"))
    ap.add_argument("--mode", choices=["eager", "compiled"], default="eager",
                    help="compiled: gn's compiled CPU program (no interpreter fallback allowed)")
    ap.add_argument("--pipeline-options", default="",
                    help="with --mode compiled, e.g. the CUDA kernels' forms on the CPU")
    a = ap.parse_args()
    paddle.set_device("cpu")
    tmp = a.keep or tempfile.mkdtemp(prefix="gn-dtype-matrix.")
    shutil.rmtree(os.path.join(tmp, "cases"), ignore_errors=True)
    shutil.rmtree(os.path.join(tmp, "dump"), ignore_errors=True)
    if os.path.exists(os.path.join(tmp, "r.jsonl")):
        os.remove(os.path.join(tmp, "r.jsonl"))
    results, expected, cases = {}, {}, []
    for op, (ins, body, rets) in FORMS.items():
        if a.only and not re.search(a.only, op):
            continue
        for dt in a.dtypes.split(","):
            rng = np.random.RandomState(zlib.crc32(f"{op}/{dt}".encode()))
            inputs = []
            for var, shape, kind in ins:
                d = "int64" if kind == "idx" else ("bool" if kind == "cond" else dt)
                inputs.append((var, d, values(kind, d, shape, rng)))
            name = f"{op}__{dt}"
            folder = os.path.join(tmp, "cases", name)
            os.makedirs(folder, exist_ok=True)
            status = run_paddle(folder, inputs, body, rets)
            if status is not None:
                results[(op, dt)] = status
                continue
            exp = []
            for k in range(len(rets)):
                edt = open(os.path.join(folder, f"expected-{k}.dtype")).read()
                exp.append((edt, np.load(os.path.join(folder, f"expected-{k}.npy"))))
            write_case(folder, inputs, body, rets)
            expected[name] = exp
            cases.append((name, op, dt))
    paths = [os.path.join(tmp, "cases", n) for n, _, _ in cases]
    print(f"{len(cases)} forms PaddlePaddle runs; gn eager on them ...", file=sys.stderr)
    for k in range(0, len(paths), 200):
        extra = ["--pipeline-options", a.pipeline_options] if a.pipeline_options else []
        subprocess.run([a.gn_eval, "run", *paths[k:k + 200], "--mode", a.mode, "--trials", "1",
                        "--warmup", "0", "--jobs", "2", "--dump", os.path.join(tmp, "dump"),
                        "--out", os.path.join(tmp, "r.jsonl")] + extra, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    errors = {}
    for line in open(os.path.join(tmp, "r.jsonl")):
        r = json.loads(line)
        name = os.path.basename(r["sample"].rstrip("/"))
        if r.get("status") != "ok":
            errors[name] = (r.get("error") or r.get("status"))
        elif a.mode == "compiled" and r.get("compile", {}).get("fallback_ops"):
            errors[name] = f"compiled program hands {r['compile']['fallback']} to the interpreter"
    for name, op, dt in cases:
        if name in errors:
            msg = errors[name].split("error: ", 1)[-1].splitlines()[0][:160]
            results[(op, dt)] = ("gn refuses", msg)
            continue
        verdict = ("ok", "")
        for k, (edt, e) in enumerate(expected[name]):
            path = os.path.join(tmp, "dump", name, a.mode, f"{k}.npy")
            if not os.path.exists(path):
                verdict = ("gn refuses", "no output dumped")
                break
            g = np.load(path)
            gdt = kind_of(g)  # gn dumps bfloat16 as uint16 bit patterns
            if gdt != edt:
                verdict = ("dtype differs", f"out {k}: gn {gdt}, paddle {edt}")
                break
            if g.shape != e.shape:
                verdict = ("values differ", f"out {k}: shape gn {g.shape}, paddle {e.shape}")
                break
            gv, ev = as_float64(g), as_float64(e)
            if edt in TOL:
                atol, rtol = TOL[edt][0](-5), TOL[edt][1](-5)
                ok = np.allclose(gv, ev, rtol=rtol, atol=atol, equal_nan=True)
            else:
                ok = np.array_equal(g, e)
            if not ok:
                diff = np.abs(gv - ev)
                verdict = ("values differ", f"out {k}: max abs diff {np.nanmax(diff):.3g}")
                break
        results[(op, dt)] = verdict
    dts = a.dtypes.split(",")
    short = {"ok": "ok", "paddle refuses": "-", "gn refuses": "REFUSED", "dtype differs": "DTYPE",
             "values differ": "VALUES"}
    lines = ["| op | " + " | ".join(dts) + " |", "|---|" + "---|" * len(dts)]
    for op in FORMS:
        if a.only and not re.search(a.only, op):
            continue
        lines.append(f"| {op} | " + " | ".join(short[results[(op, d)][0]] for d in dts) + " |")
    count = {}
    for v, _ in results.values():
        count[v] = count.get(v, 0) + 1
    lines.append("")
    lines.append("Totals: " + ", ".join(f"{k} {v}" for k, v in sorted(count.items())))
    lines.append("")
    for (op, dt), (v, msg) in sorted(results.items()):
        if v not in ("ok", "paddle refuses"):
            lines.append(f"- {op} {dt}: {v}: {msg}")
    text = "\n".join(lines)
    print(text)
    if a.out:
        open(a.out, "w").write(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
