import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_x_: torch.Tensor, L_ae_: torch.Tensor, L_xe_: torch.Tensor):
        a = L_a_
        x = L_x_
        ae = L_ae_
        xe = L_xe_
        y = a * 1.0
        y.igamma_(x)
        return (torch.special.gammainc(a, x), torch.special.gammaincc(a, x), torch.igamma(ae, xe), torch.igammac(ae.double(), xe.double()), x.igammac(a), y)
