#!/usr/bin/env python3
"""The op-by-dtype conformance driver both frameworks' matrices share
(paddle_dtype_matrix.py, torch_dtype_matrix.py).

Each framework gives its op forms (name -> (inputs, body lines, returns);
an input is (var, shape, kind): "x" any values of the dtype, "pos" positive,
"idx" int64 indices in [0, 3), "cond" bool), a function running the body in
the framework and one writing the GraphNet sample. For each (form, dtype):
inputs drawn in numpy (seeded), the framework run on them in a forked child
(a refused form may abort the process); a form the framework refuses is not
held against gn. The same values go into the sample (the meta file's
`data`), `gn-eval run --dump` runs it, and gn's outputs are compared: the
dtype must match, integers and booleans exactly, floats at GraphNet's
tolerance for the dtype at t = -5 (test/tools/check_goldens.py's table).
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

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "test", "tools"))
from check_goldens import TOL, as_float64, kind_of  # noqa: E402  GraphNet's tolerances

DTYPES = ["float32", "float64", "float16", "bfloat16", "int64", "int32", "int16", "int8",
          "uint8", "bool"]


# --special: float inputs hold IEEE special values and extremes instead of
# random ones (NaN, +-inf, -0.0, 0, the type's near-largest and a subnormal),
# repeated to fill the shape.
SPECIAL = []
BIG = {"float16": 6.0e4, "bfloat16": 3.0e38, "float32": 3.0e38, "float64": 1.0e300}
TINY = {"float16": 6.0e-8, "bfloat16": 9.2e-41, "float32": 1.0e-40, "float64": 1.0e-310}


def special_values(dtype, shape):
    n = int(np.prod(shape))
    base = [np.nan, np.inf, -np.inf, -0.0, 0.0, BIG[dtype], -BIG[dtype], TINY[dtype], 1.0, -1.0,
            0.5, -2.5]
    v = np.array((base * (n // len(base) + 1))[:n], dtype="float64")
    if dtype == "float64":
        return v.reshape(shape)
    v = v.astype("float32")
    if dtype == "bfloat16":  # bfloat16's own values (NaN, inf and zeros stay)
        v = (v.view("uint32") & 0xFFFF0000).view("float32")
    elif dtype == "float16":
        v = v.astype("float16").astype("float32")
    return v.reshape(shape)


def values(kind, dtype, shape, rng):
    n = int(np.prod(shape))
    if SPECIAL and kind in ("x", "pos") and (dtype.startswith("float") or dtype == "bfloat16"):
        return special_values(dtype, shape)
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


def bf16_bits(a):
    """float32 values (bfloat16-exact) as the uint16 bit patterns check_goldens
    stores bfloat16 in."""
    a = np.array(a, dtype=np.float32)  # a copy, 0-d stays 0-d
    return (a.view(np.uint32) >> 16).astype(np.uint16)


def run_forked(folder, compute):
    """compute() -> [(dtype name, numpy array)] in a forked child, saved as
    expected-K.npy / .dtype in `folder`. None when it ran, else
    (verdict, message)."""
    pid = os.fork()
    if pid == 0:
        code = 0
        try:
            for k, (name, arr) in enumerate(compute()):
                np.save(os.path.join(folder, f"expected-{k}.npy"), arr)
                open(os.path.join(folder, f"expected-{k}.dtype"), "w").write(name)
        except BaseException as e:  # noqa: BLE001 - report whatever the framework raised
            text = str(e).strip().splitlines()
            msg = f"{type(e).__name__}: {text[0][:120]}" if text else type(e).__name__
            open(os.path.join(folder, "framework-error.txt"), "w").write(msg)
            code = 1
        os._exit(code)
    _, status = os.waitpid(pid, 0)
    if os.WIFSIGNALED(status):
        return ("framework refuses", f"the framework died (signal {os.WTERMSIG(status)})")
    if os.WEXITSTATUS(status) != 0:
        return ("framework refuses", open(os.path.join(folder, "framework-error.txt")).read())
    return None


def compare(g, edt, e):
    """gn's output g against the framework's e (dtype name edt): (verdict, message)."""
    gdt = kind_of(g)  # gn dumps bfloat16 as uint16 bit patterns
    if gdt != edt:
        return ("dtype differs", f"gn {gdt}, framework {edt}")
    if g.shape != e.shape:
        return ("values differ", f"shape gn {g.shape}, framework {e.shape}")
    gv, ev = as_float64(g), as_float64(e)
    if edt in TOL:
        atol, rtol = TOL[edt][0](-5), TOL[edt][1](-5)
        ok = np.allclose(gv, ev, rtol=rtol, atol=atol, equal_nan=True)
    else:
        ok = np.array_equal(g, e)
    if not ok:
        return ("values differ", f"max abs diff {np.nanmax(np.abs(gv - ev)):.3g}")
    return ("ok", "")


def main(framework, forms, run_framework, write_case, index_dtype="int64", dtypes=None):
    """The command line: run_framework(folder, inputs, body, rets) -> None or
    (verdict, message) as run_forked; write_case(folder, inputs, body, rets)."""
    ap = argparse.ArgumentParser(description=f"gn against {framework}, op by dtype")
    ap.add_argument("--only")
    ap.add_argument("--dtypes", default=",".join(dtypes or DTYPES))
    ap.add_argument("--keep", help="keep the cases and dumps here")
    ap.add_argument("--out", help="write the table (markdown) here too")
    ap.add_argument("--gn-eval", default=os.path.join(ROOT, "build", "bin", "gn-eval"))
    ap.add_argument("--mode", choices=["eager", "compiled"], default="eager",
                    help="compiled: gn's compiled CPU program (no interpreter fallback allowed)")
    ap.add_argument("--pipeline-options", default="",
                    help="with --mode compiled, e.g. the CUDA kernels' forms on the CPU")
    ap.add_argument("--special", action="store_true",
                    help="float inputs of IEEE special values and extremes (NaN, +-inf, -0.0, "
                         "the type's near-largest, a subnormal) instead of random ones")
    a = ap.parse_args()
    if a.special:
        SPECIAL.append(True)
    tmp = a.keep or tempfile.mkdtemp(prefix="gn-dtype-matrix.")
    shutil.rmtree(os.path.join(tmp, "cases"), ignore_errors=True)
    shutil.rmtree(os.path.join(tmp, "dump"), ignore_errors=True)
    if os.path.exists(os.path.join(tmp, "r.jsonl")):
        os.remove(os.path.join(tmp, "r.jsonl"))
    names = [op for op in forms if not a.only or re.search(a.only, op)]
    dts = a.dtypes.split(",")
    results, expected, cases = {}, {}, []
    for op in names:
        ins, body, rets = forms[op]
        for dt in dts:
            rng = np.random.RandomState(zlib.crc32(f"{op}/{dt}".encode()))
            inputs = []
            for var, shape, kind in ins:
                d = index_dtype if kind == "idx" else ("bool" if kind == "cond" else dt)
                inputs.append((var, d, values(kind, d, shape, rng)))
            name = f"{op}__{dt}"
            folder = os.path.join(tmp, "cases", name)
            os.makedirs(folder, exist_ok=True)
            status = run_framework(folder, inputs, body, rets)
            if status is not None:
                results[(op, dt)] = status
                continue
            expected[name] = [(open(os.path.join(folder, f"expected-{k}.dtype")).read(),
                               np.load(os.path.join(folder, f"expected-{k}.npy")))
                              for k in range(len(rets))]
            write_case(folder, inputs, body, rets)
            cases.append((name, op, dt))
    print(f"{len(cases)} forms {framework} runs; gn ({a.mode}) on them ...", file=sys.stderr)
    paths = [os.path.join(tmp, "cases", n) for n, _, _ in cases]
    extra = ["--pipeline-options", a.pipeline_options] if a.pipeline_options else []
    for k in range(0, len(paths), 200):
        subprocess.run([a.gn_eval, "run", *paths[k:k + 200], "--mode", a.mode, "--trials", "1",
                        "--warmup", "0", "--jobs", "2", "--dump", os.path.join(tmp, "dump"),
                        "--out", os.path.join(tmp, "r.jsonl")] + extra, stdout=subprocess.DEVNULL,
                       stderr=subprocess.DEVNULL)
    errors = {}
    if os.path.exists(os.path.join(tmp, "r.jsonl")):
        for line in open(os.path.join(tmp, "r.jsonl")):
            r = json.loads(line)
            name = os.path.basename(r["sample"].rstrip("/"))
            if r.get("status") != "ok":
                errors[name] = r.get("error") or r.get("status")
            elif a.mode == "compiled" and r.get("compile", {}).get("fallback_ops"):
                errors[name] = f"compiled program hands {r['compile']['fallback']} to the interpreter"
    for name, op, dt in cases:
        if name in errors:
            results[(op, dt)] = ("gn refuses", errors[name].split("error: ", 1)[-1].splitlines()[0][:160])
            continue
        verdict = ("ok", "")
        for k, (edt, e) in enumerate(expected[name]):
            path = os.path.join(tmp, "dump", name, a.mode, f"{k}.npy")
            if not os.path.exists(path):
                verdict = ("gn refuses", "no output dumped")
                break
            v, msg = compare(np.load(path), edt, e)
            if v != "ok":
                verdict = (v, f"out {k}: {msg}")
                break
        results[(op, dt)] = verdict
    short = {"ok": "ok", "framework refuses": "-", "gn refuses": "REFUSED",
             "dtype differs": "DTYPE", "values differ": "VALUES"}
    lines = ["| op | " + " | ".join(dts) + " |", "|---|" + "---|" * len(dts)]
    lines += [f"| {op} | " + " | ".join(short[results[(op, d)][0]] for d in dts) + " |" for op in names]
    count = {}
    for v, _ in results.values():
        count[v] = count.get(v, 0) + 1
    lines += ["", "Totals: " + ", ".join(f"{k} {v}" for k, v in sorted(count.items())), ""]
    lines += [f"- {op} {dt}: {v}: {msg}" for (op, dt), (v, msg) in sorted(results.items())
              if v not in ("ok", "framework refuses")]
    text = "\n".join(lines)
    print(text)
    if a.out:
        open(a.out, "w").write(text + "\n")
    return 0
