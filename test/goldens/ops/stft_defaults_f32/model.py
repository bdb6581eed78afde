import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor, L_w_: torch.Tensor):
        s = L_s_
        w = L_w_
        r = torch.stft(s, 16, return_complex=True)
        return (torch.view_as_real(r),)
