#!/usr/bin/env python3
"""PyTorch eager on GraphNet's dtype variants of samples, on a GPU, beside
gn's CUDA programs of the same variants (bench/gpu-dtype.sh runs both):

    python3 bench/gpu_dtype_torch.py --stage STAGE --dtype float16 \\
        --json torch-float16.jsonl [--warmup 3] [--trials 10] NAME...

STAGE is bench/gpu-dtype.sh's prepared folder: samples/NAME (model.py and
meta), DTYPE/NAME (gn's program of the variant: its argument specs and the
CPU interpreter's reference outputs in that dtype), graphnet/ (GraphNet's
graph_net package). GraphNet's own dtype_generalization_pass_DTYPE rewrites
the sample's graph (conformance/dtype_conformance.py's `rewritten`, traced
on the device), PyTorch runs it on gn's inputs of the variant (synthesized
by gn's numpy mirror from the program's argument specs, as gn-cuda-run
synthesizes them), timed as GraphNet's harness times (call, synchronize;
median and IQR), and its outputs are checked against the same references
gn's program is: the tightest t under GraphNet's table of each output's
dtype. One JSON line per sample.
"""
import argparse
import json
import os
import statistics
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(HERE, "..", "conformance"))
import bench_torch_gpu as bench  # noqa: E402

DEVICE = bench.DEVICE


def inputs_of(torch, stage, dtype, name, params):
    """forward's arguments of the variant, on the device."""
    import conformance as cf

    program = json.load(open(os.path.join(stage, dtype, name, "compiled.json")))
    meta = cf.meta_of(os.path.join(stage, "samples", name))
    specs = {}
    for i, a in enumerate(program["arguments"]):
        specs[a["name"]] = (i, {"dtype": a["dtype"], "shape": program["slots"][i]["shape"],
                                "mean": a.get("mean"), "std": a.get("std"),
                                "min_val": a.get("min_val"), "max_val": a.get("max_val"),
                                "data": a.get("data")})
    args = []
    for p in params:
        if p not in specs:
            args.append(int(meta[p]["data"][0]))  # a SymInt
            continue
        i, spec = specs[p]
        t = torch.from_numpy(bench.gn_inputs().synthesize(spec, 0, i).copy())
        if spec["dtype"] in ("torch.bfloat16", "bfloat16"):
            t = t.view(torch.bfloat16)
        args.append(t.to(DEVICE))
    return args


def one(torch, name, args):
    import conformance as cf
    from dtype_conformance import rewritten

    r = {"sample": name, "dtype": args.dtype, "torch": torch.__version__,
         "gpu": bench.device_name(torch)}
    try:
        on = "cuda" if DEVICE.startswith("cuda") else "cpu"
        gm, _, params = rewritten(os.path.join(args.stage, "samples", name), args.dtype,
                                  os.path.join(args.stage, "graphnet"), device=on)
        if gm is None:
            r["error"] = "GraphNet's pass rewrites nothing"
            return r
        inputs = inputs_of(torch, args.stage, args.dtype, name, params)
        with torch.no_grad():
            outs = [o.clone() for o in cf.flatten(gm(*inputs))]
            bench.sync(torch)
            for _ in range(args.warmup):
                gm(*inputs)
            bench.sync(torch)
            ms = []
            for _ in range(args.trials):
                t0 = time.perf_counter()
                gm(*inputs)
                bench.sync(torch)
                ms.append((time.perf_counter() - t0) * 1e3)
        q = statistics.quantiles(ms, n=4) if len(ms) > 1 else [ms[0]] * 3
        r["torch_ms"], r["torch_iqr_ms"] = statistics.median(ms), q[2] - q[0]
        refs = bench.read_references(os.path.join(args.stage, args.dtype, name, "reference"))
        r["torch_vs_reference_t"] = bench.tightest(torch, outs, refs)
    except Exception as e:  # one sample's failure is its record
        r["error"] = f"{type(e).__name__}: {e}"[:500]
    return r


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("names", nargs="+")
    ap.add_argument("--stage", required=True)
    ap.add_argument("--dtype", required=True, choices=("float16", "bfloat16"))
    ap.add_argument("--json", required=True)
    ap.add_argument("--warmup", type=int, default=3)
    ap.add_argument("--trials", type=int, default=10)
    args = ap.parse_args()
    import torch

    for name in args.names:
        r = one(torch, name, args)
        with open(args.json, "a") as f:
            f.write(json.dumps(r) + "\n")
        print(f"{name} {args.dtype}: " +
              (f"PyTorch {r['torch_ms']:.3f} ms, against gn's reference t = "
               f"{r['torch_vs_reference_t']}" if "torch_ms" in r else r["error"]), flush=True)


if __name__ == "__main__":
    main()
