import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_ : torch.Tensor):
        l_s_ = L_s_
        w = torch.hann_window(16)
        r = torch.functional.stft(l_s_, 16, 4, window = w, center = False, return_complex = True)
        y = torch.istft(r, 16, 4, window = w, center = False)
        return (y,)
