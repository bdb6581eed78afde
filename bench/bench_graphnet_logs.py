#!/usr/bin/env python3
"""Writes the CPU benchmark's results (bench/bench-cpu.sh --out DIR) as
GraphNet harness logs, one per system, every one measured against PyTorch
eager as GraphNet measures a compiler (speedup = PyTorch eager median /
system median; correctness = the system's outputs against PyTorch eager's):

    /usr/bin/python3 bench/bench_graphnet_logs.py DIR
        -> DIR/logs/{pytorch-eager,inductor,gn-compiled,gn-eager}.log
           (+ DIR/logs/<peer>.log for each bench_torch.py --peers peer in
           the results, e.g. openvino.log, onnxruntime.log)
    build/bin/gn-eval report DIR/logs/*.log -o DIR/report.html

pytorch-eager is GraphNet's "nope" compiler (eager against itself, speedup 1).
Each output's all_close lines come from its tightest passing t (every key of
its own dtype family, so GraphNet's reader finds exactly what it checks);
integer and bool outputs have only [equal]. Lines of other dtype families
are not written: the benchmark did not measure them.
"""
import json
import os
import sys

PROMPT = "graph-net-test-compiler-log"
PEERS = ("openvino", "onnxruntime")  # bench/bench_torch.py --peers
FAMILIES = {"float16": 3, "bfloat16": 1.796, "float32": 5.886, "float64": 7}


def key(family, t):
    """test_compiler_util.calculate_tolerance_pair's key for a family at t."""
    rtol = 10 ** (t * FAMILIES[family] / 5)
    atol = 10 ** (t * 7 / 5) if family == "float64" else 10 ** t
    atol, rtol = float(f"{atol:.3g}"), float(f"{rtol:.3g}")
    return f"[all_close_atol_{atol:.2E}_rtol_{rtol:.2E}]"


def last_by_sample(path, name_of):
    out = {}
    if os.path.exists(path):
        for line in open(path):
            line = line.strip()
            if line:
                r = json.loads(line)
                out[name_of(r)] = r
    return out


CPU_CONFIG = (("device", "cpu"), ("hardware", "2-core x86 VM"), ("warmup", 1), ("trials", 5))


def block(out, sample, system, ms, eager_ms, dtypes, ts, failure=None, config=CPU_CONFIG):
    """One sample's lines in a system's log: `ts` the tightest t of each
    output (None: the system produced none), `failure` "eager" when PyTorch
    eager failed; `config` the [Config] lines besides model and compiler."""
    p = lambda k, v="": out.append(f"{PROMPT} {k} {v}".rstrip())  # noqa: E731
    p("[Processing]", sample)
    p("[Config] model:", os.path.basename(sample.rstrip("/")))
    for k, v in (*config[:2], ("compiler", system), *config[2:]):
        p(f"[Config] {k}:", v)
    if failure == "eager":
        out.append("RuntimeError: PyTorch eager failed")
        p("[Result] status:", "failed")
        p("[Fail due to eager model execution error.]")
        return
    p("[Datatype][eager]:", " ".join(dtypes))
    if failure == "compile" or ts is None or ms is None:
        out.append(f"CompileError: {system} did not produce outputs")
        p("[Result] status:", "failed")
        p("[Fail due to compiled model execution error.]")
        return
    p("[Datatype][compiled]:", " ".join(dtypes))
    p("[DataType]", f"eager:{dtypes} compiled:{dtypes} match:True")
    p("[Correctness][equal]:", " ".join("1" if t <= -10 else "0" for t in ts))
    for family in FAMILIES:
        if family not in dtypes:
            continue
        for t in range(-10, 6):
            p(f"[Correctness]{key(family, t)}:", " ".join("1" if t >= x else "0" for x in ts))
    p("[Result] status:", "success")
    p("[Performance][eager]:", json.dumps({"e2e": {"median": eager_ms}}))
    p("[Performance][compiled]:", json.dumps({"e2e": {"median": ms}}))
    p("[Speedup][e2e]:", f"{eager_ms / ms:.9g}")


def main():
    d = sys.argv[1]
    torch_r = last_by_sample(os.path.join(d, "torch.jsonl"), lambda r: r["sample"])
    gn_r = last_by_sample(os.path.join(d, "gn.jsonl"),
                          lambda r: os.path.basename(r["sample"].rstrip("/")))
    # A peer gets a log when any sample has its fields (a run with --peers).
    peers = [p for p in PEERS if any(f"{p}_error" in t for t in torch_r.values())]
    logs = {s: [] for s in ("pytorch-eager", "inductor", "gn-compiled", "gn-eager", *peers)}
    for name, t in sorted(torch_r.items()):
        g = gn_r.get(name, {})
        path = t.get("path") or name
        dtypes = t.get("output_dtypes") or []
        eager_ms = t.get("eager_ms")
        if not eager_ms:
            for s in logs:
                block(logs[s], path, s, None, None, dtypes, None, failure="eager")
            continue
        block(logs["pytorch-eager"], path, "pytorch-eager", eager_ms, eager_ms, dtypes,
              [-10] * len(dtypes))
        block(logs["inductor"], path, "inductor", t.get("compiled_ms"), eager_ms, dtypes,
              t.get("compiled_vs_eager_ts") if t.get("compiled_ms") else None)
        ok = g.get("status") == "ok"
        block(logs["gn-compiled"], path, "gn", (g.get("compiled") or {}).get("median_ms"),
              eager_ms, dtypes, t.get("gn_compiled_vs_eager_ts") if ok else None)
        block(logs["gn-eager"], path, "gn-eager", (g.get("eager") or {}).get("median_ms"),
              eager_ms, dtypes, t.get("gn_eager_vs_eager_ts") if g.get("eager") else None)
        for p in peers:
            block(logs[p], path, p, t.get(f"{p}_ms"), eager_ms, dtypes,
                  t.get(f"{p}_vs_eager_ts") if t.get(f"{p}_ms") else None)
    os.makedirs(os.path.join(d, "logs"), exist_ok=True)
    for s, lines in logs.items():
        with open(os.path.join(d, "logs", s + ".log"), "w") as f:
            f.write("\n".join(lines) + "\n")
    print(f"wrote {len(logs)} logs of {len(torch_r)} samples to {os.path.join(d, 'logs')}")


if __name__ == "__main__":
    main()
