#!/usr/bin/python3
"""Compares gn's eager outputs with committed goldens (numpy only, no PyTorch).

    test/tools/check_goldens.py --goldens DIR --dump DUMP [--t -5] [--layout ops|flat]
                             [--case REGEX] [--verbose] [--records R.jsonl]

DUMP is a `gn-eval run ... --mode eager --dump DUMP` folder; gn's outputs are
DUMP/<case>/eager/<i>.npy. The goldens are

* --layout ops (default): DIR/<case>/expected/<i>.npy (test/tools/make_op_goldens.py
  writes these under test/goldens/ops);
* --layout flat: DIR/<sample>/<i>.npy (the real-sample goldens that
  `conformance/conformance.py --refs` writes).

bfloat16 tensors are stored as uint16 bit patterns on both sides (gn supports
no uint16 dtype, so uint16 always means bfloat16).

Rule (GraphNet's): shapes, dtypes and the number of outputs must match;
integer and bool outputs must be equal; a float output passes at tolerance
level t when every element has |a - b| <= atol(t) + rtol(t) * |b| (b the
golden), where

    float16   atol 10^t       rtol 10^(3t/5)
    bfloat16  atol 10^t       rtol 10^(1.796t/5)
    float32   atol 10^t       rtol 10^(5.886t/5)
    float64   atol 10^(7t/5)  rtol 10^(7t/5)

NaN against NaN and equal infinities count as equal. With --side compiled and
--records (the run's JSONL), a case whose compiled program handed an op to
the interpreter (the record's compile.fallback) fails too, naming the ops:
a compiled program has no fallback (issue 41). One line per case:
pass/FAIL, the tightest integer t in [-10, 1] at which the case passes
('t=none' if it fails even at t=1) and the largest absolute difference over
its float outputs; a failing case also says why. The last line is exactly
`N passed, N failed`; the exit status is 1 if any case failed (or none was
found).
"""
import argparse
import json
import os
import re
import sys

import numpy as np

TOL = {  # storage kind -> (atol(t), rtol(t))
    "float16": (lambda t: 10.0**t, lambda t: 10.0 ** (3 * t / 5)),
    "bfloat16": (lambda t: 10.0**t, lambda t: 10.0 ** (1.796 * t / 5)),
    "float32": (lambda t: 10.0**t, lambda t: 10.0 ** (5.886 * t / 5)),
    "float64": (lambda t: 10.0 ** (7 * t / 5), lambda t: 10.0 ** (7 * t / 5)),
}
T_RANGE = range(-10, 2)


def kind_of(a):
    """Logical dtype name of a loaded array (uint16 -> bfloat16)."""
    if a.dtype == np.uint16:
        return "bfloat16"
    return a.dtype.name


def as_float64(a):
    if a.dtype == np.uint16:  # bfloat16 bit patterns -> exact float32 -> float64
        return (a.astype(np.uint32) << np.uint32(16)).view(np.float32).astype(np.float64)
    return a.astype(np.float64)


