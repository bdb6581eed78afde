import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_b_: torch.Tensor, L_c_: torch.Tensor):
        a = L_a_
        b = L_b_
        c = L_c_
        return (torch.cartesian_prod(a, b, c), torch.cartesian_prod(a, b), torch.cartesian_prod(a))
