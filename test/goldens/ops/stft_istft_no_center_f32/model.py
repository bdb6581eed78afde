import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor, L_w_: torch.Tensor):
        s = L_s_
        w = L_w_
        w = torch.hamming_window(16)
        r = torch.stft(s, 16, 4, window=w, center=False, return_complex=True)
        return (r.istft(16, 4, window=w, center=False),)
