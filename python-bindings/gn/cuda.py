"""gn on device tensors from Python: a program compiled for CUDA runs on the
caller's tensors by address, on the caller's stream, with no host copies.

    m = gn.import_sample("samples/tiny_mlp")
    f = gn.compile(m, device="cuda", caller_tensors=True)
    gn.cuda.run(f, args, outs, stream)    # enqueued, not waited for
    f.synchronize(stream)                 # waits; raises a fault it reported

`args` and `outs` are torch CUDA tensors, objects with
__cuda_array_interface__ (CuPy, Numba), or (address, bytes) pairs. Each must
be C-contiguous with forward's shape and dtype (gn.GnError otherwise).

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
    refs = []
    for i, (spec, obj) in enumerate(zip(specs, objs)):
        name = f"{what} #{i}" + (f" ('{spec['name']}')" if spec.get("name") else "")
        address, nbytes, shape, dtype = _describe(obj, name)
        if shape is not None and shape != tuple(spec["shape"]):
            raise GnError(f"{name}: expected shape {list(spec['shape'])}, got {list(shape)}")
        if dtype is not None and dtype != spec["dtype"]:
            raise GnError(f"{name}: expected {spec['dtype']}, got {dtype}")
        refs.append((address, nbytes))
    return refs


def run(compiled, args, outs, stream=0):
    """One forward of `compiled` (gn.compile_sample or gn.compile(...,
    device="cuda", caller_tensors=True), or gn.load_program) on device
    tensors, enqueued on `stream` (a CUstream handle, 0 for the default
    stream)."""
    compiled.run_device(_check(compiled.arguments, list(args), "argument"),
                        _check(compiled.results, list(outs), "output"), int(stream or 0))
