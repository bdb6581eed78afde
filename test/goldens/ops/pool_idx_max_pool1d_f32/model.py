import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        r = torch.nn.functional.max_pool1d(x, 3, 2, return_indices=True)
        return tuple(r) if isinstance(r, tuple) else (r,)
