import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor, L_w_: torch.Tensor):
        s = L_s_
        w = L_w_
        w = torch.hann_window(16)
        r = torch.stft(s[1], 16, 4, window=w, return_complex=True)
        return (torch.istft(r * 2.0, 16, 4, window=w),)
