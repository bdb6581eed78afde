#!/usr/bin/env python3
"""gn compiled under two settings on one GPU, sample by sample: for the
runtime choices that a GPU run compares (GN_GEMM=heuristic or cublas,
GN_CUDNN_ALGO=timed or find, GN_CUBLAS_MATH=pedantic, GN_CUBLAS_API=batched)
or two bundles.

    python3 bench/gpu_ab.py A/gn.jsonl B/gn.jsonl [--names A B]

Each file holds gn-cuda-run's lines (bench/bench-gpu.sh --only gn). Prints
gn compiled's median ms under each, B / A, correctness at t = -5 on each
side, and the geomean of B / A over the samples both ran correct (and over
all both ran). Refuses files measured on different GPUs: ratios are only
meaningful side by side on one machine. Standard library only.
"""
import argparse
import json
import math
import os
import sys


def read(path):
    rows = {}
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        r = json.loads(line)
        rows[os.path.basename(r.get("sample", "").rstrip("/"))] = r
    return rows


def compiled_ms(r):
    c = r.get("compiled") or {}
    return c.get("median_ms")


def correct(r):
    return bool((r.get("correct_at") or {}).get("-5"))


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("a")
    ap.add_argument("b")
    ap.add_argument("--names", nargs=2, default=["A", "B"])
    args = ap.parse_args()
    a, b = read(args.a), read(args.b)
    devices = {r.get("device") for r in list(a.values()) + list(b.values()) if r.get("device")}
    if len(devices) > 1:
        print(f"error: the two files were measured on different GPUs: {sorted(devices)}",
              file=sys.stderr)
        return 2
    na, nb = args.names
    print(f"gn compiled, median ms per forward: {na} = {args.a}, {nb} = {args.b}"
          + (f" on {devices.pop()}" if devices else ""))
    print(f"{'sample':48} {na:>9} {nb:>9} {nb + '/' + na:>8}  ok {na}/{nb}")
    both, both_ok = [], []
    for name in a:
        if name not in b:
            continue
        ta, tb = compiled_ms(a[name]), compiled_ms(b[name])
        oa, ob = correct(a[name]), correct(b[name])
        ratio = tb / ta if ta and tb else None
        cell = lambda t: f"{t:9.3f}" if t else f"{'-':>9}"
        print(f"{name[:48]:48} {cell(ta)} {cell(tb)} "
              f"{(f'{ratio:8.3f}' if ratio else '       -')}  {'y' if oa else 'n'}/{'y' if ob else 'n'}")
        if ratio:
            both.append(ratio)
            if oa and ob:
                both_ok.append(ratio)
    g_ok, g_all = geomean(both_ok), geomean(both)
    print(f"geomean {nb}/{na}, both correct: " + (f"{g_ok:.3f} over {len(both_ok)}" if g_ok else "-"))
    print(f"geomean {nb}/{na}, both ran:     " + (f"{g_all:.3f} over {len(both)}" if g_all else "-"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
