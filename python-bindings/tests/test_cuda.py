"""gn on device tensors from Python (gn.cuda), against the stand-in CUDA
driver, cuBLAS and cuDNN the test suite builds (test/unit/FakeCuda.cpp): its
device memory is host memory, and its cuBLAS(Lt) computes f32 GEMMs, so a
program of GEMMs alone gives real results through the whole path (the
caller's buffers read in place or copied, the graph replayed, the results
copied into the caller's outputs)."""
import ctypes
import os

import numpy as np
import pytest

import gn
import gn.cuda

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
FAKE = os.path.join(os.path.dirname(os.path.dirname(os.path.dirname(gn.__file__))), "test",
                    "fake-cuda")
SWITCHES = {"driver": os.path.join(FAKE, "libcuda.so.1"), "library-path": FAKE}

pytestmark = pytest.mark.skipif(not os.path.exists(SWITCHES["driver"]),
                                reason="the stand-in CUDA driver is not built")


class FakeDevice:
    """Device memory of the stand-in driver (the library gn loads: one
    instance a process), through its own entry points."""

    def __init__(self):
        self.lib = ctypes.CDLL(SWITCHES["driver"])
        assert self.lib.cuInit(0) == 0
        self.held = []

    def array(self, a):
        """A device copy of numpy array `a`: (address, bytes)."""
        a = np.ascontiguousarray(a)
        p = ctypes.c_uint64()
        assert self.lib.cuMemAlloc_v2(ctypes.byref(p), ctypes.c_size_t(max(a.nbytes, 1))) == 0
        ctypes.memmove(p.value, a.ctypes.data, a.nbytes)
        self.held.append(p.value)
        return (p.value, a.nbytes)

    def empty(self, shape, dtype):
        return self.array(np.zeros(shape, dtype))

    @staticmethod
    def read(ref, shape, dtype):
        out = np.empty(shape, dtype)
        ctypes.memmove(out.ctypes.data, ref[0], out.nbytes)
        return out


class CudaArray:
    """An object with __cuda_array_interface__ over stand-in memory."""

    def __init__(self, ref, shape, typestr):
        self.__cuda_array_interface__ = {"data": (ref[0], False), "shape": tuple(shape),
                                         "typestr": typestr, "strides": None, "version": 3}


@pytest.fixture(scope="module")
def device():
    return FakeDevice()


def gemm_program():
    with open(os.path.join(ROOT, "test", "GPU", "Inputs", "gemm-rows.mlir")) as f:
        return gn.parse_mlir(f.read())


def test_runs_on_caller_tensors_in_place_and_copies_what_moves(device, tmp_path):
    log = tmp_path / "log"
    os.environ["GN_FAKE_CUDA_LOG"] = str(log)
    try:
        m = gemm_program()
        args = m.synthesize_inputs()
        ref = m.run_eager(*args)
        f = gn.compile(m, device="cuda", switches=SWITCHES, caller_tensors=True)
        dargs = [device.array(a) for a in args]
        outs = [device.empty(r["shape"], r["dtype"]) for r in m.results]

        def check(refs):
            for o, spec, want in zip(outs, m.results, refs):
                got = device.read(o, spec["shape"], spec["dtype"])
                np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)

        # First call: every argument read in place at its address, the steps
        # checked one by one, the graph captured; the results in `outs`.
        gn.cuda.run(f, dargs, outs)
        f.synchronize()
        check(ref)
        assert f.binding == {"in_place": 5, "copied": 0, "packed": 0, "loads": 1}
        # The same addresses: the captured graph replayed (the stand-in logs
        # a GEMM run step by step, not one a replay recomputes), nothing
        # loaded again.
        lines = len(log.read_text().splitlines())
        gn.cuda.run(f, dargs, outs)
        f.synchronize()
        check(ref)
        stepwise = [l for l in log.read_text().splitlines()[lines:] if l.startswith("gemm")]
        assert not stepwise, "the second call ran step by step, not the captured graph"
        assert f.binding["loads"] == 1
        # An input at a new address (a framework's fresh tensor): copied into
        # the program's buffer from now on, after one more load.
        x2 = args[0] * 2
        dargs[0] = device.array(x2)
        ref2 = m.run_eager(x2, *args[1:])
        gn.cuda.run(f, dargs, outs)
        f.synchronize()
        check(ref2)
        assert f.binding == {"in_place": 4, "copied": 1, "packed": 0, "loads": 2}
        # Moving again costs no load: the graph replays on the copy of the
        # new address's values.
        x3 = args[0] - 1
        dargs[0] = device.array(x3)
        gn.cuda.run(f, dargs, outs)
        f.synchronize()
        check(m.run_eager(x3, *args[1:]))
        assert f.binding["loads"] == 2
        # Objects with __cuda_array_interface__ are taken as well.
        cai = [CudaArray(r, a.shape, "<f4") for r, a in zip(dargs, [x3] + args[1:])]
        gn.cuda.run(f, cai, outs)
        f.synchronize()
        check(m.run_eager(x3, *args[1:]))
        assert "BAD-POINTER" not in log.read_text()
    finally:
        del os.environ["GN_FAKE_CUDA_LOG"]


