import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_v_: torch.Tensor, L_g_: torch.Tensor):
        v = L_v_
        g = L_g_
        return (torch._weight_norm(v, g, 0),)
