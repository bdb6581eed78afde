import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_q_: torch.Tensor, L_f_: torch.Tensor):
        q = L_q_
        f = L_f_
        freqs = torch.polar(torch.ones_like(f), f)
        qc = torch.view_as_complex(q.float().reshape(*q.shape[:-1], -1, 2))
        fc = freqs[:5].view(1, 5, 1, 4)
        out = torch.view_as_real(qc * fc).flatten(3)
        return (out.type_as(q), torch.view_as_real(freqs))
