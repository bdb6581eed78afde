import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.nn.functional.interpolate(x.view(1, 1, 4, 4), scale_factor=1.5),)
