import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_m_: torch.Tensor):
        x = L_x_
        m = L_m_
        mf = m.unsqueeze(-1).float()
        return ((x * mf).sum(1) / mf.sum(1).clamp(min=1e-09),)
