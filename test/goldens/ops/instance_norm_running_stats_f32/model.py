import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_rm_: torch.Tensor, L_rv_: torch.Tensor, L_w_: torch.Tensor, L_b_: torch.Tensor):
        x = L_x_
        rm = L_rm_
        rv = L_rv_
        w = L_w_
        b = L_b_
        return (torch.instance_norm(x, rm, rv, w, b, False, 0.1, 1e-05, False), torch.nn.functional.instance_norm(x, rm, rv, w, b, use_input_stats=True))
