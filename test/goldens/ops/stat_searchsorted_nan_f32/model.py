import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_s_: torch.Tensor, L_v_: torch.Tensor):
        s = L_s_
        v = L_v_
        return (torch.searchsorted(s, v), torch.searchsorted(s, v, right=True), torch.bucketize(v, s), torch.bucketize(v, s, right=True))
