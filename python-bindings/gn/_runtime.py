"""gn's runtime without its compiler, through ctypes: libgn_runtime.so (no
LLVM, no MLIR, no Python headers, so one build serves any CPython) loads CUDA
programs compiled elsewhere and runs them on numpy arrays or on the caller's
device tensors (gn.cuda). Programs are found in the program cache by the key
gn's compiler stores them under (the sample's files, the options, gn's
version)."""
import ctypes
import json
import os

import numpy as np


class GnError(RuntimeError):
    """An error of gn's: what failed, naming the file, op or key."""


_NUMPY = {"f16": "float16", "bf16": "uint16", "f32": "float32", "f64": "float64",
          "i1": "bool", "i8": "int8", "ui8": "uint8", "i16": "int16", "i32": "int32",
          "i64": "int64"}


def _library():
    here = os.path.dirname(os.path.abspath(__file__))
    path = os.path.join(here, "libgn_runtime.so")
    lib = ctypes.CDLL(path)
    c = ctypes
    sig = {
        "gnrt_free_string": (None, [c.c_void_p]),
        "gnrt_version": (c.c_void_p, []),
        "gnrt_load": (c.c_int, [c.c_char_p, c.c_char_p, c.POINTER(c.c_void_p),
                                c.POINTER(c.c_void_p)]),
        "gnrt_free": (None, [c.c_void_p]),
        "gnrt_signature": (c.c_void_p, [c.c_void_p]),
        "gnrt_binding": (c.c_void_p, [c.c_void_p]),
        "gnrt_run_device": (c.c_int, [c.c_void_p, c.POINTER(c.c_uint64), c.POINTER(c.c_uint64),
                                      c.c_size_t, c.POINTER(c.c_uint64), c.POINTER(c.c_uint64),
                                      c.c_size_t, c.c_uint64, c.POINTER(c.c_void_p)]),
        "gnrt_bind": (c.c_int, [c.c_void_p, c.POINTER(c.c_int64), c.POINTER(c.c_uint64),
                                c.c_size_t, c.POINTER(c.c_void_p), c.POINTER(c.c_void_p)]),
        "gnrt_synchronize": (c.c_int, [c.c_void_p, c.c_uint64, c.POINTER(c.c_void_p)]),
        "gnrt_run_host": (c.c_int, [c.c_void_p, c.POINTER(c.c_void_p), c.c_size_t,
                                    c.POINTER(c.c_void_p), c.c_size_t, c.POINTER(c.c_void_p)]),
        "gnrt_cache_key": (c.c_int, [c.c_char_p, c.c_char_p, c.c_char_p, c.c_char_p, c.c_int,
                                     c.c_int, c.POINTER(c.c_int64), c.c_size_t,
                                     c.POINTER(c.c_void_p), c.POINTER(c.c_void_p)]),
        "gnrt_find_cached": (c.c_void_p, [c.c_char_p, c.c_char_p]),
        "gnrt_cached_path": (c.c_void_p, [c.c_char_p, c.c_char_p]),
        "gnrt_score": (c.c_int, [c.c_char_p, c.c_double, c.c_double, c.c_char_p,
                                 c.POINTER(c.c_void_p), c.POINTER(c.c_void_p)]),
    }
    for name, (restype, argtypes) in sig.items():
        f = getattr(lib, name)
        f.restype, f.argtypes = restype, argtypes
    return lib


_lib = _library()


def _take(p):
    """The malloc'd string at `p`, freed."""
    if not p:
        return ""
    try:
        return ctypes.string_at(p).decode()
    finally:
        _lib.gnrt_free_string(p)


def _check(rc, error):
    if rc != 0:
        raise GnError(_take(error.value))


def _settings(switches):
    return "".join(f"{k}={v}\n" for k, v in dict(switches or {}).items()).encode()


def _b(s):
    return os.fspath(s).encode()


def version():
    return _take(_lib.gnrt_version())


def cache_key(source, pipeline_options="", switches=None, dtype="float32", shape_variant=-1,
              symbolic=False, data_sizes=()):
    """The program cache's key of a sample folder or .mlir file (at GraphNet's
    dtype and shape variant, or with its symbolic dims: one program for all
    shapes; at these sizes of its data-dependent sites) compiled for CUDA
    with these options, as gn.compile_sample and gn-eval compile --cache-dir
    compute it."""
    if dtype not in ("float32", "float16", "bfloat16"):
        raise GnError(f"dtype must be float32, float16 or bfloat16, got '{dtype}'")
    key, error = ctypes.c_void_p(), ctypes.c_void_p()
    sizes = (ctypes.c_int64 * max(len(data_sizes), 1))(*[int(n) for n in data_sizes])
    _check(_lib.gnrt_cache_key(_b(source), pipeline_options.encode(), _settings(switches),
                               b"" if dtype == "float32" else dtype.encode(), int(shape_variant),
                               int(bool(symbolic)), sizes, len(data_sizes), ctypes.byref(key),
                               ctypes.byref(error)),
           error)
    return _take(key.value)


def find_cached_program(key, cache_dir=""):
    """The program of `key` in the cache (its program.json, or the file its
    program.path points at), or None."""
    return _take(_lib.gnrt_find_cached(key.encode(), _b(cache_dir))) or None


def cached_program(key, cache_dir=""):
    """Where the program of `key` is kept (cache_dir: default the cache-dir
    switch, GN_CACHE_DIR, else ~/.cache/gn/programs)."""
    return _take(_lib.gnrt_cached_path(key.encode(), _b(cache_dir)))


