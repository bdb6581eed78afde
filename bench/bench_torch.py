#!/usr/bin/env python3
"""PyTorch eager and torch.compile (default Inductor backend, CPU) on GraphNet
samples, with gn's inputs, checked against gn's eager outputs.

    scripts/torch-env.sh python bench/bench_torch.py --dump DUMP SAMPLE_DIR... \\
        [--json out.jsonl] [--threads 2] [--warmup 1] [--trials 5] [--t -5] \\
        [--timeout 600] [--no-compile] [--no-isolate] [--keep-cache] \\
        [--peers openvino,onnxruntime] [--openvino-precision f32]

DUMP is a `gn-eval run --dump DUMP` folder (DUMP/<sample>/inputs/<arg>.npy,
DUMP/<sample>/eager/<i>.npy); model construction, input loading and the
tolerance table are conformance/conformance.py's. For each sample, with
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

Peers (--peers, none by default; needs scripts/peers-env.sh python instead of
torch-env.sh): other CPU systems on the same inputs and threads, each in a
child process of its own after the one above (a peer's crash, timeout or
thread pool cannot touch the Inductor numbers or another peer's), which
reloads the model and reruns PyTorch eager once for the reference outputs:

  openvino     torch.compile(model, backend="openvino", options={"device":
               "CPU", "aot_autograd": True, "config": {"INFERENCE_NUM_THREADS":
               threads, "INFERENCE_PRECISION_HINT": --openvino-precision}})
               (recorded as openvino_options; aot_autograd because the
               backend's default path fails Dynamo's guards with torch 2.15).
               f32 by default: on CPUs with AMX or AVX512-BF16 (this one)
               OpenVINO otherwise runs f32 models in bf16 (tiny_convnet: t = -4
               instead of -8); "default" leaves its choice.
               compile_s: the first call (Dynamo, FX partitioning, conversion,
               OpenVINO compile). The backend quietly leaves to PyTorch what it
               cannot convert (ops outside its partitions, a partition that
               fails at run time) and hands a graph that fails whole to
               Inductor: openvino_partitions, openvino_torch_ops (+ the 3
               commonest in openvino_torch_op_names),
               openvino_runtime_fallbacks, openvino_inductor_fallbacks and
               openvino_fallback (null when everything ran in OpenVINO, else a
               line saying what did not, with OpenVINO's own message).
  onnxruntime  torch.onnx.export (the TorchScript exporter, dynamo=False;
               when it fails, the dynamo exporter, its error kept in
               onnxruntime_torchscript_error; onnxruntime_exporter says which
               one wrote the model) of the model with its tensor inputs
               positional, named after forward's parameters (SymInts bound as
               constants), then onnxruntime.InferenceSession with only
               CPUExecutionProvider, intra_op_num_threads = threads,
               inter_op_num_threads = 1, fed numpy views of the same inputs by
               name; a dtype numpy has no type for (bfloat16) is an error, not
               converted. compile_s = export_s + session_s (InferenceSession,
               with ORT's graph optimizations) + the first run; timed calls are
               session.run alone.

Per peer P: P_ms (median), P_iqr_ms, P_min_ms, P_max_ms over the same
--warmup + --trials calls, P_compile_s, P_tightest_t and P_ok_t5 (against
gn's eager outputs, as compiled_*), P_vs_eager_t and P_vs_eager_ts (against
PyTorch eager, as compiled_vs_eager_*), P_version, and P_error (null, or one
line: the stage it failed in and the message; what finished before is kept),
with P_log when its child failed.
"""
import argparse
import json
import operator
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
import traceback

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
sys.path.insert(0, os.path.join(os.path.dirname(HERE), "conformance"))  # conformance.py

FIELDS = ("eager_ms", "compiled_ms", "compile_s", "eager_ok_t5", "compiled_ok_t5",
          "eager_tightest_t", "compiled_tightest_t")
PEERS = ("openvino", "onnxruntime")
PEER_FIELDS = ("ms", "iqr_ms", "min_ms", "max_ms", "compile_s", "tightest_t", "ok_t5",
               "vs_eager_t", "error")


def sample_name(sample):
    return os.path.basename(os.path.normpath(sample))


def clone_inputs(torch, kwargs):
    return {k: v.clone() if isinstance(v, torch.Tensor) else v for k, v in kwargs.items()}


