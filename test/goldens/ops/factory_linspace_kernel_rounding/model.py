import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.linspace(-1, 1, 7), torch.linspace(-3.3, 7.7, 13), torch.linspace(0, 10, 100), torch.linspace(-1, 1, 7, dtype=torch.float64), torch.linspace(-3.3, 7.7, 13, dtype=torch.float16), torch.linspace(-3.3, 7.7, 13, dtype=torch.bfloat16))
