import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.diagflat(x), torch.diagflat(x, 2), torch.diagflat(x, offset=-1))
