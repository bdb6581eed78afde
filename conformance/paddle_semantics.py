#!/usr/bin/env python3
"""Semantics probe for the Paddle frontend: calls paddle._C_ops.<op>(...) in
dygraph mode (CPU) with the positional argument lists the GraphNet Paddle
samples use, on tiny hand-chosen inputs, and prints what PaddlePaddle does.
docs/paddle-semantics.md records the results.

    scripts/paddle-env.sh python conformance/paddle_semantics.py [--only REGEX]

Each case prints `[section] label: <result>`; a tensor prints as
`dtype shape values`. A case PaddlePaddle rejects prints `ERROR <message>`.
Numbers come from this run, not from memory: rerun after a version bump and
diff the output.
"""
import argparse
import math
import re
import sys
import traceback

import numpy as np
import paddle

C = paddle._C_ops
CPU = paddle.core.CPUPlace()
F32, F64, I32, I64, BOOL, U8 = (paddle.float32, paddle.float64, paddle.int32,
                                paddle.int64, paddle.bool, paddle.uint8)

np.set_printoptions(precision=6, suppress=True, linewidth=150, threshold=200)

SECTION = ""


def T(a, dtype="float32"):
    return paddle.to_tensor(np.asarray(a, dtype=dtype))


def full1(v, dtype=F32):
    """A [1] tensor like the samples' `paddle._C_ops.full([1], v, dtype, CPUPlace())`."""
    return C.full([1], float(v), dtype, CPU)


def fmt(v):
    if isinstance(v, paddle.Tensor):
        a = v.numpy()
        d = str(v.dtype).replace("paddle.", "")
        vals = np.array2string(a, separator=", ").replace("\n", "")
        vals = re.sub(r"\s+", " ", vals)
        return f"{d}{list(v.shape)} {vals}"
    if isinstance(v, (list, tuple)) and all(isinstance(i, int) for i in v):
        return f"shape {list(v)}"
    if isinstance(v, (list, tuple)):
        inner = "; ".join(fmt(x) for x in v)
        return f"{type(v).__name__}({len(v)}): ({inner})"
    if isinstance(v, np.ndarray):
        return f"np{list(v.shape)} " + re.sub(r"\s+", " ", np.array2string(v, separator=", "))
    return repr(v)


def out(label, v):
    print(f"[{SECTION}] {label}: {fmt(v)}", flush=True)


def case(label, fn):
    try:
        out(label, fn())
    except Exception as e:  # noqa: BLE001 - a rejection is a fact to record
        msg = str(e).strip().split("\n")
        msg = next((m for m in msg if m.strip() and "----" not in m and "C++ Traceback" not in m), msg[0])
        print(f"[{SECTION}] {label}: ERROR {msg.strip()[:220]}", flush=True)


def note(label, v):
    print(f"[{SECTION}] {label}: {v}", flush=True)


SECTIONS = []


def section(fn):
    SECTIONS.append(fn)
    return fn


# --------------------------------------------------------------------------
@section
def header():
    note("paddle", paddle.__version__)
    note("numpy", np.__version__)
    note("device", paddle.device.get_device())
    note("in_dynamic_mode", paddle.in_dynamic_mode())


@section
def batch_norm():
    # x: N=2, C=2, H=1, W=3
    xn = np.array([[[[1, 2, 6]], [[0, 4, -4]]], [[[3, 0, 0]], [[2, 2, 8]]]], "float32")
    x = T(xn)
    mean0 = np.array([0.5, -0.5], "float32")
    var0 = np.array([2.0, 3.0], "float32")
    scale = T([1.5, 0.5])
    bias = T([0.1, 0.2])
    bm = xn.mean(axis=(0, 2, 3))
    bv = xn.var(axis=(0, 2, 3))
    bvu = xn.var(axis=(0, 2, 3), ddof=1)
    note("numpy batch mean", bm.tolist())
    note("numpy batch var biased", bv.tolist())
    note("numpy batch var unbiased", bvu.tolist())
    note("numpy 1/sqrt(var_biased+eps)", (1 / np.sqrt(bv + 1e-5)).tolist())
    sh = (1, 2, 1, 1)
    eps = 1e-5
    norm_b = (xn - bm.reshape(sh)) / np.sqrt(bv.reshape(sh) + eps) * [1.5, 0.5][0]
    for is_test, glob in [(False, False), (True, True), (True, False), (False, True)]:
        m, v = T(mean0), T(var0)
        r = C.batch_norm(x, m, v, scale, bias, is_test, 0.9, eps, "NCHW", glob, False)
        tag = f"is_test={is_test} use_global_stats={glob}"
        note(f"{tag} type/len", f"{type(r).__name__} {len(r)}")
        for i, t in enumerate(r):
            out(f"{tag} result[{i}]", t)
        y = r[0].numpy()
        yb = (xn - bm.reshape(sh)) / np.sqrt(bv.reshape(sh) + eps)
        yu = (xn - bm.reshape(sh)) / np.sqrt(bvu.reshape(sh) + eps)
        yr = (xn - mean0.reshape(sh)) / np.sqrt(var0.reshape(sh) + eps)
        sc = np.array([1.5, 0.5]).reshape(sh)
        bi = np.array([0.1, 0.2]).reshape(sh)
        note(f"{tag} out matches batch-stats biased-var", bool(np.allclose(y, yb * sc + bi, atol=1e-5)))
        note(f"{tag} out matches batch-stats unbiased-var", bool(np.allclose(y, yu * sc + bi, atol=1e-5)))
        note(f"{tag} out matches running stats", bool(np.allclose(y, yr * sc + bi, atol=1e-5)))
        note(f"{tag} input mean tensor after call", m.numpy().tolist())
        note(f"{tag} input var tensor after call", v.numpy().tolist())
        if not is_test:
            note("  expected 0.9*mean0+0.1*batch_mean", (0.9 * mean0 + 0.1 * bm).tolist())
            note("  expected 0.9*var0+0.1*batch_var_unbiased", (0.9 * var0 + 0.1 * bvu).tolist())
            note("  expected 0.9*var0+0.1*batch_var_biased", (0.9 * var0 + 0.1 * bv).tolist())
    del norm_b
    # 2-D input [N, C] (samples: batch_norm on flatten output), NHWC
    x2 = np.array([[1, 2], [3, 6], [5, 1]], "float32")
    r = C.batch_norm(T(x2), T(mean0), T(var0), scale, bias, False, 0.9, eps, "NCHW", False, False)
    out("2-D [3,2] train result[0]", r[0])
    note("2-D numpy (x-mean)/sqrt(biasedvar+eps)*s+b",
         ((x2 - x2.mean(0)) / np.sqrt(x2.var(0) + eps) * [1.5, 0.5] + [0.1, 0.2]).round(6).tolist())
    xh = np.transpose(xn, (0, 2, 3, 1)).copy()
    r = C.batch_norm(T(xh), T(mean0), T(var0), scale, bias, False, 0.9, eps, "NHWC", False, False)
    note("NHWC train out == NCHW out transposed",
         bool(np.allclose(r[0].numpy(),
                          np.transpose(C.batch_norm(x, T(mean0), T(var0), scale, bias, False, 0.9, eps,
                                                    "NCHW", False, False)[0].numpy(), (0, 2, 3, 1)),
                          atol=1e-6)))
    # N=1, H=W=1 training: variance of a single value
    r = C.batch_norm(T([[[[3.0]], [[5.0]]]]), T(mean0), T(var0), scale, bias, False, 0.9, eps, "NCHW", False, False)
    out("train on 1 element per channel: out", r[0])
    out("train on 1 element per channel: running var", r[2])
    r = C.batch_norm(T([[3.0, 5.0]]), T(mean0), T(var0), scale, bias, False, 0.9, eps, "NCHW", False, False)
    out("train on 2-D [1,2] (N=1): out", r[0])
    r = C.batch_norm(T([[[[1.0, 2.0, 6.0]], [[0.0, 4.0, -4.0]]]]), T(mean0), T(var0), scale, bias, False, 0.9, eps, "NCHW", False, False)
    out("train on N=1, H*W=3 (normal batch stats)", r[0])


@section
def dropout():
    # In dygraph _C_ops.dropout returns ONE tensor (the output); the PIR op has
    # (out, mask:uint8) and the samples wrap the call so that a single tensor
    # becomes (out, None).
    xn = np.arange(1, 13, dtype="float32").reshape(3, 4)
    x = T(xn)
    p = full1(0.5)
    for is_test in (True, False):
        for mode in ("upscale_in_train", "downgrade_in_infer"):
            paddle.seed(1)
            r = C.dropout(x, None, p, is_test, mode, 0, False)
            tag = f"is_test={is_test} {mode}"
            note(f"{tag} result type", type(r).__name__ if not isinstance(r, (list, tuple)) else f"{type(r).__name__}({len(r)})")
            out(f"{tag} out", r)
            if not is_test:
                y = r.numpy()
                kept = y != 0
                note(f"{tag} kept values / x", np.unique(y[kept] / xn[kept]).tolist())
    case("p as python float 0.25, is_test=True downgrade", lambda: C.dropout(x, None, 0.25, True, "downgrade_in_infer", 0, False))
    case("p=1.0 train upscale", lambda: C.dropout(x, None, full1(1.0), False, "upscale_in_train", 0, False))
    case("p=0.0 train upscale", lambda: C.dropout(x, None, full1(0.0), False, "upscale_in_train", 0, False))
    case("p=1.0 train downgrade", lambda: C.dropout(x, None, full1(1.0), False, "downgrade_in_infer", 0, False))
    paddle.seed(3)
    big = C.dropout(paddle.ones([100000]), None, full1(0.3), False, "upscale_in_train", 0, False).numpy()
    note("p=0.3 train upscale on ones: kept fraction, distinct values", (float((big != 0).mean()), np.unique(big).tolist()))
    paddle.seed(3)
    big2 = C.dropout(paddle.ones([100000]), None, full1(0.3), False, "upscale_in_train", 0, False).numpy()
    note("same paddle.seed -> same mask", bool((big == big2).all()))
    case("integer x (i64) is_test downgrade p=0.5", lambda: C.dropout(T([3, 5], "int64"), None, full1(0.5), True, "downgrade_in_infer", 0, False))


@section
def reshape():
    x = T(np.arange(24, dtype="float32").reshape(2, 3, 4))
    case("[0,-1]", lambda: C.reshape(x, [0, -1]).shape)
    case("[-1,0,2] (0 copies input dim 1)", lambda: C.reshape(x, [-1, 0, 2]).shape)
    case("[0,0,0]", lambda: C.reshape(x, [0, 0, 0]).shape)
    case("[4,0] (0 at index 1 copies 3 -> 12 != 24)", lambda: C.reshape(x, [4, 0]).shape)
    case("[6,-1]", lambda: C.reshape(x, [6, -1]).shape)
    case("shape as i64 tensor [0,-1]", lambda: C.reshape(x, T([0, -1], "int64")).shape)
    case("shape as i32 tensor [3,8]", lambda: C.reshape(x, T([3, 8], "int32")).shape)
    case("shape as list of 0-d/1-elt tensors", lambda: C.reshape(x, [T(2, "int64"), T([-1], "int64")]).shape)
    case("result type", lambda: type(C.reshape(x, [24])).__name__)
    case("values row-major", lambda: C.reshape(x, [0, -1])[1, :5])
    case("[] on 1-element -> 0-d", lambda: C.reshape(T([5.0]), []))


