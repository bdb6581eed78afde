#!/usr/bin/env python3
"""PyTorch eager, Inductor and Inductor with CUDA graphs on the GPU, on the
samples of a GPU bundle (scripts/bundle-gpu.sh), with gn's inputs, checked
against the same CPU-interpreter reference gn is checked against.

    python3 scripts/bench_torch_gpu.py --bundle BUNDLE SAMPLE_NAME... \\
        [--json out.jsonl] [--warmup 5] [--trials 20] [--timeout 600]

For each sample, in its own child process (a crash or a --timeout is
recorded and the run goes on), under torch.no_grad() on cuda:0:

  inputs    forward's parameters by name: gn's argument specs (the bundle's
            compiled.json) synthesized by scripts/gn_inputs.py, the numpy
            mirror of gn's deterministic stream, bit for bit; SymInt
            parameters from the meta files' `data`.
  eager     the first call's outputs are checked; then --warmup + --trials
            calls, each timed from launch to torch.cuda.synchronize().
  inductor  torch.compile(model) (mode default), and
  inductor_ro  torch.compile(model, mode="reduce-overhead") (CUDA graphs):
            compile seconds are the first call's wall time (cold: a fresh
            cache folder per sample and compiler, caches disabled); outputs
            checked, then timed as eager.

Correctness: tightest t (GraphNet's tolerance table, [-10, 1], 2 when even
t = 1 fails or a shape/dtype/count differs) of each side against the
bundle's reference/<i>.npy. One JSON line per sample, flushed as it goes.
model.py's device strings are rewritten to cuda:0 (samples extracted on
the CPU create constants there).
"""
import argparse
import inspect
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)


def make_inputs(torch, bundle, name, mod):
    import conformance as cf
    import gn_inputs

    program = json.load(open(os.path.join(bundle, "artifacts", name, "compiled.json")))
    specs = {a["name"]: (i, a, program["slots"][i]["shape"])
             for i, a in enumerate(program["arguments"])}
    meta = cf.meta_of(os.path.join(bundle, "samples", name))
    kwargs = {}
    for p in inspect.signature(mod.forward).parameters:
        if p == "self":
            continue
        if p not in specs:
            m = meta.get(p, {})
            if m.get("data") is not None:
                kwargs[p] = int(m["data"][0])  # a SymInt
                continue
            raise RuntimeError(f"forward parameter {p} has no gn argument spec")
        i, a, shape = specs[p]
        spec = {"dtype": a["dtype"], "shape": shape, "mean": a.get("mean"), "std": a.get("std"),
                "min_val": a.get("min_val"), "max_val": a.get("max_val"), "data": a.get("data")}
        arr = gn_inputs.synthesize(spec, 0, i)
        t = torch.from_numpy(arr.copy())
        if a["dtype"] in ("torch.bfloat16", "bfloat16"):
            t = t.view(torch.bfloat16)
        kwargs[p] = t.to("cuda:0")
    return kwargs


def references(torch, bundle, name):
    import numpy as np

    out, i = [], 0
    d = os.path.join(bundle, "artifacts", name, "reference")
    while os.path.exists(os.path.join(d, f"{i}.npy")):
        out.append(np.load(os.path.join(d, f"{i}.npy")))
        i += 1
    return out


def tightest(torch, outs, refs):
    import conformance as cf

    if len(outs) != len(refs):
        return 2
    worst = -10
    for o, r in zip(outs, refs):
        o = o.detach().to("cpu").contiguous()
        want = torch.from_numpy(r.copy())
        if o.dtype == torch.bfloat16:
            want = want.view(torch.bfloat16)
        worst = max(worst, cf.tightest_t(o, want))
    return worst


def timed(torch, fn, kwargs, warmup, trials):
    for _ in range(warmup):
        fn(**kwargs)
    torch.cuda.synchronize()
    ms = []
    for _ in range(trials):
        t0 = time.perf_counter()
        fn(**kwargs)
        torch.cuda.synchronize()
        ms.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ms)


