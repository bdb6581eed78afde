import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_c_: torch.Tensor, L_x_: torch.Tensor, L_y_: torch.Tensor):
        c = L_c_
        x = L_x_
        y = L_y_
        return (torch.where(c, x, y),)
