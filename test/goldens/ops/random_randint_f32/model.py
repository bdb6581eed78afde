import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        a = torch.randint(5, 8, (4, 6))
        b = torch.randint(1, (3,), dtype=torch.int32)
        c = torch.randint_like(x, 3, 4)
        d = torch.randint_like(x, 10)
        return ((a >= 5) & (a < 8), b, c, (d >= 0) & (d < 10))
