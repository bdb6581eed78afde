#!/usr/bin/env python3
"""What torch.autocast does to each op, measured: the dtype of the
op's result for float32 arguments and for arguments in the region's type,
inside a region. float32 in, region type out: the op runs in the low-
precision type; region type in, float32 out: in float32; float32 and the
region type mixed, float32 out where the op does not promote by itself: the
widest type. lib/Import/Torch/Autocast.cpp's lists were written from this
table (PyTorch 2.15); rerun it on another PyTorch to see what changed.

--device cuda measures CUDA's lists without a GPU: the ops run on fake CUDA
tensors (FakeTensorMode: shapes and dtypes only), with CUDA autocast turned
on through torch.set_autocast_enabled, which torch.autocast refuses to do
where CUDA is absent. Only the ops with autocast kernels of their own are
measured as a GPU would run them: a composite op may decompose below the
autocast key under fake tensors (tensordot gives float32 here, though its
matmul runs in the region's type on the CPU's region), so gn does not take
CUDA's lists from this table alone.

    scripts/torch-env.sh python conformance/autocast_policies.py [--device cpu|cuda] [--dtype bfloat16|float16]
"""
import argparse
import contextlib

import torch
from torch._subclasses.fake_tensor import FakeTensorMode

F = torch.nn.functional


def ops(a, b, img, vol):
    """name -> thunk, on arguments of one dtype (and device)."""
    n = lambda *s: torch.randn(*s, device=a.device).to(a.dtype)  # noqa: E731
    return {
        "linear": lambda: F.linear(a, b), "matmul": lambda: a @ b, "mm": lambda: torch.mm(a, b),
        "bmm": lambda: torch.bmm(a[None], b[None]), "addmm": lambda: torch.addmm(a, a, b),
        "baddbmm": lambda: torch.baddbmm(a[None], a[None], b[None]), "mv": lambda: torch.mv(a, a[0]),
        "addmv": lambda: torch.addmv(a[0], a, a[0]), "addr": lambda: torch.addr(a, a[0], a[0]),
        "dot": lambda: torch.dot(a[0], a[1]), "vecdot": lambda: torch.linalg.vecdot(a, b),
        "tensordot": lambda: torch.tensordot(a, b, 1), "inner": lambda: torch.inner(a, b),
        "multi_dot": lambda: torch.linalg.multi_dot([a, b]), "outer": lambda: torch.outer(a[0], a[1]),
        "kron": lambda: torch.kron(a, b), "cov": lambda: torch.cov(a),
        "matrix_power 2": lambda: torch.linalg.matrix_power(a, 2),
        "matrix_power 1": lambda: torch.linalg.matrix_power(a, 1),
        "einsum ij,jk->ik": lambda: torch.einsum("ij,jk->ik", a, b),
        "einsum ij,ij->ij": lambda: torch.einsum("ij,ij->ij", a, b),
        "einsum ij->i": lambda: torch.einsum("ij->i", a),
        "einsum ij,jk,l->ikl": lambda: torch.einsum("ij,jk,l->ikl", a, b, a[0]),
        "conv2d": lambda: F.conv2d(img, n(3, 2, 3, 3)),
        "conv_transpose2d": lambda: F.conv_transpose2d(img, n(2, 3, 3, 3)),
        "conv1d": lambda: F.conv1d(a[None], n(2, 3, 2)), "prelu": lambda: F.prelu(a, n(1)),
        "sdpa": lambda: F.scaled_dot_product_attention(a[None], a[None], a[None]),
        "affine_grid": lambda: F.affine_grid(n(1, 2, 3), (1, 1, 2, 2), align_corners=False),
        "bilinear": lambda: F.bilinear(a, b, n(2, 3, 3)),
        "exp": lambda: a.exp(), "softmax": lambda: a.softmax(-1), "log_softmax": lambda: a.log_softmax(-1),
        "layer_norm": lambda: F.layer_norm(a, (3,)), "group_norm": lambda: F.group_norm(img, 1),
        "rms_norm": lambda: F.rms_norm(a, (3,)), "sum": lambda: a.sum(), "cumsum": lambda: a.cumsum(0),
        "prod": lambda: a.prod(), "norm": lambda: a.norm(), "std": lambda: a.std(),
        "interpolate bilinear": lambda: F.interpolate(img, scale_factor=2, mode="bilinear"),
        "interpolate area": lambda: F.interpolate(img, size=2, mode="area"),
        "avg_pool2d": lambda: F.avg_pool2d(img, 2), "avg_pool3d": lambda: F.avg_pool3d(vol, 2),
        "max_pool3d": lambda: F.max_pool3d(vol, 2), "adaptive_avg_pool3d": lambda: F.adaptive_avg_pool3d(vol, 2),
        "grid_sample": lambda: F.grid_sample(img, n(1, 2, 2, 2) * 0, align_corners=False),
        "pad reflect 4d": lambda: F.pad(img, (1, 1, 1, 1), mode="reflect"),
        "pad reflect 5d": lambda: F.pad(vol, (1,) * 6, mode="reflect"),
        "pad replicate 5d": lambda: F.pad(vol, (1,) * 6, mode="replicate"),
        "pad circular": lambda: F.pad(img, (1, 1, 1, 1), mode="circular"),
        "local_response_norm 3d": lambda: F.local_response_norm(img[0], 2),
        "local_response_norm 4d": lambda: F.local_response_norm(img, 2),
        "mse_loss": lambda: F.mse_loss(a, b), "l1_loss": lambda: F.l1_loss(a, b),
        "cross_entropy": lambda: F.cross_entropy(a, torch.tensor([0, 1, 2])),
        "nll_loss": lambda: F.nll_loss(a, torch.tensor([0, 1, 2])), "kl_div": lambda: F.kl_div(a, b),
        "binary_cross_entropy_with_logits": lambda: F.binary_cross_entropy_with_logits(a, b.sigmoid()),
        "gaussian_nll_loss": lambda: F.gaussian_nll_loss(a, b, a.abs() + 1),
        "cdist": lambda: torch.cdist(a, b), "pdist": lambda: F.pdist(a), "trace": lambda: a.trace(),
        "quantile": lambda: torch.quantile(a, 0.5), "fft_rfft": lambda: torch.fft.rfft(a).real,
        "fft_fftshift": lambda: torch.fft.fftshift(a), "inverse": lambda: torch.linalg.inv(a),
        "matrix_exp": lambda: torch.linalg.matrix_exp(a), "svd": lambda: torch.linalg.svdvals(a),
        "cat": lambda: torch.cat([a, b]), "stack": lambda: torch.stack([a, b]),
        "index_copy": lambda: torch.zeros(3, 3).to(a.dtype).index_copy(0, torch.tensor([0]), a[:1]),
        "atan2": lambda: torch.atan2(a, b), "addcmul": lambda: torch.addcmul(a, a, b),
        "cosine_similarity": lambda: F.cosine_similarity(a, b), "normalize": lambda: F.normalize(a),
        "lstm": lambda: torch.nn.LSTM(3, 2).to(a.dtype)(a[None])[0],
        "mha": lambda: torch.nn.MultiheadAttention(4, 2).to(a.dtype)(n(2, 1, 4), n(2, 1, 4), n(2, 1, 4))[0],
    }


