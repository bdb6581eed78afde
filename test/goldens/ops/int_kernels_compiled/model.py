import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_e_: torch.Tensor, L_u_: torch.Tensor, L_b_: torch.Tensor, L_i_: torch.Tensor):
        x = L_x_
        e = L_e_
        u = L_u_
        b = L_b_
        i = L_i_
        return (torch.pow(x, e), 3 ** e, x ** 3, u.amax(1), torch.amin(u, 0), u.argmax(1), b.amax(0), torch.nn.functional.pad(u, (1, 2), value=7), u.scatter(1, i, u[:, :2]), torch.scatter_add(b, 1, i, b[:, :2]), torch.einsum('ij,kj->ik', x, e), torch.clamp(u, -1, 150), torch.arange(5, dtype=torch.uint8) + u[0, 0])
