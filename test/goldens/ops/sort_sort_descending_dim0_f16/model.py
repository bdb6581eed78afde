import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        v, i = x.sort(dim=0, descending=True)
        return (v, i)
