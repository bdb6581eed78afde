import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor, L_w_: torch.Tensor):
        s = L_s_
        w = L_w_
        r = torch.functional.stft(s, 16, hop_length=4, window=torch.hann_window(16), return_complex=True)
        return (r.real, r.imag, r.abs())
