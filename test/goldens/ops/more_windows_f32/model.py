import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.hann_window(8), torch.hann_window(7, periodic=False), torch.hamming_window(6), torch.hamming_window(5, False, alpha=0.5, beta=0.5), torch.blackman_window(9), torch.bartlett_window(6), torch.bartlett_window(5, False), torch.kaiser_window(8), torch.kaiser_window(7, False, 5.0), torch.hann_window(1))
