import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.quantile(x, 0.25, dim=1), torch.nanquantile(x, 0.25, dim=1), torch.quantile(x, 0.5, dim=1, interpolation='midpoint'), torch.quantile(x, 0.9, dim=1))
