#!/usr/bin/env python3
"""PyTorch eager, Inductor and Inductor with CUDA graphs on the GPU, on the
samples of a GPU bundle (scripts/bundle-gpu.sh), with gn's inputs, checked
against the same CPU-interpreter reference gn is checked against.

    python3 bench/bench_torch_gpu.py --bundle BUNDLE SAMPLE_NAME... \\
        [--json out.jsonl] [--warmup 5] [--warmup-ms 200] [--trials 20] [--timeout 600]

Samples run one after another in a worker process (a crash, or --timeout
seconds on one sample, is recorded as that sample's error and a new worker
goes on with the next), under torch.no_grad() on cuda:0; --modes picks the
sides, --deadline stops the run in time for a device lease:

  inputs    forward's parameters by name: gn's argument specs (the bundle's
            compiled.json) synthesized by python-bindings/gn/inputs.py, the numpy
            mirror of gn's deterministic stream, bit for bit; SymInt
            parameters from the meta files' `data`.
  eager     the first call's outputs are checked; then --warmup + --trials
            calls, each timed from launch to sync(torch).
  inductor  torch.compile(model) (mode default), and
  inductor_ro  torch.compile(model, mode="reduce-overhead") (CUDA graphs):
            compile seconds are the first call's wall time (cold: caches
            disabled; the worker's process is warm after its first sample,
            as a framework's is); outputs checked, then timed as eager.

--input-cache DIR: each sample's synthesized inputs are kept in DIR and read
from there by every mode and worker; --prepare-inputs N only fills it, N
processes at a time (bench-gpu.sh does that once, before the modes).

--parallel N: each sample in a worker process of its own, N at a time, so
cold compiles overlap. A worker that has compiled asks for a turn; the
parent stops every other worker (SIGSTOP of its process group), so the
sample is checked and timed alone on a quiet host and an idle GPU, then
lets them go on (SIGCONT). Compile seconds are wall time less the time the
worker was stopped, taken while up to N-1 other compiles run (an upper
bound on a quiet machine's).

Correctness: tightest t (GraphNet's tolerance table, [-10, 1], 2 when even
t = 1 fails or a shape/dtype/count differs) of each side against the
bundle's reference/<i>.npy. One JSON line per sample, flushed as it goes.
model.py's device strings are rewritten to cuda:0 (samples extracted on
the CPU create constants there).
"""
import argparse
import functools
import inspect
import json
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "conformance"))  # conformance.py
# GN_BENCH_TORCH_DEVICE=cpu runs the script's logic on a machine without a
# GPU (to test it; its timings mean nothing for the GPU benchmark).
DEVICE = os.environ.get("GN_BENCH_TORCH_DEVICE", "cuda:0")


def sync(torch):
    if DEVICE.startswith("cuda"):
        torch.cuda.synchronize()


def device_name(torch):
    return torch.cuda.get_device_name(0) if DEVICE.startswith("cuda") else DEVICE


def argument_specs(bundle, name):
    """gn's argument specs of a sample (the bundle's compiled.json), by
    argument name: (index, spec for gn_inputs.synthesize, dtype)."""
    program = json.load(open(os.path.join(bundle, "artifacts", name, "compiled.json")))
    specs = {}
    for i, a in enumerate(program["arguments"]):
        spec = {"dtype": a["dtype"], "shape": program["slots"][i]["shape"], "mean": a.get("mean"),
                "std": a.get("std"), "min_val": a.get("min_val"), "max_val": a.get("max_val"),
                "data": a.get("data"), "kind": a.get("kind")}
        specs[a["name"]] = (i, spec, a["dtype"])
    return specs


@functools.lru_cache(maxsize=None)
def gn_inputs():
    """gn's synthesis mirror (python-bindings/gn/inputs.py), loaded by path:
    importing the gn package needs its built runtime."""
    import importlib.util

    mirror = importlib.util.spec_from_file_location(
        "gn_inputs", os.path.join(os.path.dirname(HERE), "python-bindings", "gn", "inputs.py"))
    module = importlib.util.module_from_spec(mirror)
    mirror.loader.exec_module(module)
    return module


