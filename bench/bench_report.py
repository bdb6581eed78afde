#!/usr/bin/env python3
"""Joins gn-eval results with bench/bench_torch.py results (by sample folder
name) into one table: gn eager and compiled time, PyTorch eager and Inductor
time, gn's and Inductor's compile time, correctness at t of gn compiled (vs gn
eager) and of PyTorch eager / Inductor (vs gn eager); then geometric-mean
speedups over the samples where both sides ran, compile-time medians,
correct counts, and the samples where gn loses most to Inductor.

    bench_report.py GN_RESULTS.jsonl TORCH_RESULTS.jsonl [--t -5]

Peer columns (time, compile time, correctness at t against gn eager) and
summary lines appear for each peer that bench_torch.py --peers ran (OpenVINO's
torch.compile backend, ONNX Runtime), with their errors and OpenVINO's
fallbacks to PyTorch or Inductor in the notes; without peers the output is
as before.
Optional gn columns appear when gn-eval recorded them: GFLOP/s of the
compiled run (`gflops`, or `flops` / compiled median) and the compiled/eager
measured peak memory over weights + inputs + outputs (`memory.peak_over_io`)
beside the least any buffer plan for the same op order could reach
(`memory.bound_over_io`).
Only the standard library is needed.
"""
import argparse
import json
import math
import os
import statistics

# bench_torch.py --peers: name -> (label, time column, compile/correctness prefix)
PEERS = {"openvino": ("OpenVINO", "openvino", "ov"),
         "onnxruntime": ("ONNX Runtime", "onnxrt", "ort")}


def load(path):
    rows = {}
    with open(path) as f:
        for line in f:
            line = line.strip()
            if not line:
                continue
            try:
                r = json.loads(line)
            except json.JSONDecodeError:
                continue
            rows[os.path.basename(r["sample"].rstrip("/"))] = r  # last line wins
    return rows


def num(x):
    return x if isinstance(x, (int, float)) and not isinstance(x, bool) and math.isfinite(x) else None


def median_ms(r, key):
    v = r.get(key)
    return num(v.get("median_ms")) if isinstance(v, dict) else None


def gflops(g, gc_ms):
    v = g.get("gflops")
    if isinstance(v, dict):
        v = v.get("compiled", v.get("eager"))
    if num(v) is not None:
        return v
    flops = num(g.get("flops"))
    return flops / (gc_ms * 1e6) if flops is not None and gc_ms else None


def memory_ratio(g, key):
    """gn compiled's peak bytes (measured, or the plan's lower bound) over
    weights + inputs + outputs."""
    v = g.get("memory")
    return num(v.get(key)) if isinstance(v, dict) else None


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else None


def f(v, spec, width):
    return format("-" if v is None else format(v, spec), f">{width}")


