import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        m = torch.full((4, 4), float('-inf'))
        m = torch.triu(m, diagonal=1)
        return (torch.softmax(x + m, dim=-1),)
