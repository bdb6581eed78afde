"""pytest for the gn Python module (scripts/test.sh runs it on the build tree)."""
import json
import os

import numpy as np
import pytest

import gn

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SAMPLES = os.path.join(ROOT, "samples")


def sample(name):
    return os.path.join(SAMPLES, name)


def test_import_compile_call_matches_eager():
    m = gn.import_sample(sample("tiny_mlp"))
    assert "gn.linear" in str(m) or "gn.matmul" in str(m)
    args = m.synthesize_inputs()
    assert [a.shape for a in args] == [tuple(x["shape"]) for x in m.arguments]
    f = gn.compile(m, device="cpu")
    out = f(*args)
    ref = m.run_eager(*args)
    assert len(out) == len(ref) >= 1
    for a, b in zip(out, ref):
        assert a.dtype == b.dtype and a.shape == b.shape
        np.testing.assert_allclose(a, b, rtol=1e-5, atol=1e-5)
    assert f.stats["kernels"] > 0 and f.stats["fallback_ops"] == 0


def test_paddle_sample_and_numpy_inputs_of_our_own():
    m = gn.import_sample(sample("tiny_paddle_convnet"))
    args = [np.random.default_rng(1).standard_normal(x["shape"]).astype(x["dtype"])
            for x in m.arguments]
    out = gn.compile(m)(*args)
    ref = m.run_eager(*args)
    for a, b in zip(out, ref):
        np.testing.assert_allclose(a, b, rtol=1e-4, atol=1e-5)


def test_bad_calls_raise_gn_error():
    m = gn.import_sample(sample("tiny_mlp"))
    f = gn.compile(m)
    args = m.synthesize_inputs()
    with pytest.raises(gn.GnError, match="forward takes"):
        f(*args[:-1])
    with pytest.raises(gn.GnError, match="expected float32, got float64"):
        f(*[a.astype(np.float64) for a in args])
    with pytest.raises(gn.GnError, match="expected shape"):
        f(*([args[0][:1]] + args[1:]))


def test_import_error_names_file_line_and_op(tmp_path):
    (tmp_path / "graph_net.json").write_text('{"framework": "paddle"}')
    (tmp_path / "model.py").write_text(
        "import paddle\nclass GraphModule(paddle.nn.Layer):\n"
        "    def forward(self, data_0):\n        x = paddle._C_ops.frobnicate(data_0)\n"
        "        return x\n")
    (tmp_path / "input_meta.py").write_text(
        'class Program_weight_tensor_data_0:\n    name = "data_0"\n    shape = [2]\n'
        '    dtype = "float32"\n')
    with pytest.raises(gn.GnError, match=r"model.py:4:13: error: unsupported op 'paddle._C_ops.frobnicate'"):
        gn.import_sample(str(tmp_path))


def test_arrays_cross_the_boundary_element_for_element():
    # Every element and dtype comes back where it was (numpy 1 and 2 layouts).
    m = gn.parse_mlir('''func.func @forward(%x: tensor<2x3xf32> {gn.dtype = "float32", gn.kind = "input", gn.name = "x"}, %i: tensor<4xi64> {gn.dtype = "int64", gn.kind = "input", gn.name = "i"}, %b: tensor<3xi1> {gn.dtype = "bool", gn.kind = "input", gn.name = "b"}) -> (tensor<2x3xf32>, tensor<4xi64>, tensor<3xi1>) {
  return %x, %i, %b : tensor<2x3xf32>, tensor<4xi64>, tensor<3xi1>
}''')
    x = np.arange(6, dtype=np.float32).reshape(2, 3)[:, ::-1]  # not C-contiguous
    i = np.array([7, -1, 2**40, 3], np.int64)
    b = np.array([True, False, True])
    for got, want in zip(m.run_eager(x, i, b), (x, i, b)):
        assert got.dtype == want.dtype and got.flags.c_contiguous
        np.testing.assert_array_equal(got, want)


