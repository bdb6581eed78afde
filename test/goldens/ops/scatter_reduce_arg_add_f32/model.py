import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_i_: torch.Tensor, L_s_: torch.Tensor):
        x = L_x_
        i = L_i_
        s = L_s_
        return (torch.scatter(x, 1, i, s, reduce='add'),)
