#!/usr/bin/env python3
"""torch.compile(fn, backend="gn", fullgraph=True) on torch's functions and
argument forms as TorchDynamo hands them over (its own names:
torch._C._linalg.linalg_norm where a GraphNet sample says torch.linalg.norm),
against eager PyTorch on the same inputs at t (atol = rtol = 10^t), and
what gn refuses (each must raise naming the op, never crash or return a
wrong value). The groups: FUNCTIONS (math, linalg, indexing, special,
losses, fft), FORMS (keywords, positional dtypes, reductions' dtype=,
in-place and reduce= arguments, integer and mixed-dtype arithmetic),
INDEXING (subscripts and index ops), NN (torch.nn.functional's argument
forms), PATTERNS (model code: rotary embeddings, masked softmax, chunks and
list comprehensions, einsum, shape arithmetic; also under dynamic=True),
DATA_DEPENDENT (masks, nonzero, unique: sizes that follow the values, on
several random inputs) and REFUSED. Prints each case that
does not hold and "N / M hold" per group; exits 1 when any does not. Run
with the PyTorch venv and gn's Python module:

    PYTHONPATH=build/python scripts/torch-env.sh python conformance/check_torch_functions.py [--t -5]

Written from probes of 2026-12-01 that found silent wrong results (rsub's
alpha, scatter's reduce=, softmax's positional dtype, linalg.norm's matrix
orders, norm's dtype=), each fixed and kept here.
"""
import argparse
import math
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                                "python"))
import gn.torch_backend  # noqa: E402,F401  (registers "gn")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conformance import flatten, run_cases  # noqa: E402

F = torch.nn.functional
L = torch.linalg

torch.manual_seed(0)
ARGS = {"x": torch.randn(4, 6), "y": torch.randn(4, 6), "v": torch.randn(6),
        "p": torch.rand(4, 6) + 0.1, "i": torch.randint(0, 6, (4, 3)), "m": torch.randn(6, 6),
        "sq": torch.randn(3, 4, 4), "t3": torch.randn(3, 4, 5), "x3": torch.randn(2, 8, 16)}
ARGS["t3"][0, 0, 0] = 0
# The indexing group's: a [4, 5, 6] tensor, index tensors (negative, 2-d,
# duplicate), a boolean row mask, a [4, 6] matrix and [3, 6] values.
ARGS.update({"xi": torch.randn(4, 5, 6), "ii": torch.tensor([2, 0, -1]),
             "jj": torch.tensor([[1, 3], [0, 4]]), "bb": torch.tensor([True, False, True, True]),
             "mi": torch.randn(4, 6), "vv": torch.randn(3, 6), "dd": torch.tensor([0, 0, 2])})

