#!/usr/bin/env python3
"""The summary of bench/gpu-shapes.sh: one CUDA program for all of a sample's
shape variants against a program compiled for each.

    python3 bench/gpu_shapes_report.py DIR OUT

DIR: what `bench/gpu-shapes.sh prepare` wrote (one.jsonl, own.jsonl: the
compile records); OUT: what `run` wrote (shapes-one.jsonl, shapes-own.jsonl:
gn-cuda-run's records). Prints correctness at t = -5 per form, the geomean
of one / own compiled time over the variants both ran correctly (overall and
per sample), load seconds (a binding is made at load), and per sample the
one compile against its variants' own compiles. Plain Python, no numpy (the
GPU machine's Python may have none)."""
import json
import math
import os
import sys


def records(path):
    out = {}
    if not os.path.exists(path):
        return out
    for line in open(path):
        line = line.strip()
        if line:
            r = json.loads(line)
            out[r.get("sample", "")] = r
    return out


def sample_of(variant):
    return variant.split("@shape")[0]


def short(name):
    return "/".join(name.split("/")[-2:])


def geomean(xs):
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


def correct(r):
    return bool(r and r.get("status") == "ok" and (r.get("correct_at") or {}).get("-5"))


def main():
    prep, out = sys.argv[1], sys.argv[2]
    run = {form: records(os.path.join(out, f"shapes-{form}.jsonl")) for form in ("one", "own")}
    built = {form: records(os.path.join(prep, f"{form}.jsonl")) for form in ("one", "own")}
    variants = sorted(set(run["one"]) | set(run["own"]))
    print(f"one CUDA program for all shapes against a program per shape: {len(variants)} "
          "variants run")
    for form in ("one", "own"):
        rs = [run[form].get(v) for v in variants]
        ran = sum(1 for r in rs if r and r.get("status") == "ok")
        print(f"  {form}: {ran} ran, {sum(map(correct, rs))} correct at t = -5 "
              "(against the CPU interpreter at the variant)")
    for v in variants:
        for form in ("one", "own"):
            r = run[form].get(v)
            if not correct(r):
                why = (r or {}).get("error") or f"correct_at={(r or {}).get('correct_at')}"
                print(f"    {form} {short(v)}: {(r or {}).get('status', 'not run')} "
                      f"{str(why)[:160]}")
    ratios, by_sample, loads = [], {}, []
    for v in variants:
        a, b = run["one"].get(v), run["own"].get(v)
        if correct(a) and correct(b):
            ratio = a["compiled"]["median_ms"] / b["compiled"]["median_ms"]
            ratios.append((ratio, v))
            by_sample.setdefault(sample_of(v), []).append(ratio)
            if a.get("load_seconds") and b.get("load_seconds"):
                loads.append(a["load_seconds"] / b["load_seconds"])
    if ratios:
        print(f"time, one program / own program (median of the timed replays), over the "
              f"{len(ratios)} variants both ran correctly: geomean {geomean([r for r, _ in ratios]):.3f}"
              f" (target: at most 1.15)")
        print(f"  per sample, geomean over its variants: {len(by_sample)} samples, "
              f"{sum(1 for rs in by_sample.values() if geomean(rs) <= 1.15)} within 1.15")
        for r, v in sorted(ratios, reverse=True)[:8]:
            a, b = run["one"][v], run["own"][v]
            print(f"    {r:.2f}  {short(v)}: {a['compiled']['median_ms']:.3f} ms against "
                  f"{b['compiled']['median_ms']:.3f} ms; launches {a.get('launches')} against "
                  f"{b.get('launches')}")
    if loads:
        print(f"load (binding, plans, CUDA graph), one / own: geomean {geomean(loads):.3f}")
    # Compiles, from the compile records written on the compiling machine.
    samples = sorted({sample_of(v) for v in built["one"]} | {sample_of(v) for v in built["own"]})
    # Over the variants that compiled (a variant the model itself refuses,
    # as GraphNet's reifier can give, is no compile of gn's).
    once, with_variants, ratios_c = 0, 0, []
    for s in samples:
        ones = [r for v, r in built["one"].items()
                if sample_of(v) == s and r.get("status") == "ok"]
        owns = [r for v, r in built["own"].items() if sample_of(v) == s and r.get("status") == "ok"]
        if not ones:
            continue
        with_variants += 1
        compiles = {(r.get("one_program") or {}).get("compiles") for r in ones}
        if compiles == {1}:
            once += 1
            one_s = sum(r.get("compile_seconds") or 0 for r in ones)
            if owns:
                ratios_c.append(one_s / (sum(r.get("compile_seconds") or 0 for r in owns)
                                         / len(owns)))
    print(f"compiles: {once} of {with_variants} samples compiled once for all their variants "
          f"that compiled ({len(samples) - with_variants} others: no variant compiled)")
    if ratios_c:
        print(f"  the one compile over one specialized compile (mean of the variants'): geomean "
              f"{geomean(ratios_c):.2f}, max {max(ratios_c):.2f} (target: at most 1.5)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
