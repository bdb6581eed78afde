#!/usr/bin/env python3
"""Chooses the representative GPU list (issue 40, item 4) by a fixed rule,
not by hand, from the unpacked GraphNet dev samples:

    python3 bench/make_gpu_list.py [--graphnet DIR] [--count 150] [--seed 40]
        [--max-gib 16] [--parts 5] [--exclude bench/gpu-samples.txt]
        [--records conformance/results/sweep-cuda-2026-11-30/cuda.jsonl]
        --out bench/gpu-list

The rule:
  1. Every sample: torch (samples/, graph_net.json "framework": "torch") and
     PaddlePaddle (paddle_samples/), shape_patches_* folders left out; a
     sample of --exclude (today's 46-sample list) left out, so the two lists
     are disjoint; a sample whose --records record (any gn-eval JSONL; by
     default the committed whole-dataset CUDA sweep) is a GraphNet data gap
     left out: it cannot be run by anyone, so it would only be a hole in the
     list.
  2. Its weights and inputs from weight_meta.py and input_meta.py: elements
     and bytes. Samples over --max-gib of them are left out (what does not fit
     one 80 GB GPU with room for its intermediates).
  3. Strata: framework, source (torch: graph_net.json's "source"; paddle:
     PaddleX, PaddleNLP, PaddleScience), task tag (torch:
     "heuristic_tag"; paddle: none), and size (log10 of the elements).
     Paddle models split in subgraph_N pieces count once: one piece per model
     is eligible (the first by the seeded order).
  4. --count samples split across the frameworks in proportion to their
     eligible samples, then across each framework's strata in proportion
     (largest remainders; every stratum of 3 samples or more gets one), and
     within a stratum the first by sha256(seed, path).
  5. Written in --parts lists of near-equal size (each a bundle under 64 MiB
     and a 10-minute device command), the samples of a part in the order
     chosen, each line a path relative to --graphnet; and all.txt.
"""
import argparse
import collections
import hashlib
import json
import math
import os
import re
import sys

DTYPE_BYTES = {"float16": 2, "bfloat16": 2, "float32": 4, "float64": 8, "int64": 8, "int32": 4,
               "int16": 2, "int8": 1, "uint8": 1, "bool": 1}


def tensors(path):
    """(elements, bytes) of every tensor a meta file lists."""
    if not os.path.exists(path):
        return 0, 0
    text = open(path, errors="replace").read()
    elements = size = 0
    for block in re.split(r"\nclass ", text):
        shape = re.search(r"shape\s*=\s*\[([^\]]*)\]", block)
        if not shape:
            continue
        dims = [int(float(d)) for d in shape.group(1).split(",") if d.strip()]
        n = math.prod(dims) if dims else 1
        dtype = re.search(r"dtype\s*=\s*\"(?:torch\.|paddle\.)?(\w+)\"", block)
        elements += n
        size += n * DTYPE_BYTES.get(dtype.group(1) if dtype else "float32", 4)
    return elements, size


def samples(root):
    for framework, base in (("torch", "samples"), ("paddle", "paddle_samples")):
        for dirpath, dirnames, filenames in os.walk(os.path.join(root, base)):
            dirnames[:] = sorted(d for d in dirnames if not d.startswith("shape_patches_"))
            if "graph_net.json" not in filenames or "model.py" not in filenames:
                continue
            try:
                meta = json.load(open(os.path.join(dirpath, "graph_net.json")))
            except ValueError:
                meta = {}
            rel = os.path.relpath(dirpath, root)
            if meta.get("framework", framework) != framework:
                continue
            parts = rel.split(os.sep)
            if framework == "torch":
                source, tag = meta.get("source") or "unknown", meta.get("heuristic_tag") or "none"
                model = rel
            else:
                source, tag = parts[1], "none"
                model = os.sep.join(p for p in parts if not p.startswith("subgraph"))
            yield {"path": rel, "framework": framework, "source": source, "tag": tag,
                   "model": model}


def order(seed, path):
    return hashlib.sha256(f"{seed}:{path}".encode()).hexdigest()


