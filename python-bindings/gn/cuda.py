"""gn on device tensors from Python: a program compiled for CUDA runs on the
caller's tensors by address, on the caller's stream, with no host copies.

    m = gn.import_sample("samples/tiny_mlp")
    f = gn.compile(m, device="cuda", caller_tensors=True)
    gn.cuda.run(f, args, outs, stream)    # enqueued, not waited for
    f.synchronize(stream)                 # waits; raises a fault it reported

`args` and `outs` are torch CUDA tensors, objects with
__cuda_array_interface__ (CuPy, Numba), or (address, bytes) pairs. Each must
be C-contiguous with forward's shape and dtype (gn.GnError otherwise).

A program with symbolic dims (-1 in f.arguments: one program for all shapes)
runs at the shapes of each call's arguments, which must then be tensors,
not pairs: it is bound there (f.bind(shapes), which checks its guards and
gives the results' shapes there) and keeps the last 8 bindings loaded,
each with its own buffers, CUDA graph and in-place arguments.
Caller.results_for(args) gives the shapes to allocate the outputs at.

What is copied: an argument that stays at one address from call to call is
read in place (weights, and inputs a caller reuses); one that moves (a
framework's fresh input each call) is copied device to device into the
program's buffer from then on, after the program loads once more without
it (f.binding counts these). An argument the program packs beside others (a
grouped GEMM's weight) is copied into the pack at the first call and when
its address changes: a weight changed in place without moving is not seen
there, nor by the CPU's convolutions, which keep a reordered copy. The
results are copied into `outs`.
"""
from ._runtime import GnError

_TORCH_DTYPES = {"float32": "float32", "float64": "float64", "float16": "float16",
                 "bfloat16": "uint16", "int64": "int64", "int32": "int32", "int16": "int16",
                 "int8": "int8", "uint8": "uint8", "bool": "bool"}
_TYPESTR = {"<f4": "float32", "<f8": "float64", "<f2": "float16", "<i8": "int64",
            "<i4": "int32", "<i2": "int16", "|i1": "int8", "|u1": "uint8", "|b1": "bool",
            "<u2": "uint16"}


def _describe(obj, what):
    """(address, bytes, shape, numpy dtype name) of a device tensor; shape
    and dtype None for an (address, bytes) pair."""
    if isinstance(obj, tuple) and len(obj) == 2:
        return int(obj[0]), int(obj[1]), None, None
    if hasattr(obj, "data_ptr") and hasattr(obj, "is_contiguous"):  # torch
        if not obj.is_cuda:
            raise GnError(f"{what} is on {obj.device}, not a CUDA device")
        if obj.device.index not in (None, 0):
            raise GnError(f"{what} is on {obj.device}: gn runs on GPU 0")
        if not obj.is_contiguous():
            raise GnError(f"{what} is not contiguous")
        dtype = _TORCH_DTYPES.get(str(obj.dtype).replace("torch.", ""))
        if dtype is None:
            raise GnError(f"{what} has dtype {obj.dtype}, which gn does not take")
        return obj.data_ptr(), obj.numel() * obj.element_size(), tuple(obj.shape), dtype
    cai = getattr(obj, "__cuda_array_interface__", None)
    if cai is not None:
        shape = tuple(cai["shape"])
        dtype = _TYPESTR.get(cai["typestr"])
        if dtype is None:
            raise GnError(f"{what} has typestr {cai['typestr']}, which gn does not take")
        itemsize = int(cai["typestr"][2:])
        strides = cai.get("strides")
        if strides is not None:
            expect, step = [], itemsize
            for d in reversed(shape):
                expect.insert(0, step)
                step *= d
            if tuple(strides) != tuple(expect) and 0 not in shape:
                raise GnError(f"{what} is not C-contiguous (strides {tuple(strides)})")
        count = 1
        for d in shape:
            count *= d
        return int(cai["data"][0]), count * itemsize, shape, dtype
    raise GnError(f"{what} is a {type(obj).__name__}: expected a CUDA tensor, an object with "
                  "__cuda_array_interface__ or an (address, bytes) pair")


