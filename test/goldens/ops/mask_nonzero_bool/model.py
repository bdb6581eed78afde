import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_m_: torch.Tensor):
        m = L_m_
        return (m.nonzero(),)