FUNCTIONS = {
    "stft": lambda x3: torch.view_as_real(torch.stft(x3.flatten(0, 1), 8, 2, window=torch.hann_window(8),
                                                 return_complex=True)),
    "istft": lambda x3: torch.istft(torch.stft(x3[0], 8, 2, window=torch.hann_window(8),
                                               return_complex=True),
                                    8, 2, window=torch.hann_window(8), length=16),
    "nonzero_static": lambda x: torch.nonzero_static(x > 0, size=10, fill_value=-2),
    "cumprod": lambda x: torch.cumprod(x, 1),
    "logcumsumexp": lambda x: torch.logcumsumexp(x, 0),
    "cummax": lambda x: torch.cummax(x, 1),
    "cummin": lambda x: torch.cummin(x, 0),
    "searchsorted": lambda x: torch.searchsorted(torch.sort(x, 1)[0], x[:, :2]),
    "kthvalue": lambda x: torch.kthvalue(x, 2, 1),
    "median dim": lambda x: torch.median(x, 1),
    "median all": lambda x: torch.median(x),
    "nanmedian": lambda x: torch.nanmedian(x, 0),
    "mode": lambda x: torch.mode(x.round(), 1),
    "quantile": lambda x: torch.quantile(x, 0.3, dim=1),
    "nanmean": lambda x: torch.nanmean(x, 1),
    "nansum": lambda x: torch.nansum(x),
    "diff": lambda x: torch.diff(x, dim=1),
    "diff n2 prepend": lambda x: torch.diff(x, n=2, dim=0, prepend=x[:1]),
    "cross": lambda x: torch.linalg.cross(x[:, :3], x[:, 3:]),
    "vector_norm": lambda x: torch.linalg.vector_norm(x, 3, dim=1),
    "matrix_norm fro": lambda x: torch.linalg.matrix_norm(x),
    "norm p=1": lambda x: torch.norm(x, p=1, dim=0),
    "cdist p1": lambda x: torch.cdist(x, x, p=1),
    "tril_indices": lambda x: x[torch.tril_indices(4, 4)[0], :1],
    "cartesian_prod": lambda x: torch.cartesian_prod(x[0], x[1]),
    "meshgrid": lambda x: torch.meshgrid(x[0], x[1], indexing="xy"),
    "block_diag": lambda x: torch.block_diag(x, x[:2]),
    "kron": lambda x: torch.kron(x[:2, :2], x[:3, :3]),
    "rot90": lambda x: torch.rot90(x, 1, (0, 1)),
    "take": lambda x: torch.take(x, torch.tensor([0, 5, 23])),
    "take_along_dim": lambda x: torch.take_along_dim(x, x.argsort(1), 1),
    "scatter_reduce amax": lambda x, i: torch.zeros(4, 6).scatter_reduce(1, i, x[:, :3], "amax", include_self=False),
    "scatter_reduce mean": lambda x, i: torch.ones(4, 6).scatter_reduce(1, i, x[:, :3], "mean"),
    "sort desc": lambda x: torch.sort(x, 0, descending=True),
    "topk smallest": lambda x: torch.topk(x, 2, 1, largest=False),
    "msort": lambda x: torch.msort(x),
    "lerp": lambda x, y: torch.lerp(x, y, 0.3),
    "lerp tensor w": lambda x, y: torch.lerp(x, y, torch.sigmoid(x)),
    "logit eps": lambda p: torch.logit(p.clamp(max=0.9), eps=1e-3),
    "xlogy": lambda x, p: torch.xlogy(x, p),
    "erfinv": lambda p: torch.erfinv(p.clamp(max=0.99)),
    "polygamma1": lambda p: torch.polygamma(1, p),
    "lgamma digamma": lambda p: torch.lgamma(p) + torch.digamma(p),
    "nan_to_num": lambda x: torch.nan_to_num(x.log(), nan=0.0, neginf=-5.0),
    "clamp tensor": lambda x, y: torch.clamp(x, min=y, max=y + 1),
    "addcmul": lambda x, y: torch.addcmul(x, x, y, value=0.5),
    "addcdiv": lambda x, p: torch.addcdiv(x, x, p, value=2),
    "baddbmm": lambda sq: torch.baddbmm(sq, sq, sq, beta=0.5, alpha=2),
    "tensordot": lambda x, y: torch.tensordot(x, y, dims=([1], [1])),
    "outer": lambda v: torch.outer(v, v),
    "trace": lambda m: torch.trace(m),
    "det": lambda sq: torch.linalg.det(sq),
    "inv": lambda sq: torch.linalg.inv(sq + 4 * torch.eye(4)),
    "solve": lambda sq: torch.linalg.solve(sq + 4 * torch.eye(4), sq[:, :, :1]),
    "rfft": lambda x: torch.fft.rfft(x).abs(),
    "irfft": lambda x: torch.fft.irfft(torch.fft.rfft(x)),
    "fft2 abs": lambda x: torch.fft.fft2(x).abs(),
    "fftshift": lambda x: torch.fft.fftshift(x),
    "histc": lambda x: torch.histc(x, 5, -2, 2),
    "bucketize right": lambda x: torch.bucketize(x, torch.tensor([-1.0, 0.0, 1.0]), right=True),
    "count_nonzero": lambda x: torch.count_nonzero(x > 0, 1),
    "aminmax": lambda x: torch.aminmax(x, dim=1),
    "logaddexp2": lambda x, y: torch.logaddexp2(x, y),
    "hypot": lambda x, y: torch.hypot(x, y),
    "copysign": lambda x, y: torch.copysign(x, y),
    "fmod remainder": lambda x, y: torch.fmod(x, y) + torch.remainder(x, y),
    "ldexp": lambda x: torch.ldexp(x, torch.tensor(3)),
    "heaviside": lambda x, y: torch.heaviside(x, y),
    "sinc": lambda x: torch.sinc(x),
    "i0e": lambda x: torch.special.i0e(x),
    "ndtri": lambda p: torch.special.ndtri(p.clamp(max=0.99)),
    "log_ndtr": lambda x: torch.special.log_ndtr(x),
    "entr": lambda p: torch.special.entr(p),
    "softmax dtype": lambda x: torch.softmax(x, 1, dtype=torch.float64),
    "diag_embed": lambda x: torch.diag_embed(x),
    "diagonal_scatter": lambda m: torch.diagonal_scatter(m, torch.ones(6)),
    "select_scatter": lambda m: torch.select_scatter(m, torch.ones(6), 0, 2),
    "slice_scatter": lambda m: torch.slice_scatter(m, torch.ones(6, 2), 1, 0, 4, 2),
    "index_reduce": lambda x: torch.zeros(3, 6).index_reduce(0, torch.tensor([0, 2, 0, 1]), x, "amax"),
    "masked_scatter": lambda x: x.masked_scatter(x > 0, torch.arange(24.0).reshape(4, 6)),
    "renorm": lambda x: torch.renorm(x, 2, 0, 1.0),
    "atleast_3d": lambda v: torch.atleast_3d(v),
    "vander": lambda v: torch.linalg.vander(v[:4]),
    "unravel_index": lambda x: torch.unravel_index(x.argmax(), x.shape),
    "trapezoid": lambda x: torch.trapezoid(x, dim=1),
    "cumulative_trapezoid": lambda x: torch.cumulative_trapezoid(x, dim=1),
    "logdet": lambda sq: torch.logdet(sq @ sq.mT + torch.eye(4)),
    "frac trunc": lambda x: torch.frac(x * 3) + torch.trunc(x * 3),
    "signbit": lambda x: torch.signbit(x),
    "isin": lambda x: torch.isin(x.round(), torch.tensor([0.0, 1.0])),
    "pdist": lambda x: torch.pdist(x),
    "cosine_embedding": lambda x, y: torch.nn.functional.cosine_embedding_loss(x, y, torch.tensor([1, -1, 1, -1])),
    "triplet": lambda x, y: torch.nn.functional.triplet_margin_loss(x, y, -y),
    "affine_grid": lambda x: torch.nn.functional.affine_grid(x[:2, :3][None], (1, 1, 4, 5), align_corners=False),
    "one_hot": lambda i: torch.nn.functional.one_hot(i, 6),
    "normalize": lambda x: torch.nn.functional.normalize(x, p=1, dim=0),
    "local_response_norm": lambda x: torch.nn.functional.local_response_norm(x[None, :, :, None], 3),
    "interpolate area": lambda x: torch.nn.functional.interpolate(x[None, None], size=(2, 3), mode="area"),
    "interpolate trilinear": lambda sq: torch.nn.functional.interpolate(sq[None, None], scale_factor=2, mode="trilinear"),
    "interpolate antialias": lambda x: torch.nn.functional.interpolate(x[None, None], size=(2, 3), mode="bilinear", antialias=True),
    "pad reflect 3d": lambda sq: torch.nn.functional.pad(sq[None, None], (1, 1, 1, 1, 1, 1), mode="reflect"),
    "fractional_max_pool": lambda x: torch.nn.functional.max_pool2d(x[None, None], 2, 1, dilation=2),
    "max_unpool": lambda x: torch.nn.functional.max_unpool2d(*torch.nn.functional.max_pool2d(x[None, None], 2, return_indices=True), 2),
    "sdpa scale causal": lambda sq: torch.nn.functional.scaled_dot_product_attention(sq[None], sq[None], sq[None], is_causal=True, scale=0.3),
    "vector_norm p3": lambda t3: L.vector_norm(t3, 3, dim=1),
    "vector_norm p0": lambda t3: L.vector_norm(t3, 0),
    "vector_norm -inf": lambda t3: L.vector_norm(t3, float("-inf"), dim=(0, 2), keepdim=True),
    "vector_norm 0.5": lambda t3: L.vector_norm(t3, 0.5, dim=-1),
    "vector_norm dtype": lambda t3: L.vector_norm(t3, 2, dtype=torch.float64),
    "norm p=3": lambda t3: torch.norm(t3, p=3, dim=2),
    "norm dtype": lambda t3: torch.norm(t3, dim=1, dtype=torch.float64),
    "norm fro dims": lambda t3: torch.norm(t3, "fro", dim=(1, 2)),
    "linalg.norm default": lambda t3: L.norm(t3),
    "linalg.norm vec ord3": lambda t3: L.norm(t3[0, 0], 3),
    "linalg.norm mat ord1": lambda t3: L.norm(t3[0], 1),
    "linalg.norm mat ord-1": lambda t3: L.norm(t3[0], -1),
    "linalg.norm mat inf": lambda t3: L.norm(t3[0], float("inf")),
    "linalg.norm mat -inf dims": lambda t3: L.norm(t3, float("-inf"), dim=(2, 0)),
    "linalg.norm mat ord1 dims keep": lambda t3: L.norm(t3, 1, dim=(-1, 1), keepdim=True),
    "linalg.norm fro": lambda t3: L.norm(t3, "fro", dim=(0, 1)),
    "matrix_norm ord1": lambda t3: L.matrix_norm(t3, 1),
    "matrix_norm inf": lambda t3: L.matrix_norm(t3, float("inf")),
    "linalg.norm 2d dim1": lambda t3: L.norm(t3, 1, dim=1),
}

