import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_t_: torch.Tensor):
        x = L_x_
        t = L_t_
        return (torch.nn.functional.hinge_embedding_loss(x, t), torch.nn.functional.hinge_embedding_loss(x, t, margin=0.3, reduction='none'))
