import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_rm_: torch.Tensor, L_rv_: torch.Tensor):
        x = L_x_
        rm = L_rm_
        rv = L_rv_
        return (torch.nn.functional.batch_norm(x, rm, rv, None, None, False, 0.1, 0.001),)
