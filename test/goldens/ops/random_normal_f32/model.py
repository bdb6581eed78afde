import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_m_: torch.Tensor, L_s_: torch.Tensor):
        m = L_m_
        s = L_s_
        return (torch.normal(m, s), torch.normal(2.0, 0.0, (2, 3)), torch.normal(m, 0.0))
