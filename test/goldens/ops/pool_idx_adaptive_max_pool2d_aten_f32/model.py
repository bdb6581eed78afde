import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        r = torch._C._nn.adaptive_max_pool2d(x, [2, 3])
        return tuple(r) if isinstance(r, tuple) else (r,)
