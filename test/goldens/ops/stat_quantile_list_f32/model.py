import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.quantile(x, torch.tensor([0.1, 0.5, 0.95]), dim=0, keepdim=True),)