def test_bad_device_tensors_raise(device):
    m = gemm_program()
    f = gn.compile(m, device="cuda", switches=SWITCHES, caller_tensors=True)
    args = [device.array(a) for a in m.synthesize_inputs()]
    outs = [device.empty(r["shape"], r["dtype"]) for r in m.results]
    with pytest.raises(gn.GnError, match="forward takes 5 arguments, got 4"):
        gn.cuda.run(f, args[:4], outs)
    with pytest.raises(gn.GnError, match=r"argument #0 \(.x.\) has 4 bytes, the program takes 160"):
        gn.cuda.run(f, [(args[0][0], 4)] + args[1:], outs)
    with pytest.raises(gn.GnError, match=r"argument #0 \('x'\): expected shape \[5, 1, 8\], "
                                         r"got \[5, 8\]"):
        gn.cuda.run(f, [CudaArray(args[0], (5, 8), "<f4")] + args[1:], outs)
    with pytest.raises(gn.GnError, match=r"argument #0 \('x'\): expected float32, got float16"):
        gn.cuda.run(f, [CudaArray(args[0], (5, 1, 8), "<f2")] + args[1:], outs)
    with pytest.raises(gn.GnError, match="not C-contiguous"):
        bad = CudaArray(args[0], (5, 1, 8), "<f4")
        bad.__cuda_array_interface__["strides"] = (4, 4, 20)
        gn.cuda.run(f, [bad] + args[1:], outs)
    with pytest.raises(gn.GnError, match="expected a CUDA tensor"):
        gn.cuda.run(f, [np.zeros((5, 1, 8), np.float32)] + args[1:], outs)


def test_a_fault_names_the_op(device):
    # The stand-in's kernels report index 7 of 5 (GN_FAKE_CUDA_INDEX_ERROR):
    # the first call runs checked and raises naming the op.
    m = gn.import_sample(os.path.join(ROOT, "test", "goldens", "ops", "embedding_f32"))
    f = gn.compile(m, device="cuda", switches=SWITCHES, caller_tensors=True)
    args = [device.array(a) for a in m.synthesize_inputs()]
    outs = [device.empty(r["shape"], r["dtype"]) for r in m.results]
    os.environ["GN_FAKE_CUDA_INDEX_ERROR"] = "1"
    try:
        with pytest.raises(gn.GnError, match="index 7 out of range for size 5"):
            gn.cuda.run(f, args, outs)
    finally:
        del os.environ["GN_FAKE_CUDA_INDEX_ERROR"]


def test_host_targets_refuse_device_tensors(device):
    m = gemm_program()
    f = gn.compile(m, device="cpu")
    args = [device.array(a) for a in m.synthesize_inputs()]
    outs = [device.empty(r["shape"], r["dtype"]) for r in m.results]
    with pytest.raises(gn.GnError, match="runs on host memory"):
        gn.cuda.run(f, args, outs)


