#!/usr/bin/env python3
"""PyTorch eager and torch.compile (default Inductor backend, CPU) on GraphNet
samples, with gn's inputs, checked against gn's eager outputs.

    scripts/torch-env.sh python scripts/bench_torch.py --dump DUMP SAMPLE_DIR... \\
        [--json out.jsonl] [--threads 2] [--warmup 1] [--trials 5] [--t -5] \\
        [--timeout 600] [--no-compile] [--no-isolate] [--keep-cache]

DUMP is a `gn-eval run --dump DUMP` folder (DUMP/<sample>/inputs/<arg>.npy,
DUMP/<sample>/eager/<i>.npy); model construction, input loading and the
tolerance table are scripts/conformance.py's. For each sample, with
torch.set_num_threads(--threads) (and OMP_NUM_THREADS, which Inductor's
OpenMP kernels read), under torch.no_grad():

  eager     first call's outputs are checked; then --warmup + --trials calls,
            median ms.
  compiled  torch.compile(model) with no arguments (backend "inductor", mode
            default). compile_s is the wall time of the first call, which
            traces, lowers, generates C++ and builds it with the system C++
            compiler; its outputs are checked; then --warmup + --trials calls,
            median ms.

Compile times are cold. Each sample runs in its own child process (a crash
or a --timeout is recorded and the run goes on) with TORCHINDUCTOR_CACHE_DIR
set to a fresh empty folder under one temporary folder per script run
(deleted as it goes unless --keep-cache) and TORCHINDUCTOR_FORCE_DISABLE_CACHES=1
(also TORCHINDUCTOR_FX_GRAPH_CACHE=0, TORCHINDUCTOR_AUTOGRAD_CACHE=0), so no
FX-graph, AOT-autograd, autotune or compiled-kernel cache can be hit. Before
the sample, the child compiles a trivial unrelated function (x.sin() * 2 + 1
on 3 floats) to pay the one-time cost of importing Inductor and starting its
compile workers (about 5 s here); that is reported apart as inductor_init_s
and is not in compile_s.

Correctness: each output against gn's eager output of the same index (gn's
output is the expected value, GraphNet's tolerance table at t), as
eager_tightest_t / compiled_tightest_t (smallest t in [-10, 1] that passes; 2
if none, or if the output count, a shape or a dtype differs) and
eager_ok_t5 / compiled_ok_t5 (tightest <= --t, -5 by default). Also
compiled_vs_eager_t: Inductor against PyTorch eager, gn_compiled_vs_eager_t:
gn's compiled outputs (DUMP/<sample>/compiled) against PyTorch eager, and
per output (lists, for GraphNet logs): compiled_vs_eager_ts,
gn_compiled_vs_eager_ts, gn_eager_vs_eager_ts; output_dtypes.

One JSON line per sample, flushed as it goes: sample, eager_ms, compiled_ms,
compile_s, eager_ok_t5, compiled_ok_t5, eager_tightest_t, compiled_tightest_t,
error (null when all went well; else the exception, the crash or the
timeout, with the stage it happened in; what finished before is kept, e.g. the
eager fields when Inductor fails), plus inductor_init_s, dynamo_graphs,
graph_breaks, graph_break_reasons (the 3 commonest), compiled_vs_eager_t,
threads, torch, wall_s, and log (the child's output, kept when something
failed). Progress goes to stderr.
"""
import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)

FIELDS = ("eager_ms", "compiled_ms", "compile_s", "eager_ok_t5", "compiled_ok_t5",
          "eager_tightest_t", "compiled_tightest_t")


def sample_name(sample):
    return os.path.basename(os.path.normpath(sample))


def clone_inputs(torch, kwargs):
    return {k: v.clone() if isinstance(v, torch.Tensor) else v for k, v in kwargs.items()}


def timed(fn, kwargs, warmup, trials):
    for _ in range(warmup):
        fn(**kwargs)
    ms = []
    for _ in range(trials):
        t0 = time.perf_counter()
        fn(**kwargs)
        ms.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ms)


def check(outs, dump, name):
    """Worst tightest t over outputs, gn's eager output as the expected value."""
    import torch
    import conformance as cf

    edir = os.path.join(dump, name, "eager")
    n = len([f for f in os.listdir(edir) if f.endswith(".npy")]) if os.path.isdir(edir) else 0
    if n != len(outs):
        return 2
    worst = -10
    for i, o in enumerate(outs):
        want = cf.load_npy(os.path.join(edir, f"{i}.npy"), o.dtype == torch.bfloat16)
        worst = max(worst, cf.tightest_t(o.detach().contiguous(), want))
    return worst


def pair_ts(actual, expected):
    """Tightest t of each output pair (None when the counts differ)."""
    import conformance as cf

    if len(actual) != len(expected):
        return None
    return [cf.tightest_t(a.detach().contiguous(), e.contiguous())
            for a, e in zip(actual, expected)]


