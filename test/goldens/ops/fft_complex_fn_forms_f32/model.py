import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        a = torch.fft.fft(x)
        b = torch.fft.fft(x.flip(1))
        r = torch.add(torch.mul(a, b), a, alpha=2).sub(b)
        r = torch.div(r, b.add(3.0)).mul(0.5)
        r = torch.rsub(r, 1.0) + torch.true_divide(a, x + 4.0)
        return (r.real, r.imag)
