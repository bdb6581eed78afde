import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.nn.functional.max_pool2d(x, (7, 5), (3, 2), (3, 1), (1, 2), ceil_mode=True),)
