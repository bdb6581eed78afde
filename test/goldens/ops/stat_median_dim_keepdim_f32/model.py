import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        v, i = x.median(0, keepdim=True)
        return (v, i)
