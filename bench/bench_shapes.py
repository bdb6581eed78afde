#!/usr/bin/env python3
"""GraphNet's shape channel timed: PyTorch eager and Inductor across a
sample's shape variants, beside gn's one program (issue 42).

    scripts/torch-env.sh python bench/bench_shapes.py --dump DUMP [--threads 2] \\
        [--warmup 2] [--trials 10] [--json out.jsonl] [--graphnet CHECKOUT] SAMPLE_DIR...

DUMP is a `gn-eval run --shapes N --mode compiled --dump DUMP` folder: gn's
inputs and eager outputs of each variant in DUMP/<name>@shape<K>/. For each
sample, GraphNet's own dimension generalizer writes its variants
(conformance/shape_conformance.py's graphnet_variants, GraphNet's code read
from its checkout at run time). Where every variant's model.py is the same
code (GraphNet's passes make the sizes follow the inputs), one module runs all
of them, as a user's model would:

  - eager: each variant timed (median of --trials after --warmup);
  - Inductor: one `torch.compile(module)` (default options: the first call
    compiles for the first shapes, a new shape recompiles, with dynamic
    shapes from then on), the variants called in gn's order; each variant's
    first call timed (compile included where one happens), then its runs.
    A counting backend around Inductor's compile_fx counts the graphs
    compiled, so `inductor_compiles` is what the user waits for.

Each variant's outputs are checked against gn eager's (the tightest t, as
conformance.py). One JSON line per sample; every child runs with its own
empty Inductor caches (bench_torch.py's child_env), so compile times are cold.
"""
import argparse
import glob
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
import traceback

here = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(here, "..", "conformance"))
sys.path.insert(0, here)


def median_ms(fn, args, warmup, trials):
    for _ in range(warmup):
        fn(*args)
    ms = []
    for _ in range(trials):
        t0 = time.perf_counter()
        fn(*args)
        ms.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ms)


def worst_t(outs, dump):
    import torch
    import conformance as cf

    outs = cf.flatten(outs)
    worst = -10
    for i, o in enumerate(outs):
        path = os.path.join(dump, "eager", f"{i}.npy")
        if not os.path.exists(path):
            return 2
        want = cf.load_npy(path, o.dtype == torch.bfloat16)
        worst = max(worst, cf.tightest_t(o.detach().contiguous(), want))
    return worst


def run_sample(sample, args):
    import torch
    import conformance as cf
    from shape_conformance import graphnet_variants, variant_args

    torch.set_num_threads(args.threads)
    name = os.path.basename(os.path.normpath(sample))
    r = {"sample": name}
    dumped = sorted(int(d.rsplit("@shape", 1)[1]) for d in
                    glob.glob(os.path.join(args.dump, glob.escape(name) + "@shape*"))
                    if os.path.isdir(os.path.join(d, "eager")))
    if not dumped:
        r["error"] = "gn dumped no variant of it (no variants, or gn refused them)"
        return r
    with tempfile.TemporaryDirectory() as work:
        variants = graphnet_variants(sample, args.graphnet, work)
        missing = [k for k in dumped if k not in variants]
        if missing:
            r["error"] = f"GraphNet's generalizer made no variant {missing}"
            return r
        codes = {open(os.path.join(variants[k], "model.py")).read() for k in dumped}
        r["one_module"] = len(codes) == 1
        if not r["one_module"]:
            r["error"] = ("GraphNet's variants of it are different code: no one module to "
                          "compile once")
            return r
        mod = cf.load_module(variants[dumped[0]])
        inputs = {k: variant_args(mod, os.path.join(args.dump, f"{name}@shape{k}"), variants[k])
                  for k in dumped}
    rows = []
    with torch.no_grad():
        for k in dumped:
            rows.append({"variant": k,
                         "eager_ms": median_ms(mod, inputs[k], args.warmup, args.trials),
                         "eager_t": worst_t(mod(*inputs[k]), os.path.join(
                             args.dump, f"{name}@shape{k}"))})
        from torch._inductor.compile_fx import compile_fx

        compiles = []

        def counting_inductor(gm, example_inputs):
            t0 = time.perf_counter()
            fn = compile_fx(gm, example_inputs)
            compiles.append(time.perf_counter() - t0)
            return fn

        torch._dynamo.reset()
        compiled = torch.compile(mod, backend=counting_inductor)
        for row in rows:
            k = row["variant"]
            before = len(compiles)
            t0 = time.perf_counter()
            outs = compiled(*inputs[k])
            row["inductor_first_call_s"] = time.perf_counter() - t0
            row["inductor_compiled_here"] = len(compiles) - before
            row["inductor_t"] = worst_t(outs, os.path.join(args.dump, f"{name}@shape{k}"))
            row["inductor_ms"] = median_ms(compiled, inputs[k], args.warmup, args.trials)
    r["variants"] = rows
    r["inductor_compiles"] = len(compiles)
    r["inductor_compile_s"] = sum(row["inductor_first_call_s"] for row in rows
                                  if row["inductor_compiled_here"])
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("samples", nargs="+")
    ap.add_argument("--dump", required=True)
    ap.add_argument("--graphnet", default=os.environ.get(
        "GN_GRAPHNET_SRC", os.path.expanduser("~/.cache/gn/graphnet-src")))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--warmup", type=int, default=2)
    ap.add_argument("--trials", type=int, default=10)
    ap.add_argument("--timeout", type=float, default=1200)
    ap.add_argument("--json")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        # One sample in this process; its record on stdout's last line.
        try:
            r = run_sample(args.samples[0], args)
        except Exception as e:
            r = {"sample": os.path.basename(os.path.normpath(args.samples[0])),
                 "error": f"{type(e).__name__}: {e}"[:600],
                 "trace": traceback.format_exc()[-1500:]}
        print(json.dumps(r))
        return 0
    from bench_torch import child_env

    log = open(args.json, "a") if args.json else None
    for s in args.samples:
        name = os.path.basename(os.path.normpath(s))
        with tempfile.TemporaryDirectory() as cache:
            cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--dump", args.dump,
                   "--graphnet", args.graphnet, "--threads", str(args.threads),
                   "--warmup", str(args.warmup), "--trials", str(args.trials), s]
            try:
                p = subprocess.run(cmd, capture_output=True, text=True, timeout=args.timeout,
                                   env=child_env(args, cache))
                lines = [l for l in p.stdout.splitlines() if l.startswith("{")]
                r = json.loads(lines[-1]) if lines else {
                    "sample": name, "error": f"child exited with status {p.returncode}: "
                    + " | ".join(p.stderr.strip().splitlines()[-3:])[-600:]}
            except subprocess.TimeoutExpired:
                r = {"sample": name, "error": f"timeout after {args.timeout:g} s"}
        if "error" in r:
            print(f"{name}: {r['error']}", flush=True)
        else:
            print(f"{name}: {len(r['variants'])} variants, Inductor compiled "
                  f"{r['inductor_compiles']} graphs in {r['inductor_compile_s']:.1f} s", flush=True)
        if log:
            log.write(json.dumps(r) + "\n")
            log.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main())