@section
def slice():
    x = T(np.arange(24, dtype="float32").reshape(2, 3, 4))
    case("axes[1] 1:3 decrease[]", lambda: C.slice(x, [1], [1], [3], [1], []).shape)
    case("axes[1] 1:2 decrease[1]", lambda: C.slice(x, [1], [1], [2], [1], [1]))
    case("axes[0,1] 1:2,2:3 decrease[0,1]", lambda: C.slice(x, [0, 1], [1, 2], [2, 3], [1, 1], [0, 1]))
    case("axes[0,1,2] decrease all -> 0-d", lambda: C.slice(x, [0, 1, 2], [1, 2, 3], [2, 3, 4], [1, 1, 1], [0, 1, 2]))
    case("axes[2] -1:2147483647", lambda: C.slice(x, [2], [-1], [2147483647], [1], []))
    case("axes[2] -3:-1", lambda: C.slice(x, [2], [-3], [-1], [1], [])[0, 0])
    case("axes[2] 1:100 (end clamps)", lambda: C.slice(x, [2], [1], [100], [1], []).shape)
    case("axes[2] -100:2 (start clamps)", lambda: C.slice(x, [2], [-100], [2], [1], []).shape)
    case("axes[2] 3:1 (empty)", lambda: C.slice(x, [2], [3], [1], [1], []).shape)
    case("axes[2] 5:7 (start beyond)", lambda: C.slice(x, [2], [5], [7], [1], []).shape)
    case("starts/ends as i64 tensors", lambda: C.slice(x, [2], T([1], "int64"), T([3], "int64"), [1], [])[0, 0])
    case("starts/ends as lists of 0-d tensors", lambda: C.slice(x, [2], [T(1, "int64")], [T(3, "int64")], [1], [])[0, 0])
    case("decrease_axis on a size-2 slice", lambda: C.slice(x, [1], [0], [2], [1], [1]).shape)
    case("decrease on a rank-1 [2] -> 0-d", lambda: C.slice(T([7.0, 8.0]), [0], [1], [2], [1], [0]))
    case("infer_flags [-1]", lambda: C.slice(x, [1], [1], [2], [-1], []).shape)
    sh = C.shape64(x)
    case("slice of shape64, decrease[0] -> 0-d i64", lambda: C.slice(sh, [0], [1], [2], [1], [0]))


@section
def gather_family():
    x = T(np.arange(12, dtype="float32").reshape(3, 4))
    idx = T([2, 0, 2], "int64")
    case("gather axis tensor i32 [1]=0", lambda: C.gather(x, idx, full1(0, I32)))
    case("gather axis=1 (int)", lambda: C.gather(x, idx, 1))
    case("index_select axis=1", lambda: C.index_select(x, idx, 1))
    case("gather i32 index", lambda: C.gather(x, T([1], "int32"), 0))
    case("gather 0-d index", lambda: C.gather(x, T(1, "int64"), 0))
    case("gather 2-D index [[0],[2]]", lambda: C.gather(x, T([[0], [2]], "int64"), 0))
    case("gather 2-D index [[0,1],[2,0]]", lambda: C.gather(x, T([[0, 1], [2, 0]], "int64"), 0))
    case("gather negative index -1", lambda: C.gather(x, T([-1], "int64"), 0))
    case("index_select negative index -1", lambda: C.index_select(x, T([-1], "int64"), 0))
    case("gather on 1-D i64 with 1xi32 index (sample form)",
         lambda: C.gather(T([5, 6, 7], "int64"), T([2], "int32"), full1(0, I32)))
    y = T(np.arange(24, dtype="float32").reshape(2, 3, 4))
    case("gather_nd index [2,1] -> rows", lambda: C.gather_nd(y, T([[1], [0]], "int64")).shape)
    case("gather_nd index [[1,2],[0,0]]", lambda: C.gather_nd(y, T([[1, 2], [0, 0]], "int64")))
    case("gather_nd index [1,2,1,3]-> scalars", lambda: C.gather_nd(y, T([[1, 2, 3], [0, 1, 1]], "int64")))
    case("gather_nd (sample form) x[21,2] idx[1,3,1]",
         lambda: C.gather_nd(T(np.arange(10, dtype="float32").reshape(5, 2)), T([[[4], [0], [2]]], "int64")))
    case("gather_nd empty last dim index[2,0] (copies x per row)", lambda: C.gather_nd(x, T(np.zeros((2, 0)), "int64")).shape)
    case("gather_nd negative index", lambda: C.gather_nd(x, T([[-1, 0]], "int64")))
    case("index_sample x[2,4] idx[[3,0],[1,1]]",
         lambda: C.index_sample(T(np.arange(8, dtype="float32").reshape(2, 4)), T([[3, 0], [1, 1]], "int64")))
    case("index_sample i32 index", lambda: C.index_sample(T(np.arange(8, dtype="float32").reshape(2, 4)), T([[3], [2]], "int32")))


@section
def embedding():
    w = T(np.arange(15, dtype="float32").reshape(5, 3) + 1)
    ids = T([[0, 1, 4], [2, 0, 3]], "int64")
    case("padding_idx=-1", lambda: C.embedding(ids, w, -1, False))
    case("padding_idx=0", lambda: C.embedding(ids, w, 0, False))
    case("padding_idx=4", lambda: C.embedding(ids, w, 4, False))
    case("padding_idx=-2 (raw op)", lambda: C.embedding(ids, w, -2, False))
    case("i32 ids", lambda: C.embedding(T([1, 2], "int32"), w, -1, False))
    case("0-d id", lambda: C.embedding(T(3, "int64"), w, -1, False))
    case("id out of range 5", lambda: C.embedding(T([5], "int64"), w, -1, False))


@section
def activations():
    xs = np.array([-5, -3, -2.5, -1, -0.5, 0, 0.5, 1, 2.5, 3, 5], "float32")
    x = T(xs)
    note("x", xs.tolist())
    case("hardsigmoid(x, 0.2, 0.5)", lambda: C.hardsigmoid(x, 0.2, 0.5))
    note("  numpy clip(0.2x+0.5,0,1)", np.clip(0.2 * xs + 0.5, 0, 1).tolist())
    case("hardsigmoid(x, 0.166667, 0.5)", lambda: C.hardsigmoid(x, 0.166667, 0.5))
    case("hardswish", lambda: C.hardswish(x))
    note("  numpy x*clip(x+3,0,6)/6", (xs * np.clip(xs + 3, 0, 6) / 6).tolist())
    case("gelu(x, False)", lambda: C.gelu(x, False))
    note("  numpy erf gelu", [float(v * 0.5 * (1 + math.erf(v / math.sqrt(2)))) for v in xs])
    case("gelu(x, True)", lambda: C.gelu(x, True))
    note("  numpy tanh gelu", (0.5 * xs * (1 + np.tanh(math.sqrt(2 / math.pi) * (xs + 0.044715 * xs ** 3)))).tolist())
    case("swish", lambda: C.swish(x))
    case("silu", lambda: C.silu(x))
    note("  numpy x*sigmoid(x)", (xs / (1 + np.exp(-xs))).tolist())
    case("relu6", lambda: C.relu6(T([-1, 3, 6, 7.5])))
    case("leaky_relu(x, 0.1)", lambda: C.leaky_relu(T([-2, 0, 3]), 0.1))
    case("relu", lambda: C.relu(T([-2, 0, 3])))
    case("sigmoid", lambda: C.sigmoid(T([-1, 0, 1])))
    case("tanh", lambda: C.tanh(T([-1, 0, 1])))
    case("erf", lambda: C.erf(T([-1, 0, 0.5])))
    case("sqrt(-1, 4)", lambda: C.sqrt(T([-1, 4])))
    case("rsqrt(0, 4)", lambda: C.rsqrt(T([0, 4])))
    case("exp", lambda: C.exp(T([0, 1])))
    case("log(0,-1,e)", lambda: C.log(T([0, -1, math.e])))
    case("abs", lambda: C.abs(T([-2, 3])))
    case("floor(-1.5, 1.5)", lambda: C.floor(T([-1.5, 1.5])))
    case("sin, cos", lambda: (C.sin(T([0, 1])), C.cos(T([0, 1]))))
    case("square", lambda: C.square(T([-3, 2])))
    case("softmax(x, -1)", lambda: C.softmax(T([[1, 2, 3], [0, 0, 0]]), -1))
    case("softmax(x, 0)", lambda: C.softmax(T([[1, 2, 3], [0, 0, 0]]), 0))
    case("log_softmax(x, -1)", lambda: C.log_softmax(T([[1, 2, 3]]), -1))
    case("softmax with -inf row", lambda: C.softmax(T([[-np.inf, -np.inf]]), -1))
    case("relu on i64", lambda: C.relu(T([-2, 3], "int64")))
    case("abs on i64", lambda: C.abs(T([-2, 3], "int64")))
    case("sqrt on i64", lambda: C.sqrt(T([4], "int64")))
    case("sigmoid on f16", lambda: C.sigmoid(T([1], "float16")))