def yn(v):
    return "-" if v is None else ("yes" if v else "no")


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("gn")
    ap.add_argument("torch")
    ap.add_argument("--t", type=int, default=-5)
    args = ap.parse_args()
    gn, th = load(args.gn), load(args.torch)
    tkey = str(args.t)
    names = list(gn) + [n for n in th if n not in gn]  # gn's run order
    peers = [p for p in PEERS if any(f"{p}_error" in t for t in th.values())]

    rows = []
    for name in names:
        g, t = gn.get(name, {}), th.get(name, {})
        gok = g.get("status") == "ok"
        r = {
            "name": name,
            "g_status": g.get("status", "no result"),
            "ge": median_ms(g, "eager"),
            "gc": median_ms(g, "compiled") if gok else None,
            "gcs": num(g.get("compile_seconds")) if gok else None,
            "g_ok": (g.get("correct_at") or {}).get(tkey) if gok else (False if g else None),
            "te": num(t.get("eager_ms")),
            "tc": num(t.get("compiled_ms")),
            "tcs": num(t.get("compile_s")),
            "te_ok": t.get("eager_ok_t5") if t else None,
            "tc_ok": t.get("compiled_ok_t5") if t else None,
            "t_err": t.get("error") if t else "no result",
            "g_err": g.get("error"),
            "breaks": t.get("graph_breaks") if t else None,
        }
        for p in peers:
            r[p] = num(t.get(f"{p}_ms"))
            r[p + "_cs"] = num(t.get(f"{p}_compile_s"))
            r[p + "_ok"] = t.get(f"{p}_ok_t5") if t else None
            r[p + "_err"] = t.get(f"{p}_error") if t else None
            r[p + "_fb"] = t.get(f"{p}_fallback") if t else None
        r["gflops"] = gflops(g, r["gc"]) if gok else None
        r["peak"] = memory_ratio(g, "peak_over_io") if gok else None
        r["bound"] = memory_ratio(g, "bound_over_io") if gok else None
        # MB over 1.5x io (gn-stream-bands leaves a CPU function whole within
        # band-min-excess-bytes, 16 MB, of that budget).
        peak_b, io_b = memory_ratio(g, "peak_bytes"), memory_ratio(g, "io_bytes")
        r["excess_mb"] = (peak_b - 1.5 * io_b) / 2**20 if gok and peak_b and io_b else None
        rows.append(r)

    show_gf = any(r["gflops"] is not None for r in rows)
    show_pk = any(r["peak"] is not None for r in rows)
    t = args.t
    head = (f"{'sample':44s} {'gn eager':>9s} {'gn comp':>9s} {'pt eager':>9s} {'inductor':>9s}"
            f" {'gn cmp s':>8s} {'ind cmp s':>9s} {'gn@' + str(t):>6s} {'pt@' + str(t):>6s}"
            f" {'ind@' + str(t):>6s}")
    for p in peers:
        _, col, sh = PEERS[p]
        head += f" {col:>9s} {sh + ' cmp s':>9s} {sh + '@' + str(t):>6s}"
    if show_gf:
        head += f" {'GFLOP/s':>8s}"
    if show_pk:
        head += f" {'peak/io':>8s} {'bound/io':>8s}"
    print("times: median ms; compile: seconds; correctness: at t = %d against gn eager" % t)
    print(head)
    for r in rows:
        line = (f"{r['name'][:44]:44s} {f(r['ge'], '.2f', 9)} {f(r['gc'], '.2f', 9)}"
                f" {f(r['te'], '.2f', 9)} {f(r['tc'], '.2f', 9)} {f(r['gcs'], '.2f', 8)}"
                f" {f(r['tcs'], '.1f', 9)} {yn(r['g_ok']):>6s} {yn(r['te_ok']):>6s}"
                f" {yn(r['tc_ok']):>6s}")
        for p in peers:
            line += f" {f(r[p], '.2f', 9)} {f(r[p + '_cs'], '.1f', 9)} {yn(r[p + '_ok']):>6s}"
        if show_gf:
            line += f" {f(r['gflops'], '.1f', 8)}"
        if show_pk:
            line += f" {f(r['peak'], '.2f', 8)} {f(r['bound'], '.2f', 8)}"
        notes = []
        if r["g_status"] != "ok":
            notes.append(f"gn {r['g_status']}" + (f": {r['g_err'][:80]}" if r["g_err"] else ""))
        if r["breaks"]:
            notes.append(f"{r['breaks']} Dynamo graph breaks")
        if r["t_err"]:
            notes.append(f"torch: {str(r['t_err'])[:80]}")
        for p in peers:
            if r[p + "_err"]:
                notes.append(f"{PEERS[p][0]}: {str(r[p + '_err'])[:80]}")
            elif r[p + "_fb"]:  # ran, but not all of it in the peer
                notes.append(f"{PEERS[p][0]}: {str(r[p + '_fb'])[:80]}")
        if notes:
            line += "  # " + "; ".join(notes)
        print(line)

    def ratios(num_key, den_key, need=()):
        xs = [r[num_key] / r[den_key] for r in rows
              if r[num_key] and r[den_key] and all(r[k] for k in need)]
        return xs

    def say(label, xs, total):
        gm = geomean(xs)
        print(f"  {label:44s} {'-' if gm is None else format(gm, '.2f'):>6s}"
              f"   ({len(xs)} of {total} samples)")

    total = len(rows)
    print(f"\nsummary over {total} samples (speedup = time ratio; above 1: the first named is faster)")
    say("geomean gn compiled over PyTorch eager", ratios("te", "gc"), total)
    say("  same, both correct at t", ratios("te", "gc", ("g_ok", "te_ok")), total)
    say("geomean gn compiled over Inductor", ratios("tc", "gc"), total)
    say("  same, both correct at t", ratios("tc", "gc", ("g_ok", "tc_ok")), total)
    say("geomean gn compiled over gn eager", ratios("ge", "gc"), total)
    say("geomean gn eager over PyTorch eager", ratios("te", "ge"), total)
    say("geomean Inductor over PyTorch eager", ratios("te", "tc"), total)
    for p in peers:
        label = PEERS[p][0]
        say(f"geomean gn compiled over {label}", ratios(p, "gc"), total)
        say("  same, both correct at t", ratios(p, "gc", ("g_ok", p + "_ok")), total)
        say(f"geomean {label} over PyTorch eager", ratios("te", p), total)
        say(f"geomean {label} over Inductor", ratios("tc", p), total)
    gcs = [r["gcs"] for r in rows if r["gcs"] is not None]
    tcs = [r["tcs"] for r in rows if r["tcs"] is not None]
    print(f"  {'median compile time, gn':44s} "
          f"{'-' if not gcs else format(statistics.median(gcs), '.2f') + ' s':>8s}   ({len(gcs)} samples)")
    print(f"  {'median compile time, Inductor (cold)':44s} "
          f"{'-' if not tcs else format(statistics.median(tcs), '.2f') + ' s':>8s}   ({len(tcs)} samples)")
    for p in peers:
        pcs = [r[p + "_cs"] for r in rows if r[p + "_cs"] is not None]
        print(f"  {'median compile time, ' + PEERS[p][0] + ' (cold)':44s} "
              f"{'-' if not pcs else format(statistics.median(pcs), '.2f') + ' s':>8s}"
              f"   ({len(pcs)} samples)")
    for label, key in (("gn compiled", "g_ok"), ("PyTorch eager", "te_ok"), ("Inductor", "tc_ok"),
                       *((PEERS[p][0], p + "_ok") for p in peers)):
        print(f"  correct at t = {t}, {label:28s} {sum(1 for r in rows if r[key]):>6d} / {total}")
    if show_pk:
        pk = [r for r in rows if r["peak"] is not None]
        print(f"  {'peak memory <= 1.5x io, gn compiled':44s} "
              f"{sum(1 for r in pk if r['peak'] <= 1.5):>6d} / {len(pk)}"
              f"   (reachable by a plan for the same op order: "
              f"{sum(1 for r in pk if r['bound'] is not None and r['bound'] <= 1.5)})")
        ex = [r for r in pk if r["excess_mb"] is not None]
        print(f"  {'peak memory <= 1.5x io + 16 MB, gn compiled':44s} "
              f"{sum(1 for r in ex if r['excess_mb'] <= 16):>6d} / {len(ex)}"
              f"   (the CPU pipeline's band-min-excess-bytes)")
    slow = [r for r in rows if r["ge"] and r["te"] and r["ge"] > 2 * r["te"]]
    print(f"  {'gn eager more than 2x slower than PyTorch':44s} {len(slow):>6d} / {total}"
          + ("   (" + ", ".join(r["name"][:30] for r in slow) + ")" if slow else ""))
    # The best peer, sample by sample: the fastest of the other systems whose
    # result is correct at t (a wrong answer's speed does not count).
    systems = [("PyTorch eager", "te", "te_ok"), ("Inductor", "tc", "tc_ok")] + [
        (PEERS[p][0], p, p + "_ok") for p in peers]
    best = []
    for r in rows:
        ran = [(r[k], label) for label, k, ok in systems if r[k] and r[ok]]
        if ran and r["gc"] and r["g_ok"]:
            ms, label = min(ran)
            best.append((ms / r["gc"], r["name"], label, ms))
    if best:
        print(f"\ngn compiled against the best peer, sample by sample (the fastest of {len(systems)}"
              f" systems correct at t = {t}; gn correct too; ratio = peer time / gn time):")
        for ratio, name, label, ms in sorted(best):
            print(f"  {ratio:7.2f}  {name[:44]:44s} {label:14s} {ms:9.2f} ms")
        wins = sum(1 for b in best if b[0] >= 1)
        print(f"  geomean gn compiled over the best peer: {geomean([b[0] for b in best]):.2f}"
              f" ({len(best)} of {total} samples; gn faster on {wins})")
    losers = sorted((r["tc"] / r["gc"], r["name"]) for r in rows if r["tc"] and r["gc"])[:5]
    if losers:
        print("\ngn's 5 worst samples against Inductor (Inductor time / gn time; below 1: gn slower):")
        for ratio, name in losers:
            print(f"  {ratio:7.2f}  {name}")


if __name__ == "__main__":
    main()
