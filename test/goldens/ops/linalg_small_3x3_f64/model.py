import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor):
        a = L_a_
        a = a + torch.eye(3, dtype=torch.float64) * 2.0
        return (torch.inverse(a), torch.det(a))
