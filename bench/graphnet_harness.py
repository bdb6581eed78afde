#!/usr/bin/env python3
"""GraphNet's own harness (graph_net_bench/torch/test_compiler.py), read from a
GraphNet checkout at run time, with gn registered as one more compiler:

    PYTHONPATH=build/python scripts/torch-env.sh python bench/graphnet_harness.py \\
        --graphnet DIR [--device cpu|cuda] [--compiler gn|nope|inductor|...] \\
        [--config JSON] [--warmup 3] [--trials 10] [--timeout 600] \\
        --log out.log SAMPLE_DIR... | --list FILE [--base DIR]

Each sample runs in a child process, as the harness runs them, which
imports the harness, adds "gn" (gn.graphnet_backend.GnBackend) to its
compiler_backend_name2class and calls its main() for that sample: eager
PyTorch and the compiler timed the harness's way (compiled(**inputs), then
the compiler's synchronize(); e2e and CUDA-event times), correctness at every
tolerance, its log lines. Those lines are appended to --log, a GraphNet log
that `gn-eval score` and `gn-eval report` read. The checkout is given by
--graphnet or $GN_GRAPHNET_DIR (a clone of github.com/PaddlePaddle/GraphNet;
only graph_net_bench and graph_net are read); nothing of it is copied here.

A child that crashes or times out is logged as GraphNet logs a failed
sample, and the run goes on.
"""
import argparse
import base64
import os
import subprocess
import sys
import time

PROMPT = "graph-net-test-compiler-log"


def one(args):
    """In the child: the harness on one sample, gn registered."""
    sys.path.insert(0, args.graphnet)
    import graph_net_bench.torch.test_compiler as harness  # noqa: E402

    from gn.graphnet_backend import GnBackend

    harness.compiler_backend_name2class["gn"] = GnBackend
    config = base64.b64encode(args.config.encode()).decode() if args.config else None
    ns = argparse.Namespace(model_path=args.sample, compiler=args.compiler, device=args.device,
                            warmup=args.warmup, trials=args.trials, log_prompt=PROMPT,
                            allow_list=None, model_path_prefix=None, config=config,
                            kernel_time=False)
    harness.main(ns)


def samples_of(args):
    out = list(args.samples)
    if args.list:
        for line in open(args.list):
            line = line.strip()
            if line and not line.startswith("#"):
                out.append(os.path.join(os.path.expanduser(args.base), line))
    return out


def failure_reasons(err, why):
    """What made a sample fail, from the harness's stderr: its "... model execution
    failed: ..." messages (each side's, with the fluctuation figure when GraphNet's
    noise guard raised), else the last line it wrote; `why` (exit status, timeout)
    first."""
    lines = [l for l in err.strip().splitlines() if not l.startswith(PROMPT)]
    reasons = [why] if why else []
    for i, l in enumerate(lines):
        if "model execution failed:" in l:
            more = [m.strip() for m in lines[i + 1:i + 3] if "IQR/median" in m]
            reasons.append(" ".join([l.strip()] + more))
    if len(reasons) == (1 if why else 0) and lines:
        reasons.append(lines[-1])
    return reasons


def main():
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("samples", nargs="*")
    p.add_argument("--graphnet", default=os.environ.get("GN_GRAPHNET_DIR", ""),
                   help="a GraphNet checkout (default $GN_GRAPHNET_DIR)")
    p.add_argument("--device", default="cpu")
    p.add_argument("--compiler", default="gn")
    p.add_argument("--config", default="", help="the compiler's config, as JSON")
    p.add_argument("--warmup", type=int, default=3)
    p.add_argument("--trials", type=int, default=10)
    p.add_argument("--timeout", type=int, default=600, help="seconds per sample")
    p.add_argument("--deadline", type=float, default=0,
                   help="epoch seconds: start no sample after it (a device lease)")
    p.add_argument("--log", help="append the harness's log lines here")
    p.add_argument("--list", help="a file of sample paths, one a line (relative to --base)")
    p.add_argument("--base", default=".")
    p.add_argument("--one", dest="sample", help=argparse.SUPPRESS)
    args = p.parse_args()
    if not args.graphnet or not os.path.isdir(os.path.join(args.graphnet, "graph_net_bench")):
        p.error("--graphnet (or $GN_GRAPHNET_DIR) must be a GraphNet checkout, with "
                f"graph_net_bench/ in it; got {args.graphnet!r}")
    if args.sample:
        one(args)
        return 0
    samples = samples_of(args)
    if not samples or not args.log:
        p.error("give samples (or --list) and --log")
    start = time.time()
    ok = 0
    for i, sample in enumerate(samples):
        if args.deadline and time.time() >= args.deadline:
            print(f"deadline: {len(samples) - i} samples not run", flush=True)
            break
        timeout = args.timeout
        if args.deadline:
            timeout = max(1, min(timeout, int(args.deadline - time.time())))
        cmd = [sys.executable, os.path.abspath(__file__), "--one", sample, "--graphnet",
               args.graphnet, "--device", args.device, "--compiler", args.compiler,
               "--config", args.config, "--warmup", str(args.warmup), "--trials",
               str(args.trials)]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
            err, why = r.stderr, ("" if r.returncode == 0 else f"exit status {r.returncode}")
        except subprocess.TimeoutExpired as e:
            err = e.stderr.decode() if isinstance(e.stderr, bytes) else (e.stderr or "")
            why = f"timed out after {timeout} s"
        lines = [l for l in err.splitlines() if l.startswith(PROMPT)]
        if not any("[Result] status:" in l for l in lines):
            # As the harness logs a sample that failed before its result.
            if not any("[Processing]" in l for l in lines):
                lines.insert(0, f"{PROMPT} [Processing] {os.path.normpath(sample)}")
            lines += [f"{PROMPT} [Result] status: failed",
                      f"{PROMPT} [Fail due to compiled model execution error.]"]
        status = "success" if any("[Result] status: success" in l for l in lines) else "failed"
        ok += status == "success"
        with open(args.log, "a") as f:
            f.write("\n".join(lines) + "\n")
        speedup = [l.split()[-1] for l in lines if "[Speedup][e2e]" in l]
        print(f"[{i + 1}/{len(samples)}] {status} {sample}"
              + (f" e2e speedup {speedup[0]}" if speedup else "")
              + ("".join(f"\n    {l}" for l in failure_reasons(err, why))
                 if status != "success" else ""),
              flush=True)
    print(f"\n{ok} / {len(samples)} succeeded in {time.time() - start:.0f} s; log: {args.log}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
