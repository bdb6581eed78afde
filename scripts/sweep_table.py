#!/usr/bin/env python3
"""The table of a dataset sweep (scripts/sweep.sh): per framework, then by task
tag and by source, how many samples pass each stage, and the commonest errors
per stage. Reads OUT/samples.txt and every OUT/{cpu,cuda,cuda-forms}*.jsonl
(shards included); prints Markdown.

    scripts/sweep_table.py OUT [OUT2 ...]

Columns (each a count of samples):
  import      gn imported the sample (the record has its op count)
  died        its process timed out, crashed or ran out of memory before a
              result (import and later columns not known for it)
  data gap    GraphNet's files lack what the graph needs (not a gn error)
  eager       gn's interpreter ran it
  compiled    compiled for the CPU and ran (status ok)
  no fallback compiled with no op handed to the interpreter
  = t-5       compiled output matches eager at t = -5
  cuda        compiled for CUDA, ptxas accepted every module
  forms tried tried in the CUDA kernels' forms on the CPU (samples that fit in time)
  forms run   of those, compiled and ran
  forms t-5   of those, matching eager at t = -5

GraphNet's channels (stages float16, bfloat16, cuda-float16, cuda-bfloat16,
shapes), a table each when their records are there:
  listed      samples that list the pass (dtype) or a reifier (shapes)
  import, eager, compiled, = t-5   as above, in that dtype (t = -5 under
              GraphNet's table for each output's dtype)
  cuda        compiled for CUDA in that dtype, ptxas accepting every kernel
  variants    shapes: samples that gave their variants / the variants given
  all eager   shapes: samples all of whose variants gn's interpreter ran
  v eager, v = t-5   variants gn's interpreter ran; of those, compiled = eager
  v shape     variants the graph cannot take ("shape mismatch": a fixed-size
              weight past the variant's sizes, which the framework refuses too)
  once        samples whose variants all ran through one program compiled once
"""
import collections
import glob
import json
import os
import re
import sys


def records(folder, stage):
    """sample -> its last record of `stage` (shards included; the records of
    `sweep.sh --retry-timeouts`, OUT/<stage>.retry-<time>.jsonl, and of reruns
    by hand, OUT/<stage>-reruns.jsonl, last)."""
    out = {}
    paths = glob.glob(os.path.join(folder, stage + "*.jsonl"))
    later = lambda p: ".retry" in p or "-reruns" in os.path.basename(p)
    for path in sorted(paths, key=lambda p: (later(p), p)):
        if stage == "cuda" and os.path.basename(path).startswith("cuda-"):
            continue
        with open(path) as f:
            for line in f:
                line = line.strip()
                if line:
                    r = json.loads(line)
                    out[r["sample"]] = r
    return out


def describe(sample):
    """(framework, source, task tag) of a sample folder."""
    framework = "paddle" if "/paddle_samples/" in sample else "torch"
    meta = {}
    try:
        with open(os.path.join(sample, "graph_net.json")) as f:
            meta = json.load(f)
    except (OSError, ValueError):
        pass
    top = "paddle_samples" if framework == "paddle" else "samples"
    parts = sample.split("/" + top + "/", 1)
    folder = parts[1].split("/")[0] if len(parts) == 2 else "?"
    source = meta.get("source") or folder
    tag = meta.get("heuristic_tag") or "(untagged)"
    return framework, source, tag


def error_key(r):
    """A short name of a record's error: its class, else the message's gist
    (paths and numbers dropped)."""
    if r.get("error_class"):
        return r["error_class"]
    e = r.get("error") or r.get("status", "?")
    e = re.sub(r"^\S+:\d+:\d+: (error: )?", "", e.splitlines()[0] if e else "?")
    e = re.sub(r"'[^']*'", "'…'", e)
    e = re.sub(r"\d+", "N", e)
    return e[:90]