@section
def pool2d():
    def P(x, k, s, p, ceil, excl, fmt_, typ, glob, adapt, alg):
        return C.pool2d(x, k, s, p, ceil, excl, fmt_, typ, glob, adapt, alg)
    ones = paddle.ones([1, 1, 3, 3])
    case("avg k3 s1 p1 exclusive=True on ones", lambda: P(ones, [3, 3], [1, 1], [1, 1], False, True, "NCHW", "avg", False, False, "EXPLICIT")[0, 0])
    case("avg k3 s1 p1 exclusive=False on ones", lambda: P(ones, [3, 3], [1, 1], [1, 1], False, False, "NCHW", "avg", False, False, "EXPLICIT")[0, 0])
    case("max k3 s1 p1 on -ones (pad is -inf, not 0)", lambda: P(-ones, [3, 3], [1, 1], [1, 1], False, True, "NCHW", "max", False, False, "EXPLICIT")[0, 0])
    row = T(np.array([1, 2, 4, 8, 16], "float32").reshape(1, 1, 1, 5))
    case("adaptive avg 5->3 on [1,2,4,8,16]", lambda: P(row, [1, 3], [1, 1], [0, 0], False, True, "NCHW", "avg", False, True, "EXPLICIT"))
    note("  bins [floor(i*5/3), ceil((i+1)*5/3)) -> means", [float(np.mean([1, 2, 4, 8, 16][math.floor(i * 5 / 3):math.ceil((i + 1) * 5 / 3)])) for i in range(3)])
    case("adaptive max 5->3 on [1,2,4,8,16]", lambda: P(row, [1, 3], [1, 1], [0, 0], False, True, "NCHW", "max", False, True, "EXPLICIT"))
    row2 = T(np.array([16, 8, 4, 2, 1], "float32").reshape(1, 1, 1, 5))
    case("adaptive max 5->3 on [16,8,4,2,1]", lambda: P(row2, [1, 3], [1, 1], [0, 0], False, True, "NCHW", "max", False, True, "EXPLICIT"))
    row6 = T(np.array([1, 2, 4, 8, 16, 32], "float32").reshape(1, 1, 1, 6))
    case("adaptive max 6->[1,2] on [1,2,4,8,16,32]", lambda: P(row6, [1, 2], [1, 1], [0, 0], False, True, "NCHW", "max", False, True, "EXPLICIT"))
    case("adaptive avg 6->[1,2] on [1,2,4,8,16,32]", lambda: P(row6, [1, 2], [1, 1], [0, 0], False, True, "NCHW", "avg", False, True, "EXPLICIT"))
    case("adaptive max 6->[1,2] strides [2,2]", lambda: P(row6, [1, 2], [2, 2], [0, 0], False, True, "NCHW", "max", False, True, "EXPLICIT"))
    case("adaptive avg 6->[1,2] strides [2,2] paddings [1,1] (ignored)", lambda: P(row6, [1, 2], [2, 2], [1, 1], False, True, "NCHW", "avg", False, True, "EXPLICIT"))
    case("adaptive avg 5->7 (upsampling bins)", lambda: P(row, [1, 7], [1, 1], [0, 0], False, True, "NCHW", "avg", False, True, "EXPLICIT"))
    case("adaptive avg [1,1] sample form (kernel=[1,1], s=[1,1])", lambda: P(T(np.arange(6, dtype="float32").reshape(1, 1, 2, 3)), [1, 1], [1, 1], [0, 0], False, True, "NCHW", "avg", False, True, "EXPLICIT"))
    case("adaptive avg kernel as tensor [1,1]", lambda: P(T(np.arange(6, dtype="float32").reshape(1, 1, 2, 3)), T([1, 1], "int64"), [1, 1], [0, 0], False, True, "NCHW", "avg", False, True, "EXPLICIT"))
    x5 = T(np.arange(25, dtype="float32").reshape(1, 1, 5, 5))
    case("max k2 s2 ceil=False 5x5", lambda: P(x5, [2, 2], [2, 2], [0, 0], False, True, "NCHW", "max", False, False, "EXPLICIT"))
    case("max k2 s2 ceil=True 5x5", lambda: P(x5, [2, 2], [2, 2], [0, 0], True, True, "NCHW", "max", False, False, "EXPLICIT"))
    case("avg k2 s2 ceil=True exclusive=True 5x5", lambda: P(x5, [2, 2], [2, 2], [0, 0], True, True, "NCHW", "avg", False, False, "EXPLICIT"))
    case("avg k2 s2 ceil=True exclusive=False 5x5", lambda: P(x5, [2, 2], [2, 2], [0, 0], True, False, "NCHW", "avg", False, False, "EXPLICIT"))
    case("avg k3 s2 p1 ceil=True 4x4 (last window starting in pad?)", lambda: P(T(np.ones((1, 1, 4, 4), "float32")), [3, 3], [2, 2], [1, 1], True, True, "NCHW", "avg", False, False, "EXPLICIT").shape)
    case("max k2 s2 p1 ceil=True 5x5 (torch drops a window starting in pad)", lambda: P(x5, [2, 2], [2, 2], [1, 1], True, True, "NCHW", "max", False, False, "EXPLICIT"))
    case("avg k2 s2 p1 ceil=True excl=True 5x5", lambda: P(x5, [2, 2], [2, 2], [1, 1], True, True, "NCHW", "avg", False, False, "EXPLICIT"))
    case("avg k2 s2 p1 ceil=True excl=False 5x5", lambda: P(x5, [2, 2], [2, 2], [1, 1], True, False, "NCHW", "avg", False, False, "EXPLICIT"))
    case("avg k3 s2 p1 ceil=False excl=False 5x5", lambda: P(x5, [3, 3], [2, 2], [1, 1], False, False, "NCHW", "avg", False, False, "EXPLICIT"))
    case("max k2 s2 SAME 5x5 (sum pad 1)", lambda: P(x5, [2, 2], [2, 2], [0, 0], False, True, "NCHW", "max", False, False, "SAME"))
    case("avg k2 s2 SAME 5x5 exclusive", lambda: P(x5, [2, 2], [2, 2], [0, 0], False, True, "NCHW", "avg", False, False, "SAME"))
    case("max k2 s1 SAME ceil=True 3x3 (sample form)", lambda: P(T(np.arange(9, dtype="float32").reshape(1, 1, 3, 3)), [2, 2], [1, 1], [0, 0], True, True, "NCHW", "max", False, False, "SAME"))
    case("avg k3 s1 SAME 3x3 exclusive", lambda: P(T(np.arange(9, dtype="float32").reshape(1, 1, 3, 3)), [3, 3], [1, 1], [0, 0], False, True, "NCHW", "avg", False, False, "SAME"))
    case("avg k2 s2 SAME 4x4 (no pad)", lambda: P(T(np.arange(16, dtype="float32").reshape(1, 1, 4, 4)), [2, 2], [2, 2], [0, 0], False, True, "NCHW", "avg", False, False, "SAME"))
    case("max k2 s2 VALID with paddings [1,1] (ignored?)", lambda: P(x5, [2, 2], [2, 2], [1, 1], False, True, "NCHW", "max", False, False, "VALID"))
    case("SAME with paddings [1,1] given (ignored?)", lambda: P(x5, [2, 2], [2, 2], [1, 1], False, True, "NCHW", "max", False, False, "SAME"))
    x34 = T(np.arange(12, dtype="float32").reshape(1, 1, 3, 4))
    case("avg k1 s1 pads4 [1,0,0,0] excl=False on 3x4", lambda: P(x34, [1, 1], [1, 1], [1, 0, 0, 0], False, False, "NCHW", "avg", False, False, "EXPLICIT"))
    case("avg k1 s1 pads4 [0,1,0,0] excl=False on 3x4", lambda: P(x34, [1, 1], [1, 1], [0, 1, 0, 0], False, False, "NCHW", "avg", False, False, "EXPLICIT"))
    case("avg k2 s1 pads4 [0,1,0,0] excl=False on 3x4 (bottom divisor)", lambda: P(x34, [2, 1], [1, 1], [0, 1, 0, 0], False, False, "NCHW", "avg", False, False, "EXPLICIT"))
    case("avg k2 s1 pads4 [1,0,0,0] excl=False on 3x4 (top divisor)", lambda: P(x34, [2, 1], [1, 1], [1, 0, 0, 0], False, False, "NCHW", "avg", False, False, "EXPLICIT"))
    case("avg k1 s1 pads4 [0,0,1,0] excl=False on 3x4", lambda: P(x34, [1, 1], [1, 1], [0, 0, 1, 0], False, False, "NCHW", "avg", False, False, "EXPLICIT"))
    case("avg k1 s1 pads4 [0,0,0,1] excl=False on 3x4", lambda: P(x34, [1, 1], [1, 1], [0, 0, 0, 1], False, False, "NCHW", "avg", False, False, "EXPLICIT"))
    case("kernel int 2 (not list)", lambda: P(x5, 2, [2, 2], [0, 0], False, True, "NCHW", "max", False, False, "EXPLICIT").shape)
    case("kernel [3,2] stride [2,2] on 5x5 avg", lambda: P(x5, [3, 2], [2, 2], [0, 0], False, True, "NCHW", "avg", False, False, "EXPLICIT"))
    case("global_pooling=True max", lambda: P(x5, [2, 2], [1, 1], [0, 0], False, True, "NCHW", "max", True, False, "EXPLICIT"))
    case("global_pooling=True (kernel ignored)", lambda: P(x5, [2, 2], [1, 1], [0, 0], False, True, "NCHW", "avg", True, False, "EXPLICIT"))
    xh = T(np.arange(50, dtype="float32").reshape(1, 5, 5, 2))
    case("NHWC max k2 s2 (channel 1)", lambda: P(xh, [2, 2], [2, 2], [0, 0], False, True, "NHWC", "max", False, False, "EXPLICIT")[0, :, :, 1])
    case("NHWC adaptive avg to 1x1", lambda: P(xh, [1, 1], [1, 1], [0, 0], False, True, "NHWC", "avg", False, True, "EXPLICIT"))
    case("result type", lambda: type(P(x5, [2, 2], [2, 2], [0, 0], False, True, "NCHW", "max", False, False, "EXPLICIT")).__name__)


