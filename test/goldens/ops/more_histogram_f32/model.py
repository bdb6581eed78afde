import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_w_: torch.Tensor, L_e_: torch.Tensor, L_g_: torch.Tensor):
        x = L_x_
        w = L_w_
        e = L_e_
        g = L_g_
        h, b = torch.histogram(x, 6)
        r = torch.histogram(x, bins=5, range=(-1.0, 1.5), weight=w)
        d = x.histogram(4, density=True)
        return (h, b, r.hist, r.bin_edges, torch.histogram(x, e)[0], d[0], d[1], torch.histogram(g, 4, range=(-1.0, 1.0)).hist, torch.histogram(g[6:], 3).bin_edges, torch.histogram(x, e, weight=w, density=True).hist)