def times_ms(fn, kwargs, warmup, trials):
    for _ in range(warmup):
        fn(**kwargs)
    ms = []
    for _ in range(trials):
        t0 = time.perf_counter()
        fn(**kwargs)
        ms.append((time.perf_counter() - t0) * 1e3)
    return ms


def timed(fn, kwargs, warmup, trials):
    return statistics.median(times_ms(fn, kwargs, warmup, trials))


def timed_stats(fn, kwargs, warmup, trials):
    """median, interquartile range, min and max ms (the peers' fields)."""
    ms = times_ms(fn, kwargs, warmup, trials)
    q = statistics.quantiles(ms, n=4, method="inclusive") if len(ms) > 1 else [ms[0]] * 3
    return {"ms": statistics.median(ms), "iqr_ms": q[2] - q[0], "min_ms": min(ms),
            "max_ms": max(ms)}


def one_line(s, n=600):
    return " ".join(str(s).split())[:n]


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


def peer_check(r, peer, outs, eager_outs, args, name):
    """A peer's outputs against gn's eager outputs and against PyTorch eager."""
    r[f"{peer}_tightest_t"] = check(outs, args.dump, name)
    r[f"{peer}_ok_t5"] = r[f"{peer}_tightest_t"] <= args.t
    r[f"{peer}_vs_eager_ts"] = pair_ts(outs, eager_outs)
    r[f"{peer}_vs_eager_t"] = worst_pair(outs, eager_outs)


def openvino_coverage(r, ove, inductor_fallbacks, messages):
    """What the OpenVINO backend did not run in OpenVINO (it says nothing)."""
    from collections import Counter

    parts, torch_ops = [], Counter()
    for gm in ove.partitioned_modules.values():
        parts += [m for m in gm.children() if isinstance(m, ove.OpenVINOGraphModule)]
        torch_ops.update(str(n.target) for n in gm.graph.nodes
                         if n.op == "call_function" and n.target is not operator.getitem)
    r["openvino_partitions"] = len(parts)
    r["openvino_torch_ops"] = sum(torch_ops.values())
    r["openvino_torch_op_names"] = [k for k, _ in torch_ops.most_common(3)]
    r["openvino_runtime_fallbacks"] = sum(1 for m in parts if m.perm_fallback)
    r["openvino_inductor_fallbacks"] = len(inductor_fallbacks)
    notes = []
    if inductor_fallbacks:
        notes.append(f"{len(inductor_fallbacks)} graph(s) handed to Inductor")
    if r["openvino_runtime_fallbacks"]:
        notes.append(f"{r['openvino_runtime_fallbacks']} of {len(parts)} partition(s) "
                     "fell back to PyTorch at run time")
    if torch_ops:
        notes.append(f"{sum(torch_ops.values())} op(s) left to PyTorch ("
                     + ", ".join(r["openvino_torch_op_names"]) + ")")
    if notes and messages:
        notes.append(messages[0])
    r["openvino_fallback"] = one_line("; ".join(notes), 400) if notes else None


