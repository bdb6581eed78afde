#!/usr/bin/env python3
"""The summary of bench/gpu-dtype.sh's run: GraphNet's dtype channel on a GPU.

    python3 bench/gpu_dtype_report.py OUT

OUT holds gn-{float32,float16,bfloat16}.jsonl (gn-cuda-run: gn's CUDA
program of each variant, timed and checked against the CPU interpreter in
that dtype) and torch-{float16,bfloat16}.jsonl (bench/gpu_dtype_torch.py:
PyTorch eager on GraphNet's own pass, on the same inputs, checked against
the same references). Per dtype: samples run; gn correct at t = -5 (under
GraphNet's table for each output's dtype); PyTorch's tightest t against the
same reference (how far the two frameworks' half-type roundings are apart);
the geomean of PyTorch eager / gn over the samples both ran, with gn correct;
gn's half program over its float32 one. Times are medians of the timed runs,
gn's CUDA-graph replays (gn-cuda-run's compiled side) and PyTorch's calls
each followed by a synchronize.
"""
import json
import math
import os
import sys


def read(path, key="sample"):
    out = {}
    if not os.path.exists(path):
        return out
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        r = json.loads(line)
        name = os.path.basename(str(r.get(key, "")).rstrip("/"))
        out[name] = r
    return out


def tightest(correct_at):
    """The tightest t at which `correct_at` holds (2: none)."""
    ts = [int(t) for t, ok in (correct_at or {}).items() if ok]
    return min(ts) if ts else 2


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def gn_ms(r):
    c = r.get("compiled") or {}
    return c.get("median_ms") if r.get("status") == "ok" else None


def main():
    if len(sys.argv) != 2:
        sys.exit(__doc__)
    out = sys.argv[1]
    gn32 = read(os.path.join(out, "gn-float32.jsonl"))
    print("# GraphNet's dtype channel on a GPU (bench/gpu-dtype.sh)\n")
    print("| dtype | samples | gn ok | gn = t-5 | PyTorch ran | PyTorch vs reference t "
          "(median) | PyTorch / gn (geomean, n) | gn half / gn float32 (geomean, n) |")
    print("|---|---|---|---|---|---|---|---|")
    rows = []
    for d in ("float16", "bfloat16"):
        gn = read(os.path.join(out, f"gn-{d}.jsonl"))
        th = read(os.path.join(out, f"torch-{d}.jsonl"))
        names = sorted(set(gn) | set(th))
        ok = [n for n in names if gn.get(n, {}).get("status") == "ok"]
        good = [n for n in ok if tightest(gn[n].get("correct_at")) <= -5]
        ran = [n for n in names if "torch_ms" in th.get(n, {})]
        ts = sorted(th[n]["torch_vs_reference_t"] for n in ran)
        speed = [th[n]["torch_ms"] / gn_ms(gn[n]) for n in good if n in ran and gn_ms(gn[n])]
        half = [gn_ms(gn[n]) / gn_ms(gn32[n]) for n in good
                if gn_ms(gn[n]) and n in gn32 and gn_ms(gn32[n])]
        print(f"| {d} | {len(names)} | {len(ok)} | {len(good)} | {len(ran)} | "
              f"{ts[len(ts) // 2] if ts else '-'} | {geomean(speed):.2f} ({len(speed)}) | "
              f"{geomean(half):.2f} ({len(half)}) |")
        for n in names:
            g, t = gn.get(n, {}), th.get(n, {})
            rows.append((n, d, gn_ms(g), tightest(g.get("correct_at")) if g else None,
                         t.get("torch_ms"), t.get("torch_vs_reference_t"),
                         gn_ms(gn32.get(n, {})), g.get("error") or t.get("error")))
    print("\n| sample | dtype | gn ms | gn t | PyTorch ms | PyTorch t | gn float32 ms | error |")
    print("|---|---|---|---|---|---|---|---|")
    fmt = lambda v: "-" if v is None else (f"{v:.3f}" if isinstance(v, float) else str(v))
    for n, d, g, gt, tm, tt, g32, err in rows:
        print(f"| {n[:48]} | {d} | {fmt(g)} | {fmt(gt)} | {fmt(tm)} | {fmt(tt)} | {fmt(g32)} | "
              f"{(err or '')[:80]} |")


if __name__ == "__main__":
    main()
