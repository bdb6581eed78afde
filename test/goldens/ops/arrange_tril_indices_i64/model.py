import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.tril_indices(4, 3) + x, torch.tril_indices(3, 5, 1) + x)
