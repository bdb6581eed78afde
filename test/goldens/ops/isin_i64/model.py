import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_t_: torch.Tensor):
        a = L_a_
        t = L_t_
        return (torch.isin(a, t), torch.isin(a, t, invert=True))
