import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.histc(x, bins=6, min=-2, max=2), torch.histc(x, 5), x.histc(bins=4, min=-1, max=1))
