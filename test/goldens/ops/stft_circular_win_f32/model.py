import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor, L_w_: torch.Tensor):
        s = L_s_
        w = L_w_
        r = s.stft(16, 4, 12, pad_mode='circular', return_complex=True)
        return (r.abs(),)
