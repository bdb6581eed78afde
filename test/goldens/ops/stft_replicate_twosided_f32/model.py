import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor, L_w_: torch.Tensor):
        s = L_s_
        w = L_w_
        return (torch.stft(s, 8, 3, pad_mode='replicate', onesided=False, return_complex=False),)
