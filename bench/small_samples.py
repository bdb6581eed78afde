#!/usr/bin/env python3
"""Lists GraphNet sample folders whose tensors (weights + inputs) hold fewer
than --max-elements elements in total, smallest first. Reads only the meta
files (shape lines), so it needs no third-party packages."""
import argparse
import os
import re

SHAPE = re.compile(r"^\s*shape\s*=\s*\[([^\]]*)\]", re.M)


def elements(folder):
    total = 0
    for name in ("weight_meta.py", "input_meta.py"):
        path = os.path.join(folder, name)
        if not os.path.exists(path):
            continue
        with open(path) as f:
            for m in SHAPE.finditer(f.read()):
                n = 1
                for d in m.group(1).split(","):
                    d = d.strip()
                    if d:
                        n *= max(int(d), 1) if d.lstrip("-").isdigit() else 1
                total += n
    return total


def main():
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("root")
    ap.add_argument("--max-elements", type=int, default=10_000_000)
    ap.add_argument("--limit", type=int, default=0)
    args = ap.parse_args()
    found = []
    for dirpath, _, files in os.walk(args.root):
        if "model.py" in files:
            n = elements(dirpath)
            if n <= args.max_elements:
                found.append((n, dirpath))
    found.sort()
    if args.limit:
        found = found[: args.limit]
    for n, d in found:
        print(d)


if __name__ == "__main__":
    main()
