import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_w_in_: torch.Tensor, L_b_in_: torch.Tensor, L_w_out_: torch.Tensor, L_b_out_: torch.Tensor, L_m_: torch.Tensor):
        x = L_x_
        w_in = L_w_in_
        b_in = L_b_in_
        w_out = L_w_out_
        b_out = L_b_out_
        m = L_m_
        r = torch._native_multi_head_attention(x, x, x, 8, 2, w_in, b_in, w_out, b_out, m, True, True, 1)
        return (r[0], r[1])
