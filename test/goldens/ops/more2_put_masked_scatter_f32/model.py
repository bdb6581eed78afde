import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_i_: torch.Tensor, L_s_: torch.Tensor, L_m_: torch.Tensor, L_src_: torch.Tensor):
        x = L_x_
        i = L_i_
        s = L_s_
        m = L_m_
        src = L_src_
        return (torch.put(x, i, s), x.put(i, s, accumulate=True), torch.masked_scatter(x, m, src), x.masked_scatter(m[0], src))