def test_compiled_results_own_their_memory():
    # An argument returned as it is, and one value returned twice: each
    # result gets memory of its own (a write into one changes nothing else).
    m = gn.parse_mlir('''func.func @forward(%x: tensor<2x3xf32> {gn.dtype = "float32", gn.kind = "input", gn.name = "x"}) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<6xf32>) {
  %y = gn.mul %x, %x : tensor<2x3xf32>, tensor<2x3xf32> -> tensor<2x3xf32>
  %r = gn.reshape %x [6] : tensor<2x3xf32> -> tensor<6xf32>
  return %x, %y, %y, %r : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<6xf32>
}''')
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    outs = gn.compile(m)(x)
    for i, o in enumerate(outs):
        assert not np.shares_memory(o, x), i
        assert not any(np.shares_memory(o, p) for p in outs[:i]), i
    np.testing.assert_array_equal(outs[1], x * x)
    np.testing.assert_array_equal(outs[2], x * x)


class DLPackOnly:
    """A producer that only speaks DLPack (as a torch CPU tensor does)."""

    def __init__(self, array):
        self.array = array

    def __dlpack__(self, **kwargs):
        return self.array.__dlpack__(**kwargs)

    def __dlpack_device__(self):
        return self.array.__dlpack_device__()


def test_dlpack_arguments():
    m = gn.import_sample(sample("tiny_mlp"))
    args = m.synthesize_inputs()
    f = gn.compile(m)
    for a, b in zip(f(*[DLPackOnly(a) for a in args]), f(*args)):
        np.testing.assert_array_equal(a, b)


def test_parse_mlir_round_trip():
    m = gn.import_sample(sample("tiny_convnet"))
    again = gn.parse_mlir(str(m))
    assert str(again) == str(m)
    with pytest.raises(gn.GnError):
        gn.parse_mlir("func.func @forward( {")


def test_evaluate_and_score_match_gn_eval_records(tmp_path):
    records = gn.evaluate([sample("tiny_mlp"), sample("tiny_paddle_convnet"),
                           str(tmp_path / "no-such-sample")], trials=2)
    assert [r["status"] for r in records] == ["ok", "ok", "eager_error"]
    assert records[1]["framework"] == "paddle"
    assert all(r["correct_at"]["-5"] for r in records[:2])
    row = gn.score(records, t=-5)
    assert row["lambda"] == pytest.approx(2 / 3)
    assert len(gn.score(records)) == 15
    path = tmp_path / "r.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in records))
    assert gn.score(str(path), t=-5) == row
    with pytest.raises(ValueError):
        gn.score(records, t=7)


def test_evaluate_isolates_a_crash(monkeypatch):
    # The child dies (a signal): a runtime_error record, and evaluate goes on.
    monkeypatch.setenv("GN_PY_TEST_CRASH", "tiny_mlp")
    records = gn.evaluate([sample("tiny_mlp"), sample("tiny_convnet")], trials=1)
    assert records[0]["status"] == "runtime_error"
    assert "crashed: SIGSEGV" in records[0]["error"]
    assert records[1]["status"] == "ok"


UNARY = ["relu", "hardswish", "sigmoid", "silu", "gelu", "tanh", "exp", "abs", "neg", "sqrt",
         "floor", "sign", "hardsigmoid", "mish", "erf", "log"]


@pytest.mark.parametrize("op", UNARY)
def test_eager_and_compiled_agree_on_nan_and_infinities(op):
    # The interpreter is the reference: it must treat NaN as the kernels do
    # (relu(NaN) was 0 in the interpreter and NaN compiled, as in PyTorch).
    m = gn.parse_mlir(f'''func.func @forward(%x: tensor<6xf32> {{gn.dtype = "float32", gn.kind = "input", gn.name = "x"}}) -> tensor<6xf32> {{
  %r = gn.{op} %x : tensor<6xf32>
  return %r : tensor<6xf32>
}}''')
    x = np.array([np.nan, -np.inf, np.inf, -1.5, 0.0, 2.0], np.float32)
    eager, compiled = m.run_eager(x)[0], gn.compile(m)(x)[0]
    np.testing.assert_array_equal(np.isnan(eager), np.isnan(compiled))
    np.testing.assert_array_equal(eager[np.isinf(eager)], compiled[np.isinf(eager)])
    np.testing.assert_allclose(eager, compiled, rtol=1e-6, atol=1e-7)  # libm vs kernel ulps


