import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor):
        x = L_x_
        a, b = torch.unsafe_chunk(x, 2, 1)
        c, d = torch.unsafe_split(x, 3, 1)
        e, f = torch.split_with_sizes_copy(x, [1, 3], 0)
        return (a, b, c, d, e, f, torch.unfold_copy(x, 1, 2, 2), torch.as_strided_copy(x, (2, 2), (1, 2)), torch.fill(x, 1.5), torch.constant_pad_nd(x, [1, 2], 0.5))
