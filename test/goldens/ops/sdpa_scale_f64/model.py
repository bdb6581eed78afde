import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_q_: torch.Tensor, L_k_: torch.Tensor, L_v_: torch.Tensor):
        q = L_q_
        k = L_k_
        v = L_v_
        return (torch.nn.functional.scaled_dot_product_attention(q, k, v, scale=0.5),)