def run_openvino(torch, cf, mod, kwargs, eager_outs, args, r, stage, scratch, name):
    import logging

    stage("import")
    import openvino
    import openvino.torch  # noqa: F401  registers the torch.compile backend "openvino"
    from openvino.frontend.pytorch.torchdynamo import backend as ovb
    from openvino.frontend.pytorch.torchdynamo import execute as ove

    r["openvino_version"] = openvino.__version__.split("-")[0]
    config = {"INFERENCE_NUM_THREADS": str(args.threads)}
    if args.openvino_precision != "default":
        config["INFERENCE_PRECISION_HINT"] = args.openvino_precision
    # The backend catches its own failures, logs them at debug level and goes on
    # with Inductor (whole graph) or PyTorch (a partition): count and keep them.
    inductor_fallbacks, messages = [], []
    real_compile_fx = ovb.compile_fx

    def compile_fx(*a, **k):
        inductor_fallbacks.append(1)
        return real_compile_fx(*a, **k)

    ovb.compile_fx = compile_fx

    class Keep(logging.Handler):
        def emit(self, rec):
            msg = rec.getMessage()
            if "failed" in msg.lower():
                messages.append("OpenVINO: " + one_line(msg, 200))

    for lg in (ovb.logger, ove.logger):
        lg.setLevel(logging.DEBUG)
        lg.addHandler(Keep(logging.DEBUG))
    # aot_autograd: the backend's other path (make_fx on Dynamo's fake inputs)
    # leaves guards on make_fx's own input names in Dynamo's shape environment
    # with torch 2.15 ("Guard failed on the same frame it was created ... name
    # 'input0' is not defined", tiny_convnet, resnet18d); this one is OpenVINO's
    # documented option and traces through AOTAutograd as Inductor does.
    options = {"device": "CPU", "aot_autograd": True, "config": config}
    r["openvino_options"] = options
    stage("compile")
    omod = torch.compile(mod, backend="openvino", options=options)
    t0 = time.perf_counter()
    outs = cf.flatten(omod(**clone_inputs(torch, kwargs)))
    r["openvino_compile_s"] = time.perf_counter() - t0
    openvino_coverage(r, ove, inductor_fallbacks, messages)
    peer_check(r, "openvino", outs, eager_outs, args, name)
    stage("timing")
    for k, v in timed_stats(omod, clone_inputs(torch, kwargs), args.warmup, args.trials).items():
        r[f"openvino_{k}"] = v
    openvino_coverage(r, ove, inductor_fallbacks, messages)  # run-time fallbacks too


def run_onnxruntime(torch, cf, mod, kwargs, eager_outs, args, r, stage, scratch, name):
    import inspect

    import numpy as np

    stage("inputs")
    import onnxruntime as ort

    r["onnxruntime_version"] = ort.__version__
    params = [p for p in inspect.signature(mod.forward).parameters if p != "self"]
    names = [p for p in params if isinstance(kwargs[p], torch.Tensor)]
    consts = {p: kwargs[p] for p in params if p not in names}
    feeds = {}
    for p in names:
        if kwargs[p].dtype == torch.bfloat16:  # numpy has none: not converted
            raise TypeError(f"input {p} is bfloat16, which numpy (so ORT's Python API) lacks")
        feeds[p] = kwargs[p].numpy()

    class Positional(torch.nn.Module):
        """forward(*tensors) in forward's parameter order, SymInts bound."""

        def __init__(self):
            super().__init__()
            self.mod = mod

        def forward(self, *xs):
            return self.mod(**dict(zip(names, xs)), **consts)

    wrapped = Positional().eval()
    fresh = clone_inputs(torch, kwargs)  # tracing runs the model: keep feeds' memory intact
    xs = tuple(fresh[p] for p in names)
    path = os.path.join(scratch, "model.onnx")
    stage("export (TorchScript exporter)")
    t0 = time.perf_counter()
    try:
        torch.onnx.export(wrapped, xs, path, input_names=names, dynamo=False)
        r["onnxruntime_exporter"] = "torchscript"
    except Exception as e:
        r["onnxruntime_torchscript_error"] = one_line(f"{type(e).__name__}: {e}")
        for f in os.listdir(scratch):
            os.remove(os.path.join(scratch, f))
        stage("export (dynamo exporter)")
        t0 = time.perf_counter()
        torch.onnx.export(wrapped, xs, path, input_names=names, dynamo=True)
        r["onnxruntime_exporter"] = "dynamo"
    r["onnxruntime_export_s"] = time.perf_counter() - t0
    stage("session")
    so = ort.SessionOptions()
    so.intra_op_num_threads = args.threads
    so.inter_op_num_threads = 1
    t0 = time.perf_counter()
    sess = ort.InferenceSession(path, so, providers=["CPUExecutionProvider"])
    r["onnxruntime_session_s"] = time.perf_counter() - t0
    stage("first run")
    # By name: an exporter may drop an input the graph does not read.
    missing = [i.name for i in sess.get_inputs() if i.name not in feeds]
    if missing:
        raise KeyError(f"model inputs not among forward's tensor parameters: {missing}")
    feed = {i.name: feeds[i.name] for i in sess.get_inputs()}
    t0 = time.perf_counter()
    outs = [torch.from_numpy(np.asarray(o)) for o in sess.run(None, feed)]
    r["onnxruntime_compile_s"] = (r["onnxruntime_export_s"] + r["onnxruntime_session_s"]
                                  + time.perf_counter() - t0)
    peer_check(r, "onnxruntime", outs, eager_outs, args, name)
    stage("timing")
    for k, v in timed_stats(lambda: sess.run(None, feed), {}, args.warmup, args.trials).items():
        r[f"onnxruntime_{k}"] = v


