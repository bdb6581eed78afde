#!/usr/bin/env python3
"""Side-by-side report of a GPU benchmark run (bench/bench-gpu.sh).

    python3 bench/gpu_report.py RESULTS.jsonl... [--gpu gpu.txt] [--clocks clocks.csv]
                                  [--probe probe.json]

RESULTS: any number of gn.jsonl and torch.jsonl files (told apart by their
fields; a benchmark split over several commands gives several of each).
gn-cuda-run --sides extra records (the benchmark's second gn pass: the
compiled program beside the alternative programs and runtime choices) join
the same sample's main record; their tables compare against the compiled
time of that same pass.

gn.jsonl: gn-cuda-run's lines (gn CUDA eager and gn compiled, each checked
against the CPU interpreter); torch.jsonl: bench/bench_torch_gpu.py's
(PyTorch eager, Inductor, Inductor reduce-overhead, checked against the same
reference). Prints one row per sample and a summary: correctness at
t = -5, geomean time ratios (each over the samples where both sides ran
and, separately, where both were correct), S(t) of gn compiled against gn
CUDA eager and against PyTorch eager (GraphNet's definition with p = 0,
b = 0.1: failed samples count as speedup b; samples the baseline did not
time are left out and counted), compile times, device memory over
(weights + inputs + outputs), launches and host overhead per forward, and
(--clocks: bench-gpu.sh's nvidia-smi log) the card's SM clock while busy,
and (--probe: bench/gpu_probe.py's) what one small launch cost cold and warm,
and each sample's time over its own limit on the card (FLOPs over the rate
for its dtype, bytes over the copy rate, one graph launch: the probe's
measured ceilings, else the card's datasheet rates, said which).

    python3 bench/gpu_report.py RESULTS.jsonl... --score-records BASELINE > x.jsonl
    gn-eval score x.jsonl

--score-records prints gn compiled's records with their speedup taken
against BASELINE (gn-eager, torch-eager, inductor-ro or inductor) instead,
for `gn-eval score`'s full S(t)/ES(t) table (the GPU machine has no
gn-eval). Samples the baseline did not time are left out (stderr says which).
Standard library only.
"""
import argparse
import csv
import json
import math
import os
import statistics
import sys


def read(paths):
    """(gn rows, torch rows) by sample name: a gn sample's last line wins; a
    torch sample's lines merge; a gn extra-sides line joins its sample's."""
    gn, torch, extra = {}, {}, {}
    for path in paths:
        if not os.path.exists(path):
            continue
        for line in open(path):
            line = line.strip()
            if not line:
                continue
            r = json.loads(line)
            # gn's lines name the sample's artifacts folder, as the bundle and
            # the torch side do (Model_subgraph_3): folders' basenames repeat.
            name = os.path.basename((r.get("artifacts") or r.get("sample", "")).rstrip("/"))
            if "status" in r:  # gn lines always have one
                (extra if r.get("sides") == "extra" else gn)[name] = r
                continue
            # A torch side split by --modes over several runs: fields merge,
            # errors add up.
            old = torch.setdefault(name, {})
            errors = [e for e in (old.get("error"), r.get("error")) if e]
            old.update({k: v for k, v in r.items() if v is not None})
            old["error"] = "; ".join(errors) or None
    for name, x in extra.items():
        g = gn.get(name)
        if g is None or x.get("status") != "ok":
            continue
        for k in ("compiled_alts", "compiled_alt", "env_sides"):
            if k in x:
                g[k] = x[k]
        g["extra_compiled"] = x.get("compiled")
    return gn, torch


def default_ms(g):
    """The default program's time to compare an alternative or runtime
    choice with: from the same pass (the extra one) where there was one."""
    return (g.get("extra_compiled") or g.get("compiled") or {}).get("median_ms")


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def tightest(correct_at):
    """Smallest t with correct_at[t] true, else 2."""
    if not correct_at:
        return 2
    ok = [int(t) for t, v in correct_at.items() if v]
    return min(ok) if ok else 2


def fmt(x, spec=".3f"):
    return "-" if x is None or (isinstance(x, float) and math.isnan(x)) else format(x, spec)


# Where each baseline's median time is: (gn record or torch record, key path).
BASELINES = {
    "gn-eager": ("gn", ("eager", "median_ms")),
    "torch-eager": ("torch", ("eager_ms",)),
    "inductor-ro": ("torch", ("inductor_ro_ms",)),
    "inductor": ("torch", ("inductor_ms",)),
}


