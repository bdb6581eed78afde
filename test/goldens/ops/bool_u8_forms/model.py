import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_b_: torch.Tensor, L_u_: torch.Tensor):
        b = L_b_
        u = L_u_
        return (torch.clamp(b, 0, 1), b.clamp_min(0), b ** 2, torch.square(b), u.any(1), torch.all(u, 0), torch.atan2(b, b))
