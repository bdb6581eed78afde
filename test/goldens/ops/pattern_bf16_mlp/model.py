import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_w1_: torch.Tensor, L_w2_: torch.Tensor):
        x = L_x_
        w1 = L_w1_
        w2 = L_w2_
        h = torch.nn.functional.silu(torch.nn.functional.linear(x, w1))
        return (torch.nn.functional.linear(h, w2) + x,)
