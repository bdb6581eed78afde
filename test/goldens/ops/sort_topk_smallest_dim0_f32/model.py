import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        v, i = x.topk(2, dim=0, largest=False)
        return (v, i)
