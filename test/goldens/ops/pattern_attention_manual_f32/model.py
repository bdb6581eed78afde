import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_q_: torch.Tensor, L_k_: torch.Tensor, L_v_: torch.Tensor):
        q = L_q_
        k = L_k_
        v = L_v_
        a = torch.matmul(q, k.transpose(-1, -2)) / 2.8284271247461903
        p = torch.nn.functional.softmax(a, dim=-1, dtype=torch.float32)
        return (torch.matmul(p, v),)
