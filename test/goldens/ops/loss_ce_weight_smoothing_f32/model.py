import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_t_: torch.Tensor, L_w_: torch.Tensor):
        x = L_x_
        t = L_t_
        w = L_w_
        return (torch.nn.functional.cross_entropy(x, t, w, label_smoothing=0.1), torch.nn.functional.cross_entropy(x, t, label_smoothing=0.2, reduction='sum'), torch.nn.functional.cross_entropy(x, t, w, label_smoothing=0.3, reduction='none'))
