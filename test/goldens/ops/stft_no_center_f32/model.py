import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor, L_w_: torch.Tensor):
        s = L_s_
        w = L_w_
        r = torch.stft(s[0], 20, 6, center=False, window=torch.hamming_window(20), return_complex=True)
        return (r.real, r.imag)