def synthesized(name, i, spec):
    """Argument i of sample `name`, as gn synthesizes it: from the input
    cache (GN_BENCH_INPUT_CACHE: the folder of --input-cache, shared by the
    modes and their workers) where it is there, else synthesized and kept
    there. The numpy mirror takes seconds for a large model's weights
    (bert-base's 110 M: 18 s on a 2-core machine), once per mode without it."""
    import numpy as np

    cache = os.environ.get("GN_BENCH_INPUT_CACHE")
    path = os.path.join(cache, name, f"{i}.npy") if cache else None
    if path and os.path.exists(path):
        return np.load(path)
    arr = gn_inputs().synthesize(spec, 0, i)
    if path:
        os.makedirs(os.path.dirname(path), exist_ok=True)
        tmp = f"{path}.{os.getpid()}.tmp"
        with open(tmp, "wb") as f:
            np.save(f, arr)
        os.replace(tmp, path)
    return arr


def prepare_one(task):
    name, i, spec = task
    synthesized(name, i, spec)
    return name


def prepare_inputs(bundle, names, jobs):
    """Fills the input cache for `names`, `jobs` processes at a time, the
    largest arguments first (before any mode runs: no GPU work to disturb)."""
    import multiprocessing

    tasks = []
    for name in names:
        try:
            specs = argument_specs(bundle, name)
        except (OSError, ValueError, KeyError) as e:
            print(f"inputs: {name}: {e} (its modes will say so)", file=sys.stderr)
            continue
        tasks += [(name, i, spec) for i, spec, _ in specs.values()]
    size = lambda t: math.prod(t[2]["shape"]) if t[2]["shape"] else 1
    tasks.sort(key=size, reverse=True)
    start = time.time()
    with multiprocessing.Pool(max(1, jobs)) as pool:
        for _ in pool.imap_unordered(prepare_one, tasks):
            pass
    print(f"inputs: {len(tasks)} arguments of {len(names)} samples synthesized in "
          f"{time.time() - start:.0f} s ({jobs} at a time)", file=sys.stderr)


def make_inputs(torch, bundle, name, mod, fan_in=False):
    """forward's keyword arguments on the device, as gn synthesizes them
    (`fan_in`: the scale-keeping draws of the degenerate recheck, never
    cached)."""
    import conformance as cf

    specs = argument_specs(bundle, name)
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
        i, spec, dtype = specs[p]
        if fan_in:
            spec = gn_inputs().fan_in_spec(spec, spec.get("kind") == "weight")
            t = torch.from_numpy(gn_inputs().synthesize(spec, 0, i).copy())
        else:
            t = torch.from_numpy(synthesized(name, i, spec).copy())
        if dtype in ("torch.bfloat16", "bfloat16"):
            t = t.view(torch.bfloat16)
        kwargs[p] = t.to(DEVICE)
    return kwargs


def references(torch, bundle, name, folder="reference"):
    """The reference outputs, each with the stride it was kept at: past a
    size, bundle-gpu.sh keeps every k-th element (reference/<i>.stride).
    `folder`: reference-fan-in for the degenerate recheck."""
    return read_references(os.path.join(bundle, "artifacts", name, folder))


def read_references(d):
    """<i>.npy of folder `d`, each with its stride (<i>.stride, else 1)."""
    import numpy as np

    out, i = [], 0
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


# GraphNet's noise guard (GRAPH_NET_FLUCTUATION_DETECT_THRESHOLD): a side
# whose IQR over median exceeds it is marked noisy.
NOISE_GUARD = 0.2


def timed(torch, fn, kwargs, warmup, trials, warmup_ms, stats=None):
    """GraphNet's harness way: fn(**kwargs), then synchronize; the median
    end-to-end ms (returned). `stats`, when given, gets the e2e and
    CUDA-event GPU medians and IQRs and the noise flag."""
    # At least `warmup` calls lasting at least warmup_ms: an idle GPU's
    # clocks rise under load (as in gn-cuda-run --warmup-ms).
    t0, done = time.perf_counter(), 0
    while done < warmup or (time.perf_counter() - t0) * 1e3 < warmup_ms:
        fn(**kwargs)
        sync(torch)
        done += 1
    cuda = DEVICE.startswith("cuda")
    ms, gpu = [], []
    for _ in range(trials):
        if cuda:
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        t0 = time.perf_counter()
        if cuda:
            start.record()
        fn(**kwargs)
        if cuda:
            end.record()
        sync(torch)
        ms.append((time.perf_counter() - t0) * 1e3)
        if cuda:
            gpu.append(start.elapsed_time(end))

    def summary(xs):
        q = statistics.quantiles(xs, n=4) if len(xs) > 1 else [xs[0]] * 3
        med = statistics.median(xs)
        return {"median": med, "iqr": q[2] - q[0], "iqr_over_median": (q[2] - q[0]) / med
                if med > 0 else 0.0}

    if stats is not None:
        stats["e2e"] = summary(ms)
        if gpu:
            stats["gpu"] = summary(gpu)
        stats["noisy"] = stats["e2e"]["iqr_over_median"] > NOISE_GUARD
        stats["trials"] = trials
    return statistics.median(ms)