PEER_RUN = {"openvino": run_openvino, "onnxruntime": run_onnxruntime}


def run_peer(sample, peer, args, partial=None, scratch=None):
    """Runs one peer on one sample in this process; returns its fields."""
    import torch

    torch.set_num_threads(args.threads)
    import conformance as cf

    r = {f"{peer}_{k}": None for k in PEER_FIELDS}

    def stage(s):
        r[f"{peer}_stage"] = s
        write_partial(partial, r)

    own = scratch is None
    scratch = scratch or tempfile.mkdtemp(prefix=f"gn-bench-{peer}-")
    os.makedirs(scratch, exist_ok=True)
    try:
        stage("load")
        mod = cf.load_module(sample)
        kwargs = cf.load_inputs(sample, args.dump, mod)
        with torch.no_grad():
            stage("eager reference")
            eager_outs = cf.flatten(mod(**clone_inputs(torch, kwargs)))
            PEER_RUN[peer](torch, cf, mod, kwargs, eager_outs, args, r, stage, scratch,
                           sample_name(sample))
    except Exception as e:  # one line, with the stage; what ran before is kept
        r[f"{peer}_error"] = one_line(f"{r[f'{peer}_stage']}: {type(e).__name__}: {e}")
        traceback.print_exc()  # into the child's log, kept as P_log
        print(f"{peer}: {r[f'{peer}_error']}", file=sys.stderr)
    finally:
        if own:
            shutil.rmtree(scratch, ignore_errors=True)
    del r[f"{peer}_stage"]
    write_partial(partial, r)
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


def spawn(cmd, args, cache, log):
    """Runs a worker child with its own empty caches; its failure as a line, or None."""
    with open(log, "w") as lf:
        p = subprocess.Popen(cmd, stdout=lf, stderr=subprocess.STDOUT, env=child_env(args, cache),
                             start_new_session=True)
        try:
            rc = p.wait(timeout=args.timeout)
            return None if rc == 0 else f"child exited with status {rc}"
        except subprocess.TimeoutExpired:
            os.killpg(p.pid, signal.SIGKILL)
            p.wait()
            return f"timeout after {args.timeout:g} s"


def log_tail(log):
    with open(log, errors="replace") as f:
        lines = [l.rstrip() for l in f if l.strip()]
    return ": " + " | ".join(lines[-3:])[-600:] if lines else ""


def worker_cmd(args, partial, sample, *extra):
    return [sys.executable, os.path.abspath(__file__), "--worker", "--partial", partial,
            "--dump", args.dump, "--threads", str(args.threads), "--warmup", str(args.warmup),
            "--trials", str(args.trials), "--t", str(args.t), *extra, sample]


def read_partial(partial):
    if os.path.exists(partial):
        with open(partial) as f:
            return json.load(f)
    return None


def run_isolated(sample, args, workdir, k):
    name = sample_name(sample)
    base = os.path.join(workdir, f"{k:03d}-{name}")
    cache, partial, log = base + "-cache", base + ".json", base + ".log"
    os.makedirs(cache)
    cmd = worker_cmd(args, partial, sample, *(["--no-compile"] if args.no_compile else []))
    err = spawn(cmd, args, cache, log)
    r = read_partial(partial)
    if r is None:
        r = {"sample": name, "path": sample, **{k_: None for k_ in FIELDS}, "error": None}
    if err and not r.get("error"):
        if r.get("stage"):
            err += f" (in {r['stage']})"
        if not err.startswith("timeout"):
            err += log_tail(log)
        r["error"] = err
        r["log"] = log
    if not args.keep_cache:
        shutil.rmtree(cache, ignore_errors=True)
    return r