def main():
    folders = sys.argv[1:]
    if not folders:
        sys.exit(__doc__)
    samples, cpu, cuda, forms = [], {}, {}, {}
    for folder in folders:
        with open(os.path.join(folder, "samples.txt")) as f:
            samples += [s for s in f.read().split() if s]
        cpu.update(records(folder, "cpu"))
        cuda.update(records(folder, "cuda"))
        forms.update(records(folder, "cuda-forms"))
    columns = ["samples", "import", "died", "data gap", "eager", "compiled", "no fallback", "= t-5",
               "cuda", "forms tried", "forms run", "forms t-5"]
    rows = collections.defaultdict(collections.Counter)
    errors = {s: collections.Counter() for s in ("import/eager", "compiled", "cuda", "forms")}
    fallback_ops = collections.Counter()
    # Degenerate outputs (near zero or constant) rechecked on fan-in inputs
    # (gn-eval run's degenerate_recheck): samples, correct at t = -5 there,
    # and still degenerate there.
    recheck = collections.Counter()
    recheck_missed = []
    for s in sorted(set(samples)):
        framework, source, tag = describe(s)
        c = collections.Counter()
        c["samples"] = 1
        r = cpu.get(s)
        if r is not None:
            status = r.get("status")
            gap = r.get("error_class") == "graphnet data gap"
            c["data gap"] = int(gap)
            c["import"] = int("num_ops" in r)
            c["died"] = int(r.get("error_class") in ("timeout", "crash", "out of memory"))
            c["eager"] = int(status in ("ok", "compile_error", "runtime_error") and "eager" in r)
            c["compiled"] = int(status == "ok")
            fb = ((r.get("compile") or {}).get("fallback_ops") or 0)
            c["no fallback"] = int(status == "ok" and fb == 0)
            c["= t-5"] = int(status == "ok" and bool((r.get("correct_at") or {}).get("-5")))
            dr = r.get("degenerate_recheck")
            if status == "ok" and dr is not None:
                recheck["samples"] += 1
                if (dr.get("correct_at") or {}).get("-5"):
                    recheck["= t-5"] += 1
                else:
                    recheck_missed.append(s + (" (within the float64 rule)"
                                               if dr.get("conforms") else ""))
                # The float64 rule (records since 2026-12-01): compiled no
                # farther from f64 than eager on those inputs.
                recheck["conforms"] += int(bool(dr.get("conforms")))
                recheck["still degenerate"] += int(bool(dr.get("degenerate")) or "error" in dr)
            if status == "ok" and fb:
                for op, n in ((r.get("compile") or {}).get("fallback") or {}).items():
                    fallback_ops[op] += 1
            if status == "eager_error" and not gap:
                errors["import/eager"][error_key(r)] += 1
            elif status in ("compile_error", "runtime_error"):
                errors["compiled"][error_key(r)] += 1
        r = cuda.get(s)
        if r is not None:
            c["cuda"] = int(r.get("status") == "ok")
            if r.get("status") != "ok" and r.get("error_class") != "graphnet data gap":
                errors["cuda"][error_key(r)] += 1
        r = forms.get(s)
        if r is not None:
            c["forms tried"] = 1
            c["forms run"] = int(r.get("status") == "ok")
            c["forms t-5"] = int(r.get("status") == "ok" and
                                 bool((r.get("correct_at") or {}).get("-5")))
            if r.get("status") != "ok":
                errors["forms"][error_key(r)] += 1
        for key in ((framework, "all", ""), (framework, "tag", tag), (framework, "source", source)):
            rows[key].update(c)
    print(f"# Dataset sweep: {len(set(samples))} samples; records: cpu {len(cpu)}, "
          f"cuda {len(cuda)}, cuda-forms {len(forms)}\n")
    print("A count of samples per stage (see scripts/sweep_table.py for each column). "
          "Stages not yet run for a sample leave it uncounted there.\n")
    for by in ("all", "tag", "source"):
        print(f"\n## {'Totals' if by == 'all' else 'By ' + by}\n")
        head = ["framework"] + ([] if by == "all" else [by]) + columns
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for (framework, kind, name), c in sorted(rows.items()):
            if kind != by:
                continue
            cells = [framework] + ([] if by == "all" else [name]) + [str(c[k]) for k in columns]
            print("| " + " | ".join(cells) + " |")
    print("\n## Commonest errors per stage\n")
    for stage, counter in errors.items():
        if counter:
            print(f"- **{stage}**: " + "; ".join(f"{n} × {e}" for e, n in counter.most_common(8)))
    if fallback_ops:
        print("- **ops handed to the interpreter** (samples): " +
              ", ".join(f"{op} {n}" for op, n in fallback_ops.most_common(12)))
    if recheck:
        print(f"\n## Degenerate outputs rechecked on fan-in inputs\n\n"
              f"{recheck['samples']} compiled samples have a near-zero or constant reference output; "
              f"on fan-in inputs compiled = eager at t = -5 on {recheck['= t-5']}, "
              f"{recheck['conforms']} within the float64 rule (compiled no farther from float64 "
              f"than eager; older records lack it), and "
              f"{recheck['still degenerate']} stay degenerate (or the recheck failed) there.")
        if recheck_missed:
            print("Missed t = -5 there: " + ", ".join(recheck_missed[:20]) +
                  (" ..." if len(recheck_missed) > 20 else ""))
    print_channels(folders)


