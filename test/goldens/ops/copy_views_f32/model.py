import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        a = torch.permute_copy(x, (2, 0, 1))
        b = torch.transpose_copy(x, 0, 2)
        c = torch.view_copy(x, [6, 4])
        d = torch.expand_copy(x[:, :1], [2, 3, 4])
        e = torch.narrow_copy(x, 2, 1, 2)
        f = torch.select_copy(x, 1, 2)
        g = torch.unsqueeze_copy(x, 0)
        h = torch.squeeze_copy(g, 0)
        k = torch.t_copy(x[0])
        l = torch.diagonal_copy(x, 0, 1, 2)
        return (a, b, c, d, e, f, h, k, l)
