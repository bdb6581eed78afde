"""gn: a tensor compiler for GraphNet's PyTorch and PaddlePaddle graphs.

    import gn
    m = gn.import_sample("samples/tiny_mlp")       # gn IR of a GraphNet sample
    args = m.synthesize_inputs()                   # numpy arrays, as gn-eval makes them
    f = gn.compile(m, device="cpu")                # kernels JIT-compiled for this CPU
    outs = f(*args)                                # numpy arrays
    ref = m.run_eager(*args)                       # gn's interpreter
    records = gn.evaluate(["samples/tiny_mlp"])    # the records gn-eval run writes
    gn.score(records, t=-5)                        # GraphNet's S(t) / ES(t)

Errors (an unsupported op, a shape that does not fit, a compile failure)
raise gn.GnError with the model file's file:line:col.

With PyTorch installed: torch.compile(model, backend="gn") (gn.torch_backend)
and a backend for GraphNet's harness (gn.graphnet_backend.GnBackend).
"""
__version__ = "0.1.0"

from ._gn import Compiled, GnError, Module, compile, import_sample, parse_mlir  # noqa: F401
from .evaluate import evaluate, score  # noqa: F401

__all__ = ["Compiled", "GnError", "Module", "compile", "evaluate", "import_sample",
           "parse_mlir", "score"]
