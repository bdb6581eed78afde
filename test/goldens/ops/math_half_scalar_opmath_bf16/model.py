import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_y_: torch.Tensor):
        x = L_x_
        y = L_y_
        return (x * 1e+39, 1e+39 * x, x * 0.1, x / 1e-5, x - 0.1, x + 0.3, 0.3 + x, x.add(y, alpha=0.3), x.sub(y, alpha=1.7), 2.5 / x, x * torch.tensor(0.1), x.mul(torch.tensor(1e5, dtype=torch.float64)))
