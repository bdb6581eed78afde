import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_p_: torch.Tensor):
        p = L_p_
        return (torch.bernoulli(p), torch.bernoulli(p, 0.0), p.bernoulli(), torch.zeros(2, 3).bernoulli_(1.0), torch.zeros(4).bernoulli_(0.0), torch.ones(6).bernoulli_(p))
