#!/usr/bin/env python3
"""torch.compile(model, backend="gn") with changing shapes, against eager
PyTorch: a few models, each called at several input sizes, the default way
(TorchDynamo compiles the first size as it is, recompiles once with shape
symbols when a size changes) and with dynamic=True. gn compiles a graph with
shape symbols once (gn.torch_backend: one program for all shapes, CPU) and
that program runs every later size. Models whose sizes follow their values
(nonzero, masks) run with capture_dynamic_output_shape_ops, inside one graph:
a program per count met. Prints, per model and mode, the graphs
gn compiled, the sizes run and the worst tightest t against eager; exits 1
when any output misses --t or a call fails. Run with the PyTorch venv and
gn's Python module:

    PYTHONPATH=build/python scripts/torch-env.sh python conformance/check_torch_dynamic.py [--t -5]
"""
import argparse
import os
import sys

import torch

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from conformance import flatten, tightest_t  # noqa: E402

import gn.torch_backend  # noqa: E402  (registers "gn")
from gn.torch_backend import gn_backend  # noqa: E402


class Tokens(torch.nn.Module):
    """Sizes computed from the input's (view(b * t, ...)), a slice to -1."""

    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(8, 4)

    def forward(self, x):
        b, t, _ = x.shape
        y = self.l(x).view(b * t, 4)
        return torch.softmax(y, -1).view(b, t, 4)[:, :-1]


class ConvNet(torch.nn.Module):
    """Convolutions, batch norm (its eps a module attribute), pooling."""

    def __init__(self):
        super().__init__()
        self.c1 = torch.nn.Conv2d(3, 16, 3, padding=1)
        self.bn = torch.nn.BatchNorm2d(16)
        self.c2 = torch.nn.Conv2d(16, 32, 3, stride=2, padding=1)
        self.fc = torch.nn.Linear(32, 10)

    def forward(self, x):
        x = torch.relu(self.bn(self.c1(x)))
        x = torch.nn.functional.max_pool2d(x, 2)
        x = torch.nn.functional.gelu(self.c2(x))
        x = torch.nn.functional.adaptive_avg_pool2d(x, 1).flatten(1)
        return torch.softmax(self.fc(x), -1)


