#!/usr/bin/env python3
"""torch.compile(model, backend="gn") against eager PyTorch, sample by
sample: each GraphNet torch sample's model.py runs eagerly and through
torch.compile with gn's backend on the same inputs (the ones gn synthesizes),
compared at t (GraphNet's tolerance table). Run with the PyTorch venv and
gn's Python module:

    PYTHONPATH=build/python scripts/torch-env.sh python conformance/check_torch_backend.py \\
        [--t -5] [--via torch.compile|graphnet] [--list bench/cpu-samples.txt] [SAMPLE_DIR...]

--via graphnet goes through gn.graphnet_backend.GnBackend, the class GraphNet's
harness instantiates (constructed with a config; __call__(model) returns the
callable the harness calls as compiled(**inputs); synchronize()).

Prints one line per sample and "N / M match at t = T"; exits 1 when any does
not (a backend failure counts as not matching, with its message).
"""
import argparse
import os
import sys
import time

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from conformance import flatten, load_module, meta_of, tightest_t  # noqa: E402

import gn  # noqa: E402
import gn.torch_backend  # noqa: E402,F401  (registers "gn")
from gn.graphnet_backend import GnBackend  # noqa: E402


def framework_of(path):
    """graph_net.json's framework ("torch" when it says none)."""
    import json

    try:
        with open(os.path.join(path, "graph_net.json")) as f:
            return json.load(f).get("framework", "torch")
    except (OSError, ValueError):
        return "torch"


def samples_of(args):
    out = list(args.samples)
    if args.list:
        base = os.path.expanduser(args.base)
        for line in open(args.list):
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(os.path.join(base, line))
    return out


def inputs_of(path, module):
    """forward's keyword arguments: the tensors gn synthesizes (bf16 from its
    uint16 bit patterns), other parameters (SymInts, ints) from meta data."""
    import inspect

    meta = meta_of(path)
    kwargs = {}
    for a, v in zip(module.arguments, module.synthesize_inputs()):
        t = torch.from_numpy(np.ascontiguousarray(v))
        if meta.get(a["name"], {}).get("dtype") == "torch.bfloat16":
            t = t.view(torch.bfloat16)
        kwargs[a["name"]] = t
    params = [p for p in inspect.signature(load_module(path).forward).parameters if p != "self"]
    for p in params:
        if p not in kwargs:
            data = meta.get(p, {}).get("data")
            if not data:
                raise RuntimeError(f"no value for forward's parameter {p}")
            kwargs[p] = data[0]  # a SymInt or a Python number
    return kwargs


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("samples", nargs="*")
    ap.add_argument("--list")
    ap.add_argument("--base", default="~/.cache/gn/graphnet/samples")
    ap.add_argument("--t", type=int, default=-5)
    ap.add_argument("--via", choices=["torch.compile", "graphnet"], default="torch.compile")
    ap.add_argument("--fullgraph", action="store_true",
                    help="torch.compile(fullgraph=True): fail where Dynamo would break the graph "
                         "(default: torch.compile's own default, graph breaks allowed; each "
                         "piece goes to gn and the count is printed)")
    args = ap.parse_args()
    torch.set_num_threads(2)
    # Python floats the samples take as arguments are constants of the graph.
    torch._dynamo.config.specialize_float = True
    samples = samples_of(args)
    # torch.compile takes torch models only: other frameworks' samples (the
    # shipped Paddle one) are named and left out of the count.
    for path in [p for p in samples if framework_of(p) != "torch"]:
        print(f"skip  {path}: a {framework_of(path)} sample, not a torch model")
    samples = [p for p in samples if framework_of(p) == "torch"]
    ok = 0
    for path in samples:
        name = os.path.relpath(path, os.path.expanduser(args.base)) if args.list else path
        try:
            m = gn.import_sample(path)
            kwargs = inputs_of(path, m)
            model = load_module(path)
            # Each side gets its own copy: some graphs write into their inputs.
            fresh = lambda: {k: v.clone() if isinstance(v, torch.Tensor) else v  # noqa: E731
                             for k, v in kwargs.items()}
            with torch.no_grad():
                expected = flatten(model(**fresh()))
                torch._dynamo.reset()
                start = time.time()
                before = gn.torch_backend.gn_backend.graphs_compiled
                if args.via == "graphnet":
                    backend = GnBackend({"device": "cpu"})
                    compiled = backend(model)
                    actual = flatten(compiled(**fresh()))
                    backend.synchronize()
                else:
                    compiled = torch.compile(model, backend="gn", dynamic=False,
                                             fullgraph=args.fullgraph)
                    actual = flatten(compiled(**fresh()))
                seconds = time.time() - start
                graphs = gn.torch_backend.gn_backend.graphs_compiled - before
                if graphs == 0:
                    raise RuntimeError("torch.compile did not hand any graph to gn")
            ts = [tightest_t(a, e) for a, e in zip(actual, expected)]
            worst = max(ts) if len(actual) == len(expected) else 99
            match = worst <= args.t
            ok += match
            print(f"{'match' if match else 'MISS '} {name} tightest t={worst} "
                  f"({len(actual)} outputs, {graphs} graph{'s' if graphs > 1 else ''} "
                  f"compiled by gn, first call {seconds:.1f} s)", flush=True)
        except Exception as e:  # noqa: BLE001 - reported per sample
            msg = str(e).strip().splitlines()
            gn_lines = [l for l in msg if "gn backend:" in l or "error:" in l]
            why = (gn_lines or msg or [""])[0]
            print(f"FAIL  {name}: {type(e).__name__}: {why}"[:400], flush=True)
    print(f"{ok} / {len(samples)} match at t = {args.t}")
    return 0 if ok == len(samples) else 1


if __name__ == "__main__":
    sys.exit(main())
