import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        a = x.clone()
        a.uniform_(0.25, 0.25)
        b = x.clone()
        b.normal_(3.0, 0.0)
        c = x.clone()
        c.uniform_()
        return (a, b, (c >= 0) & (c < 1))
