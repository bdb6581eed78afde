import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_v_: torch.Tensor, L_s_: torch.Tensor, L_c_: torch.Tensor):
        a = L_a_
        v = L_v_
        s = L_s_
        c = L_c_
        return (torch.block_diag(a, v, s, c),)
