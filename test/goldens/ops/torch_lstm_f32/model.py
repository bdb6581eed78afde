import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_h0_: torch.Tensor, L_c0_: torch.Tensor, L_l0_wi_: torch.Tensor, L_l0_wh_: torch.Tensor, L_l0_bi_: torch.Tensor, L_l0_bh_: torch.Tensor):
        x = L_x_
        h0 = L_h0_
        c0 = L_c0_
        l0_wi = L_l0_wi_
        l0_wh = L_l0_wh_
        l0_bi = L_l0_bi_
        l0_bh = L_l0_bh_
        out, hn, cn = torch.lstm(x, (h0, c0), [l0_wi, l0_wh, l0_bi, l0_bh], True, 1, 0.0, False, False, False)
        return (out, hn, cn)