def run_one(name, args, partial):
    import torch
    import conformance as cf

    r = {"sample": name, "torch": torch.__version__, "gpu": torch.cuda.get_device_name(0),
         "error": None, "stage": "load"}

    def save():
        with open(partial + ".tmp", "w") as f:
            json.dump(r, f)
        os.replace(partial + ".tmp", partial)

    save()
    mod = cf.load_module(os.path.join(args.bundle, "samples", name), device="cuda")
    kwargs = make_inputs(torch, args.bundle, name, mod)
    refs = references(torch, args.bundle, name)
    with torch.no_grad():
        r["stage"] = "eager"
        save()
        outs = cf.flatten(mod(**kwargs))
        r["eager_t"] = tightest(torch, outs, refs)
        r["eager_ms"] = timed(torch, mod, kwargs, args.warmup, args.trials)
        for key, mode in (("inductor", None), ("inductor_ro", "reduce-overhead")):
            r["stage"] = key + " compile"
            save()
            cmod = torch.compile(mod) if mode is None else torch.compile(mod, mode=mode)
            t0 = time.perf_counter()
            outs = [o.clone() for o in cf.flatten(cmod(**kwargs))]
            torch.cuda.synchronize()
            r[key + "_compile_s"] = time.perf_counter() - t0
            r[key + "_t"] = tightest(torch, outs, refs)
            r["stage"] = key + " timing"
            save()
            r[key + "_ms"] = timed(torch, cmod, kwargs, args.warmup, args.trials)
            save()
    del r["stage"]
    return r


def run_isolated(name, args, workdir):
    partial = os.path.join(workdir, name + ".json")
    cache = os.path.join(workdir, name + "-cache")
    os.makedirs(cache, exist_ok=True)
    env = dict(os.environ)
    env.update({"TORCHINDUCTOR_CACHE_DIR": cache, "TORCHINDUCTOR_FORCE_DISABLE_CACHES": "1",
                "TORCHINDUCTOR_FX_GRAPH_CACHE": "0", "TORCHINDUCTOR_AUTOGRAD_CACHE": "0",
                "TRITON_CACHE_DIR": os.path.join(cache, "triton")})
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--partial", partial,
           "--bundle", args.bundle, "--warmup", str(args.warmup), "--trials", str(args.trials),
           name]
    t0 = time.time()
    try:
        p = subprocess.run(cmd, env=env, capture_output=True, text=True, timeout=args.timeout)
        log, rc = p.stdout + p.stderr, p.returncode
    except subprocess.TimeoutExpired as e:
        log, rc = str(e.stdout or "") + str(e.stderr or ""), "timeout"
    r = {"sample": name}
    if os.path.exists(partial):
        r = json.load(open(partial))
    if rc != 0:
        stage = r.pop("stage", "?")
        r["error"] = (f"timed out after {args.timeout} s" if rc == "timeout"
                      else f"exit {rc}") + f" in {stage}"
        r["log"] = log[-3000:]
    r["wall_s"] = time.time() - t0
    return r


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("samples", nargs="+")
    ap.add_argument("--bundle", required=True)
    ap.add_argument("--json")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--timeout", type=int, default=600)
    ap.add_argument("--worker", action="store_true")
    ap.add_argument("--partial")
    args = ap.parse_args()
    if args.worker:
        r = run_one(args.samples[0], args, args.partial)
        with open(args.partial, "w") as f:
            json.dump(r, f)
        return 0
    workdir = tempfile.mkdtemp(prefix="gn-torch-gpu-")
    out = open(args.json, "a") if args.json else None
    for k, name in enumerate(args.samples):
        r = run_isolated(name, args, workdir)
        line = json.dumps(r)
        if out:
            out.write(line + "\n")
            out.flush()
        fields = " ".join(f"{key}={r.get(key)}" for key in
                          ("eager_ms", "inductor_ms", "inductor_ro_ms", "eager_t", "inductor_ro_t"))
        print(f"[{k + 1}/{len(args.samples)}] {name} {fields}"
              + (f"\n    {r['error']}" if r.get("error") else ""), file=sys.stderr, flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
