import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_e_: torch.Tensor):
        x = L_x_
        e = L_e_
        return (torch.special.modified_bessel_k1(x.abs() * 2), torch.special.modified_bessel_k1(e), torch.special.modified_bessel_k1(e.double()))
