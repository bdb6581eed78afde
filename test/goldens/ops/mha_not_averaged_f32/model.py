import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_q_: torch.Tensor, L_k_: torch.Tensor, L_v_: torch.Tensor, L_w_in_: torch.Tensor, L_b_in_: torch.Tensor, L_w_out_: torch.Tensor, L_b_out_: torch.Tensor):
        q = L_q_
        k = L_k_
        v = L_v_
        w_in = L_w_in_
        b_in = L_b_in_
        w_out = L_w_out_
        b_out = L_b_out_
        r = torch.nn.functional.multi_head_attention_forward(q, k, v, 8, 2, w_in, b_in, None, None, False, 0.0, w_out, b_out, training=False, need_weights=True, average_attn_weights=False)
        return (r[0], r[1])
