import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.nanquantile(x, 0.3, dim=1), torch.nanquantile(x, 0.5, dim=1, keepdim=True, interpolation='lower'), torch.nanquantile(x, torch.tensor([0.25, 0.9]), dim=1, interpolation='midpoint'), torch.quantile(x, 0.5, dim=1), torch.nanquantile(x, 0.6), torch.nanquantile(x, 0.4, dim=1, interpolation='nearest'), torch.nanquantile(x, 0.4, dim=1, interpolation='higher'))
