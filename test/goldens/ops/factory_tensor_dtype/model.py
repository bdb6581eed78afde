import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.tensor([0.1, 0.2], dtype=torch.float16),)
