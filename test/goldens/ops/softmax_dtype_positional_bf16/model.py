import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.softmax(x, -1, torch.float32), x.log_softmax(1, torch.float32))
