#!/usr/bin/env python3
"""torch.compile(backend="gn") and graphs that draw random numbers: a model
with dropout compiles and matches eager in eval mode; in training mode gn
refuses the graph by name (its random ops would repeat the same draws on
every call), and nothing falls back to eager in silence.

    PYTHONPATH=build/python scripts/torch-env.sh python conformance/check_torch_random.py

Exits non-zero when either half does not hold.
"""
import sys

import torch

import gn.torch_backend  # noqa: F401  (registers the backend)


class Model(torch.nn.Module):
    def __init__(self):
        super().__init__()
        self.linear = torch.nn.Linear(4, 4)
        self.dropout = torch.nn.Dropout(0.5)

    def forward(self, x):
        return self.dropout(self.linear(x))


def main():
    model, x = Model(), torch.randn(2, 4)
    model.eval()
    ok_eval = torch.allclose(torch.compile(model, backend="gn")(x), model(x), atol=1e-5)
    print(f"eval: compiled = eager: {ok_eval}")
    torch._dynamo.reset()
    model.train()
    try:
        with torch.no_grad():
            torch.compile(model, backend="gn")(x)
        refused = False
    except Exception as e:  # torch.compile wraps the backend's RuntimeError
        refused = "draws random numbers" in str(e)
        print("train: refused:", " ".join(str(e).split())[:240])
    if not refused:
        print("train: not refused")
    return 0 if ok_eval and refused else 1


if __name__ == "__main__":
    sys.exit(main())
