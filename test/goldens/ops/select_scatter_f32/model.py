import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_s_: torch.Tensor):
        x = L_x_
        s = L_s_
        return (torch.select_scatter(x, s, 1, -1),)
