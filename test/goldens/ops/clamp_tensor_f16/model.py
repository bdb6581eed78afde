import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_lo_: torch.Tensor, L_hi_: torch.Tensor):
        x = L_x_
        lo = L_lo_
        hi = L_hi_
        return (torch.clamp(x, lo, hi),)
