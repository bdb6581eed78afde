import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.amax(x, -1), torch.max(x, dim=-1)[0], x.sum(-1))
