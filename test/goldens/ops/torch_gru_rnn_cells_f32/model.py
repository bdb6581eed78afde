import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_h_: torch.Tensor, L_m_wi_: torch.Tensor, L_m_wh_: torch.Tensor, L_m_bi_: torch.Tensor, L_m_bh_: torch.Tensor, L_t_wi_: torch.Tensor, L_t_wh_: torch.Tensor, L_t_bi_: torch.Tensor, L_t_bh_: torch.Tensor):
        x = L_x_
        h = L_h_
        m_wi = L_m_wi_
        m_wh = L_m_wh_
        m_bi = L_m_bi_
        m_bh = L_m_bh_
        t_wi = L_t_wi_
        t_wh = L_t_wh_
        t_bi = L_t_bi_
        t_bh = L_t_bh_
        a = torch.gru_cell(x, h, m_wi, m_wh, m_bi, m_bh)
        b = torch.rnn_tanh_cell(x, h, t_wi, t_wh, t_bi, t_bh)
        c = torch.rnn_relu_cell(x[:1], h[:1], t_wi, t_wh)
        return (a, b, c)
