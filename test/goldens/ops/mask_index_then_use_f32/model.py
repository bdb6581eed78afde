import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        v = x[x > 0]
        return (v * 2.0).sum() + v.numel()
