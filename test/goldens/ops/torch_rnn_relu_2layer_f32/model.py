import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_h0_: torch.Tensor, L_p_wi_: torch.Tensor, L_p_wh_: torch.Tensor, L_p_bi_: torch.Tensor, L_p_bh_: torch.Tensor, L_q_wi_: torch.Tensor, L_q_wh_: torch.Tensor, L_q_bi_: torch.Tensor, L_q_bh_: torch.Tensor):
        x = L_x_
        h0 = L_h0_
        p_wi = L_p_wi_
        p_wh = L_p_wh_
        p_bi = L_p_bi_
        p_bh = L_p_bh_
        q_wi = L_q_wi_
        q_wh = L_q_wh_
        q_bi = L_q_bi_
        q_bh = L_q_bh_
        out, hn = torch.rnn_relu(x, h0, [p_wi, p_wh, p_bi, p_bh, q_wi, q_wh, q_bi, q_bh], True, 2, 0.0, False, False, False)
        return (out, hn)
