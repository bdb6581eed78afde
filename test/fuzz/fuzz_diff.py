#!/usr/bin/env python3
"""Differential fuzzing of gn's compiler (issue 41): random valid gn graphs
(graphgen.py) compiled and run by `gn-eval run --mode compiled --reference
fp64`, the compiled outputs compared with the interpreter's at GraphNet's
tolerance for their dtype (t = -5).

    fuzz_diff.py --gn-eval BUILD/bin/gn-eval --form cpu|cuda-forms --seconds S
                 [--seed N] [--batch 48] [--jobs 2] [--out DIR] [--plant]

Forms: `cpu` is gn-cpu-pipeline as shipped; `cuda-forms` is the same
pipeline with the CUDA kernels' forms switched on (parallel copy loops,
attention, banded GEMMs, merged launches, depthwise and rank kernels) and run
on the CPU. What counts as a finding, by class:

  miscompile     compiled misses eager at t = -5, and misses the function
                 computed in f64 at t = -3 where eager holds it (a wrong
                 index, op or value is off by O(1), t >= -1; the interpreter
                 computes normalizations and accumulations in f64, so a
                 compiled f32 result a few ulps farther from f64 than eager,
                 t = -4 or -5, is a rounding difference and is only counted,
                 with its seed in the summary);
  compile_error  eager ran, the compiled side failed (refused, crashed, timed
                 out: the record's error class says which);
  fallback       the compiled program hands an op to the interpreter;
  generator      the interpreter refused the graph: a generator (or
                 interpreter) bug.

Each finding is shrunk (outputs dropped, ops bypassed, computed operands
replaced by inputs, while the finding stays of the same class) and written to
DIR/<class>/<form>-g<seed>.mlir (the graph) and .min.mlir (shrunk). Graph
seeds run from --seed on (a run of S seconds covers the same graphs each time
it starts from the same seed). DIR/summary.json holds the counts. Exit 1 when
anything was found. --plant marks one elementwise op per graph with
gn.test.miscompile and compiles with test-miscompile=true: every graph whose
outputs read that op must come back as a miscompile (the fuzzer's own test).
"""
import argparse
import copy
import json
import os
import random
import subprocess
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import graphgen  # noqa: E402

# band-min-excess-bytes=0: the CPU default leaves graphs this small whole;
# the fuzzer wants gn-stream-bands' bands too.
FORMS = {
    "cpu": "band-min-excess-bytes=0",
    "cuda-forms": "parallel-copy-loops=true attention-kernels=true band-gemms=true "
                  "merge-launches=true depthwise-kernels=true rank-kernels=true "
                  "band-min-excess-bytes=0",
}
PLANTABLE = ("gn.tanh ", "gn.sigmoid ", "gn.sin ", "gn.add ", "gn.mul ", "gn.sub ",
             "gn.maximum ", "gn.neg ", "gn.cos ", "gn.erf ")


def classify(r):
    """(class, detail) of a record, class None when the graph passed."""
    status = r.get("status")
    if status == "eager_error":
        return "generator", r.get("error", "")[:300]
    if status != "ok":
        return "compile_error", (r.get("error_class") or status) + ": " + r.get("error", "")[:300]
    if r.get("compile", {}).get("fallback_ops", 0):
        return "fallback", json.dumps(r["compile"].get("fallback", {}))
    if r.get("correct_at", {}).get("-5", False):
        return None, ""
    f = r.get("fp64_reference", {})
    why = f.get("attribution", "")
    if not f.get("compiled_correct_at", {}).get("-3", True) and \
            f.get("eager_correct_at", {}).get("-3", False):
        return "miscompile", why
    return "rounding", why


class Runner:
    def __init__(self, gn_eval, form, jobs, work, plant):
        self.gn_eval, self.jobs, self.work = gn_eval, jobs, work
        options = FORMS[form]
        if plant:
            options = (options + " test-miscompile=true").strip()
        self.options = options
        self.runs = 0

    def run(self, paths, jobs=None):
        out = os.path.join(self.work, "records.jsonl")
        if os.path.exists(out):
            os.remove(out)
        cmd = [self.gn_eval, "run", *paths, "--mode", "compiled", "--trials", "1", "--warmup", "0",
               "--reference", "fp64", "--jobs", str(jobs or self.jobs), "--timeout", "60",
               "--memory-limit", "4G", "--out", out]
        if self.options:
            cmd += ["--pipeline-options", self.options]
        subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.runs += 1
        records = {}
        if os.path.exists(out):
            for line in open(out):
                try:
                    r = json.loads(line)
                except ValueError:
                    continue
                records[r.get("sample")] = r
        return records

    def check(self, text):
        path = os.path.join(self.work, "candidate.mlir")
        with open(path, "w") as f:
            f.write(text)
        r = self.run([path], jobs=1).get(path)
        return classify(r) if r else ("compile_error", "no record")


def same(a, b):
    """Whether a candidate's finding is the original's: same class, and for a
    failure the same error class."""
    if a[0] != b[0]:
        return False
    if a[0] == "compile_error":
        return a[1].split(":")[0] == b[1].split(":")[0]
    return True


def plant(graph, rng):
    """Marks one live elementwise op of `graph` with gn.test.miscompile."""
    live_names = set(graph.outputs)
    for o in reversed(graph.ops):
        if o.result.name in live_names:
            live_names.update(o.operands)
    cands = [o for o in graph.ops if o.result.name in live_names and o.result.dtype == "f32" and
             o.text.startswith(PLANTABLE) and "{{" not in o.text and o.result.numel() > 0]
    if not cands:
        return False
    o = rng.choice(cands)
    o.text = o.text.replace(" : ", " {{gn.test.miscompile}} : ", 1)
    return True


