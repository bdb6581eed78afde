import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_t_: torch.Tensor, L_w_: torch.Tensor):
        x = L_x_
        t = L_t_
        w = L_w_
        return (torch.nn.functional.nll_loss(x, t), torch.nn.functional.nll_loss(x, t, w), torch.nn.functional.nll_loss(x, t, reduction='none'), torch.nn.functional.nll_loss(x, t, w, ignore_index=5, reduction='sum'))
