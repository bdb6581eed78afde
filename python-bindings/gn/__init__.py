"""gn: a tensor compiler for GraphNet's PyTorch and PaddlePaddle graphs.

    import gn
    m = gn.import_sample("samples/tiny_mlp")       # gn IR of a GraphNet sample
    args = m.synthesize_inputs()                   # numpy arrays, as gn-eval makes them
    f = gn.compile(m, device="cpu")                # kernels JIT-compiled for this CPU
    outs = f(*args)                                # numpy arrays (read and written in place)
    ref = m.run_eager(*args)                       # gn's interpreter
    records = gn.evaluate(["samples/tiny_mlp"])    # the records gn-eval run writes
    gn.score(records, t=-5)                        # GraphNet's S(t) / ES(t)

CUDA, on the caller's device tensors (gn.cuda), through the program cache:

    f = gn.compile_sample("samples/tiny_mlp", device="cuda", caller_tensors=True)
    gn.cuda.run(f, args, outs, stream)             # torch CUDA tensors, or any CUDA array
    f.cache                                        # {"key": ..., "hit": True, "seconds": 0.004}

A GPU machine without LLVM has only gn's runtime (gn._runtime, a C library
reached through ctypes, so any CPython loads it):
compile_sample then loads programs compiled elsewhere from the cache (gn-eval
compile --cache-dir DIR, carried), and a key with no program is an error
naming it; gn.HAVE_COMPILER says which gn this is.

Errors (an unsupported op, a shape that does not fit, a compile failure)
raise gn.GnError with the model file's file:line:col.

With PyTorch installed: torch.compile(model, backend="gn") (gn.torch_backend)
and a backend for GraphNet's harness (gn.graphnet_backend.GnBackend).
"""
import os as _os

__version__ = "0.1.0"

from ._runtime import GnError, cache_key, cached_program, find_cached_program  # noqa: F401
from ._runtime import load_program  # noqa: F401
from ._runtime import version as _gn_version

try:
    from ._gn import Compiled, Module, compile, compile_sample, import_sample  # noqa: F401
    from ._gn import parse_mlir, shape_variants, switches  # noqa: F401
    HAVE_COMPILER = True
    _NO_COMPILER = ""
except ImportError as _e:  # a runtime-only install (no LLVM on this machine)
    HAVE_COMPILER = False
    _NO_COMPILER = str(_e)

    def _needs_compiler(*_args, **_kwargs):
        raise GnError(f"this gn has no compiler (gn._gn: {_NO_COMPILER}); only programs from "
                      "the cache run here (gn.compile_sample)")

    compile = import_sample = parse_mlir = shape_variants = switches = _needs_compiler

    def compile_sample(source, device="cuda", pipeline_options="", jit_opt_level=2,
                       switches=None, caller_tensors=False, cache_dir="", dtype="float32",
                       shape_variant=-1, symbolic=False, data_sizes=()):
        """The program of `source` from the cache (a runtime-only gn compiles
        nothing): a GnError naming the key when none is there."""
        import time

        if device != "cuda":
            _needs_compiler()
        start = time.perf_counter()
        key = cache_key(source, pipeline_options, dict(switches or {}), dtype, shape_variant,
                        symbolic, data_sizes)
        path = find_cached_program(key, cache_dir)
        if path is None:
            raise GnError(f"no program in the cache for '{source}' (key {key}, looked in "
                          f"{cached_program(key, cache_dir)}); this gn has no compiler "
                          f"({_NO_COMPILER}): compile it "
                          "where gn has LLVM (gn-eval compile --cache-dir DIR, or "
                          "gn.compile_sample) and carry the cache")
        program = load_program(path, dict(switches or {}))
        program.cache = {"key": key, "path": path, "hit": True,
                         "seconds": time.perf_counter() - start}
        return program

from . import cuda  # noqa: E402,F401
from .evaluate import evaluate, score  # noqa: E402,F401


def version():
    """gn's version: the package's, and the commit (and uncommitted changes)
    the extensions were built from."""
    return f"{__version__} ({_gn_version()})"


__all__ = ["Compiled", "GnError", "HAVE_COMPILER", "Module", "cache_key", "cached_program",
           "compile", "compile_sample", "cuda", "evaluate", "import_sample", "load_program",
           "parse_mlir", "score", "shape_variants", "switches", "version"]
