"""Compares two gn-eval --dump folders output by output at tolerance t
(GraphNet's f32 rule): prints a line per model and `N passed, N failed`."""
import os
import sys

import numpy as np

a_dir, b_dir, t = sys.argv[1], sys.argv[2], float(sys.argv[3])
passed = failed = 0
for name in sorted(os.listdir(a_dir)):
    ok = True
    ed = os.path.join(a_dir, name, "eager")
    for f in sorted(os.listdir(ed)):
        a = np.load(os.path.join(ed, f)).astype(np.float64)
        b = np.load(os.path.join(b_dir, name, "eager", f)).astype(np.float64)
        tol = 10.0 ** t + 10.0 ** (5.886 * t / 5) * np.abs(a)
        ok &= a.shape == b.shape and bool(np.all((np.abs(a - b) <= tol) | (np.isnan(a) & np.isnan(b))))
    print(("pass " if ok else "FAIL ") + name)
    passed += ok
    failed += not ok
print(f"{passed} passed, {failed} failed")