FORMS = {
    "rsub alpha": lambda x, y: torch.rsub(x, y, alpha=2),
    "rsub scalar alpha": lambda x: torch.rsub(x, 3.0, alpha=0.5),
    "searchsorted right": lambda x: torch.searchsorted(torch.sort(x.round(), 1)[0], x.round(), right=True),
    "searchsorted side": lambda x: torch.searchsorted(torch.sort(x.round(), 1)[0], x.round(), side="right"),
    "mode keepdim": lambda x: torch.mode(x.round(), 0, keepdim=True),
    "huber sum": lambda x, y: F.huber_loss(x, y, reduction="sum", delta=0.5),
    "huber none": lambda x, y: F.huber_loss(x, y, reduction="none"),
    "kl none": lambda x, y: F.kl_div(x, y.softmax(1), reduction="none"),
    "kl sum": lambda x, y: F.kl_div(x, y.softmax(1), reduction="sum"),
    "mse none": lambda x, y: F.mse_loss(x, y, reduction="none"),
    "l1 sum": lambda x, y: F.l1_loss(x, y, reduction="sum"),
    "bce none": lambda p: F.binary_cross_entropy(p.clamp(max=0.99), p.clamp(max=0.99).round(), reduction="none"),
    "nll sum": lambda x: F.nll_loss(x.log_softmax(1), torch.tensor([0, 1, 2, 3]), reduction="sum"),
    "ce none": lambda x: F.cross_entropy(x, torch.tensor([0, 1, 2, 3]), reduction="none"),
    "soft margin sum": lambda x, y: F.soft_margin_loss(x, y.sign(), reduction="sum"),
    "margin ranking none": lambda x, y: F.margin_ranking_loss(x, y, torch.ones(4, 6), margin=0.1, reduction="none"),
    "hinge sum": lambda x, y: F.hinge_embedding_loss(x, y.sign(), reduction="sum"),
    "poisson nll none": lambda x, p: F.poisson_nll_loss(x, p, reduction="none"),
    "cosine emb sum": lambda x, y: F.cosine_embedding_loss(x, y, torch.tensor([1, -1, 1, -1]), reduction="sum"),
    "multi margin none": lambda x: F.multi_margin_loss(x, torch.tensor([0, 1, 2, 3]), reduction="none"),
    "triplet none": lambda x, y: F.triplet_margin_loss(x, y, -y, reduction="none"),
    "smooth l1 none": lambda x, y: F.smooth_l1_loss(x, y, reduction="none", beta=0.2),
    "bce logits sum": lambda x, p: F.binary_cross_entropy_with_logits(x, p, reduction="sum"),
    "index_add alpha": lambda x: x.index_add(0, torch.tensor([0, 2]), torch.ones(2, 6), alpha=3.0),
    "index_reduce prod noself": lambda x: x.index_reduce(0, torch.tensor([0, 0]), torch.full((2, 6), 2.0), "prod", include_self=False),
    "scatter reduce multiply": lambda x: x.scatter(1, torch.tensor([[0, 1], [2, 3], [4, 5], [0, 0]]), 2.0, reduce="multiply"),
    "scatter_reduce noself mean": lambda x, y: x.scatter_reduce(1, torch.tensor([[0, 0], [2, 3], [4, 5], [0, 0]]), y[:, :2], "mean", include_self=False),
    "slice_scatter step": lambda x: torch.slice_scatter(x, torch.zeros(4, 2), 1, 1, 5, 2),
    "full_like dtype": lambda x: torch.full_like(x, 7, dtype=torch.int32),
    "new_full": lambda x: x.new_full((2, 3), 2.5, dtype=torch.float64),
    "zeros dtype": lambda x: x + torch.zeros(4, 6, dtype=torch.float64),
    "ones_like dtype": lambda x: torch.ones_like(x, dtype=torch.int64),
    "hsplit int": lambda x: torch.hsplit(x, 3),
    "hsplit list": lambda x: torch.hsplit(x, [1, 4]),
    "vsplit": lambda x: torch.vsplit(x, [1]),
    "atleast_2d multi": lambda x: torch.atleast_2d(x[0, 0], x[0]),
    "block_diag": lambda x: torch.block_diag(x[:1], x[:2, :2]),
    "broadcast_tensors": lambda x: torch.broadcast_tensors(x, x[:1]),
    "lerp scalar": lambda x, y: torch.lerp(x, y, 0.25),
    "addcdiv value": lambda x, y, p: torch.addcdiv(x, y, p + 1, value=-0.5),
    "fmod scalar": lambda x: torch.fmod(x, 0.7),
    "nanmean dim": lambda x: torch.nanmean(x.log(), dim=1, keepdim=True),
    "nansum dim": lambda x: torch.nansum(x.log(), dim=0),
    "count_nonzero dims": lambda x: torch.count_nonzero(x.round(), dim=(0, 1)),
    "aminmax keepdim": lambda x: torch.aminmax(x, dim=0, keepdim=True),
    "native_dropout eval": lambda x: torch.native_dropout(x, 0.3, False),
    "torch.softmax dtype pos": lambda x: torch.softmax(x, 1, torch.float64),
    "Tensor.softmax dtype pos": lambda x: x.softmax(1, torch.float64),
    "torch.log_softmax dtype pos": lambda x: torch.log_softmax(x, 0, torch.float64),
    "torch._softmax": lambda x: torch._softmax(x, 1, False),
    "torch.dropout train kw": lambda x: torch.dropout(x, 0.5, train=False),
    "F.softmax stacklevel": lambda x: torch.nn.functional.softmax(x, 1, 3, torch.float64),
    "torch.cumsum dtype": lambda x: torch.cumsum(x, 1, dtype=torch.float64),
    "x.sum dtype": lambda x: x.sum(1, dtype=torch.float64),
    "x.mean dtype": lambda x: x.mean(dtype=torch.float64),
    "x.prod dtype int": lambda x: (x > 0).prod(1, dtype=torch.int32),
    "torch.var_mean": lambda x: torch.var_mean(x, 1, correction=0),
    "torch.std unbiased pos": lambda x: torch.std(x, 1, False),
    "x.std unbiased pos": lambda x: x.std(1, False, True),
    "x.var dim keepdim": lambda x: x.var(dim=0, keepdim=True, unbiased=False),
    "torch.max other": lambda x: torch.max(x, x.flip(0)),
    "torch.min dim keepdim": lambda x: torch.min(x, 1, True),
    "amax tuple": lambda x: torch.amax(x, (0, 1)),
    "torch.all dims": lambda x: torch.all(x > -5, dim=(0, 1)),
    "logsumexp dims": lambda x: torch.logsumexp(x, (0, 1), keepdim=True),
    "torch.clamp_min": lambda x: torch.clamp_min(x, 0.2),
    "x.clip tensor": lambda x: x.clip(x.flip(0) * 0.1),
    "torch.where scalar both": lambda x: torch.where(x > 0, 1.0, -1.0),
    "x.masked_fill tensor val": lambda x: x.masked_fill(x > 0, torch.tensor(2.0)),
    "torch.div trunc int": lambda x: torch.div((x * 10).long(), 3, rounding_mode="trunc"),
    "torch.floor_divide neg": lambda x: torch.floor_divide((x * 10).long(), -3),
    "int true div": lambda x: (x * 10).long() / 3,
    "int pow": lambda x: (x * 3).long() ** 2,
    "float pow int tensor": lambda x: x ** torch.tensor(2),
    "bool sum": lambda x: (x > 0).sum(),
    "uint8 add overflow": lambda x: (x.abs() * 100).to(torch.uint8) + 200,
    "int8 neg": lambda x: -((x * 10).to(torch.int8)),
    "bitwise shift": lambda x: (x * 10).long() << 2,
    "remainder neg": lambda x: torch.remainder(x, -0.7),
    "round decimals": lambda x: torch.round(x, decimals=2),
    "x.type_as int": lambda x: x.type_as(torch.tensor(1)),
    "float16 mixed": lambda x: x.half() + x,
    "bf16 * f16": lambda x: x.bfloat16() * x.half(),
    "int64 * float scalar": lambda x: (x * 10).long() * 0.5,
    "bool + bool": lambda x: (x > 0) + (x < 0.5),
}

