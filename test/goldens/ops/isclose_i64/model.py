import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_b_: torch.Tensor):
        a = L_a_
        b = L_b_
        return (torch.isclose(a, b, atol=1),)
