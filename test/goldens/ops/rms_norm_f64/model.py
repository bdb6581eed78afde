import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_w_: torch.Tensor):
        x = L_x_
        w = L_w_
        return (torch.nn.functional.rms_norm(x, (8,), w, 1e-06),)