# Inductor's sides: the mode, and whether the weights are marked static
# (torch._dynamo.mark_static_address: reduce-overhead's CUDA graphs then
# read them in place instead of copying each into the graph's buffers on
# every call, as GraphNet's harness passes weights as forward arguments).
# Inductor's sides: (torch.compile mode, weights marked static, precision
# settings changed for that side alone). PyTorch's default runs cuDNN
# convolutions in TF32 while gn keeps FMA (TF32 missed t = -5 on 3 of 16
# samples, 2026-11-27): the _fp32 side is the comparison at equal precision.
MODES = {"inductor": (None, False, {}), "inductor_ro": ("reduce-overhead", False, {}),
         "inductor_ro_static": ("reduce-overhead", True, {}),
         "inductor_ro_static_fp32": ("reduce-overhead", True, {"cudnn_allow_tf32": False}),
         "inductor_max": ("max-autotune", True, {})}


class precision_set:
    """Sets precision switches (precision()'s names) for a block, then
    restores them."""

    def __init__(self, torch, settings):
        self.torch, self.settings, self.saved = torch, settings, {}

    def _set(self, name, value):
        b = self.torch.backends
        if name == "cudnn_allow_tf32":
            b.cudnn.allow_tf32 = value
        elif name == "matmul_allow_tf32":
            b.cuda.matmul.allow_tf32 = value
        else:
            raise ValueError(f"unknown precision setting {name}")

    def __enter__(self):
        current = precision(self.torch)
        for name, value in self.settings.items():
            self.saved[name] = current[name]
            self._set(name, value)
        return self

    def __exit__(self, *exc):
        for name, value in self.saved.items():
            self._set(name, value)
        return False


def precision(torch):
    """The precision settings every side ran under."""
    b = torch.backends
    return {"matmul_allow_tf32": b.cuda.matmul.allow_tf32, "cudnn_allow_tf32": b.cudnn.allow_tf32,
            "cudnn_benchmark": b.cudnn.benchmark,
            "float32_matmul_precision": torch.get_float32_matmul_precision()}


def weight_names(bundle, name):
    """The forward parameters the sample declares as weights."""
    program = json.load(open(os.path.join(bundle, "artifacts", name, "compiled.json")))
    return {a["name"] for a in program["arguments"] if a.get("kind") == "weight"}


def gn_side(torch, bundle, name):
    """gn through Python, as a user runs it: the sample's program found in
    the bundle's program cache by its key (gn.compile_sample; a GPU machine
    has gn's runtime only), run on the caller's CUDA tensors on torch's
    current stream (gn.torch_backend.runner). Returns (callable of forward's
    keyword arguments, the cache record)."""
    try:
        import gn  # an installed gn, or the build's (PYTHONPATH)
    except ImportError:
        sys.path.insert(0, os.path.join(bundle, "python"))  # the bundle's runtime
        import gn
    from gn.torch_backend import runner

    # (GN_BENCH_TORCH_DEVICE=cpu, to test the script without a GPU: gn's
    # CPU program, compiled here.)
    device = "cuda" if DEVICE.startswith("cuda") else "cpu"
    program = gn.compile_sample(os.path.join(bundle, "samples", name), device=device,
                                caller_tensors=device == "cuda",
                                cache_dir=os.path.join(bundle, "cache"))
    run = runner(program, device)
    names = [a["name"] for a in program.arguments]

    def call(**kwargs):
        return run([kwargs[n] for n in names])

    call.gn_program = program
    return call, dict(program.cache)


class Turn:
    """With --parallel, the part of a sample that runs on the GPU waits for
    the parent's go (`<partial>.ready`, then `<partial>.go`): while it runs,
    every other worker is stopped. Without --parallel, a no-op."""

    def __init__(self, partial, enabled):
        self.ready, self.go, self.enabled = partial + ".ready", partial + ".go", enabled

    def __enter__(self):
        if self.enabled:
            open(self.ready, "w").close()
            while not os.path.exists(self.go):
                time.sleep(0.005)
        return self

    def __exit__(self, *exc):
        if self.enabled:  # `ready` first: the parent must not see a new request
            for f in (self.ready, self.go):
                if os.path.exists(f):
                    os.remove(f)
        return False