# Subscripts and index ops as model code writes them: advanced indices
# (adjacent, separated by a slice: their dims go first, with None, ints,
# Ellipsis, steps), Python bools (a new dim), writes through subscripts,
# duplicates with accumulate, index_* and scatter ops, views.
INDEXING = {
    "adv first": lambda xi, ii: xi[ii],
    "adv middle": lambda xi, ii: xi[:, ii],
    "adv last": lambda xi, ii: xi[..., ii],
    "two adv adjacent": lambda xi, ii: xi[ii, ii],
    "two adv separated": lambda xi, ii: xi[ii, :, ii],
    "adv 2d idx": lambda xi, jj: xi[:, jj],
    "adv broadcast": lambda xi, ii, jj: xi[jj[:, :1], :, ii[:2]],
    "none and adv": lambda xi, ii: xi[None, :, ii, None],
    "int and adv": lambda xi, ii: xi[1, :, ii],
    "int and adv sep": lambda xi, ii: xi[ii, 2, :],
    "slice step adv": lambda xi, ii: xi[::2, ii],
    "list index": lambda xi: xi[[0, 3]],
    "negative int": lambda xi: xi[-1, -2],
    "setitem adv": lambda mi, ii, vv: mi.index_put((ii,), vv),
    "setitem dup accumulate": lambda mi, dd, vv: mi.index_put((dd,), vv, accumulate=True),
    "setitem scalar mask": lambda mi: mi.masked_fill(mi > 0, 0.5),
    "setitem slice": lambda mi: (lambda y: (y.__setitem__((slice(None), slice(1, 3)), 7.0), y)[1])(mi.clone()),
    "setitem adv 2": lambda mi, ii: (lambda y: (y.__setitem__((ii, 0), -1.0), y)[1])(mi.clone()),
    "setitem bool": lambda mi, bb: (lambda y: (y.__setitem__(bb, 0.0), y)[1])(mi.clone()),
    "setitem bool elem": lambda mi: (lambda y: (y.__setitem__(y < 0, 0.0), y)[1])(mi.clone()),
    "setitem tensor value": lambda mi, vv: (lambda y: (y.__setitem__(slice(0, 3), vv), y)[1])(mi.clone()),
    "setitem broadcast": lambda mi, vv: (lambda y: (y.__setitem__((slice(None), 2), vv[0, :4]), y)[1])(mi.clone()),
    "gather neg": lambda mi: torch.gather(mi, 1, torch.tensor([[0, -1]] * 4) % 6),
    "index_select": lambda xi, ii: xi.index_select(1, ii % 5),
    "index_add dup": lambda mi, dd, vv: mi.index_add(0, dd, vv),
    "index_copy": lambda mi, vv: mi.index_copy(0, torch.tensor([3, 1, 0]), vv),
    "index_fill": lambda mi, ii: mi.index_fill(1, ii % 6, -2.0),
    "scatter_add dup": lambda mi: torch.zeros(4, 3).scatter_add(1, torch.tensor([[0, 0, 1, 2, 2, 2]] * 4), mi),
    "take_along neg": lambda mi: torch.take_along_dim(mi, torch.tensor([[5], [0], [3], [1]]), 1),
    "narrow": lambda xi: xi.narrow(2, 1, 3),
    "select neg": lambda xi: xi.select(-1, -2),
    "unbind": lambda xi: xi.unbind(1)[3],
    "diagonal offset": lambda mi: mi.diagonal(2),
    "diagonal neg": lambda xi: xi.diagonal(-1, 1, 2),
    "as_strided": lambda mi: mi.as_strided((3, 3), (6, 2), 1),
    "flip roll": lambda xi: (xi.flip(0, 2), xi.roll(2, 1), xi.roll((1, -1), (0, 2))),
    "ellipsis mid": lambda xi: xi[0, ..., 1],
    "index by long scalar tensor": lambda xi: xi[torch.tensor(2)],
    "index bool scalar": lambda xi: xi[True],
    "index bool in tuple": lambda xi: (xi[0, True], xi[..., True], xi[True, 1:3], xi[None, True, 2]),
    "setitem bool scalar": lambda mi: (lambda y: (y.__setitem__((True, 1), 5.0), y)[1])(mi.clone()),
    "unfold": lambda mi: mi.unfold(1, 2, 2),
    "movedim": lambda xi: xi.movedim((0, 1), (2, 0)),
    "repeat tile": lambda mi: (mi.repeat(2, 1, 3), mi.tile((2,))),
    "triu neg": lambda mi: mi.triu(-1),
    "sort stable": lambda mi: torch.sort(mi.round(), dim=1, stable=True),
    "argsort stable": lambda mi: torch.argsort((mi * 2).round(), dim=1, stable=True),
    # Ties without stable=True, as PyTorch's CPU kernels order them (std::sort;
    # topk's partial sort at k * 64 <= n, nth_element otherwise, k = n too):
    # 3 values over rows of 96 and 64, past std::sort's insertion-sort size.
    "sort ties": lambda x3: torch.sort((x3.reshape(2, 128)[:, :96] * 2).round().clamp(-1, 1), 1),
    "argsort ties descending": lambda x3: torch.argsort(
        (x3.reshape(4, 64) * 2).round().clamp(-1, 1), dim=1, descending=True),
    "topk ties k = n": lambda x3: torch.topk((x3.reshape(4, 64) * 2).round().clamp(-1, 1), 64),
    "topk ties k * 64 = n": lambda x3: torch.topk((x3.reshape(2, 128) > 0).float(), 2),
    "mode ties": lambda x3: torch.mode((x3.reshape(4, 64) * 2).round().clamp(-1, 1), 1),
    "searchsorted": lambda mi: torch.searchsorted(torch.tensor([-1.0, 0.0, 1.0]), mi),
}


