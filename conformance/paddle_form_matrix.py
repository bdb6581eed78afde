#!/usr/bin/env python3
"""gn against PaddlePaddle for the argument values Paddle programs pass to
the `_C_ops` their samples call (0 and -1 in shapes, negative axes and
starts, ends past the size, decrease_axis, empty axis lists, tensors where
a size or a bound may be one, layouts and flags): the forms no dev sample
happens to use, which unseen samples may. float32 by default.

    scripts/paddle-env.sh python conformance/paddle_form_matrix.py [--only REGEX]
        [--dtypes float32,...] [--mode eager|compiled] [--keep DIR] [--out matrix.md]

Same driver and comparison as paddle_dtype_matrix.py (dtype_matrix.py).
"""
import os
import sys

import paddle

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import dtype_matrix  # noqa: E402
from paddle_dtype_matrix import run_paddle, write_case  # noqa: E402


def X(expr, shape=(2, 3, 4)):
    return ([("x", list(shape), "x")], [f"r = {expr}"], ["r"])


def XY(expr, xs=(2, 3, 4), ys=(2, 3, 4), ykind="x"):
    return ([("x", list(xs), "x"), ("y", list(ys), ykind)], [f"r = {expr}"], ["r"])


C = "paddle._C_ops"
FORMS = {
    # shapes: 0 copies the input's dim, -1 is inferred
    "reshape_zero": X(f"{C}.reshape(x, [0, -1])"),
    "reshape_zero_mid": X(f"{C}.reshape(x, [0, 0, 2, 2])"),
    "reshape_neg_first": X(f"{C}.reshape(x, [-1, 4])"),
    "expand_neg": X(f"{C}.expand({C}.slice(x, [1], [0], [1], [1], []), [-1, 5, -1])"),
    "expand_more_dims": X(f"{C}.expand(x, [2, 2, 3, 4])"),
    "expand_as": XY(f"{C}.expand_as({C}.slice(x, [1], [0], [1], [1], []), y, [2, 3, 4])"),
    "tile_short": X(f"{C}.tile(x, [2, 1])"),
    "tile_long": X(f"{C}.tile(x, [2, 1, 1, 1])"),
    # slices: negative starts, ends past the size, decrease_axis, strides
    "slice_neg": X(f"{C}.slice(x, [2], [-2], [10000], [1], [])"),
    "slice_decrease": X(f"{C}.slice(x, [1], [1], [2], [1], [1])"),
    "slice_multi_axes": X(f"{C}.slice(x, [0, 2], [1, 1], [2, -1], [1, 1], [0])"),
    "slice_int_min": X(f"{C}.slice(x, [1], [-100], [2], [1], [])"),
    "strided_slice_neg": X(f"{C}.strided_slice(x, [2], [-1], [-5], [-1])"),
    "strided_slice_step2": X(f"{C}.strided_slice(x, [1, 2], [0, 1], [3, 4], [2, 2])"),
    # axes: negative, lists, empty (all)
    "squeeze_neg": X(f"{C}.squeeze({C}.slice(x, [2], [0], [1], [1], []), [-1])"),
    "squeeze_all": X(f"{C}.squeeze({C}.slice(x, [0, 2], [0, 0], [1, 1], [1, 1], []), [])"),
    "squeeze_not_one": X(f"{C}.squeeze(x, [1])"),
    "unsqueeze_list": X(f"{C}.unsqueeze(x, [0, -1])"),
    "unsqueeze_neg": X(f"{C}.unsqueeze(x, [-2])"),
    "sum_neg_keep": X(f"{C}.sum(x, [-1], None, True)"),
    "sum_dtype": X(f"{C}.sum(x, [1], paddle.float64, False)"),
    "mean_all": X(f"{C}.mean(x, [], False)"),
    "mean_all_keep": X(f"{C}.mean(x, [], True)"),
    "max_neg_multi": X(f"{C}.max(x, [0, -1], True)"),
    "cumsum_flatten": X(f"{C}.cumsum(x, -1, True, False, False)"),
    "cumsum_neg": X(f"{C}.cumsum(x, -2, False, False, False)"),
    "softmax_neg": X(f"{C}.softmax(x, -2)"),
    "log_softmax_0": X(f"{C}.log_softmax(x, 0)"),
    "p_norm_vec": X(f"{C}.p_norm(x, 2.0, -1, 1e-12, False, True)"),
    "p_norm_1": X(f"{C}.p_norm(x, 1.0, 1, 1e-12, True, False)"),
    "p_norm_inf": X(f"{C}.p_norm(x, float('inf'), -1, 1e-12, False, False)"),
    "frobenius": X(f"{C}.frobenius_norm(x, [1, 2], False, False)"),
    "flatten_neg": X(f"{C}.flatten(x, -2, -1)"),
    "flatten_all": X(f"{C}.flatten(x, 0, -1)"),
    "transpose_neg": X(f"{C}.transpose(x, [0, -1, 1])"),
    "index_select_neg": ([("x", [2, 3, 4], "x"), ("i", [2], "idx")], [f"r = {C}.index_select(x, i, -1)"], ["r"]),
    "gather_axis1": ([("x", [2, 3, 4], "x"), ("i", [2], "idx")], [f"r = {C}.gather(x, i, 1)"], ["r"]),
    "gather_nd": ([("x", [3, 3, 4], "x"), ("i", [2, 2], "idx")], [f"r = {C}.gather_nd(x, i)"], ["r"]),
    "roll_flat": X(f"{C}.roll(x, [3], [])"),
    "roll_multi": X(f"{C}.roll(x, [1, -1], [0, 2])"),
    "split_neg_section": X(f"{C}.split(x, [1, -1], 2)[1]"),
    "unbind_neg": X(f"{C}.unbind(x, -1)[2]"),
    "unstack": X(f"{C}.unstack(x, 1, 3)[1]"),
    "concat_neg": XY(f"{C}.concat([x, y], -1)"),
    "stack_neg": XY(f"{C}.stack([x, y], -1)"),
    "meshgrid3": ([("a", [2], "x"), ("b", [3], "x"), ("c", [4], "x")],
                  [f"r = {C}.meshgrid([a, b, c])[2]"], ["r"]),
    "tril_neg": X(f"{C}.tril(x, -1)"),
    "triu_pos": X(f"{C}.triu(x, 2)"),
    "topk_neg_smallest": X(f"{C}.topk(x, 2, -2, False, True)[0]"),
    "topk_unsorted_idx": X(f"{C}.topk(x, 1, 1, True, False)[1]"),
    "argsort_desc": X(f"{C}.argsort(x, 0, True, False)[1]"),
    "one_hot": ([("i", [2, 3], "idx")], [f"r = {C}.one_hot(i, 4)"], ["r"]),
    # values and flags
    "scale_bias_before": X(f"{C}.scale(x, 2.0, 1.0, False)"),
    "clip_int_bounds": X(f"{C}.clip(x, -1, 1)"),
    "full_int_value": ([("x", [2, 3], "x")], [f"i = {C}.full([2, 3], 3, paddle.int64, paddle.CPUPlace())", f"r = {C}.add({C}.cast(i, paddle.float32), x)"], ["r"]),
    "full_like_undefined": X(f"{C}.full_like(x, 1.5, paddle.float32, paddle.CPUPlace())"),
    "full_like_int": X(f"{C}.full_like(x, 7, paddle.int32, paddle.CPUPlace())"),
    "cast_bool": X(f"{C}.cast(x, paddle.bool)"),
    "cast_int": X(f"{C}.cast(x * 3, paddle.int32)"),
    "arange_tensors": ([("x", [4], "x")], [
        f"s = {C}.full([1], 0, paddle.float32, paddle.CPUPlace())",
        f"e = {C}.full([1], 4, paddle.float32, paddle.CPUPlace())",
        f"d = {C}.full([1], 1, paddle.float32, paddle.CPUPlace())",
        f"r = {C}.arange(s, e, d, paddle.float32, paddle.CPUPlace()) + x"], ["r"]),
    "linspace_tensors": ([("x", [5], "x")], [
        f"s = {C}.full([1], -1, paddle.float32, paddle.CPUPlace())",
        f"e = {C}.full([1], 1, paddle.float32, paddle.CPUPlace())",
        f"n = {C}.full([1], 5, paddle.int32, paddle.CPUPlace())",
        f"r = {C}.linspace(s, e, n, paddle.float32, paddle.CPUPlace()) * x"], ["r"]),
    "matmul_trans_y": XY(f"{C}.matmul(x, y, False, True)"),
    "matmul_trans_x": XY(f"{C}.matmul(x, y, True, False)"),
    "matmul_vec": ([("x", [2, 3, 4], "x"), ("v", [4], "x")], [f"r = {C}.matmul(x, v, False, False)"], ["r"]),
    "matmul_bcast": ([("x", [2, 3, 4], "x"), ("w", [4, 5], "x")], [f"r = {C}.matmul(x, w, False, False)"], ["r"]),
    # layers' layouts and flags
    "layer_norm_axis2": ([("x", [2, 3, 4], "x"), ("g", [4], "x"), ("b", [4], "x")],
                         [f"r = {C}.layer_norm(x, g, b, 1e-5, 2)"], ["r"]),
    "layer_norm_axis1": ([("x", [2, 3, 4], "x"), ("g", [12], "x"), ("b", [12], "x")],
                         [f"r = {C}.layer_norm(x, g, b, 1e-5, 1)"], ["r"]),
    "layer_norm_no_affine": ([("x", [2, 3, 4], "x")], [f"r = {C}.layer_norm(x, None, None, 1e-5, 2)"], ["r"]),
    "batch_norm_nhwc": ([("x", [2, 3, 3, 4], "x"), ("m", [4], "x"), ("v", [4], "pos"), ("g", [4], "x"), ("b", [4], "x")],
                        [f"r = {C}.batch_norm(x, m, v, g, b, True, 0.9, 1e-5, 'NHWC', True, False)[0]"], ["r"]),
    "instance_norm": ([("x", [2, 3, 4, 4], "x"), ("g", [3], "x"), ("b", [3], "x")],
                      [f"r = {C}.instance_norm(x, g, b, 1e-5)"], ["r"]),
    "group_norm_nhwc": ([("x", [2, 4, 4, 6], "x"), ("g", [6], "x"), ("b", [6], "x")],
                        [f"r = {C}.group_norm(x, g, b, 1e-5, 3, 'NHWC')"], ["r"]),
    "pool_adaptive": X(f"{C}.pool2d({C}.unsqueeze(x, [0]), [2, 3], [1, 1], [0, 0], False, True, 'NCHW', 'avg', False, True, 'EXPLICIT')"),
    "pool_global_max": X(f"{C}.pool2d({C}.unsqueeze(x, [0]), [1, 1], [1, 1], [0, 0], False, True, 'NCHW', 'max', True, False, 'EXPLICIT')"),
    "pool_ceil_exclusive": X(f"{C}.pool2d({C}.unsqueeze(x, [0]), [2, 2], [2, 2], [1, 1], True, True, 'NCHW', 'avg', False, False, 'EXPLICIT')"),
    "pool_ceil_partial": X(f"{C}.pool2d({C}.unsqueeze(x, [0]), [2, 2], [2, 2], [0, 0], True, True, 'NCHW', 'avg', False, False, 'EXPLICIT')", shape=(2, 3, 5)),
    "pool_ceil_max": X(f"{C}.pool2d({C}.unsqueeze(x, [0]), [2, 2], [2, 2], [0, 0], True, True, 'NCHW', 'max', False, False, 'EXPLICIT')", shape=(2, 3, 5)),
    "pool_nhwc_same": X(f"{C}.pool2d({C}.unsqueeze(x, [0]), [3, 3], [2, 2], [0, 0], False, True, 'NHWC', 'max', False, False, 'SAME')"),
    "pool_4_paddings": X(f"{C}.pool2d({C}.unsqueeze(x, [0]), [2, 2], [1, 1], [0, 1, 1, 0], False, False, 'NCHW', 'avg', False, False, 'EXPLICIT')"),
    "conv_groups_dilation": ([("x", [1, 4, 6, 6], "x"), ("w", [4, 2, 3, 3], "x")],
                             [f"r = {C}.conv2d(x, w, [1, 1], [2, 2], 'EXPLICIT', [2, 2], 2, 'NCHW')"], ["r"]),
    "conv_nhwc": ([("x", [1, 5, 5, 3], "x"), ("w", [4, 3, 3, 3], "x")],
                  [f"r = {C}.conv2d(x, w, [2, 2], [1, 1], 'EXPLICIT', [1, 1], 1, 'NHWC')"], ["r"]),
    "conv_4_paddings": ([("x", [1, 3, 5, 5], "x"), ("w", [4, 3, 3, 3], "x")],
                        [f"r = {C}.conv2d(x, w, [1, 1], [0, 1, 1, 2], 'EXPLICIT', [1, 1], 1, 'NCHW')"], ["r"]),
    "pad_constant": X(f"{C}.pad(x, [0, 0, 1, 2, 0, 1], 0.5)"),
    "pad3d_reflect": X(f"{C}.pad3d({C}.unsqueeze(x, [0, 1]), [1, 1, 1, 1, 0, 0], 'reflect', 0.0, 'NCDHW')"),
    "pad3d_replicate_ndhwc": X(f"{C}.pad3d({C}.unsqueeze(x, [0, 4]), [1, 0, 0, 1, 1, 0], 'replicate', 0.0, 'NDHWC')"),
    "nearest_scale": X(f"{C}.nearest_interp({C}.unsqueeze(x, [0]), None, None, None, 'NCHW', -1, -1, -1, [2.0, 2.0], 'nearest', False, 1)"),
    "bilinear_out": X(f"{C}.bilinear_interp({C}.unsqueeze(x, [0]), None, None, None, 'NCHW', -1, 5, 7, [], 'bilinear', False, 0)"),
    "bilinear_align": X(f"{C}.bilinear_interp({C}.unsqueeze(x, [0]), None, None, None, 'NCHW', -1, 5, 7, [], 'bilinear', True, 0)"),
    "bilinear_nhwc": X(f"{C}.bilinear_interp({C}.unsqueeze(x, [0]), None, None, None, 'NHWC', -1, 4, 6, [], 'bilinear', False, 1)"),
    "fill_diagonal": X(f"{C}.fill_diagonal({C}.slice(x, [0], [0], [1], [1], [0]), 2.0, 1, False)"),
    "crop": X(f"{C}.crop(x, [1, 2, 2], [1, 0, 1])"),
    "repeat_interleave": X(f"{C}.repeat_interleave(x, 2, 1, -1)"),
    "masked_fill_via_where": XY(f"{C}.where(y > 0, x, {C}.full_like(x, float('-inf'), paddle.float32, paddle.CPUPlace()))"),
    "swiglu": XY(f"{C}.swiglu(x, y)"),
}

if __name__ == "__main__":
    paddle.set_device("cpu")
    sys.exit(dtype_matrix.main("PaddlePaddle", FORMS, run_paddle, write_case, dtypes=["float32"]))
