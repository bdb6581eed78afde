"""Host time gn.cuda.Caller spends per call checking the caller's tensors
(issue 40: gn through Python against gn's own runner), on CPU tensors: the
checks read only Python-side fields (identity, torch's version counter,
data_ptr), so no GPU is needed. Prints microseconds per call for N tensors
passed again unchanged (the weights of every call), beside the floor of
reading those fields at all.

    scripts/torch-env.sh python bench/python_call_overhead.py [N ...]

2026-11-30, this 2-core machine, torch 2.15: 600 tensors, the check 125 us a
call; reading _version alone 43 us, data_ptr() alone 94 us (map at C
speed), identity alone 11 us. A torch tensor moved by `t.data = other`
keeps its version counter, so the address must be read each call: the
per-tensor floor is torch's own accessors, about 0.2 us a tensor (the slope
of gn-py's extra time over the runner's on the H200, 2026-11-30).
"""
import operator
import os
import sys
import timeit

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                                "python"))
import torch  # noqa: E402

from gn import cuda as gn_cuda  # noqa: E402


def main():
    counts = [int(a) for a in sys.argv[1:]] or [50, 200, 600]
    print(f"torch {torch.__version__}; microseconds per call (median of 5 x 2000)")
    print(f"{'tensors':>8} {'Caller check':>13} {'identity':>9} {'_version':>9} "
          f"{'data_ptr':>9}")
    for n in counts:
        tensors = [torch.empty(16) for _ in range(n)]
        specs = [{"shape": [16], "dtype": "float32", "name": f"w{i}"} for i in range(n)]
        positions = gn_cuda._Positions(specs, "argument", None)
        # CPU tensors stand for CUDA ones: the first call's description
        # (is_cuda, device, contiguity) is replaced; later calls skip it.
        saved = gn_cuda._describe
        gn_cuda._describe = lambda obj, what: (obj.data_ptr(), obj.numel() * 4,
                                               tuple(obj.shape), "float32")
        try:
            positions.update(tensors)

            def us(f):
                runs = [timeit.timeit(f, number=2000) / 2000 * 1e6 for _ in range(5)]
                return sorted(runs)[2]
            kept = list(tensors)
            check = us(lambda: positions.update(tensors))
            same = us(lambda: all(map(operator.is_, tensors, kept)))
            version = us(lambda: list(map(operator.attrgetter("_version"), tensors)))
            address = us(lambda: list(map(operator.methodcaller("data_ptr"), tensors)))
        finally:
            gn_cuda._describe = saved
        print(f"{n:>8} {check:>13.1f} {same:>9.1f} {version:>9.1f} {address:>9.1f}")


if __name__ == "__main__":
    main()