def test_a_fault_in_a_replay_surfaces_at_synchronize(device):
    # The stand-in faults the embedding's kernel on its second run (the
    # first graph replay, enqueued without waiting): synchronize() raises
    # it, and so does every later call (the context is lost).
    m = gn.import_sample(os.path.join(ROOT, "test", "goldens", "ops", "embedding_f32"))
    f = gn.compile(m, device="cuda", switches=SWITCHES, caller_tensors=True)
    args = [device.array(a) for a in m.synthesize_inputs()]
    outs = [device.empty(r["shape"], r["dtype"]) for r in m.results]
    os.environ.update(GN_FAKE_CUDA_FAULT_KERNEL="index_select", GN_FAKE_CUDA_FAULT_AFTER="1")
    try:
        gn.cuda.run(f, args, outs)
        f.synchronize()
        with pytest.raises(gn.GnError, match="CUDA_ERROR_ILLEGAL_ADDRESS"):
            gn.cuda.run(f, args, outs)
            f.synchronize()
        with pytest.raises(gn.GnError, match="CUDA_ERROR_ILLEGAL_ADDRESS"):
            gn.cuda.run(f, args, outs)
    finally:
        del os.environ["GN_FAKE_CUDA_FAULT_KERNEL"], os.environ["GN_FAKE_CUDA_FAULT_AFTER"]
        device.lib.gn_fake_cuda_reset()


class TensorLike:
    """What gn.cuda reads of a torch CUDA tensor (is_cuda, device, dtype,
    data_ptr, the version counter), over stand-in memory; counts how often
    it is described."""

    class Device:
        index = 0

    def __init__(self, ref, shape):
        self.address, self.shape, self._version = ref[0], tuple(shape), 0
        self.is_cuda, self.device, self.dtype = True, self.Device(), "torch.float32"
        self.described = 0

    def data_ptr(self):
        return self.address

    def is_contiguous(self):
        self.described += 1
        return True

    def numel(self):
        return int(np.prod(self.shape))

    def element_size(self):
        return 4


def test_caller_checks_only_what_changed(device):
    m = gemm_program()
    args = m.synthesize_inputs()
    f = gn.compile(m, device="cuda", switches=SWITCHES, caller_tensors=True)
    tensors = [TensorLike(device.array(a), a.shape) for a in args]
    outs = [device.empty(r["shape"], r["dtype"]) for r in m.results]
    call = gn.cuda.Caller(f)
    for _ in range(3):
        call(tensors, outs)
        f.synchronize()
    np.testing.assert_allclose(device.read(outs[0], m.results[0]["shape"], "float32"),
                               m.run_eager(*args)[0], rtol=1e-5, atol=1e-5)
    # Passed again unchanged: described once, at the first call.
    assert [t.described for t in tensors] == [1] * len(tensors)
    assert f.binding == {"in_place": 5, "copied": 0, "packed": 0, "loads": 1}
    # Changed in place (its version counter moved): checked again, and a
    # shape it no longer has is refused.
    tensors[1]._version += 1
    tensors[1].shape = (1,) + tensors[1].shape
    with pytest.raises(gn.GnError, match=r"argument #1 .*expected shape"):
        call(tensors, outs)
    assert tensors[1].described == 2
    # A new object at a position: described, and read at its own address.
    x2 = args[0] * 2
    tensors[0] = TensorLike(device.array(x2), x2.shape)
    tensors[1] = TensorLike(device.array(args[1]), args[1].shape)
    call(tensors, outs)
    f.synchronize()
    np.testing.assert_allclose(device.read(outs[0], m.results[0]["shape"], "float32"),
                               m.run_eager(x2, *args[1:])[0], rtol=1e-5, atol=1e-5)
    assert tensors[0].described == 1
    # Moved with its version counter unchanged (torch's `t.data = other`):
    # seen by its address, described again and read where it now is.
    w2 = args[2] * 3
    tensors[2].address = device.array(w2)[0]
    call(tensors, outs)
    f.synchronize()
    assert tensors[2].described == 2
    np.testing.assert_allclose(device.read(outs[0], m.results[0]["shape"], "float32"),
                               m.run_eager(x2, args[1], w2, *args[3:])[0], rtol=1e-5, atol=1e-5)


