#!/usr/bin/env python3
"""GraphNet's dtype channel against PyTorch running GraphNet's own pass.

    scripts/torch-env.sh python conformance/dtype_conformance.py --dtype float16 \\
        --dump DUMP [--graphnet GRAPHNET_CHECKOUT] [--t -2] [--json out.jsonl] SAMPLE_DIR...

DUMP is a `gn-eval run --dtype DTYPE --dump DUMP` folder (gn's inputs of the
variant and gn's outputs; --side eager, the default, or compiled). For each sample, GraphNet's
dtype_generalization_pass_DTYPE (imported from a GraphNet checkout given by
--graphnet or GN_GRAPHNET_SRC, default ~/.cache/gn/graphnet-src, never
copied into gn) rewrites the sample's GraphModule (torch.fx.symbolic_trace,
ShapeProp on float32 zeros as GraphNet's own tracing does), and PyTorch runs
the rewritten graph on the CPU on gn's inputs.

Two verdicts per sample (issue 41's rule, applied to the half types):
  * plain: gn eager matches PyTorch's half-type result at t (--t, default -2)
    under GraphNet's tolerance for each output's dtype, the tightest t over
    outputs (as conformance.py);
  * high-precision: failing that, gn's error against the sample's original
    float32 graph (run by PyTorch on the same input values, upcast exactly)
    is no larger than PyTorch's own half-type error against it, both as
    the tightest GraphNet level, maximum over outputs (the measure GraphNet's
    tolerance check uses, with the variant's output dtype's table).
A sample conforms when either holds. A sample PyTorch cannot run is reported
with its error and counted as failed.

PyTorch's CPU batch_norm refuses a half input whose parameters mix half and
float32 (GraphNet's pass keeps running_mean/var in float32 but converts a
weight it does not recognise by name); GraphNet checked the pass on CUDA,
where the inference kernel computes such a call in float32. The reference
here gives the CPU kernel the same call with its half parameters upcast to
float32 (exact), its documented mixed-type form, computed in float32 too.
"""
import argparse
import copy
import inspect
import json
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conformance import TOL, flatten, load_module, load_npy, meta_of, tightest_t  # noqa: E402

DTYPES = {"float16": torch.float16, "bfloat16": torch.bfloat16}
TORCH_DTYPE = {"torch.float32": torch.float32, "torch.float16": torch.float16,
               "torch.bfloat16": torch.bfloat16, "torch.float64": torch.float64,
               "torch.int64": torch.int64, "torch.int32": torch.int32, "torch.bool": torch.bool,
               "torch.uint8": torch.uint8, "torch.int8": torch.int8}


def rewritten(sample, dtype, graphnet, device="cpu"):
    """GraphNet's pass applied to the sample's GraphModule (its device
    strings and the tracing inputs on `device`), and its params."""
    if graphnet not in sys.path:
        sys.path.insert(0, graphnet)
    from graph_net.torch.dtype_gen_passes.pass_mgr import get_dtype_generalization_pass
    from torch.fx.passes.shape_prop import ShapeProp

    mod = load_module(sample, device=device)
    params = [p for p in inspect.signature(mod.forward).parameters if p != "self"]
    meta = meta_of(sample)
    gm = torch.fx.symbolic_trace(mod)
    zeros = []
    for p in params:
        m = meta[p]
        if m.get("dtype") == "torch.int64" and m.get("shape") == [] and m.get("data"):
            zeros.append(int(m["data"][0]))  # SymInt
        else:
            zeros.append(torch.zeros(m["shape"], dtype=TORCH_DTYPE[m["dtype"]], device=device))
    ShapeProp(gm).propagate(*zeros)
    pass_ = get_dtype_generalization_pass(f"dtype_generalization_pass_{dtype}")()
    if not pass_.need_rewrite(gm):
        return None, gm, params
    half = pass_.rewrite(copy.deepcopy(gm))
    for node in half.graph.nodes:
        if node.op == "call_function" and node.target in BATCH_NORMS:
            node.target = mixed_batch_norm
    half.recompile()
    return half, gm, params


BATCH_NORMS = {torch.nn.functional.batch_norm, torch.batch_norm}


def mixed_batch_norm(x, *args, **kwargs):
    """F.batch_norm as CUDA computes it when a half input's parameters mix
    half and float32: all parameters in float32 (see the module comment)."""
    def up(a):
        return a.float() if isinstance(a, torch.Tensor) and a.dtype in HALF else a
    tensors = [a for a in list(args) + list(kwargs.values()) if isinstance(a, torch.Tensor)]
    if x.dtype in HALF and any(a.dtype == torch.float32 for a in tensors):
        args = [up(a) for a in args]
        kwargs = {k: up(v) for k, v in kwargs.items()}
    return torch.nn.functional.batch_norm(x, *args, **kwargs)