def shrink(graph, finding, runner, budget=150):
    """The smallest graph found that still shows `finding`."""
    best = copy.deepcopy(graph)
    tries = 0

    def still(candidate):
        nonlocal tries
        tries += 1
        return same(runner.check(candidate.render()), finding)

    # 1. one output at a time
    if len(best.outputs) > 1:
        for name in list(best.outputs):
            if tries >= budget:
                break
            c = copy.deepcopy(best)
            c.outputs = [name]
            if still(c):
                best = c
                break
    changed = True
    while changed and tries < budget:
        changed = False
        values = {v.name: v for v, *_ in best.args}
        values.update({o.result.name: o.result for o in best.ops})
        live = set(best.outputs)
        for o in reversed(best.ops):
            if o.result.name in live:
                live.update(o.operands)
        for o in reversed(best.ops):
            if tries >= budget or o.result.name not in live:
                continue
            # 2. bypass: readers of o read an operand of o's type instead
            for src in o.operands:
                v = values[src]
                if v.shape == o.result.shape and v.dtype == o.result.dtype:
                    c = _replace(best, o.result.name, src)
                    if still(c):
                        best, changed = c, True
                        break
            if changed:
                break
            # 3. cut: a computed f32 operand becomes an input
            for src in o.operands:
                v = values[src]
                is_arg = src in {a.name for a, *_ in best.args}
                is_const = any(p.result.name == src and p.text.startswith("gn.constant")
                               for p in best.ops)
                if is_arg or is_const or v.dtype != "f32":
                    continue
                c = copy.deepcopy(best)
                arg = c.arg(v.shape)
                c = _replace(c, src, arg.name, keep=o.result.name)
                if still(c):
                    best, changed = c, True
                    break
            if changed:
                break
    return best, tries


def _replace(graph, old, new, keep=None):
    """A copy where readers of `old` read `new` (with `keep`: only the op
    defining `keep`)."""
    c = copy.deepcopy(graph)
    for o in c.ops:
        if keep is None or o.result.name == keep:
            o.operands = [new if n == old else n for n in o.operands]
    if keep is None:
        c.outputs = [new if n == old else n for n in c.outputs]
    return c


def main():
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--gn-eval", required=True)
    p.add_argument("--form", choices=sorted(FORMS), default="cpu")
    p.add_argument("--seconds", type=float, default=60)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--batch", type=int, default=48)
    p.add_argument("--jobs", type=int, default=2)
    p.add_argument("--out", default="build-fuzz/diff")
    p.add_argument("--plant", action="store_true")
    p.add_argument("--shrink-budget", type=int, default=150)
    a = p.parse_args()
    work = os.path.join(a.out, "work", a.form)
    os.makedirs(work, exist_ok=True)
    runner = Runner(a.gn_eval, a.form, a.jobs, work, a.plant)
    counts = {"graphs": 0, "passed": 0, "rounding": 0, "miscompile": 0, "compile_error": 0,
              "fallback": 0, "generator": 0, "planted": 0}
    found, rounding = [], []
    start = time.time()
    seed = a.seed
    while time.time() - start < a.seconds:
        graphs, paths = {}, []
        for s in range(seed, seed + a.batch):
            g = graphgen.generate(s)
            if a.plant:
                if not plant(g, random.Random(s)):
                    continue
                counts["planted"] += 1
            path = os.path.join(work, f"g{s}.mlir")
            with open(path, "w") as f:
                f.write(g.render())
            graphs[path] = (s, g)
            paths.append(path)
        seed += a.batch
        records = runner.run(paths)
        for path in paths:
            s, g = graphs[path]
            counts["graphs"] += 1
            r = records.get(path)
            cls, detail = classify(r) if r else ("compile_error", "no record")
            if cls is None:
                counts["passed"] += 1
                continue
            counts[cls] += 1
            if cls == "rounding":
                rounding.append(s)
                continue
            small, tries = shrink(g, (cls, detail), runner, a.shrink_budget)
            folder = os.path.join(a.out, cls)
            os.makedirs(folder, exist_ok=True)
            stem = os.path.join(folder, f"{a.form}-g{s}")
            with open(stem + ".mlir", "w") as f:
                f.write(g.render())
            with open(stem + ".min.mlir", "w") as f:
                f.write(f"// {cls}: {detail}\n// {a.form}, graph seed {s}, shrunk in {tries} runs\n")
                f.write(small.render())
            found.append({"class": cls, "seed": s, "detail": detail, "min": stem + ".min.mlir",
                          "ops": small.render().count(" = gn.")})
            print(f"FOUND {cls} g{s} ({a.form}): {detail[:160]}\n  shrunk: {stem}.min.mlir",
                  flush=True)
        print(f"[{time.time() - start:6.0f} s] {a.form}: {counts['graphs']} graphs, "
              f"{counts['passed']} passed, {counts['rounding']} rounding, "
              f"{len(found)} findings", flush=True)
    counts["seconds"] = round(time.time() - start, 1)
    counts["seeds"] = [a.seed, seed - 1]
    counts["form"] = a.form
    with open(os.path.join(a.out, f"summary-{a.form}.json"), "w") as f:
        json.dump({"counts": counts, "findings": found, "rounding_seeds": rounding}, f, indent=1)
    print(f"{a.form}: {counts['graphs']} graphs (seeds {a.seed}..{seed - 1}) in "
          f"{counts['seconds']} s: {counts['passed']} passed, {counts['rounding']} rounding "
          f"differences, {counts['miscompile']} miscompiles, {counts['compile_error']} compile "
          f"errors, {counts['fallback']} fallbacks, {counts['generator']} generator errors")
    if a.plant:
        print(f"planted: {counts['planted']} graphs, {counts['miscompile']} found")
        return 0 if counts["miscompile"] and counts["compile_error"] == 0 else 1
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main())
