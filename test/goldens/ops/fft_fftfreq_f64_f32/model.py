import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.fft.fftfreq(9, 0.1, dtype=torch.float64),)
