import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (x.view(x.shape[0] * x.shape[1], x.shape[2]),)
