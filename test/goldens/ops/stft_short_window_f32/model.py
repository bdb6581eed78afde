import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor, L_w_: torch.Tensor):
        s = L_s_
        w = L_w_
        r = torch.stft(s, 16, hop_length=5, win_length=12, window=w, center=True, pad_mode='constant', normalized=True, return_complex=True)
        return (r.real, r.imag)