# torch.nn.functional's argument forms as model code writes them: padding
# strings, groups, dilation, output_padding, ceil_mode, count_include_pad,
# divisor_override, padding modes, interpolate's modes and fractional
# scales, grid_sample's modes and padding, embedding_bag, norms with
# shapes and weights, attention with float masks and GQA.
ARGS.update({"img": torch.randn(2, 4, 9, 11), "cw": torch.randn(6, 4, 3, 3), "wt": torch.randn(4, 3, 3, 3), "wg": torch.randn(6, 2, 3, 3),
     "seq": torch.randn(2, 4, 17), "w1": torch.randn(5, 4, 3), "vol": torch.randn(1, 2, 5, 6, 7), "grid": torch.rand(2, 5, 7, 2) * 2.4 - 1.2,
     "ids": torch.tensor([[0, 2, 5, 2], [7, 1, 0, 9]]), "emb": torch.randn(10, 6), "off": torch.tensor([0, 3]),
     "wt2": torch.randn(4, 2, 3, 3), "w3": torch.randn(3, 2, 3, 3, 3), "psw": torch.rand(8), "g4": torch.randn(4), "b4": torch.randn(4),
     "g911": torch.randn(9, 11), "b911": torch.randn(9, 11), "g11": torch.randn(11), "pr": torch.rand(4), "m44": torch.randn(4, 4),
     "qq": torch.randn(1, 4, 5, 8), "kk": torch.randn(1, 2, 5, 8), "vv2": torch.randn(1, 2, 5, 8), "inw": torch.randn(12, 4), "inb": torch.randn(12), "ow": torch.randn(4, 4), "ob": torch.randn(4), "th": torch.randn(1, 3, 4)})
