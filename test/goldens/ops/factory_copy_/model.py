import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        t = torch.zeros(4, 4)
        t.copy_(x)
        return (t,)
