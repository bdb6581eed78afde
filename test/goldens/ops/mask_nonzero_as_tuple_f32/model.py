import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        a, b, c = torch.nonzero(x > 0, as_tuple=True)
        return (a, b, c)
