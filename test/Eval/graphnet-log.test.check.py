"""Reads a GraphNet harness log by GraphNet's rules (a reimplementation for
test/Eval/graphnet-log.test, from graph_net_bench/analysis_util.py and
test_compiler_util.py at 1dcbd6690) and checks it against gn-eval's JSON
records, field by field; then its scores against gn-eval score's.

    graphnet-log.test.check.py RECORDS.jsonl RUN.log SCORE.json PROMPT
    graphnet-log.test.check.py --same-scores A.json B.json
"""
import json
import math
import re
import sys


def parse(path):
    """analysis_util.parse_logs_to_data + parse_single_sample_log_to_data."""
    pats = {k: re.compile(v) for k, v in {
        "config": r"\[Config\] (\S+): (.+)", "performance": r"\[Performance\]\[(\w+)\]: (.+)",
        "datatype": r"\[Datatype\]\[(\w+)\]: (.+)", "correctness": r"\[Correctness\](\[.+\]): (.+)",
        "speedup": r"\[Speedup\]\[(\w+)\]: (.+)"}.items()}
    blocks, cur = [], None
    for line in open(path):
        if "[Processing]" in line:
            cur = [line]
            blocks.append(cur)
        elif cur is not None:
            cur.append(line)
    samples = []
    for lines in blocks:
        d = {"model_path": lines[0].split()[-1], "prompt": lines[0].split()[0], "configuration": {},
             "correctness": {}, "performance": {"datatype": {}, "speedup": {}}}
        for line in lines[1:]:
            for kind, pat in pats.items():
                m = pat.search(line)
                if not m:
                    continue
                k, v = m.groups()
                if kind == "config":
                    d["configuration"][k] = v.strip()
                elif kind == "performance":
                    d["performance"][k] = v.strip()
                elif kind == "datatype":
                    d["performance"]["datatype"][k] = v.split()
                elif kind == "correctness":
                    d["correctness"][k] = [int(x) if "." not in x else float(x) for x in v.split()]
                else:
                    d["performance"]["speedup"][k] = float(v)
                break
        d["status"] = status(lines)
        samples.append(d)
    return samples


def status(lines):
    """analysis_util.detect_sample_status."""
    eager = compiled = shape = dtype = False
    for line in lines:
        if "[Datatype][eager]" in line:
            eager = True
        elif "[Datatype][compiled]" in line:
            compiled = True
        elif "[Shape]" in line and "match:True" in line:
            shape = True
        elif "[DataType]" in line and "match:True" in line:
            dtype = True
        elif "all_close" in line:
            shape = eager = compiled = True
    runtime = any("Exception:" in x or "Error:" in x for x in lines)
    if not eager:
        return "eager_fail"
    if not compiled:
        return "compile_fail"
    if not shape:
        return "shape_mismatch"
    if not dtype:
        return "type_mismatch"
    return "runtime_fail" if runtime else "correct"


def precision(t, dtype):
    """datatype_tolerance_config.get_precision -> (atol, rtol)."""
    e = {"float16": (3 / 5, 1), "bfloat16": (1.796 / 5, 1), "float32": (5.886 / 5, 1),
         "float64": (7 / 5, 7 / 5)}.get(dtype)
    if e is None:
        return 0, 0
    return 10 ** (t * e[1]), 10 ** (t * e[0])


def key(t, dtype):
    atol, rtol = precision(t, dtype)
    return "[equal]" if atol == 0 and rtol == 0 else f"[all_close_atol_{atol:.2E}_rtol_{rtol:.2E}]"


def correct(sample, t):
    """analysis_util.check_sample_correctness -> fail type or None."""
    if sample["status"] != "correct":
        return sample["status"]
    dtypes = sample["performance"]["datatype"].get("eager", [])
    c = sample["correctness"]
    ok = all(bool(c.get(key(t, dtypes[i]), [])[i:i + 1] and c[key(t, dtypes[i])][i])
             for i in range(len(c.get("[equal]", []))))
    return None if ok else "accuracy"


