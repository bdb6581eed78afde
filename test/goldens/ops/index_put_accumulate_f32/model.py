import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_v_: torch.Tensor, L_i_: torch.Tensor, L_j_: torch.Tensor, L_w_: torch.Tensor):
        x = L_x_
        v = L_v_
        i = L_i_
        j = L_j_
        w = L_w_
        a = torch.index_put(x, (i, j), v, accumulate=True)
        b = x.clone()
        b.index_put_((i,), w, accumulate=True)
        c = torch.index_put(x, (i, j), v)
        return (a, b, c)