def worst_pair(actual, expected):
    ts = pair_ts(actual, expected)
    return 2 if ts is None else max(ts or [-10])


def write_partial(path, r):
    if path:
        with open(path + ".tmp", "w") as f:
            json.dump(r, f)
        os.replace(path + ".tmp", path)


def run_one(sample, args, partial=None):
    """Runs one sample in this process; returns the result dict."""
    import torch

    torch.set_num_threads(args.threads)
    import conformance as cf

    name = sample_name(sample)
    r = {"sample": name, "path": sample, "threads": args.threads, "torch": torch.__version__,
         "t": args.t, "error": None}
    for k in FIELDS:
        r[k] = None
    r["stage"] = "load"
    write_partial(partial, r)
    mod = cf.load_module(sample)
    kwargs = cf.load_inputs(sample, args.dump, mod)
    with torch.no_grad():
        # eager
        r["stage"] = "eager"
        write_partial(partial, r)
        eager_outs = cf.flatten(mod(**clone_inputs(torch, kwargs)))
        r["eager_tightest_t"] = check(eager_outs, args.dump, name)
        r["eager_ok_t5"] = r["eager_tightest_t"] <= args.t
        # gn's compiled outputs (when the dump has them) against PyTorch eager.
        cdir = os.path.join(args.dump, name, "compiled")
        if os.path.isdir(cdir):
            gn_compiled = [cf.load_npy(os.path.join(cdir, f"{i}.npy"), o.dtype == torch.bfloat16)
                           for i, o in enumerate(eager_outs)
                           if os.path.exists(os.path.join(cdir, f"{i}.npy"))]
            r["gn_compiled_vs_eager_ts"] = pair_ts(gn_compiled, eager_outs)
            r["gn_compiled_vs_eager_t"] = worst_pair(gn_compiled, eager_outs)
        gn_eager = [cf.load_npy(os.path.join(args.dump, name, "eager", f"{i}.npy"),
                                o.dtype == torch.bfloat16) for i, o in enumerate(eager_outs)
                    if os.path.exists(os.path.join(args.dump, name, "eager", f"{i}.npy"))]
        r["gn_eager_vs_eager_ts"] = pair_ts(gn_eager, eager_outs)
        r["output_dtypes"] = [str(o.dtype).replace("torch.", "") for o in eager_outs]
        timing_in = clone_inputs(torch, kwargs)
        r["eager_ms"] = timed(mod, timing_in, args.warmup, args.trials)
        if args.no_compile:
            del r["stage"]
            return r
        r["stage"] = "inductor start-up"
        write_partial(partial, r)
        # one-time Inductor start-up, apart from the sample's compile time
        from torch._dynamo.utils import counters

        t0 = time.perf_counter()
        torch.compile(lambda x: x.sin() * 2 + 1)(torch.ones(3))
        r["inductor_init_s"] = time.perf_counter() - t0
        graphs0 = counters["stats"]["unique_graphs"]
        # compiled
        r["stage"] = "compile"
        write_partial(partial, r)
        cmod = torch.compile(mod)
        fresh = clone_inputs(torch, kwargs)
        t0 = time.perf_counter()
        compiled_outs = cf.flatten(cmod(**fresh))
        r["compile_s"] = time.perf_counter() - t0
        r["dynamo_graphs"] = counters["stats"]["unique_graphs"] - graphs0
        r["graph_breaks"] = sum(counters["graph_break"].values())
        r["graph_break_reasons"] = [str(k)[:160] for k, _ in
                                    counters["graph_break"].most_common(3)]
        write_partial(partial, r)
        r["compiled_tightest_t"] = check(compiled_outs, args.dump, name)
        r["compiled_ok_t5"] = r["compiled_tightest_t"] <= args.t
        r["compiled_vs_eager_ts"] = pair_ts(compiled_outs, eager_outs)
        r["compiled_vs_eager_t"] = worst_pair(compiled_outs, eager_outs)
        r["stage"] = "compiled timing"
        write_partial(partial, r)
        r["compiled_ms"] = timed(cmod, timing_in, args.warmup, args.trials)
    del r["stage"]
    return r


def child_env(args, cache):
    env = dict(os.environ)
    env.update({
        "TORCHINDUCTOR_CACHE_DIR": cache,
        "TORCHINDUCTOR_FORCE_DISABLE_CACHES": "1",
        "TORCHINDUCTOR_FX_GRAPH_CACHE": "0",
        "TORCHINDUCTOR_AUTOGRAD_CACHE": "0",
        "TRITON_CACHE_DIR": os.path.join(cache, "triton"),
        "OMP_NUM_THREADS": str(args.threads),
    })
    return env


