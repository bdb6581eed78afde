#!/usr/bin/env python3
"""Joins gn-eval eager results with conformance.py --time results into one
table: per sample gn eager ms, PyTorch eager ms, their ratio, and whether
gn matched PyTorch at t; ends with the geometric-mean ratio.

    compare_eager.py GN_RESULTS.jsonl TORCH_RESULTS.jsonl
"""
import json
import math
import os
import sys


def load(path):
    rows = {}
    for line in open(path):
        line = line.strip()
        if line:
            r = json.loads(line)
            rows[os.path.basename(r["sample"].rstrip("/"))] = r
    return rows


def main():
    gn, th = load(sys.argv[1]), load(sys.argv[2])
    logs = []
    print(f"{'sample':60s} {'gn ms':>10s} {'torch ms':>10s} {'gn/torch':>9s}  match")
    for name in sorted(gn):
        g, t = gn[name], th.get(name)
        if g.get("status") != "ok" or not t or "torch_eager_ms" not in t:
            continue
        gm, tm = g["eager"]["median_ms"], t["torch_eager_ms"]
        logs.append(math.log(gm / tm))
        print(f"{name[:60]:60s} {gm:10.3f} {tm:10.3f} {gm / tm:9.2f}  "
              f"{'yes' if t.get('pass') else 'no (t=%s)' % t.get('tightest_t')}")
    if logs:
        print(f"\n{len(logs)} samples; geomean gn/torch eager time = "
              f"{math.exp(sum(logs) / len(logs)):.2f} (below 1: gn faster)")


if __name__ == "__main__":
    main()