def scores(samples, p=0.0, b=0.1):
    """analysis_util.calculate_scores (S and ES; errors tolerated per
    DefaultPositiveToleranceInterpretation, eager failures never)."""
    def tolerated(t, fail):
        if fail == "accuracy":
            return t >= 1
        if fail == "eager_fail":
            return False
        return t >= 3
    out = {}
    frozen = [correct(s, 1) for s in samples]
    for t in range(-10, 5):
        s_vals, es_vals = [], []
        for s, f1 in zip(samples, frozen):
            fail = correct(s, t)
            sp = s["performance"]["speedup"].get("e2e")
            rect = lambda x: x ** (p + 1) if x < 1 else x
            s_vals.append(b if fail else rect(sp))
            if t < 1:
                es_vals.append(s_vals[-1])
            else:
                es_vals.append(rect(sp) if f1 is None else (1 if tolerated(t, f1) else b))
        g = lambda xs: math.exp(sum(map(math.log, xs)) / len(xs))
        out[t] = (g(s_vals) if t <= 0 else None, g(es_vals))
    return out


def close(a, b, rel=1e-6):
    return abs(a - b) <= rel * max(abs(a), abs(b), 1e-300)


def same_scores(a_path, b_path):
    a, b = json.load(open(a_path)), json.load(open(b_path))
    assert len(a) == len(b) == 15, (len(a), len(b))
    for x, y in zip(a, b):
        for k in ("S", "ES", "alpha", "beta", "lambda", "eta", "gamma"):
            if x[k] is None or y[k] is None:
                assert x[k] is None and y[k] is None, (k, x, y)
            else:
                assert close(x[k], y[k]), (k, x, y)
    print("scores equal (t = -10..4)")


def main():
    if sys.argv[1] == "--same-scores":
        return same_scores(sys.argv[2], sys.argv[3])
    records = [json.loads(l) for l in open(sys.argv[1])]
    samples = {s["model_path"]: s for s in parse(sys.argv[2])}
    prompt = sys.argv[4]
    gn_class = {"ok": "correct", "eager_error": "eager_fail", "compile_error": "compile_fail",
                "runtime_error": "runtime_fail"}
    families = ["float16", "bfloat16", "float32", "float64"]
    for r in records:
        s = samples[r["sample"]]
        assert s["prompt"] == prompt
        cfg = s["configuration"]
        assert cfg["compiler"] == "gn" and cfg["device"] == "cpu" and cfg["trials"] == "2", cfg
        assert cfg["warmup"] == "1" and cfg["hardware"] and cfg["compile_framework_version"], cfg
        name = r["sample"].rstrip("/").split("/")[-1]
        assert cfg["model"] == name, (cfg["model"], name)
        assert s["status"] == gn_class[r["status"]], (s["status"], r["status"])
        if r["status"] == "ok":
            outs = r["outputs"]
            dt = s["performance"]["datatype"]
            want = [{"f32": "float32", "i64": "int64", "f16": "float16"}[o["dtype"]] for o in outs]
            assert dt["eager"] == want and dt["compiled"] == want, dt
            c = s["correctness"]
            assert c["[equal]"] == [int(o["equal"]) for o in outs]
            for t in range(-10, 6):
                for f in families:
                    atol, rtol = precision(t, f)
                    # the writer's key: each value rounded to 3 digits first
                    k = f"[all_close_atol_{float(f'{atol:.3g}'):.2E}_rtol_{float(f'{rtol:.3g}'):.2E}]"
                    assert c[k] == [int(t >= o["allclose_from_t"][f]) for o in outs], (k, c[k])
            assert all(close(a, o["max_abs_diff"], 1e-8) for a, o in zip(c["[max_diff]"], outs))
            assert all(close(a, o["mean_abs_diff"], 1e-8) for a, o in zip(c["[mean_diff]"], outs))
            for t in range(-10, 2):
                assert (correct(s, t) is None) == r["correct_at"][str(t)], t
            assert close(s["performance"]["speedup"]["e2e"], r["speedup"], 1e-8)
            for side in ("eager", "compiled"):
                e2e = json.loads(s["performance"][side])["e2e"]
                assert close(e2e["median"], r[side]["median_ms"], 1e-12), (side, e2e)
                assert set(e2e) == {"median", "iqr", "mean", "std", "min", "max"}, e2e
        print(name, r["status"], "fields-recovered")
    mine = scores(list(samples.values()))
    theirs = {row["t"]: (row["S"], row["ES"]) for row in json.load(open(sys.argv[3]))}
    for t, (S, ES) in mine.items():
        assert (S is None) == (theirs[t][0] is None), t
        assert S is None or close(S, theirs[t][0]), (t, S, theirs[t])
        assert close(ES, theirs[t][1]), (t, ES, theirs[t])
    print(f"{len(records)} samples; scores from the log equal the JSON lines' (t = -10..4)")


if __name__ == "__main__":
    main()
