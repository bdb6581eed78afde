import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_e_: torch.Tensor):
        x = L_x_
        e = L_e_
        return (torch.special.legendre_polynomial_p(x, 0), torch.special.legendre_polynomial_p(x, 1), torch.special.legendre_polynomial_p(x, 3), torch.special.legendre_polynomial_p(x, 7), torch.special.legendre_polynomial_p(x, 12), torch.special.legendre_polynomial_p(e, 5), torch.special.legendre_polynomial_p(e, 10), torch.special.legendre_polynomial_p(x, -1), torch.special.legendre_polynomial_p(x * 3, 4))
