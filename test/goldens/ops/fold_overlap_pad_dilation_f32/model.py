import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.nn.functional.fold(x, output_size=(5, 5), kernel_size=3, dilation=1, padding=1, stride=2),)
