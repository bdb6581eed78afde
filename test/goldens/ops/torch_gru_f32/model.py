import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_h0_: torch.Tensor, L_g_wi_: torch.Tensor, L_g_wh_: torch.Tensor, L_g_bi_: torch.Tensor, L_g_bh_: torch.Tensor):
        x = L_x_
        h0 = L_h0_
        g_wi = L_g_wi_
        g_wh = L_g_wh_
        g_bi = L_g_bi_
        g_bh = L_g_bh_
        out, hn = torch.gru(x, h0, [g_wi, g_wh, g_bi, g_bh], True, 1, 0.0, False, False, False)
        return (out, hn)
