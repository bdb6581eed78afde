import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_v_: torch.Tensor):
        x = L_x_
        v = L_v_
        return (torch.cov(x), torch.cov(x, correction=0), torch.corrcoef(x), torch.cov(v))
