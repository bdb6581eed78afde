import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_t_: torch.Tensor, L_w_: torch.Tensor):
        x = L_x_
        t = L_t_
        w = L_w_
        return (torch.nn.functional.multi_margin_loss(x, t), torch.nn.functional.multi_margin_loss(x, t, p=2, margin=0.5, weight=w, reduction='none'), torch.nn.functional.multi_margin_loss(x[0], t[0], reduction='sum'))
