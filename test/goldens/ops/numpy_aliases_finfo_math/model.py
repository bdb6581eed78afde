import math
import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_m_: torch.Tensor):
        x = L_x_
        m = L_m_
        s = torch.sum(x, axis=1, keepdims=True)
        return (s, x.mean(axis=-1), torch.amax(x, axis=(0, 2)), x.masked_fill(m > 0, torch.finfo(x.dtype).min), torch.full((2, 3), torch.finfo(torch.float16).max) + x[0, :2, :3], x.clamp(max=float(torch.iinfo(torch.int16).max) / 30000.0), x / math.sqrt(x.size(-1)), x * math.floor(2.7) + math.log(10000.0) / math.pi, x * torch.finfo(torch.bfloat16).eps + torch.finfo(torch.float32).tiny)