def reduce_overhead_side(t):
    """The Inductor reduce-overhead side a torch record holds: with the
    weights marked static (bench-gpu.sh's default since 2026-11-28), else
    the plain one."""
    return "inductor_ro_static" if "inductor_ro_static_ms" in t else "inductor_ro"


def baseline_ms(baseline, g, t):
    side, path = BASELINES[baseline]
    if baseline == "inductor-ro":
        path = (f"{reduce_overhead_side(t)}_ms",)
    x = g if side == "gn" else t
    for key in path:
        x = x.get(key) if isinstance(x, dict) else None
    return x


def score_records(gn, th, baseline):
    """gn compiled's records, speedup against the baseline, as JSONL for
    gn-eval score. A failed gn sample keeps its status (it scores as a
    failure); a sample the baseline has no time for is left out."""
    left_out = []
    for n, g in gn.items():
        base = baseline_ms(baseline, g, th.get(n, {}))
        if base is None:
            left_out.append(n)
            continue
        r = dict(g)
        ms = (g.get("compiled") or {}).get("median_ms") if g.get("status") == "ok" else None
        r["speedup"] = base / ms if ms else None
        print(json.dumps(r))
    if left_out:
        print(f"{baseline}: no time for {len(left_out)} sample(s), left out: "
              + ", ".join(left_out), file=sys.stderr)


def memory_with_workspaces(gn, th, names):
    """gn's device memory with cuBLAS's and cuDNN's workspaces counted,
    against 1.5x its weights, inputs and outputs, and against PyTorch
    eager's peak (torch.cuda.max_memory_allocated) on the same sample."""
    within, vs_torch, n, m = 0, 0, 0, 0
    for name in names:
        g = gn.get(name, {})
        dm = g.get("device_memory", {})
        io = g.get("io_bytes")
        if g.get("status") != "ok" or dm.get("compiled_bytes") is None or not io:
            continue
        total = dm["compiled_bytes"] + (dm.get("library_workspace_bytes") or 0)
        n += 1
        within += total <= 1.5 * io
        peak = th.get(name, {}).get("eager_peak_bytes")
        if peak:
            m += 1
            vs_torch += total <= peak
    print(f"device memory with library workspaces <= 1.5x (weights + inputs + outputs): "
          f"{within} / {n}; <= PyTorch eager's peak: {vs_torch} / {m}")


INDUCTOR_SIDES = ("inductor", "inductor_ro", "inductor_ro_static", "inductor_ro_static_fp32",
                  "inductor_max")


