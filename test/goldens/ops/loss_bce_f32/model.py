import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_y_: torch.Tensor, L_w_: torch.Tensor):
        x = L_x_
        y = L_y_
        w = L_w_
        return (torch.nn.functional.binary_cross_entropy(x, y), torch.nn.functional.binary_cross_entropy(x, y, w, reduction='sum'))
