import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_a_: torch.Tensor, L_b_: torch.Tensor):
        a = L_a_
        b = L_b_
        z = torch.complex(a, b)
        w = z.reshape(2, 6).transpose(0, 1)
        u, v = z.chunk(2, dim=1)
        return (torch.view_as_real(w), z.abs(), torch.angle(z), torch.view_as_real(torch.cat([u, v], 0)), torch.angle(a), torch.view_as_real(z[1:, ::2]), torch.view_as_real(z.unsqueeze(0).expand(2, 3, 4)))
