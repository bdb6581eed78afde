#!/usr/bin/env python3
"""The dtype channel benchmark's table (bench/bench-dtype.sh OUT): per
sample and half type, gn compiled's and PyTorch eager's median ms, their
ratio, gn compiled against gn eager and against PyTorch at GraphNet's
tolerance, and the geomeans.

    /usr/bin/python3 bench/bench_dtype_report.py OUT
"""
import json
import math
import os
import sys


def rows(path, key):
    out = {}
    if os.path.exists(path):
        for line in open(path):
            if line.strip():
                r = json.loads(line)
                out[key(r)] = r
    return out


def tightest(correct_at):
    ok = [int(t) for t, v in (correct_at or {}).items() if v]
    return min(ok) if ok else None


def main():
    d = sys.argv[1]
    print("| sample | dtype | gn compiled ms | PyTorch eager ms | gn / PyTorch | gn float32 ms | "
          "gn half / float32 | gn compiled = gn eager at t | gn compiled = PyTorch at t |")
    print("|---|---|---|---|---|---|---|---|---|")
    ratios, over_f32 = {}, {}
    f32 = rows(os.path.join(d, "gn-float32.jsonl"),
               lambda r: os.path.basename(r["sample"].rstrip("/")))
    for dtype in ("float16", "bfloat16"):
        gn = rows(os.path.join(d, f"gn-{dtype}.jsonl"),
                  lambda r: os.path.basename(r["sample"].rstrip("/")))
        th = rows(os.path.join(d, f"torch-{dtype}.jsonl"), lambda r: r["sample"])
        for name in sorted(set(gn) | set(th)):
            g, t = gn.get(name, {}), th.get(name, {})
            ms = (g.get("compiled") or {}).get("median_ms") if g.get("status") == "ok" else None
            tms = t.get("torch_ms")
            ratio = ms / tms if ms and tms else None
            if ratio:
                ratios.setdefault(dtype, []).append(ratio)
            f = f32.get(name, {})
            fms = (f.get("compiled") or {}).get("median_ms") if f.get("status") == "ok" else None
            if ms and fms:
                over_f32.setdefault(dtype, []).append(ms / fms)
            def cell(x, f=None):
                if x is None:
                    return "-"
                return format(x, f or (".3f" if abs(x) < 1 else ".1f"))
            print(f"| {name[:48]} | {dtype} | {cell(ms)} | {cell(tms)} | {cell(ratio, '.2f')} | "
                  f"{cell(fms)} | {cell(ms / fms if ms and fms else None, '.2f')} | "
                  f"{cell(tightest(g.get('correct_at')), 'd')} | "
                  f"{cell(t.get('gn_compiled_vs_torch_t'), 'd')} |"
                  + (f" gn: {g.get('error', '')[:80]}" if g and g.get("status") != "ok" else "")
                  + (f" PyTorch: {t['error'][:80]}" if t.get("error") else ""))
    print()
    geomean = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))  # noqa: E731
    for dtype, xs in ratios.items():
        print(f"- {dtype}: gn compiled / PyTorch eager, geomean {geomean(xs):.3f} over {len(xs)} "
              f"samples (below 1: gn faster)"
              + (f"; gn's {dtype} program over its float32 one {geomean(over_f32[dtype]):.3f}"
                 if over_f32.get(dtype) else ""))


if __name__ == "__main__":
    main()
