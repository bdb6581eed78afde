import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        v, i = torch.nn.functional.max_pool1d(x, 3, 2, 1, return_indices=True)
        return (torch.nn.functional.max_unpool1d(v, i, 3, 2, 1),)
