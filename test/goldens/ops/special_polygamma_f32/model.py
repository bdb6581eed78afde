import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.polygamma(1, x), torch.polygamma(2, x), torch.special.polygamma(3, x), x.polygamma(0), x.polygamma(4))