class Attention(torch.nn.Module):
    """A transformer block over a changing sequence: heads, attention,
    layer norm, an MLP."""

    def __init__(self, d=32, heads=4):
        super().__init__()
        self.heads = heads
        self.qkv = torch.nn.Linear(d, 3 * d)
        self.out = torch.nn.Linear(d, d)
        self.norm = torch.nn.LayerNorm(d)
        self.mlp = torch.nn.Sequential(torch.nn.Linear(d, 4 * d), torch.nn.GELU(),
                                       torch.nn.Linear(4 * d, d))

    def forward(self, x):
        b, s, d = x.shape
        q, k, v = self.qkv(self.norm(x)).chunk(3, dim=-1)
        split = lambda t: t.view(b, s, self.heads, d // self.heads).transpose(1, 2)
        a = torch.nn.functional.scaled_dot_product_attention(split(q), split(k), split(v))
        x = x + self.out(a.transpose(1, 2).reshape(b, s, d))
        return x + self.mlp(self.norm(x))


class Sampled(torch.nn.Module):
    """grid_sample, which gn keeps at the compile example's sizes (a guard
    pins its dims): the sizes the guard refuses get a program each."""

    def forward(self, x):
        grid = x[:, :2].permute(0, 2, 3, 1).tanh()
        return torch.nn.functional.grid_sample(x, grid, align_corners=False) * 2


class Countdown(torch.nn.Module):
    """arange down from a size, which gn's symbolic import does not take
    (a negative step): a program per size, compiled by gn, not eager."""

    def forward(self, x):
        return torch.arange(x.shape[0], 0, -1) * x.sum(1)


class Written(torch.nn.Module):
    """Writes its input in place (through a view, and inplace=True): the
    caller's tensor must hold the writes after each call, at every size."""

    def forward(self, x):
        x[:, 1].zero_()
        torch.nn.functional.relu(x, inplace=True)
        return x.sum(1)


class MaskedRows(torch.nn.Module):
    """Rows picked by a mask of their values, through a linear layer, and
    where they are (nonzero): sizes each call's values give, inside one
    graph (capture_dynamic_output_shape_ops): a program per count met."""

    DATA_DEPENDENT = True

    def __init__(self):
        super().__init__()
        self.l = torch.nn.Linear(5, 3)

    def forward(self, x):
        keep = x.abs().sum(-1) > 4
        return self.l(x[keep]), keep.nonzero(), torch.masked_select(x, x > 1).sum()


class MaskedWhere(torch.nn.Module):
    """A mask's count read as a number (nonzero().shape[0]) and an argwhere,
    next to a mask written in place (not data-dependent)."""

    DATA_DEPENDENT = True

    def forward(self, x):
        y = x.clone()
        y[y < 0] = 0
        at = torch.argwhere(x > 0.5)
        return y * at.shape[0], at


CASES = [
    ("tokens", Tokens, [(2, 5, 8), (3, 7, 8), (4, 9, 8), (6, 2, 8)]),
    ("convnet", ConvNet, [(2, 3, 32, 32), (3, 3, 48, 48), (4, 3, 64, 40), (2, 3, 20, 28)]),
    ("attention", Attention, [(2, 16, 32), (2, 24, 32), (3, 40, 32), (5, 7, 32)]),
    ("pinned by a guard", Sampled, [(1, 3, 4, 4), (1, 3, 6, 6), (2, 3, 8, 8), (1, 3, 6, 6)]),
    ("no one program", Countdown, [(3, 4), (5, 4), (3, 4), (7, 2)]),
    ("written in place", Written, [(3, 6), (5, 6), (8, 4), (2, 9)]),
    # Two programs kept (gn.torch_backend.MAX_PROGRAMS_AT_SIZES): sizes met
    # again after two others compile again, and still give eager's values.
    ("no one program, 2 kept", Countdown, [(3, 4), (5, 4), (7, 2), (3, 4), (5, 4)], 2),
    # Random values each call: the counts change from call to call.
    ("data-dependent sizes", MaskedRows, [(6, 5)] * 5 + [(9, 5)] * 3),
    ("a count read as a number", MaskedWhere, [(4, 6)] * 5 + [(3, 2)] * 2),
]


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawTextHelpFormatter)
    ap.add_argument("--t", type=int, default=-5)
    args = ap.parse_args()
    torch.set_num_threads(2)
    ok = True
    for name, make, shapes, *kept in CASES:
        gn.torch_backend.MAX_PROGRAMS_AT_SIZES = kept[0] if kept else 16
        for mode in ("default", "dynamic=True"):
            torch.manual_seed(0)
            model = make().eval()
            torch._dynamo.reset()
            torch._dynamo.config.capture_dynamic_output_shape_ops = getattr(
                make, "DATA_DEPENDENT", False)
            compiled = torch.compile(model, backend="gn",
                                     **({"dynamic": True} if mode != "default" else {}))
            before = gn_backend.graphs_compiled
            worst, error = -10, ""
            with torch.no_grad():
                for shape in shapes:
                    x = torch.randn(*shape)
                    mine, theirs = x.clone(), x.clone()
                    try:
                        got = flatten(compiled(mine))
                    except Exception as e:  # noqa: BLE001 - reported, counted
                        error = f"{shape}: {type(e).__name__}: {str(e).splitlines()[-1][:200]}"
                        break
                    want = flatten(model(theirs))
                    # The input afterwards too (what the model wrote in place).
                    worst = max([worst] + [tightest_t(g.contiguous(), w)
                                           for g, w in zip(got + [mine], want + [theirs])])
            graphs = gn_backend.graphs_compiled - before
            good = not error and worst <= args.t
            ok &= good
            print(f"{'pass' if good else 'FAIL'} {name} ({mode}): {len(shapes)} sizes, "
                  f"{graphs} graphs compiled by gn, worst t = {worst}"
                  + (f"; {error}" if error else ""), flush=True)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
