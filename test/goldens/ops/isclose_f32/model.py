import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_b_: torch.Tensor):
        a = L_a_
        b = L_b_
        return (torch.isclose(a, b), torch.isclose(a, b, equal_nan=True), a.isclose(b, rtol=0.2, atol=0.0))
