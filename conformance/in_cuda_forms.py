#!/usr/bin/env python3
"""Runs one of the check_torch_*.py scripts with torch.compile's "gn"
backend compiling the CUDA kernels' forms for the host (the kernels gn
emits for CUDA, run on the CPU), so that its cases check those kernels too;
prints how many graphs that backend compiled. No GPU needed:

    PYTHONPATH=build/python scripts/torch-env.sh python conformance/in_cuda_forms.py \\
        conformance/check_torch_functions.py [ARGS...]
"""
import atexit
import os
import runpy
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                                "python"))
sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import gn.torch_backend as torch_backend  # noqa: E402
from torch._dynamo.backends import registry  # noqa: E402

from check_torch_special_values import CUDA_FORMS  # noqa: E402

graphs = [0]


def in_forms(gm, example_inputs, **kwargs):
    graphs[0] += 1
    return torch_backend.gn_backend(gm, example_inputs, pipeline_options=CUDA_FORMS)


if len(sys.argv) < 2:
    sys.exit(__doc__)
# The name the scripts ask for, "gn", now compiles the forms.
registry._COMPILER_FNS["gn"] = in_forms
atexit.register(lambda: print(f"graphs compiled in the CUDA kernels' forms: {graphs[0]}"))
sys.argv = sys.argv[1:]
runpy.run_path(sys.argv[0], run_name="__main__")