def run_one(torch, name, args, progress):
    """One sample's record; `progress(r)` saves it as it grows, so a crash
    or a kill leaves what was measured and the stage it died in."""
    import conformance as cf

    r = {"sample": name, "torch": torch.__version__, "gpu": device_name(torch),
         "error": None, "stage": "load", "started": time.time()}
    progress(r)
    on = "cuda" if DEVICE.startswith("cuda") else "cpu"
    mod = cf.load_module(os.path.join(args.bundle, "samples", name), device=on)
    kwargs = make_inputs(torch, args.bundle, name, mod)
    refs = references(torch, args.bundle, name)
    modes = args.modes.split(",")
    turn = Turn(args.partial, args.turns)
    r["precision"] = precision(torch)

    def side(key, fn):
        """Times `fn` as GraphNet's harness does and checks its outputs of
        the first call and again after the timed calls (a replay that
        drifts, or writes over its outputs, fails the later check)."""
        outs = [o.clone() for o in cf.flatten(fn(**kwargs))]
        sync(torch)
        stats = {}
        with turn:
            r[key + "_ms"] = timed(torch, fn, kwargs, args.warmup, args.trials, args.warmup_ms,
                                   stats)
        r[key + "_stats"] = stats
        r[key + "_t"] = tightest(torch, outs, refs)
        r[key + "_t_after"] = tightest(torch, [o.clone() for o in cf.flatten(fn(**kwargs))], refs)

    def inductor_side(key, mode, static):
        """Compiles with Inductor (compile seconds: the first call, which
        compiles), then times and checks it as every other side."""
        r["stage"] = key + " compile"
        r[key + "_precision"] = precision(torch)
        progress(r)
        torch._dynamo.reset()
        if static:
            for w in weight_names(args.bundle, name) & set(kwargs):
                if isinstance(kwargs[w], torch.Tensor):
                    torch._dynamo.mark_static_address(kwargs[w])
        cmod = torch.compile(mod) if mode is None else torch.compile(mod, mode=mode)
        t0 = time.perf_counter()
        r[key + "_compile_from"] = time.time()
        first = [o.clone() for o in cf.flatten(cmod(**kwargs))]
        sync(torch)
        r[key + "_compile_s"] = time.perf_counter() - t0
        r[key + "_compile_to"] = time.time()
        del first
        r["stage"] = key + " timing"
        progress(r)
        side(key, cmod)
        progress(r)

    with torch.no_grad():
        if "eager" in modes:
            r["stage"] = "eager"
            progress(r)
            if DEVICE.startswith("cuda"):
                torch.cuda.reset_peak_memory_stats()
            side("eager", mod)
            if DEVICE.startswith("cuda"):
                r["eager_peak_bytes"] = torch.cuda.max_memory_allocated()
        if "gn" in modes:
            # gn through Python: from the cache to a runnable program, then
            # timed and checked as every other side.
            r["stage"] = "gn load"
            progress(r)
            fn, cache = gn_side(torch, args.bundle, name)
            r["gn_cache"] = cache
            r["stage"] = "gn timing"
            progress(r)
            side("gn", fn)
            if DEVICE.startswith("cuda"):
                r["gn_binding"] = fn.gn_program.binding
            fan_in_refs = references(torch, args.bundle, name, "reference-fan-in")
            if fan_in_refs:
                # Degenerate reference outputs: the program again on fan-in
                # inputs, against the interpreter's outputs there.
                r["stage"] = "gn degenerate recheck"
                progress(r)
                fan_in = make_inputs(torch, args.bundle, name, mod, fan_in=True)
                outs = [o.clone() for o in cf.flatten(fn(**fan_in))]
                sync(torch)
                r["gn_degenerate_recheck_t"] = tightest(torch, outs, fan_in_refs)
                del fan_in, outs
        for key in [m for m in MODES if m in modes]:
            # Compile seconds: torch.compile's first call, which compiles.
            mode, static, settings = MODES[key]
            with precision_set(torch, settings):
                inductor_side(key, mode, static)
    del r["stage"]
    r["wall_s"] = time.time() - r.pop("started")
    return r


def warm_process(torch):
    """A worker of --parallel is a new process per sample: one tiny compile
    first, so a sample's compile seconds exclude Inductor's one-time start
    (as for the serial worker after its first sample)."""
    x = torch.ones(8, device=DEVICE)
    torch.compile(lambda t: t * 2 + 1)(x)
    sync(torch)
    torch._dynamo.reset()


