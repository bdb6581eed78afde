import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_c_: torch.Tensor, L_x_: torch.Tensor):
        c = L_c_
        x = L_x_
        return (torch.where(c, x, 0),)
