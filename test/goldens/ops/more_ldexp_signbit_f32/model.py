import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_e_: torch.Tensor, L_z_: torch.Tensor):
        x = L_x_
        e = L_e_
        z = L_z_
        return (torch.ldexp(x, e), torch.signbit(z), torch.signbit(e))