def test_caller_takes_outputs_it_was_told_fit(device):
    # gn.torch_backend allocates each call's outputs itself at the results'
    # shapes: outs_as_results reads only their addresses (not described).
    m = gemm_program()
    args = m.synthesize_inputs()
    f = gn.compile(m, device="cuda", switches=SWITCHES, caller_tensors=True)
    tensors = [TensorLike(device.array(a), a.shape) for a in args]
    call = gn.cuda.Caller(f)
    for k in range(3):
        outs = [TensorLike(device.empty(r["shape"], r["dtype"]), r["shape"])
                for r in call.results_for(tensors)]
        call(tensors, outs, outs_as_results=True)
        f.synchronize()
        assert [o.described for o in outs] == [0] * len(outs)
        np.testing.assert_allclose(device.read((outs[0].address, 0), m.results[0]["shape"],
                                               "float32"),
                                   m.run_eager(*args)[0], rtol=1e-5, atol=1e-5)


def test_one_cuda_program_for_every_size(device):
    # Symbolic dims on CUDA (docs/symbolic-shapes.md, phase 4): compiled
    # once, bound at each call's sizes (an executor, arena and graph per
    # binding), the stand-in's GEMMs giving real values at every s0.
    with open(os.path.join(ROOT, "test", "GPU", "Inputs", "symbolic-gemms.mlir")) as f:
        m = gn.parse_mlir(f.read())
    compiled = gn.compile(m, device="cuda", switches=SWITCHES)
    assert compiled.arguments[0]["shape"] == [-1, 8]
    assert compiled.results[0]["shape"] == [-1, 3]
    rng = np.random.default_rng(0)
    w = rng.standard_normal((8, 4)).astype(np.float32)
    w2 = rng.standard_normal((4, 3)).astype(np.float32)
    for rows in (5, 1, 300, 5):
        x = rng.standard_normal((rows, 8)).astype(np.float32)
        (z,) = compiled(x, w, w2)
        assert z.shape == (rows, 3)
        np.testing.assert_allclose(z, x @ w @ w2, rtol=1e-5, atol=1e-5)
    with pytest.raises(gn.GnError,
                       match=r"argument #1 \('w'\): expected shape \[8, 4\], got \[9, 4\]"):
        compiled(np.zeros((2, 8), np.float32), np.zeros((9, 4), np.float32), w2)
    # bind: the results' shapes at a binding.
    assert compiled.bind([[7, 8], [8, 4], [4, 3]]) == [{"shape": [7, 3], "dtype": "float32"}]


def symbolic_gemms_path():
    return os.path.join(ROOT, "test", "GPU", "Inputs", "symbolic-gemms.mlir")


def check_every_size_on_device(device, f):
    """`f` (symbolic-gemms.mlir for CUDA on the caller's tensors) through
    gn.cuda.Caller as torch.compile's backend calls it: the weights the same
    objects every call, x a new tensor of another row count; the outputs
    allocated at results_for's shapes."""
    rng = np.random.default_rng(1)
    w = rng.standard_normal((8, 4)).astype(np.float32)
    w2 = rng.standard_normal((4, 3)).astype(np.float32)
    weights = [TensorLike(device.array(a), a.shape) for a in (w, w2)]
    call = gn.cuda.Caller(f)
    for rows in (5, 1, 300, 5, 5):
        x = rng.standard_normal((rows, 8)).astype(np.float32)
        args = [TensorLike(device.array(x), x.shape)] + weights
        (spec,) = call.results_for(args)
        assert spec["shape"] == [rows, 3]
        out = device.empty(spec["shape"], spec["dtype"])
        call(args, [out])
        f.synchronize()
        np.testing.assert_allclose(device.read(out, (rows, 3), "float32"), x @ w @ w2,
                                   rtol=1e-5, atol=1e-5)
    # The weights read in place, described once per binding (3); x moved
    # at the second call of rows = 5 (copied from then on: one more load).
    assert [t.described for t in weights] == [3, 3]
    assert f.binding == {"in_place": 2, "copied": 1, "packed": 0, "loads": 4}
    return w, w2