def test_graphnet_channels_from_python():
    """GraphNet's dtype and shape variants through import_sample."""
    sample = os.path.join(ROOT, "test", "Eval", "Inputs", "shape_variant")
    variants = gn.shape_variants(sample)
    assert variants[1] == {"S0": 4, "S1": 16}
    m = gn.import_sample(sample, shape_variant=1)
    assert "tensor<4x16xi64>" in str(m)
    f = gn.compile(m, device="cpu")
    assert [r["shape"] for r in f.results][0] == [4, 16, 2, 4]
    half = gn.import_sample(os.path.join(ROOT, "test", "Eval", "Inputs", "dtype_variant"),
                            dtype="float16")
    assert "tensor<2x3x4xf16>" in str(half)
    with pytest.raises(gn.GnError, match="no such GraphNet variant"):
        gn.import_sample(sample, dtype="bfloat16")
    with pytest.raises(gn.GnError, match="no symbolic_dimension_reifier"):
        gn.shape_variants(os.path.join(ROOT, "samples", "tiny_mlp"))


def test_one_compiled_program_for_every_size():
    # Symbolic dims (docs/symbolic-shapes.md, phase 3): compiled once for the
    # CPU, the program runs at every size its symbols take, shows those dims
    # as -1, and checks the model's guard (s1 must stay 6) when it binds them.
    with open(os.path.join(ROOT, "test", "Eval", "Inputs", "symbolic-guarded.mlir")) as f:
        m = gn.parse_mlir(f.read())
    compiled = gn.compile(m, device="cpu")
    assert compiled.arguments[0]["shape"] == [-1, -1, 8]
    assert compiled.results[0]["shape"] == [-1, 6, 8]
    rng = np.random.default_rng(0)
    pos = rng.standard_normal((6, 8)).astype(np.float32)
    for batch in (3, 1, 17):
        x = rng.standard_normal((batch, 6, 8)).astype(np.float32)
        (y,) = compiled(x, pos)
        assert y.shape == (batch, 6, 8)
        np.testing.assert_allclose(y, np.tanh(x + pos), rtol=1e-5, atol=1e-6)
    with pytest.raises(gn.GnError, match=r"the model needs dim 1 \(s1\) at its size 6 here, "
                                         r"but it is 7 at s0 = 2, s1 = 7"):
        compiled(rng.standard_normal((2, 7, 8)).astype(np.float32), pos)
    with pytest.raises(gn.GnError, match=r"expected shape \[-1, -1, 8\], got \[2, 6\]"):
        compiled(np.zeros((2, 6), np.float32), pos)


def test_one_compiled_program_checks_a_slice_reaches_its_stop():
    # x[:, :3] of a symbolic dim: the compiled program refuses s1 < 3 when
    # it binds the symbols, naming the slice, instead of reading past x.
    with open(os.path.join(ROOT, "test", "Eval", "Inputs", "symbolic-prefix.mlir")) as f:
        compiled = gn.compile(gn.parse_mlir(f.read()), device="cpu")
    rng = np.random.default_rng(0)
    table = rng.standard_normal((64, 8)).astype(np.float32)
    for s1 in (3, 9):
        ids = rng.integers(0, 64, (4, s1))
        t, q = compiled(ids, table)
        np.testing.assert_allclose(t, np.tanh(table[ids]), rtol=1e-5, atol=1e-6)
        np.testing.assert_allclose(q, np.exp(np.tanh(table[ids])[:, :3]), rtol=1e-5, atol=1e-6)
    with pytest.raises(gn.GnError, match=r"the slice reads dim 1 \(s1\), which must be at least 3, but it is 2 "
                                         r"at s0 = 4, s1 = 2"):
        compiled(rng.integers(0, 64, (4, 2)), table)