NN = {
    "conv padding same dil": lambda img, cw: F.conv2d(img, cw, padding="same", dilation=2),
    "conv padding valid stride": lambda img, cw: F.conv2d(img, cw, stride=(2, 3), padding="valid"),
    "conv groups": lambda img, wg: F.conv2d(img, wg, groups=2, padding=(1, 2)),
    "conv_transpose outpad": lambda img, wt: F.conv_transpose2d(img, wt, stride=2, padding=1, output_padding=1),
    "conv_transpose groups dil": lambda img, wt2: F.conv_transpose2d(img, wt2, stride=2, groups=2, dilation=2),
    "conv1d same": lambda seq, w1: F.conv1d(seq, w1, padding="same"),
    "conv3d": lambda vol, w3: F.conv3d(vol, w3, padding=1, stride=(1, 2, 2)),
    "avg_pool ceil no pad count": lambda img: F.avg_pool2d(img, 3, 2, 1, ceil_mode=True, count_include_pad=False),
    "avg_pool divisor": lambda img: F.avg_pool2d(img, 2, divisor_override=3),
    "max_pool ceil dil": lambda img: F.max_pool2d(img, 3, 2, 1, dilation=1, ceil_mode=True),
    "max_pool indices": lambda img: F.max_pool2d(img, 2, return_indices=True),
    "adaptive avg nondiv": lambda img: F.adaptive_avg_pool2d(img, (4, 5)),
    "adaptive max nondiv": lambda img: F.adaptive_max_pool2d(img, (4, 3)),
    "lp_pool": lambda img: F.lp_pool2d(img.abs(), 2, 2),
    "pad circular": lambda img: F.pad(img, (1, 2, 2, 1), mode="circular"),
    "pad replicate": lambda img: F.pad(img, (1, 2, 2, 1), mode="replicate"),
    "pad reflect": lambda img: F.pad(img, (3, 2, 2, 1), mode="reflect"),
    "pad constant value": lambda img: F.pad(img, (1, 1), value=-2.5),
    "interp nearest frac": lambda img: F.interpolate(img, scale_factor=1.5, mode="nearest"),
    "interp nearest-exact": lambda img: F.interpolate(img, size=(5, 17), mode="nearest-exact"),
    "interp bilinear frac": lambda img: F.interpolate(img, scale_factor=(0.7, 1.3), mode="bilinear"),
    "interp bicubic ac": lambda img: F.interpolate(img, size=(13, 7), mode="bicubic", align_corners=True),
    "interp recompute": lambda img: F.interpolate(img, scale_factor=1.7, mode="bilinear", recompute_scale_factor=True),
    "interp linear 1d": lambda seq: F.interpolate(seq, size=30, mode="linear"),
    "interp area down": lambda img: F.interpolate(img, size=(4, 4), mode="area"),
    "grid_sample bilinear zeros": lambda img, grid: F.grid_sample(img, grid, align_corners=False),
    "grid_sample nearest border": lambda img, grid: F.grid_sample(img, grid, mode="nearest", padding_mode="border", align_corners=True),
    "grid_sample reflection": lambda img, grid: F.grid_sample(img, grid, padding_mode="reflection", align_corners=False),
    "grid_sample bicubic": lambda img, grid: F.grid_sample(img, grid, mode="bicubic", align_corners=False),
    "grid_sample bicubic reflection": lambda img, grid: F.grid_sample(img, grid, mode="bicubic", padding_mode="reflection", align_corners=True),
    "pixel_shuffle": lambda img: F.pixel_unshuffle(F.pixel_shuffle(torch.cat([img] * 4, 1), 2), 2),
    "unfold fold": lambda img: F.fold(F.unfold(img, 3, dilation=1, padding=1, stride=2), (9, 11), 3, padding=1, stride=2),
    "embedding padding_idx": lambda ids, emb: F.embedding(ids, emb, padding_idx=2),
    "embedding_bag mean": lambda ids, emb: F.embedding_bag(ids.flatten(), emb, torch.tensor([0, 3, 5]), mode="mean"),
    "embedding_bag max 2d": lambda ids, emb: F.embedding_bag(ids, emb, mode="max"),
    "embedding_bag sum psw": lambda ids, emb, psw: F.embedding_bag(ids.flatten(), emb, torch.tensor([0, 4]), mode="sum", per_sample_weights=psw),
    "group_norm affine": lambda img, g4, b4: F.group_norm(img, 2, g4, b4, eps=1e-3),
    "layer_norm 2d shape": lambda img, g911, b911: F.layer_norm(img, (9, 11), g911, b911),
    "rms_norm": lambda img, g11: F.rms_norm(img, (11,), g11, eps=1e-5),
    "local_response_norm": lambda img: F.local_response_norm(img, 3, alpha=1e-3, beta=0.75, k=2),
    "glu": lambda img: F.glu(img, 1),
    "prelu channels": lambda img, pr: F.prelu(img, pr),
    "rrelu eval": lambda img: F.rrelu(img, training=False),
    "threshold": lambda img: F.threshold(img, 0.3, -1.0),
    "hardtanh args": lambda img: F.hardtanh(img, -0.5, 0.7),
    "softmin": lambda img: F.softmin(img, 1),
    "gumbel off": lambda img: F.softmax(img / 0.5, -1),
    "cosine_similarity": lambda img: F.cosine_similarity(img, img.flip(1), dim=1, eps=1e-6),
    "pairwise_distance": lambda seq: F.pairwise_distance(seq[0], seq[1], p=1.5, keepdim=True),
    "channel_shuffle": lambda img: F.channel_shuffle(img, 2),
    "sdpa mask float": lambda seq, m44: F.scaled_dot_product_attention(seq[None], seq[None], seq[None], attn_mask=m44),
    "sdpa gqa": lambda qq, kk, vv2: F.scaled_dot_product_attention(qq, kk, vv2, enable_gqa=True),
    "mha function": lambda seq, inw, inb, ow, ob: F.multi_head_attention_forward(seq.permute(2, 0, 1), seq.permute(2, 0, 1), seq.permute(2, 0, 1), 4, 2, inw, inb, None, None, False, 0.0, ow, ob, training=False, need_weights=True),
    "ctc off": lambda seq: F.log_softmax(seq, 1).logsumexp(1),
    "affine_grid 3d": lambda th: F.affine_grid(th, (1, 2, 3, 4, 5), align_corners=True),
    "one_hot classes": lambda ids: F.one_hot(ids, 12),
    "normalize p inf": lambda img: F.normalize(img, p=float("inf"), dim=2),
    "normalize p3 f16": lambda img: F.normalize(img.half() * 300, p=3, dim=1),
    "normalize f16 big": lambda img: F.normalize(img.half() * 300, dim=1),
    "dropout eval": lambda img: F.dropout(img, 0.5, training=False) + F.dropout2d(img, 0.3, training=False) + F.alpha_dropout(img, 0.2, False),
}


