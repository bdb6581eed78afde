import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.fft.hfftn(torch.fft.fftn(x), dim=(0, 1), norm='forward'),)
