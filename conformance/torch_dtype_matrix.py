#!/usr/bin/env python3
"""gn eager (or compiled) against PyTorch for the ops Dynamo graphs call
most (functions, methods, operators), in every dtype PyTorch's CPU kernels
take: the dtype forms no dev sample happens to use, which unseen samples may.

    scripts/torch-env.sh python conformance/torch_dtype_matrix.py [--only REGEX]
        [--dtypes float16,bfloat16,...] [--mode eager|compiled] [--pipeline-options S]
        [--keep DIR] [--out matrix.md]

The driver, the inputs and the comparison: dtype_matrix.py. Results:
conformance/results/torch-dtype-matrix-*/.
"""
import math
import operator
import os
import sys

import numpy as np
import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dtype_matrix  # noqa: E402


def U(expr, kind="x"):
    return ([("x", [3, 4], kind)], [f"r = {expr}"], ["r"])


def B(expr):
    return ([("x", [3, 4], "x"), ("y", [3, 4], "pos")], [f"r = {expr}"], ["r"])


FORMS = {
    **{f: U(f"torch.{f}(x)") for f in ["abs", "neg", "exp", "sin", "cos", "tanh", "sigmoid",
                                        "relu", "floor", "ceil", "round", "trunc", "frac", "sign",
                                        "sgn", "square", "erf", "erfc", "expm1", "logical_not",
                                        "bitwise_not", "isnan", "isinf", "isfinite", "nan_to_num",
                                        "atan", "asinh", "exp2", "signbit", "positive"]},
    **{f: U(f"torch.{f}(x)", "pos") for f in ["log", "sqrt", "rsqrt", "reciprocal", "log1p",
                                               "log2", "log10", "lgamma", "digamma"]},
    **{f: U(f"torch.nn.functional.{f}(x)") for f in ["gelu", "silu", "relu6", "hardswish",
                                                      "hardsigmoid", "elu", "softplus", "mish",
                                                      "logsigmoid", "leaky_relu", "selu", "tanhshrink",
                                                      "softsign", "hardtanh"]},
    "clamp": U("torch.clamp(x, -1, 1)"),
    "clamp_min": U("x.clamp_min(0)"),
    "pow_scalar": U("x ** 2"),
    "rpow": U("2 ** x"),
    "add_int": U("x + 1"),
    "mul_float": U("x * 2.5"),
    "div_int": U("x / 2"),
    "floordiv_int": U("x // 2"),
    "mod_int": U("x % 3"),
    "rsub": U("1 - x"),
    "to_float": U("x.float()"),
    "to_long": U("x.long()"),
    "to_int": U("x.int()"),
    "to_bool": U("x.bool()"),
    "to_half": U("x.half()"),
    "to_bf16": U("x.to(torch.bfloat16)"),
    "to_double": U("x.double()"),
    "type_as": B("x.type_as(y)"),
    **{f: B(f"torch.{f}(x, y)") for f in ["add", "sub", "mul", "div", "floor_divide",
                                           "remainder", "fmod", "maximum", "minimum", "fmax",
                                           "fmin", "eq", "ne", "lt", "le", "gt", "ge",
                                           "logical_and", "logical_or", "logical_xor",
                                           "bitwise_and", "bitwise_or", "bitwise_xor", "atan2",
                                           "hypot", "copysign", "true_divide", "pow",
                                           "bitwise_left_shift", "bitwise_right_shift",
                                           "heaviside", "xlogy", "logaddexp", "nextafter"]},
    "div_floor": B("torch.div(x, y, rounding_mode='floor')"),
    "div_trunc": B("torch.div(x, y, rounding_mode='trunc')"),
    "sum": U("x.sum(1)"),
    "sum_all": U("torch.sum(x)"),
    "sum_dtype": U("x.sum(0, dtype=torch.float64)"),
    "mean": U("x.mean(1)"),
    "prod": U("x.prod(1)"),
    "amax": U("x.amax(1)"),
    "amin": U("torch.amin(x, 0, keepdim=True)"),
    "max_dim": ([("x", [3, 4], "x")], ["v, i = x.max(1)"], ["v", "i"]),
    "min_all": U("x.min()"),
    "argmax": U("x.argmax(1)"),
    "argmin": U("torch.argmin(x)"),
    "any": U("x.any(1)"),
    "all": U("torch.all(x)"),
    "cumsum": U("x.cumsum(1)"),
    "cumprod": U("torch.cumprod(x, 0)"),
    "cummax": ([("x", [3, 4], "x")], ["v, i = torch.cummax(x, 1)"], ["v", "i"]),
    "logsumexp": U("torch.logsumexp(x, 1)"),
    "std": U("x.std(1)"),
    "var": U("torch.var(x, 0, unbiased=False)"),
    "norm": U("x.norm()"),
    "count_nonzero": U("torch.count_nonzero(x, 1)"),
    "median": ([("x", [3, 4], "x")], ["v, i = x.median(1)"], ["v", "i"]),
    "sort": ([("x", [3, 4], "x")], ["v, i = torch.sort(x, 1, stable=True)"], ["v", "i"]),
    "topk": ([("x", [3, 4], "x")], ["v, i = torch.topk(x, 2, 1)"], ["v", "i"]),
    "kthvalue": ([("x", [3, 4], "x")], ["v, i = torch.kthvalue(x, 2, 1)"], ["v", "i"]),
    "cat": ([("x", [3, 4], "x"), ("y", [2, 4], "x")], ["r = torch.cat([x, y])"], ["r"]),
    "stack": ([("x", [3, 4], "x"), ("y", [3, 4], "x")], ["r = torch.stack((x, y), 1)"], ["r"]),
    "reshape": U("x.reshape(2, -1)"),
    "view": U("x.view(-1)"),
    "permute": U("x.permute(1, 0)"),
    "transpose": U("x.transpose(0, 1).contiguous()"),
    "flip": U("torch.flip(x, [0])"),
    "roll": U("torch.roll(x, 1, 1)"),
    "repeat": U("x.repeat(2, 1)"),
    "expand": ([("x", [1, 4], "x")], ["r = x.expand(3, 4)"], ["r"]),
    "narrow": U("x.narrow(1, 1, 2)"),
    "chunk": ([("x", [4, 4], "x")], ["a, b = x.chunk(2)"], ["a", "b"]),
    "getitem": U("x[1:, ::2]"),
    "getitem_none": U("x[None, :, 1]"),
    "gather": ([("x", [3, 4], "x"), ("i", [3, 2], "idx")], ["r = torch.gather(x, 1, i)"], ["r"]),
    "index_select": ([("x", [3, 4], "x"), ("i", [2], "idx")], ["r = x.index_select(0, i)"], ["r"]),
    "index_tensor": ([("x", [3, 4], "x"), ("i", [2], "idx")], ["r = x[i]"], ["r"]),
    "take_along_dim": ([("x", [3, 4], "x"), ("i", [3, 2], "idx")],
                       ["r = torch.take_along_dim(x, i, 1)"], ["r"]),
    "masked_fill": ([("x", [3, 4], "x"), ("c", [3, 4], "cond")], ["r = x.masked_fill(c, 1)"], ["r"]),
    "where": ([("c", [3, 4], "cond"), ("x", [3, 4], "x"), ("y", [3, 4], "x")],
              ["r = torch.where(c, x, y)"], ["r"]),
    "where_scalar": ([("c", [3, 4], "cond"), ("x", [3, 4], "x")], ["r = torch.where(c, x, 0)"], ["r"]),
    "scatter": ([("x", [3, 4], "x"), ("i", [3, 2], "idx"), ("u", [3, 2], "x")],
                ["r = x.scatter(1, i, u)"], ["r"]),
    "scatter_add": ([("x", [3, 4], "x"), ("i", [3, 2], "idx"), ("u", [3, 2], "x")],
                    ["r = torch.scatter_add(x, 1, i, u)"], ["r"]),
    "index_add": ([("x", [3, 4], "x"), ("i", [2], "idx"), ("u", [2, 4], "x")],
                  ["r = x.index_add(0, i, u)"], ["r"]),
    "index_put": ([("x", [3, 4], "x"), ("i", [2], "idx"), ("u", [2, 4], "x")],
                  ["r = x.clone()", "r[i] = u"], ["r"]),
    "setitem_slice": ([("x", [3, 4], "x"), ("u", [1, 4], "x")], ["r = x.clone()", "r[1:2] = u"], ["r"]),
    "tril": U("torch.tril(x)"),
    "triu": U("x.triu(1)"),
    "pad": U("torch.nn.functional.pad(x, (1, 0, 0, 2))"),
    "pad_value": U("torch.nn.functional.pad(x, (1, 1), value=1)"),
    "one_hot": ([("x", [5], "idx")], ["r = torch.nn.functional.one_hot(x, 4)"], ["r"]),
    "embedding": ([("i", [2, 3], "idx"), ("w", [4, 5], "x")],
                  ["r = torch.nn.functional.embedding(i, w)"], ["r"]),
    "matmul": ([("x", [3, 4], "x"), ("y", [4, 5], "x")], ["r = x @ y"], ["r"]),
    "bmm": ([("x", [2, 3, 4], "x"), ("y", [2, 4, 2], "x")], ["r = torch.bmm(x, y)"], ["r"]),
    "einsum": ([("x", [3, 4], "x"), ("y", [4, 5], "x")], ["r = torch.einsum('ij,jk->ik', x, y)"], ["r"]),
    "linear": ([("x", [3, 4], "x"), ("w", [5, 4], "x")], ["r = torch.nn.functional.linear(x, w)"], ["r"]),
    "softmax": U("x.softmax(-1)"),
    "softmax_dtype": U("torch.softmax(x, 1, dtype=torch.float32)"),
    "log_softmax": U("torch.nn.functional.log_softmax(x, 0)"),
    "layer_norm": U("torch.nn.functional.layer_norm(x, (4,))"),
    "normalize": U("torch.nn.functional.normalize(x, dim=1)"),
    "full_like": U("torch.full_like(x, 2)"),
    "zeros_like": U("torch.zeros_like(x)"),
    "ones_like_dtype": U("torch.ones_like(x, dtype=torch.float32)"),
    "new_zeros": U("x.new_zeros((2, 3))"),
    "arange_like": U("torch.arange(4, dtype=x.dtype)"),
    "cdist": ([("x", [3, 4], "x"), ("y", [2, 4], "x")], ["r = torch.cdist(x, y)"], ["r"]),
    "diff": U("torch.diff(x, dim=1)"),
    "unique": ([("x", [6], "idx")], ["r, inv = torch.unique(x, return_inverse=True)"], ["r", "inv"]),
    "bincount": ([("x", [6], "idx")], ["r = torch.bincount(x)"], ["r"]),
    "nonzero": U("torch.nonzero(x)"),
    "masked_select": ([("x", [3, 4], "x"), ("c", [3, 4], "cond")], ["r = x[c]"], ["r"]),
    "lerp": B("torch.lerp(x, y, 0.3)"),
    "addcmul": B("torch.addcmul(x, x, y, value=0.5)"),
    "clone": U("x.clone()"),
    "contiguous": U("x.t().contiguous()"),
    "isclose": B("torch.isclose(x, y)"),
    "equal_op": B("x == y"),
    "invert": U("~x"),
    "and_op": B("x & y"),
    "shift_op": B("x << 1"),
}