def score_jsonl(text, p=0.0, b=0.1, errno_rule="code"):
    rows, error = ctypes.c_void_p(), ctypes.c_void_p()
    _check(_lib.gnrt_score(text.encode(), p, b, errno_rule.encode(), ctypes.byref(rows),
                           ctypes.byref(error)), error)
    return _take(rows.value)


class Program:
    """A CUDA program loaded from a file; it loads onto the GPU at its first
    call."""

    def __init__(self, path, switches=None):
        handle, error = ctypes.c_void_p(), ctypes.c_void_p()
        _check(_lib.gnrt_load(_b(path), _settings(switches), ctypes.byref(handle),
                              ctypes.byref(error)), error)
        self._handle = handle
        self.path = os.fspath(path)
        self.device = "cuda"
        self.cache = {}
        signature = json.loads(_take(_lib.gnrt_signature(handle)))
        self.arguments = [dict(a, dtype=_NUMPY[a["dtype"]]) for a in signature["arguments"]]
        self.results = [dict(r, dtype=_NUMPY[r["dtype"]]) for r in signature["results"]]

    def __del__(self):
        if getattr(self, "_handle", None):
            _lib.gnrt_free(self._handle)
            self._handle = None

    @property
    def binding(self):
        return json.loads(_take(_lib.gnrt_binding(self._handle)))

    @property
    def symbolic(self):
        """Whether some dim follows the shape symbols (-1 in arguments)."""
        return any(-1 in a["shape"] for a in self.arguments)

    def bind(self, shapes):
        """The program run_device (and a call) runs from now on, at these
        argument shapes: a symbolic program bound there (its guards
        checked), a static one checking they are its own. Returns the
        results' shape and dtype there."""
        shapes = [[int(d) for d in s] for s in shapes]
        dims = [d for s in shapes for d in s]
        d = (ctypes.c_int64 * max(1, len(dims)))(*dims)
        r = (ctypes.c_uint64 * max(1, len(shapes)))(*[len(s) for s in shapes])
        results, error = ctypes.c_void_p(), ctypes.c_void_p()
        _check(_lib.gnrt_bind(self._handle, d, r, len(shapes), ctypes.byref(results),
                              ctypes.byref(error)), error)
        return [{"shape": x["shape"], "dtype": _NUMPY[x["dtype"]]}
                for x in json.loads(_take(results.value))]

    def __call__(self, *args):
        """One forward on numpy arrays (copied to the device and back); a
        symbolic program at the arrays' shapes."""
        if len(args) != len(self.arguments):
            raise GnError(f"forward takes {len(self.arguments)} arguments, got {len(args)}")
        arrays = []
        for i, (a, spec) in enumerate(zip(args, self.arguments)):
            a = np.ascontiguousarray(a)
            what = f"argument #{i} ('{spec['name']}')"
            if a.dtype != np.dtype(spec["dtype"]):
                raise GnError(f"{what}: expected {spec['dtype']}, got {a.dtype}")
            if len(a.shape) != len(spec["shape"]) or any(
                    w not in (-1, g) for w, g in zip(spec["shape"], a.shape)):
                raise GnError(f"{what}: expected shape {list(spec['shape'])}, got "
                              f"{list(a.shape)}")
            arrays.append(a)
        results = self.bind([a.shape for a in arrays]) if self.symbolic else self.results
        outs = [np.empty(r["shape"], r["dtype"]) for r in results]
        ptrs = (ctypes.c_void_p * max(1, len(arrays)))(*[a.ctypes.data for a in arrays])
        optrs = (ctypes.c_void_p * max(1, len(outs)))(*[o.ctypes.data for o in outs])
        error = ctypes.c_void_p()
        _check(_lib.gnrt_run_host(self._handle, ptrs, len(arrays), optrs, len(outs),
                                  ctypes.byref(error)), error)
        return outs

    def run_device(self, args, outs, stream=0):
        """One forward on device tensors given as (address, bytes) pairs; see
        gn.cuda."""
        n, m = len(args), len(outs)
        a = (ctypes.c_uint64 * max(1, n))(*[x[0] for x in args])
        ab = (ctypes.c_uint64 * max(1, n))(*[x[1] for x in args])
        o = (ctypes.c_uint64 * max(1, m))(*[x[0] for x in outs])
        ob = (ctypes.c_uint64 * max(1, m))(*[x[1] for x in outs])
        error = ctypes.c_void_p()
        _check(_lib.gnrt_run_device(self._handle, a, ab, n, o, ob, m, int(stream or 0),
                                    ctypes.byref(error)), error)

    @staticmethod
    def device_arrays(n):
        """An (addresses, bytes) pair of ctypes arrays for n tensors, for
        run_device_arrays (gn.cuda.Caller keeps them from call to call)."""
        return (ctypes.c_uint64 * max(1, n))(), (ctypes.c_uint64 * max(1, n))()

    def run_device_arrays(self, a, ab, o, ob, stream=0):
        """run_device on arrays from device_arrays, filled for every argument
        and result."""
        error = ctypes.c_void_p()
        _check(_lib.gnrt_run_device(self._handle, a, ab, len(self.arguments), o, ob,
                                    len(self.results), int(stream or 0), ctypes.byref(error)),
               error)

    def synchronize(self, stream=0):
        error = ctypes.c_void_p()
        _check(_lib.gnrt_synchronize(self._handle, int(stream or 0), ctypes.byref(error)), error)


def load_program(path, switches=None):
    """Loads a CUDA program (compiled.json, or a cached program.json)."""
    return Program(path, switches)
