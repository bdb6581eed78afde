import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_v_: torch.Tensor, L_s_: torch.Tensor):
        v = L_v_
        s = L_s_
        return (torch.bucketize(v, s),)
