import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        v, k = torch.mode(x, 1)
        w, j = torch.mode(x, 0)
        return (v, k, w, j)
