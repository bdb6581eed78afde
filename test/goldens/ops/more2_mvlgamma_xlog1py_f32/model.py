import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_y_: torch.Tensor, L_z_: torch.Tensor):
        x = L_x_
        y = L_y_
        z = L_z_
        return (torch.mvlgamma(x, 3), torch.special.multigammaln(x, 1), torch.special.xlog1py(y, z), torch.isreal(y))
