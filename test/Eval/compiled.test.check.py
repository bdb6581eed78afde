"""Prints the facts test/Eval/compiled.test checks, one line per sample."""
import json
import sys

for line in open(sys.argv[1]):
    r = json.loads(line)
    c, m = r["compile"], r["memory"]
    name = r["sample"].rstrip("/").split("/")[-1]
    facts = [f"correct_at(-5)={r['correct_at']['-5']}", f"kernels>0={c['kernels'] > 0}",
             f"library_calls={c['library_calls']}", f"fallback_ops={c['fallback_ops']}"]
    if c["fallback"]:
        facts.append(f"fallback={dict(sorted(c['fallback'].items()))}")
    else:
        facts += [f"flops>0={r['flops'] > 0}", f"peak>=io={m['peak_bytes'] >= m['io_bytes']}",
                  f"arena>=bound={m['arena_bytes'] >= m['arena_bound_bytes'] > 0}"]
    print(name, " ".join(facts))