@section
def conv2d():
    x = T(np.arange(16, dtype="float32").reshape(1, 1, 4, 4))
    w00 = np.zeros((1, 1, 3, 3), "float32")
    w00[0, 0, 0, 0] = 1  # picks xpad[i*s, j*s]
    w = T(w00)
    case("k3 s2 SAME 4x4 one-hot(0,0) filter", lambda: C.conv2d(x, w, [2, 2], [0, 0], "SAME", [1, 1], 1, "NCHW"))
    note("  pad before=0 gives [[0,2],[8,10]]; before=1 gives [[pad,pad],[pad,5]]", "")
    case("k3 s1 SAME 4x4 one-hot(0,0)", lambda: C.conv2d(x, w, [1, 1], [0, 0], "SAME", [1, 1], 1, "NCHW"))
    w2 = np.zeros((1, 1, 2, 2), "float32")
    w2[0, 0, 0, 0] = 1
    case("k2 s1 SAME 4x4 one-hot(0,0) (pad total 1)", lambda: C.conv2d(x, T(w2), [1, 1], [0, 0], "SAME", [1, 1], 1, "NCHW"))
    case("k2 s1 SAME with paddings [5,5] given", lambda: C.conv2d(x, T(w2), [1, 1], [5, 5], "SAME", [1, 1], 1, "NCHW").shape)
    case("k3 s1 VALID", lambda: C.conv2d(x, w, [1, 1], [1, 1], "VALID", [1, 1], 1, "NCHW").shape)
    case("k3 s1 EXPLICIT pads [1,1]", lambda: C.conv2d(x, w, [1, 1], [1, 1], "EXPLICIT", [1, 1], 1, "NCHW"))
    case("k3 s1 EXPLICIT pads4 [1,0,0,0]", lambda: C.conv2d(x, w, [1, 1], [1, 0, 0, 0], "EXPLICIT", [1, 1], 1, "NCHW"))
    case("k3 s1 EXPLICIT pads4 [0,1,0,0]", lambda: C.conv2d(x, w, [1, 1], [0, 1, 0, 0], "EXPLICIT", [1, 1], 1, "NCHW"))
    case("k3 s1 EXPLICIT pads4 [0,0,1,0]", lambda: C.conv2d(x, w, [1, 1], [0, 0, 1, 0], "EXPLICIT", [1, 1], 1, "NCHW"))
    case("k3 s1 EXPLICIT pads4 [0,0,0,1]", lambda: C.conv2d(x, w, [1, 1], [0, 0, 0, 1], "EXPLICIT", [1, 1], 1, "NCHW"))
    case("k3 s1 dilation 2 pads [2,2] one-hot(0,0)", lambda: C.conv2d(x, w, [1, 1], [2, 2], "EXPLICIT", [2, 2], 1, "NCHW"))
    # NHWC data with OIHW filter: x NHWC [1,2,2,3] (C=3), filter [O=2, I=3, 1, 1]
    xn = np.arange(12, dtype="float32").reshape(1, 2, 2, 3)
    wn = np.array([[1, 0, 0], [0, 10, 100]], "float32").reshape(2, 3, 1, 1)
    case("NHWC x[1,2,2,3] filter OIHW [2,3,1,1]", lambda: C.conv2d(T(xn), T(wn), [1, 1], [0, 0], "EXPLICIT", [1, 1], 1, "NHWC"))
    note("  numpy einsum nhwc,oc->nhwo", np.einsum("nhwc,oc->nhwo", xn, wn[:, :, 0, 0]).tolist())
    # groups
    xg = T(np.arange(8, dtype="float32").reshape(1, 4, 1, 2))
    wg = T(np.ones((2, 2, 1, 1), "float32"))
    case("groups=2, x C=4, w[2,2,1,1]", lambda: C.conv2d(xg, wg, [1, 1], [0, 0], "EXPLICIT", [1, 1], 2, "NCHW"))
    # depthwise: (x, w, strides, paddings, padding_algorithm, groups, dilations, data_format)
    xd = T(np.arange(32, dtype="float32").reshape(1, 2, 4, 4))
    wd = np.zeros((2, 1, 3, 3), "float32")
    wd[:, 0, 0, 0] = [1, 2]
    case("depthwise groups=2 dil [2,2] pads [2,2]", lambda: C.depthwise_conv2d(xd, T(wd), [1, 1], [2, 2], "EXPLICIT", 2, [2, 2], "NCHW")[0, 1])
    case("depthwise == conv2d(groups=C)", lambda: bool(np.allclose(
        C.depthwise_conv2d(xd, T(wd), [1, 1], [1, 1], "EXPLICIT", 2, [1, 1], "NCHW").numpy(),
        C.conv2d(xd, T(wd), [1, 1], [1, 1], "EXPLICIT", [1, 1], 2, "NCHW").numpy())))
    case("depthwise NHWC filter [C,1,kh,kw] (sample form)",
         lambda: C.depthwise_conv2d(T(np.arange(8, dtype="float32").reshape(1, 1, 4, 2)),
                                    T(np.array([[[[1, 1, 1]]], [[[0, 1, 0]]]], "float32")),
                                    [1, 1], [0, 1], "EXPLICIT", 2, [1, 1], "NHWC"))
    case("depthwise SAME k3 s2 4x4", lambda: C.depthwise_conv2d(xd, T(wd), [2, 2], [0, 0], "SAME", 2, [1, 1], "NCHW")[0, 0])
    case("depthwise channel multiplier 2 (w[4,1,1,1], groups 2)",
         lambda: C.depthwise_conv2d(T(np.array([1, 10], "float32").reshape(1, 2, 1, 1)), T(np.array([1, 2, 3, 4], "float32").reshape(4, 1, 1, 1)), [1, 1], [0, 0], "EXPLICIT", 2, [1, 1], "NCHW"))
    # conv2d_transpose (x, w[Cin, Cout/g, kh, kw], strides, paddings, output_padding, output_size, alg, groups, dilations, fmt)
    xt = T(np.array([[1, 2], [3, 4]], "float32").reshape(1, 1, 2, 2))
    wt = T(np.array([[1, 10], [100, 1000]], "float32").reshape(1, 1, 2, 2))
    case("conv2d_transpose s2 k2 (sample form, output_size [])", lambda: C.conv2d_transpose(xt, wt, [2, 2], [0, 0], [], [], "EXPLICIT", 1, [1, 1], "NCHW"))
    case("conv2d_transpose s1 k2", lambda: C.conv2d_transpose(xt, wt, [1, 1], [0, 0], [], [], "EXPLICIT", 1, [1, 1], "NCHW"))
    case("conv2d_transpose s2 k2 pads [1,1]", lambda: C.conv2d_transpose(xt, wt, [2, 2], [1, 1], [], [], "EXPLICIT", 1, [1, 1], "NCHW"))
    case("conv2d_transpose s2 k2 output_padding [1,1]", lambda: C.conv2d_transpose(xt, wt, [2, 2], [0, 0], [1, 1], [], "EXPLICIT", 1, [1, 1], "NCHW"))
    case("conv2d_transpose s2 k2 output_size [5,5]", lambda: C.conv2d_transpose(xt, wt, [2, 2], [0, 0], [], [5, 5], "EXPLICIT", 1, [1, 1], "NCHW"))
    case("conv2d_transpose output_size as i64 tensor [5,5]", lambda: C.conv2d_transpose(xt, wt, [2, 2], [0, 0], [], T([5, 5], "int64"), "EXPLICIT", 1, [1, 1], "NCHW").shape)
    case("conv2d_transpose output_size [6,6] (too big)", lambda: C.conv2d_transpose(xt, wt, [2, 2], [0, 0], [], [6, 6], "EXPLICIT", 1, [1, 1], "NCHW").shape)
    case("conv2d_transpose Cin=2 Cout=3 weight [2,3,1,1]", lambda: C.conv2d_transpose(paddle.ones([1, 2, 1, 1]), T(np.arange(6, dtype="float32").reshape(2, 3, 1, 1)), [1, 1], [0, 0], [], [], "EXPLICIT", 1, [1, 1], "NCHW"))
    case("conv2d_transpose SAME s2 k3 on 2x2", lambda: C.conv2d_transpose(xt, T(np.ones((1, 1, 3, 3), "float32")), [2, 2], [0, 0], [], [], "SAME", 1, [1, 1], "NCHW"))


@section
def layer_norm():
    xn = np.array([[[1, 2], [3, 4], [5, 9]], [[0, 0], [1, 1], [2, 7]]], "float32")  # [2,3,2]
    x = T(xn)
    case("begin=1 scale/bias [6] flattened", lambda: C.layer_norm(x, T(np.arange(6, dtype="float32") + 1), T(np.zeros(6, "float32")), 1e-5, 1))
    m = xn.reshape(2, 6).mean(1)
    v = xn.reshape(2, 6).var(1)
    note("  numpy mean/biased var over last 6", (m.tolist(), v.tolist()))
    y = (xn.reshape(2, 6) - m[:, None]) / np.sqrt(v[:, None] + 1e-5) * (np.arange(6) + 1)
    note("  numpy out", y.reshape(2, 3, 2).round(5).tolist())
    case("begin=2 scale [2] (dygraph returns only out)", lambda: C.layer_norm(x, T([1, 1]), T([0, 0]), 1e-5, 2))
    case("begin=2 eps=1e-5 on a constant row (var 0)", lambda: C.layer_norm(T([[3.0, 3.0]]), T([1, 1]), T([0, 0]), 1e-5, 1))
    case("begin=-1", lambda: C.layer_norm(x, T([1, 1]), T([0, 0]), 1e-5, -1)[0].shape)
    case("scale=None bias=None", lambda: C.layer_norm(x, None, None, 1e-5, 2)[0][0, 0])
    case("scale shaped [3,2] for begin=1", lambda: C.layer_norm(x, T(np.ones((3, 2), "float32")), T(np.zeros((3, 2), "float32")), 1e-5, 1)[0].shape)


@section
def scale():
    x = T([1.0, -2.0, 3.0])
    case("float scale 2, bias 0.5, after", lambda: C.scale(x, 2.0, 0.5, True))
    case("float scale 2, bias 0.5, before ((x+b)*s)", lambda: C.scale(x, 2.0, 0.5, False))
    case("[1] tensor scale", lambda: C.scale(x, full1(2.0), 0.5, True))
    case("0-d tensor scale", lambda: C.scale(x, T(2.0), 0.0, True))
    case("0-d x, [1] tensor scale (shape stays 0-d)", lambda: C.scale(T(3.0), full1(2.0), 1.0, True))
    xi = T([-9, -5, -1, 0, 1, 5, 9], "int64")
    case("i64 x, scale 2.7, bias -1.9", lambda: C.scale(xi, 2.7, -1.9, True))
    note("  if exact x*2.7-1.9", (xi.numpy() * 2.7 - 1.9).tolist())
    case("i64 x, [1]f32 scale 2.7, bias 0.5", lambda: C.scale(xi, full1(2.7), 0.5, True))
    case("i64 x, scale -1, bias 0 (sample: shape64 negate)", lambda: C.scale(xi, full1(-1), 0.0, True))
    case("i64 x, scale 0.5, bias 0", lambda: C.scale(xi, 0.5, 0.0, True))
    case("i64 x, scale 1, bias 0.6", lambda: C.scale(xi, 1.0, 0.6, True))
    case("i32 x, scale 1.5, bias 0", lambda: C.scale(T([3, -3], "int32"), 1.5, 0.0, True))
    case("i64 x, scale 2.7, bias -1.9, before", lambda: C.scale(xi, 2.7, -1.9, False))
    case("f16 x, scale 3", lambda: C.scale(T([1.5], "float16"), 3.0, 0.0, True))
    case("bool x scale 2", lambda: C.scale(T([True, False], "bool"), 2.0, 1.0, True))


