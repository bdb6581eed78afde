import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        a = torch.fft.rfft(x, n=16)
        b = torch.fft.rfft(x.flip(1), n=16)
        return (torch._C._fft.fft_irfft(a * b, n=16),)
