import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_p_: torch.Tensor, L_n_: torch.Tensor):
        a = L_a_
        p = L_p_
        n = L_n_
        return (torch.nn.functional.triplet_margin_loss(a, p, n), torch.nn.functional.triplet_margin_loss(a, p, n, margin=0.5, p=1, swap=True, reduction='none'))
