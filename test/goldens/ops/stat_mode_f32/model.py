import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_i_: torch.Tensor):
        x = L_x_
        i = L_i_
        v, k = torch.mode(x, 1)
        w, j = x.mode(0, keepdim=True)
        u, m = torch.mode(i)
        return (v, k, w, j, u, m)
