import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        m = x.ne(1).int()
        idx = torch.cumsum(m, dim=1).type_as(m) * m
        return (idx.long() + 1,)
