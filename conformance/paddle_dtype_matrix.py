#!/usr/bin/env python3
"""gn eager (or compiled) against PaddlePaddle for each op the Paddle samples
call most, in every dtype PaddlePaddle's CPU kernels take: the dtype forms no
dev sample happens to use, which unseen samples may.

    scripts/paddle-env.sh python conformance/paddle_dtype_matrix.py [--only REGEX]
        [--dtypes float16,bfloat16,...] [--mode eager|compiled] [--pipeline-options S]
        [--keep DIR] [--out matrix.md]

The driver, the inputs and the comparison: dtype_matrix.py. Results:
conformance/results/paddle-dtype-matrix-*/.
"""
import os
import sys

import numpy as np
import paddle

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dtype_matrix  # noqa: E402

# name -> (inputs as (var, shape, kind), body lines, returns). kind: "x" any
# values of the dtype, "pos" positive, "idx" i64 indices in [0, 3), "cond" bool.
U = lambda op, args="": ([("x", [3, 4], "x")], [f"r = paddle._C_ops.{op}(x{args})"], ["r"])
UP = lambda op, args="": ([("x", [3, 4], "pos")], [f"r = paddle._C_ops.{op}(x{args})"], ["r"])
B = lambda op: ([("x", [3, 4], "x"), ("y", [3, 4], "pos")], [f"r = paddle._C_ops.{op}(x, y)"], ["r"])
FORMS = {
    **{op: U(op) for op in ["abs", "exp", "sin", "cos", "tanh", "sigmoid", "relu", "floor",
                            "ceil", "sign", "square", "erf", "logical_not", "bitwise_not",
                            "isnan", "isinf", "isfinite", "silu", "relu6", "expm1", "trunc",
                            "atan", "asinh", "softsign", "tanh_shrink", "logsigmoid"]},
    **{op: UP(op) for op in ["log", "sqrt", "rsqrt", "reciprocal", "log1p", "log2", "log10"]},
    "gelu": U("gelu", ", False"),
    "round": U("round", ", 0"),
    "rint": U("rint"),
    "leaky_relu": U("leaky_relu", ", 0.1"),
    "hardswish": U("hardswish"),
    "hardsigmoid": U("hardsigmoid", ", 0.2, 0.5"),
    "scale": U("scale", ", 2.0, 1.0, True"),
    "clip": U("clip", ", -1.0, 1.0"),
    "pow": U("pow", ", 2.0"),
    "softplus": U("softplus", ", 1.0, 20.0"),
    "elu": U("elu", ", 1.0"),
    "swish": U("swish"),
    "full_like": U("full_like", ", 2.0, paddle.float32, paddle.core.CPUPlace()"),
    "full_like_same": ([("x", [3, 4], "x")], ["r = paddle.full_like(x, 1)"], ["r"]),
    **{op: B(op) for op in ["add", "subtract", "multiply", "divide", "floor_divide",
                            "remainder", "maximum", "minimum", "elementwise_pow", "equal",
                            "not_equal", "less_than", "less_equal", "greater_than",
                            "greater_equal", "logical_and", "logical_or", "logical_xor",
                            "bitwise_and", "bitwise_or", "bitwise_xor", "fmax", "fmin",
                            "heaviside", "atan2", "copysign"]},
    "sum": U("sum", ", [1], None, False"),
    "sum_all": U("sum", ", [], None, False"),
    "mean": U("mean", ", [1], False"),
    "max": U("max", ", [1], False"),
    "min": U("min", ", [0], True"),
    "prod": U("prod", ", [1], False, False"),
    "any": U("any", ", [1], False"),
    "all": U("all", ", [1], False"),
    "cumsum": U("cumsum", ", 1, False, False, False"),
    "cumprod": U("cumprod", ", 1, False, False"),
    "logsumexp": U("logsumexp", ", [1], False, False"),
    "topk": ([("x", [3, 4], "x")], ["v, i = paddle._C_ops.topk(x, 2, 1, True, True)"], ["v", "i"]),
    "argsort": ([("x", [3, 4], "x")], ["v, i = paddle._C_ops.argsort(x, 1, False, True)"], ["v", "i"]),
    "concat": ([("x", [3, 4], "x"), ("y", [2, 4], "x")], ["r = paddle._C_ops.concat([x, y], 0)"], ["r"]),
    "stack": ([("x", [3, 4], "x"), ("y", [3, 4], "x")], ["r = paddle._C_ops.stack([x, y], 1)"], ["r"]),
    "transpose": U("transpose", ", [1, 0]"),
    "reshape": U("reshape", ", [2, -1]"),
    "flatten": ([("x", [2, 3, 2], "x")], ["r = paddle._C_ops.flatten(x, 1, 2)"], ["r"]),
    "flip": U("flip", ", [0]"),
    "roll": U("roll", ", [1], [0]"),
    "tile": U("tile", ", [2, 1]"),
    "expand": ([("x", [1, 4], "x")], ["r = paddle._C_ops.expand(x, [3, 4])"], ["r"]),
    "slice": U("slice", ", [1], [1], [3], [1], []"),
    "strided_slice": U("strided_slice", ", [1], [0], [4], [2]"),
    "squeeze": ([("x", [3, 1, 4], "x")], ["r = paddle._C_ops.squeeze(x, [1])"], ["r"]),
    "unsqueeze": U("unsqueeze", ", [0]"),
    "split_with_num": ([("x", [4, 4], "x")], ["a, b = paddle._C_ops.split_with_num(x, 2, 0)"], ["a", "b"]),
    "gather": ([("x", [3, 4], "x"), ("i", [2], "idx")], ["r = paddle._C_ops.gather(x, i, 0)"], ["r"]),
    "index_select": ([("x", [3, 4], "x"), ("i", [2], "idx")], ["r = paddle._C_ops.index_select(x, i, 1)"], ["r"]),
    "gather_nd": ([("x", [3, 4], "x"), ("i", [2, 2], "idx")], ["r = paddle._C_ops.gather_nd(x, i)"], ["r"]),
    "where": ([("c", [3, 4], "cond"), ("x", [3, 4], "x"), ("y", [3, 4], "x")],
              ["r = paddle._C_ops.where(c, x, y)"], ["r"]),
    "cast_f32": U("cast", ", paddle.float32"),
    "cast_i64": U("cast", ", paddle.int64"),
    "cast_bool": U("cast", ", paddle.bool"),
    "cast_f16": U("cast", ", paddle.float16"),
    "cast_i32": U("cast", ", paddle.int32"),
    "matmul": ([("x", [3, 4], "x"), ("y", [5, 4], "x")], ["r = paddle._C_ops.matmul(x, y, False, True)"], ["r"]),
    "softmax": U("softmax", ", -1"),
    "log_softmax": U("log_softmax", ", 1"),
    "one_hot": ([("x", [5], "idx")], ["r = paddle._C_ops.one_hot(x, 4)"], ["r"]),
    "tril": U("tril", ", 0"),
    "triu": U("triu", ", 1"),
    "pad": U("pad", ", [1, 0, 0, 2], 0.0"),
    "shape64": ([("x", [3, 4], "x")], ["r = paddle._C_ops.shape64(x)"], ["r"]),
    "nonzero": U("nonzero"),
    "masked_select": ([("x", [3, 4], "x"), ("c", [3, 4], "cond")], ["r = paddle._C_ops.masked_select(x, c)"], ["r"]),
    "scatter": ([("x", [3, 4], "x"), ("i", [2], "idx"), ("u", [2, 4], "x")],
                ["r = paddle._C_ops.scatter(x, i, u, True)"], ["r"]),
    "take_along_axis": ([("x", [3, 4], "x"), ("i", [3, 2], "idx")],
                        ["r = paddle._C_ops.take_along_axis(x, i, 1)"], ["r"]),
    "put_along_axis": ([("x", [3, 4], "x"), ("i", [3, 1], "idx"), ("u", [3, 1], "x")],
                       ["r = paddle._C_ops.put_along_axis(x, i, u, 1, 'assign', True, True)"], ["r"]),
    "index_put": ([("x", [3, 4], "x"), ("i", [2], "idx"), ("u", [2, 4], "x")],
                  ["r = paddle._C_ops.index_put(x, [i], u, False)"], ["r"]),
    "set_value_with_tensor": ([("x", [3, 4], "x"), ("u", [1, 4], "x")],
                              ["r = paddle._C_ops.set_value_with_tensor(x, u, [1], [2], [1], [0], [], [])"], ["r"]),
    "diff_ops": ([("x", [3, 4], "x")], ["r = paddle._C_ops.diag(x, 0, 0.0)"], ["r"]),
    "unique": ([("x", [6], "idx")], ["r, a, b, c = paddle._C_ops.unique(x, True, True, True, [], paddle.int64, True)"],
               ["r", "a", "b", "c"]),
    "isclose": B("isclose"),
    "embedding": ([("i", [2, 3], "idx"), ("w", [4, 5], "x")], ["r = paddle._C_ops.embedding(i, w, -1, False)"], ["r"]),
    "bincount": ([("x", [6], "idx")], ["r = paddle._C_ops.bincount(x, None, 0)"], ["r"]),
    "mode": ([("x", [3, 4], "x")], ["v, i = paddle._C_ops.mode(x, 1, False)"], ["v", "i"]),
    "kthvalue": ([("x", [3, 4], "x")], ["v, i = paddle._C_ops.kthvalue(x, 2, 1, False)"], ["v", "i"]),
    "median": ([("x", [3, 4], "x")], ["v, i = paddle._C_ops.median(x, [1], False, 'avg')"], ["v", "i"]),
    "round_decimals": U("round", ", 2"),
}