class Compared:
    """One output's comparison: enough to answer 'passes at t?' for any t."""

    def __init__(self, actual, expected):
        self.error = None
        self.kind = kind_of(expected)
        self.max_abs = None
        self.worst = None
        self.size = expected.size
        if actual.shape != expected.shape:
            self.error = f"shape {list(actual.shape)} != expected {list(expected.shape)}"
            return
        if kind_of(actual) != self.kind:
            self.error = f"dtype {kind_of(actual)} != expected {self.kind}"
            return
        self.float = self.kind in TOL
        if not self.float:
            diff = actual != expected
            self.nbad = int(diff.sum())
            if expected.size and expected.dtype != np.bool_:
                d = np.abs(actual.astype(np.float64) - expected.astype(np.float64))
                self.max_abs = float(d.max())
            elif expected.size:
                self.max_abs = float(self.nbad > 0)
            if self.nbad:
                i = int(np.flatnonzero(diff.reshape(-1))[0])
                self.worst = (np.unravel_index(i, expected.shape), actual.reshape(-1)[i],
                              expected.reshape(-1)[i])
            return
        a, e = as_float64(actual), as_float64(expected)
        self.a, self.e = a, e
        special = (np.isnan(a) & np.isnan(e)) | (np.isinf(a) & np.isinf(e) & (a == e))
        with np.errstate(invalid="ignore"):
            d = np.abs(a - e)
        d = np.where(special, 0.0, d)
        d = np.where(np.isnan(d), np.inf, d)  # NaN against a number, inf against finite
        self.diff = d
        self.abs_e = np.where(np.isfinite(e), np.abs(e), 0.0)
        self.max_abs = float(d.max()) if d.size else 0.0

    def bad_mask(self, t):
        atol, rtol = TOL[self.kind][0](t), TOL[self.kind][1](t)
        return ~(self.diff <= atol + rtol * self.abs_e)

    def passes(self, t):
        if self.error:
            return False
        if not self.float:
            return self.nbad == 0
        return not bool(self.bad_mask(t).any())

    def explain(self, t):
        if self.error:
            return self.error
        if not self.float:
            idx, got, want = self.worst
            return (f"{self.nbad} of {self.size} elements differ; first at "
                    f"{tuple(int(i) for i in idx)}: got {got!r}, expected {want!r}")
        bad = self.bad_mask(t)
        # the element that misses its tolerance by the largest factor
        atol, rtol = TOL[self.kind][0](t), TOL[self.kind][1](t)
        ratio = np.where(bad, self.diff / (atol + rtol * self.abs_e), -1.0)
        i = int(np.argmax(ratio.reshape(-1)))
        idx = np.unravel_index(i, self.e.shape) if self.e.ndim else ()
        return (f"{int(bad.sum())} of {bad.size} elements out of tolerance at t={t:g}; worst at "
                f"{tuple(int(j) for j in idx)}: got {self.a.reshape(-1)[i]!r}, "
                f"expected {self.e.reshape(-1)[i]!r}")


def numbered_npys(folder):
    """{index: path} for the files <i>.npy in folder."""
    out = {}
    if not os.path.isdir(folder):
        return out
    for f in os.listdir(folder):
        m = re.fullmatch(r"(\d+)\.npy", f)
        if m:
            out[int(m.group(1))] = os.path.join(folder, f)
    return out


def find_cases(goldens, layout):
    cases = []
    for name in sorted(os.listdir(goldens)):
        d = os.path.join(goldens, name)
        if not os.path.isdir(d):
            continue
        exp = {"ops": os.path.join(d, "expected"), "dump": os.path.join(d, "eager")}.get(layout, d)
        if numbered_npys(exp):
            cases.append((name, exp))
    return cases


