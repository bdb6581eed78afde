"""Prints the facts test/Eval/compiled.test checks, one line per sample."""
import json
import sys

for line in open(sys.argv[1]):
    r = json.loads(line)
    c, m, b = r["compile"], r["memory"], r["bytes"]
    run_alloc = m["peak_bytes"] - m["arena_bytes"] - m["constant_bytes"] - b["weights"] - b["inputs"]
    name = r["sample"].rstrip("/").split("/")[-1]
    facts = [f"correct_at(-5)={r['correct_at']['-5']}", f"kernels>0={c['kernels'] > 0}",
             f"library_calls={c['library_calls']}", f"fallback_ops={c['fallback_ops']}",
             f"inplace={c['inplace']}"]
    if c["fallback"]:
        facts.append(f"fallback={dict(sorted(c['fallback'].items()))}")
    else:
        # What the first run allocated (measured) holds at least its outputs.
        facts += [f"flops>0={r['flops'] > 0}",
                  f"run_alloc>=outputs={run_alloc >= b['outputs']}",
                  f"arena>=bound={m['arena_bytes'] >= m['arena_bound_bytes'] > 0}"]
    print(name, " ".join(facts))
