import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (x == 0.1, x >= 0.3, x < 0.7, x != 1.1)
