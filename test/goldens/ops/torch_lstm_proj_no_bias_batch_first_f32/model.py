import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_h0_: torch.Tensor, L_c0_: torch.Tensor, L_p_wi_: torch.Tensor, L_p_wh_: torch.Tensor, L_p_wr_: torch.Tensor):
        x = L_x_
        h0 = L_h0_
        c0 = L_c0_
        p_wi = L_p_wi_
        p_wh = L_p_wh_
        p_wr = L_p_wr_
        out, hn, cn = torch.lstm(x, (h0, c0), [p_wi, p_wh, p_wr], False, 1, 0.0, False, False, True)
        return (out, hn, cn)
