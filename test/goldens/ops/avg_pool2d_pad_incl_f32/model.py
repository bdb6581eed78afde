import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.nn.functional.avg_pool2d(x, 3, 2, 1),)
