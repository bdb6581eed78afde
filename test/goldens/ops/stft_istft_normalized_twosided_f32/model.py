import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor, L_w_: torch.Tensor):
        s = L_s_
        w = L_w_
        w = torch.hann_window(12)
        r = torch.stft(s, 12, 3, window=w, normalized=True, onesided=False, return_complex=True)
        return (torch.istft(r, 12, 3, window=w, normalized=True, onesided=False, length=70),)
