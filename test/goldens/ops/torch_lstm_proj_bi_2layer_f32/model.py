import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_h0_: torch.Tensor, L_c0_: torch.Tensor, L_a_wi_: torch.Tensor, L_a_wh_: torch.Tensor, L_a_bi_: torch.Tensor, L_a_bh_: torch.Tensor, L_a_wr_: torch.Tensor, L_b_wi_: torch.Tensor, L_b_wh_: torch.Tensor, L_b_bi_: torch.Tensor, L_b_bh_: torch.Tensor, L_b_wr_: torch.Tensor, L_c_wi_: torch.Tensor, L_c_wh_: torch.Tensor, L_c_bi_: torch.Tensor, L_c_bh_: torch.Tensor, L_c_wr_: torch.Tensor, L_d_wi_: torch.Tensor, L_d_wh_: torch.Tensor, L_d_bi_: torch.Tensor, L_d_bh_: torch.Tensor, L_d_wr_: torch.Tensor):
        x = L_x_
        h0 = L_h0_
        c0 = L_c0_
        a_wi = L_a_wi_
        a_wh = L_a_wh_
        a_bi = L_a_bi_
        a_bh = L_a_bh_
        a_wr = L_a_wr_
        b_wi = L_b_wi_
        b_wh = L_b_wh_
        b_bi = L_b_bi_
        b_bh = L_b_bh_
        b_wr = L_b_wr_
        c_wi = L_c_wi_
        c_wh = L_c_wh_
        c_bi = L_c_bi_
        c_bh = L_c_bh_
        c_wr = L_c_wr_
        d_wi = L_d_wi_
        d_wh = L_d_wh_
        d_bi = L_d_bi_
        d_bh = L_d_bh_
        d_wr = L_d_wr_
        out, hn, cn = torch.lstm(x, (h0, c0), [a_wi, a_wh, a_bi, a_bh, a_wr, b_wi, b_wh, b_bi, b_bh, b_wr, c_wi, c_wh, c_bi, c_bh, c_wr, d_wi, d_wh, d_bi, d_bh, d_wr], True, 2, 0.0, False, True, False)
        return (out, hn, cn)
