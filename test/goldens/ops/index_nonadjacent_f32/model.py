import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_i_: torch.Tensor, L_k_: torch.Tensor):
        x = L_x_
        i = L_i_
        k = L_k_
        a = x[i, :, k]
        b = x[:, i, :, k]
        c = x[0, :, k]
        d = x.clone()
        d[:, i, :, k] = 1.5
        return (a, b, c, d)