def rope(x):
    d = x.shape[-1]
    inv = 1.0 / (10000 ** (torch.arange(0, d, 2, dtype=torch.float32) / d))
    t = torch.arange(x.shape[1], dtype=torch.float32)
    f = torch.outer(t, inv)
    cos, sin = f.cos()[None], f.sin()[None]
    x1, x2 = x[..., ::2], x[..., 1::2]
    return torch.stack([x1 * cos - x2 * sin, x1 * sin + x2 * cos], -1).flatten(-2)
def masked_softmax(x):
    mask = torch.triu(torch.ones(8, 8, dtype=torch.bool), 1)
    s = x @ x.transpose(1, 2) / math.sqrt(16)
    s = s.masked_fill(mask, torch.finfo(s.dtype).min)
    return s.softmax(-1)
def chunks(x):
    return sum(c.relu() for c in x.chunk(4, -1))
def listcomp(x):
    return torch.cat([x[:, i:i + 2].mean(1, keepdim=True) for i in range(0, 8, 2)], 1)
def einsums(x):
    return torch.einsum("bld,bmd->blm", x, x) + torch.einsum("bld->bl", x)[..., None]
def newt(x):
    return x + x.new_tensor([1.0]) + torch.tensor(2.0) + x.new_ones(16) * torch.full_like(x, 0.5)
def gelu_tanh(x):
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * torch.pow(x, 3))))
def rmsnorm(x):
    return x * torch.rsqrt(x.pow(2).mean(-1, keepdim=True) + 1e-6)
def topk_gather(x):
    v, i = x.topk(3, -1)
    return torch.gather(x, -1, i) - v
def cumsum_mask(x):
    m = (x[..., 0] > 0).long()
    return (torch.cumsum(m, 1) * m).float()
