import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_s_: torch.Tensor):
        x = L_x_
        s = L_s_
        return (torch.special.spherical_bessel_j0(x), torch.special.spherical_bessel_j0(s), torch.special.spherical_bessel_j0(x.double()))
