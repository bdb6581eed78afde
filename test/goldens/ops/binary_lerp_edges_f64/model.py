import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_y_: torch.Tensor, L_w_: torch.Tensor):
        x = L_x_
        y = L_y_
        w = L_w_
        return (torch.lerp(x, y, w), torch.lerp(x, y, 1.0), torch.lerp(x, y, 0.75))
