#!/usr/bin/env python3
"""torch.compile(module, backend="gn", fullgraph=True) on torch.nn's own
modules, as a user writes them (not GraphNet's extracted model.py files):
layers, norms, attention and transformer layers (their eval fast paths
included), recurrent layers (TorchDynamo traces them with allow_rnn),
pooling, padding, activations and losses, each against eager PyTorch on the
same inputs under torch.no_grad(), at t (GraphNet's tolerance for float32:
atol = rtol = 10^t). Prints one line per module ("ok", "MISS" with the
largest difference, or "RAISE" with the message) and "N / M match";
exits 1 when any does not. Run with the PyTorch venv and gn's Python module:

    PYTHONPATH=build/python scripts/torch-env.sh python conformance/check_torch_modules.py [--t -5]
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "build",
                                "python"))
import gn.torch_backend  # noqa: E402,F401  (registers "gn")

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conformance import flatten  # noqa: E402

nn = torch.nn


def seq(*modules):
    return nn.Sequential(*modules)


class Losses(nn.Module):
    def forward(self, a, b):
        f = nn.functional
        return (f.mse_loss(a, b), f.l1_loss(a, b, reduction="sum"),
                f.smooth_l1_loss(a, b, beta=0.5), f.huber_loss(a, b, delta=0.3))


def causal(n):
    return nn.Transformer.generate_square_subsequent_mask(n)


def modules():
    """(name, module, args, kwargs): modules built at a fixed seed."""
    r = torch.randn
    x3 = r(2, 5, 16)
    pad = torch.tensor([[False] * 5, [False] * 3 + [True] * 2])
    layer = nn.TransformerEncoderLayer(16, 4, 32, batch_first=True).eval()
    yield "Linear, GELU", seq(nn.Linear(16, 32), nn.GELU(), nn.Linear(32, 8)), (r(4, 16),), {}
    yield "Bilinear", nn.Bilinear(4, 5, 3), (r(2, 4), r(2, 5)), {}
    yield "Conv1d, ReLU", seq(nn.Conv1d(4, 8, 3, padding=1), nn.ReLU()), (r(2, 4, 20),), {}
    yield "Conv2d, BatchNorm2d, ReLU(inplace) (eval)", seq(
        nn.Conv2d(3, 8, 3), nn.BatchNorm2d(8), nn.ReLU(inplace=True)).eval(), (r(2, 3, 8, 8),), {}
    yield "Conv3d, SiLU", seq(nn.Conv3d(2, 4, 3), nn.SiLU()), (r(1, 2, 6, 6, 6),), {}
    yield "ConvTranspose1d", nn.ConvTranspose1d(4, 2, 4, stride=2), (r(1, 4, 7),), {}
    yield "ConvTranspose2d", nn.ConvTranspose2d(4, 2, 3, stride=2, padding=1, output_padding=1), \
        (r(1, 4, 5, 5),), {}
    yield "GroupNorm", nn.GroupNorm(2, 8), (r(2, 8, 5, 5),), {}
    yield "InstanceNorm2d (affine)", nn.InstanceNorm2d(4, affine=True), (r(2, 4, 6, 6),), {}
    yield "InstanceNorm1d (running stats, eval)", nn.InstanceNorm1d(
        4, track_running_stats=True).eval(), (r(2, 4, 6),), {}
    yield "LayerNorm", nn.LayerNorm([5, 6]), (r(2, 5, 6),), {}
    yield "RMSNorm", nn.RMSNorm(6), (r(2, 5, 6),), {}
    yield "Embedding (padding_idx)", nn.Embedding(10, 4, padding_idx=0), \
        (torch.tensor([[1, 2, 0], [4, 9, 3]]),), {}
    yield "EmbeddingBag (mean)", nn.EmbeddingBag(10, 4, mode="mean"), \
        (torch.tensor([[1, 2, 0], [4, 9, 3]]),), {}
    yield "MultiheadAttention", nn.MultiheadAttention(16, 4, batch_first=True).eval(), \
        (x3, x3, x3), {}
    yield "TransformerEncoderLayer (fast path)", layer, (x3,), {}
    yield "TransformerEncoderLayer, gelu, norm_first", nn.TransformerEncoderLayer(
        16, 4, 32, activation="gelu", norm_first=True, batch_first=True).eval(), (x3,), {}
    yield "TransformerEncoderLayer, key padding mask", layer, (x3,), \
        {"src_key_padding_mask": pad}
    yield "TransformerEncoderLayer, causal mask", layer, (x3,), \
        {"src_mask": causal(5), "is_causal": True}
    yield "TransformerEncoder, 2 layers", nn.TransformerEncoder(
        nn.TransformerEncoderLayer(16, 4, 32, batch_first=True), 2,
        enable_nested_tensor=False).eval(), (x3,), {"src_key_padding_mask": pad}
    yield "TransformerDecoderLayer", nn.TransformerDecoderLayer(
        16, 4, 32, batch_first=True).eval(), (x3, r(2, 6, 16)), {}
    # (With tgt_mask, TorchDynamo cannot trace nn.Transformer in one graph:
    # its causal-mask detection reads the mask's values.)
    yield "Transformer", nn.Transformer(16, 4, 1, 1, 32, batch_first=True).eval(), \
        (x3, r(2, 6, 16)), {}
    yield "LSTM, 2 layers (allow_rnn)", nn.LSTM(8, 16, 2, batch_first=True), (r(2, 5, 8),), {}
    yield "LSTM proj_size, bidirectional (allow_rnn)", nn.LSTM(
        8, 16, 2, batch_first=True, bidirectional=True, proj_size=6), (r(2, 5, 8),), {}
    yield "GRU, bidirectional (allow_rnn)", nn.GRU(8, 16, batch_first=True, bidirectional=True), \
        (r(2, 5, 8),), {}
    yield "RNN relu (allow_rnn)", nn.RNN(8, 16, nonlinearity="relu"), (r(5, 2, 8),), {}
    yield "LSTMCell", nn.LSTMCell(8, 16), (r(2, 8),), {}
    yield "PixelShuffle, PixelUnshuffle", seq(nn.PixelShuffle(2), nn.PixelUnshuffle(2)), \
        (r(1, 8, 3, 3),), {}
    yield "Upsample bilinear", nn.Upsample(scale_factor=2, mode="bilinear"), (r(1, 2, 4, 4),), {}
    yield "Upsample nearest (size)", nn.Upsample(size=(7, 9)), (r(1, 2, 4, 4),), {}
    yield "Upsample bicubic x1.5", nn.Upsample(scale_factor=1.5, mode="bicubic"), \
        (r(1, 2, 4, 4),), {}
    yield "AdaptiveAvgPool2d", nn.AdaptiveAvgPool2d((3, 5)), (r(1, 2, 7, 11),), {}
    yield "AdaptiveMaxPool1d", nn.AdaptiveMaxPool1d(3), (r(1, 2, 10),), {}
    yield "MaxPool2d (ceil_mode)", nn.MaxPool2d(3, 2, ceil_mode=True), (r(1, 2, 8, 8),), {}
    yield "MaxPool2d (return_indices)", nn.MaxPool2d(2, return_indices=True), \
        (r(1, 2, 4, 4),), {}
    yield "AvgPool2d (count_include_pad=False)", nn.AvgPool2d(
        3, 2, padding=1, count_include_pad=False), (r(1, 2, 7, 7),), {}
    yield "LPPool2d", nn.LPPool2d(2, 2), (r(1, 2, 4, 4),), {}
    yield "Unfold, Fold", seq(nn.Unfold(2, stride=2), nn.Fold((4, 4), 2, stride=2)), \
        (r(1, 3, 4, 4),), {}
    yield "Flatten, Unflatten", seq(nn.Flatten(), nn.Unflatten(1, (2, 8))), (r(3, 4, 4),), {}
    yield "ZeroPad2d, ReflectionPad2d, ReplicationPad2d", seq(
        nn.ZeroPad2d(1), nn.ReflectionPad2d(1), nn.ReplicationPad2d((1, 2, 0, 1))), \
        (r(1, 2, 4, 4),), {}
    yield "CircularPad1d", nn.CircularPad1d(2), (r(1, 2, 5),), {}
    yield "ChannelShuffle", nn.ChannelShuffle(2), (r(1, 4, 2, 2),), {}
    yield "Softmax2d, LogSoftmax", seq(nn.Softmax2d(), nn.LogSoftmax(-1)), (r(1, 3, 2, 2),), {}
    yield "PReLU", nn.PReLU(3), (r(2, 3, 4),), {}
    yield "Hardshrink, Softshrink, Mish, Softsign, Tanhshrink", seq(
        nn.Hardshrink(0.3), nn.Softshrink(0.1), nn.Mish(), nn.Softsign(), nn.Tanhshrink()), \
        (r(10),), {}
    yield "CELU, SELU, ELU, Threshold, GLU", seq(
        nn.CELU(0.5), nn.SELU(), nn.ELU(2.0), nn.Threshold(0.1, 20.0), nn.GLU()), (r(3, 8),), {}
    yield "CosineSimilarity", nn.CosineSimilarity(dim=1), (r(3, 8), r(3, 8)), {}
    yield "PairwiseDistance", nn.PairwiseDistance(), (r(3, 8), r(3, 8)), {}
    yield "Dropout (eval), Identity", seq(nn.Linear(4, 4), nn.Dropout(0.5), nn.Identity()).eval(), \
        (r(2, 4),), {}
    yield "CrossEntropyLoss (label_smoothing)", nn.CrossEntropyLoss(label_smoothing=0.1), \
        (r(4, 5), torch.tensor([0, 2, 4, 1])), {}
    yield "MSE, L1, SmoothL1, Huber losses", Losses(), (r(3, 4), r(3, 4)), {}
    yield "KLDivLoss (log_target)", nn.KLDivLoss(reduction="batchmean", log_target=True), \
        (r(3, 5).log_softmax(-1), r(3, 5).log_softmax(-1)), {}
    yield "BCEWithLogitsLoss (pos_weight)", nn.BCEWithLogitsLoss(
        pos_weight=torch.tensor([2.0, 1.0, 0.5])), (r(4, 3), torch.rand(4, 3)), {}
    yield "NLLLoss (ignore_index)", nn.NLLLoss(ignore_index=1), \
        (r(4, 5).log_softmax(-1), torch.tensor([0, 1, 4, 1])), {}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--t", type=int, default=-5)
    args = parser.parse_args()
    tol = 10.0 ** args.t
    torch.manual_seed(0)
    torch._dynamo.config.allow_rnn = True
    matched = total = 0
    for name, module, inputs, kwargs in modules():
        total += 1
        torch._dynamo.reset()
        try:
            with torch.no_grad():
                want = flatten(module(*inputs, **kwargs))
                compiled = torch.compile(module, backend="gn", fullgraph=True)
                got = flatten(compiled(*inputs, **kwargs))
        except Exception as e:  # noqa: BLE001 - reported, and the run goes on
            lines = [line for line in str(e).splitlines() if line.strip()]
            print(f"RAISE {name}: {type(e).__name__}: {' | '.join(lines[:3])[:300]}", flush=True)
            continue
        worst = 0.0
        ok = len(got) == len(want)
        for g, w in zip(got, want):
            ok = ok and g.shape == w.shape and g.dtype == w.dtype
            if ok and g.numel():
                worst = max(worst, (g.double() - w.double()).abs().max().item())
                ok = torch.allclose(g.double(), w.double(), atol=tol, rtol=tol)
        matched += ok
        print(f"{'ok  ' if ok else 'MISS'} {name}" + ("" if ok else f" (max |diff| {worst:.3g})"),
              flush=True)
    print(f"{matched} / {total} match at t = {args.t}")
    return 0 if matched == total else 1


if __name__ == "__main__":
    sys.exit(main())
