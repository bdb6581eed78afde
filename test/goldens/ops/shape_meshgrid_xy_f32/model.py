import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        a, b = torch.meshgrid(x[0, 0], x[1, :, 0], indexing='xy')
        return (a, b)