def test_one_compiled_program_checks_reflect_padding_fits():
    # Reflect padding of 2 reads 3 elements of a symbolic dim: the compiled
    # program refuses s1 < 3 when it binds the symbols, naming the pad,
    # instead of mirroring past the input; at s1 >= 3 it mirrors as numpy.
    with open(os.path.join(ROOT, "test", "Eval", "Inputs", "symbolic-pad.mlir")) as f:
        compiled = gn.compile(gn.parse_mlir(f.read()), device="cpu")
    rng = np.random.default_rng(0)
    for s1 in (3, 10):
        x = rng.standard_normal((2, s1, s1)).astype(np.float32)
        outs = compiled(x)
        np.testing.assert_array_equal(outs[1], np.pad(x, ((0, 0), (1, 2), (2, 0)), mode="reflect"))
        np.testing.assert_array_equal(outs[2], np.pad(x, ((0, 0), (1, 2), (2, 0)), mode="edge"))
        np.testing.assert_array_equal(outs[3], np.pad(x, ((0, 0), (1, 2), (2, 0)), mode="wrap"))
        np.testing.assert_array_equal(outs[4], np.tile(x, (2, 1, 3)))
        np.testing.assert_array_equal(outs[5], np.triu(x, 1))
    with pytest.raises(gn.GnError, match=r"the padding reads dim 1 \(s1\), which must be at least 3, "
                                         r"but it is 2 at s0 = 1, s1 = 2"):
        compiled(rng.standard_normal((1, 2, 2)).astype(np.float32))


def test_one_compiled_program_gathers_along_a_symbolic_dim():
    # index_select and torch.gather along s1: equal to numpy at a size other
    # than the example's, and an index past the size bound at run time is
    # refused naming the op, not read.
    with open(os.path.join(ROOT, "test", "Eval", "Inputs", "symbolic-gather.mlir")) as f:
        compiled = gn.compile(gn.parse_mlir(f.read()), device="cpu")
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 7, 4)).astype(np.float32)
    ids, g = np.array([1, 0, 6]), rng.integers(0, 7, (2, 3, 4))
    a, b = compiled(x, ids, g)
    np.testing.assert_array_equal(a, x[:, ids])
    np.testing.assert_array_equal(b, np.take_along_axis(x, g, 1))
    with pytest.raises(gn.GnError, match=r":4:8: error: index 1 out of range for size 1"):
        compiled(x[:, :1], np.array([0, 1, 0]), np.zeros((2, 3, 4), np.int64))


