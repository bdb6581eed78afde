import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_b_: torch.Tensor):
        a = L_a_
        b = L_b_
        return (a // b, torch.div(a, b, rounding_mode='floor'), a // 0.1, torch.floor_divide(a, -0.3))