def python_section(gn, th, names, t):
    """gn through Python (bench_torch_gpu.py --modes gn: the program from the
    bundle's cache on the caller's CUDA tensors, timed the way GraphNet's
    harness times) beside its own runner and every peer timed the same way,
    over every sample: a side that failed or missed t scores b = 0.1, as
    GraphNet scores it; the both-correct figures beside."""
    rows = [(n, gn.get(n, {}), th.get(n, {})) for n in names if "gn_ms" in th.get(n, {})
            or "gn_cache" in th.get(n, {})]
    if not rows:
        return
    good = lambda x: x is not None and x <= t  # noqa: E731
    print(f"\ngn through Python (gn.compile_sample from the bundle's cache, torch's CUDA tensors "
          f"in place, compiled(**inputs) then synchronize), {len(rows)} samples")
    print("{:<40} {:>8} {:>8} {:>7} {:>8} {:>8} {:>8} {:>6} {:>7} {:>9}".format(
        "sample", "gn-py", "gpu", "/runner", "torch", "best-ind", "ind-ROs", "ok", "noisy",
        "cache-ms"))
    s_torch, s_best, both_torch, both_best, over_runner, cache_ms, noisy = [], [], [], [], [], [], 0
    for n, g, r in rows:
        py = r.get("gn_ms")
        ok_py = good(r.get("gn_t", 2)) and good(r.get("gn_t_after", 2))
        runner = g.get("compiled", {}).get("median_ms") if g.get("status") == "ok" else None
        gpu_ms = r.get("gn_stats", {}).get("gpu", {}).get("median")
        te = r.get("eager_ms") if good(r.get("eager_t", 2)) else None
        inductor = [(r.get(k + "_ms"), k) for k in INDUCTOR_SIDES
                    if r.get(k + "_ms") and good(r.get(k + "_t", 2))]
        best = min(inductor)[0] if inductor else None
        # GraphNet's way: the speedup of a failed side is b = 0.1.
        if r.get("eager_ms") is not None:
            s_torch.append(r["eager_ms"] / py if py and ok_py else 0.1)
        if best is not None:
            s_best.append(best / py if py and ok_py else 0.1)
        if py and ok_py and te:
            both_torch.append(te / py)
        if py and ok_py and best:
            both_best.append(best / py)
        if py and runner:
            over_runner.append(py / runner)
        cache = r.get("gn_cache", {})
        if cache.get("seconds") is not None:
            cache_ms.append(cache["seconds"] * 1e3)
        noisy += bool(r.get("gn_stats", {}).get("noisy"))
        print("{:<40} {:>8} {:>8} {:>7} {:>8} {:>8} {:>8} {:>6} {:>7} {:>9}".format(
            n[:40], fmt(py), fmt(gpu_ms), fmt(py / runner if py and runner else None, ".2f"),
            fmt(r.get("eager_ms")), fmt(best), fmt(r.get("inductor_ro_static_ms")),
            "y" if ok_py else "n", "y" if r.get("gn_stats", {}).get("noisy") else "",
            fmt(cache.get("seconds", 0) * 1e3 if cache else None, ".1f")))
        if r.get("error"):
            print(f"    torch: {r['error'][:200]}")
    print(f"S(0) over all samples, failures scored b = 0.1: PyTorch eager / gn-py "
          f"{fmt(geomean(s_torch))} over {len(s_torch)}; best Inductor / gn-py "
          f"{fmt(geomean(s_best))} over {len(s_best)}")
    print(f"both correct: PyTorch eager / gn-py {fmt(geomean(both_torch))} over "
          f"{len(both_torch)}; best Inductor / gn-py {fmt(geomean(both_best))} over "
          f"{len(both_best)}")
    for key, what in (("inductor_ro_static", "PyTorch's precision defaults"),
                      ("inductor_ro_static_fp32", "cuDNN TF32 off, as gn")):
        pairs = [(n, r["gn_ms"] / r[key + "_ms"]) for n, g, r in rows
                 if r.get("gn_ms") and r.get(key + "_ms") and good(r.get(key + "_t", 2))
                 and good(r.get("gn_t", 2)) and good(r.get("gn_t_after", 2))]
        if pairs:
            slow = sorted((x, n) for n, x in pairs if x > 1.10)[::-1]
            print(f"Inductor reduce-overhead, static weights, {what}: / gn-py "
                  f"{fmt(geomean([1 / x for _, x in pairs]))} over {len(pairs)} both correct; "
                  f"gn-py more than 10% slower on {len(slow)}"
                  + (": " + ", ".join(f"{n[:24]} {x:.2f}x" for x, n in slow[:8]) if slow else ""))
    print(f"gn-py / gn's runner: geomean {fmt(geomean(over_runner))}, over 1.10 on "
          f"{sum(x > 1.10 for x in over_runner)} of {len(over_runner)}; noisy (IQR/median > 0.2) "
          f"{noisy}; from the cache to a runnable program: median "
          f"{fmt(statistics.median(cache_ms) if cache_ms else None, '.1f')} ms")


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("results", nargs="+")
    ap.add_argument("--gpu")
    ap.add_argument("--clocks")
    ap.add_argument("--probe")
    ap.add_argument("--t", type=int, default=-5)
    ap.add_argument("--score-records", choices=sorted(BASELINES))
    a = ap.parse_args()
    gn, th = read(a.results)
    if a.score_records:
        return score_records(gn, th, a.score_records)
    names = list(gn) + [n for n in th if n not in gn]
    gpu_lines = open(a.gpu).read().strip().splitlines() if a.gpu and os.path.exists(a.gpu) else []
    # gpu.txt: nvidia-smi's lines ("GPU 0: ..." first), then bench-gpu.sh's
    # "bundle compiled by gn COMMIT" and the bundle's alternatives.
    gpu = next((x for x in gpu_lines if x.startswith("GPU ")), "nvidia-smi gave nothing")
    bundle = next((x for x in gpu_lines if x.startswith("bundle compiled by gn")), None)
    device = next((r.get("device") for r in gn.values() if r.get("device")), "?")
    torch_version = next((r.get("torch") for r in th.values() if r.get("torch")), "?")
    print(f"GPU benchmark: {len(names)} samples on {device} ({gpu}); PyTorch {torch_version}"
          + (f"; {bundle}" if bundle else ""))
    print(f"times: median ms per forward; ok: correct at t = {a.t} against the CPU interpreter")
    print()
    cols = ("sample", "gn", "gn-eager", "torch", "inductor", "ind-RO", "ok gn/eag/tor/ind/RO",
            "gn-comp-s", "RO-comp-s", "launches", "mem/io")
    print("{:<44} {:>8} {:>8} {:>8} {:>8} {:>8} {:>21} {:>9} {:>9} {:>8} {:>6}".format(*cols))
    summary = {"gn_ok": 0, "eager_ok": 0, "torch_ok": 0, "ro_ok": 0, "ran": 0}
    ratios = {k: [] for k in ("torch/gn", "torch/gn both ok", "ro/gn both ok", "ind/gn both ok",
                              "gn-eager/gn")}
    s_vs_eager, s_vs_torch, gn_compile, ro_compile, mem_ok, mem_n = [], [], [], [], 0, 0
    for n in names:
        g, t = gn.get(n, {}), th.get(n, {})
        ok = g.get("status") == "ok"
        gt = tightest(g.get("correct_at")) if ok else 2
        et = tightest(g.get("eager_correct_at")) if ok else 2
        gn_ms = g.get("compiled", {}).get("median_ms") if ok else None
        ge_ms = g.get("eager", {}).get("median_ms") if ok else None
        ro = reduce_overhead_side(t)
        te, ti, tr = t.get("eager_ms"), t.get("inductor_ms"), t.get(f"{ro}_ms")
        tet, tit, trt = t.get("eager_t", 2), t.get("inductor_t", 2), t.get(f"{ro}_t", 2)
        good = lambda x: x is not None and x <= a.t
        summary["ran"] += ok
        summary["gn_ok"] += good(gt)
        summary["eager_ok"] += good(et)
        summary["torch_ok"] += good(tet) and te is not None
        summary["ro_ok"] += good(trt) and tr is not None
        if gn_ms and te:
            ratios["torch/gn"].append(te / gn_ms)
            if good(gt) and good(tet):
                ratios["torch/gn both ok"].append(te / gn_ms)
        if gn_ms and tr and good(gt) and good(trt):
            ratios["ro/gn both ok"].append(tr / gn_ms)
        if gn_ms and ti and good(gt) and good(tit):
            ratios["ind/gn both ok"].append(ti / gn_ms)
        if gn_ms and ge_ms:
            ratios["gn-eager/gn"].append(ge_ms / gn_ms)
        s_vs_eager.append(ge_ms / gn_ms if gn_ms and ge_ms and good(gt) else 0.1)
        if te is not None:  # no PyTorch time: no speedup over it to score
            s_vs_torch.append(te / gn_ms if gn_ms and good(gt) else 0.1)
        if ok and g.get("compile_seconds") is not None:
            gn_compile.append(g["compile_seconds"])
        if t.get(f"{ro}_compile_s") is not None:
            ro_compile.append(t[f"{ro}_compile_s"])
        mem = g.get("device_memory", {}).get("compiled_over_io") if ok else None
        if mem is not None:
            mem_n += 1
            mem_ok += mem <= 1.5
        oks = "/".join("y" if good(x) else "n" for x in (gt, et, tet, tit, trt))
        print("{:<44} {:>8} {:>8} {:>8} {:>8} {:>8} {:>21} {:>9} {:>9} {:>8} {:>6}".format(
            n[:44], fmt(gn_ms), fmt(ge_ms), fmt(te), fmt(ti), fmt(tr), oks,
            fmt(g.get("compile_seconds"), ".2f"), fmt(t.get(f"{ro}_compile_s"), ".1f"),
            str(g.get("launches", "-")), fmt(mem, ".2f")))
        if g.get("error"):
            print(f"    gn: {g['error'][:200]}")
        if t.get("error"):
            print(f"    torch: {t['error'][:200]}")
    total = len(names)
    print()
    print(f"gn compiled correct at t = {a.t}: {summary['gn_ok']} / {total} "
          f"(gn CUDA eager {summary['eager_ok']}, PyTorch eager {summary['torch_ok']}, "
          f"Inductor reduce-overhead {summary['ro_ok']})")
    for k, xs in ratios.items():
        print(f"geomean time ratio {k:<18}: {fmt(geomean(xs))} over {len(xs)} samples")
    print(f"S(t = {a.t}) gn compiled vs gn CUDA eager: {fmt(geomean(s_vs_eager))} over "
          f"{len(s_vs_eager)} samples; vs PyTorch eager: {fmt(geomean(s_vs_torch))} over "
          f"{len(s_vs_torch)} (p = 0, b = 0.1; --score-records for the S(t)/ES(t) tables)")
    if gn_compile:
        print(f"compile seconds: gn median {statistics.median(gn_compile):.2f}, max "
              f"{max(gn_compile):.2f}; Inductor reduce-overhead median "
              f"{fmt(statistics.median(ro_compile) if ro_compile else None, '.1f')}")
    a_t = a.t
    print(f"device memory <= 1.5x (weights + inputs + outputs): {mem_ok} / {mem_n} "
          f"(model buffers; library workspaces apart)")
    memory_with_workspaces(gn, th, names)
    python_section(gn, th, names, a.t)
    # The alternative programs (scripts/bundle-gpu.sh: the list compiled with
    # other pipeline options, where the program differs): the memory / speed
    # trade-off of the defaults, measured side by side, one table per set of
    # options ("compiled_alts"; files before it have one "compiled_alt").
    by_options = {}
    for n, g in sorted(gn.items()):
        for alt in g.get("compiled_alts") or ([g["compiled_alt"]] if g.get("compiled_alt") else []):
            by_options.setdefault(alt.get("pipeline_options", "?"), []).append((n, g, alt))
    for opts, alts in by_options.items():
        print(f"\nalternative programs ({opts}), where they differ: default vs alternative")
        print("{:<44} {:>9} {:>9} {:>8} {:>8} {:>8} {:>8} {:>5}".format(
            "sample", "ms", "alt ms", "launches", "alt", "mem/io", "alt", "alt ok"))
        alt_ratios, alt_mem_ok = [], 0
        for n, g, alt in alts:
            ms = default_ms(g)
            ams = alt.get("timing", {}).get("median_ms")
            mem = g.get("device_memory", {}).get("compiled_over_io")
            amem = alt.get("over_io")
            aok = tightest(alt.get("correct_at"))
            if ms and ams:
                alt_ratios.append(ams / ms)
            alt_mem_ok += amem is not None and amem <= 1.5
            print("{:<44} {:>9} {:>9} {:>8} {:>8} {:>8} {:>8} {:>5}".format(
                n[:44], fmt(ms), fmt(ams), g.get("launches", "-"), alt.get("launches", "-"),
                fmt(mem, ".2f"), fmt(amem, ".2f"), "y" if aok <= a_t else "n"))
            if alt.get("error"):
                print(f"    alt: {alt['error'][:200]}")
        print(f"geomean time ratio alternative / default: {fmt(geomean(alt_ratios))} over "
              f"{len(alt_ratios)} samples; within 1.5x memory with the alternative: "
              f"{alt_mem_ok} / {len(alts)} of these")
    # gn-cuda-run --env-side: the compiled program again under another
    # runtime choice (GN_GEMM=cublas), in the same run on the same card.
    sides = sorted({k for g in gn.values() for k in (g.get("env_sides") or {})})
    for side in sides:
        rows = [(n, g, g["env_sides"][side]) for n, g in sorted(gn.items())
                if (g.get("env_sides") or {}).get(side)]
        env = rows[0][2].get("env", "?")
        ratios, both_ok, errors, wrong, slower = [], [], 0, 0, []
        for n, g, e in rows:
            ms = default_ms(g)
            ems = (e.get("timing") or {}).get("median_ms")
            if e.get("error"):
                errors += 1
                continue
            e_ok = tightest(e.get("correct_at")) <= a_t
            wrong += not e_ok
            if ms and ems:
                ratios.append(ems / ms)
                if e_ok and tightest(g.get("correct_at")) <= a_t:
                    both_ok.append(ems / ms)
                if ems < ms * 0.95:
                    slower.append(f"{n[:30]} {ms:.3f} vs {ems:.3f}")
        print(f"\nruntime choice '{side}' ({env}) / default, gn compiled: geomean time ratio "
              f"{fmt(geomean(ratios))} over {len(ratios)} samples ({fmt(geomean(both_ok))} over "
              f"{len(both_ok)} both correct); wrong at t = {a_t}: {wrong}; failed: {errors}")
        if slower:
            print(f"    the default slower by over 5% (default ms vs {side} ms): " +
                  "; ".join(slower[:12]))
        pdl = [e.get("programmatic_launches", 0) for _, _, e in rows if not e.get("error")]
        if any(pdl):
            print(f"    programmatic launches per forward (of the graph's): median "
                  f"{statistics.median(pdl):g}, {sum(pdl)} in all")
    # gn-cuda-run's host time to submit one forward, before waiting for it.
    host = {side: [g[side]["host_submit_ms"] for g in gn.values()
                   if g.get(side, {}).get("host_submit_ms") is not None]
            for side in ("compiled", "eager")}
    if host["compiled"]:
        print(f"host overhead per forward (submit, median over samples): gn compiled "
              f"{statistics.median(host['compiled']):.4f} ms (one CUDA graph launch), "
              f"gn CUDA eager {fmt(statistics.median(host['eager']) if host['eager'] else None, '.4f')} ms")
    # Loading gn compiled: kernel modules from their ahead-of-time cubin, or
    # JIT-compiled from PTX (and why), and the load's seconds.
    loads = [g for g in gn.values() if g.get("status") == "ok" and "load_seconds" in g]
    if loads:
        secs = [g["load_seconds"] for g in loads]
        jit = [g for g in loads if g.get("jit_reason")]
        print(f"loading gn compiled: {statistics.median(secs):.3f} s median, {max(secs):.3f} max; "
              f"{sum(g.get('cubin_modules', 0) for g in loads)} kernel modules from cubins, "
              f"{len(jit)} samples with modules JIT-compiled from PTX" +
              (f" (e.g. {os.path.basename(jit[0].get('sample', '').rstrip('/'))}: "
               f"{jit[0]['jit_reason']})" if jit else ""))
    # How gn compiled's GEMMs were set up at load (gn-cuda-run's "gemm":
    # cuBLASLt's candidates timed, or its first guess, or cuBLAS).
    gemms = [g["gemm"] for g in gn.values() if g.get("gemm")]
    if gemms:
        modes = sorted({x.get("mode", "?") for x in gemms})
        lt = sum(x.get("cublaslt_steps", 0) for x in gemms)
        cb = sum(x.get("cublas_steps", 0) for x in gemms)
        products = sum(x.get("products", 0) for x in gemms)
        beaten = sum(x.get("not_first_choice", 0) for x in gemms)
        tune = [x.get("tune_ms", 0.0) for x in gemms]
        print(f"GEMMs ({'/'.join(modes)}), over {len(gemms)} samples: {lt} steps through "
              f"cuBLASLt, {cb} through cuBLAS; {products} distinct products, {beaten} of them "
              f"faster with another than cuBLASLt's first guess; choosing took "
              f"{statistics.median(tune):.1f} ms median, {max(tune):.1f} max per sample")
        for g in gn.values():
            why = (g.get("gemm") or {}).get("cublas_why")
            if why:
                print(f"    {os.path.basename(g.get('sample', '').rstrip('/'))}: {why}")
    # How its convolutions' algorithms were chosen (gn-cuda-run's "conv":
    # cuDNN's heuristic guess; timed inside the forward's graph; cudnnFind's
    # candidates timed again by gn; or cudnnFind's).
    convs = [g["conv"] for g in gn.values() if g.get("conv")]
    if convs:
        modes = sorted({x.get("mode", "?") for x in convs})
        choose = [x.get("choose_ms", 0.0) for x in convs]
        print(f"convolutions ({'/'.join(modes)}), over {len(convs)} samples: "
              f"{sum(x.get('steps', 0) for x in convs)} steps, "
              f"{sum(x.get('configs', 0) for x in convs)} distinct, "
              f"{sum(x.get('not_first_choice', 0) for x in convs)} of them faster with another "
              f"than the first candidate, {sum(x.get('heuristic_fallbacks', 0) for x in convs)} "
              f"on cuDNN's heuristic guess (cudnnFind gave none); choosing took "
              f"{statistics.median(choose):.1f} ms median, {max(choose):.1f} max per sample")
    # gn-cuda-run --profile: device time of gn compiled's steps by kind
    # ("timed": in a graph with event nodes, or step by step, host gaps and all).
    kinds, total, how = {}, 0.0, {}
    for g in gn.values():
        prof = g.get("profile", {})
        if prof:
            mode = prof.get("timed", "step by step")
            mode = "graph" if mode == "graph" else "step by step"
            how[mode] = how.get(mode, 0) + 1
        for k in prof.get("by_kind", []):
            kinds[k["kind"]] = kinds.get(k["kind"], 0.0) + k["ms"]
            total += k["ms"]
    if total > 0:
        top = sorted(kinds.items(), key=lambda kv: -kv[1])[:10]
        print("gn compiled's steps, time by kind over all samples (" +
              ", ".join(f"{n} timed {m}" for m, n in sorted(how.items())) + "): " +
              ", ".join(f"{k} {100 * v / total:.0f}%" for k, v in top))
    if a.clocks:
        print(clock_summary(a.clocks))
    probe = {}
    if a.probe and os.path.exists(a.probe):
        with open(a.probe) as f:
            probe = json.load(f)
    limits_section(gn, th, names, probe, device, a.t)
    degenerate_section(gn, names, a.t)
    py_rechecked = [n for n in names if "gn_degenerate_recheck_t" in th.get(n, {})]
    if py_rechecked:
        good = [n for n in py_rechecked if th[n]["gn_degenerate_recheck_t"] <= a.t]
        print(f"gn through Python, rechecked on fan-in inputs: {len(good)} / {len(py_rechecked)} "
              f"correct at t = {a.t}")
    for r in probe.get("probes", []):
        print(f"probe, {r['graph']}: {r['cold_first_us']:.1f} us per launch right after "
              f"2 s idle, {r['warm_median_us']:.1f} warm (median)")


