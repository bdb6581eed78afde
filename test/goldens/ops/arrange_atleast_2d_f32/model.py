import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_v_: torch.Tensor):
        v = L_v_
        return (torch.atleast_2d(v),)
