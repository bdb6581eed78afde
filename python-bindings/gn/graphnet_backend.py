"""A backend for GraphNet's harness (graph_net_bench/torch/test_compiler.py):
its GraphCompilerBackend interface is constructed with a config dict,
`__call__(model)` returns a callable used as `compiled(**inputs)`, and
`synchronize()` waits for the device. Register it in the harness's
compiler_backend_name2class as "gn", or use it directly:

    from gn.graphnet_backend import GnBackend
    compiled = GnBackend({})(model)
    outputs = compiled(**inputs)
"""
import torch

from . import __version__
from .torch_backend import gn_backend


class GnBackend:
    """GraphNet GraphCompilerBackend for gn (config keys: "device" (cpu),
    "pipeline_options")."""

    def __init__(self, config=None):
        self.config = dict(config or {})

    def __call__(self, model):
        device = self.config.get("device", "cpu")
        options = self.config.get("pipeline_options", "")

        def backend(gm, example_inputs):
            return gn_backend(gm, example_inputs, device=device, pipeline_options=options)

        return torch.compile(model, backend=backend, dynamic=False, fullgraph=True)

    def synchronize(self):
        pass  # CPU: every call has finished when it returns

    def version(self):
        return f"gn {__version__}"