@section
def reductions():
    x = T(np.arange(6, dtype="float32").reshape(2, 3))
    case("sum axis [] None keepdim False", lambda: C.sum(x, [], None, False))
    case("sum axis [] keepdim True", lambda: C.sum(x, [], None, True))
    case("sum axis [0,1] keepdim True", lambda: C.sum(x, [0, 1], None, True))
    case("sum axis [-1] keepdim False", lambda: C.sum(x, [-1], None, False))
    case("sum axis as i64 tensor [1]", lambda: C.sum(x, T([1], "int64"), None, False))
    case("sum dtype float32 on f32", lambda: C.sum(x, [0], F32, False))
    case("sum dtype float64 on f32", lambda: C.sum(x, [0], F64, False))
    case("sum dtype float32 on i64", lambda: C.sum(T([[1, 2], [3, 4]], "int64"), [1], F32, False))
    case("sum i32 dtype None", lambda: C.sum(T([1, 2], "int32"), [], None, False))
    case("sum i64 dtype None", lambda: C.sum(T([1, 2], "int64"), [], None, False))
    case("sum bool dtype None", lambda: C.sum(T([True, True, False], "bool"), [], None, False))
    case("sum f16 dtype None", lambda: C.sum(T([1, 2], "float16"), [], None, False))
    case("sum on 0-d, axis []", lambda: C.sum(T(3.0), [], None, False))
    case("mean axis []", lambda: C.mean(x, [], False))
    case("mean axis [1] keepdim", lambda: C.mean(x, [1], True))
    case("mean on i64", lambda: C.mean(T([1, 2], "int64"), [], False))
    case("max axis [] (sample: 4xi64 -> 0-d)", lambda: C.max(T([3, 9, 1, 4], "int64"), [], False))
    case("max axis [1] keepdim", lambda: C.max(x, [1], True))
    case("min axis [-1]", lambda: C.min(x, [-1], False))
    case("max with NaN", lambda: C.max(T([1, np.nan, 3]), [], False))
    case("min with NaN", lambda: C.min(T([1, np.nan, 3]), [], False))
    case("prod(x, [1], False, False)", lambda: C.prod(x + 1, [1], False, False))
    case("prod(x, [1], False, reduce_all=True)", lambda: C.prod(x + 1, [1], False, True))
    case("prod(x, [], False, False)", lambda: C.prod(x + 1, [], False, False))
    case("prod i64", lambda: C.prod(T([2, 3], "int64"), [0], False, False))
    b = T([[True, False], [False, False]], "bool")
    case("any(b, [1], False)", lambda: C.any(b, [1], False))
    case("all(b, [-1], True)", lambda: C.all(b, [-1], True))
    case("any(b, [], False)", lambda: C.any(b, [], False))
    case("any on f32", lambda: C.any(T([0, 0.5]), [0], False))
    case("all on i64", lambda: C.all(T([1, 2], "int64"), [0], False))
    case("any(x4d, [2,3]) sample form", lambda: C.any(T(np.zeros((1, 2, 2, 2)) > 0, "bool"), [2, 3], False).shape)
    case("mean_all", lambda: C.mean_all(x))
    case("numel", lambda: C.numel(x))
    case("p_norm(x, 2, -1, 1e-12, False, False)", lambda: C.p_norm(T([[3, 4], [0, 0]]), 2.0, -1, 1e-12, False, False))


@section
def pad():
    x = T(np.arange(6, dtype="float32").reshape(2, 3))
    case("pad rank2 [1,0,0,2] value 9 (tensor)", lambda: C.pad(x, [1, 0, 0, 2], full1(9)))
    case("pad rank2 [0,0,1,0] value 0.5 float", lambda: C.pad(x, [0, 0, 1, 0], 0.5))
    case("pad rank3 (sample) [0,0,0,1,0,0]", lambda: C.pad(T(np.ones((1, 2, 2), "float32")), [0, 0, 0, 1, 0, 0], full1(0)).shape)
    case("pad negative [0,0,-1,0]", lambda: C.pad(x, [0, 0, -1, 0], 0.0))
    case("pad i64", lambda: C.pad(T([[1, 2]], "int64"), [0, 0, 1, 1], full1(7)))
    # pad3d: x [N,C,D,H,W], paddings [6]
    x5 = T(np.arange(1, 5, dtype="float32").reshape(1, 1, 1, 1, 4))
    case("pad3d constant [1,2,0,0,0,0] NCDHW on W=[1,2,3,4]", lambda: C.pad3d(x5, [1, 2, 0, 0, 0, 0], "constant", 0.0, "NCDHW"))
    xh = T(np.arange(1, 4, dtype="float32").reshape(1, 1, 3, 1, 1))
    case("pad3d constant [0,0,0,0,1,0] NCDHW on D=[1,2,3]", lambda: C.pad3d(xh, [0, 0, 0, 0, 1, 0], "constant", 0.0, "NCDHW")[0, 0, :, 0, 0])
    case("pad3d constant [0,0,1,0,0,0] NCDHW on D (pads H)", lambda: C.pad3d(xh, [0, 0, 1, 0, 0, 0], "constant", 0.0, "NCDHW").shape)
    case("pad3d reflect [2,2,0,0,0,0] on W", lambda: C.pad3d(x5, [2, 2, 0, 0, 0, 0], "reflect", 0.0, "NCDHW")[0, 0, 0, 0])
    case("pad3d replicate [2,2,0,0,0,0] on W", lambda: C.pad3d(x5, [2, 2, 0, 0, 0, 0], "replicate", 0.0, "NCDHW")[0, 0, 0, 0])
    case("pad3d circular [2,1,0,0,0,0] on W", lambda: C.pad3d(x5, [2, 1, 0, 0, 0, 0], "circular", 0.0, "NCDHW")[0, 0, 0, 0])
    case("pad3d constant value 7", lambda: C.pad3d(x5, [1, 0, 0, 0, 0, 0], "constant", 7.0, "NCDHW")[0, 0, 0, 0])
    xn = T(np.arange(6, dtype="float32").reshape(1, 1, 3, 1, 2))  # NDHWC: D=1, H=3, W=1, C=2
    case("pad3d NDHWC [0,0,1,1,0,0] on [N=1,D=1,H=3,W=1,C=2]", lambda: C.pad3d(xn, [0, 0, 1, 1, 0, 0], "constant", 0.0, "NDHWC").shape)
    case("pad3d NDHWC [1,0,0,0,0,0]", lambda: C.pad3d(xn, [1, 0, 0, 0, 0, 0], "constant", 0.0, "NDHWC").shape)
    case("pad3d paddings as i64 tensor", lambda: C.pad3d(x5, T([1, 0, 0, 0, 0, 0], "int64"), "constant", 0.0, "NCDHW").shape)
    case("pad3d circular pad > size (W=4, pad 5)", lambda: C.pad3d(x5, [5, 0, 0, 0, 0, 0], "circular", 0.0, "NCDHW")[0, 0, 0, 0])


