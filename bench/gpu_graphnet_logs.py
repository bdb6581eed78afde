#!/usr/bin/env python3
"""Writes a GPU benchmark run (bench/bench-gpu.sh: gn.jsonl, torch.jsonl,
any more torch.jsonl of later commands) as GraphNet harness logs, one per
system, for gn-eval score and gn-eval report (issue 40, item 5):

    /usr/bin/python3 bench/gpu_graphnet_logs.py OUT gn.jsonl torch.jsonl [more.jsonl ...]
        -> OUT/{pytorch-eager,gn,gn-py,inductor-ro-static,...}.log
    build/bin/gn-eval report OUT/*.log -o OUT/report.html

Speedup, as GraphNet measures a compiler: PyTorch eager's median over the
system's (end to end, the way its harness times: compiled(**inputs), then
synchronize; gn's runner is its C++ timing). A sample where PyTorch eager
failed is an eager failure in every log; one a system did not run or
compile is its failure (GraphNet scores it b = 0.1).

Correctness is each side's against gn's CPU interpreter in float32, the
reference every side of this benchmark is checked against (bench-gpu.sh),
not against PyTorch eager as GraphNet's harness compares: PyTorch eager has a
log of its own, checked the same way. A side's tightest t (after the timed
replays too, where recorded) marks every output of the sample; the
all_close lines are those of the outputs' dtype family.
"""
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from bench_graphnet_logs import block  # noqa: E402
from gpu_report import read, tightest  # noqa: E402

DTYPES = {"f32": "float32", "f64": "float64", "f16": "float16", "bf16": "bfloat16"}
# system -> the torch record's time and tightest-t fields (gn's runner apart).
TORCH_SIDES = {"inductor-ro-static": "inductor_ro_static",
               "inductor-ro-static-fp32": "inductor_ro_static_fp32",
               "inductor-ro": "inductor_ro", "inductor": "inductor",
               "inductor-max-autotune": "inductor_max"}


def side_t(r, field):
    """A torch-side record's tightest t: the worse of the first call's and
    the one after the timed replays; None when it has none."""
    ts = [r[k] for k in (f"{field}_t", f"{field}_t_after") if r.get(k) is not None]
    return max(ts) if ts else None


def main():
    if len(sys.argv) < 3:
        sys.exit(__doc__.split("\n\n")[1])
    out_dir, paths = sys.argv[1], sys.argv[2:]
    gn, th = read(paths)
    systems = ["pytorch-eager", "gn", "gn-py"] + [
        s for s, f in TORCH_SIDES.items() if any(f"{f}_ms" in r for r in th.values())]
    logs = {s: [] for s in systems}
    device = next((r.get("gpu") for r in th.values() if r.get("gpu")), None) or \
        next((g.get("device") for g in gn.values() if g.get("device")), "cuda")
    config = (("device", "cuda"), ("hardware", device))

    def log(system, ms, eager_ms, dtypes, t, failure=None):
        block(logs[system], sample, system, ms, eager_ms, dtypes,
              None if t is None else [t] * len(dtypes), failure, config)
    for name in sorted(set(gn) | set(th)):
        g, r = gn.get(name, {}), th.get(name, {})
        sample = g.get("sample") or name
        dtypes = [DTYPES.get(o.get("dtype"), o.get("dtype")) for o in g.get("outputs", [])] or \
            ["float32"]
        eager_ms = r.get("eager_ms")
        eager_t = side_t(r, "eager")
        if not eager_ms or eager_t is None:
            for s in systems:
                log(s, None, None, dtypes, None, failure="eager")
            continue
        log("pytorch-eager", eager_ms, eager_ms, dtypes, eager_t)
        ok = g.get("status") == "ok"
        log("gn", (g.get("compiled") or {}).get("median_ms") if ok else None, eager_ms, dtypes,
            tightest(g.get("correct_at")) if ok else None)
        log("gn-py", r.get("gn_ms"), eager_ms, dtypes, side_t(r, "gn"))
        for s in systems[3:]:
            f = TORCH_SIDES[s]
            log(s, r.get(f"{f}_ms"), eager_ms, dtypes, side_t(r, f))
    os.makedirs(out_dir, exist_ok=True)
    for s, lines in logs.items():
        with open(os.path.join(out_dir, s + ".log"), "w") as f:
            f.write("\n".join(lines) + "\n")
    print(f"wrote {len(logs)} logs ({', '.join(systems)}) of {len(set(gn) | set(th))} samples "
          f"to {out_dir}")


if __name__ == "__main__":
    main()
