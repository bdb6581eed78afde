import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        x = x.clone()
        x[..., -1] = 0.1
        return (x,)
