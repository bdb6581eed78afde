import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return tuple(torch.split(x, [1, 3], dim=-1))
