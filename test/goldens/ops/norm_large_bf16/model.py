import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        return (torch.linalg.vector_norm(x, dim=1), torch.norm(x, p=1, dim=0))
