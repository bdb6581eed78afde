import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_c_: torch.Tensor, L_s_: torch.Tensor):
        x = L_x_
        c = L_c_
        s = L_s_
        x1 = x[..., :4]
        x2 = x[..., 4:]
        rot = torch.cat((-x2, x1), dim=-1)
        return (x * c + rot * s,)
