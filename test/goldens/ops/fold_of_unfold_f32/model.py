import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.nn.functional.fold(torch.nn.functional.unfold(x, 3, padding=1), (6, 6), 3, padding=1),)
