import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.frobenius_norm(x, [1, 2]), torch.frobenius_norm(x, [0], True), torch.renorm(x, 2, 0, 1.5), x.renorm(1, 2, 2.0), torch.pdist(x[0]), torch.pdist(x[1], p=1), torch.pdist(x[2], 0.5))
