import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.nn.functional.lp_pool2d(x, 1.5, (2, 3), stride=(2, 2), ceil_mode=True),)