def to_paddle(a, dtype):
    if dtype == "bfloat16":
        return paddle.to_tensor(a.astype("float32")).astype("bfloat16")
    if a.dtype == np.bool_:
        return paddle.to_tensor(a)
    return paddle.to_tensor(a.astype(dtype if dtype not in ("float16",) else "float16"))


def run_paddle(folder, inputs, body, rets):
    def compute():
        ns = {"paddle": paddle}
        ns.update({v: to_paddle(arr, d) for v, d, arr in inputs})
        with paddle.no_grad():
            exec("\n".join(body), ns)
        out = []
        for o in (ns[r] for r in rets):
            if not isinstance(o, paddle.Tensor):
                o = paddle.to_tensor(o)
            name = str(o.dtype).replace("paddle.", "")
            out.append((name, dtype_matrix.bf16_bits(o.astype("float32").numpy())
                        if name == "bfloat16" else o.numpy()))
        return out
    return dtype_matrix.run_forked(folder, compute)


def write_case(folder, inputs, body, returns):
    os.makedirs(folder, exist_ok=True)
    params = ", ".join(v for v, _, _ in inputs)
    lines = ["import paddle", "", "", "class GraphModule(paddle.nn.Layer):",
             "    def __init__(self):", "        super().__init__()", "",
             f"    def forward(self, {params}):"]
    lines += ["        " + b for b in body] + ["        return " + ", ".join(returns)]
    open(os.path.join(folder, "model.py"), "w").write("\n".join(lines) + "\n")
    meta = []
    for var, dtype, a in inputs:
        flat = [bool(x) if a.dtype == np.bool_ else (int(x) if a.dtype.kind in "iu" else float(x))
                for x in a.ravel()]
        meta.append(f'class Program_weight_tensor_{var}:\n    name = "{var}"\n'
                    f'    shape = {list(a.shape)}\n    dtype = "{dtype}"\n    data = {flat!r}\n')
    open(os.path.join(folder, "input_meta.py"), "w").write("\n\n".join(meta))
    open(os.path.join(folder, "graph_net.json"), "w").write('{"framework": "paddle"}\n')


if __name__ == "__main__":
    paddle.set_device("cpu")
    sys.exit(dtype_matrix.main("PaddlePaddle", FORMS, run_paddle, write_case))