def apportion(total, sizes, floor_min=3):
    """`total` split in proportion to `sizes` (largest remainders); every
    size of `floor_min` or more gets at least one while the total allows."""
    keys = sorted(sizes, key=lambda k: -sizes[k])
    n = sum(sizes.values())
    share = {k: total * sizes[k] / n for k in keys}
    out = {k: int(share[k]) for k in keys}
    for k in keys:
        if out[k] == 0 and sizes[k] >= floor_min and sum(out.values()) < total:
            out[k] = 1
    for k in sorted(keys, key=lambda k: -(share[k] - int(share[k]))):
        if sum(out.values()) >= total:
            break
        if out[k] < sizes[k]:
            out[k] += 1
    while sum(out.values()) > total:  # the minimums overshot: trim the largest
        k = max(out, key=lambda k: out[k])
        out[k] -= 1
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--graphnet", default=os.path.expanduser(
        os.environ.get("GN_GRAPHNET_DIR", "~/.cache/gn/graphnet")))
    ap.add_argument("--count", type=int, default=150)
    ap.add_argument("--seed", default="40")
    ap.add_argument("--max-gib", type=float, default=16)
    ap.add_argument("--parts", type=int, default=5)
    ap.add_argument("--exclude", action="append", default=[])
    ap.add_argument("--records", action="append", default=None,
                    help="gn-eval JSONL whose 'graphnet data gap' samples are left out "
                         "(default: the committed whole-dataset CUDA sweep)")
    ap.add_argument("--out", required=True, help="folder for part-N.txt and all.txt")
    a = ap.parse_args()
    excluded = set()
    for f in a.exclude:
        for line in open(f):
            line = line.strip()
            if line and not line.startswith("#"):
                excluded.add(line if line.startswith("paddle_samples/") else "samples/" + line)
    if a.records is None:
        default = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "conformance",
                               "results", "sweep-cuda-2026-11-30", "cuda.jsonl")
        a.records = [default] if os.path.exists(default) else []
    gaps = set()
    for f in a.records:
        for line in open(f):
            try:
                r = json.loads(line)
            except ValueError:
                continue
            if r.get("error_class") == "graphnet data gap":
                # Records hold the path they were run at: match from the
                # framework folder on (samples/... or paddle_samples/...).
                m = re.search(r"(?:^|/)((?:paddle_)?samples/.*)$", r.get("sample", ""))
                if m:
                    gaps.add(m.group(1).rstrip("/"))
    eligible, seen_models, dropped = [], set(), collections.Counter()
    every = sorted(samples(a.graphnet), key=lambda s: order(a.seed, s["path"]))
    for s in every:
        if s["path"] in excluded:
            dropped["in --exclude"] += 1
            continue
        if s["path"] in gaps:
            dropped["GraphNet data gap (--records)"] += 1
            continue
        if s["model"] in seen_models:
            dropped["another piece of a model already eligible"] += 1
            continue
        d = os.path.join(a.graphnet, s["path"])
        e1, b1 = tensors(os.path.join(d, "weight_meta.py"))
        e2, b2 = tensors(os.path.join(d, "input_meta.py"))
        s["elements"], s["bytes"] = e1 + e2, b1 + b2
        if s["bytes"] > a.max_gib * 2**30:
            dropped[f"over {a.max_gib} GiB"] += 1
            continue
        s["size"] = int(math.log10(max(1, s["elements"])))
        seen_models.add(s["model"])
        eligible.append(s)
    by_framework = collections.defaultdict(list)
    for s in eligible:
        by_framework[s["framework"]].append(s)
    per_framework = apportion(a.count, {k: len(v) for k, v in by_framework.items()})
    chosen, table = [], []
    for fw in sorted(by_framework):
        strata = collections.defaultdict(list)
        for s in by_framework[fw]:
            strata[(s["source"], s["tag"], s["size"])].append(s)
        quota = apportion(per_framework[fw], {k: len(v) for k, v in strata.items()})
        for key in sorted(strata):
            picked = strata[key][:quota[key]]  # already in the seeded order
            chosen += picked
            table.append((fw,) + key + (len(strata[key]), len(picked)))
    os.makedirs(a.out, exist_ok=True)
    header = [f"# {len(chosen)} GraphNet dev samples chosen by bench/make_gpu_list.py "
              f"(--count {a.count} --seed {a.seed} --max-gib {a.max_gib}; excluded: "
              f"{', '.join(a.exclude) or 'none'}; data gaps from: "
              f"{', '.join(os.path.relpath(r) for r in a.records) or 'none'}); paths relative to the unpacked GraphNet "
              "folder. Rerun the script to regenerate; do not edit by hand."]
    with open(os.path.join(a.out, "all.txt"), "w") as f:
        f.write("\n".join(header) + "\n")
        f.write("# strata: framework source tag log10(elements): eligible chosen\n")
        for row in table:
            f.write("#   " + " ".join(str(x) for x in row[:4]) + f": {row[4]} {row[5]}\n")
        for reason, n in sorted(dropped.items()):
            f.write(f"# left out: {n} {reason}\n")
        f.write("\n".join(s["path"] for s in chosen) + "\n")
    per = math.ceil(len(chosen) / a.parts)
    for k in range(a.parts):
        part = chosen[k * per:(k + 1) * per]
        with open(os.path.join(a.out, f"part-{k + 1}.txt"), "w") as f:
            f.write(f"# part {k + 1} of {a.parts} of all.txt ({len(part)} samples)\n")
            f.write("\n".join(s["path"] for s in part) + "\n")
    fws = collections.Counter(s["framework"] for s in chosen)
    print(f"{len(chosen)} chosen of {len(eligible)} eligible ({dict(fws)}); "
          f"{sum(dropped.values())} left out {dict(dropped)}; {a.parts} parts in {a.out}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
