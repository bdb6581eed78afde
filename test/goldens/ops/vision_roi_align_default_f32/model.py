import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_r_: torch.Tensor):
        x = L_x_
        r = L_r_
        return (torch.ops.torchvision.roi_align.default(x, r, 1.0, 2, 2, 0, True),)
