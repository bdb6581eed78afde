"""A backend for GraphNet's harness (graph_net_bench/torch/test_compiler.py):
its GraphCompilerBackend interface is constructed with a config dict,
`__call__(model)` returns a callable used as `compiled(**inputs)`, and
`synchronize()` waits for the device. Register it in the harness's
compiler_backend_name2class as "gn", or use it directly:

    from gn.graphnet_backend import GnBackend
    compiled = GnBackend({"device": "cuda"})(model)
    outputs = compiled(**inputs)

On CUDA tensors the compiled graphs run on the caller's tensors, on torch's
current stream, without waiting (gn.torch_backend); synchronize() waits for
the device and raises a fault a kernel reported (an index out of range).
"""
import torch

from . import __version__
from .torch_backend import gn_backend


class GnBackend:
    """GraphNet GraphCompilerBackend for gn. Config keys: "device" (cpu or
    cuda; by default where the inputs are), "pipeline_options", "switches"
    (a dict of gn's runtime switches, see gn.switches())."""

    def __init__(self, config=None):
        self.config = dict(config or {})
        self.compiled = []  # the gn programs of every graph compiled, for synchronize()

    def __call__(self, model):
        device = self.config.get("device")
        options = self.config.get("pipeline_options", "")
        switches = self.config.get("switches", {})

        def backend(gm, example_inputs):
            run = gn_backend(gm, example_inputs, device=device, pipeline_options=options,
                             switches=switches)
            self.compiled.append(run)
            return run

        return torch.compile(model, backend=backend, dynamic=False, fullgraph=True)

    def synchronize(self):
        """Waits for the device (CPU: every call has finished when it
        returns) and raises a fault a compiled graph reported since."""
        for run in self.compiled:
            if run.gn_device == "cuda":
                stream = torch.cuda.current_stream(0).cuda_stream
                run.gn_compiled.synchronize(stream)

    def version(self):
        return f"gn {__version__}"
