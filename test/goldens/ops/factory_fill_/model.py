import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        t = x.clone()
        t.fill_(-2.0)
        return (t,)