def shape_math(x):
    b, l, d = x.shape
    return x.view(b, l, 4, d // 4).permute(0, 2, 1, 3).reshape(b * 4, l, d // 4).contiguous()
def interp(x):
    y = x.transpose(1, 2)[:, None]
    return F.interpolate(y, size=(32, 16), mode="bilinear", align_corners=True)
def scaled(x):
    q = x.view(2, 8, 2, 8).transpose(1, 2)
    return F.scaled_dot_product_attention(q, q, q, attn_mask=torch.ones(8, 8, dtype=torch.bool).tril())
def item_scalar(x):
    return x * x.abs().max().item()
def where_inf(x):
    return torch.where(x > 0, x, torch.tensor(float("-inf"))).logsumexp(-1)
def clamp_int(x):
    return (x * 100).int().clamp(-5, 5).float()
def pad_neg(x):
    return F.pad(x, (-2, 3, 1, -1))
def unfold_t(x):
    return x.unfold(1, 4, 2).sum(-1)
def argmax_onehot(x):
    return F.one_hot(x.argmax(-1), 16).float() * x
def sort_vals(x):
    return x.sort(-1, descending=True).values[..., :4]
def repeat_interleave(x):
    return x.repeat_interleave(2, dim=1)[:, ::3]
def tril_mask_add(x):
    return x[:, :, :8] + torch.full((8, 8), float("-inf")).triu(1)


# Model code, each a function of one [2, 8, 16] tensor.
PATTERNS = {f.__name__: f for f in [rope, masked_softmax, chunks, listcomp, einsums, newt, gelu_tanh, rmsnorm, topk_gather, cumsum_mask, shape_math, interp, scaled, item_scalar, where_inf, clamp_int, pad_neg, unfold_t, argmax_onehot, sort_vals, repeat_interleave, tril_mask_add]}

REFUSED = {
    "linalg.cholesky": lambda sq: L.cholesky(sq @ sq.mT + torch.eye(4)),
    "linalg.qr": lambda sq: L.qr(sq)[1],
    "linalg.svdvals": lambda sq: L.svdvals(sq),
    "linalg.eigvalsh": lambda sq: L.eigvalsh(sq + sq.mT),
    "linalg.matrix_exp": lambda sq: L.matrix_exp(sq),
    "linalg.pinv": lambda x: L.pinv(x),
    "linalg.norm ord=2 of a matrix": lambda m: L.norm(m, 2),
    "frexp": lambda x: torch.frexp(x)[0],
    "special.erfcx": lambda x: torch.special.erfcx(x),
    "special.bessel_j0": lambda x: torch.special.bessel_j0(x),
    "embedding(max_norm=)": lambda i, m: F.embedding(i, m.clone(), max_norm=1.0),
    "searchsorted(sorter=)": lambda x: torch.searchsorted(x, x[:, :2], sorter=x.argsort(1)),
    # (running statistics updated in place: see check_torch_semantics.py)
    "instance_norm(use_input_stats=True) with running stats": lambda img: F.instance_norm(
        img, torch.zeros(4), torch.ones(4), use_input_stats=True),
    # PyTorch's kernels raise for these; gn refused nothing and computed.
    "bitwise_and of floats": lambda x: x & x,
    "bitwise_not of floats": lambda x: torch.bitwise_not(x),
    "argmax of bools": lambda x: (x > 0).argmax(1),
    "softmax of ints": lambda x: (x > 0).long().softmax(1),
    "log_softmax of ints": lambda x: F.log_softmax((x > 0).int(), 1),
    "torch.cond": lambda mi: torch.cond(mi.sum() > 0, lambda y: y.sin(), lambda y: y.cos(), (mi,)),
}

# Sizes that follow the values, inside one graph (fullgraph=True): each is
# called on several random inputs of one shape, so the counts change from
# call to call (gn.data_sizes: a program per count met).
DATA_DEPENDENT = {
    "boolean mask": lambda mi: mi[mi > 0],
    "nonzero": lambda mi: (mi > 0.5).nonzero(),
    "masked_select": lambda mi: mi.masked_select(mi > 0.5),
    "unique": lambda mi: torch.unique((mi * 2).round()),
    "argwhere, then a gather": lambda mi: mi.flatten()[torch.argwhere(mi.flatten() < 0)[:, 0]],
    "mask rows then reduce": lambda mi: mi[mi.sum(1) > 0].sum(0),
    "nonzero as_tuple": lambda mi: torch.nonzero(mi > 0, as_tuple=True),
    "two masks": lambda mi: (mi[mi > 1], mi[mi < -1] * 2),
    # Sizes read from the values (gn.size_guard): a sum of counts, a max.
    "repeat_interleave tensor repeats": lambda mi: mi.repeat_interleave(
        (mi[:, 0] > 0).long() + (mi[:, 1] > 0).long() + (mi[:, 2] > 0.5).long(), dim=0),
    "repeat_interleave(repeats)": lambda mi: torch.repeat_interleave((mi[0] > 0).long() * 2),
    "bincount": lambda mi: torch.bincount(((mi + 3) * 2).clamp(0, 20).long().flatten()),
    "bincount weights": lambda mi: torch.bincount((mi[0] * 3).abs().long(), weights=mi[1],
                                                  minlength=4),
}


def args_of(fn):
    names = fn.__code__.co_varnames[:fn.__code__.co_argcount]
    return [ARGS[n].clone() for n in names]


def check(fn, tol, dynamic=False, inputs=None):
    """None when gn's results equal eager's, else what differs. `inputs`
    names ARGS entries (default: the function's parameter names)."""
    given = lambda: [ARGS[n].clone() for n in inputs] if inputs else args_of(fn)
    torch._dynamo.reset()
    want = flatten(fn(*given()))
    got = flatten(torch.compile(fn, backend="gn", fullgraph=True, dynamic=dynamic)(*given()))
    if len(got) != len(want):
        return f"{len(got)} outputs, eager {len(want)}"
    for k, (g, w) in enumerate(zip(got, want)):
        if g.shape != w.shape or g.dtype != w.dtype:
            return f"output {k}: {g.dtype}{list(g.shape)}, eager {w.dtype}{list(w.shape)}"
        t = max(tol, 1e-3) if g.dtype in (torch.float16, torch.bfloat16) else tol
        if not torch.allclose(g.double(), w.double(), atol=t, rtol=t, equal_nan=True):
            return f"output {k}: max |diff| {(g.double() - w.double()).abs().max().item():.3g}"
    return None


def check_varying(fn, tol, calls=4):
    """None when gn's results equal eager's on `calls` random inputs of the
    function's argument shapes, else what differs."""
    torch._dynamo.reset()
    compiled = torch.compile(fn, backend="gn", fullgraph=True)
    for call in range(calls):
        torch.manual_seed(100 + call)
        given = [torch.randn_like(a) for a in args_of(fn)]
        want, got = flatten(fn(*given)), flatten(compiled(*given))
        if len(got) != len(want):
            return f"call {call}: {len(got)} outputs, eager {len(want)}"
        for k, (g, w) in enumerate(zip(got, want)):
            if g.shape != w.shape or g.dtype != w.dtype:
                return (f"call {call}, output {k}: {g.dtype}{list(g.shape)}, eager "
                        f"{w.dtype}{list(w.shape)}")
            if not torch.allclose(g.double(), w.double(), atol=tol, rtol=tol, equal_nan=True):
                return f"call {call}, output {k}: max |diff| {(g.double() - w.double()).abs().max().item():.3g}"
    return None


def refused(fn):
    torch._dynamo.reset()
    try:
        torch.compile(fn, backend="gn", fullgraph=True)(*args_of(fn))
    except Exception as e:  # noqa: BLE001 - the message is what is checked
        return None if "gn backend:" in str(e) else f"raised, not by gn: {str(e)[:160]}"
    return "compiled: it is listed as refused; move it to FUNCTIONS with a check"


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--t", type=int, default=-5)
    args = parser.parse_args()
    tol = 10.0 ** args.t
    groups = [("functions", [(n, lambda f=f: check(f, tol)) for n, f in FUNCTIONS.items()]),
              ("forms", [(n, lambda f=f: check(f, tol)) for n, f in FORMS.items()]),
              ("indexing", [(n, lambda f=f: check(f, tol)) for n, f in INDEXING.items()]),
              ("nn", [(n, lambda f=f: check(f, tol)) for n, f in NN.items()]),
              ("patterns", [(n, lambda f=f: check(f, tol, inputs=["x3"]))
                            for n, f in PATTERNS.items()]),
              ("patterns, dynamic=True",
               [(n, lambda f=f: check(f, tol, dynamic=True, inputs=["x3"]))
                for n, f in PATTERNS.items()]),
              ("data-dependent sizes", [(n, lambda f=f: check_varying(f, tol))
                                        for n, f in DATA_DEPENDENT.items()]),
              ("refused by name", [(n, lambda f=f: refused(f)) for n, f in REFUSED.items()])]
    failed = sum(run_cases(group, cases) for group, cases in groups)
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