# Datasheet rates (dense) of the cards this bench has run on, for runs whose
# probe.json predates the measured ceilings (bench/gpu_probe.py): leads, not
# measurements, and the report says which it used.
DATASHEET = {
    "H200": {"copy_bytes_per_s": 4.8e12, "f32_flops_per_s": 67e12, "tf32_flops_per_s": 494.7e12,
             "bf16_flops_per_s": 989.4e12, "f16_flops_per_s": 989.4e12},
    "H100": {"copy_bytes_per_s": 3.35e12, "f32_flops_per_s": 67e12, "tf32_flops_per_s": 494.7e12,
             "bf16_flops_per_s": 989.4e12, "f16_flops_per_s": 989.4e12},
}


def sample_limit_ms(g, rates):
    """A sample's floor on this card in ms: the larger of its FLOPs over the
    rate for its dtype (the widest float of its outputs: f32 at the FP32
    rate, TF32 off as gn computes; bf16, f16 at theirs), its bytes (inputs,
    weights, outputs, each moved once) over the copy rate, and one graph
    launch. Returns (ms, which term bound it), or None without FLOPs or bytes."""
    flops, nbytes = g.get("flops"), g.get("bytes")
    if flops is None or not isinstance(nbytes, dict):
        return None
    dtypes = {o.get("dtype") for o in g.get("outputs", [])}
    dtype = "f32" if "f32" in dtypes or not dtypes & {"bf16", "f16"} else \
        ("bf16" if "bf16" in dtypes else "f16")
    terms = {
        "compute": flops / rates[f"{dtype}_flops_per_s"],
        "memory": sum(nbytes.get(k, 0) for k in ("inputs", "weights", "outputs")) /
        rates["copy_bytes_per_s"],
        "launch": rates.get("graph_launch_us", 0) / 1e6,
    }
    which = max(terms, key=terms.get)
    return terms[which] * 1e3, which


