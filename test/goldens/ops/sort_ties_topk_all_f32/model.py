import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        r = torch.topk(x, 40)
        return (r[0], r[1])
