import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        r = torch.nn.functional.max_pool2d_with_indices(x, 3, 1, 1)
        return tuple(r) if isinstance(r, tuple) else (r,)
