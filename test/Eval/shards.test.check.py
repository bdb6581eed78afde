"""Compares a merged (or resumed) result file with an unsharded run: each
sample once, the same samples (--subset: a subset of the unsharded run's),
the same status and correct_at per sample."""
import json
import sys

whole = {}
for line in open(sys.argv[1]):
    r = json.loads(line)
    whole[r["sample"]] = r
merged = [json.loads(line) for line in open(sys.argv[2])]
names = [r["sample"] for r in merged]
assert len(names) == len(set(names)), "a sample twice"
if "--subset" in sys.argv:
    assert set(names) <= set(whole), set(names) - set(whole)
else:
    assert set(names) == set(whole), set(names) ^ set(whole)
for r in merged:
    w = whole[r["sample"]]
    assert r["status"] == w["status"], r["sample"]
    assert r.get("correct_at") == w.get("correct_at"), r["sample"]
print(f"{len(names)} samples, each once, the same as the unsharded run, with the same correctness")
