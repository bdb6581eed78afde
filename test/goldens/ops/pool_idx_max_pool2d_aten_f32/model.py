import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        r = torch._C._nn.max_pool2d_with_indices(x, [2, 2], [2, 2], [0, 0], [1, 1], False)
        return tuple(r) if isinstance(r, tuple) else (r,)