def run_isolated(sample, args, workdir, k):
    name = sample_name(sample)
    base = os.path.join(workdir, f"{k:03d}-{name}")
    cache, partial, log = base + "-cache", base + ".json", base + ".log"
    os.makedirs(cache)
    cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--partial", partial,
           "--dump", args.dump, "--threads", str(args.threads), "--warmup", str(args.warmup),
           "--trials", str(args.trials), "--t", str(args.t)]
    if args.no_compile:
        cmd.append("--no-compile")
    cmd.append(sample)
    with open(log, "w") as lf:
        p = subprocess.Popen(cmd, stdout=lf, stderr=subprocess.STDOUT, env=child_env(args, cache),
                             start_new_session=True)
        try:
            rc = p.wait(timeout=args.timeout)
            err = None if rc == 0 else f"child exited with status {rc}"
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            err = f"timeout after {args.timeout:g} s"
    r = None
    if os.path.exists(partial):
        with open(partial) as f:
            r = json.load(f)
    if r is None:
        r = {"sample": name, "path": sample, **{k_: None for k_ in FIELDS}, "error": None}
    if err and not r.get("error"):
        if r.get("stage"):
            err += f" (in {r['stage']})"
        if not err.startswith("timeout"):
            with open(log, errors="replace") as f:
                lines = [l.rstrip() for l in f if l.strip()]
            err += ": " + " | ".join(lines[-3:])[-600:] if lines else ""
        r["error"] = err
        r["log"] = log
    if not args.keep_cache:
        shutil.rmtree(cache, ignore_errors=True)
    return r


def worker(args):
    sample = args.samples[0]
    try:
        r = run_one(sample, args, args.partial)
    except BaseException as e:  # record what ran so far, with the error
        r = {}
        if args.partial and os.path.exists(args.partial):
            with open(args.partial) as f:
                r = json.load(f)
        r.setdefault("sample", sample_name(sample))
        r["error"] = (f"{type(e).__name__}" + (f" (in {r['stage']})" if r.get("stage") else "")
                      + f": {e}")[:1000]
        write_partial(args.partial, r)
        print(r["error"], file=sys.stderr)
        return 1
    write_partial(args.partial, r)
    return 0


def fmt(v, spec):
    return "-" if v is None else format(v, spec)


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("samples", nargs="+")
    ap.add_argument("--dump", required=True)
    ap.add_argument("--json", help="append one JSON line per sample here (default: stdout)")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--warmup", type=int, default=1)
    ap.add_argument("--trials", type=int, default=5)
    ap.add_argument("--t", type=int, default=-5)
    ap.add_argument("--timeout", type=float, default=600, help="seconds per sample (child)")
    ap.add_argument("--no-compile", action="store_true", help="eager only")
    ap.add_argument("--no-isolate", action="store_true",
                    help="run in this process (no timeout; caches as the environment says)")
    ap.add_argument("--keep-cache", action="store_true", help="keep the Inductor cache folders")
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--partial", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.worker:
        return worker(args)

    out = open(args.json, "a") if args.json else sys.stdout
    workdir = tempfile.mkdtemp(prefix="gn-bench-torch-")
    n, ok, compile_times = len(args.samples), 0, []
    for k, s in enumerate(args.samples, 1):
        name = sample_name(s)
        t0 = time.perf_counter()
        if not os.path.isdir(os.path.join(args.dump, name, "inputs")):
            r = {"sample": name, "path": s, **{f: None for f in FIELDS},
                 "error": f"no gn dump at {os.path.join(args.dump, name)} (gn eager failed?)"}
        elif args.no_isolate:
            try:
                r = run_one(s, args)
            except Exception as e:
                r = {"sample": name, "path": s, **{f: None for f in FIELDS},
                     "error": f"{type(e).__name__}: {e}"[:1000]}
        else:
            r = run_isolated(s, args, workdir, k)
        r["wall_s"] = round(time.perf_counter() - t0, 3)
        out.write(json.dumps(r) + "\n")
        out.flush()
        ok += r.get("error") is None
        if r.get("compile_s") is not None:
            compile_times.append(r["compile_s"])
        print(f"[{k}/{n}] {name}: eager {fmt(r.get('eager_ms'), '.2f')} ms "
              f"t={fmt(r.get('eager_tightest_t'), 'd')} | inductor compile "
              f"{fmt(r.get('compile_s'), '.1f')} s, {fmt(r.get('compiled_ms'), '.2f')} ms "
              f"t={fmt(r.get('compiled_tightest_t'), 'd')}"
              + (f" | ERROR {r['error'][:300]}" if r.get("error") else ""),
              file=sys.stderr, flush=True)
    if args.keep_cache or ok < n:
        print(f"child logs{' and Inductor caches' if args.keep_cache else ''} kept in {workdir}",
              file=sys.stderr)
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    med = f", median Inductor compile {statistics.median(compile_times):.1f} s" if compile_times else ""
    print(f"{ok} / {n} samples without error{med}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
