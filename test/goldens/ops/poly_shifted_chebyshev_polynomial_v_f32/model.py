import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_e_: torch.Tensor):
        x = L_x_
        e = L_e_
        return (torch.special.shifted_chebyshev_polynomial_v(x, 0), torch.special.shifted_chebyshev_polynomial_v(x, 1), torch.special.shifted_chebyshev_polynomial_v(x, 3), torch.special.shifted_chebyshev_polynomial_v(x, 6), torch.special.shifted_chebyshev_polynomial_v(x, 7), torch.special.shifted_chebyshev_polynomial_v(x, 12), torch.special.shifted_chebyshev_polynomial_v(e, 5), torch.special.shifted_chebyshev_polynomial_v(e, 10), torch.special.shifted_chebyshev_polynomial_v(x, -1), torch.special.shifted_chebyshev_polynomial_v(x * 3, 4), torch.special.shifted_chebyshev_polynomial_v(x.double(), 9))
