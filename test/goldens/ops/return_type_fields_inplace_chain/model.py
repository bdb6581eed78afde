import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        a = x.clone()
        a.add_(1.0).mul_(2)
        b = x.clone().sub_(1.0).div_(4)
        return (x.max(dim=1).values, x.max(-1).indices, x.min(0).values, x.topk(2, dim=-1, largest=False).values, torch.sort(x, 1, descending=True).indices, torch.aminmax(x, dim=0).max, torch.kthvalue(x, 2, 1).values, x.reshape(list(x.shape)[::-1]), x.sum(tuple(range(3))[::-2]), x.permute(tuple(range(3))[-1::-1]), a, b)
