import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_r_: torch.Tensor):
        x = L_x_
        r = L_r_
        return (x.repeat_interleave(r, dim=0), x.repeat_interleave(r, dim=0).sum())
