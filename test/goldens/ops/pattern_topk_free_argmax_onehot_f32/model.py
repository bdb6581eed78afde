import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.nn.functional.one_hot(x.argmax(-1), 6).float() * x,)
