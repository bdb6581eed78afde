#!/usr/bin/env python3
"""GraphNet's shape channel against PyTorch running GraphNet's own variants.

    scripts/torch-env.sh python conformance/shape_conformance.py --dump DUMP [--shapes all|N] \\
        [--graphnet CHECKOUT] [--t -5] [--json out.jsonl] SAMPLE_DIR...

DUMP is a `gn-eval run --shapes ... --dump DUMP` folder: gn's inputs and
eager outputs of each variant, in DUMP/<name>@shape<K>/; a variant gn
refused (no outputs) agrees when PyTorch refuses GraphNet's variant too. For each sample,
GraphNet's own dimension generalizer (graph_net/dimension_generalizer.py
with graph_net/torch/static_to_dynamic.py, imported from a GraphNet
checkout given by --graphnet or GN_GRAPHNET_SRC, default
~/.cache/gn/graphnet-src; never copied into gn) writes every shape variant
of the sample as GraphNet makes it (the passes its graph_net.json lists
applied to model.py, the reified shapes in the meta files), from a copy of
the sample with its device strings set to the CPU. PyTorch runs each
variant gn dumped on gn's inputs; its outputs are compared with gn eager at
GraphNet's tolerance (the tightest t over outputs, as conformance.py).
"""
import argparse
import glob
import json
import os
import re
import shutil
import sys
import tempfile

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conformance import flatten, load_module, load_npy, meta_of, tightest_t  # noqa: E402


def cpu_copy(sample, dst):
    shutil.copytree(sample, dst)
    for f in glob.glob(os.path.join(dst, "*.py")):
        src = open(f).read()
        src = re.sub(r'device\(type=["\']cuda["\'](, index=\d+)?\)', 'device(type="cpu")', src)
        src = src.replace('"cuda:0"', '"cpu"').replace("'cuda:0'", "'cpu'")
        src = src.replace('"cuda"', '"cpu"')
        open(f, "w").write(src)


def graphnet_variants(sample, graphnet, work):
    """GraphNet's variants of `sample`: {index: folder}."""
    if graphnet not in sys.path:
        sys.path.insert(0, graphnet)
    import graph_net.dimension_generalizer as dg
    import graph_net.torch.static_to_dynamic as s2d
    cls = next(v for v in vars(dg).values() if isinstance(v, type) and hasattr(v, "_get_dim_axes_pairs"))
    name = os.path.basename(os.path.normpath(sample))
    cpu_copy(sample, os.path.join(work, "in", name))
    cls({"output_dir": os.path.join(work, "out"), "dimension_generalizer_filepath": s2d.__file__,
         "model_path_prefix": os.path.join(work, "in")})(name)
    out = {}
    for d in glob.glob(os.path.join(work, "out", "*", name)):
        out[int(os.path.basename(os.path.dirname(d)))] = d
    return out


def variant_args(mod, dump, variant_dir):
    """forward's arguments at a variant: gn's dumped inputs (DUMP/<name>@shape<K>),
    and the sizes the variant takes as ints (SymInts) from its meta files."""
    import inspect
    meta = meta_of(variant_dir)
    args = []
    for p in inspect.signature(mod.forward).parameters:
        if p == "self":
            continue
        path = os.path.join(dump, "inputs", p + ".npy")
        if os.path.exists(path):
            a = load_npy(path)
            if str(a.dtype) == "torch.uint16":
                a = a.view(torch.bfloat16)
            args.append(a)
        elif meta.get(p, {}).get("data"):
            args.append(int(meta[p]["data"][0]))  # SymInt
        else:
            raise RuntimeError(f"no dumped input {p} in {dump}")
    return args


def run_variant(variant_dir, dump, t_check):
    mod = load_module(variant_dir)
    args = variant_args(mod, dump, variant_dir)
    with torch.no_grad():
        outs = flatten(mod(*args))
    worst = -10
    for i, o in enumerate(outs):
        path = os.path.join(dump, "eager", f"{i}.npy")
        if not os.path.exists(path):
            return 2
        worst = max(worst, tightest_t(load_npy(path, o.dtype == torch.bfloat16), o))
    return worst


