import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_e_: torch.Tensor):
        x = L_x_
        e = L_e_
        return (torch.special.laguerre_polynomial_l(x, 0), torch.special.laguerre_polynomial_l(x, 1), torch.special.laguerre_polynomial_l(x, 3), torch.special.laguerre_polynomial_l(x, 7), torch.special.laguerre_polynomial_l(x, 12), torch.special.laguerre_polynomial_l(e, 5), torch.special.laguerre_polynomial_l(e, 10), torch.special.laguerre_polynomial_l(x, -1), torch.special.laguerre_polynomial_l(x * 3, 4))
