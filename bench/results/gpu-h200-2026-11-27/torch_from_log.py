#!/usr/bin/env python3
"""Rebuild torch.jsonl from bench-gpu.sh's log (this run's torch.jsonl did
not come back: the device tool returns 8 files and the run wrote 9).

    python3 torch_from_log.py log.txt > torch-from-log.jsonl

bench_torch_gpu.py prints one progress line per sample and mode,
"[i/N] Ts SAMPLE eager_ms=.. inductor_ms=.. inductor_ro_ms=.. eager_t=..
inductor_ro_t=.. inductor_ro_compile_s=..", then its error indented. The
lines of one sample merge as gpu_report.py merges split runs. The log has
no inductor_t (Inductor default's tolerance): those records lack it, so
Inductor default counts as not checked; report.txt, made on the device
from the real torch.jsonl, has its y/n."""
import json
import re
import sys

line_re = re.compile(r"^\[\d+/\d+\] \d+s (\S+) (.*)$")
records, last = {}, None
for line in open(sys.argv[1]):
    line = line.rstrip("\n")
    m = line_re.match(line)
    if m:
        name, fields = m.groups()
        r = records.setdefault(name, {"sample": name, "torch": "2.11.0+cu130",
                                      "gpu": "NVIDIA H200", "error": None})
        for key, value in (f.split("=", 1) for f in fields.split()):
            if value != "None":
                r[key] = int(value) if key.endswith("_t") else float(value)
        last = r
    elif line.startswith("    ") and last is not None and line.strip():
        # The first line of the error only (the rest is PyTorch's hints).
        text = line.strip()
        if text.split(" ")[0].endswith(("Error", "Exception")):
            last["error"] = "; ".join(e for e in (last["error"], text) if e)
    elif line.startswith(("==", "[")):
        last = None
for r in records.values():
    print(json.dumps(r))