def test_one_cuda_program_for_every_size_on_device_tensors(device):
    # Phase 4 on the caller's device tensors: bound at each call's shapes
    # (the tensors carry them; gn's DeviceTensor does not), one compile.
    with open(symbolic_gemms_path()) as fh:
        m = gn.parse_mlir(fh.read())
    f = gn.compile(m, device="cuda", switches=SWITCHES, caller_tensors=True)
    w, w2 = check_every_size_on_device(device, f)
    # gn.cuda.run binds too; objects with __cuda_array_interface__ carry shapes.
    x = np.ones((7, 8), np.float32)
    out = device.empty((7, 3), np.float32)
    gn.cuda.run(f, [CudaArray(device.array(a), a.shape, "<f4") for a in (x, w, w2)],
                [CudaArray(out, (7, 3), "<f4")])
    f.synchronize()
    np.testing.assert_allclose(device.read(out, (7, 3), "float32"), x @ w @ w2, rtol=1e-5,
                               atol=1e-5)
    # More sizes than bindings kept (8): the oldest, its device work
    # waited for, goes; each size right.
    for rows in range(1, 12):
        xr = np.full((rows, 8), rows, np.float32)
        o = device.empty((rows, 3), np.float32)
        gn.cuda.run(f, [CudaArray(device.array(a), a.shape, "<f4") for a in (xr, w, w2)],
                    [CudaArray(o, (rows, 3), "<f4")])
        f.synchronize()
        np.testing.assert_allclose(device.read(o, (rows, 3), "float32"), xr @ w @ w2,
                                   rtol=1e-5, atol=1e-5)
    # (address, bytes) pairs carry no shapes: refused by name.
    with pytest.raises(gn.GnError, match="symbolic dims, so each argument must carry its shape"):
        gn.cuda.run(f, [device.array(a) for a in (x, w, w2)], [out])
    # A static dim that disagrees, and an output of the wrong size.
    with pytest.raises(gn.GnError, match=r"argument #1 \('w'\) dim 0 is 9, but the program takes 8"):
        gn.cuda.run(f, [CudaArray(device.array(a), a.shape, "<f4")
                        for a in (x, np.zeros((9, 4), np.float32), w2)],
                    [CudaArray(out, (7, 3), "<f4")])
    with pytest.raises(gn.GnError, match=r"output #0: expected shape \[7, 3\], got \[6, 3\]"):
        gn.cuda.run(f, [CudaArray(device.array(a), a.shape, "<f4") for a in (x, w, w2)],
                    [CudaArray(out, (6, 3), "<f4")])
    # Before any binding, the program refuses device tensors without shapes.
    fresh = gn.compile(m, device="cuda", switches=SWITCHES, caller_tensors=True)
    with pytest.raises(gn.GnError, match="bind it at the arguments' shapes"):
        fresh.run_device([device.array(a) for a in (x, w, w2)], [out])


def test_one_cuda_program_for_every_size_from_the_runtime_library(device, tmp_path):
    # The same through libgn_runtime.so (a GPU machine without LLVM): the
    # symbolic program from the cache, gn.load_program, bound per call.
    compiled = gn.compile_sample(symbolic_gemms_path(), device="cuda", switches=SWITCHES,
                                 caller_tensors=True, cache_dir=str(tmp_path))
    program = gn.load_program(compiled.cache["path"], SWITCHES)
    assert program.symbolic and program.arguments[0]["shape"] == [-1, 8]
    check_every_size_on_device(device, program)
    # Host arrays through the runtime library at two sizes.
    rng = np.random.default_rng(2)
    w = rng.standard_normal((8, 4)).astype(np.float32)
    w2 = rng.standard_normal((4, 3)).astype(np.float32)
    for rows in (3, 11):
        x = rng.standard_normal((rows, 8)).astype(np.float32)
        (z,) = program(x, w, w2)
        np.testing.assert_allclose(z, x @ w @ w2, rtol=1e-5, atol=1e-5)
