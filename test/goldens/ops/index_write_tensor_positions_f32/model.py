import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_v_: torch.Tensor, L_i_: torch.Tensor, L_j_: torch.Tensor):
        x = L_x_
        v = L_v_
        i = L_i_
        j = L_j_
        a = x.clone()
        a[i, j] = v
        b = x.clone()
        b[:, j] = 7.0
        c = x.clone()
        c[i, 1:3] = 2.5
        d = x.clone()
        d[j[:2]] = v[:2].unsqueeze(1)
        return (a, b, c, d)