def limits_section(gn, th, names, probe, device, t):
    """Each sample's time against its own limit on this card (issue 40,
    item 5), as the geomean of time / limit per side, over the samples
    where that side is correct at t."""
    rates = probe.get("ceilings")
    source = "measured by gpu_probe.py"
    if not rates:
        card = next((k for k in DATASHEET if k in (device or "")), None)
        if not card:
            print(f"limits: no ceilings measured and no datasheet rates for {device}: not computed")
            return
        rates, source = DATASHEET[card], (f"{card} datasheet rates (this run's probe did not "
                                          "measure them); no graph-launch floor")
    good = lambda x: x is not None and x <= t
    sides = {"gn runner": [], "gn-py": [], "PyTorch eager": [], "Inductor RO": []}
    bound = {"compute": 0, "memory": 0, "launch": 0}
    for n in names:
        g, r = gn.get(n, {}), th.get(n, {})
        limit = sample_limit_ms(g, rates)
        if not limit:
            continue
        limit, which = limit
        bound[which] += 1
        ro = reduce_overhead_side(r)
        times = {
            "gn runner": g.get("compiled", {}).get("median_ms")
            if g.get("status") == "ok" and good(tightest(g.get("correct_at"))) else None,
            "gn-py": r.get("gn_ms") if good(r.get("gn_t", 2)) else None,
            "PyTorch eager": r.get("eager_ms") if good(r.get("eager_t", 2)) else None,
            "Inductor RO": r.get(f"{ro}_ms") if good(r.get(f"{ro}_t", 2)) else None,
        }
        for side, ms in times.items():
            if ms:
                sides[side].append(ms / limit)
    print(f"time / the sample's own limit on this card ({source}; the limit is bound by "
          f"compute on {bound['compute']}, memory on {bound['memory']}, one launch on "
          f"{bound['launch']}), geomean over the samples correct at t = {t}: " +
          ", ".join(f"{k} {fmt(geomean(v), '.1f')} over {len(v)}" for k, v in sides.items()))


