"""A backend for GraphNet's harness (graph_net_bench/torch/test_compiler.py):
its GraphCompilerBackend interface is constructed with a config dict,
`__call__(model)` returns a callable used as `compiled(**inputs)`, and
`synchronize()` waits for the device. Register it in the harness's
compiler_backend_name2class as "gn" (bench/graphnet_harness.py does),
or use it directly:

    from gn.graphnet_backend import GnBackend
    compiled = GnBackend({"device": "cuda"})(model)
    outputs = compiled(**inputs)

A model the harness loaded from a GraphNet sample (it carries the sample's
model.py path as __graph_net_file_path__) is compiled from the sample itself,
through the program cache: the program gn-eval compiles for that sample, by
the same key, so a GPU machine without LLVM runs programs compiled elsewhere.
Its inputs are matched to forward's arguments by name. Any other model goes
through torch.compile with gn's backend (gn.torch_backend). On CUDA tensors
the programs run on the caller's tensors, on torch's current stream, without
waiting; synchronize() waits and raises a fault a kernel reported.
"""
import os

import torch

from . import GnError, __version__, compile_sample
from .torch_backend import _device_of, gn_backend, runner


class GnBackend:
    """GraphNet GraphCompilerBackend for gn. Config keys: "device" (cpu or
    cuda; by default where the inputs are), "pipeline_options", "switches"
    (a dict of gn's runtime switches, see gn.switches()), "cache_dir"."""

    def __init__(self, config=None):
        self.config = dict(config or {})
        self.compiled = []  # (program, device) of every graph compiled, for synchronize()

    def __call__(self, model):
        sample_file = getattr(model, "__graph_net_file_path__", None)
        if sample_file and os.path.exists(sample_file):
            return self._sample(os.path.dirname(os.path.abspath(sample_file)), model)
        device = self.config.get("device")
        options = self.config.get("pipeline_options", "")
        switches = self.config.get("switches", {})

        def backend(gm, example_inputs):
            run = gn_backend(gm, example_inputs, device=device, pipeline_options=options,
                             switches=switches)
            self.compiled.append((run.gn_compiled, run.gn_device))
            return run

        return torch.compile(model, backend=backend, dynamic=False, fullgraph=True)

    def _sample(self, folder, model):
        """The sample's own program, compiled at the first call (where the
        inputs say the device), called with forward's tensors by name."""
        state = {}

        def call(**inputs):
            if "run" not in state:
                device = _device_of(list(inputs.values()), self.config.get("device"))
                try:
                    program = compile_sample(
                        folder, device=device,
                        pipeline_options=self.config.get("pipeline_options", ""),
                        switches=dict(self.config.get("switches", {})),
                        caller_tensors=device == "cuda",
                        cache_dir=self.config.get("cache_dir", ""))
                except GnError as e:
                    raise RuntimeError(f"gn backend: {e}") from None
                names = [a["name"] for a in program.arguments]
                missing = [n for n in names if n not in inputs]
                if missing:
                    raise RuntimeError(f"gn backend: {folder}: forward's arguments {missing} "
                                       f"are not among the inputs {sorted(inputs)}")
                state.update(run=runner(program, device), names=names)
                self.compiled.append((program, device))
            return tuple(state["run"]([inputs[n] for n in state["names"]]))

        call.gn_model = model
        return call

    def synchronize(self):
        """Waits for the device, as every GraphNet backend does (the harness
        times its eager side with this too, before gn has compiled
        anything; CPU: every call has finished when it returns), and raises
        a fault a compiled graph reported since."""
        if torch.cuda.is_available() and torch.cuda.is_initialized():
            torch.cuda.synchronize()
        for program, device in self.compiled:
            if device == "cuda":
                program.synchronize(torch.cuda.current_stream(0).cuda_stream)

    def version(self):
        return f"gn {__version__}"
