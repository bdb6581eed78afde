#!/usr/bin/env python3
"""Joins gn-eval results with conformance/paddle_conformance.py --time results
(by the sample's dump name) into one table: gn eager and compiled medians,
PaddlePaddle eager median, gn compiled's speedup over each, gn compiled's
correctness at t against gn eager, and gn eager's tightest t against
PaddlePaddle; then geometric means over the samples where both sides ran.

    paddle_bench_report.py GN_RESULTS.jsonl PADDLE_RESULTS.jsonl [--t -5]

Only the standard library is needed.
"""
import argparse
import json
import math
import os


def dump_name(sample):
    sample = os.path.normpath(sample)
    name = os.path.basename(sample)
    if name.startswith("subgraph"):
        return os.path.basename(os.path.dirname(sample)) + "_" + name
    return name


def load(path, key):
    rows = {}
    for line in open(path):
        line = line.strip()
        if not line:
            continue
        try:
            r = json.loads(line)
        except json.JSONDecodeError:
            continue
        rows[key(r)] = r  # the last line per sample wins
    return rows


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("gn")
    ap.add_argument("paddle")
    ap.add_argument("--t", type=int, default=-5)
    args = ap.parse_args()
    gn = load(args.gn, lambda r: dump_name(r["sample"]))
    pd = load(args.paddle, lambda r: r["sample"])
    print(f"{'sample':44} {'gn eager':>10} {'gn comp':>10} {'paddle':>10} {'vs paddle':>9} "
          f"{'vs eager':>8} {'ok@t':>5} {'paddle t':>8}")
    vs_paddle, vs_eager, correct, conform, rows = [], [], 0, 0, 0
    for name in sorted(set(gn) | set(pd)):
        g, p = gn.get(name, {}), pd.get(name, {})
        e = (g.get("eager") or {}).get("median_ms")
        c = (g.get("compiled") or {}).get("median_ms")
        pm = p.get("paddle_eager_ms")
        ok = g.get("status") == "ok" and (g.get("correct_at") or {}).get(str(args.t), False)
        pt = p.get("tightest_t")
        rows += 1
        correct += bool(ok)
        conform += pt is not None and pt <= args.t and not p.get("random")
        sp = pm / c if pm and c else None
        se = e / c if e and c else None
        if sp and ok:
            vs_paddle.append(sp)
        if se and ok:
            vs_eager.append(se)
        fmt = lambda x, w=10: f"{x:{w}.3f}" if isinstance(x, float) else f"{'-':>{w}}"
        status = g.get("status", "-") if g.get("status") != "ok" else ""
        print(f"{name[:44]:44} {fmt(e)} {fmt(c)} {fmt(pm)} {fmt(sp, 9)} {fmt(se, 8)} "
              f"{'yes' if ok else 'no':>5} {str(pt) if pt is not None else '-':>8}"
              + (f"  {status}" if status else "")
              + ("  (random ops)" if p.get("random") else ""))
    print()
    print(f"samples: {rows}; gn compiled correct at t={args.t} vs gn eager: {correct}; "
          f"gn eager matches PaddlePaddle at t={args.t}: {conform}")
    print(f"geomean speedup of gn compiled over PaddlePaddle eager: {geomean(vs_paddle):.3f} "
          f"({len(vs_paddle)} samples)")
    print(f"geomean speedup of gn compiled over gn eager:          {geomean(vs_eager):.3f} "
          f"({len(vs_eager)} samples)")


if __name__ == "__main__":
    main()