def worker(args):
    """Runs args.samples in this process, one finished record per line of
    --partial; the record in progress in --partial.current."""
    import torch

    if os.environ.get("GN_BENCH_TF32_OFF"):
        torch.backends.cuda.matmul.allow_tf32 = False
        torch.backends.cudnn.allow_tf32 = False
        torch.set_float32_matmul_precision("highest")

    if args.turns and any(m in MODES for m in args.modes.split(",")):
        warm_process(torch)
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
            r.pop("started", None)
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


def worker_env(workdir):
    """Cold compiles: caches off."""
    env = dict(os.environ)
    cache = os.path.join(workdir, "cache")
    env.update({"TORCHINDUCTOR_CACHE_DIR": cache, "TRITON_CACHE_DIR": os.path.join(cache, "triton"),
                "TORCHINDUCTOR_FORCE_DISABLE_CACHES": "1", "TORCHINDUCTOR_FX_GRAPH_CACHE": "0",
                "TORCHINDUCTOR_AUTOGRAD_CACHE": "0"})
    return env


def stopped_within(stops, who, t0, t1):
    """Seconds of [t0, t1] during which worker `who` was stopped: the turns
    (start, end, holder) of the others."""
    return sum(max(0.0, min(t1, e) - max(t0, s)) for s, e, holder in stops if holder != who)


