import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.fmod(x, 0.7), torch.fmod(x, -3.0))
