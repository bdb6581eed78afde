import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_v_: torch.Tensor):
        a = L_a_
        v = L_v_
        return (torch.vstack([a, v]),)