def to_torch(a, dtype):
    # (dtype_matrix.values gives floats as float32 values exact in `dtype`.)
    return torch.from_numpy(np.ascontiguousarray(a)).to(getattr(torch, dtype))


def run_torch(folder, inputs, body, rets):
    def compute():
        ns = {"torch": torch, "math": math, "operator": operator}
        ns.update({v: to_torch(arr, d) for v, d, arr in inputs})
        with torch.no_grad():
            exec("\n".join(body), ns)
        out = []
        for o in (ns[r] for r in rets):
            if not isinstance(o, torch.Tensor):
                o = torch.tensor(o)
            name = str(o.dtype).replace("torch.", "")
            out.append((name, dtype_matrix.bf16_bits(o.float().numpy())
                        if name == "bfloat16" else o.numpy()))
        return out
    return dtype_matrix.run_forked(folder, compute)


def write_case(folder, inputs, body, returns):
    os.makedirs(folder, exist_ok=True)
    params = ", ".join(f"L_{v}_: torch.Tensor" for v, _, _ in inputs)
    lines = ["import math", "import operator", "import torch", "", "", "class GraphModule(torch.nn.Module):",
             f"    def forward(self, {params}):"]
    lines += [f"        {v} = L_{v}_" for v, _, _ in inputs]
    lines += ["        " + b for b in body] + ["        return (" + ", ".join(returns) + ",)"]
    open(os.path.join(folder, "model.py"), "w").write("\n".join(lines) + "\n")
    meta = []
    for var, dtype, a in inputs:
        flat = [bool(x) if a.dtype == np.bool_ else (int(x) if a.dtype.kind in "iu" else float(x))
                for x in a.ravel()]
        meta.append(f'class Program_weight_tensor_meta_L_{var}_:\n    name = "L_{var}_"\n'
                    f'    shape = {list(a.shape)}\n    dtype = "torch.{dtype}"\n'
                    f'    device = "cpu"\n    mean = None\n    std = None\n    data = {flat!r}\n')
    open(os.path.join(folder, "weight_meta.py"), "w").write("\n\n".join(meta))
    open(os.path.join(folder, "graph_net.json"), "w").write('{"framework": "torch"}\n')


if __name__ == "__main__":
    torch.set_num_threads(1)
    sys.exit(dtype_matrix.main("PyTorch", FORMS, run_torch, write_case))
