import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_b_: torch.Tensor, L_m_: torch.Tensor, L_v_: torch.Tensor):
        b = L_b_
        m = L_m_
        v = L_v_
        return (torch.addmv(b, m, v, beta=0.5, alpha=2.0),)
