#!/usr/bin/env python3
"""What one small launch costs on this GPU, cold and warm (issue 19).

    python3 bench/gpu_probe.py [--json probe.json]

Run 2 (an H200) timed bert-tiny at about 0.7 ms on every side (gn, PyTorch
eager, Inductor reduce-overhead) for 19 launches, and its step profile put
~50 us on each small cuBLAS GEMM. Two explanations predict different
numbers here:
  - clocks: an idle card sits at a low SM clock; a few forwards end before
    it rises. Then the same CUDA graph of small launches replays much
    faster after a sustained warm-up than right after an idle pause;
  - cuBLAS: small GEMMs themselves are slow on this card. Then a graph of
    small GEMMs stays slow warm, while a graph of trivial kernels is fast.
For each of two graphs (20 small GEMMs [16, 128] x [128, 128] through
torch.mm, i.e. cuBLAS; 20 elementwise adds on 2048 floats), this times
one replay right after a 2 s idle pause ("cold", the first replays) and
the median replay after 300 ms of back-to-back replays ("warm"), in
microseconds per launch. Then the card's ceilings (ceilings(), for each
sample's limit in gpu_report.py). bench-gpu.sh runs it first and keeps
probe.json beside the results. PyTorch only (the machine's own); no gn code.
"""
import argparse
import json
import statistics
import sys
import time


def per_launch_us(torch, graph, launches, replays):
    out = []
    for _ in range(replays):
        start = time.perf_counter()
        graph.replay()
        torch.cuda.synchronize()
        out.append((time.perf_counter() - start) * 1e6 / launches)
    return out


def probe(torch, name, body, launches):
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        for _ in range(3):  # cuBLAS handles and workspaces before capture
            body()
    torch.cuda.synchronize()
    graph = torch.cuda.CUDAGraph()
    with torch.cuda.graph(graph):
        body()
    torch.cuda.synchronize()
    time.sleep(2.0)  # let the card go idle
    cold = per_launch_us(torch, graph, launches, 5)
    end = time.perf_counter() + 0.3
    while time.perf_counter() < end:
        graph.replay()
    torch.cuda.synchronize()
    warm = per_launch_us(torch, graph, launches, 50)
    return {"graph": name, "launches": launches, "cold_first_us": cold[0],
            "cold_median5_us": statistics.median(cold), "warm_median_us": statistics.median(warm),
            "warm_min_us": min(warm)}


def event_ms(torch, fn, reps):
    """Median ms of fn() over `reps` runs, by CUDA events, after 3 warm-ups."""
    for _ in range(3):
        fn()
    times = []
    for _ in range(reps):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        torch.cuda.synchronize()
        times.append(start.elapsed_time(end))
    return statistics.median(times)


def ceilings(torch):
    """The card's two ceilings, measured (METHOD.md: datasheet rates are
    leads): a 1 GiB device-to-device copy (bytes read plus written per
    second) and an 8192^3 matrix product per dtype (f32 with TF32 off, TF32,
    bf16, f16), in FLOP/s; and the latency of one CUDA graph launch of one
    tiny kernel, replayed and waited for (a forward's floor, however small).
    The limit of a sample on this card (gpu_report.py) is the larger of its
    FLOPs over the rate for its dtype, its bytes over the copy rate, and
    one graph launch."""
    out = {}
    n = 1 << 28  # floats: 1 GiB
    src, dst = torch.empty(n, device="cuda"), torch.empty(n, device="cuda")
    src.uniform_()
    out["copy_bytes_per_s"] = 2 * 4 * n / (event_ms(torch, lambda: dst.copy_(src), 10) / 1e3)
    del src, dst
    k = 8192
    flops = 2.0 * k ** 3
    saved = torch.backends.cuda.matmul.allow_tf32
    for name, dtype, tf32 in (("f32", torch.float32, False), ("tf32", torch.float32, True),
                              ("bf16", torch.bfloat16, False), ("f16", torch.float16, False)):
        torch.backends.cuda.matmul.allow_tf32 = tf32
        a = torch.randn(k, k, device="cuda").to(dtype)
        b = torch.randn(k, k, device="cuda").to(dtype)
        c = torch.empty(k, k, device="cuda", dtype=dtype)
        out[f"{name}_flops_per_s"] = flops / (event_ms(torch, lambda: torch.mm(a, b, out=c), 10)
                                              / 1e3)
        del a, b, c
    torch.backends.cuda.matmul.allow_tf32 = saved
    torch.cuda.empty_cache()
    v, u = torch.randn(256, device="cuda"), torch.empty(256, device="cuda")
    graph = torch.cuda.CUDAGraph()
    stream = torch.cuda.Stream()
    with torch.cuda.stream(stream):
        torch.add(v, 1.0, out=u)
    torch.cuda.synchronize()
    with torch.cuda.graph(graph):
        torch.add(v, 1.0, out=u)
    times = []
    for _ in range(300):
        start = time.perf_counter()
        graph.replay()
        torch.cuda.synchronize()
        times.append((time.perf_counter() - start) * 1e6)
    out["graph_launch_us"] = statistics.median(times[100:])
    return out


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--json")
    a = ap.parse_args()
    try:
        import torch
    except ImportError:
        print("gpu_probe: no PyTorch: probe not run", file=sys.stderr)
        return 0
    if not torch.cuda.is_available():
        print("gpu_probe: no CUDA device: probe not run", file=sys.stderr)
        return 0
    torch.backends.cuda.matmul.allow_tf32 = False
    n = 20
    x = torch.randn(16, 128, device="cuda")
    ws = [torch.randn(128, 128, device="cuda") for _ in range(n)]
    ys = [torch.empty(16, 128, device="cuda") for _ in range(n)]
    v = torch.randn(2048, device="cuda")
    us = [torch.empty(2048, device="cuda") for _ in range(n)]

    def gemms():
        for w, y in zip(ws, ys):
            torch.mm(x, w, out=y)

    def adds():
        for u in us:
            torch.add(v, 1.0, out=u)

    rows = [probe(torch, "20 cuBLAS GEMMs [16,128]x[128,128]", gemms, n),
            probe(torch, "20 elementwise adds of 2048", adds, n)]
    result = {"device": torch.cuda.get_device_name(0), "torch": torch.__version__, "probes": rows,
              "ceilings": ceilings(torch)}
    c = result["ceilings"]
    print(f"gpu_probe: ceilings: copy {c['copy_bytes_per_s'] / 1e12:.2f} TB/s, f32 "
          f"{c['f32_flops_per_s'] / 1e12:.1f} TFLOP/s, tf32 {c['tf32_flops_per_s'] / 1e12:.1f}, "
          f"bf16 {c['bf16_flops_per_s'] / 1e12:.1f}, f16 {c['f16_flops_per_s'] / 1e12:.1f}; "
          f"one graph launch and wait {c['graph_launch_us']:.1f} us")
    for r in rows:
        print(f"gpu_probe: {r['graph']}: cold first {r['cold_first_us']:.1f} us/launch, "
              f"cold median of 5 {r['cold_median5_us']:.1f}, warm median {r['warm_median_us']:.1f} "
              f"(min {r['warm_min_us']:.1f})")
    if a.json:
        with open(a.json, "w") as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