def dtype_channel(folders, dtype):
    """Rows of the dtype channel: per framework and task tag."""
    cpu, cuda = {}, {}
    for folder in folders:
        cpu.update(records(folder, dtype))
        cuda.update(records(folder, "cuda-" + dtype))
    if not cpu and not cuda:
        return None
    rows = collections.defaultdict(collections.Counter)
    errors = collections.Counter()
    for s in sorted(set(cpu) | set(cuda)):
        framework, _, tag = describe(s)
        c = collections.Counter(listed=1)
        r = cpu.get(s)
        if r is not None:
            status = r.get("status")
            c["import"] = int("num_ops" in r)
            c["eager"] = int(status in ("ok", "compile_error", "runtime_error") and "eager" in r)
            c["compiled"] = int(status == "ok")
            c["= t-5"] = int(status == "ok" and bool((r.get("correct_at") or {}).get("-5")))
            if status != "ok" or not c["= t-5"]:
                errors["mismatch at t = -5" if status == "ok" else error_key(r)] += 1
        r = cuda.get(s)
        if r is not None:
            c["cuda"] = int(r.get("status") == "ok")
            if not c["cuda"]:
                errors["cuda: " + error_key(r)] += 1
        for key in ((framework, "all", ""), (framework, "tag", tag)):
            rows[key].update(c)
    return rows, ["listed", "import", "eager", "compiled", "= t-5", "cuda"], errors


def shape_channel(folders):
    """Rows of the shape channel: variants grouped by their sample."""
    recs = {}
    for folder in folders:
        recs.update(records(folder, "shapes"))
    if not recs:
        return None
    by_sample = collections.defaultdict(list)
    for name, r in recs.items():
        by_sample[name.split("@shape")[0]].append(r)
    rows = collections.defaultdict(collections.Counter)
    errors = collections.Counter()
    for s, rs in sorted(by_sample.items()):
        framework, _, tag = describe(s)
        variants = [r for r in rs if "shape_variant" in r]
        c = collections.Counter(listed=1)
        c["variants"] = int(bool(variants))
        c["variants given"] = len(variants)
        eager = [r for r in variants
                 if r.get("status") in ("ok", "compile_error", "runtime_error") and "eager" in r]
        c["v eager"] = len(eager)
        c["all eager"] = int(bool(variants) and len(eager) == len(variants))
        # Variants the graph cannot take (a fixed-size weight past the
        # variant's sizes: the framework refuses them too).
        c["v shape"] = sum(1 for r in variants if r.get("status") != "ok" and (
            r.get("error_class") == "shape mismatch" or "do not broadcast" in (r.get("error") or "")))
        c["v = t-5"] = sum(1 for r in eager if r.get("status") == "ok" and
                           bool((r.get("correct_at") or {}).get("-5")))
        ran = [r for r in variants if r.get("status") == "ok"]
        c["once"] = int(bool(ran) and all(
            (r.get("one_program") or {}).get("compiles") == 1 for r in ran))
        for r in rs:
            if r.get("status") != "ok":
                errors[error_key(r)] += 1
            elif not (r.get("correct_at") or {}).get("-5"):
                errors["mismatch at t = -5"] += 1
        for key in ((framework, "all", ""), (framework, "tag", tag)):
            rows[key].update(c)
    return rows, ["listed", "variants", "variants given", "all eager", "v eager", "v shape",
                  "v = t-5", "once"], errors


def print_channels(folders):
    for name, made in [("float16", dtype_channel(folders, "float16")),
                       ("bfloat16", dtype_channel(folders, "bfloat16")),
                       ("shapes", shape_channel(folders))]:
        if made is None:
            continue
        rows, columns, errors = made
        print(f"\n## Channel: {name}\n")
        head = ["framework", "tag"] + columns
        print("| " + " | ".join(head) + " |")
        print("|" + "---|" * len(head))
        for (framework, kind, tag), c in sorted(rows.items(), key=lambda kv: (kv[0][1] != "all", kv[0])):
            cells = [framework, "all" if kind == "all" else tag] + [str(c[k]) for k in columns]
            print("| " + " | ".join(cells) + " |")
        if errors:
            print("\n- **misses**: " + "; ".join(f"{n} × {e}" for e, n in errors.most_common(8)))


if __name__ == "__main__":
    main()