def _dynamo_style_sample(folder):
    """A sample as gn.torch_backend writes a TorchDynamo graph with dynamic
    shapes: the symbols as SymInt parameters, sizes computed from them, and
    input_tensor_constraints.py naming them (s0 = 2, s1 = 5 at this call)."""
    os.makedirs(folder)
    with open(os.path.join(folder, "model.py"), "w") as f:
        f.write("import torch\n\n\nclass GraphModule(torch.nn.Module):\n"
                "    def forward(self, s0 : torch.SymInt, s1 : torch.SymInt, L_x_ : torch.Tensor, "
                "L_w_ : torch.nn.parameter.Parameter):\n"
                "        y = torch._C._nn.linear(L_x_, L_w_)\n"
                "        mul = s0 * s1\n"
                "        z = y.view(mul, 4)\n"
                "        p = torch.softmax(z, -1)\n"
                "        return (p.view(s0, s1, 4)[(slice(None, None, None), slice(None, -1, None))],)\n")
    meta = []
    for name, shape, dtype, data in [("s0", [], "torch.int64", "[2]"),
                                     ("s1", [], "torch.int64", "[5]"),
                                     ("L_x_", [2, 5, 8], "torch.float32", "None"),
                                     ("L_w_", [4, 8], "torch.float32", "None")]:
        meta.append(f'class Program_weight_tensor_meta_{name}:\n    name = "{name}"\n'
                    f'    shape = {shape}\n    dtype = "{dtype}"\n    device = "cpu"\n'
                    f"    mean = 0.0\n    std = 1.0\n    data = {data}\n")
    with open(os.path.join(folder, "input_meta.py"), "w") as f:
        f.write("\n\n".join(meta))
    with open(os.path.join(folder, "graph_net.json"), "w") as f:
        f.write('{"framework": "torch"}\n')
    with open(os.path.join(folder, "input_tensor_constraints.py"), "w") as f:
        f.write('from sympy import Symbol\n\ns0 = Symbol("s0")\ns1 = Symbol("s1")\n\n'
                "dynamic_dim_constraint_symbols = [s0, s1]\n\n"
                "dynamic_dim_constraint_symbol2example_value = {s0: 2, s1: 5}\n\n"
                "dynamic_dim_constraint_relations = []\n\n"
                "dynamic_dim_constraint_input_shapes = [\n"
                '    ([], "s0"),\n    ([], "s1"),\n    ([s0, s1, 8], "L_x_"),\n'
                '    ([4, 8], "L_w_"),\n]\n')


def test_compile_sample_once_for_every_size_of_its_symbols(tmp_path):
    # torch.compile's dynamic graphs (gn.torch_backend): the SymInt
    # parameters named after the constraints' symbols are those symbols, so
    # view(s0 * s1, 4) follows them; one program runs every size.
    folder = str(tmp_path / "dynamo")
    _dynamo_style_sample(folder)
    compiled = gn.compile_sample(folder, device="cpu", symbolic=True)
    assert compiled.arguments[0]["shape"] == [-1, -1, 8]
    rng = np.random.default_rng(3)
    w = rng.standard_normal((4, 8)).astype(np.float32)
    for batch, seq in ((2, 5), (3, 7), (1, 2), (5, 11)):
        x = rng.standard_normal((batch, seq, 8)).astype(np.float32)
        (y,) = compiled(x, w)
        logits = x @ w.T
        e = np.exp(logits - logits.max(-1, keepdims=True))
        np.testing.assert_allclose(y, (e / e.sum(-1, keepdims=True))[:, :-1], rtol=1e-5,
                                   atol=1e-6)
    # At its own sizes only, without symbolic: another size is refused.
    fixed = gn.compile_sample(folder, device="cpu")
    with pytest.raises(gn.GnError, match=r"expected shape \[2, 5, 8\], got \[3, 7, 8\]"):
        fixed(rng.standard_normal((3, 7, 8)).astype(np.float32), w)


FORMS = ("parallel-copy-loops=true attention-kernels=true band-gemms=true merge-launches=true "
         "depthwise-kernels=true rank-kernels=true")
_TAKES = {
    "index_select": ("%r = gn.index_select %x[%i] dim 0{attrs} : tensor<5x3xf32>, tensor<2xi64> "
                     "-> tensor<2x3xf32>", "tensor<2x3xf32>"),
    "gather": ("%r = gn.gather %x[%j] dim 0{attrs} : tensor<5x3xf32>, tensor<2x3xi64> "
               "-> tensor<2x3xf32>", "tensor<2x3xf32>"),
    "scatter": ("%s = gn.constant dense<1.0> : tensor<2x3xf32>\n"
                "  %r = gn.scatter %s into %x[%j] dim 0 {{reduce = \"add\"{more}}} : "
                "tensor<2x3xf32> into tensor<5x3xf32>, tensor<2x3xi64>", "tensor<5x3xf32>"),
}


