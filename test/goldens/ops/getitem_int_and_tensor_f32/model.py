import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_j_: torch.Tensor):
        x = L_x_
        j = L_j_
        return (x[:, 2, j],)