def run_isolated_peer(sample, peer, args, workdir, k):
    """One peer on one sample in a child of its own; returns the peer's fields."""
    base = os.path.join(workdir, f"{k:03d}-{sample_name(sample)}-{peer}")
    cache, partial, log = base + "-cache", base + ".json", base + ".log"
    os.makedirs(cache)
    cmd = worker_cmd(args, partial, sample, "--peer-worker", peer, "--scratch",
                     os.path.join(cache, peer), "--openvino-precision", args.openvino_precision)
    err = spawn(cmd, args, cache, log)
    r = read_partial(partial) or {f"{peer}_{f}": None for f in PEER_FIELDS}
    stage = r.pop(f"{peer}_stage", None)
    if err and not r.get(f"{peer}_error"):
        r[f"{peer}_error"] = one_line((f"{stage}: " if stage else "") + err
                                      + ("" if err.startswith("timeout") else log_tail(log)))
    if r.get(f"{peer}_error"):
        r[f"{peer}_log"] = log
    if not args.keep_cache:
        shutil.rmtree(cache, ignore_errors=True)
    return r


def worker(args):
    sample = args.samples[0]
    if args.peer_worker:  # run_peer records its own failures
        run_peer(sample, args.peer_worker, args, args.partial, args.scratch)
        return 0
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
    ap.add_argument("--peers", default="",
                    help="comma-separated, from: " + ", ".join(PEERS) + " (default: none)")
    ap.add_argument("--openvino-precision", default="f32",
                    help='OpenVINO\'s INFERENCE_PRECISION_HINT, or "default" (its own choice)')
    ap.add_argument("--worker", action="store_true", help=argparse.SUPPRESS)
    ap.add_argument("--partial", help=argparse.SUPPRESS)
    ap.add_argument("--peer-worker", choices=PEERS, help=argparse.SUPPRESS)
    ap.add_argument("--scratch", help=argparse.SUPPRESS)
    args = ap.parse_args()
    args.peers = [p for p in args.peers.split(",") if p]
    for p in args.peers:
        if p not in PEERS:
            ap.error(f"unknown peer {p!r} (known: {', '.join(PEERS)})")
    if args.worker:
        return worker(args)

    out = open(args.json, "a") if args.json else sys.stdout
    workdir = tempfile.mkdtemp(prefix="gn-bench-torch-")
    n, ok, compile_times = len(args.samples), 0, []
    peer_failed = False  # keep the workdir: the failed peers' logs are there
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
        peer_notes = ""
        for peer in args.peers:
            t0 = time.perf_counter()
            if r.get("eager_ms") is None:  # no reference to check a peer against
                pr = {f"{peer}_{f}": None for f in PEER_FIELDS}
                pr[f"{peer}_error"] = "not run: PyTorch eager did not finish"
            elif args.no_isolate:
                pr = run_peer(s, peer, args)
            else:
                pr = run_isolated_peer(s, peer, args, workdir, k)
            pr[f"{peer}_wall_s"] = round(time.perf_counter() - t0, 3)
            r.update(pr)
            peer_failed |= bool(pr.get(f"{peer}_error")) and not args.no_isolate
            peer_notes += (f" | {peer} compile {fmt(pr.get(f'{peer}_compile_s'), '.1f')} s, "
                           f"{fmt(pr.get(f'{peer}_ms'), '.2f')} ms "
                           f"t={fmt(pr.get(f'{peer}_tightest_t'), 'd')}"
                           + (f" ERROR {pr[f'{peer}_error'][:200]}"
                              if pr.get(f"{peer}_error") else ""))
        out.write(json.dumps(r) + "\n")
        out.flush()
        ok += r.get("error") is None
        if r.get("compile_s") is not None:
            compile_times.append(r["compile_s"])
        print(f"[{k}/{n}] {name}: eager {fmt(r.get('eager_ms'), '.2f')} ms "
              f"t={fmt(r.get('eager_tightest_t'), 'd')} | inductor compile "
              f"{fmt(r.get('compile_s'), '.1f')} s, {fmt(r.get('compiled_ms'), '.2f')} ms "
              f"t={fmt(r.get('compiled_tightest_t'), 'd')}"
              + (f" | ERROR {r['error'][:300]}" if r.get("error") else "") + peer_notes,
              file=sys.stderr, flush=True)
    if args.keep_cache or ok < n or peer_failed:
        print(f"child logs{' and Inductor caches' if args.keep_cache else ''} kept in {workdir}",
              file=sys.stderr)
    else:
        shutil.rmtree(workdir, ignore_errors=True)
    med = f", median Inductor compile {statistics.median(compile_times):.1f} s" if compile_times else ""
    print(f"{ok} / {n} samples without error{med}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
