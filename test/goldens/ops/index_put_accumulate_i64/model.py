import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_k_: torch.Tensor, L_v_: torch.Tensor):
        x = L_x_
        k = L_k_
        v = L_v_
        return (x.index_put((k,), v, accumulate=True),)
