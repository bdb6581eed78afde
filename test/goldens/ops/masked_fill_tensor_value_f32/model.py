import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_m_: torch.Tensor, L_v_: torch.Tensor):
        x = L_x_
        m = L_m_
        v = L_v_
        return (x.masked_fill(m, v),)
