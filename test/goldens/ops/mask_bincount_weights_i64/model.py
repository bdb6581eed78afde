import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_i_: torch.Tensor, L_w_: torch.Tensor):
        i = L_i_
        w = L_w_
        return (torch.bincount(i, weights=w),)
