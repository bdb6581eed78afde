import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_g_: torch.Tensor):
        x = L_x_
        g = L_g_
        return (torch.nn.functional.grid_sample(x, g, 'bicubic', 'reflection', False),)
