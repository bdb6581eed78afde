"""Summarizes the fp64_reference record of each result line."""
import json
import os
import sys

for line in open(sys.argv[1]):
    r = json.loads(line)
    f = r["fp64_reference"]
    name = os.path.basename(r["sample"])
    eager = f["eager_correct_at"]["-5"]
    if "compiled_correct_at" not in f:
        print(f"{name}: eager only; eager within t = -5 of f64: {eager}")
        continue
    side = "matches" if r["correct_at"]["-5"] else "misses"
    print(f"{name}: compiled {side} eager; eager within t = -5 of f64: {eager}; "
          f"compiled: {f['compiled_correct_at']['-5']}; "
          f"attribution: {f.get('attribution', 'none')}")
