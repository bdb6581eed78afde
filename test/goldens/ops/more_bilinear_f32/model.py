import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_b_: torch.Tensor, L_w_: torch.Tensor, L_c_: torch.Tensor):
        a = L_a_
        b = L_b_
        w = L_w_
        c = L_c_
        return (torch.nn.functional.bilinear(a, b, w, c), torch.nn.functional.bilinear(a[0], b[0], w))
