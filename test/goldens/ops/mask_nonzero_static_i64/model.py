import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.nonzero_static(x, size=3), torch.nonzero_static(x.flatten(), size=30))
