import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_p_: torch.Tensor):
        x = L_x_
        p = L_p_
        return (torch.special.ndtr(x), torch.special.log_ndtr(x), torch.special.log_ndtr(x * 8 - 40), torch.special.ndtri(p), torch.special.ndtr(x.double()))