def pytorch_refuses(variant_dir):
    """The error PyTorch raises running GraphNet's variant on inputs made from
    its meta files (data where given, else zeros), or None when it runs."""
    import inspect
    try:
        mod = load_module(variant_dir)
        meta = meta_of(variant_dir)
        args = []
        for p, param in inspect.signature(mod.forward).parameters.items():
            if p == "self":
                continue
            m = meta[p]
            dtype = getattr(torch, m["dtype"].split(".")[-1])
            if "SymInt" in str(param.annotation):
                args.append(int(m["data"][0]))
            elif m.get("data") is not None:
                args.append(torch.tensor(m["data"], dtype=dtype).reshape(m["shape"]))
            else:
                args.append(torch.zeros(m["shape"], dtype=dtype))
        with torch.no_grad():
            mod(*args)
        return None
    except Exception as e:
        return f"{type(e).__name__}: {e}"[:200]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("samples", nargs="+")
    ap.add_argument("--dump", required=True)
    ap.add_argument("--graphnet", default=os.environ.get(
        "GN_GRAPHNET_SRC", os.path.expanduser("~/.cache/gn/graphnet-src")))
    ap.add_argument("--t", type=int, default=-5)
    ap.add_argument("--shapes", default="all",
                    help="the variants gn-eval was asked for: all (default) or the first N")
    ap.add_argument("--json")
    args = ap.parse_args()
    torch.set_num_threads(2)
    log = open(args.json, "a") if args.json else None
    passed = total = 0
    for s in args.samples:
        name = os.path.basename(os.path.normpath(s))
        dumped = sorted(int(d.rsplit("@shape", 1)[1]) for d in
                        glob.glob(os.path.join(args.dump, glob.escape(name) + "@shape*"))
                        if os.path.isdir(os.path.join(d, "eager")))
        with tempfile.TemporaryDirectory() as work:
            try:
                variants = graphnet_variants(s, args.graphnet, work)
            except Exception as e:  # GraphNet cannot make them
                variants, err = {}, f"GraphNet's generalizer: {type(e).__name__}: {e}"[:300]
            # Variants gn did not run: agreement when PyTorch refuses them too.
            for k in sorted(set(variants) - set(dumped)):
                if args.shapes != "all" and k >= int(args.shapes):
                    continue  # beyond the variants gn was asked for
                total += 1
                why = pytorch_refuses(variants[k])
                r = {"sample": name, "variant": k, "pass": why is not None, "gn": "did not run",
                     "pytorch": why or "runs"}
                passed += r["pass"]
                print(f"{'pass' if r['pass'] else 'FAIL'} {name}@shape{k}  gn did not run it; "
                      f"PyTorch: {r['pytorch']}", flush=True)
                if log:
                    log.write(json.dumps(r) + "\n")
                    log.flush()
            for k in dumped:
                total += 1
                r = {"sample": name, "variant": k}
                if k not in variants:
                    r.update({"pass": False, "error": err if not variants else "GraphNet made no such variant"})
                else:
                    try:
                        t = run_variant(variants[k], os.path.join(args.dump, f"{name}@shape{k}"), args.t)
                        r.update({"tightest_t": t, "pass": t <= args.t})
                    except Exception as e:  # PyTorch cannot run GraphNet's variant
                        r.update({"pass": False, "error": f"{type(e).__name__}: {e}"[:300]})
                passed += r["pass"]
                print(f"{'pass' if r['pass'] else 'FAIL'} {name}@shape{k}"
                      + (f" t={r['tightest_t']}" if "tightest_t" in r else "")
                      + (f"  {r['error']}" if "error" in r else ""), flush=True)
                if log:
                    log.write(json.dumps(r) + "\n")
                    log.flush()
    print(f"{passed} of {total} variants match PyTorch on GraphNet's variant at t = {args.t}")
    return 0 if passed == total else 1


if __name__ == "__main__":
    sys.exit(main())
