import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_w_: torch.Tensor, L_b_: torch.Tensor):
        x = L_x_
        w = L_w_
        b = L_b_
        h = torch.matmul(x, w.t()) + b
        h = h.reshape(5, 4, 4).transpose(0, 1)
        return (torch.matmul(h, h.transpose(1, 2)),)
