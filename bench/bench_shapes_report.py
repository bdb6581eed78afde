#!/usr/bin/env python3
"""The shape channel's table: gn's one program beside PyTorch eager and Inductor.

    python3 bench/bench_shapes_report.py GN_JSONL TORCH_JSONL

GN_JSONL: `gn-eval run --shapes N --mode compiled` records (one per variant,
each with one_program.compiles); TORCH_JSONL: bench/bench_shapes.py's lines.
Per sample: variants timed on both sides, the programs each compiled (gn:
one_program.compiles; Inductor: graphs its backend compiled) and their cold
compile seconds in all, and the geomean over variants of gn's run time over
eager's and Inductor's. Run times are medians measured one side after the other
in one run on this machine.
"""
import json
import math
import sys


def geomean(xs):
    xs = [x for x in xs if x and x > 0]
    return math.exp(sum(map(math.log, xs)) / len(xs)) if xs else None


def fmt(x, spec=".2f"):
    return "-" if x is None else format(x, spec)


def main():
    gn = {}
    for line in open(sys.argv[1]):
        r = json.loads(line)
        name, _, k = r["sample"].rpartition("@shape")
        gn.setdefault(name.rstrip("/").split("/")[-1], {})[int(k)] = r
    rows, gn_over_eager, gn_over_ind, compile_ratio = [], [], [], []
    once = samples = 0
    print("| sample | variants | gn programs | gn compile s | Inductor graphs | Inductor compile s "
          "| gn / eager (run) | gn / Inductor (run) | correct (gn, Inductor) |")
    print("|---|---|---|---|---|---|---|---|---|")
    for line in open(sys.argv[2]):
        t = json.loads(line)
        g = gn.get(t["sample"], {})
        if "error" in t:
            print(f"| {t['sample']} | - | - | - | - | - | - | - | {t['error'][:80]} |")
            continue
        ratios_e, ratios_i, ok_gn, ok_ind = [], [], 0, 0
        compiles, compile_s = None, 0.0
        for v in t["variants"]:
            r = g.get(v["variant"])
            if not r or r.get("status") != "ok":
                continue
            one = r.get("one_program") or {}
            compiles = one.get("compiles", compiles)
            compile_s += r.get("compile_seconds") or 0.0
            ms = r["compiled"]["median_ms"]
            ratios_e.append(ms / v["eager_ms"])
            ratios_i.append(ms / v["inductor_ms"])
            ok_gn += bool(r["correct_at"].get("-5"))
            ok_ind += v["inductor_t"] <= -5
        n = len(ratios_e)
        if not n:
            continue
        samples += 1
        once += compiles == 1
        ge, gi = geomean(ratios_e), geomean(ratios_i)
        gn_over_eager += ratios_e
        gn_over_ind += ratios_i
        if t["inductor_compile_s"] > 0 and compile_s > 0:
            compile_ratio.append(compile_s / t["inductor_compile_s"])
        print(f"| {t['sample']} | {n} | {compiles} | {compile_s:.2f} | {t['inductor_compiles']} | "
              f"{t['inductor_compile_s']:.2f} | {fmt(ge, '.3f')} | {fmt(gi, '.3f')} | "
              f"{ok_gn}/{n}, {ok_ind}/{n} |")
    print()
    print(f"{samples} samples: gn compiled {once} of them once for all their variants; "
          f"run time geomean over variants: gn / eager {fmt(geomean(gn_over_eager), '.3f')}, "
          f"gn / Inductor {fmt(geomean(gn_over_ind), '.3f')}; cold compile time, gn / Inductor "
          f"(geomean over samples): {fmt(geomean(compile_ratio), '.3f')}")


if __name__ == "__main__":
    main()
