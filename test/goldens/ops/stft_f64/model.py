import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor):
        s = L_s_
        r = torch.stft(s, 10, 2, window=torch.hann_window(10, dtype=torch.float64), return_complex=True)
        return (r.real, r.imag)
