#!/usr/bin/env python3
"""Checks that python-bindings/gn/inputs.py (numpy) reproduces gn's C++ input synthesis
byte for byte.

    synthesis_mirror_check.py --specs SPECS.json --seed N --bin-dir DIR
    synthesis_mirror_check.py --specs SPECS.json --seed N --dump-tool PATH [--fan-in]

With --bin-dir, DIR holds <index>.bin files written by SynthesisDump
(test/unit/SynthesisDump.cpp). With --dump-tool, the tool is run into a
temporary directory first (several seeds may be given: --seed 0 --seed 7).
With --fan-in, both sides draw each spec's fan-in spec (a spec's "kind":
weight or input), the tool with its `fan-in` argument.
Prints one line per mismatching tensor (first differing element, both
values) and a summary; exits 1 on any mismatch, 0 when all agree.
"""

import argparse
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.join(HERE, "..", "..", "python-bindings", "gn"))  # inputs.py alone

import numpy as np  # noqa: E402

import inputs as gn_inputs  # noqa: E402


def compare(specs, seed, bin_dir, fan_in=False):
    failures = 0
    for i, spec in enumerate(specs):
        if fan_in:
            spec = gn_inputs.fan_in_spec(spec, spec.get("kind") == "weight")
        path = os.path.join(bin_dir, "%d.bin" % i)
        name = spec.get("name", "")
        if not os.path.exists(path):
            print("MISSING seed=%d #%d %s: %s" % (seed, i, name, path))
            failures += 1
            continue
        with open(path, "rb") as f:
            got = f.read()
        want = gn_inputs.synthesize_bytes(spec, seed, i)
        if got == want:
            continue
        failures += 1
        size = gn_inputs.element_size(spec.get("dtype", "torch.float32"))
        msg = "MISMATCH seed=%d #%d %s (%s): C++ %d bytes, numpy %d bytes" % (
            seed, i, name, spec.get("dtype"), len(got), len(want))
        n = min(len(got), len(want)) // size
        a = np.frombuffer(got[:n * size], dtype="<u%d" % size if size > 1 else "u1")
        b = np.frombuffer(want[:n * size], dtype="<u%d" % size if size > 1 else "u1")
        diff = np.nonzero(a != b)[0]
        if diff.size:
            k = int(diff[0])
            msg += "; %d elements differ, first at %d: C++ 0x%x numpy 0x%x" % (
                diff.size, k, int(a[k]), int(b[k]))
        print(msg)
    return failures


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--specs", required=True)
    ap.add_argument("--seed", type=lambda s: int(s, 0), action="append")
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--bin-dir")
    where.add_argument("--dump-tool")
    ap.add_argument("--fan-in", action="store_true")
    args = ap.parse_args(argv)
    seeds = args.seed or [0]
    if args.bin_dir and len(seeds) != 1:
        ap.error("--bin-dir takes exactly one --seed")

    specs = gn_inputs.load_specs(args.specs)
    failures = 0
    for seed in seeds:
        if args.bin_dir:
            failures += compare(specs, seed, args.bin_dir, args.fan_in)
            continue
        with tempfile.TemporaryDirectory() as tmp:
            r = subprocess.run([args.dump_tool, args.specs, str(seed), tmp] +
                               (["fan-in"] if args.fan_in else []))
            if r.returncode != 0:
                print("FAIL: %s exited with %d" % (args.dump_tool, r.returncode))
                return 1
            failures += compare(specs, seed, tmp, args.fan_in)
    total = len(specs) * len(seeds)
    if failures:
        print("FAIL: %d of %d tensors differ" % (failures, total))
        return 1
    print("OK: %d tensors (%d specs x %d seeds) identical" % (total, len(specs), len(seeds)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
