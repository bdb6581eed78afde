"""Compares two gn-eval --dump folders byte for byte, sample by sample."""
import os
import sys

a, b = sys.argv[1], sys.argv[2]
for sample in sorted(os.listdir(a)):
    sides = ("inputs", "eager", "compiled")
    for side in sides:
        da, db = os.path.join(a, sample, side), os.path.join(b, sample, side)
        files = sorted(os.listdir(da))
        assert files and files == sorted(os.listdir(db)), (sample, side)
        for f in files:
            with open(os.path.join(da, f), "rb") as x, open(os.path.join(db, f), "rb") as y:
                assert x.read() == y.read(), f"{sample}/{side}/{f} differs"
    print(f"{sample}: inputs, eager and compiled identical")