def _take_module(op, wrap):
    body, result = _TAKES[op]
    attrs = "" if wrap else " {wrap_negative = false}"
    body = body.format(attrs=attrs, more="" if wrap else ", wrap_negative = false")
    return gn.parse_mlir(f'''func.func @forward(%x: tensor<5x3xf32> {{gn.dtype = "float32", gn.kind = "input", gn.name = "x"}}, %i: tensor<2xi64> {{gn.dtype = "int64", gn.kind = "input", gn.name = "i"}}) -> {result} {{
  %b = gn.reshape %i [2, 1] : tensor<2xi64> -> tensor<2x1xi64>
  %j = gn.broadcast_to %b [2, 3] : tensor<2x1xi64> -> tensor<2x3xi64>
  {body}
  return %r : {result}
}}''')


@pytest.mark.parametrize("op", sorted(_TAKES))
@pytest.mark.parametrize("options", ["", FORMS], ids=["cpu", "cuda-forms"])
def test_negative_index_wraps_or_fails_as_the_op_says(op, options):
    # wrap_negative (the default): -1 is the last row, in the interpreter and
    # the compiled kernels alike; wrap_negative = false (torch.index_select,
    # embedding, gather, scatter): -1 fails the run, as PyTorch raises, where
    # it was read as the last row.
    x = np.arange(15, dtype=np.float32).reshape(5, 3)
    i = np.array([-1, 0], np.int64)
    wrapping = _take_module(op, True)
    want = wrapping.run_eager(x, i)[0]
    np.testing.assert_array_equal(gn.compile(wrapping, pipeline_options=options)(x, i)[0], want)
    strict = _take_module(op, False)
    with pytest.raises(gn.GnError, match="index -1 out of range for size 5"):
        strict.run_eager(x, i)
    compiled = gn.compile(strict, pipeline_options=options)
    with pytest.raises(gn.GnError, match="index -1 out of range for size 5"):
        compiled(x, i)
    ok = np.array([4, 0], np.int64)  # the same rows, counted from the start
    np.testing.assert_array_equal(compiled(x, ok)[0], want)


_DTYPES = {"i8": np.int8, "i32": np.int32, "i64": np.int64, "ui8": np.uint8}


def _division_module(op, elem):
    np_name = {"i8": "int8", "i32": "int32", "i64": "int64", "ui8": "uint8"}[elem]
    t = f"tensor<4x{elem}>"
    arg = lambda n: f'%{n}: {t} {{gn.dtype = "{np_name}", gn.kind = "input", gn.name = "{n}"}}'
    # Fused with a second op, so the check sits inside a kernel that does more.
    return gn.parse_mlir(f'''func.func @forward({arg("x")}, {arg("y")}) -> {t} {{
  %q = gn.{op} %x, %y : {t}, {t} -> {t}
  %r = gn.add %q, %x : {t}, {t} -> {t}
  return %r : {t}
}}''')


@pytest.mark.parametrize("elem", sorted(_DTYPES))
@pytest.mark.parametrize("op", ["div", "floor_div", "rem"])
@pytest.mark.parametrize("options", ["", FORMS], ids=["cpu", "cuda-forms"])
def test_integer_division_by_zero_fails_the_run(op, elem, options):
    # PyTorch and PaddlePaddle raise on an integer x / 0, x // 0 and x % 0;
    # gn gave 0 there. Now the interpreter and the compiled kernels (CPU and
    # the CUDA kernels' forms) fail the run, and a run without a zero still
    # matches the interpreter.
    m = _division_module(op, elem)
    dt = _DTYPES[elem]
    x = np.array([7, 100, 3, 9], dt)
    zero = np.array([2, 0, 1, 5], dt)
    with pytest.raises(gn.GnError, match="integer division by zero"):
        m.run_eager(x, zero)
    compiled = gn.compile(m, pipeline_options=options)
    with pytest.raises(gn.GnError, match="integer division by zero"):
        compiled(x, zero)
    ok = np.array([2, 3, 1, 5], dt)
    np.testing.assert_array_equal(compiled(x, ok)[0], m.run_eager(x, ok)[0])
