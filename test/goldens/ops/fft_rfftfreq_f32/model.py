import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.fft.rfftfreq(8) + x[0, :5], torch.fft.rfftfreq(7, d=0.3))
