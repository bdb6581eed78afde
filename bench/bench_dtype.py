#!/usr/bin/env python3
"""PyTorch eager on GraphNet's dtype variants of samples, timed on the CPU on
gn's inputs, beside gn's compiled program of the same variant (issue 42's
dtype channel benchmark; bench/bench-dtype.sh runs both sides):

    scripts/torch-env.sh python bench/bench_dtype.py --dtype float16 \\
        --dump DUMP --json torch.jsonl [--threads 2] [--warmup 1] [--trials 5] SAMPLE_DIR...

DUMP is `gn-eval run --dtype DTYPE --dump DUMP`'s folder. GraphNet's own
dtype_generalization_pass_DTYPE rewrites each sample's graph (read from a
GraphNet checkout at run time: conformance/dtype_conformance.py's
`rewritten`), and PyTorch runs it on gn's inputs of the variant: one JSON
line per sample with the median and IQR of the timed runs and the tightest t
at which gn compiled's outputs match PyTorch's (GraphNet's table of each
output's dtype).
"""
import argparse
import json
import os
import statistics
import sys
import time

import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "conformance"))
from conformance import flatten, load_npy, tightest_t  # noqa: E402
from dtype_conformance import dump_inputs, rewritten  # noqa: E402


def timed(fn, warmup, trials):
    for _ in range(warmup):
        fn()
    ms = []
    for _ in range(trials):
        t0 = time.perf_counter()
        fn()
        ms.append((time.perf_counter() - t0) * 1e3)
    q = statistics.quantiles(ms, n=4) if len(ms) > 1 else [ms[0]] * 3
    return statistics.median(ms), q[2] - q[0]


def one(sample, args):
    name = os.path.basename(os.path.normpath(sample))
    r = {"sample": name, "dtype": args.dtype, "torch": torch.__version__, "threads": args.threads}
    try:
        gm, _, params = rewritten(sample, args.dtype, args.graphnet)
        if gm is None:
            r["error"] = "GraphNet's pass rewrites nothing"
            return r
        inputs = dump_inputs(sample, args.dump, params)
        with torch.no_grad():
            outs = flatten(gm(*inputs))
            r["torch_ms"], r["torch_iqr_ms"] = timed(lambda: gm(*inputs), args.warmup, args.trials)
        worst = -10
        for i, o in enumerate(outs):
            path = os.path.join(args.dump, name, "compiled", f"{i}.npy")
            if not os.path.exists(path):
                worst = 2
                break
            worst = max(worst, tightest_t(load_npy(path, o.dtype == torch.bfloat16), o))
        r["gn_compiled_vs_torch_t"] = worst
    except Exception as e:  # one sample's failure is its record
        r["error"] = f"{type(e).__name__}: {e}"[:500]
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("samples", nargs="+")
    ap.add_argument("--dtype", required=True, choices=("float16", "bfloat16"))
    ap.add_argument("--dump", required=True)
    ap.add_argument("--json", required=True)
    ap.add_argument("--graphnet", default=os.environ.get(
        "GN_GRAPHNET_SRC", os.path.expanduser("~/.cache/gn/graphnet-src")))
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--trials", type=int, default=5)
    args = ap.parse_args()
    torch.set_num_threads(args.threads)
    for i, sample in enumerate(args.samples):
        r = one(sample, args)
        with open(args.json, "a") as f:
            f.write(json.dumps(r) + "\n")
        print(f"[{i + 1}/{len(args.samples)}] {r['sample']} {args.dtype}: "
              + (f"PyTorch {r['torch_ms']:.1f} ms, gn compiled vs PyTorch t = "
                 f"{r['gn_compiled_vs_torch_t']}" if "torch_ms" in r else r["error"]), flush=True)


if __name__ == "__main__":
    main()
