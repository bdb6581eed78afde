import torch


class GraphModule(torch.nn.Module):
    def forward(self, L_x_: torch.Tensor, L_y_: torch.Tensor):
        x = L_x_
        y = L_y_
        return (torch.addcdiv(x, x, y, value=0.3), torch.addcmul(x, x, y, value=0.7), torch.floor_divide(x, 0.3), torch.floor_divide(x, y), torch.div(x, 0.3, rounding_mode='floor'))
