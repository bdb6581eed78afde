import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_m_: torch.Tensor):
        x = L_x_
        m = L_m_
        return (torch.masked_select(x, m),)