def _check(specs, objs, what):
    if len(objs) != len(specs):
        raise GnError(f"forward takes {len(specs)} {what}s, got {len(objs)}")
    return [_check_one(spec, obj, f"{what} #{i}") for i, (spec, obj) in
            enumerate(zip(specs, objs))]


def run(compiled, args, outs, stream=0):
    """One forward of `compiled` (gn.compile_sample or gn.compile(...,
    device="cuda", caller_tensors=True), or gn.load_program) on device
    tensors, enqueued on `stream` (a CUstream handle, 0 for the default
    stream). For repeated calls, Caller checks only what changed."""
    args = list(args)
    arguments, results = compiled.arguments, compiled.results
    if _symbolic_positions(arguments):
        shapes = _call_shapes(arguments, args, range(len(arguments)))
        results = compiled.bind(shapes)
        arguments = _at_shapes(arguments, shapes)
    compiled.run_device(_check(arguments, args, "argument"),
                        _check(results, list(outs), "output"), int(stream or 0))


def _symbolic_positions(specs):
    return [i for i, spec in enumerate(specs) if -1 in spec["shape"]]


def _shape_of(obj, what):
    if hasattr(obj, "data_ptr") and hasattr(obj, "shape"):  # torch
        return tuple(obj.shape)
    cai = getattr(obj, "__cuda_array_interface__", None)
    if cai is not None:
        return tuple(cai["shape"])
    raise GnError(f"{what} is a {type(obj).__name__}: the program has symbolic dims, so each "
                  "argument must carry its shape (a CUDA tensor or an object with "
                  "__cuda_array_interface__, not an (address, bytes) pair)")


def _call_shapes(specs, args, positions):
    """The arguments' shapes at this call: read at `positions` (the
    symbolic ones, or all), forward's own elsewhere (checked later)."""
    if len(args) != len(specs):
        raise GnError(f"forward takes {len(specs)} arguments, got {len(args)}")
    shapes = [list(spec["shape"]) for spec in specs]
    for i in positions:
        shapes[i] = list(_shape_of(args[i], f"argument #{i}"))
    return shapes


def _at_shapes(specs, shapes):
    return [dict(spec, shape=list(shape)) for spec, shape in zip(specs, shapes)]


_UNTRUSTED = object()  # no object passed is this one
_ITEMSIZE = {"float32": 4, "float64": 8, "float16": 2, "uint16": 2, "int64": 8, "int32": 4,
             "int16": 2, "int8": 1, "uint8": 1, "bool": 1}


class _Positions:
    """The (address, bytes) of each argument (or output) position, kept from
    call to call: a torch tensor passed again at the same position (a
    weight, every call), not moved and not changed in place since
    (torch's version counter, which resize_, set_ and every in-place
    op bump), is not described and checked again. For a graph of 600
    weights, checking each took about 2 ms a call; this takes 0.1 ms."""

    def __init__(self, specs, what, arrays):
        self.specs, self.what = specs, what
        n = len(specs)
        # The object last passed at each position, while it may be trusted
        # (held: the last call's inputs stay alive until the next call).
        self.kept = [_UNTRUSTED] * n
        self.versions = [None] * n
        self.refs = [(0, 0)] * n
        # ctypes arrays the program reads (gn.load_program's Program), or None.
        self.addresses = arrays[0] if arrays else None
        self.sizes = arrays[1] if arrays else None

    def update(self, objs):
        specs = self.specs
        if len(objs) != len(specs):
            raise GnError(f"forward takes {len(specs)} {self.what}s, got {len(objs)}")
        kept, versions, refs = self.kept, self.versions, self.refs
        for i, obj in enumerate(objs):
            if obj is kept[i] and obj._version == versions[i] and \
                    obj.data_ptr() == refs[i][0]:
                continue
            ref = _check_one(specs[i], obj, f"{self.what} #{i}")
            refs[i] = ref
            trusted = hasattr(obj, "_version") and hasattr(obj, "data_ptr")
            kept[i] = obj if trusted else _UNTRUSTED
            versions[i] = obj._version if trusted else None
            if self.addresses is not None:
                self.addresses[i], self.sizes[i] = ref
        return refs


    def place(self, objs):
        """update() for objects the caller made to these specs itself (the
        outputs gn.torch_backend allocates at results_for's shapes and
        dtypes, contiguous on the device): only their addresses are read,
        about 0.1 us an object against 2.4 us described and checked."""
        specs = self.specs
        if len(objs) != len(specs):
            raise GnError(f"forward takes {len(specs)} {self.what}s, got {len(objs)}")
        if not hasattr(self, "nbytes"):
            if any(spec["dtype"] not in _ITEMSIZE for spec in specs):
                return self.update(objs)  # a dtype this path does not size: checked instead
            self.nbytes = []
            for spec in specs:
                n = _ITEMSIZE[spec["dtype"]]
                for d in spec["shape"]:
                    n *= d
                self.nbytes.append(n)
        refs, kept, addresses = self.refs, self.kept, self.addresses
        for i, obj in enumerate(objs):
            refs[i] = (obj.data_ptr(), self.nbytes[i])
            kept[i] = _UNTRUSTED
            if addresses is not None:
                addresses[i], self.sizes[i] = refs[i]
        return refs


