import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor, L_q_: torch.Tensor, L_se_: torch.Tensor, L_qe_: torch.Tensor):
        s = L_s_
        q = L_q_
        se = L_se_
        qe = L_qe_
        return (torch.special.zeta(s, q), torch.special.zeta(se, qe), torch.special.zeta(s, 2.0), torch.special.zeta(3.0, q), torch.special.zeta(se.double(), qe.double()), torch.special.zeta(s.double(), q[0].double()))