@section
def int_arith():
    a32 = T([7, -7, 7, -7, 0, 6, -6], "int32")
    b32 = T([2, 2, -2, -2, 3, 4, 4], "int32")
    case("floor_divide i32", lambda: C.floor_divide(a32, b32))
    case("floor_divide i64", lambda: C.floor_divide(T(a32.numpy(), "int64"), T(b32.numpy(), "int64")))
    note("  python floor //", (a32.numpy() // b32.numpy()).tolist())
    note("  C trunc /", [int(a / b) for a, b in zip(a32.numpy(), b32.numpy())])
    case("floor_divide f32", lambda: C.floor_divide(T([7, -7, 7.5]), T([2, 2, -2])))
    case("floor_divide i64 by 0", lambda: C.floor_divide(T([1], "int64"), T([0], "int64")))
    case("remainder i32", lambda: C.remainder(a32, b32))
    case("remainder i64 (sample: 0-d divisor)", lambda: C.remainder(T([7, -7, 5], "int64"), T(3, "int64")))
    note("  python %", (a32.numpy() % b32.numpy()).tolist())
    case("remainder f32", lambda: C.remainder(T([7.5, -7.5, 7.5, -7.5]), T([2, 2, -2, -2])))
    note("  python % f32", (np.array([7.5, -7.5, 7.5, -7.5]) % np.array([2, 2, -2, -2])).tolist())
    case("tensor % tensor operator (i64)", lambda: T([-7, 7], "int64") % paddle.cast(T([3], "int32"), paddle.int64))
    case("divide i32", lambda: C.divide(a32, b32))
    case("divide i64", lambda: C.divide(T([7, -7], "int64"), T([2, 2], "int64")))
    case("divide f32 by 0", lambda: C.divide(T([1, -1, 0]), T([0, 0, 0])))
    case("multiply bool", lambda: C.multiply(T([True, True, False], "bool"), T([True, False, False], "bool")))
    case("add bool", lambda: C.add(T([True, False], "bool"), T([True, False], "bool")))
    case("add broadcast [2,1]+[3]", lambda: C.add(T([[1], [2]]), T([10, 20, 30])))
    case("add mixed dtypes f32+i64", lambda: C.add(T([1.5]), T([2], "int64")))
    case("subtract i64", lambda: C.subtract(T([3], "int64"), T([5], "int64")))
    case("maximum/minimum with NaN", lambda: (C.maximum(T([1, np.nan]), T([np.nan, 2])), C.minimum(T([1, np.nan]), T([np.nan, 2]))))
    case("maximum i64", lambda: C.maximum(T([1, 5], "int64"), T([3, 2], "int64")))
    case("pow(x, 2.0)", lambda: C.pow(T([-2, 3]), 2.0))
    case("pow(x, 0.5) negative base", lambda: C.pow(T([-4, 4]), 0.5))
    case("pow(x, 3.0) on i64", lambda: C.pow(T([-2, 3], "int64"), 3.0))
    case("pow(x, 1.5) on i64", lambda: C.pow(T([4], "int64"), 1.5))
    case("elementwise_pow f32 (sample: 10000 ** t)", lambda: C.elementwise_pow(T([10000, 10000]), T([0, 0.5])))
    case("elementwise_pow i64 [2,2,-2] ** [3,-1,3]", lambda: C.elementwise_pow(T([2, 2, -2], "int64"), T([3, -1, 3], "int64")))
    case("elementwise_pow broadcast 0-d exponent", lambda: C.elementwise_pow(T([1, 2, 3]), T(2.0)))
    case("elementwise_pow negative base fractional", lambda: C.elementwise_pow(T([-8.0]), T([1 / 3])))


@section
def compare_logical():
    a = T([1, 2, 3])
    b = T([2, 2, 2])
    for op in ("equal", "not_equal", "greater_than", "greater_equal", "less_than", "less_equal"):
        case(op, lambda op=op: getattr(C, op)(a, b))
    case("equal i64 vs 0-d (sample form)", lambda: C.equal(T([[0, 3]], "int64"), T(0, "int64")))
    case("equal NaN", lambda: C.equal(T([np.nan]), T([np.nan])))
    case("logical_and bool", lambda: C.logical_and(T([True, True, False], "bool"), T([True, False, False], "bool")))
    case("logical_or bool", lambda: C.logical_or(T([True, False], "bool"), T([False, False], "bool")))
    case("logical_not bool", lambda: C.logical_not(T([True, False], "bool")))
    case("logical_and f32", lambda: C.logical_and(T([0.0, 2.0]), T([1.0, 1.0])))
    case("logical_not i64", lambda: C.logical_not(T([0, 3], "int64")))
    case("bitwise_not bool", lambda: C.bitwise_not(T([True, False], "bool")))
    case("bitwise_not i32", lambda: C.bitwise_not(T([0, 5], "int32")))
    case("isnan", lambda: C.isnan(T([np.nan, 1, np.inf])))
    case("isinf", lambda: C.isinf(T([np.nan, 1, -np.inf])))
    case("isfinite", lambda: C.isfinite(T([np.nan, 1, -np.inf])))
    case("where(cond, x, y) broadcast", lambda: C.where(T([[True], [False]], "bool"), T([1, 2]), T([10, 20])))
    case("where same-rank broadcast [2,1],[1,2],[1,2]", lambda: C.where(T([[True], [False]], "bool"), T([[1, 2]]), T([[10, 20]])))
    case("where x,y dtype i64", lambda: C.where(T([True, False], "bool"), T([1, 2], "int64"), T([3, 4], "int64")))
    case("nonzero", lambda: C.nonzero(T([[0, 1], [1, 1]])))
    case("masked_select", lambda: C.masked_select(T([1, 2, 3]), T([True, False, True], "bool")))


@section
def creation():
    case("one_hot(x i64, num tensor [1]i32)", lambda: C.one_hot(T([0, 2, 1], "int64"), full1(3, I32)))
    case("one_hot(x i32, 3 int)", lambda: C.one_hot(T([[0], [2]], "int32"), 3))
    case("one_hot out of range 3 with num 3", lambda: C.one_hot(T([3], "int64"), 3))
    case("one_hot -1", lambda: C.one_hot(T([-1], "int64"), 3))
    case("cast f32->i32 [-1.7,-0.5,0.5,1.7,2.5]", lambda: C.cast(T([-1.7, -0.5, 0.5, 1.7, 2.5]), I32))
    case("cast f32->i64 large 3e9", lambda: C.cast(T([3e9]), I64))
    case("cast f32->bool", lambda: C.cast(T([0, -0.0, 0.1, np.nan]), BOOL))
    case("cast f32->u8 [-1, 255.7, 256]", lambda: C.cast(T([-1, 255.7, 256]), U8))
    case("cast bool->f32", lambda: C.cast(T([True, False], "bool"), F32))
    case("cast i64->bool", lambda: C.cast(T([0, 2, -1], "int64"), BOOL))
    case("cast f32->f16 65520, 1/3", lambda: C.cast(T([65520, 1 / 3]), paddle.float16))
    case("cast nan->i32", lambda: C.cast(T([np.nan, np.inf]), I32))
    case("full([], 2, f32, place)", lambda: C.full([], 2.0, F32, paddle.framework._current_expected_place()))
    case("full([2], 2.7, i32, CPU)", lambda: C.full([2], 2.7, I32, CPU))
    case("full([2], -2.7, i64, CPU)", lambda: C.full([2], -2.7, I64, CPU))
    case("full([1], 1, bool)", lambda: C.full([1], 1.0, BOOL, CPU))
    case("full([2], inf, f32)", lambda: C.full([2], float("inf"), F32, CPU))
    case("full([1], 3.40282e+38, f32) (sample clip max)", lambda: C.full([1], float("3.40282e+38"), F32, CPU))
    case("full shape as i64 tensor", lambda: C.full(T([2, 1], "int64"), 1.0, F32, CPU).shape)
    case("full_like(x i64, [1]f32 value 0, i64)", lambda: C.full_like(T([[5, 6]], "int64"), full1(0), I64, paddle.framework._current_expected_place()))
    case("full_like(x bool, value 1 tensor, bool)", lambda: C.full_like(T([True, False], "bool"), full1(1), BOOL, CPU))
    case("full_like(x f32, 2.5 float, i32)", lambda: C.full_like(T([1.0, 2.0]), 2.5, I32, CPU))
    case("full_like(0-d x, [1] value) shape", lambda: C.full_like(T(1.0), full1(4), F32, CPU))
    case("full_like(x f32, -inf, f32)", lambda: C.full_like(T([1.0, 2.0]), float("-inf"), F32, CPU))
    case("full_with_tensor(value [1]f32, shape i64 tensor, f32)", lambda: C.full_with_tensor(full1(1.5), T([2, 3], "int64"), F32))
    case("full_with_tensor(value [1]f32 2.9, shape, i64)", lambda: C.full_with_tensor(full1(2.9), T([1, 2], "int64"), I64))
    case("full_int_array([1,2], i64, CPU)", lambda: C.full_int_array([1, 2], I64, CPU))
    s, e, st = (C.full([1], v, F64, CPU) for v in (0.0, 5.0, 2.0))
    case("paddle.arange(f64 tensors 0,5,2, dtype=float32)", lambda: paddle.arange(s, e, st, dtype="float32"))
    case("paddle.arange(f64 tensors 0,5,2, dtype=int64)", lambda: paddle.arange(s, e, st, dtype="int64"))
    case("paddle.arange(0.5, 3, 1, int64)", lambda: paddle.arange(C.full([1], 0.5, F64, CPU), C.full([1], 3.0, F64, CPU), C.full([1], 1.0, F64, CPU), dtype="int64"))
    case("paddle.arange(0.5, 2.6, 1, int64) (count from float range would be 3)", lambda: paddle.arange(C.full([1], 0.5, F64, CPU), C.full([1], 2.6, F64, CPU), C.full([1], 1.0, F64, CPU), dtype="int64"))
    case("paddle.arange(0, 1, 0.3, float32) count ceil", lambda: paddle.arange(C.full([1], 0.0, F64, CPU), C.full([1], 1.0, F64, CPU), C.full([1], 0.3, F64, CPU), dtype="float32"))
    case("paddle.arange(3, 0, -1, int64)", lambda: paddle.arange(C.full([1], 3.0, F64, CPU), C.full([1], 0.0, F64, CPU), C.full([1], -1.0, F64, CPU), dtype="int64"))
    case("_C_ops.arange(t,t,t, f32, place)", lambda: C.arange(s, e, st, F32, CPU))
    case("assign_value_(x, [2], i64, [80., 80.], place)", lambda: C.assign_value_(paddle.zeros([2], "int64"), [2], I64, [80.0, 80.0], CPU))
    case("assign_value_(x, [], f32, [inf], place)", lambda: C.assign_value_(paddle.zeros([], "float32"), [], F32, [float("inf")], CPU))
    case("assign_value_ changes x in place", lambda: (lambda z: (C.assign_value_(z, [2], F32, [1.0, 2.0], CPU), z)[1])(paddle.zeros([2])))
    case("linspace(0,1,5, f32)", lambda: C.linspace(C.full([1], 0.0, F32, CPU), C.full([1], 1.0, F32, CPU), C.full([1], 5, I32, CPU), F32, CPU))
    paddle.seed(0)
    case("uniform(shape list, f32, [1]min, [1]max, 0, place) stats", lambda: (lambda u: (u.shape, float(u.min()), float(u.max())))(C.uniform([1000], F32, full1(0), full1(1), 0, CPU)))
    case("uniform shape as i64 tensor", lambda: C.uniform(T([2, 1, 1, 1], "int64"), F32, full1(0), full1(1), 0, CPU).shape)
    case("shape(x) dtype", lambda: C.shape(paddle.zeros([2, 3])))
    case("shape64(x) dtype", lambda: C.shape64(paddle.zeros([2, 3])))
    case("shape64(0-d)", lambda: C.shape64(paddle.zeros([])))


@section
def manipulation():
    x = T(np.arange(12, dtype="float32").reshape(2, 6))
    case("split(x, [2,4] list, axis [1]i32 tensor)", lambda: C.split(x, [2, 4], full1(1, I32)))
    case("split sections with -1 [1,-1]", lambda: [t.shape for t in C.split(x, [1, -1], 1)])
    case("split sections as i64 tensor", lambda: [t.shape for t in C.split(x, T([3, 3], "int64"), 1)])
    case("split axis -1", lambda: [t.shape for t in C.split(x, [5, 1], -1)])
    case("split one section (sample: [-1] -> list of 1)", lambda: [t.shape for t in C.split(T([1, 2, 3], "int64"), [3], full1(0, I32))])
    case("split_with_num(x, 3, axis tensor)", lambda: C.split_with_num(x, 3, full1(1, I32)))
    case("split_with_num uneven (6 by 4)", lambda: [t.shape for t in C.split_with_num(x, 4, 1)])
    case("concat([a,b], [1]i32 tensor -1)", lambda: C.concat([T([[1, 2]]), T([[3]])], full1(-1, I32)))
    case("concat axis int 0", lambda: C.concat([T([[1, 2]]), T([[3, 4]])], 0))
    case("concat 0-d axis tensor", lambda: C.concat([T([1]), T([2])], T(0, "int32")))
    case("concat mixed dtypes", lambda: C.concat([T([1.0]), T([2], "int64")], 0))
    case("stack([a,b], -1)", lambda: C.stack([T([1, 2]), T([3, 4])], -1))
    case("stack 0-d i64 (sample: shape build)", lambda: C.stack([T(2, "int64"), T(3, "int64")], 0))
    case("unsqueeze(x[2,3], [0,2])", lambda: C.unsqueeze(paddle.zeros([2, 3]), [0, 2]).shape)
    case("unsqueeze(x[2,3], [2,0])", lambda: C.unsqueeze(paddle.zeros([2, 3]), [2, 0]).shape)
    case("unsqueeze(x[2,3], [-1])", lambda: C.unsqueeze(paddle.zeros([2, 3]), [-1]).shape)
    case("unsqueeze(x[2,3], [-1,-1])", lambda: C.unsqueeze(paddle.zeros([2, 3]), [-1, -1]).shape)
    case("unsqueeze(x[2,3], [0,-1])", lambda: C.unsqueeze(paddle.zeros([2, 3]), [0, -1]).shape)
    case("unsqueeze(x[2,3], [3,0]) (axis past rank)", lambda: C.unsqueeze(paddle.zeros([2, 3]), [3, 0]).shape)
    case("unsqueeze(x[2,3], [1,1])", lambda: C.unsqueeze(paddle.zeros([2, 3]), [1, 1]).shape)
    case("unsqueeze axes as i64 tensor", lambda: C.unsqueeze(paddle.zeros([2, 3]), T([0], "int64")).shape)
    case("unsqueeze int axis", lambda: C.unsqueeze(paddle.zeros([2, 3]), 1).shape)
    case("unsqueeze 0-d, [0]", lambda: C.unsqueeze(paddle.zeros([]), [0]).shape)
    case("squeeze(x[1,2,1,3], [0,2])", lambda: C.squeeze(paddle.zeros([1, 2, 1, 3]), [0, 2]).shape)
    case("squeeze(x[1,2,1,3], [1]) (dim not 1)", lambda: C.squeeze(paddle.zeros([1, 2, 1, 3]), [1]).shape)
    case("squeeze(x[1,2,1,3], [])", lambda: C.squeeze(paddle.zeros([1, 2, 1, 3]), []).shape)
    case("squeeze(x[1,2,1,3], [-2])", lambda: C.squeeze(paddle.zeros([1, 2, 1, 3]), [-2]).shape)
    case("squeeze(x[1], [0]) -> 0-d", lambda: C.squeeze(paddle.zeros([1]), [0]).shape)
    case("flatten(x[2,3,4,5], 1, 2)", lambda: C.flatten(paddle.zeros([2, 3, 4, 5]), 1, 2).shape)
    case("flatten(x[2,3,4,5], 1, -1)", lambda: C.flatten(paddle.zeros([2, 3, 4, 5]), 1, -1).shape)
    case("flatten(x[2,3], 0, 1) result type", lambda: type(C.flatten(paddle.zeros([2, 3]), 0, 1)).__name__)
    case("flatten 0-d (0, -1)", lambda: C.flatten(paddle.zeros([]), 0, -1).shape)
    case("transpose([0,2,1])", lambda: C.transpose(T(np.arange(6, dtype="float32").reshape(1, 2, 3)), [0, 2, 1]))
    case("transpose negative perm [-1,0]", lambda: C.transpose(T([[1, 2, 3]]), [-1, 0]).shape)
    case("expand(x[3,1], [-1, 4])", lambda: C.expand(T([[1], [2], [3]]), [-1, 4]))
    case("expand(x[3,1], [2,3,4]) adds leading", lambda: C.expand(T([[1], [2], [3]]), [2, 3, 4]).shape)
    case("expand(x[3,1], [2,-1,1])", lambda: C.expand(T([[1], [2], [3]]), [2, -1, 1]).shape)
    case("expand shape as i64 tensor", lambda: C.expand(T([[1], [2]]), T([2, 3], "int64")).shape)
    case("expand [-1] on new leading dim", lambda: C.expand(T([1, 2]), [-1, 2]).shape)
    case("tile(x[2,3], [2,1])", lambda: C.tile(T(np.arange(6, dtype="float32").reshape(2, 3)), [2, 1]))
    case("tile(x[2,3], [2]) shorter", lambda: C.tile(T(np.arange(6, dtype="float32").reshape(2, 3)), [2]).shape)
    case("tile(x[2,3], [2,1,1]) longer", lambda: C.tile(T(np.arange(6, dtype="float32").reshape(2, 3)), [2, 1, 1]).shape)
    case("tile repeat as i64 tensor", lambda: C.tile(T([1, 2]), T([2], "int64")))
    case("meshgrid([a[2], b[3]])", lambda: C.meshgrid([T([1, 2]), T([10, 20, 30])]))
    case("meshgrid 0-d inputs", lambda: [t.shape for t in C.meshgrid([T(1.0), T([1.0, 2.0])])])
    case("clip(x, [1]min, [1]max)", lambda: C.clip(T([-5, 0.5, 5]), full1(-1), full1(1)))
    case("clip(x, float, float)", lambda: C.clip(T([-5, 0.5, 5]), -1.0, 1.0))
    case("clip NaN", lambda: C.clip(T([np.nan]), full1(-1), full1(1)))
    case("clip i64 with f32 bounds 0.5..2.5", lambda: C.clip(T([0, 1, 2, 3], "int64"), full1(0.5), full1(2.5)))
    case("clip min > max", lambda: C.clip(T([0.0, 5.0]), full1(3), full1(1)))
    case("roll(x, [1], [1])", lambda: C.roll(T(np.arange(6, dtype="float32").reshape(2, 3)), [1], [1]))
    case("roll(x, [-1,1], [0,1])", lambda: C.roll(T(np.arange(6, dtype="float32").reshape(2, 3)), [-1, 1], [0, 1]))
    case("roll shifts as i64 tensor", lambda: C.roll(T([1, 2, 3]), T([1], "int64"), [0]))
    case("roll axis [] (flatten)", lambda: C.roll(T(np.arange(6, dtype="float32").reshape(2, 3)), [1], []))
    case("flip(x, [1])", lambda: C.flip(T([[1, 2, 3]]), [1]))
    case("triu(x, 1)", lambda: C.triu(T(np.ones((3, 3), "float32")), 1))


@section
def strided_set():
    x = T(np.arange(10, dtype="float32"))
    case("strided_slice(x, [0], [1], [2147483647], [2])", lambda: C.strided_slice(x, [0], [1], [2147483647], [2]))
    case("strided_slice step -1 start -1 end -2147483648?", lambda: C.strided_slice(x, [0], [-1], [-11], [-1]))
    case("strided_slice step -2 from 8 to 1", lambda: C.strided_slice(x, [0], [8], [1], [-2]))
    case("strided_slice tensors", lambda: C.strided_slice(x, [0], T([0], "int64"), T([6], "int64"), T([3], "int64")))
    y = paddle.zeros([3, 4])
    case("set_value_(x, starts, ends, steps, axes[0,1], decrease[], none[], shape[1], [5.])",
         lambda: C.set_value_(paddle.zeros([3, 4]), [1, 1], [3, 2147483647], [1, 2], [0, 1], [], [], [1], [5.0]))
    case("set_value_ in place on input", lambda: (lambda z: (C.set_value_(z, [0], [1], [1], [0], [], [], [1], [7.0]), z)[1])(paddle.zeros([2, 2])))
    case("set_value_ decrease_axes [1] (sample bart)", lambda: C.set_value_(T([[1, 1, 1]], "int64"), [0], [1], [1], [1], [1], [], [1], [2.0]))
    case("set_value_ empty axes -> whole tensor", lambda: C.set_value_(paddle.zeros([3], "int32"), [], [], [], [], [], [], [1], [1.0]))
    case("set_value_ -inf (sample form)", lambda: C.set_value_(paddle.zeros([2, 3]), [1], [2], [1], [0], [0], [], [1], [float("-inf")]))
    case("set_value_with_tensor_(x, v, starts, ends, steps, axes, decr, none)",
         lambda: C.set_value_with_tensor_(paddle.zeros([2, 3]), T([[7, 8]]), [1], [3], [1], [1], [], []))
    case("set_value_with_tensor_ decrease [0]",
         lambda: C.set_value_with_tensor_(paddle.zeros([2, 3]), T([7, 8, 9]), [1], [2], [1], [0], [0], []))
    case("set_value_with_tensor_ broadcast value 0-d",
         lambda: C.set_value_with_tensor_(paddle.zeros([2, 3]), T(4.0), [0], [1], [1], [0], [], []))
    del y
    base = T([0, 0, 0, 0], "int32")
    case("scatter(x, idx, upd, True) dup idx", lambda: C.scatter(base, T([1, 1, 3], "int32"), T([5, 6, 7], "int32"), True))
    case("scatter(x, idx, upd, False) dup idx", lambda: C.scatter(T([1, 1, 1, 1], "int32"), T([1, 1, 3], "int32"), T([5, 6, 7], "int32"), False))
    case("scatter 2-D rows", lambda: C.scatter(paddle.zeros([3, 2]), T([2], "int64"), T([[1, 2]]), True))


@section
def matmul():
    a = T([[1, 2], [3, 4]])
    v = T([1, 10])
    case("matmul(2x2, 2) 1-D y", lambda: C.matmul(a, v, False, False))
    case("matmul(2, 2x2) 1-D x", lambda: C.matmul(v, a, False, False))
    case("matmul(1-D, 1-D) -> 0-d", lambda: C.matmul(v, v, False, False))
    case("matmul(1-D, 1-D, True, True)", lambda: C.matmul(v, v, True, True))
    case("matmul(2x2, 2, True, False)", lambda: C.matmul(a, v, True, False))
    case("matmul(2x2, 2x2, False, True)", lambda: C.matmul(a, a, False, True))
    case("matmul(2x2, 2x2, True, False)", lambda: C.matmul(a, a, True, False))
    case("matmul batch broadcast [2,1,2,3]x[3,3,2]", lambda: C.matmul(paddle.ones([2, 1, 2, 3]), paddle.ones([3, 3, 2]), False, False).shape)
    case("matmul [2,3,4] x 1-D [4]", lambda: C.matmul(paddle.ones([2, 3, 4]), paddle.ones([4]), False, False).shape)
    case("matmul 1-D [3] x [2,3,4]", lambda: C.matmul(paddle.ones([3]), paddle.ones([2, 3, 4]), False, False).shape)
    case("matmul i64", lambda: C.matmul(T([[1, 2]], "int64"), T([[3], [4]], "int64"), False, False))
    case("bmm", lambda: C.bmm(paddle.ones([2, 1, 3]), paddle.ones([2, 3, 2])).shape)
    case("einsum([a,b], 'ij,jk->ik') result", lambda: C.einsum([a, a], "ij,jk->ik"))


@section
def cumsum_argmax_topk():
    x = T([[1, 2, 3], [4, 5, 6]])
    case("cumsum(x, [1]i32 tensor -1, F, F, F)", lambda: C.cumsum(x, full1(-1, I32), False, False, False))
    case("cumsum(x, 0, F, F, F)", lambda: C.cumsum(x, 0, False, False, False))
    case("cumsum flatten=True", lambda: C.cumsum(x, 0, True, False, False))
    case("cumsum exclusive=True", lambda: C.cumsum(x, 1, False, True, False))
    case("cumsum reverse=True", lambda: C.cumsum(x, 1, False, False, True))
    case("cumsum exclusive+reverse", lambda: C.cumsum(x, 1, False, True, True))
    case("cumsum i64 (sample: ones -> positions)", lambda: C.cumsum(T([[1, 1, 1]], "int64"), full1(1, I32), False, False, False))
    case("cumsum bool", lambda: C.cumsum(T([True, True], "bool"), 0, False, False, False))
    case("cumsum i32", lambda: C.cumsum(T([1, 2], "int32"), 0, False, False, False))
    # In 3.3.1 dygraph, _C_ops.argmax/argmin take the public-API order
    # (x, axis, keepdim, dtype); the PIR op is (x, axis, keepdims, flatten, dtype).
    # Passing 5 arguments aborts the process (not catchable), so it is not tried here.
    case("argmax(x, 1, False, i64) ties", lambda: C.argmax(T([[1, 3, 3], [5, 0, 5]]), 1, False, I64))
    case("argmax keepdim", lambda: C.argmax(T([[1, 3, 3], [5, 0, 5]]), 1, True, I64))
    case("argmax axis None (flatten)", lambda: C.argmax(T([[1, 3, 3], [5, 0, 5]]), None, False, I64))
    case("argmax dtype i32", lambda: C.argmax(T([[1, 3, 3]]), -1, False, I32))
    case("argmin", lambda: C.argmin(T([[1, 0, 0]]), -1, False, I64))
    case("argmax NaN", lambda: C.argmax(T([1, np.nan, 3]), 0, False, I64))
    y = T([[1, 5, 3, 5, 2]])
    case("topk(x, [1]i32 k=3, -1, True, True)", lambda: C.topk(y, full1(3, I32), -1, True, True))
    case("topk k int, largest=False", lambda: C.topk(y, 2, -1, False, True))
    case("topk sorted=False", lambda: C.topk(y, 3, -1, True, False))
    case("topk axis=1 on [2,3]", lambda: C.topk(T([[3, 1, 2], [0, 9, 4]]), 1, 1, True, True))
    case("topk all-equal ties", lambda: C.topk(T([[7, 7, 7, 7]]), 2, -1, True, True))
    case("topk NaN", lambda: C.topk(T([[1, np.nan, 3]]), 2, -1, True, True))
    case("argsort(x, -1, descending, stable)", lambda: C.argsort(T([3, 1, 2, 1]), -1, False, True))


@section
def interp():
    x = T(np.array([[1, 2], [3, 4]], "float32").reshape(1, 1, 2, 2))

    def B(x, outsize, sizet, scalet, fmt_, d, h, w, sc, meth, ac, am, op="bilinear_interp"):
        return getattr(C, op)(x, outsize, sizet, scalet, fmt_, d, h, w, sc, meth, ac, am)
    case("bilinear 2x2->4x4 out_h/w, ac=False, mode 0", lambda: B(x, None, None, None, "NCHW", -1, 4, 4, [], "bilinear", False, 0)[0, 0])
    case("bilinear scale [2.,2.], ac=False, mode 0", lambda: B(x, None, None, None, "NCHW", -1, -1, -1, [2.0, 2.0], "bilinear", False, 0)[0, 0])
    case("bilinear 2x2->4x4, ac=False, mode 1", lambda: B(x, None, None, None, "NCHW", -1, 4, 4, [], "bilinear", False, 1)[0, 0])
    case("bilinear 2x2->4x4, ac=True", lambda: B(x, None, None, None, "NCHW", -1, 4, 4, [], "bilinear", True, 0)[0, 0])
    case("bilinear size_tensor [i64 0-d, i64 0-d]", lambda: B(x, None, [T(3, "int64"), T(3, "int64")], None, "NCHW", -1, -1, -1, [], "bilinear", False, 0)[0, 0])
    case("bilinear size_tensor [1xi32, 1xi32]", lambda: B(x, None, [T([3], "int32"), T([1], "int32")], None, "NCHW", -1, -1, -1, [], "bilinear", False, 0)[0, 0])
    case("bilinear size_tensor overrides out_h/w 9", lambda: B(x, None, [T([3], "int32"), T([3], "int32")], None, "NCHW", -1, 9, 9, [], "bilinear", False, 0).shape)
    case("bilinear out_size tensor [3,3]", lambda: B(x, T([3, 3], "int32"), None, None, "NCHW", -1, -1, -1, [], "bilinear", False, 0).shape)
    case("bilinear scale and out_h both given (scale 2 vs out 3)", lambda: B(x, None, None, None, "NCHW", -1, 3, 3, [2.0, 2.0], "bilinear", False, 0).shape)
    case("bilinear scale 1.5 (2->3)", lambda: B(x, None, None, None, "NCHW", -1, -1, -1, [1.5, 1.5], "bilinear", False, 0)[0, 0])
    case("bilinear out 3 (2->3), same as scale 1.5?", lambda: B(x, None, None, None, "NCHW", -1, 3, 3, [], "bilinear", False, 0)[0, 0])
    r5 = T(np.arange(5, dtype="float32").reshape(1, 1, 1, 5) * 10)
    case("bilinear 1x5 scale [1,1.5] mode 1 (ratio 1/scale=0.667 or in/out=5/7?)", lambda: B(r5, None, None, None, "NCHW", -1, -1, -1, [1.0, 1.5], "bilinear", False, 1)[0, 0, 0])
    case("bilinear 1x5 out_w 7 mode 1 (ratio 5/7)", lambda: B(r5, None, None, None, "NCHW", -1, 1, 7, [], "bilinear", False, 1)[0, 0, 0])
    case("bilinear 1x5 scale [1,1.5] mode 0", lambda: B(r5, None, None, None, "NCHW", -1, -1, -1, [1.0, 1.5], "bilinear", False, 0)[0, 0, 0])
    case("bilinear 1x5 out_w 7 mode 0", lambda: B(r5, None, None, None, "NCHW", -1, 1, 7, [], "bilinear", False, 0)[0, 0, 0])
    x4 = T(np.arange(16, dtype="float32").reshape(1, 1, 4, 4))
    case("bilinear downscale 4->2 ac=False mode 0", lambda: B(x4, None, None, None, "NCHW", -1, 2, 2, [], "bilinear", False, 0)[0, 0])
    case("bilinear 4->3 ac=False mode 0", lambda: B(x4, None, None, None, "NCHW", -1, 3, 3, [], "bilinear", False, 0)[0, 0])
    case("bilinear NHWC", lambda: B(T(np.array([1, 2, 3, 4], "float32").reshape(1, 2, 2, 1)), None, None, None, "NHWC", -1, 4, 4, [], "bilinear", False, 0)[0, :, :, 0])
    x3 = T(np.arange(9, dtype="float32").reshape(1, 1, 3, 3))
    case("nearest scale [2,2] ac=False mode 0 on 2x2", lambda: B(x, None, None, None, "NCHW", -1, -1, -1, [2.0, 2.0], "nearest", False, 0, op="nearest_interp")[0, 0])
    case("nearest scale [2,2] mode 1", lambda: B(x, None, None, None, "NCHW", -1, -1, -1, [2.0, 2.0], "nearest", False, 1, op="nearest_interp")[0, 0])
    case("nearest 3x3->5x5 mode 0", lambda: B(x3, None, None, None, "NCHW", -1, 5, 5, [], "nearest", False, 0, op="nearest_interp")[0, 0])
    case("nearest 3x3->5x5 ac=True", lambda: B(x3, None, None, None, "NCHW", -1, 5, 5, [], "nearest", True, 0, op="nearest_interp")[0, 0])
    case("nearest 3x3->2x2 mode 0", lambda: B(x3, None, None, None, "NCHW", -1, 2, 2, [], "nearest", False, 0, op="nearest_interp")[0, 0])
    case("nearest 4x4->3x3", lambda: B(x4, None, None, None, "NCHW", -1, 3, 3, [], "nearest", False, 0, op="nearest_interp")[0, 0])
    case("nearest scale 1.5 3->4", lambda: B(x3, None, None, None, "NCHW", -1, -1, -1, [1.5, 1.5], "nearest", False, 0, op="nearest_interp")[0, 0])
    case("nearest scale [2.] (one value)", lambda: B(x, None, None, None, "NCHW", -1, -1, -1, [2.0], "nearest", False, 0, op="nearest_interp").shape)
    case("nearest size_tensor [0-d i64, 0-d i64]", lambda: B(x, None, [T(3, "int64"), T(4, "int64")], None, "NCHW", -1, -1, -1, [], "nearest", False, 0, op="nearest_interp")[0, 0])
    case("linear_interp (x[N,C,W], out_w 4)", lambda: C.linear_interp(T([[[1, 2]]]), None, None, None, "NCHW", -1, -1, 4, [], "linear", False, 0))
    case("bicubic 2->4 ac=False", lambda: C.bicubic_interp(x, None, None, None, "NCHW", -1, 4, 4, [], "bicubic", False, 0)[0, 0])

    def cubic(t, a=-0.75):
        t = abs(t)
        return (a + 2) * t ** 3 - (a + 3) * t ** 2 + 1 if t <= 1 else (a * t ** 3 - 5 * a * t ** 2 + 8 * a * t - 4 * a if t < 2 else 0.0)
    xs = x.numpy()[0, 0].astype("float64")
    ref = np.zeros((4, 4))
    for i in range(4):
        for j in range(4):
            sy, sx = (i + 0.5) * 0.5 - 0.5, (j + 0.5) * 0.5 - 0.5  # half-pixel, not clamped
            y0, x0 = math.floor(sy), math.floor(sx)
            ref[i, j] = sum(xs[min(max(y0 + m, 0), 1), min(max(x0 + n, 0), 1)] * cubic(sy - y0 - m) * cubic(sx - x0 - n)
                            for m in range(-1, 3) for n in range(-1, 3))
    note("  numpy bicubic A=-0.75, half-pixel, edge-clamped taps", ref.round(6).tolist())
    case("result type", lambda: type(B(x, None, None, None, "NCHW", -1, 4, 4, [], "bilinear", False, 0)).__name__)


@section
def misc_ops():
    x = T(np.arange(16, dtype="float32").reshape(1, 1, 4, 4))
    g = T(np.array([[[[-1, -1], [1, 1], [0, 0], [1.5, 0]]]], "float32"))  # [1,1,4,2]
    case("grid_sample(x, grid, bilinear, zeros, False)", lambda: C.grid_sample(x, g, "bilinear", "zeros", False))
    case("grid_sample align_corners=True", lambda: C.grid_sample(x, g, "bilinear", "zeros", True))
    case("grid_sample nearest border", lambda: C.grid_sample(x, g, "nearest", "border", False))
    lg = T([[-1, 0, 2]])
    lb = T([[0, 1, 1]])
    case("sigmoid_cross_entropy_with_logits(x, label, None, False, -100)", lambda: C.sigmoid_cross_entropy_with_logits(lg, lb, None, False, -100))
    note("  numpy max(x,0)-x*z+log(1+exp(-|x|))", (np.maximum(lg.numpy(), 0) - lg.numpy() * lb.numpy() + np.log1p(np.exp(-np.abs(lg.numpy())))).tolist())
    case("sigmoid_ce label -100 ignored", lambda: C.sigmoid_cross_entropy_with_logits(lg, T([[0, -100, 1]]), None, False, -100))
    case("sigmoid_ce normalize=True", lambda: C.sigmoid_cross_entropy_with_logits(lg, T([[0, -100, 1]]), None, True, -100))
    case("bce_loss(p, label)", lambda: C.bce_loss(T([0.1, 0.9, 0.0]), T([0, 1, 1])))
    case("group_norm(x, s, b, eps, groups, NCHW)", lambda: C.group_norm(T(np.arange(8, dtype="float32").reshape(1, 4, 1, 2)), T([1, 1, 1, 1]), T([0, 0, 0, 0]), 1e-5, 2, "NCHW"))
    case("prelu(x, w[C], NCHW, channel)", lambda: C.prelu(T(np.array([-1, 1, -2, 2], "float32").reshape(1, 2, 1, 2)), T([0.1, 0.5]), "NCHW", "channel"))
    case("add_n", lambda: C.add_n([T([1]), T([2]), T([3])]))
    case("expand_as", lambda: C.expand_as(T([[1], [2]]), None, [2, 3]))
    case("cross_entropy_with_softmax(logits, label i64, soft F, use_softmax T, numeric_stable T, ignore -100, axis -1)",
         lambda: C.cross_entropy_with_softmax(T([[1, 2, 3], [1, 1, 1]]), T([[2], [0]], "int64"), False, True, True, -100, -1))
    case("masked_fill", lambda: C.masked_fill(T([1, 2, 3]), T([True, False, True], "bool"), T(0.0)))
    case("tril(x, 0)", lambda: C.tril(T(np.ones((2, 2), "float32")), 0))
    case("diag(1-D, 0, 0)", lambda: C.diag(T([1, 2]), 0, 0.0))


def main():
    global SECTION
    ap = argparse.ArgumentParser()
    ap.add_argument("--only", help="regex on section names")
    args = ap.parse_args()
    paddle.set_device("cpu")
    paddle.disable_static()
    for fn in SECTIONS:
        if args.only and not re.search(args.only, fn.__name__):
            continue
        SECTION = fn.__name__
        try:
            fn()
        except Exception:  # noqa: BLE001
            print(f"[{SECTION}] SECTION CRASHED:\n{traceback.format_exc()}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
