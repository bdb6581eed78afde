import operator
import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_h_: torch.Tensor):
        x = L_x_
        h = L_h_
        return (x * 2 if isinstance(x, torch.Tensor) else x, x if isinstance(x, (int, float)) else -x, sum([x, x, x]), sum((x, x), x), operator.add(x, operator.mul(x, 2)), x.reshape(operator.floordiv(x.size(1), 2), -1), torch.std(h, 1), torch.std_mean(h, 0)[0], h.std(dim=-1, unbiased=False))
