import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_w_: torch.Tensor, L_b_: torch.Tensor):
        x = L_x_
        w = L_w_
        b = L_b_
        return (torch.conv_tbc(x, w, b, 1), torch.conv_tbc(x, w, b), torch.conv_tbc(x, w, b, pad=2))