def check_case(name, expected_dir, dump, t, side="eager"):
    """-> (passed, tightest_t or None, max_abs_diff or None, reason)"""
    want = numbered_npys(expected_dir)
    got = numbered_npys(os.path.join(dump, name, side))
    if sorted(want) != list(range(len(want))):
        return False, None, None, f"golden outputs are not numbered 0..{len(want) - 1}"
    if not got:
        return False, None, None, f"no {side} outputs in the dump (gn failed to import, compile or run it?)"
    if sorted(got) != sorted(want):
        return False, None, None, f"{len(got)} outputs, expected {len(want)}"
    comps = []
    for i in range(len(want)):
        try:
            e = np.load(want[i], allow_pickle=False)
            a = np.load(got[i], allow_pickle=False)
        except Exception as ex:  # unreadable file
            return False, None, None, f"output {i}: cannot load: {ex}"
        comps.append(Compared(a, e))
    tight = None
    for tt in T_RANGE:
        if all(c.passes(tt) for c in comps):
            tight = tt
            break
    diffs = [c.max_abs for c in comps if c.max_abs is not None and not c.error]
    max_abs = max(diffs) if diffs else None
    passed = all(c.passes(t) for c in comps)
    reason = ""
    if not passed:
        parts = []
        for i, c in enumerate(comps):
            if not c.passes(t):
                parts.append(f"out {i} ({c.kind}): {c.explain(t)}")
        reason = "; ".join(parts)
    return passed, tight, max_abs, reason


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--goldens", required=True, help="golden folder")
    ap.add_argument("--dump", required=True, help="gn-eval --dump folder")
    ap.add_argument("--t", type=float, default=-5, help="tolerance level (default -5)")
    ap.add_argument("--layout", choices=("ops", "flat", "dump"), default="ops",
                    help="ops: DIR/<case>/expected/<i>.npy; flat: DIR/<sample>/<i>.npy; "
                         "dump: DIR/<case>/eager/<i>.npy (another gn-eval --dump)")
    ap.add_argument("--side", choices=("eager", "compiled"), default="eager",
                    help="which of gn's outputs in DUMP to check (default eager)")
    ap.add_argument("--case", help="only cases whose name matches this regex (re.search)")
    ap.add_argument("--quiet", action="store_true", help="print only failing cases and the total")
    ap.add_argument("--records", help="the gn-eval run's JSONL: with --side compiled, a case "
                    "whose compiled program fell back to the interpreter fails")
    ap.add_argument("--xfail", help="file of known failures, one 'case  # reason' per line: "
                    "they print XFAIL and do not count as failed; one that passes prints XPASS")
    args = ap.parse_args(argv)

    if not os.path.isdir(args.goldens):
        print(f"error: no folder '{args.goldens}'", file=sys.stderr)
        print("0 passed, 0 failed")
        return 1
    cases = find_cases(args.goldens, args.layout)
    if args.case:
        cases = [c for c in cases if re.search(args.case, c[0])]
    if not cases:
        print(f"error: no goldens found in '{args.goldens}' (layout {args.layout})",
              file=sys.stderr)
        print("0 passed, 0 failed")
        return 1
    xfail = {}
    if args.xfail:
        for line in open(args.xfail):
            name, _, why = line.partition("#")
            if name.strip():
                xfail[name.strip()] = why.strip()
    fallbacks = {}  # case -> "op x N, ..." where its compiled program used the interpreter
    if args.records and args.side == "compiled":
        for line in open(args.records):
            try:
                r = json.loads(line)
            except ValueError:
                continue
            used = (r.get("compile") or {}).get("fallback") or {}
            if used:
                case = os.path.basename(os.path.normpath(r.get("sample", "")))
                fallbacks[case] = ", ".join(f"{op} x {n}" for op, n in sorted(used.items()))
    passed = failed = expected = 0
    width = max(len(n) for n, _ in cases)
    for name, exp in cases:
        ok, tight, max_abs, reason = check_case(name, exp, args.dump, args.t, args.side)
        if name in fallbacks:
            ok = False
            reason = "; ".join(x for x in (reason, "interpreter fallback: " + fallbacks[name]) if x)
        if name in xfail:
            ts = f"t={tight}" if tight is not None else "t=none"
            if ok:
                passed += 1
                print(f"XPASS {name:<{width}}  {ts:<6} (listed in --xfail; remove it there)")
            else:
                expected += 1
                print(f"XFAIL {name:<{width}}  {ts:<6} {xfail[name]}")
            continue
        passed += ok
        failed += not ok
        if ok and args.quiet:
            continue
        ts = f"t={tight}" if tight is not None else "t=none"
        ds = f"max_abs_diff={max_abs:.3g}" if max_abs is not None else "max_abs_diff=-"
        line = f"{'pass' if ok else 'FAIL'}  {name:<{width}}  {ts:<6} {ds}"
        if not ok:
            line += f"  [{reason}]"
        print(line, flush=True)
    if expected:
        print(f"({expected} known failures, see {args.xfail})")
    print(f"{passed} passed, {failed} failed")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
