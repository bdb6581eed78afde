#!/usr/bin/env python3
"""GraphNet's shape channel over a seeded share of the torch dev samples
(issue 42: "at least 90% of the dev samples with a reifier give all their
variants"): for each sample whose graph_net.json names a
symbolic_dimension_reifier, every shape variant GraphNet's reifier gives
(gn.shape_variants) is imported at its sizes (gn.import_sample(...,
shape_variant=K): the dimension generalization passes applied, the graph
built at those sizes). Import only: nothing runs, so the figure is what
gn can build, the run-time check being `gn-eval run --shapes`. One JSON
line per sample (variants, imported, the first error) appended to OUT, so
an interrupted run resumes; a summary at the end.

    PYTHONPATH=build/python python3 conformance/shape_variants_survey.py OUT.jsonl \\
        [--limit 200] [--seed 42] [--base ~/.cache/gn/graphnet/samples]
"""
import argparse
import json
import os
import random
import sys

import gn


def reified(base):
    """Every torch dev sample (folder with a graph_net.json naming a
    symbolic_dimension_reifier), sorted."""
    out = []
    for root, _, files in os.walk(base):
        if "graph_net.json" in files and "model.py" in files:
            with open(os.path.join(root, "graph_net.json")) as f:
                if "symbolic_dimension_reifier" in f.read():
                    out.append(os.path.relpath(root, base))
    return sorted(out)


def survey(path):
    record = {"variants": 0, "imported": 0}
    try:
        variants = gn.shape_variants(path)
    except gn.GnError as e:
        record["error"] = f"variants: {str(e).splitlines()[0][:300]}"
        return record
    record["variants"] = len(variants)
    for k in range(len(variants)):
        try:
            gn.import_sample(path, shape_variant=k)
            record["imported"] += 1
        except gn.GnError as e:
            record.setdefault("error", f"variant {k} {variants[k]}: "
                                       f"{str(e).splitlines()[0][:300]}")
    return record


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("out")
    ap.add_argument("--limit", type=int, default=200)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--base", default=os.path.expanduser("~/.cache/gn/graphnet/samples"))
    args = ap.parse_args()
    samples = reified(args.base)
    random.Random(args.seed).shuffle(samples)
    samples = samples[:args.limit]
    done = {}
    if os.path.exists(args.out):
        for line in open(args.out):
            if line.strip():
                r = json.loads(line)
                done[r["sample"]] = r
    print(f"{len(samples)} of the samples with a reifier (seed {args.seed}); "
          f"{sum(s in done for s in samples)} already in {args.out}", flush=True)
    with open(args.out, "a") as out:
        for n, s in enumerate(samples):
            if s in done:
                continue
            r = {"sample": s, **survey(os.path.join(args.base, s))}
            out.write(json.dumps(r) + "\n")
            out.flush()
            done[s] = r
            print(f"[{n + 1}/{len(samples)}] {r['imported']}/{r['variants']} {s}"
                  + (f"  {r['error'][:160]}" if "error" in r else ""), flush=True)
    rs = [done[s] for s in samples if s in done]
    listed = [r for r in rs if r["variants"] > 0]
    whole = [r for r in listed if r["imported"] == r["variants"]]
    print(f"samples: {len(rs)}; with variants: {len(listed)}; all variants imported: "
          f"{len(whole)} ({100.0 * len(whole) / max(1, len(listed)):.1f}%); variants imported: "
          f"{sum(r['imported'] for r in listed)} / {sum(r['variants'] for r in listed)}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
