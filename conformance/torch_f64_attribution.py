#!/usr/bin/env python3
"""Who is closer to the truth when gn and eager PyTorch disagree on a torch
sample: runs the sample's model.py eagerly in PyTorch, gn's interpreter and
gn's compiled code on the same inputs (the ones gn synthesizes), and the
model again in float64 (every floating input and weight cast to f64; casts
written in model.py still round), then prints per output the tightest t of gn
against PyTorch and each side's largest absolute error against the f64 run.

    PYTHONPATH=build/python scripts/torch-env.sh python conformance/torch_f64_attribution.py SAMPLE_DIR...
"""
import os
import sys

import numpy as np
import torch

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
from check_torch_backend import inputs_of  # noqa: E402
from conformance import flatten, load_module, tightest_t  # noqa: E402

import gn  # noqa: E402


def as_torch(array, like):
    t = torch.from_numpy(np.ascontiguousarray(array))
    return t.view(torch.bfloat16) if like.dtype == torch.bfloat16 else t


def max_error(t, ref):
    return (t.double() - ref.double()).abs().max().item() if t.numel() else 0.0


def main():
    if len(sys.argv) < 2:
        print(__doc__)
        return 2
    torch.set_num_threads(2)
    for path in sys.argv[1:]:
        module = gn.import_sample(path)
        kwargs = inputs_of(path, module)
        fresh = lambda cast: {k: cast(v) if isinstance(v, torch.Tensor) else v  # noqa: E731
                              for k, v in kwargs.items()}
        with torch.no_grad():
            pt = flatten(load_module(path)(**fresh(lambda v: v.clone())))
            ref = flatten(load_module(path)(**fresh(
                lambda v: v.double() if v.is_floating_point() else v.clone())))
        inputs = module.synthesize_inputs()
        eager = module.run_eager(*inputs)
        compiled = gn.compile(module, "cpu")(*inputs)
        print(path)
        for i, (p, e, c, r) in enumerate(zip(pt, eager, compiled, ref)):
            e, c = as_torch(e, p), as_torch(c, p)
            print(f"  output {i} {tuple(p.shape)} {str(p.dtype).replace('torch.', '')}: "
                  f"t(gn eager, PyTorch)={tightest_t(e, p)} t(gn compiled, PyTorch)={tightest_t(c, p)}"
                  f" | max error against f64: PyTorch {max_error(p, r):.3g}, gn eager "
                  f"{max_error(e, r):.3g}, gn compiled {max_error(c, r):.3g}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
