import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_b_: torch.Tensor, L_v_: torch.Tensor):
        a = L_a_
        b = L_b_
        v = L_v_
        a = a + torch.eye(a.shape[-1]) * 2.0
        s, l = torch.linalg.slogdet(a)
        return (torch.det(a), torch.linalg.det(a), torch.inverse(a), torch.linalg.inv(a), s, l, torch.linalg.solve(a, b), torch.linalg.solve(a, v), a.inverse(), torch.logdet(a @ a.transpose(-1, -2) + torch.eye(a.shape[-1]) * 3.0))