# METHOD.md's bounds on ||out - ref|| / ||ref||: float32 far under 1e-3,
# half types between 1e-3 and 1e-2.
REL_L2_BOUND = {"f32": 1e-3, "f64": 1e-3, "bf16": 1e-2, "f16": 1e-2}


def degenerate_section(gn, names, t):
    """Outputs a tolerance check cannot fail on (gn-eval compile's
    "degenerate_outputs": near zero, constant, unchanged when every input
    changed), and the check that still can for near-zero ones: gn
    compiled's relative L2 error against the reference (issue 40, item 6)."""
    recorded = [n for n in names if "degenerate_outputs" in gn.get(n, {})]
    if not recorded:
        print("degenerate outputs: not recorded (bundle made before gn-eval compile checked them)")
        return
    kinds = {"near_zero": 0, "constant": 0, "input_insensitive": 0}
    flagged, near, near_ok, strict = [], 0, 0, 0
    for n in recorded:
        g = gn[n]
        ok = g.get("status") == "ok" and tightest(g.get("correct_at")) <= t
        outs = {o.get("index"): o for o in g.get("outputs", [])}
        within = True
        for d in g["degenerate_outputs"]:
            for k in d["reasons"]:
                kinds[k] += 1
            if "near_zero" in d["reasons"] and "constant" not in d["reasons"]:
                o = outs.get(d["index"], {})
                bound = REL_L2_BOUND.get(o.get("dtype"), 1e-3)
                good = o.get("rel_l2") is not None and o["rel_l2"] <= bound
                near += 1
                near_ok += good
                within &= good
        if g["degenerate_outputs"]:
            flagged.append(n)
        if "degenerate_recheck" in g:
            within &= tightest(g["degenerate_recheck"].get("correct_at")) <= t
        strict += ok and within
    print(f"degenerate outputs (of {len(recorded)} samples checked): {len(flagged)} samples, "
          f"outputs near zero {kinds['near_zero']}, constant {kinds['constant']}, unchanged "
          f"when the inputs change {kinds['input_insensitive']}" +
          (f" ({', '.join(x[:30] for x in flagged[:8])}{', ...' if len(flagged) > 8 else ''})"
           if flagged else ""))
    print(f"near-zero outputs within the relative L2 bound (1e-3 f32, 1e-2 half): {near_ok} / "
          f"{near}; gn compiled correct at t = {t} with every near-zero output within it "
          f"(and its fan-in recheck passed, where run): {strict} / {len(recorded)}")
    # gn-cuda-run's "degenerate_recheck": the program again on fan-in inputs
    # (bundles from gn-eval compile that wrote reference-fan-in/).
    rechecked = [n for n in flagged if "degenerate_recheck" in gn[n]]
    if rechecked:
        good = [n for n in rechecked
                if tightest(gn[n]["degenerate_recheck"].get("correct_at")) <= t]
        missed = [n for n in rechecked if n not in good]
        conforming = [n for n in rechecked if gn[n]["degenerate_recheck"].get("conforms")]
        print(f"rechecked on fan-in inputs: {len(good)} / {len(rechecked)} correct at t = {t}" +
              (f" (missed: {', '.join(x[:30] for x in missed[:8])})" if missed else "") +
              f"; {len(conforming)} / {len(rechecked)} within the float64 rule (compiled no "
              f"farther from float64 than eager there)")


def clock_summary(path):
    """One line on the SM clock over the run, from nvidia-smi's CSV
    (timestamp, clocks.sm, clocks.mem, utilization.gpu, power.draw): the
    clock while the GPU was busy, and how often it was under 80% of the
    highest seen (timings taken at low clocks understate the card)."""
    busy = []
    try:
        with open(path) as f:
            for row in list(csv.reader(f))[1:]:
                try:
                    sm, util = float(row[1]), float(row[3])
                except (IndexError, ValueError):
                    continue
                if util > 0:
                    busy.append(sm)
    except OSError as e:
        return f"SM clock: no log ({e.strerror})"
    if not busy:
        return "SM clock: no busy reading in " + path
    top = max(busy)
    low = sum(1 for c in busy if c < 0.8 * top)
    return (f"SM clock while busy ({len(busy)} readings, every 0.5 s): median "
            f"{statistics.median(busy):.0f} MHz, min {min(busy):.0f}, max {top:.0f}; "
            f"under 80% of max in {low}")


if __name__ == "__main__":
    main()
