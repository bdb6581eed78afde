import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_b_: torch.Tensor, L_c_: torch.Tensor, L_d_: torch.Tensor):
        a = L_a_
        b = L_b_
        c = L_c_
        d = L_d_
        return (torch.linalg.multi_dot([a, b, c, d]), torch.linalg.multi_dot((b, c)), torch.linalg.multi_dot([a, b, c]), torch.chain_matmul(b, c))
