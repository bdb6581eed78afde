import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        r = torch.fft.ihfftn(x, norm='forward')
        return (r.real, r.imag)
