import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_y_: torch.Tensor, L_v_: torch.Tensor):
        x = L_x_
        y = L_y_
        v = L_v_
        return (torch.nn.functional.gaussian_nll_loss(x, y, v), torch.nn.functional.gaussian_nll_loss(x, y, v.unsqueeze(-1), full=True, reduction='none'))
