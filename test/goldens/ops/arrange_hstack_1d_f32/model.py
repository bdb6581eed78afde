import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_v_: torch.Tensor, L_w_: torch.Tensor):
        v = L_v_
        w = L_w_
        return (torch.hstack((v, w)),)
