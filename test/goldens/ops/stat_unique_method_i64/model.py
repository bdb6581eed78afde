import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        v, c = x.unique(sorted=True, return_counts=True)
        return (v, c)
