import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        a = x.clone()
        a.exponential_(2.0)
        b = x.clone()
        b.log_normal_(0.0, 1e-30)
        c = x.clone()
        c.geometric_(0.5)
        d = x.clone()
        d.random_(3, 4)
        e = x.clone()
        e.cauchy_(2.0, 1e-30)
        g = torch.nn.functional.gumbel_softmax(x, tau=0.5, hard=True)
        return (a >= 0, b, c >= 1, d, e, g.sum(-1), x.new_empty_strided((2, 2), (2, 1)).fill_(3.0))
