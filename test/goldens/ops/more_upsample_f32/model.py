import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.nn.functional.upsample_bilinear(x, scale_factor=2), torch.nn.functional.upsample_bilinear(x, size=(5, 7)), torch.nn.functional.upsample_nearest(x, scale_factor=2))