@contextlib.contextmanager
def region(device, dtype):
    """An autocast region; on "cuda", over fake CUDA tensors."""
    if device == "cpu":
        with torch.autocast("cpu", dtype=dtype):
            yield
        return
    with FakeTensorMode(allow_non_fake_inputs=True):
        torch.set_autocast_enabled("cuda", True)
        torch.set_autocast_dtype("cuda", dtype)
        try:
            yield
        finally:
            torch.set_autocast_enabled("cuda", False)


def measure(device, low, table):
    """{name: [result dtype from float32 arguments, from `low` ones]}."""
    rows = {}
    for src in (torch.float32, low):
        with torch.no_grad(), region(device, low):
            r = lambda *s: torch.randn(*s, device=device).to(src)  # noqa: E731
            a, b, img, vol = r(3, 3), r(3, 3), r(1, 2, 4, 4), r(1, 1, 4, 4, 4)
            for name, f in table(a, b, img, vol).items():
                try:
                    out = f()
                    rows.setdefault(name, []).append(str(out.dtype).replace("torch.", ""))
                except Exception as e:  # noqa: BLE001 - PyTorch refuses it: printed as such
                    rows.setdefault(name, []).append(f"error ({type(e).__name__})")
    return rows


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--device", choices=["cpu", "cuda"], default="cpu")
    ap.add_argument("--dtype", choices=["bfloat16", "float16"], default="bfloat16")
    args = ap.parse_args()
    low = getattr(torch, args.dtype)
    torch.manual_seed(0)
    rows = measure(args.device, low, ops)
    print(f"{'op':36s} float32 in -> | {low} in ->".replace("torch.", ""))
    for name, (from32, fromlow) in rows.items():
        print(f"{name:36s} {from32:16s} | {fromlow}")


if __name__ == "__main__":
    main()
