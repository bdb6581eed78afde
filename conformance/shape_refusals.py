#!/usr/bin/env python3
"""For the samples of a shape_variants_survey.py record file with refused
variants: does PyTorch refuse GraphNet's own variant too? Each sample, in a
child process under --timeout: the variants gn fails to import
(gn.import_sample), GraphNet's dimension generalizer writing every variant
(shape_conformance.graphnet_variants, from a GraphNet checkout: --graphnet,
GN_GRAPHNET_SRC or ~/.cache/gn/graphnet-src), and PyTorch running each
refused one on the meta files' data or zeros (shape_conformance.pytorch_refuses).
One JSON line per refused variant appended to OUT ("pytorch": its error, or
"runs": gn refuses what PyTorch takes); a sample past the timeout or that
GraphNet cannot generalize gets one line saying so. Resumes by sample.

    PYTHONPATH=build/python scripts/torch-env.sh python conformance/shape_refusals.py \\
        SURVEY.jsonl OUT.jsonl [--timeout 300]
"""
import argparse
import json
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
BASE = os.path.expanduser("~/.cache/gn/graphnet/samples")


def one(sample, graphnet):
    """The child: one JSON line per refused variant of `sample`."""
    import gn
    import torch
    sys.path.insert(0, HERE)
    from shape_conformance import graphnet_variants, pytorch_refuses

    torch.set_num_threads(2)
    path = os.path.join(BASE, sample)
    variants = gn.shape_variants(path)
    refused = {}
    for k in range(len(variants)):
        try:
            gn.import_sample(path, shape_variant=k)
        except gn.GnError as e:
            refused[k] = str(e).splitlines()[0][-200:]
    with tempfile.TemporaryDirectory() as work:
        try:
            written = graphnet_variants(path, graphnet, work)
        except Exception as e:  # noqa: BLE001 - GraphNet cannot make them: said so
            return [{"sample": sample, "graphnet_error": f"{type(e).__name__}: {e}"[:300]}]
        return [{"sample": sample, "variant": k, "gn": why,
                 "pytorch": (pytorch_refuses(written[k]) or "runs") if k in written
                 else "GraphNet wrote no such variant"} for k, why in refused.items()]


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("survey", nargs="?")
    ap.add_argument("out", nargs="?")
    ap.add_argument("--timeout", type=int, default=300)
    ap.add_argument("--graphnet", default=os.environ.get(
        "GN_GRAPHNET_SRC", os.path.expanduser("~/.cache/gn/graphnet-src")))
    ap.add_argument("--child", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        for r in one(args.child, args.graphnet):
            print("GN-RECORD " + json.dumps(r), flush=True)
        return 0
    done = set()
    if os.path.exists(args.out):
        done = {json.loads(line)["sample"] for line in open(args.out) if line.strip()}
    todo = [r["sample"] for r in map(json.loads, open(args.survey))
            if "error" in r and r["sample"] not in done]
    print(f"{len(todo)} samples with refused variants to check", flush=True)
    with open(args.out, "a") as out:
        for n, sample in enumerate(todo):
            try:
                p = subprocess.run([sys.executable, __file__, "--child", sample,
                                    "--graphnet", args.graphnet], capture_output=True, text=True,
                                   timeout=args.timeout)
                records = [json.loads(line[len("GN-RECORD "):]) for line in p.stdout.splitlines()
                           if line.startswith("GN-RECORD ")]
                if not records:
                    records = [{"sample": sample, "child_error": p.stderr.strip()[-300:]}]
            except subprocess.TimeoutExpired:
                records = [{"sample": sample, "timeout": args.timeout}]
            for r in records:
                out.write(json.dumps(r) + "\n")
            out.flush()
            runs = sum(r.get("pytorch") == "runs" for r in records)
            print(f"[{n + 1}/{len(todo)}] {sample}: {len(records)} records"
                  + (f", PyTorch runs {runs} gn refuses" if runs else ""), flush=True)
    rs = [json.loads(line) for line in open(args.out) if line.strip()]
    checked = [r for r in rs if "variant" in r]
    print(f"refused variants checked: {len(checked)}; PyTorch refuses too: "
          f"{sum(r['pytorch'] != 'runs' for r in checked)}; undecided samples: "
          f"{sorted({r['sample'] for r in rs if 'variant' not in r})}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
