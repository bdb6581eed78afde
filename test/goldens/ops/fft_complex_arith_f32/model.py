import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        a = torch.fft.fft(x)
        b = torch.fft.fft(x.flip(1))
        r = (a * b + a - 2.0 * b) / (b + 3.0) - x
        return (r.real, r.imag)