def _check_one(spec, obj, name):
    if spec.get("name"):
        name += f" ('{spec['name']}')"
    address, nbytes, shape, dtype = _describe(obj, name)
    if shape is not None and shape != tuple(spec["shape"]):
        raise GnError(f"{name}: expected shape {list(spec['shape'])}, got {list(shape)}")
    if dtype is not None and dtype != spec["dtype"]:
        raise GnError(f"{name}: expected {spec['dtype']}, got {dtype}")
    return address, nbytes


class Caller:
    """run(compiled, ...) for a program called again and again: what a
    call passes at the same positions as the last one is not checked again
    (see _Positions), and gn.load_program's programs reuse their address
    arrays. A symbolic program is bound again only when the shapes at its
    symbolic positions change (results_for)."""

    kBindings = 8  # as the program keeps (CudaModel::kBindings)

    def __init__(self, compiled):
        self.compiled = compiled
        self.symbolic = _symbolic_positions(compiled.arguments)
        self.bindings = {}  # shapes at the symbolic positions -> (args, outs, results)
        self.current = None
        if not self.symbolic:
            self.args, self.outs = self._positions(compiled.arguments, compiled.results)
            self.results = compiled.results

    def _positions(self, arguments, results):
        arrays = getattr(self.compiled, "device_arrays", None)
        return (_Positions(arguments, "argument", arrays(len(arguments)) if arrays else None),
                _Positions(results, "output", arrays(len(results)) if arrays else None))

    def results_for(self, args):
        """The results' shape and dtype at these arguments (a symbolic
        program is bound at their shapes when they changed)."""
        if not self.symbolic:
            return self.results
        if len(args) != len(self.compiled.arguments):
            raise GnError(f"forward takes {len(self.compiled.arguments)} arguments, got "
                          f"{len(args)}")
        key = tuple(_shape_of(args[i], f"argument #{i}") for i in self.symbolic)
        if key != self.current:
            shapes = _call_shapes(self.compiled.arguments, args, self.symbolic)
            results = self.compiled.bind(shapes)
            kept = self.bindings.pop(key, None)
            if kept is None:
                kept = self._positions(_at_shapes(self.compiled.arguments, shapes), results)
                kept = (*kept, results)
                while len(self.bindings) >= self.kBindings:
                    self.bindings.pop(next(iter(self.bindings)))
            self.bindings[key] = kept
            self.args, self.outs, self.results = kept
            self.current = key
        return self.results

    def __call__(self, args, outs, stream=0, outs_as_results=False):
        """One forward, enqueued on `stream`. outs_as_results: the caller
        allocated `outs` itself at results_for()'s shapes and dtypes,
        contiguous on GPU 0, so they are not described and checked (each
        call's fresh outputs were: 2.4 us each, 33 outputs for flan-t5)."""
        if self.symbolic:
            self.results_for(args)
        a = self.args.update(args)
        o = self.outs.place(outs) if outs_as_results else self.outs.update(outs)
        if self.args.addresses is not None:
            self.compiled.run_device_arrays(self.args.addresses, self.args.sizes,
                                            self.outs.addresses, self.outs.sizes,
                                            int(stream or 0))
        else:
            self.compiled.run_device(a, o, int(stream or 0))
