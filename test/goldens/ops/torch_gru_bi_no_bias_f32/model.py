import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_h0_: torch.Tensor, L_f_wi_: torch.Tensor, L_f_wh_: torch.Tensor, L_r_wi_: torch.Tensor, L_r_wh_: torch.Tensor):
        x = L_x_
        h0 = L_h0_
        f_wi = L_f_wi_
        f_wh = L_f_wh_
        r_wi = L_r_wi_
        r_wh = L_r_wh_
        out, hn = torch.gru(x, h0, [f_wi, f_wh, r_wi, r_wh], False, 1, 0.0, False, True, False)
        return (out, hn)