HALF = (torch.float16, torch.bfloat16)




def dump_inputs(sample, dump, params):
    """forward's arguments as gn ran them (`gn-eval run --dump DUMP`): the
    variant's inputs, SymInts from the sample's meta."""
    name = os.path.basename(os.path.normpath(sample))
    meta = meta_of(sample)
    args = []
    for p in params:
        path = os.path.join(dump, name, "inputs", p + ".npy")
        if not os.path.exists(path):
            args.append(int(meta[p]["data"][0]))  # SymInt
            continue
        a = load_npy(path)
        # gn dumps bfloat16 as uint16 bit patterns.
        if a.dtype == torch.int16 or str(a.dtype) == "torch.uint16":
            a = a.view(torch.bfloat16)
        args.append(a)
    return args


def run_sample(sample, dump, dtype, graphnet, t_check, side="eager"):
    name = os.path.basename(os.path.normpath(sample))
    gm, original, params = rewritten(sample, dtype, graphnet)
    if gm is None:
        return {"sample": name, "pass": False, "error": "the pass rewrites nothing"}
    args = dump_inputs(sample, dump, params)
    with torch.no_grad():
        outs = flatten(gm(*args))
        wide = flatten(original(*[a.float() if isinstance(a, torch.Tensor) and a.dtype in HALF
                                  else a for a in args]))
    worst, gn_hi, torch_hi, dtypes = -10, -10, -10, []
    for i, o in enumerate(outs):
        dtypes.append(str(o.dtype).replace("torch.", ""))
        path = os.path.join(dump, name, side, f"{i}.npy")
        if not os.path.exists(path):
            worst = gn_hi = 2
            continue
        mine = load_npy(path, o.dtype == torch.bfloat16)
        worst = max(worst, tightest_t(mine, o))
        if o.dtype in TOL and i < len(wide) and mine.dtype == o.dtype:
            gn_hi = max(gn_hi, tightest_t(mine, wide[i], table=o.dtype))
            torch_hi = max(torch_hi, tightest_t(o, wide[i], table=o.dtype))
        elif not torch.equal(mine, o):
            gn_hi = 2
    plain = worst <= t_check
    return {"sample": name, "dtype": dtype, "side": side, "outputs": dtypes, "tightest_t": worst,
            "gn_vs_float32": gn_hi, "torch_vs_float32": torch_hi, "plain": plain,
            "pass": plain or gn_hi <= torch_hi}


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("samples", nargs="+")
    ap.add_argument("--dtype", required=True, choices=sorted(DTYPES))
    ap.add_argument("--dump", required=True)
    ap.add_argument("--graphnet", default=os.environ.get(
        "GN_GRAPHNET_SRC", os.path.expanduser("~/.cache/gn/graphnet-src")))
    ap.add_argument("--t", type=int, default=-2,
                    help="tolerance level a sample must match at (default -2)")
    ap.add_argument("--side", default="eager", choices=["eager", "compiled"],
                    help="which of gn's dumped outputs to judge (default eager)")
    ap.add_argument("--json")
    args = ap.parse_args()
    torch.set_num_threads(2)
    log = open(args.json, "a") if args.json else None
    passed = plain = 0
    for k, s in enumerate(args.samples, 1):
        try:
            r = run_sample(s, args.dump, args.dtype, args.graphnet, args.t, args.side)
        except Exception as e:  # PyTorch or GraphNet's pass cannot run it
            r = {"sample": os.path.basename(os.path.normpath(s)), "pass": False,
                 "error": f"{type(e).__name__}: {e}"[:300]}
        passed += bool(r.get("pass"))
        plain += bool(r.get("plain"))
        print(f"[{k}/{len(args.samples)}] {'pass' if r.get('pass') else 'FAIL'} {r['sample']}"
              + (f" t={r['tightest_t']} (vs float32: gn {r['gn_vs_float32']},"
                 f" torch {r['torch_vs_float32']})" if "tightest_t" in r else "")
              + (f"  {r['error']}" if "error" in r else ""), flush=True)
        if log:
            log.write(json.dumps(r) + "\n")
            log.flush()
    print(f"{passed} conform, {len(args.samples) - passed} do not ({args.dtype}); "
          f"{plain} match PyTorch's {args.dtype} result at t = {args.t}")
    return 0 if passed == len(args.samples) else 1


if __name__ == "__main__":
    sys.exit(main())
