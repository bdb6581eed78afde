import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.logspace(-2, 2, 5), torch.logspace(0, 3, 4, base=2.0), torch.range(1, 4), torch.range(0, 1, 0.25, dtype=torch.float64))
