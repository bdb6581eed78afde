import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_y_: torch.Tensor, L_w_: torch.Tensor, L_pw_: torch.Tensor):
        x = L_x_
        y = L_y_
        w = L_w_
        pw = L_pw_
        return (torch.nn.functional.binary_cross_entropy_with_logits(x, y), torch.nn.functional.binary_cross_entropy_with_logits(x, y, w, pos_weight=pw, reduction='none'))
