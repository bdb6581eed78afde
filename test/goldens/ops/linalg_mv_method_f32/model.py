import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_m_: torch.Tensor, L_v_: torch.Tensor):
        m = L_m_
        v = L_v_
        return (m.mv(v),)