def run_parallel(names, args, workdir, deadline, report):
    """--parallel N (see the module's comment). Returns the samples not run."""
    env = worker_env(workdir)
    # Each compile's own worker threads: the cores shared out, not oversubscribed.
    env.setdefault("TORCHINDUCTOR_COMPILE_THREADS",
                   str(max(1, (os.cpu_count() or 1) // args.parallel)))
    todo, running, stops = list(names), {}, []
    holder, turn_from = None, 0.0  # the worker whose turn it is

    def signal_others(sig):
        for w in running.values():
            if w["name"] != holder:
                try:
                    os.killpg(w["proc"].pid, sig)
                except ProcessLookupError:
                    pass

    def end_turn():
        nonlocal holder
        signal_others(signal.SIGCONT)
        stops.append((turn_from, time.time(), holder))
        holder = None

    def finish(w, error=None):
        running.pop(w["name"])
        lines = open(w["partial"]).read().splitlines() if os.path.exists(w["partial"]) else []
        if lines:
            r = json.loads(lines[-1])
        else:
            current = w["partial"] + ".current"
            r = json.load(open(current)) if os.path.exists(current) else {"sample": w["name"]}
            stage = r.pop("stage", "start")
            r.pop("started", None)
            r["error"] = (error or f"exit {w['proc'].returncode}") + f" in {stage}"
            log = w["partial"] + ".log"
            r["log"] = open(log).read()[-3000:] if os.path.exists(log) else ""
        for key in MODES:  # the compile's wall time less the time it was stopped
            t0, t1 = r.pop(key + "_compile_from", None), r.pop(key + "_compile_to", None)
            if t0 is not None and t1 is not None and r.get(key + "_compile_s") is not None:
                off = stopped_within(stops, w["name"], t0, t1)
                r[key + "_compile_s"] = max(0.0, r[key + "_compile_s"] - off)
                r[key + "_compile_stopped_s"] = off
        report(r)

    while todo or running:
        now = time.time()
        if now > deadline:
            break
        # New workers only between turns: a process starting is host load.
        while holder is None and todo and len(running) < args.parallel:
            name = todo.pop(0)
            partial = os.path.join(workdir, f"w{len(names) - len(todo)}.jsonl")
            cmd = [sys.executable, os.path.abspath(__file__), "--worker", "--turns",
                   "--partial", partial, "--bundle", args.bundle, "--warmup", str(args.warmup),
                   "--warmup-ms", str(args.warmup_ms), "--trials", str(args.trials),
                   "--modes", args.modes, name]
            log = open(partial + ".log", "w")
            running[name] = {"name": name, "partial": partial, "active_s": 0.0, "last": now,
                             "proc": subprocess.Popen(cmd, env=env, stdout=log,
                                                      stderr=subprocess.STDOUT,
                                                      start_new_session=True)}
        for w in list(running.values()):
            # Time towards --timeout: only while the worker could run.
            if holder is None or holder == w["name"]:
                w["active_s"] += now - w["last"]
            w["last"] = now
            if w["proc"].poll() is not None:
                if holder == w["name"]:
                    end_turn()
                finish(w)
            elif w["active_s"] > args.timeout:
                if holder == w["name"]:
                    end_turn()
                os.killpg(w["proc"].pid, signal.SIGKILL)
                w["proc"].wait()
                finish(w, f"timed out after {args.timeout} s")
        if holder is not None and not os.path.exists(running[holder]["partial"] + ".go"):
            end_turn()
        if holder is None:
            for w in running.values():
                if os.path.exists(w["partial"] + ".ready"):
                    holder, turn_from = w["name"], time.time()
                    signal_others(signal.SIGSTOP)
                    open(w["partial"] + ".go", "w").close()
                    break
        time.sleep(0.02)
    for w in running.values():  # the deadline: not run, not failed
        os.killpg(w["proc"].pid, signal.SIGKILL)
        w["proc"].wait()
        todo.insert(0, w["name"])
    return todo


def run_batch(names, args, workdir, deadline, report):
    """Runs `names` in worker processes: one at a time, restarted after the
    sample it died on (a crash, or --timeout seconds on one sample, is that
    sample's error). Stops starting samples at `deadline` (epoch seconds)."""
    env = worker_env(workdir)
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
                killed = "stopped at the benchmark's deadline"
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
                    help="comma list of eager, gn (gn through Python, from the bundle's program "
                         "cache), inductor, inductor_ro (reduce-overhead), inductor_ro_static "
                         "(reduce-overhead, weights marked static), inductor_ro_static_fp32 "
                         "(the same with cuDNN's TF32 off, as gn runs convolutions), inductor_max "
                         "(max-autotune, weights static)")
    ap.add_argument("--tf32", choices=("default", "off"), default="default",
                    help="off: TF32 off for matmuls and convolutions in every side (the "
                         "records say which ran)")
    ap.add_argument("--deadline", type=float, default=0,
                    help="epoch seconds: start no sample after it, stop the one running")
    ap.add_argument("--parallel", type=int, default=0, metavar="N",
                    help="each sample in its own worker, N at a time, timed alone (the others "
                         "stopped meanwhile); for cold compiles that overlap")
    ap.add_argument("--workdir", help="the workers' folder (default: a new temporary one)")
    ap.add_argument("--input-cache", metavar="DIR",
                    help="keep each sample's synthesized inputs in DIR and read them from there "
                         "(the modes of one benchmark share them)")
    ap.add_argument("--prepare-inputs", type=int, default=0, metavar="N",
                    help="only fill --input-cache for the samples, N processes at a time")
    ap.add_argument("--worker", action="store_true")
    ap.add_argument("--turns", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--partial")
    args = ap.parse_args()
    if args.tf32 == "off":
        os.environ["GN_BENCH_TF32_OFF"] = "1"
    if args.input_cache:
        os.environ["GN_BENCH_INPUT_CACHE"] = os.path.abspath(args.input_cache)
    if args.worker:
        return worker(args)
    if args.prepare_inputs:
        if not args.input_cache:
            ap.error("--prepare-inputs needs --input-cache")
        prepare_inputs(args.bundle, args.samples, args.prepare_inputs)
        return 0
    workdir = args.workdir or tempfile.mkdtemp(prefix="gn-torch-gpu-")
    os.makedirs(workdir, exist_ok=True)
    out = open(args.json, "a") if args.json else None
    count, start = [0], time.time()

    def report(r):
        count[0] += 1
        for key in [k for k in r if k.endswith(("_compile_from", "_compile_to"))]:
            del r[key]  # what run_parallel needed; the serial run's are unused
        if out:
            out.write(json.dumps(r) + "\n")
            out.flush()
        fields = " ".join(f"{key}={r.get(key)}" for key in
                          ("eager_ms", "gn_ms", "inductor_ms", "inductor_ro_ms",
                           "inductor_ro_static_ms", "inductor_max_ms", "eager_t", "gn_t",
                           "inductor_t", "inductor_ro_t", "inductor_ro_static_t",
                           "inductor_ro_compile_s") if key in r)
        print(f"[{count[0]}/{len(args.samples)}] {time.time() - start:.0f}s {r['sample']} {fields}"
              + (f"\n    {r['error']}" if r.get("error") else ""), file=sys.stderr, flush=True)

    deadline = args.deadline or float("inf")
    if args.parallel > 0:
        left = run_parallel(args.samples, args, workdir, deadline, report)
    else:
        left = run_batch(args.samples, args, workdir, deadline, report)
    if left:
        print(f"deadline: {len(left)} samples not run ({args.modes})", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
