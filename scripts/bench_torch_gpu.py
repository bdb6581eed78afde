#!/usr/bin/env python3
"""PyTorch eager, Inductor and Inductor with CUDA graphs on the GPU, on the
samples of a GPU bundle (scripts/bundle-gpu.sh), with gn's inputs, checked
against the same CPU-interpreter reference gn is checked against.

    python3 scripts/bench_torch_gpu.py --bundle BUNDLE SAMPLE_NAME... \\
        [--json out.jsonl] [--warmup 5] [--warmup-ms 200] [--trials 20] [--timeout 600]

Samples run one after another in a worker process (a crash, or --timeout
seconds on one sample, is recorded as that sample's error and a new worker
goes on with the next), under torch.no_grad() on cuda:0; --modes picks the
sides, --deadline stops the run in time for a device lease:

  inputs    forward's parameters by name: gn's argument specs (the bundle's
            compiled.json) synthesized by scripts/gn_inputs.py, the numpy
            mirror of gn's deterministic stream, bit for bit; SymInt
            parameters from the meta files' `data`.
  eager     the first call's outputs are checked; then --warmup + --trials
            calls, each timed from launch to sync(torch).
  inductor  torch.compile(model) (mode default), and
  inductor_ro  torch.compile(model, mode="reduce-overhead") (CUDA graphs):
            (--parallel-compile N: all cold compiles first, N processes at a
            time into one shared cache, then the timing worker compiles from
            that cache; compile seconds are the cold ones, taken under that
            contention, and the warm ones are kept as *_warm_compile_s)
            compile seconds are the first call's wall time (cold: caches
            disabled; the worker's process is warm after its first sample,
            as a framework's is); outputs checked, then timed as eager.

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
# GN_BENCH_TORCH_DEVICE=cpu runs the script's logic on a machine without a
# GPU (to test it; its timings mean nothing for the GPU benchmark).
DEVICE = os.environ.get("GN_BENCH_TORCH_DEVICE", "cuda:0")


def sync(torch):
    if DEVICE.startswith("cuda"):
        torch.cuda.synchronize()


def device_name(torch):
    return torch.cuda.get_device_name(0) if DEVICE.startswith("cuda") else DEVICE


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
        kwargs[p] = t.to(DEVICE)
    return kwargs


def references(torch, bundle, name):
    """The reference outputs, each with the stride it was kept at: past a
    size, bundle-gpu.sh keeps every k-th element (reference/<i>.stride)."""
    import numpy as np

    out, i = [], 0
    d = os.path.join(bundle, "artifacts", name, "reference")
    while os.path.exists(os.path.join(d, f"{i}.npy")):
        k = 1
        if os.path.exists(os.path.join(d, f"{i}.stride")):
            k = max(1, int(open(os.path.join(d, f"{i}.stride")).read().split()[0]))
        out.append((np.load(os.path.join(d, f"{i}.npy")), k))
        i += 1
    return out


def tightest(torch, outs, refs):
    import conformance as cf

    if len(outs) != len(refs):
        return 2
    worst = -10
    for o, (r, k) in zip(outs, refs):
        o = o.detach().to("cpu").contiguous()
        if k > 1:  # the same elements the reference kept
            o = o.reshape(-1)[::k].contiguous()
        want = torch.from_numpy(r.copy())
        if o.dtype == torch.bfloat16:
            want = want.view(torch.bfloat16)
        worst = max(worst, cf.tightest_t(o, want))
    return worst


def timed(torch, fn, kwargs, warmup, trials, warmup_ms):
    # At least `warmup` calls lasting at least warmup_ms: an idle GPU's
    # clocks rise under load (as in gn-cuda-run --warmup-ms).
    t0, done = time.perf_counter(), 0
    while done < warmup or (time.perf_counter() - t0) * 1e3 < warmup_ms:
        fn(**kwargs)
        sync(torch)
        done += 1
    ms = []
    for _ in range(trials):
        t0 = time.perf_counter()
        fn(**kwargs)
        sync(torch)
        ms.append((time.perf_counter() - t0) * 1e3)
    return statistics.median(ms)


MODES = {"inductor": None, "inductor_ro": "reduce-overhead"}


def run_one(torch, name, args, progress):
    """One sample's record; `progress(r)` saves it as it grows, so a crash
    or a kill leaves what was measured and the stage it died in."""
    import conformance as cf

    r = {"sample": name, "torch": torch.__version__, "gpu": device_name(torch),
         "error": None, "stage": "load"}
    progress(r)
    on = "cuda" if DEVICE.startswith("cuda") else "cpu"
    mod = cf.load_module(os.path.join(args.bundle, "samples", name), device=on)
    kwargs = make_inputs(torch, args.bundle, name, mod)
    refs = references(torch, args.bundle, name)
    modes = args.modes.split(",")
    with torch.no_grad():
        if "eager" in modes and not args.compile_only:
            r["stage"] = "eager"
            progress(r)
            outs = cf.flatten(mod(**kwargs))
            r["eager_t"] = tightest(torch, outs, refs)
            r["eager_ms"] = timed(torch, mod, kwargs, args.warmup, args.trials, args.warmup_ms)
        for key in [m for m in MODES if m in modes]:
            # Compile seconds: torch.compile's first call, which compiles.
            mode = MODES[key]
            r["stage"] = key + " compile"
            progress(r)
            torch._dynamo.reset()
            cmod = torch.compile(mod) if mode is None else torch.compile(mod, mode=mode)
            t0 = time.perf_counter()
            outs = [o.clone() for o in cf.flatten(cmod(**kwargs))]
            sync(torch)
            r[key + "_compile_s"] = time.perf_counter() - t0
            if args.compile_only:  # a --parallel-compile worker: cold compiles only
                continue
            r[key + "_t"] = tightest(torch, outs, refs)
            r["stage"] = key + " timing"
            progress(r)
            r[key + "_ms"] = timed(torch, cmod, kwargs, args.warmup, args.trials, args.warmup_ms)
            progress(r)
    del r["stage"]
    return r


def worker(args):
    """Runs args.samples in this process, one finished record per line of
    --partial; the record in progress in --partial.current."""
    import torch

    done = open(args.partial, "a")
    for name in args.samples:
        def progress(r):
            with open(args.partial + ".current.tmp", "w") as f:
                json.dump(r, f)
            os.replace(args.partial + ".current.tmp", args.partial + ".current")
        try:
            r = run_one(torch, name, args, progress)
        except Exception as e:  # one sample's failure is its record, not the run's
            r = json.load(open(args.partial + ".current"))
            stage = r.pop("stage", "?")
            r["error"] = f"{type(e).__name__} in {stage}: {str(e)[:1500]}"
            done.write(json.dumps(r) + "\n")
            done.flush()
            os.remove(args.partial + ".current")
            # A CUDA error can leave the context unusable: a fresh worker goes on.
            return 3
        done.write(json.dumps(r) + "\n")
        done.flush()
        os.remove(args.partial + ".current")
        torch._dynamo.reset()
        if DEVICE.startswith("cuda"):
            torch.cuda.empty_cache()
    return 0


def worker_env(workdir, shared_cache):
    """Cold compiles: caches off (or, with --parallel-compile, one cache the
    compile workers fill and the timing worker then reads)."""
    env = dict(os.environ)
    cache = os.path.join(workdir, "cache")
    env.update({"TORCHINDUCTOR_CACHE_DIR": cache, "TRITON_CACHE_DIR": os.path.join(cache, "triton")})
    if not shared_cache:
        env.update({"TORCHINDUCTOR_FORCE_DISABLE_CACHES": "1", "TORCHINDUCTOR_FX_GRAPH_CACHE": "0",
                    "TORCHINDUCTOR_AUTOGRAD_CACHE": "0"})
    return env


def precompile(names, args, workdir, deadline, jobs):
    """--parallel-compile: cold Inductor compiles of `names`, `jobs` worker
    processes at a time (each its own sample; they share the GPU and the
    CPU, so the seconds are an upper bound). Fills the shared cache the
    timing worker then compiles from. Returns {sample: record}."""
    env = worker_env(workdir, shared_cache=True)
    # Each compile's own worker threads: the cores shared out, not oversubscribed.
    env.setdefault("TORCHINDUCTOR_COMPILE_THREADS", str(max(1, (os.cpu_count() or 1) // jobs)))
    todo, running, done = list(names), [], {}
    while (todo or running) and time.time() < deadline:
        while todo and len(running) < jobs:
            name = todo.pop(0)
            partial = os.path.join(workdir, f"pre-{len(done) + len(running)}.jsonl")
            cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--compile-only",
                   "--partial", partial, "--bundle", args.bundle, "--modes", args.modes, name]
            log = open(partial + ".log", "w")
            running.append((name, partial, time.time(),
                            subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)))
        time.sleep(0.5)
        for item in list(running):
            name, partial, t0, p = item
            late = time.time() - t0 > args.timeout
            if p.poll() is None and not late:
                continue
            if p.poll() is None:
                p.kill()
                p.wait()
            running.remove(item)
            if os.path.exists(partial):
                for line in open(partial):
                    done[name] = json.loads(line)
            if name not in done:
                done[name] = {"sample": name, "error": "compile worker: " + (
                    f"timed out after {args.timeout} s" if late else f"exit {p.returncode}")}
    for name, partial, t0, p in running:  # the deadline
        p.kill()
        p.wait()
    return done


def run_batch(names, args, workdir, deadline, report, shared_cache=False):
    """Runs `names` in worker processes: one at a time, restarted after the
    sample it died on (a crash, or --timeout seconds on one sample, is that
    sample's error). Stops starting samples at `deadline` (epoch seconds)."""
    env = worker_env(workdir, shared_cache)
    partial = os.path.join(workdir, "records.jsonl")
    reported = 0
    todo = list(names)
    while todo and time.time() < deadline:
        cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--partial", partial,
               "--bundle", args.bundle, "--warmup", str(args.warmup), "--warmup-ms",
               str(args.warmup_ms), "--trials", str(args.trials), "--modes", args.modes] + todo
        log = open(os.path.join(workdir, "worker.log"), "a")
        p = subprocess.Popen(cmd, env=env, stdout=log, stderr=subprocess.STDOUT)
        killed = None
        while p.poll() is None:
            time.sleep(0.5)
            current = partial + ".current"
            if time.time() > deadline:
                killed = f"stopped at the benchmark's deadline"
            elif os.path.exists(current) and time.time() - os.path.getmtime(current) > args.timeout:
                killed = f"timed out after {args.timeout} s"
            if killed:
                p.kill()
                p.wait()
                break
        lines = open(partial).read().splitlines() if os.path.exists(partial) else []
        if killed and time.time() > deadline and os.path.exists(partial + ".current"):
            os.remove(partial + ".current")  # cut by the deadline: not run, not failed
            killed = "deadline"
        for line in lines[reported:]:
            r = json.loads(line)
            report(r)
            todo.remove(r["sample"])
        progressed = len(lines) > reported
        reported = len(lines)
        current = partial + ".current"
        if killed == "deadline":
            break
        if p.returncode != 0 and todo and (os.path.exists(current) or not progressed):
            # It died in a sample (or before its first one): that sample's error.
            r = json.load(open(current)) if os.path.exists(current) else {"sample": todo[0]}
            if os.path.exists(current):
                os.remove(current)
            stage = r.pop("stage", "start")
            r["error"] = (killed or f"exit {p.returncode}") + f" in {stage}"
            log.flush()
            r["log"] = open(os.path.join(workdir, "worker.log")).read()[-3000:]
            report(r)
            todo.remove(r["sample"])
    return todo


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("samples", nargs="+")
    ap.add_argument("--bundle", required=True)
    ap.add_argument("--json")
    ap.add_argument("--warmup", type=int, default=5)
    ap.add_argument("--trials", type=int, default=20)
    ap.add_argument("--warmup-ms", type=float, default=200,
                    help="warm up for at least this long (default 200)")
    ap.add_argument("--timeout", type=int, default=600, help="seconds per sample and stage")
    ap.add_argument("--modes", default="eager,inductor,inductor_ro",
                    help="comma list of eager, inductor, inductor_ro")
    ap.add_argument("--deadline", type=float, default=0,
                    help="epoch seconds: start no sample after it, stop the one running")
    ap.add_argument("--parallel-compile", type=int, default=0, metavar="N",
                    help="cold Inductor compiles in N processes at once first, then time "
                         "with their cache (compile seconds are those cold ones)")
    ap.add_argument("--workdir", help="the folder of the workers and the compile cache (default: "
                    "a new temporary one); a --precompile-only run's cold compiles there are "
                    "reused by a later run given the same folder")
    ap.add_argument("--precompile-only", action="store_true",
                    help="with --parallel-compile: the cold compiles only, until --deadline; their "
                         "records go to WORKDIR/cold.json")
    ap.add_argument("--compile-only", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--worker", action="store_true")
    ap.add_argument("--partial")
    args = ap.parse_args()
    if args.worker:
        return worker(args)
    workdir = args.workdir or tempfile.mkdtemp(prefix="gn-torch-gpu-")
    os.makedirs(workdir, exist_ok=True)
    cold_file = os.path.join(workdir, "cold.json")
    out = open(args.json, "a") if args.json else None
    count = [0]

    def report(r):
        count[0] += 1
        if out:
            out.write(json.dumps(r) + "\n")
            out.flush()
        fields = " ".join(f"{key}={r.get(key)}" for key in
                          ("eager_ms", "inductor_ms", "inductor_ro_ms", "eager_t", "inductor_ro_t",
                           "inductor_ro_compile_s"))
        print(f"[{count[0]}/{len(args.samples)}] {r['sample']} {fields}"
              + (f"\n    {r['error']}" if r.get("error") else ""), file=sys.stderr, flush=True)

    deadline = args.deadline or float("inf")
    compiles = [m for m in MODES if m in args.modes.split(",")]
    cold = {}
    if os.path.exists(cold_file) and not args.precompile_only:
        # An earlier --precompile-only run's (samples it did not reach are
        # compiled cold by the timing worker itself).
        cold = json.load(open(cold_file))
        print(f"cold compiles from {cold_file}: {len(cold)} samples", file=sys.stderr, flush=True)
    elif args.parallel_compile > 0 and compiles:
        t0 = time.time()
        # Leave the timing pass 40% of the time left (none if that is all).
        until = deadline
        if deadline != float("inf") and not args.precompile_only:
            until = t0 + 0.6 * (deadline - t0)
        cold = precompile(args.samples, args, workdir, until, args.parallel_compile)
        print(f"parallel compile: {len(cold)} samples in {time.time() - t0:.0f} s "
              f"({args.parallel_compile} at a time)", file=sys.stderr, flush=True)
        with open(cold_file + ".tmp", "w") as f:
            json.dump(cold, f)
        os.replace(cold_file + ".tmp", cold_file)
    if args.precompile_only:
        return 0

    def report_with_cold(r):
        c = cold.get(r["sample"], {})
        for key in compiles:
            if c.get(key + "_compile_s") is None:
                continue  # not compiled ahead: this run's compile was the cold one
            if r.get(key + "_compile_s") is not None:
                r[key + "_warm_compile_s"] = r[key + "_compile_s"]
            r[key + "_compile_s"] = c[key + "_compile_s"]
        if c.get("error"):
            r["error"] = "; ".join(e for e in (r.get("error"), c["error"]) if e)
        report(r)

    if cold:
        left = run_batch(args.samples, args, workdir, deadline, report_with_cold,
                         shared_cache=True)
    else:
        left = run_batch(args.samples, args, workdir, deadline, report)
    if left:
        print(f"deadline: {len(left)} samples not run ({args.modes})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
